"""The entry point of a review in the site's process pool: a plain, picklable function."""

from __future__ import annotations

from typing import Any

from cardavia.review.core import Progress, review


def review_record(record: dict[str, Any], seat: int, progress: Progress | None = None) -> dict[str, Any]:
    """The review of a finished ``record`` from ``seat``'s side, as JSON-ready data (section 7).

    Deterministic (the same record and seat give the same document, in any process). Raises
    ``CardaviaError`` for a record that does not replay, an unfinished deal or a bad seat.
    ``progress(done, total)`` is called as the seat's actions are judged (it runs in the worker:
    pass something that reports across processes, such as a queue's ``put`` wrapped in a function).
    """
    return review(record, seat, progress)
