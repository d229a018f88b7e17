"""Computer seats: choosing their actions off the event loop.

``process`` runs agents in a process pool (search never holds the server's GIL): the worker gets
the game record, replays it and asks the agent. A worker that dies is replaced (``RenewingPool``);
when the pool keeps breaking, the move is chosen in a thread of the server instead. ``thread``
passes a copy of the live game, ``inline`` the game itself (a table never changes its game in
place: it moves on to a new one). Every choice is seeded by the deal, the seat and the window, so a
resumed table chooses exactly as it would have. An agent that fails or answers something illegal is
replaced by a random legal choice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import Any, TypeVar, cast

from cardavia.ai import Agent, make_agent, observe
from cardavia.ai.hints import hint
from cardavia.engine import record as records
from cardavia.engine.game import Game, seat_result
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.review.worker import review_slice
from cardavia.web.live.worker_pool import RenewingPool
from cardavia.web.wire import HintAnswer

T = TypeVar("T")

log = logging.getLogger("cardavia.web.ai")

# Thinking budget per move by tier (seconds); the agent gets it as a deadline.
BUDGET: dict[str, float] = {"random": 0.05, "greedy": 0.1, "easy": 0.2, "normal": 0.4, "hard": 0.8}


@cache
def _agent(game_name: str, tier: str) -> Agent:
    return make_agent(game_name, tier)


def choose_on(game: Game, seat: int, tier: str, seed: int) -> str:
    """The action ``seat`` plays in ``game`` (which nothing changes while the agent chooses: its
    observation reads it), chosen by ``tier``."""
    legal = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")
    rng = Rng(seed)
    try:
        deadline = time.monotonic() + BUDGET.get(tier, 0.5)
        action = _agent(game.spec.name, tier).act(observe(game, seat, owned=True), rng, deadline)
        if action in legal:
            return str(action)
        log.warning("agent %s/%s answered %r, not legal; playing at random", game.spec.name, tier, action)
    except Exception:
        log.exception("agent %s/%s failed; playing at random", game.spec.name, tier)
    return legal[rng.below(len(legal))]


def choose_from_record(record: dict[str, Any], seat: int, tier: str, seed: int) -> str:
    """``choose_on`` for a process worker: rebuild the game from its record first."""
    return choose_on(records.replay(record), seat, tier, seed)


def hint_from_record(record: dict[str, Any], seat: int) -> HintAnswer:
    """The hard tier's hint for ``seat`` where ``record`` stands (``Hint.to_json``), for a worker."""
    return cast(HintAnswer, hint(records.replay(record), seat).to_json())


def warm_up() -> None:
    """Import the agents and both engines in a worker, so the first real move does not wait for it."""
    for name in game_names():
        get_spec(name)
        _agent(name, "easy")


def par_run(record: dict[str, Any], seat: int, tier: str, computers: str, root: int, run: int) -> float:
    """What one ``par_play`` gave ``seat`` (``seat_result``)."""
    outcome = par_play(record, seat, tier, computers, root, run).outcome()
    assert outcome is not None
    return seat_result(outcome, seat)


def par_record(
    record: dict[str, Any], seat: int, tier: str, computers: str, root: int, run: int
) -> dict[str, Any]:
    """The record of one ``par_play`` (for a worker)."""
    return par_play(record, seat, tier, computers, root, run).record()


def par_play(record: dict[str, Any], seat: int, tier: str, computers: str, root: int, run: int) -> Game:
    """One play of a deal's cards (``record``'s starting position) to its end with ``tier`` in
    ``seat`` and the table's computers (``computers``, seeded from the deal's ``root`` as at the
    table: ``ComputerSeats``) in the others. ``run`` seeds ``tier``'s own randomness. Nobody reads
    the play's events, so none are made; each agent reads the game itself (nothing changes it while
    the agent chooses)."""
    game = get_spec(record["game"]).from_position({**record, "actions": []}, events=False)
    mine = Rng(0x9A2 + run)
    while (decision := game.decision()) is not None:
        for asked in decision.seats:
            if not game.legal_actions(asked) or game.decision() != decision:
                continue
            if asked == seat:
                action = choose_on(game, asked, tier, mine.fork(asked, decision.window).next64())
            else:
                seed = Rng(root).fork(asked, decision.window).next64()
                action = choose_on(game, asked, computers, seed)
            game.apply(asked, action)
    return game


class AiRunner:
    """Runs agents on the configured executor; a worker process that dies never costs a move.

    ``background`` calls (pars) run one at a time and only while no other call is waiting or
    running, so they take at most one worker and never hold up a table's computers.
    """

    def __init__(self, kind: str, workers: int) -> None:
        self.kind = kind
        self._busy = 0  # foreground calls waiting or running
        self._idle = asyncio.Event()
        self._idle.set()
        self._background = asyncio.Lock()
        self._pool: RenewingPool | None = None
        self._threads: ThreadPoolExecutor | None = None
        if kind == "process":
            self._pool = RenewingPool(workers, warm_up)
        elif kind == "thread":
            self._threads = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="cardavia-ai")
        elif kind != "inline":
            raise ValueError(f"unknown AI executor {kind!r}; use process, thread or inline")

    def warm(self, workers: int) -> None:
        """Start every worker process now, in the background (their imports take a moment).

        ``workers`` is ignored: the pool starts as many as the runner was made with.
        """
        if self._pool is not None:
            self._pool.start()

    async def choose(self, game: Game, seat: int, tier: str, seed: int) -> str:
        """Choose ``seat``'s action without blocking the event loop (except ``inline``).

        ``game`` must be one nobody changes any more; a thread gets a copy of its own (reading a
        game fills its caches, and the loop may read the same game meanwhile).
        """
        if self._pool is not None:
            return await self._call(choose_from_record, game.record(), seat, tier, seed)
        if self._threads is not None:
            game = game.clone()
        return await self._call(choose_on, game, seat, tier, seed)

    async def par_record(
        self, record: dict[str, Any], seat: int, tier: str, computers: str, root: int
    ) -> dict[str, Any]:
        """The record of ``tier``'s play of a deal from ``seat`` (``par_play``, run 0), off the loop."""
        return await self._call(par_record, record, seat, tier, computers, root, 0)

    async def hint(self, game: Game, seat: int) -> HintAnswer:
        """The hint for ``seat`` in ``game`` (a copy), off the event loop like a move."""
        return await self._call(hint_from_record, game.record(), seat)

    async def review_slice(
        self, record: dict[str, Any], seat: int, start: int, stop: int
    ) -> list[dict[str, Any]]:
        """The review entries of ``seat``'s decisions at action indices ``start``-``stop`` (see
        ``cardavia.review.worker.review_slice``), off the event loop like a move."""
        return await self._call(review_slice, record, seat, start, stop)

    async def background(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` as ``_call`` does, at low priority: after every foreground call."""
        async with self._background:
            while self._busy:
                await self._idle.wait()
            return await self._run(fn, *args)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker (or a thread, or here for ``inline``); args must pickle."""
        self._busy += 1
        self._idle.clear()
        try:
            return await self._run(fn, *args)
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self._pool is not None:
            try:
                return await self._pool.run(fn, *args)
            except BrokenProcessPool:
                log.error("worker pool broken on every try; running %s in a thread", fn.__name__)
                return await asyncio.to_thread(fn, *args)
        if self._threads is not None:
            return await asyncio.get_running_loop().run_in_executor(self._threads, fn, *args)
        return fn(*args)

    def close(self) -> None:
        """Stop the workers."""
        if self._pool is not None:
            self._pool.close()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
