"""Calibration: raw hard-tier scores turned into win chances, and the measures of how honest they are.

A game's map has two stages. First a logistic model over a few named features of one option
(``features``): the raw score ``raw`` (hard's own value of the action), the stock left as a share
of the full stock (``stock``), and their product. Then an isotonic correction of that model's
chance: a line through knots fitted on the same decisions (pooled adjacent violators, each knot
the mean chance and win rate of at least ``MIN_KNOT`` decisions), from (0, 0) to (1, 1). Both
are fitted by ``scripts/calibrate.py`` and live in ``fitted/<game>.json`` beside this module. The map must
rise with ``raw`` at every stock level, so the options of one decision keep the hard tier's
order; ``fit`` checks that and ``load`` refuses a table that breaks it."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from cardavia.engine.errors import CardaviaError
from cardavia.engine.registry import floor, has_floor
from cardavia.engine.rng import Rng

FEATURES = ("bias", "stock", "raw", "raw_stock")
"""The features every map uses, in the order of its coefficients."""
RIDGE = 1e-3
"""L2 penalty of the fit (keeps Newton's steps finite when a feature barely varies)."""
NEWTON_STEPS = 50
MIN_KNOT = 30
"""Decisions behind each knot of the isotonic stage at least (fewer make a noisy knot)."""
DECILES = 10
BOOTSTRAP = 1000
"""Resamples of the deals behind each decile's interval (``intervals``)."""


def features(raw: float, stock: float) -> tuple[float, ...]:
    """The feature vector of one option: ``raw`` score, ``stock`` share left (0-1)."""
    return (1.0, stock, raw, raw * stock)


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True)
class Calibration:
    """A fitted map for one game: the logistic ``coef`` and the isotonic ``knots`` (chance of
    the logistic stage, calibrated chance), both coordinates strictly rising; no knots, no
    correction."""

    coef: tuple[float, ...]
    knots: tuple[tuple[float, float], ...] = ()

    def chance(self, raw: float, stock: float) -> float:
        """The calibrated chance (0-1) of an option with this ``raw`` score at this ``stock`` share."""
        return self.correct(self.logistic(raw, stock))

    def logistic(self, raw: float, stock: float) -> float:
        """The first stage's chance."""
        return _sigmoid(sum(c * x for c, x in zip(self.coef, features(raw, stock), strict=True)))

    def correct(self, p: float) -> float:
        """The second stage: ``p`` on the line through (0, 0), the knots and (1, 1)."""
        if not self.knots:
            return p
        x0, y0 = 0.0, 0.0
        for x1, y1 in (*self.knots, (1.0, 1.0)):
            if p <= x1:
                return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
            x0, y0 = x1, y1
        return 1.0

    def slope(self, stock: float) -> float:
        """The logistic stage's log-odds slope in ``raw`` at this stock share (positive for a
        valid map)."""
        return self.coef[2] + self.coef[3] * stock

    def rising(self) -> bool:
        """True when the map rises with ``raw`` at every stock share in [0, 1]: the logistic
        stage does, and the knots rise strictly inside (0, 1) on both coordinates."""
        points = [(0.0, 0.0), *self.knots, (1.0, 1.0)]
        knots_rise = all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(points))
        return self.slope(0.0) > 0 and self.slope(1.0) > 0 and knots_rise


def fit(rows: Sequence[tuple[float, float, int]]) -> Calibration:
    """Fit the map on (raw, stock share, won 0/1) rows: logistic regression (``_newton``; when it
    does not rise with ``raw`` at every stock share, again without the ``raw_stock`` term), then
    the isotonic knots of its chances on the same rows (``isotonic``). ``CardaviaError`` when the
    logistic stage does not rise."""
    xs = [features(r, s) for r, s, _ in rows]
    ys = [y for _, _, y in rows]
    cal = Calibration(tuple(_newton(xs, ys)))
    if not cal.rising():
        plain = _newton([x[:3] for x in xs], ys)
        cal = Calibration((*plain, 0.0))
    if not cal.rising():
        raise CardaviaError(f"the fitted map does not rise with the raw score: {list(cal.coef)}")
    knots = isotonic([(cal.logistic(r, s), y) for r, s, y in rows])
    return Calibration(cal.coef, knots)


def isotonic(pairs: Sequence[tuple[float, int]], min_knot: int = MIN_KNOT) -> tuple[tuple[float, float], ...]:
    """Knots of the rising step that fits (chance, won) ``pairs`` best in squared error (pooled
    adjacent violators), blocks of fewer than ``min_knot`` pairs pooled with their smaller
    neighbour; each knot a block's mean chance and win rate, the rate shrunk by one pseudo-decision
    at the mean chance (so no knot says 0 or 1). Both coordinates rise strictly."""
    blocks: list[list[float]] = []  # [sum of chances, sum of wins, count]
    for p, y in sorted(pairs):
        blocks.append([p, float(y), 1.0])
        _pool_violators(blocks, lambda b: b[1] / b[2])
    while len(blocks) > 1:
        i = min(range(len(blocks)), key=lambda k: blocks[k][2])
        if blocks[i][2] >= min_knot:
            break
        j = i - 1 if i == len(blocks) - 1 or (i > 0 and blocks[i - 1][2] < blocks[i + 1][2]) else i + 1
        lo, hi = min(i, j), max(i, j)
        blocks[lo:hi + 1] = [[u + v for u, v in zip(blocks[lo], blocks[hi], strict=True)]]

    def knot(b: list[float]) -> tuple[float, float]:
        x = b[0] / b[2]
        return x, (b[1] + x) / (b[2] + 1)

    pooled: list[list[float]] = []
    for b in blocks:  # shrinking may break the rise: pool again until both coordinates rise
        pooled.append(b)
        _pool_violators(pooled, lambda c: knot(c)[1], by_x=True)
    return tuple(knot(b) for b in pooled)


def _pool_violators(
    blocks: list[list[float]], value: Callable[[list[float]], float], by_x: bool = False
) -> None:
    """Pool the last block into the one before while their ``value`` (or mean chance, with
    ``by_x``) does not rise."""
    while len(blocks) > 1:
        a, b = blocks[-2], blocks[-1]
        if value(a) < value(b) and (not by_x or a[0] / a[2] < b[0] / b[2]):
            return
        blocks[-2:] = [[u + v for u, v in zip(a, b, strict=True)]]


