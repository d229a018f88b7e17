"""The exhaustive max-huxi search of rules section 7.4.

Free cards are packed into one int, two bits per kind (kind ``k`` at bits ``2k``), so a state is
hashable and cheap. ``best_split(packed, need_pair)`` is the maximum huxi over every partition of
the free cards into chi-type groups, at most one identical triple (a hand pair plus the winning card,
scored as a peng) and exactly one pair when ``need_pair``; ``NO_SPLIT`` when none exists. The memo is
a bounded LRU cache (``CACHE_SIZE`` entries).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from cardavia.games.paohuzi.cards import KINDS, is_big, number, other_size

NO_SPLIT = -(10**6)
CACHE_SIZE = 1 << 17

# One candidate group whose lowest card is a given kind: (packed cards, needs, huxi, label, cards).
# ``needs`` lists (shift, count) pairs that must be available.
_Option = tuple[int, tuple[tuple[int, int], ...], int, str, tuple[int, ...]]


def pack(counts: Sequence[int]) -> int:
    """Pack a count list (every count 0..3) into an int."""
    x = 0
    for k, n in enumerate(counts):
        if n:
            if n > 3:
                raise ValueError(f"pack: count {n} of kind {k} exceeds 3")
            x |= n << (2 * k)
    return x


def unpack(x: int) -> list[int]:
    """Inverse of ``pack``."""
    return [(x >> (2 * k)) & 3 for k in range(KINDS)]


def _make_options(k: int) -> tuple[list[_Option], _Option | None, _Option | None]:
    """Groups with lowest card ``k``: chi-type groups, the identical triple, the pair."""
    options: list[_Option] = []

    def add(cards: tuple[int, ...], huxi: int, label: str) -> None:
        counts: dict[int, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        packed = sum(n << (2 * c) for c, n in counts.items())
        needs = tuple((2 * c, n) for c, n in sorted(counts.items()))
        options.append((packed, needs, huxi, label, cards))

    bonus = 6 if is_big(k) else 3
    n = number(k)
    if n <= 8:
        add((k, k + 1, k + 2), bonus if n == 1 else 0, "chi")
    if n == 2:
        add((k, k + 5, k + 8), bonus, "chi")
    if not is_big(k):
        o = other_size(k)
        add((k, k, o), 0, "chi")
        add((k, o, o), 0, "chi")
    chis = list(options)
    options.clear()
    add((k, k, k), 3 if is_big(k) else 1, "peng")
    triple = options[0]
    options.clear()
    add((k, k), 0, "pair")
    pair = options[0]
    return chis, triple, pair


_OPTIONS = [_make_options(k) for k in range(KINDS)]


def _fits(x: int, needs: tuple[tuple[int, int], ...]) -> bool:
    return all((x >> shift) & 3 >= n for shift, n in needs)


@lru_cache(maxsize=CACHE_SIZE)
def best_split(x: int, need_pair: bool) -> int:
    """Maximum huxi of a partition of the packed free cards ``x``; ``NO_SPLIT`` if none exists."""
    if x == 0:
        return NO_SPLIT if need_pair else 0
    k = ((x & -x).bit_length() - 1) >> 1
    chis, triple, pair = _OPTIONS[k]
    best = NO_SPLIT
    for packed, needs, huxi, _label, _cards in chis:
        if _fits(x, needs):
            v = best_split(x - packed, need_pair)
            if v != NO_SPLIT and v + huxi > best:
                best = v + huxi
    here = (x >> (2 * k)) & 3
    if here == 3 and triple is not None:
        v = best_split(x - triple[0], need_pair)
        if v != NO_SPLIT and v + triple[2] > best:
            best = v + triple[2]
    if need_pair and here >= 2 and pair is not None:
        v = best_split(x - pair[0], False)
        if v != NO_SPLIT and v > best:
            best = v
    return best


def split_groups(x: int, need_pair: bool) -> list[tuple[str, tuple[int, ...]]]:
    """One partition achieving ``best_split(x, need_pair)``, as (label, cards) groups; [] if none."""
    target = best_split(x, need_pair)
    if target == NO_SPLIT:
        return []
    groups: list[tuple[str, tuple[int, ...]]] = []
    while x:
        k = ((x & -x).bit_length() - 1) >> 1
        chis, triple, pair = _OPTIONS[k]
        here = (x >> (2 * k)) & 3
        candidates: list[tuple[_Option, bool]] = [(o, need_pair) for o in chis]
        if here == 3 and triple is not None:
            candidates.append((triple, need_pair))
        if need_pair and here >= 2 and pair is not None:
            candidates.append((pair, False))
        for (packed, needs, huxi, label, cards), pair_after in candidates:
            if _fits(x, needs):
                v = best_split(x - packed, pair_after)
                if v != NO_SPLIT and v + huxi == target:
                    groups.append((label, cards))
                    x -= packed
                    target -= huxi
                    need_pair = pair_after
                    break
        else:  # pragma: no cover - best_split promised a split
            raise AssertionError("split_groups lost its way")
    return groups


def cache_info() -> tuple[int, int]:
    """(entries now in the memo, its bound)."""
    info = best_split.cache_info()
    return info.currsize, CACHE_SIZE
