"""Honest difficulty labels: how often a solid player wins against each tier, as measured.

``MEASURED[game][tier]`` is the win share of a normal-strength player (the ``normal`` tier) sitting in
one seat, rotated through every seat, against copies of ``tier`` in the others, on decks not used for
tuning: ``scripts/feel.py GAME --player normal --decks D --seed S`` (``cardavia arena GAME
--challenger normal --reference TIER``). Draws count as not won. ``STRENGTH.md`` lists the commands.

``label(game, tier)`` gives which sentence a game page shows and its numbers (the words are in the
site's catalogues): where a tier's interval overlaps normal's, the sentence says the two are alike
rather than quote a difference the measurement does not show. The figures are data, not code:
regenerate them with the script when a tier changes, and check the sentences.
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


PLAYER = "normal"

MEASURED: dict[str, dict[str, Felt]] = {
    "sisepai": {  # scripts/feel.py sisepai --player normal --decks 300 --seed 900000
        "easy": Felt(0.4008, (0.3784, 0.4233), deals=1200, seed=900000, seats=4),
        "normal": Felt(0.2617, (0.2459, 0.2775), deals=1200, seed=900000, seats=4),
        # a short run (decks 0-15 and 60-75): three copies of the search cost too much machine time
        "hard": Felt(0.2891, (0.2264, 0.3517), deals=128, seed=900000, seats=4),
    },
    "paohuzi": {  # scripts/feel.py paohuzi --player normal --decks 300 --seed 900000
        "easy": Felt(0.4444, (0.414, 0.475), deals=900, seed=900000, seats=3),
        "normal": Felt(0.3022, (0.284, 0.320), deals=900, seed=900000, seats=3),
        # a short run (decks 200-223 and 250-271); issue 19's larger run: 0.238 (0.209-0.268)
        "hard": Felt(0.2536, (0.1857, 0.3215), deals=138, seed=900000, seats=3),
    },
}

# Which sentence a game page shows per tier: "share" quotes the measured share beside an even one;
# "like_normal" says the tier plays about as well as normal (its share is normal's, within the
# noise: Sì Sè Pái hard, see STRENGTH.md).
SENTENCE: dict[str, dict[str, str]] = {
    "sisepai": {"easy": "share", "normal": "share", "hard": "like_normal"},
    "paohuzi": {"easy": "share", "normal": "share", "hard": "share"},
}


def felt(game: str, tier: str) -> Felt:
    """The measured row of ``tier`` in ``game``; ``CardaviaError`` if none was measured."""
    try:
        return MEASURED[game][tier]
    except KeyError:
        raise CardaviaError(f"no measured difficulty for {game!r} {tier!r}") from None


def label(game: str, tier: str) -> tuple[str, dict[str, int]]:
    """What a game page says beside ``tier``: a sentence key of ``SENTENCE`` and its numbers
    (``share`` and ``even``, whole percents); the site words it in the page's language."""
    row = felt(game, tier)
    return SENTENCE[game][tier], {"share": round(100 * row.share), "even": round(100 / row.seats)}
