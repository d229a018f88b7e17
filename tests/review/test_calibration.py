"""The calibration map: the fit recovers a known logistic, the measures say what they should, and
the committed maps rise with the raw score (so a decision keeps the hard tier's order)."""

from __future__ import annotations

import itertools
import math

import pytest

from cardavia.engine.errors import CardaviaError
from cardavia.engine.registry import game_names
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


@pytest.mark.parametrize("game", game_names())
def test_the_committed_maps_rise(game):
    cal = calibration.load(game)
    assert cal.rising()
    assert all(0 < cal.chance(raw, 0.5) < 1 for raw in (-5.0, 0.0, 1.0))
    assert not math.isnan(cal.slope(0.3))


def test_a_deciles_interval_holds_its_observed_rate_and_widens_with_fewer_deals():
    truth = (-0.5, 0.8, 1.2, -0.6)
    cal = Calibration(truth)
    rows = synthetic(truth, 6000, 4)
    deals = [[(cal.chance(r, s), y) for r, s, y in rows[i:i + 10]] for i in range(0, len(rows), 10)]
    pairs = [pair for deal in deals for pair in deal]
    table = calibration.reliability(pairs)
    wide = calibration.intervals(deals, Rng(5))
    narrow_enough = 0
    for row, interval in zip(table, wide, strict=True):
        if row["count"] == 0:
            assert interval is None
            continue
        assert interval is not None
        lo, hi = interval
        assert lo <= row["observed"] <= hi
        if row["count"] >= 300:
            assert hi - lo < 0.12
            narrow_enough += 1
    assert narrow_enough >= 3
    few = calibration.intervals(deals[:30], Rng(5))
    both = [(a, b) for a, b in zip(few, calibration.intervals(deals, Rng(5)), strict=True) if a and b]
    assert sum(a[1] - a[0] for a, _ in both) > 2 * sum(b[1] - b[0] for _, b in both)


def test_an_interval_resamples_whole_deals():
    # Two deals, each all won or all lost, in one decile: a resample is 0, 1/2 or 1 of them won.
    deals = [[(0.55, 1)] * 50, [(0.55, 0)] * 50]
    interval = calibration.intervals(deals, Rng(6))[5]
    assert interval == (0.0, 1.0)


def over_confident(n, seed):
    """Rows whose true chance lies between a floor and a ceiling (0.1-0.5): a logistic, which
    runs from 0 to 1, is too sure at both ends."""
    rng = Rng(seed)
    rows = []
    for _ in range(n):
        raw, stock = rng.random() * 6 - 3, rng.random()
        p = 0.1 + 0.4 * Calibration((0.0, 0.0, 3.0, 0.0)).chance(raw, stock)
        rows.append((raw, stock, int(rng.random() < p)))
    return rows


def test_the_isotonic_stage_corrects_a_map_the_logistic_cannot():
    fitted = calibration.fit(over_confident(6000, 7))
    plain = Calibration(fitted.coef)
    held = over_confident(6000, 8)
    with_knots = [(fitted.chance(r, s), y) for r, s, y in held]
    without = [(plain.chance(r, s), y) for r, s, y in held]
    assert calibration.brier(with_knots) < calibration.brier(without)

    def worst(pairs):
        return max(abs(row["observed"] - row["predicted"]) for row in calibration.reliability(pairs)
                   if row["count"] >= 300)

    assert worst(without) > 0.1  # the logistic alone is off by more than 0.1 somewhere
    assert worst(with_knots) < 0.6 * worst(without)


def test_knots_rise_strictly_inside_the_unit_square_and_each_stands_for_enough_decisions():
    pairs = [(p, y) for p, y in ((i / 1000, int(i % 7 == 0)) for i in range(1000))]
    pairs += [(0.99, 1)] * 5 + [(0.001, 0)] * 40
    knots = calibration.isotonic(pairs, min_knot=30)
    points = [(0.0, 0.0), *knots, (1.0, 1.0)]
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(points))
    assert len(knots) <= len(pairs) // 30
    cal = Calibration((0.0, 0.0, 1.0, 0.0), knots)
    assert cal.rising()
    x, y = knots[0]
    assert cal.correct(x) == pytest.approx(y) and cal.correct(x / 2) == pytest.approx(y / 2)
    assert cal.correct(0.0) == 0.0 and cal.correct(1.0) == 1.0


def test_a_map_with_falling_knots_does_not_rise():
    assert not Calibration((0.0, 0.0, 1.0, 0.0), ((0.2, 0.3), (0.4, 0.25))).rising()
    assert not Calibration((0.0, 0.0, 1.0, 0.0), ((0.2, 0.0),)).rising()
    assert Calibration((0.0, 0.0, 1.0, 0.0), ((0.2, 0.1), (0.4, 0.45))).rising()
