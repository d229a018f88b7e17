"""What a table allows beyond the rules, and what its messages add: free play, or a lesson
(``lessons.Lesson``), which admits only its recorded move, explains refusals with tips, holds the
table on a tip until it is read, has no countdown and marks each ``state`` with its tip."""

from __future__ import annotations

from typing import Protocol

from cardavia.engine.game import Decision, Game
from cardavia.engine.reasons import Reason
from cardavia.web import wire
from cardavia.web.live.frames import Frame


class TablePolicy(Protocol):
    """A table's policy (``FREE_PLAY`` or a lesson)."""

    @property
    def countdown(self) -> bool:
        """Whether a person's claim decisions have a countdown."""
        ...

    def check(self, game: Game, seat: int, action: str) -> None:
        """Refuse (``ActionRefused``) a legal ``action`` the table does not admit; illegal ones
        raise the engine's errors. Changes nothing."""
        ...

    def refusal_tip(self, game: Game, reason: Reason) -> wire.Tip | None:
        """The tip that explains the engine's refusal ``reason``, or None."""
        ...

    def holds(self, v: int) -> bool:
        """True when the table pauses after releasing frame ``v`` until the player resumes it."""
        ...

    def annotate(self, message: wire.StateMessage, frame: Frame, decision: Decision | None) -> None:
        """Add the policy's fields to ``frame``'s ``state`` message (``decision``: the engine's
        decision the message asks, or None)."""
        ...


class FreePlay:
    """A table of the rules alone."""

    countdown = True

    def check(self, game: Game, seat: int, action: str) -> None:
        """Every legal action is admitted."""

    def refusal_tip(self, game: Game, reason: Reason) -> wire.Tip | None:
        """No tips."""
        return None

    def holds(self, v: int) -> bool:
        """Never paused by the table."""
        return False

    def annotate(self, message: wire.StateMessage, frame: Frame, decision: Decision | None) -> None:
        """Nothing to add."""


FREE_PLAY = FreePlay()
