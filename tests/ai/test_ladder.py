"""A small ladder: normal and hard far above random-legal (duplicate play on seeded decks).

"Far above" is measured against the random seats of the same deals: the challenger must win many
times as often as one random-legal seat does, and its deck-clustered 95 % interval must clear
parity. Sizes are kept small for a 2-core CI; the full measurements are ``cardavia arena`` runs.
"""

from __future__ import annotations

import pytest

from cardavia.ai import arena

CASES = [
    ("sisepai", "normal", 25),
    ("paohuzi", "normal", 40),
    pytest.param("sisepai", "hard", 6, marks=pytest.mark.slow),
    pytest.param("paohuzi", "hard", 8, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("game", "tier", "decks"), CASES)
def test_far_above_random(game: str, tier: str, decks: int) -> None:
    report = arena.run(arena.Match(game, tier, "random", 500), decks)
    seats = len(report["per_seat"])
    random_seat = (1.0 - report["draw_rate"] - report["win_share"]) / (seats - 1)
    assert report["win_share"] >= 5 * max(random_seat, 0.02)
    if decks >= 20:
        assert report["win_share_ci95"][0] > report["parity"]
