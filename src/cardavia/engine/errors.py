"""Error classes of the engine. Every message is precise enough to show a user as it is."""

from __future__ import annotations

from cardavia.engine.reasons import Reason


class CardaviaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(CardaviaError):
    """A card code, action or group text that cannot be read."""


class RecordError(CardaviaError):
    """A game record or position that is malformed or impossible."""


class IllegalAction(CardaviaError):
    """An action that is well formed but not allowed in the current state.

    The state is left unchanged when this is raised. ``reason`` says why as a code with params
    (``cardavia.engine.reasons.Reason``); the games' ``apply`` always sets it.
    """

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason
