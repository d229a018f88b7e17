"""Reviews of finished deals on the site: computed in the AI workers, kept with the deal, replayed.

A review (``cardavia.review``: the hard tier's judgement of every decision of the human's seat) is
cut into parts by action index, and the parts are judged in the AI worker processes
(``AiRunner.review_slice``), never on the event loop; the page polls the progress (parts done).
The finished document is stored with the table (``Store.save_review``), so a second visit reads
it and judges nothing. A deal still being played is never reviewed: its review and replay would
show the cards that are still hidden.

The replay (``replay_steps``) is rebuilt from the record on every visit (a replay, not a search):
one step per action the seat saw something of (or took itself), and one just before each of the
seat's own actions, with the referee's view (every hand) and the seat's own view then, and the
events the seat saw. The decision at action ``i`` is shown at the step of index ``i - 1``.

An uploaded record (any seat) is judged the same way and answered at once; nothing is stored.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec
from cardavia.review.core import check, document
from cardavia.web.live.computers import AiRunner
from cardavia.web.live.frames import event_json
from cardavia.web.storage.store import Store
from cardavia.web.wire import ReplayStep, ReviewDoc, ReviewPage, WireEvent

log = logging.getLogger("cardavia.web.storage.reviews")
Stored = Callable[[str, int, dict[str, Any], ReviewDoc], Awaitable[object]]

PART_ACTIONS = 4
"""The seat's actions per part of a review (a part is one worker call and one step of progress)."""


def parts_of(record: Mapping[str, Any], seat: int) -> list[tuple[int, int]]:
    """The action index ranges [start, stop) of a review's parts: ``PART_ACTIONS`` of the seat's
    actions each, covering every action."""
    seats = get_spec(record["game"]).seats
    lines: list[str] = record["actions"]
    mine = [i for i, line in enumerate(lines) if split_line(line, seats)[0] == seat]
    cuts = [mine[k] for k in range(PART_ACTIONS, len(mine), PART_ACTIONS)]
    bounds = [0, *cuts, len(lines)]
    return [(a, b) for a, b in itertools.pairwise(bounds) if b > a] or [(0, len(lines))]


def replay_steps(record: Mapping[str, Any], seat: int) -> list[ReplayStep]:
    """The steps of a finished deal's replay for ``seat`` (see the module text). Each step:
    ``index`` (the last action in it, -1 for the deal itself), ``full`` (the referee's view),
    ``mine`` (the seat's view then), ``events`` (what the seat saw in it, as JSON)."""
    spec = get_spec(record["game"])
    game = spec.from_position({**record, "actions": []})
    events = [event_json(e) for e in game.opening_events() if e.visible_to(seat)]
    start: ReplayStep = {"index": -1, "full": game.view(None), "mine": game.view(seat), "events": events}
    steps = [start]
    pending: list[WireEvent] = []
    dirty = False  # actions applied since the last step

    def flush(index: int) -> None:
        nonlocal pending, dirty
        steps.append({"index": index, "full": game.view(None), "mine": game.view(seat), "events": pending})
        pending, dirty = [], False

    for i, line in enumerate(record["actions"]):
        s, action = split_line(line, spec.seats)
        if s == seat and dirty:
            flush(i - 1)  # the table just as the seat decides: a step of its own
        pending += [event_json(e) for e in game.apply(s, action) if e.visible_to(seat)]
        dirty = True
        if pending or s == seat or i == len(record["actions"]) - 1:
            flush(i)
    return steps


def page_data(record: Mapping[str, Any], seat: int, review: ReviewDoc) -> ReviewPage:
    """What the review page draws: the review, the replay steps and the record's actions."""
    return {
        "game": record["game"],
        "seat": seat,
        "review": review,
        "steps": replay_steps(record, seat),
        "actions": list(record["actions"]),
    }


@dataclass
class Job:
    """A review being computed: parts done of all, then the document (or the error)."""

    total: int
    done: int = 0
    doc: ReviewDoc | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Reviews:
    """The reviews of one server: stored ones read back, missing ones computed once in the workers."""

    def __init__(self, store: Store, ai: AiRunner) -> None:
        self._store = store
        self._ai = ai
        self._jobs: dict[tuple[str, int], Job] = {}
        self.on_stored: Stored | None = None
        """Called with each review once it is stored (the puzzle book queues its mistakes)."""

    async def stored(self, table_id: str, seat: int) -> ReviewDoc | None:
        """The stored review of a table, or None."""
        return cast(ReviewDoc | None, await self._store.load_review(table_id, seat))

    def job(self, table_id: str, seat: int) -> Job | None:
        """The review of a table being computed (or just finished) in this server, if any."""
        return self._jobs.get((table_id, seat))

    def forget(self, table_id: str, seat: int) -> None:
        """Drop a failed job (a later visit starts again)."""
        self._jobs.pop((table_id, seat), None)

    def start(self, table_id: str, record: dict[str, Any], seat: int) -> Job:
        """Start judging a finished deal's review (once per table; a later call gets the same job).

        ``CardaviaError`` when the record is not a finished deal the review can judge."""
        key = (table_id, seat)
        job = self._jobs.get(key)
        if job is not None and job.error is None:
            return job  # under way (a failed one is started again)
        check(record, seat)
        parts = parts_of(record, seat)
        job = Job(total=len(parts))
        job.task = asyncio.create_task(
            self._run(job, table_id, record, seat, parts), name=f"review-{table_id}"
        )
        self._jobs[key] = job
        return job

    async def _run(
        self, job: Job, table_id: str, record: dict[str, Any], seat: int, parts: list[tuple[int, int]]
    ) -> None:
        try:
            doc = await self.compute(record, seat, parts, job)
            await self._store.save_review(table_id, seat, doc)
            if self.on_stored is not None:
                await self.on_stored(table_id, seat, record, doc)
            job.doc = doc
        except Exception as exc:  # the page says so; a new visit tries again
            log.exception("review of table %s failed", table_id)
            job.error = str(exc) or type(exc).__name__
        finally:
            if job.doc is not None:
                self._jobs.pop((table_id, seat), None)  # stored now: later visits read it

    async def compute(
        self,
        record: dict[str, Any],
        seat: int,
        parts: list[tuple[int, int]] | None = None,
        job: Job | None = None,
    ) -> ReviewDoc:
        """The review document, its parts judged in the workers side by side (``job`` counts them)."""
        parts = parts_of(record, seat) if parts is None else parts

        async def one(start: int, stop: int) -> list[dict[str, Any]]:
            entries = await self._ai.review_slice(record, seat, start, stop)
            if job is not None:
                job.done += 1
            return entries

        results = await asyncio.gather(*(one(a, b) for a, b in parts))
        return cast(ReviewDoc, document(record["game"], seat, [d for part in results for d in part]))

    async def close(self) -> None:
        """Stop the reviews under way (they are not stored; a later visit starts again)."""
        tasks = [j.task for j in self._jobs.values() if j.task is not None and not j.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
