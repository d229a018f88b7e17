"""Honest labels: every site tier of both games has a measured share, and a sentence that says it."""

from __future__ import annotations

import pytest

from cardavia.ai import labels
from cardavia.engine.errors import CardaviaError
from cardavia.engine.registry import game_names


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("tier", ["easy", "normal", "hard"])
def test_each_site_tier_is_measured_and_labelled(game: str, tier: str) -> None:
    row = labels.felt(game, tier)
    low, high = row.ci95
    assert 0.0 <= low <= row.share <= high <= 1.0
    assert row.deals >= 40
    assert row.seats in (3, 4)
    sentence, numbers = labels.label(game, tier)
    assert numbers == {"share": round(100 * row.share), "even": round(100 / row.seats)}
    normal = labels.felt(game, "normal")
    overlaps = low <= normal.ci95[1] and normal.ci95[0] <= high
    # "like normal" only where the share is normal's within the noise; a share quoted otherwise
    assert sentence == "share" or (sentence == "like_normal" and overlaps and tier != "normal")


def test_an_unmeasured_tier_is_an_error() -> None:
    with pytest.raises(CardaviaError):
        labels.felt("sisepai", "random")
