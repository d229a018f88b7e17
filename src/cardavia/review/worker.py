"""The entry point of a review in the site's process pool: a plain, picklable function."""

from __future__ import annotations

from typing import Any

from cardavia.engine import record as records
from cardavia.engine.notation import split_line
from cardavia.review.calibration import load, points
from cardavia.review.core import Progress, _canonical, assess, evaluate, fed_win, judges, review


def review_record(record: dict[str, Any], seat: int, progress: Progress | None = None) -> dict[str, Any]:
    """The review of a finished ``record`` from ``seat``'s side, as JSON-ready data (section 7).

    Deterministic (the same record and seat give the same document, in any process). Raises
    ``CardaviaError`` for a record that does not replay, an unfinished deal or a bad seat.
    ``progress(done, total)`` is called as the seat's actions are judged (it runs in the worker:
    pass something that reports across processes, such as a queue's ``put`` wrapped in a function).
    """
    return review(record, seat, progress)


def review_slice(record: dict[str, Any], seat: int, start: int, stop: int) -> list[dict[str, Any]]:
    """The entries (as in ``review``'s ``decisions``) of ``seat``'s decisions at action indices
    ``start`` <= index < ``stop``: a part of a review that a worker computes alone. The parts of
    every range, in order, are the review's decisions (``core.document`` makes the document).

    ``record`` must have passed ``check`` (the caller's, once for all the parts): a part replays
    only the actions before ``stop``, not the whole deal again."""
    game = records.start(record)
    name, seats = game.spec.name, game.spec.seats
    judge, cal, worth = judges()[name], load(name), points(name)
    out = []
    for i, line in enumerate(record["actions"][:stop]):
        s, action = split_line(line, seats)
        if i >= start and s == seat and len(game.legal_actions(seat)) >= 2:
            chosen = _canonical(game, seat, action, i, line)
            fed = fed_win(record, i, seats)
            out.append({"index": i, **assess(judge, evaluate(game, seat), cal, chosen, worth, fed)})
        game.apply(s, action)
    return out

