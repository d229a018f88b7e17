"""Sì Sè Pái holding evaluator: exact distance to a complete hand, useful cards, reachable points.

A concealed hand of ``n`` cards wins when it plus one public card splits into legal groups. Its
*distance* is the least number of cards it still needs: choose target groups of ``n + 1`` cards in
total; cards of the hand outside them are discarded along the way, so ``distance = missing cards``
(one intake per missing card, the last one being the win). Groups never mix colours except soldier
groups, so the hand splits into five parts (four colours without soldiers, and the soldiers) and
flowers; each part's options are summarised as a vector over ``target size - part size`` and the
parts are merged with min-plus convolution.

A pair can be completed only by the winning card (a take never makes a pair), so target pairs still
missing a card are counted separately (``pair_waits``); the effective distance charges each one
beyond the first an extra intake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardavia.games.sisepai.cards import FIRST_FLOWER, KINDS, SOLDIER

INF = 1 << 40
MISS = 1 << 16  # cost of one missing card
PAIR_WAIT = 1 << 10  # extra cost of a pair that still waits for its second card
SPAN = 6  # a part's (target size - part size) is kept within [-SPAN, SPAN]
TOTAL_SPAN = 10
Vector = tuple[int, ...]

GENERAL, ADVISOR, ELEPHANT, CHARIOT, HORSE, CANNON = range(6)
COMMAND = (GENERAL, ADVISOR, ELEPHANT)
FIELD = (CHARIOT, HORSE, CANNON)


def _empty_vector(span: int) -> list[int]:
    return [INF] * (2 * span + 1)


def _shift_into(out: list[int], sub: Vector, delta: int, cost: int) -> None:
    """``out[d + delta] = min(out[d + delta], sub[d] + cost)`` over the part span."""
    for i, value in enumerate(sub):
        if value >= INF:
            continue
        j = i + delta
        if 0 <= j < len(out):
            total = value + cost
            if total < out[j]:
                out[j] = total


def _group_options(present: Sequence[int], members: Sequence[int], lowest: int) -> list[tuple[int, ...]]:
    """Ways to build a group of distinct ``members`` around ``lowest`` (taken from the hand).

    Each result lists, per member, 1 if the card comes from the hand and 0 if it is missing.
    """
    options: list[tuple[int, ...]] = [()]
    for m in members:
        nxt = []
        for opt in options:
            if m == lowest:
                nxt.append((*opt, 1))
            else:
                nxt.append((*opt, 0))
                if present[m] > 0:
                    nxt.append((*opt, 1))
        options = nxt
    return options


@lru_cache(maxsize=1 << 16)
def colour_vector(counts: tuple[int, ...]) -> Vector:
    """Best cost per (target size - part size) for one colour's Generals..Cannons (6 counts)."""
    total = sum(counts)
    if total == 0:
        out = _empty_vector(SPAN)
        out[SPAN] = 0
        return tuple(out)
    r = next(i for i, c in enumerate(counts) if c)
    out = _empty_vector(SPAN)
    rest = list(counts)
    rest[r] -= 1
    if r == GENERAL:
        # A General can never be discarded: alone it is a single worth 1.
        _shift_into(out, colour_vector(tuple(rest)), 0, -1)
    else:
        _shift_into(out, colour_vector(tuple(rest)), -1, 0)
        for size, points in ((2, 0), (3, 1), (4, 2)):
            for used in range(1, min(counts[r], size) + 1):
                sub = list(counts)
                sub[r] -= used
                missing = size - used
                cost = missing * MISS - points + (PAIR_WAIT if size == 2 and missing else 0)
                _shift_into(out, colour_vector(tuple(sub)), missing, cost)
    for group in (COMMAND, FIELD):
        if r not in group:
            continue
        for opt in _group_options(counts, group, r):
            sub = list(counts)
            for m, from_hand in zip(group, opt, strict=True):
                sub[m] -= from_hand
            missing = 3 - sum(opt)
            _shift_into(out, colour_vector(tuple(sub)), missing, missing * MISS - 1)
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def soldier_vector(counts: tuple[int, ...]) -> Vector:
    """Best cost per (target size - part size) for the soldiers of the four colours (4 counts)."""
    if sum(counts) == 0:
        out = _empty_vector(SPAN)
        out[SPAN] = 0
        return tuple(out)
    x = next(i for i, c in enumerate(counts) if c)
    out = _empty_vector(SPAN)
    rest = list(counts)
    rest[x] -= 1
    _shift_into(out, soldier_vector(tuple(rest)), -1, 0)
    for size, points in ((2, 0), (3, 1), (4, 2)):
        for used in range(1, min(counts[x], size) + 1):
            sub = list(counts)
            sub[x] -= used
            missing = size - used
            cost = missing * MISS - points + (PAIR_WAIT if size == 2 and missing else 0)
            _shift_into(out, soldier_vector(tuple(sub)), missing, cost)
    others = [c for c in range(4) if c != x]
    mixed: list[tuple[tuple[int, ...], int]] = [((x, *pair), 1) for pair in _pairs(others)]
    mixed.append(((0, 1, 2, 3), 2))
    for colours, points in mixed:
        for opt in _group_options(counts, colours, x):
            sub = list(counts)
            for m, from_hand in zip(colours, opt, strict=True):
                sub[m] -= from_hand
            missing = len(colours) - sum(opt)
            _shift_into(out, soldier_vector(tuple(sub)), missing, missing * MISS - points)
    return tuple(out)


def _pairs(items: Sequence[int]) -> list[tuple[int, int]]:
    return [(items[i], items[j]) for i in range(len(items)) for j in range(i + 1, len(items))]


