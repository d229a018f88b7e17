"""Honest difficulty labels: how often a solid player wins against each tier, as measured.

Each game's ai floor holds its figures (``ai/<g>/felt.py``, exported by ``ai/<g>``): ``FELT[tier]``
is the win share of a normal-strength player (the ``normal`` tier) sitting in one seat, rotated
through every seat, against copies of ``tier`` in the others, on decks not used for tuning:
``scripts/feel.py GAME --player normal --decks D --seed S`` (``cardavia arena GAME --challenger
normal --reference TIER``). Draws count as not won. ``STRENGTH.md`` lists the commands.

``label(game, tier)`` gives which sentence a game page shows and its numbers (the words are in the
site's catalogues): where a tier's interval overlaps normal's, the sentence says the two are alike
rather than quote a difference the measurement does not show. The figures are data, not code:
regenerate them with the script when a tier changes, and check the sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.engine.errors import CardaviaError
from cardavia.engine.registry import floor


@dataclass(frozen=True)
class Felt:
    """One measured row: the solid player's win share against copies of a tier."""

    share: float
    ci95: tuple[float, float]
    deals: int
    seed: int
    seats: int  # the table's size: parity is 1 / seats


PLAYER = "normal"


def felt(game: str, tier: str) -> Felt:
    """The measured row of ``tier`` in ``game``; ``CardaviaError`` if none was measured."""
    try:
        row: Felt = floor(game, "ai").FELT[tier]
    except (KeyError, AttributeError):
        raise CardaviaError(f"no measured difficulty for {game!r} {tier!r}") from None
    return row


def label(game: str, tier: str) -> tuple[str, dict[str, int]]:
    """What a game page says beside ``tier``: its sentence key (the game's ``SENTENCE``: ``share``
    quotes the measured share beside an even one, ``like_normal`` says the tier plays about as well
    as normal, its share within normal's noise) and its numbers
    (``share`` and ``even``, whole percents); the site words it in the page's language."""
    row = felt(game, tier)
    sentence: str = floor(game, "ai").SENTENCE[tier]
    return sentence, {"share": round(100 * row.share), "even": round(100 / row.seats)}


TIERS = ("easy", "normal", "hard")


def levels(game: str) -> tuple[str, ...]:
    """The tiers ``game`` offers its players, in order: every measured tier but one that plays
    about as well as normal (``like_normal``), which would be a level in name only."""
    sentences: dict[str, str] = getattr(floor(game, "ai"), "SENTENCE", {})  # none measured: every tier
    return tuple(t for t in TIERS if sentences.get(t) != "like_normal")
