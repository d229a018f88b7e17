"""Legal groups, their points, and the exhaustive highest-scoring partition (rules section 3, 4, 7).

A holding is a sequence of 33 counts. Soldiers only ever group with soldiers, and every other chess
card only with cards of its own colour, so a holding splits into independent *components*:

* components 0-3: the six non-Soldier ranks (G A E C H N) of one colour, key in base 5;
* component 4: the Soldiers of the four colours, key in base 5 (R, Y, W, G);
* component 5: the flowers, each a single group.

Each component is solved exhaustively once per key (memoised in a table of ``5**6`` or ``5**4``
entries), and the best partition of a holding is the sum over its components. The reference
backtracking of section 4.4 is the test suite's brute force; this module must agree with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from cardavia.games.sisepai.cards import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    FIRST_FLOWER,
    GENERAL,
    HORSE,
    KINDS,
    SOLDIER,
    colour,
    is_flower,
    is_general,
    kind,
    rank,
)

# Group type codes (rules section 3).
SG, SF, PR, TR, QD, CM, FD, S3, S4 = "SG", "SF", "PR", "TR", "QD", "CM", "FD", "S3", "S4"

# Points per group (section 7.2). CM, FD, S3 and S4 are decision A2 and may change.
POINTS_SG = 1
POINTS_SF = 3
POINTS_PR = 0
POINTS_TR = 1
POINTS_QD = 2
POINTS_CM = 1
POINTS_FD = 1
POINTS_S3 = 1
POINTS_S4 = 2
POINTS = {
    SG: POINTS_SG, SF: POINTS_SF, PR: POINTS_PR, TR: POINTS_TR, QD: POINTS_QD,
    CM: POINTS_CM, FD: POINTS_FD, S3: POINTS_S3, S4: POINTS_S4,
}
IDENTICAL = frozenset({TR, QD})
MIXED = frozenset({CM, FD, S3, S4})

FLOWERS = 5
SOLDIER_COMPONENT = 4
FLOWER_COMPONENT = 5
NOT_A_PARTITION = -1
UNKNOWN = -2

Group = tuple[int, ...]


def group_type(cards: Sequence[int]) -> str | None:
    """The type code of a group of card kinds (any order), or ``None`` when it is not a legal group."""
    n = len(cards)
    if n == 0 or n > 4:
        return None
    first = cards[0]
    if n == 1:
        if is_flower(first):
            return SF
        return SG if is_general(first) else None
    if any(is_flower(c) for c in cards):
        return None
    if all(c == first for c in cards):
        if is_general(first):
            return None
        return (PR, TR, QD)[n - 2]
    if all(rank(c) == SOLDIER for c in cards):
        if len({colour(c) for c in cards}) == n and n >= 3:
            return S3 if n == 3 else S4
        return None
    if n == 3 and len({colour(c) for c in cards}) == 1:
        ranks = sorted(rank(c) for c in cards)
        if ranks == [GENERAL, ADVISOR, ELEPHANT]:
            return CM
        if ranks == [CHARIOT, HORSE, CANNON]:
            return FD
    return None


def group_points(cards: Sequence[int]) -> int:
    """Points of a legal group; ``ValueError`` for an illegal one."""
    kind_code = group_type(cards)
    if kind_code is None:
        raise ValueError(f"not a legal group: {list(cards)}")
    return POINTS[kind_code]


# Identical groups out of n copies of one non-General card: the best value, or None if impossible.
_IDENTICAL_VALUE: tuple[int | None, ...] = (0, None, POINTS_PR, POINTS_TR, max(POINTS_QD, 2 * POINTS_PR))


def _identical_groups(card: int, n: int) -> list[Group]:
    if n == 4 and POINTS_QD < 2 * POINTS_PR:
        return [(card, card), (card, card)]
    return [(card,) * n] if n else []


# --- per-component card placement -------------------------------------------------------------

def _component_of(card: int) -> tuple[int, int]:
    if is_flower(card):
        return FLOWER_COMPONENT, 1
    c, r = colour(card), rank(card)
    if r == SOLDIER:
        return SOLDIER_COMPONENT, 5**c
    return c, 5**r


COMPONENT: tuple[int, ...] = tuple(_component_of(k)[0] for k in range(KINDS))
"""The component of each card kind."""
WEIGHT: tuple[int, ...] = tuple(_component_of(k)[1] for k in range(KINDS))
"""What one card of each kind adds to its component's key."""


def component_keys(counts: Sequence[int]) -> list[int]:
    """The six component keys of a holding."""
    keys = [0] * 6
    for k in range(KINDS):
        if counts[k]:
            keys[COMPONENT[k]] += counts[k] * WEIGHT[k]
    return keys


def _digits(key: int, n: int) -> list[int]:
    out = []
    for _ in range(n):
        key, d = divmod(key, 5)
        out.append(d)
    return out


# --- colour component: G A E C H N of one colour -----------------------------------------------

def _colour_choices(key: int) -> Iterator[tuple[int, int, int]]:
    """(points, command groups, field groups) for every feasible choice."""
    g, a, e, c, h, n = _digits(key, 6)
    for k in range(min(g, a, e) + 1):
        va, ve = _IDENTICAL_VALUE[a - k], _IDENTICAL_VALUE[e - k]
        if va is None or ve is None:
            continue
        for j in range(min(c, h, n) + 1):
            vc, vh, vn = _IDENTICAL_VALUE[c - j], _IDENTICAL_VALUE[h - j], _IDENTICAL_VALUE[n - j]
            if vc is None or vh is None or vn is None:
                continue
            points = (g - k) * POINTS_SG + k * POINTS_CM + j * POINTS_FD + va + ve + vc + vh + vn
            yield points, k, j


