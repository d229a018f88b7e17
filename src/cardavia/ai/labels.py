"""Honest difficulty labels: how often a solid player wins against each tier, as measured.

``MEASURED[game][tier]`` is the win share of a normal-strength player (the ``normal`` tier) sitting in
one seat, rotated through every seat, against copies of ``tier`` in the others, on decks not used for
tuning: ``scripts/feel.py GAME --player normal --decks D --seed S`` (``cardavia arena GAME
--challenger normal --reference TIER``). Draws count as not won. ``STRENGTH.md`` lists the commands.

``label(game, tier)`` gives the English sentence a game page may show; the integrator translates it.
The figures are data, not code: regenerate them with the script when a tier changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.engine.errors import CardaviaError


@dataclass(frozen=True)
class Felt:
    """One measured row: the solid player's win share against copies of a tier."""

    share: float
    ci95: tuple[float, float]
    deals: int
    seed: int
    seats: int  # the table's size: parity is 1 / seats

    @property
    def one_in(self) -> int:
        """The share as "one deal in N", rounded."""
        return max(1, round(1.0 / self.share)) if self.share > 0 else 0


PLAYER = "normal"

MEASURED: dict[str, dict[str, Felt]] = {}


def felt(game: str, tier: str) -> Felt:
    """The measured row of ``tier`` in ``game``; ``CardaviaError`` if none was measured."""
    try:
        return MEASURED[game][tier]
    except KeyError:
        raise CardaviaError(f"no measured difficulty for {game!r} {tier!r}") from None


def label(game: str, tier: str) -> str:
    """The sentence a game page shows beside ``tier``: what a solid player wins against it."""
    row = felt(game, tier)
    percent = round(100 * row.share)
    even = round(100 / row.seats)
    return f"A solid player wins about {percent}% of deals against it (an even share is {even}%)."