def _newton(xs: Sequence[Sequence[float]], ys: Sequence[int]) -> list[float]:
    """Logistic regression coefficients by Newton's method, ``RIDGE``-penalised."""
    n = len(xs[0])
    beta = [0.0] * n
    for _ in range(NEWTON_STEPS):
        grad = [-RIDGE * b for b in beta]
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(sum(b * v for b, v in zip(beta, x, strict=True)))
            w = p * (1 - p)
            for i in range(n):
                grad[i] += (y - p) * x[i]
                for j in range(n):
                    hess[i][j] += w * x[i] * x[j]
        step = _solve(hess, grad)
        beta = [b + d for b, d in zip(beta, step, strict=True)]
        if max(abs(d) for d in step) < 1e-9:
            break
    return beta


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, v] for row, v in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _entry(game: str) -> Mapping[str, Any]:
    """The committed map of ``game``: its review floor's ``CALIBRATION`` when it declares one (a
    game outside this package), else ``fitted/<game>.json`` beside this module."""
    if has_floor(game, "review"):
        declared: Mapping[str, Any] | None = getattr(floor(game, "review"), "CALIBRATION", None)
        if declared is not None:
            return declared
    source = resources.files("cardavia.review").joinpath(f"fitted/{game}.json")
    if not source.is_file():
        raise CardaviaError(f"no calibration for {game}")
    loaded: Mapping[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return loaded


@cache
def load(game: str) -> Calibration:
    """The committed map of ``game``; ``CardaviaError`` if it is missing or does not rise."""
    entry = _entry(game)
    if tuple(entry["features"]) != FEATURES:
        raise CardaviaError(f"the calibration of {game} uses other features: {entry['features']}")
    knots = tuple((float(x), float(y)) for x, y in entry.get("knots", ()))
    cal = Calibration(tuple(float(c) for c in entry["coef"]), knots)
    if not cal.rising():
        raise CardaviaError(f"the calibration of {game} does not rise with the raw score")
    return cal


@dataclass(frozen=True)
class Points:
    """What a deal's result gives the seat on average in the game's own points (``seat_result``):
    ``win`` when the seat wins, ``other`` when it does not (another wins, or nobody). Measured on
    self-play deals by ``scripts/calibrate.py --points``."""

    win: float = 1.0
    other: float = 0.0

    def expected(self, chance: float) -> float:
        """The seat's expected points with this chance to win."""
        return chance * self.win + (1.0 - chance) * self.other


@cache
def points(game: str) -> Points:
    """The committed points of ``game`` (a map without them counts in wins: 1 for a win, else 0)."""
    entry = _entry(game).get("points")
    if entry is None:
        return Points()
    return Points(float(entry["win"]), float(entry["other"]))


def to_json(cal: Calibration, meta: Mapping[str, object]) -> dict[str, object]:
    """One game's map as ``fitted/<game>.json`` holds it."""
    knots = [[round(x, 6), round(y, 6)] for x, y in cal.knots]
    return {"features": list(FEATURES), "coef": [round(c, 6) for c in cal.coef], "knots": knots, **meta}


def brier(pairs: Sequence[tuple[float, int]]) -> float:
    """Mean squared error of predicted chances against 0/1 outcomes."""
    return sum((p - y) ** 2 for p, y in pairs) / len(pairs)


def base_rate_brier(pairs: Sequence[tuple[float, int]]) -> float:
    """The Brier score of always predicting the observed base rate."""
    rate = sum(y for _, y in pairs) / len(pairs)
    return sum((rate - y) ** 2 for _, y in pairs) / len(pairs)


def reliability(pairs: Sequence[tuple[float, int]]) -> list[dict[str, float]]:
    """Rows by predicted decile (0-0.1, ..., 0.9-1): count, mean predicted, observed win rate."""
    rows = []
    for d in range(DECILES):
        lo, hi = d / DECILES, (d + 1) / DECILES
        inside = [(p, y) for p, y in pairs if lo <= p < hi or (d == DECILES - 1 and p == 1.0)]
        if not inside:
            rows.append({"decile": d, "count": 0, "predicted": math.nan, "observed": math.nan})
            continue
        rows.append({
            "decile": d,
            "count": len(inside),
            "predicted": sum(p for p, _ in inside) / len(inside),
            "observed": sum(y for _, y in inside) / len(inside),
        })
    return rows


def _decile(p: float) -> int:
    """The decile ``reliability`` puts ``p`` in (``d / DECILES <= p < (d + 1) / DECILES``)."""
    d = int(p * DECILES)
    if p < d / DECILES:
        d -= 1
    elif p >= (d + 1) / DECILES:
        d += 1
    return max(0, min(DECILES - 1, d))


def intervals(
    deals: Sequence[Sequence[tuple[float, int]]], rng: Rng, level: float = 0.9
) -> list[tuple[float, float] | None]:
    """Per decile, the central ``level`` interval of the observed win rate over ``BOOTSTRAP``
    resamples of whole deals (None for a decile no decision falls in).

    The decisions of one deal share its outcome, so they are resampled together: the interval
    says how far the observed rate of a decile may move with another draw of as many deals.
    """
    tallies = [[0, 0] * DECILES for _ in deals]  # per deal: (decisions, wins) of each decile
    for tally, pairs in zip(tallies, deals, strict=True):
        for p, y in pairs:
            d = _decile(p)
            tally[2 * d] += 1
            tally[2 * d + 1] += y
    rates: list[list[float]] = [[] for _ in range(DECILES)]
    for _ in range(BOOTSTRAP):
        total = [0] * (2 * DECILES)
        for _ in deals:
            for i, v in enumerate(tallies[rng.below(len(deals))]):
                total[i] += v
        for d in range(DECILES):
            if total[2 * d]:
                rates[d].append(total[2 * d + 1] / total[2 * d])
    out: list[tuple[float, float] | None] = []
    for d in range(DECILES):
        if not any(t[2 * d] for t in tallies):
            out.append(None)
            continue
        ordered = sorted(rates[d])
        cut = (1 - level) / 2
        out.append((ordered[int(cut * (len(ordered) - 1))], ordered[round((1 - cut) * (len(ordered) - 1))]))
    return out
