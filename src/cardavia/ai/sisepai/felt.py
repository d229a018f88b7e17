"""How Sì Sè Pái's tiers feel to a solid player, as measured (``cardavia.ai.labels``): ``FELT``
per tier, and ``SENTENCE``, which sentence the game page shows beside each tier."""

from __future__ import annotations

from cardavia.ai.labels import Felt

FELT: dict[str, Felt] = {  # scripts/feel.py sisepai --player normal --decks 300 --seed 900000
    "easy": Felt(0.4008, (0.3784, 0.4233), deals=1200, seed=900000, seats=4),
    "normal": Felt(0.2617, (0.2459, 0.2775), deals=1200, seed=900000, seats=4),
    # a short run (decks 0-15 and 60-75): three copies of the search cost too much machine time
    "hard": Felt(0.2891, (0.2264, 0.3517), deals=128, seed=900000, seats=4),
}

SENTENCE: dict[str, str] = {"easy": "share", "normal": "share", "hard": "like_normal"}
