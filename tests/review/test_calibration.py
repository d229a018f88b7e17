"""The calibration map: the fit recovers a known logistic, the measures say what they should, and
the committed maps rise with the raw score (so a decision keeps the hard tier's order)."""

from __future__ import annotations

import math

import pytest

from cardavia.engine.errors import CardaviaError
from cardavia.engine.rng import Rng
from cardavia.review import calibration
from cardavia.review.calibration import Calibration


def synthetic(coef, n, seed):
    rng = Rng(seed)
    rows = []
    for _ in range(n):
        raw, stock = rng.random() * 4 - 3, rng.random()
        p = Calibration(coef).chance(raw, stock)
        rows.append((raw, stock, int(rng.random() < p)))
    return rows


def test_the_fit_recovers_a_known_map():
    truth = (-0.5, 0.8, 1.2, -0.6)
    fitted = calibration.fit(synthetic(truth, 4000, 1))
    for got, want in zip(fitted.coef, truth, strict=True):
        assert got == pytest.approx(want, abs=0.35)


def test_a_map_that_falls_with_the_raw_score_is_refused():
    with pytest.raises(CardaviaError, match="does not rise"):
        calibration.fit(synthetic((0.0, 0.0, -1.0, 0.0), 2000, 2))


def test_reliability_and_brier_on_calibrated_chances():
    truth = (-0.5, 0.8, 1.2, -0.6)
    cal = Calibration(truth)
    pairs = [(cal.chance(r, s), y) for r, s, y in synthetic(truth, 6000, 3)]
    table = calibration.reliability(pairs)
    assert [row["decile"] for row in table] == list(range(10))
    assert sum(row["count"] for row in table) == len(pairs)
    for row in table:
        if row["count"] >= 300:
            assert row["observed"] == pytest.approx(row["predicted"], abs=0.06)
    assert calibration.brier(pairs) < calibration.base_rate_brier(pairs)
    assert calibration.brier([(1.0, 1), (0.0, 0)]) == 0.0
    assert calibration.base_rate_brier([(0.3, 1), (0.3, 0)]) == 0.25


@pytest.mark.parametrize("game", ["sisepai", "paohuzi"])
def test_the_committed_maps_rise(game):
    cal = calibration.load(game)
    assert cal.rising()
    assert all(0 < cal.chance(raw, 0.5) < 1 for raw in (-5.0, 0.0, 1.0))
    assert not math.isnan(cal.slope(0.3))