def convolve(a: Vector, b: Vector) -> Vector:
    """Min-plus convolution of two vectors centred at their middle, clipped to ``TOTAL_SPAN``."""
    sa, sb = len(a) // 2, len(b) // 2
    out = [INF] * (2 * TOTAL_SPAN + 1)
    for i, x in enumerate(a):
        if x >= INF:
            continue
        base = i - sa + TOTAL_SPAN - sb
        for j, y in enumerate(b):
            if y >= INF:
                continue
            k = base + j
            if 0 <= k <= 2 * TOTAL_SPAN and x + y < out[k]:
                out[k] = x + y
    return tuple(out)


def at(vector: Vector, delta: int) -> int:
    """The entry of a centred vector at ``delta`` (INF outside)."""
    i = delta + len(vector) // 2
    return vector[i] if 0 <= i < len(vector) else INF


def combine_at(a: Vector, b: Vector, delta: int) -> int:
    """``convolve(a, b)`` at one ``delta`` only."""
    sa, sb = len(a) // 2, len(b) // 2
    best = INF
    for i, x in enumerate(a):
        if x >= INF:
            continue
        j = delta - (i - sa) + sb
        if 0 <= j < len(b):
            y = b[j]
            if x + y < best:
                best = x + y
    return best


def part_keys(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """The five part states of a concealed hand: colours R, Y, W, G (without soldiers), soldiers."""
    parts = [tuple(counts[7 * c : 7 * c + SOLDIER]) for c in range(4)]
    parts.append(tuple(counts[7 * c + SOLDIER] for c in range(4)))
    return parts


def part_of(kind: int) -> int:
    """Which of the five parts holds ``kind`` (-1 for flowers)."""
    if kind >= FIRST_FLOWER:
        return -1
    return 4 if kind % 7 == SOLDIER else kind // 7


def part_vector(index: int, key: tuple[int, ...]) -> Vector:
    """The vector of part ``index`` in state ``key``."""
    return soldier_vector(key) if index == 4 else colour_vector(key)


def decode(cost: int) -> tuple[int, int, int]:
    """Split a cost into (missing cards, pairs waiting, points)."""
    missing = (cost + MISS // 2) // MISS
    rem = cost - missing * MISS
    waits = (rem + PAIR_WAIT // 2) // PAIR_WAIT
    points = -(rem - waits * PAIR_WAIT)
    return missing, waits, points


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a concealed hand is worth: effective distance, raw missing cards, best target points."""

    distance: int
    missing: int
    pair_waits: int
    points: int

    @staticmethod
    def of(cost: int, flowers: int) -> Judgement:
        if cost >= INF // 2:
            return Judgement(99, 99, 0, 0)
        missing, waits, points = decode(cost)
        return Judgement(missing + max(0, waits - 1), missing, waits, points + 3 * flowers)


class Hand:
    """A concealed hand with its part vectors and prefix/suffix merges, for fast what-ifs."""

    __slots__ = ("_rest", "counts", "flowers", "keys", "size", "vectors")

    def __init__(self, counts: Sequence[int]) -> None:
        self.counts = tuple(counts)
        self.size = sum(self.counts)
        self.flowers = sum(self.counts[FIRST_FLOWER:KINDS])
        self.keys = part_keys(self.counts)
        self.vectors = [part_vector(i, k) for i, k in enumerate(self.keys)]
        self._rest: list[Vector] | None = None

    def rest(self, index: int) -> Vector:
        """The merge of every part but ``index``."""
        if self._rest is None:
            zero = _empty_vector(TOTAL_SPAN)
            zero[TOTAL_SPAN] = 0
            prefix = [tuple(zero)]
            for v in self.vectors:
                prefix.append(convolve(prefix[-1], v))
            suffix = [tuple(zero)]
            for v in reversed(self.vectors):
                suffix.append(convolve(suffix[-1], v))
            suffix.reverse()
            self._rest = [convolve(prefix[i], suffix[i + 1]) for i in range(5)]
        return self._rest[index]

    def judge(self) -> Judgement:
        """Distance and points of the hand as it is (target ``size + 1``)."""
        return Judgement.of(combine_at(self.rest(0), self.vectors[0], 1), self.flowers)

    def complete_with(self, kind: int) -> bool:
        """True when the hand plus ``kind`` splits into groups."""
        return self.changed(kind, +1, 0).missing == 0

    def changed(self, kind: int, delta: int, target: int = 1) -> Judgement:
        """Judge the hand with one card of ``kind`` added (+1) or removed (-1).

        ``target`` is the wanted target size minus the changed hand size: 1 for a hand that still
        needs its winning card, 0 to ask whether the changed hand is complete as it is.
        """
        flowers = self.flowers
        if kind >= FIRST_FLOWER:
            flowers += delta
            cost = combine_at(self.rest(0), self.vectors[0], target)
            return Judgement.of(cost, flowers)
        p = part_of(kind)
        key = list(self.keys[p])
        slot = kind // 7 if p == 4 else kind % 7
        key[slot] += delta
        if key[slot] < 0:
            return Judgement(99, 99, 0, 0)
        vec = part_vector(p, tuple(key))
        return Judgement.of(combine_at(self.rest(p), vec, target), flowers)

    def useful(self, unseen: Sequence[int]) -> tuple[int, list[int]]:
        """Unseen copies of the kinds that lower the distance, and those kinds."""
        base = self.judge().distance
        kinds = []
        total = 0
        for k in range(KINDS):
            if unseen[k] <= 0:
                continue
            j = self.changed(k, +1, 0)
            after = 0 if j.missing == 0 else j.distance
            if after < base:
                kinds.append(k)
                total += unseen[k]
        return total, kinds
