"""Paohuzi: the chance that a holding wins before the stock runs out, over every way to build it.

In Paohuzi a card never joins a hand alone: a claimed card is melded at once with two hand cards,
and the winning card completes the last group. So the free cards must already hold, for every group
still to build, either the whole group or two of its cards (a *block*); with a four, the pair group
may also be one card waiting for the winning card (a *seed*). The other free cards are dead weight,
thrown out one per claim (at rest there is exactly one fewer of them than blocks). A *plan* splits
the free cards this way.

Each block is completed at a rate set by the copies still unseen of the kinds that complete it and
by who may take them (``CHI_SHARE`` and the others below). Taking the blocks as completed
independently over the remaining reveals, a plan wins with probability ``prod(1 - exp(-rate_i))``,
and ``Planner.chance`` is the best plan's among those worth enough huxi: an exhaustive search,
lowest card first, memoised across one decision. The winning card may complete any block from any
reveal, but valuing the last block so measured worse than valuing every block alike, so a plan
does not name its last block (a seed is always last).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from cardavia.games.paohuzi.cards import KINDS, chi_groups_with, chi_huxi, identical_huxi

# The share of the reveals that may complete a block, by how it is completed. A chi may take the
# seat's own reveal or the previous seat's (two in three) but loses cards to others' pengs and
# chis; 0.25 measured best (arena, against random and against normal). A wei takes the seat's own
# reveals. A kind in the seat's chou is never claimed (it may still win, but counting it for that
# changed nothing measurable).
CHI_SHARE = 0.25
WEI_SHARE = 1.0 / 3.0
# A seed waits for one kind from any reveal; a share of 0, 0.2 or 0.5 of those measured alike, the
# whole rate about 0.01 worse (STRENGTH.md).
SEED_SHARE = 0.2

# The best plans: (huxi, chance) pairs, huxi ascending, each pair's chance the highest for that huxi
# or more (huxi counted up to TOP).
Frontier = tuple[tuple[int, float], ...]
TOP = 15  # the most huxi a holding can lack
ZERO: Frontier = ()
BASE: Frontier = ((0, 1.0),)


# Cards are packed two bits per kind, numbers interleaved (s1 b1 s2 b2 ...): groups then reach only a
# little ahead of their lowest card, and far fewer sub-holdings arise.
POS = tuple(2 * (k % 10) + (1 if k >= 10 else 0) for k in range(KINDS))
KIND_AT = tuple(sorted(range(KINDS), key=lambda k: POS[k]))


def _pack(counts: Sequence[int]) -> int:
    x = 0
    for k, n in enumerate(counts):
        x |= n << (2 * POS[k])
    return x


def _pack_cards(cards: tuple[int, ...]) -> int:
    return sum(1 << (2 * POS[k]) for k in cards)


def _masks(cards: tuple[int, ...]) -> tuple[int, int]:
    """Masks to test a packed hand for ``cards``: each kind's low bit (to test on ``x | x >> 1``),
    and the high bit of kinds needed twice."""
    once = sum(1 << (2 * POS[k]) for k in set(cards))
    twice = sum(2 << (2 * POS[k]) for k in set(cards) if cards.count(k) == 2)
    return once, twice


# How a block is completed: (missing kind, huxi, way); the way is True for a peng, False for a chi
# and None for a wei (the seat's own reveal of its pair's kind).
Completion = tuple[int, int, bool | None]


def _blocks(k: int) -> dict[int, list[Completion]]:
    """Two-card blocks whose first card (in packing order) is ``k``: partner -> completions."""
    by_partner: dict[int, list[Completion]] = {}
    for g in chi_groups_with(k):
        for i in range(3):
            rest = list(g)
            missing = rest.pop(i)
            if k not in rest:
                continue
            rest.remove(k)
            partner = rest[0]
            if POS[partner] >= POS[k]:
                by_partner.setdefault(partner, []).append((missing, chi_huxi(g), False))
    pair = by_partner.setdefault(k, [])
    pair += [(k, identical_huxi("peng", k), True), (k, identical_huxi("wei", k), None)]
    return by_partner


Unit = tuple[int, int, int, int, int, tuple[Completion, ...]]


@cache
def _units(k: int) -> tuple[Unit, ...]:
    """What card ``k``, first in packing order, may start: (packed cards, masks, size, huxi,
    completions); a complete group has no completions."""
    out: list[Unit] = []
    for g in chi_groups_with(k):
        if min(POS[c] for c in g) == POS[k]:
            out.append((_pack_cards(g), *_masks(g), 3, chi_huxi(g), ()))
    for partner, opts in sorted(_blocks(k).items()):
        cards = (k, partner)
        out.append((_pack_cards(cards), *_masks(cards), 2, 0, tuple(dict.fromkeys(opts))))
    return tuple(out)


# A unit the lowest card may start: packed cards, masks, size, and its (huxi, chance) choices.
Move = tuple[int, int, int, int, list[tuple[int, float]]]


class Planner:
    """Win chances of holdings seen from one seat at one moment: ``unseen`` copies of each kind,
    ``reveals`` stock cards still to come, the kinds in the seat's ``chou``. Subproblems are shared
    between the holdings asked about (one decision's candidates)."""

    def __init__(self, unseen: Sequence[int], reveals: int, chou: frozenset[int] = frozenset()) -> None:
        total = sum(unseen)
        self.per = [unseen[m] / total * reveals if total > 0 and reveals > 0 else 0.0 for m in range(KINDS)]
        self.chou = chou
        self.memo: dict[int, Frontier] = {}
        self.moves: list[list[Move] | None] = [None] * KINDS

    def chance(self, free: Sequence[int], groups: int, pair: bool, needed: int) -> float:
        """The chance that ``free`` (kans and melds set aside) completes ``groups`` groups worth
        ``needed`` more huxi, one of them a pair when ``pair``."""
        if groups < 0:
            return 0.0
        need = min(TOP, max(0, needed))
        frontier = self._solve(_pack(free), sum(free), groups, pair)
        return next((p for h, p in frontier if h >= need), 0.0)

    def _choices(self, opts: tuple[Completion, ...]) -> list[tuple[int, float]]:
        """(huxi, chance) of completing a block, one pair per huxi its completions reach."""
        out = []
        for level in sorted({h for _, h, _ in opts}, reverse=True):
            rate = 0.0
            for m, h, peng in opts:
                if h < level:
                    continue
                if peng is None:
                    share = WEI_SHARE
                elif m in self.chou:
                    continue
                else:
                    share = 1.0 if peng else CHI_SHARE
                rate += self.per[m] * share
            if rate > 0.0:
                out.append((level, 1.0 - math.exp(-rate)))
        return out

    def _moves(self, k: int) -> list[Move]:
        moves = self.moves[k]
        if moves is None:
            moves = []
            for cards, once, twice, size, h, opts in _units(k):
                choices = self._choices(opts) if opts else [(h, 1.0)]
                moves.append((cards, once, twice, size, choices))
            self.moves[k] = moves
        return moves

    def _solve(self, x: int, left: int, units: int, pair_open: bool) -> Frontier:
        if units == 0:
            return ZERO if pair_open else BASE
        if left < 2 * units - pair_open:
            return ZERO
        key = (x << 4) | (units << 1) | pair_open
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        q = ((x & -x).bit_length() - 1) >> 1
        k = KIND_AT[q]
        points: list[tuple[int, float]] = []

        def add(rest: Frontier, choices: list[tuple[int, float]]) -> None:
            for h, p in choices:
                for rh, rp in rest:
                    points.append((min(TOP, rh + h), p * rp))

        present = x | (x >> 1)
        for cards, once, twice, size, choices in self._moves(k):
            if choices and present & once == once and x & twice == twice:
                add(self._solve(x - cards, left - size, units - 1, pair_open), choices)
        one = 1 << (2 * q)
        if pair_open:
            if (x >> (2 * q)) & 3 >= 2:
                points.extend(self._solve(x - 2 * one, left - 2, units - 1, False))
            if self.per[k] > 0.0:  # a seed: the winning card pairs it
                seed = [(0, 1.0 - math.exp(-self.per[k] * SEED_SHARE))]
                add(self._solve(x - one, left - 1, units - 1, False), seed)
        points.extend(self._solve(x - one, left - 1, units, pair_open))  # dead weight
        result = _pareto(points)
        self.memo[key] = result
        return result


def _pareto(points: list[tuple[int, float]]) -> Frontier:
    """The points no other point beats in both huxi and chance, by huxi ascending."""
    points.sort(reverse=True)
    out: list[tuple[int, float]] = []
    top = 0.0
    for h, p in points:
        if p > top:
            out.append((h, p))
            top = p
    out.reverse()
    return tuple(out)
