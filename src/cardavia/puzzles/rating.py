"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013) for players and puzzles.

An answer is a game between the player and the puzzle: 1 for the player when right, 0 when wrong, and
the reverse for the puzzle. Each side is updated from that one game at once (a rating period of one
game), from the other's rating before it, as lichess does for puzzles.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5
"""How much the volatility may change (the paper suggests 0.3-1.2)."""
EPSILON = 1e-6
START = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
MIN_DEVIATION = 45.0
"""A rating's deviation never falls below this, so a rating keeps moving as a player improves."""


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation and its volatility (Glicko-2's r, RD and sigma)."""

    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(a: Rating, b: Rating) -> float:
    """The chance that ``a`` wins against ``b`` as Glicko-2 predicts it."""
    mu, mu_b, phi_b = (a.rating - START) / SCALE, (b.rating - START) / SCALE, b.deviation / SCALE
    return 1.0 / (1.0 + math.exp(-_g(phi_b) * (mu - mu_b)))


def _volatility(sigma: float, phi: float, v: float, delta: float) -> float:
    """Step 5 of the paper: the new volatility (the Illinois algorithm)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        spread = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * spread * spread) - (x - a) / TAU**2

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(me: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """``me`` after one rating period of ``games``: (the other's rating, ``me``'s score: 1 won,
    0 lost, 0.5 drawn). Steps 2-8 of the paper."""
    mu, phi = (me.rating - START) / SCALE, me.deviation / SCALE
    v_inverse = gains = 0.0
    for other, score in games:
        g = _g(other.deviation / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - (other.rating - START) / SCALE)))
        v_inverse += g * g * e * (1.0 - e)
        gains += g * (score - e)
    v = 1.0 / v_inverse
    sigma = _volatility(me.volatility, phi, v, v * gains)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gains
    return Rating(START + SCALE * mu_new, SCALE * phi_new, sigma)


def game(player: Rating, puzzle: Rating, right: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after the player answered the puzzle (each deviation
    kept at ``MIN_DEVIATION`` at least)."""
    score = 1.0 if right else 0.0
    me, it = update(player, [(puzzle, score)]), update(puzzle, [(player, 1.0 - score)])
    return _floored(me), _floored(it)


def _floored(r: Rating) -> Rating:
    return Rating(r.rating, max(MIN_DEVIATION, r.deviation), r.volatility)