_COLOUR_TABLE = [UNKNOWN] * 5**6
_SOLDIER_TABLE = [UNKNOWN] * 5**4


def colour_value(key: int) -> int:
    """Best points of a colour component, or ``NOT_A_PARTITION``; memoised."""
    v = _COLOUR_TABLE[key]
    if v == UNKNOWN:
        v = max((p for p, _, _ in _colour_choices(key)), default=NOT_A_PARTITION)
        _COLOUR_TABLE[key] = v
    return v


def _colour_groups(c: int, key: int) -> list[Group]:
    best = max(_colour_choices(key))
    _, k, j = best
    g, a, e, ch, h, n = _digits(key, 6)
    groups: list[Group] = []
    general = kind(c, GENERAL)
    groups += [(general,)] * (g - k)
    groups += [(general, kind(c, ADVISOR), kind(c, ELEPHANT))] * k
    groups += [(kind(c, CHARIOT), kind(c, HORSE), kind(c, CANNON))] * j
    for r, count in ((ADVISOR, a - k), (ELEPHANT, e - k), (CHARIOT, ch - j), (HORSE, h - j), (CANNON, n - j)):
        groups += _identical_groups(kind(c, r), count)
    return groups


# --- soldier component -------------------------------------------------------------------------

def _soldier_choices(key: int) -> Iterator[tuple[int, int, tuple[int, int, int, int]]]:
    """(points, four-soldier groups, three-soldier groups missing colour 0..3) for every feasible choice."""
    s = _digits(key, 4)
    for k4 in range(min(s) + 1):
        left = [x - k4 for x in s]
        bounds = [min(left[o] for o in range(4) if o != c) for c in range(4)]
        for missing in product(*(range(b + 1) for b in bounds)):
            total = sum(missing)
            rest = [left[c] - (total - missing[c]) for c in range(4)]
            if min(rest) < 0:
                continue
            values = [_IDENTICAL_VALUE[r] for r in rest]
            if any(v is None for v in values):
                continue
            points = k4 * POINTS_S4 + total * POINTS_S3 + sum(v for v in values if v is not None)
            yield points, k4, (missing[0], missing[1], missing[2], missing[3])


def soldier_value(key: int) -> int:
    """Best points of the soldier component, or ``NOT_A_PARTITION``; memoised."""
    v = _SOLDIER_TABLE[key]
    if v == UNKNOWN:
        v = max((p for p, _, _ in _soldier_choices(key)), default=NOT_A_PARTITION)
        _SOLDIER_TABLE[key] = v
    return v


def _soldier_groups(key: int) -> list[Group]:
    _, k4, missing = max(_soldier_choices(key))
    soldiers = [kind(c, SOLDIER) for c in range(4)]
    groups: list[Group] = [tuple(soldiers)] * k4
    for c, m in enumerate(missing):
        groups += [tuple(s for s in soldiers if s != soldiers[c])] * m
    used = [k4 + sum(missing) - missing[c] for c in range(4)]
    for c, n in enumerate(_digits(key, 4)):
        groups += _identical_groups(soldiers[c], n - used[c])
    return groups


# --- whole holdings ----------------------------------------------------------------------------

TABLES: tuple[list[int], ...] = (
    *(_COLOUR_TABLE,) * 4, _SOLDIER_TABLE, [n * POINTS_SF for n in range(FLOWERS + 1)]
)
"""Per component, the memo table of ``component_value`` (``UNKNOWN`` where not yet computed)."""


def component_value(component: int, key: int) -> int:
    """Best points of one component with this key, or ``NOT_A_PARTITION``."""
    if component < SOLDIER_COMPONENT:
        return colour_value(key)
    if component == SOLDIER_COMPONENT:
        return soldier_value(key)
    return key * POINTS_SF


def best_score(counts: Sequence[int]) -> int | None:
    """The highest total over all partitions of ``counts`` into legal groups, or ``None`` if none.

    ``counts`` must respect the deck (at most 4 of a chess card, 1 of a flower).
    """
    total = POINTS_SF * (counts[28] + counts[29] + counts[30] + counts[31] + counts[32])
    table = _COLOUR_TABLE
    for b in (0, 7, 14, 21):
        key = (counts[b] + 5 * counts[b + 1] + 25 * counts[b + 2] + 125 * counts[b + 3]
               + 625 * counts[b + 4] + 3125 * counts[b + 5])
        v = table[key]
        if v == UNKNOWN:
            v = colour_value(key)
        if v < 0:
            return None
        total += v
    key = counts[6] + 5 * counts[13] + 25 * counts[20] + 125 * counts[27]
    v = _SOLDIER_TABLE[key]
    if v == UNKNOWN:
        v = soldier_value(key)
    if v < 0:
        return None
    return total + v


def best_partition(counts: Sequence[int]) -> tuple[int, list[Group]] | None:
    """The highest total and one partition reaching it (groups sorted canonically), or ``None``."""
    score = best_score(counts)
    if score is None:
        return None
    keys = component_keys(counts)
    groups: list[Group] = []
    for c in range(4):
        groups += _colour_groups(c, keys[c])
    groups += _soldier_groups(keys[SOLDIER_COMPONENT])
    groups += [(f,) for f in range(FIRST_FLOWER, KINDS) if counts[f]]
    return score, sorted(groups)
