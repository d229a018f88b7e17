"""How Paohuzi's tiers feel to a solid player, as measured (``cardavia.ai.labels``): ``FELT``
per tier, and ``SENTENCE``, which sentence the game page shows beside each tier."""

from __future__ import annotations

from cardavia.ai.labels import Felt

FELT: dict[str, Felt] = {  # scripts/feel.py paohuzi --player normal --decks 300 --seed 900000
    "easy": Felt(0.4444, (0.414, 0.475), deals=900, seed=900000, seats=3),
    "normal": Felt(0.3022, (0.284, 0.320), deals=900, seed=900000, seats=3),
    # a short run (decks 200-223 and 250-271); issue 19's larger run: 0.238 (0.209-0.268)
    "hard": Felt(0.2536, (0.1857, 0.3215), deals=138, seed=900000, seats=3),
}

SENTENCE: dict[str, str] = {"easy": "share", "normal": "share", "hard": "share"}
