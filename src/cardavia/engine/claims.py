"""Claim windows: one hidden answer from every asked seat, then resolution by a priority table.

A window is opened with the options of each asked seat (every seat offered something other than
``pass``). Answers are stored, not acted on, until every asked seat has answered; then the game's
priority key picks the winning answer. The order in which answers arrive never matters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from cardavia.engine.errors import IllegalAction

PASS = "pass"


@dataclass(slots=True)
class ClaimWindow:
    """One claim window.

    ``options`` maps each asked seat to its sorted legal actions (``pass`` among them), the seats
    in ascending order (``pending`` keeps that order; the conformance suite checks it);
    ``answers`` fills in as the seats answer.
    """

    window: int
    options: dict[int, tuple[str, ...]]
    answers: dict[int, str] = field(default_factory=dict)

    def pending(self) -> tuple[int, ...]:
        """The asked seats that have not answered yet, ascending."""
        answers = self.answers
        if not answers:  # the common case: a window just opened
            return tuple(self.options)
        return tuple(s for s in self.options if s not in answers)

    def legal(self, seat: int) -> tuple[str, ...]:
        """The actions ``seat`` may still give: empty once answered or when not asked."""
        if seat in self.answers:
            return ()
        return self.options.get(seat, ())

    def answer(self, seat: int, action: str) -> None:
        """Record ``seat``'s hidden answer; raise ``IllegalAction`` and change nothing if not allowed."""
        if seat not in self.options:
            raise IllegalAction(f"seat {seat} is not asked in this window")
        if seat in self.answers:
            raise IllegalAction(f"seat {seat} has already answered in this window")
        if action not in self.options[seat]:
            raise IllegalAction(
                f"{action!r} is not among seat {seat}'s options: {', '.join(self.options[seat])}"
            )
        self.answers[seat] = action

    @property
    def complete(self) -> bool:
        """True when every asked seat has answered."""
        return len(self.answers) == len(self.options)

    def copy(self) -> ClaimWindow:
        """Return an independent copy."""
        return ClaimWindow(self.window, dict(self.options), dict(self.answers))


def resolve(
    answers: Mapping[int, str],
    priority: Callable[[int, str], tuple[int, ...] | None],
) -> tuple[int, str] | None:
    """Return the winning ``(seat, action)``, or ``None`` when nothing beats passing.

    ``priority(seat, action)`` gives a sort key (lower wins) or ``None`` for an answer that claims
    nothing. Keys must differ between answers that claim; a tie is a bug in the game's table.
    """
    best: tuple[tuple[int, ...], int, str] | None = None
    for seat, action in answers.items():
        key = priority(seat, action)
        if key is None:
            continue
        if best is not None and key == best[0]:
            raise AssertionError(f"priority tie between seats {best[1]} and {seat}: {key}")
        if best is None or key < best[0]:
            best = (key, seat, action)
    return None if best is None else (best[1], best[2])
