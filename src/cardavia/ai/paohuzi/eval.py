"""Paohuzi holding evaluator: how far a holding is from a winning hand (seven groups, 15 huxi).

Melds and kans are fixed groups. The free cards must grow, with the winning card, into the other
``k`` groups (one of them a pair when the holding has a four), worth the huxi the fixed groups
lack. A ready hand (one card from winning) is found exactly with the engine's exhaustive split.
Farther hands are estimated the way mahjong programs count shanten: the free cards are split into
complete groups, *blocks* (two cards of a group, one missing) and isolated cards, and
``missing = 3·slots - seeds + blocks`` (``slots``: groups not yet started; ``seeds``: isolated cards
that can start one), plus one card per 3 huxi the groups and blocks cannot promise. The exact
search is too slow in Python for a 5 ms move (see the AI report), so the split is found greedily
under three orders of preference and the best is kept.
"""

from __future__ import annotations

from functools import lru_cache

from cardavia.games.paohuzi.cards import KINDS
from cardavia.games.paohuzi.huxi import NO_SPLIT, best_split, pack

FAR = 99


def _rich(k: int) -> int:
    return 6 if k >= 10 else 3


def _groups() -> dict[str, list[tuple[tuple[int, ...], int]]]:
    """Complete chi-type groups by family, with their huxi."""
    rich: list[tuple[tuple[int, ...], int]] = []
    runs: list[tuple[tuple[int, ...], int]] = []
    jiao: list[tuple[tuple[int, ...], int]] = []
    for base in (10, 0):
        rich.append(((base, base + 1, base + 2), _rich(base)))
        rich.append(((base + 1, base + 6, base + 9), _rich(base)))
    for base in (0, 10):
        for start in range(1, 8):
            runs.append(((base + start, base + start + 1, base + start + 2), 0))
    for n in range(10):
        jiao.append(((n, n, n + 10), 0))
        jiao.append(((n, n + 10, n + 10), 0))
    return {"rich": rich, "runs": runs, "jiao": jiao}


def _blocks() -> list[tuple[tuple[int, ...], int]]:
    """Two-card blocks, best first, with the huxi of the group they would complete."""
    out: list[tuple[tuple[int, ...], int]] = []
    for base in (10, 0):
        r = _rich(base)
        out += [((base, base + 1), r), ((base + 1, base + 2), r), ((base, base + 2), r)]
        out += [((base + 1, base + 6), r), ((base + 6, base + 9), r), ((base + 1, base + 9), r)]
    for k in range(KINDS):
        out.append(((k, k), 3 if k >= 10 else 1))
    for base in (0, 10):
        for start in range(1, 9):
            out.append(((base + start, base + start + 1), 0))
        for start in range(1, 8):
            out.append(((base + start, base + start + 2), 0))
    for n in range(10):
        out.append(((n, n + 10), 0))
    return out


_G = _groups()
ORDERS = (
    _G["rich"] + _G["runs"] + _G["jiao"],
    _G["runs"] + _G["rich"] + _G["jiao"],
    _G["jiao"] + _G["rich"] + _G["runs"],
)
BLOCKS = _blocks()


def _take(counts: list[int], cards: tuple[int, ...]) -> bool:
    for c in cards:
        counts[c] -= 1
    if min(counts[c] for c in cards) < 0:
        for c in cards:
            counts[c] += 1
        return False
    return True


def _estimate(free: tuple[int, ...], order: list[tuple[tuple[int, ...], int]], groups: int, pair: bool,
              huxi: int) -> int:
    counts = list(free)
    complete = 0
    worth = 0
    for cards, value in order:
        while complete < groups and _take(counts, cards):
            complete += 1
            worth += value
    triples = groups - (1 if pair else 0)
    pair_held = False
    if pair:
        for k in sorted(range(KINDS), key=lambda k: -k):
            if counts[k] >= 2:
                counts[k] -= 2
                pair_held = True
                break
    blocks = 0
    for cards, value in BLOCKS:
        while complete + blocks < triples and _take(counts, cards):
            blocks += 1
            worth += value
    slots = max(0, triples - complete - blocks)
    isolated = sum(counts)
    missing = 3 * slots + blocks - min(isolated, slots)
    if pair and not pair_held:
        missing += 1 if isolated > slots else 2
    short = max(0, huxi - worth)
    return missing + (short + 2) // 3


@lru_cache(maxsize=1 << 16)
def raw_distance(free: tuple[int, ...], groups: int, pair: bool, huxi: int) -> int:
    """The estimated number of cards still missing (the winning card included)."""
    return min(_estimate(free, order, groups, pair, max(0, huxi)) for order in ORDERS)


def complete(cards: tuple[int, ...], pair: bool, huxi_needed: int) -> bool:
    """True when ``cards`` split into groups (one pair if ``pair``) worth ``huxi_needed`` or more."""
    if any(c > 3 for c in cards):
        return False
    value = best_split(pack(cards), pair)
    return value != NO_SPLIT and value >= huxi_needed


@lru_cache(maxsize=1 << 15)
def winning_kinds(free: tuple[int, ...], groups: int, pair: bool, huxi_needed: int) -> tuple[int, ...]:
    """The kinds that would complete the holding as free cards."""
    if sum(free) + 1 != 3 * groups - (1 if pair else 0):
        return ()
    out = []
    for k in range(KINDS):
        if free[k] >= 3:
            continue
        more = list(free)
        more[k] += 1
        if complete(tuple(more), pair, huxi_needed):
            out.append(k)
    return tuple(out)


def distance(free: tuple[int, ...], groups: int, pair: bool, huxi_needed: int) -> int:
    """Cards still needed, the winning card included: 1 means ready (exact), else an estimate."""
    if winning_kinds(free, groups, pair, huxi_needed):
        return 1
    return max(2, raw_distance(free, groups, pair, huxi_needed))
