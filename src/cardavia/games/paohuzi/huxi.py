"""The exhaustive max-huxi search of rules section 7.4.

Free cards are packed into one int, two bits per kind (kind ``k`` at bits ``2k``), so a state is
hashable and cheap. ``best_split(packed, need_pair)`` is the maximum huxi over every partition of
the free cards into chi-type groups, at most one identical triple (a hand pair plus the winning card,
scored as a peng) and exactly one pair when ``need_pair``; ``NO_SPLIT`` when none exists. The memo is
a bounded LRU cache (``CACHE_SIZE`` entries). ``reach(packed)`` gives cheap necessary conditions
that skip most searches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import lshift

from cardavia.games.paohuzi.cards import KINDS, is_big, number, other_size

NO_SPLIT = -(10**6)
CACHE_SIZE = 1 << 17

# One candidate group whose lowest card is a given kind:
# (packed cards, mask of kinds needing >= 1, mask of kinds needing >= 2, huxi, label, cards).
# Masks hold bit 2k for kind k; a packed count field is >= 1 iff (x | x >> 1) has bit 2k set, and
# >= 2 iff x >> 1 has it.
_Option = tuple[int, int, int, int, str, tuple[int, ...]]
_LOW = sum(1 << (2 * k) for k in range(KINDS))
_SHIFTS = tuple(range(0, 2 * KINDS, 2))


def _numbers(pred: Callable[[int], bool]) -> int:
    return sum(1 << (2 * n - 2) for n in range(1, 11) if pred(n))


# One series' fields (number n at bits 2n - 2): numbers with a neighbour one or two up or down.
_UP1, _UP2 = _numbers(lambda n: n <= 9), _numbers(lambda n: n <= 8)
_DOWN1, _DOWN2 = _numbers(lambda n: n >= 2), _numbers(lambda n: n >= 3)
_TWO, _SEVEN, _TEN = 1 << 2, 1 << 12, 1 << 18


def _in_series(present: int) -> int:
    # present: the numbers held in one series. Which numbers have a sequence or a 2-7-10 with two
    # other numbers held.
    up1, down1 = present >> 2 & _UP1, present << 2 & _DOWN1
    out = (up1 & present >> 4 & _UP2) | (down1 & up1) | (down1 & present << 4 & _DOWN2)
    two, seven, ten = present & _TWO, present & _SEVEN, present & _TEN
    if seven and ten:
        out |= _TWO
    if two and ten:
        out |= _SEVEN
    if two and seven:
        out |= _TEN
    return out


_SERIES = (1 << 20) - 1  # one series' fields of a packed hand


def _subsets(bits: Sequence[int]) -> list[int]:
    out = [0]
    for bit in bits:
        out += [x | bit for x in out]
    return out


_IN_SERIES = {present: _in_series(present) for present in _subsets([1 << (2 * j) for j in range(10)])}


def _helpers(k: int) -> int:
    # A lone card of kind k joins a group only with one more card of these kinds: k itself (then
    # two of it), the other series' k, a neighbour within two numbers, a 2-7-10 partner.
    near = {k, other_size(k)} | {j for j in range(KINDS) if is_big(j) == is_big(k) and abs(j - k) <= 2}
    if number(k) in (2, 7, 10):
        near |= {k - number(k) + n for n in (2, 7, 10)}
    return sum(1 << (2 * j) for j in near)


_HELPERS = [_helpers(k) for k in range(KINDS)]


def reach(x: int) -> tuple[int, int]:
    """What one more card may do with the packed free cards ``x`` (counts 0..2), as two sets of
    kinds (bit 2k): those whose card might let them be partitioned, and those whose card, claimed,
    might be chi'd with them.

    A card has a group to join among the others when they hold a sequence or 2-7-10 with it in its
    series, or two of the other series' card of its number. A card held once without one is lonely,
    and the free cards can be partitioned only with none. With one card added, each lonely card
    must share a group with it, which is in one group: so with three lonely cards no card helps,
    with one or two only a card that helps each of them. A claimed card can be chi'd only if it has
    a group to join, or the hand holds it and the other series' card of its number (two of it and
    that card).
    """
    present = (x | x >> 1) & _LOW
    twice = (x >> 1) & _LOW
    in_series = _IN_SERIES[present & _SERIES] | _IN_SERIES[present >> 20] << 20
    grouped = in_series | (twice << 20 | twice >> 20) & _LOW
    chi = grouped | present & (present << 20 | present >> 20)
    alone = present & ~twice & ~grouped
    if not alone:
        return _LOW, chi
    first = alone & -alone
    rest = alone ^ first
    if rest & (rest - 1):
        return 0, chi
    kinds = _HELPERS[first.bit_length() >> 1]
    return (kinds & _HELPERS[rest.bit_length() >> 1] if rest else kinds), chi


def pack(counts: Sequence[int]) -> int:
    """Pack a count list (every count 0..3) into an int."""
    if max(counts, default=0) > 3:
        k = next(k for k, n in enumerate(counts) if n > 3)
        raise ValueError(f"pack: count {counts[k]} of kind {k} exceeds 3")
    return sum(map(lshift, counts, _SHIFTS))


def _option(cards: tuple[int, ...], huxi: int, label: str) -> _Option:
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    packed = sum(n << (2 * c) for c, n in counts.items())
    one = sum(1 << (2 * c) for c in counts)
    two = sum(1 << (2 * c) for c, n in counts.items() if n >= 2)
    return (packed, one, two, huxi, label, cards)


def _make_options(k: int) -> tuple[list[_Option], _Option, _Option]:
    """Groups with lowest card ``k``: chi-type groups, the identical triple, the pair."""
    chis: list[_Option] = []
    bonus = 6 if is_big(k) else 3
    n = number(k)
    if n <= 8:
        chis.append(_option((k, k + 1, k + 2), bonus if n == 1 else 0, "chi"))
    if n == 2:
        chis.append(_option((k, k + 5, k + 8), bonus, "chi"))
    if not is_big(k):
        o = other_size(k)
        chis.append(_option((k, k, o), 0, "chi"))
        chis.append(_option((k, o, o), 0, "chi"))
    triple = _option((k, k, k), 3 if is_big(k) else 1, "peng")
    pair = _option((k, k), 0, "pair")
    return chis, triple, pair


_OPTIONS = [_make_options(k) for k in range(KINDS)]


def _fits(x: int, option: _Option) -> bool:
    one, two = option[1], option[2]
    return ((x | (x >> 1)) & one) == one and ((x >> 1) & two) == two


@lru_cache(maxsize=CACHE_SIZE)
def best_split(x: int, need_pair: bool) -> int:
    """Maximum huxi of a partition of the packed free cards ``x``; ``NO_SPLIT`` if none exists."""
    if x == 0:
        return NO_SPLIT if need_pair else 0
    low = x & -x
    k = (low.bit_length() - 1) >> 1
    chis, triple, pair = _OPTIONS[k]
    best = NO_SPLIT
    ge1 = (x | (x >> 1)) & _LOW
    ge2 = (x >> 1) & _LOW
    for packed, one, two, huxi, _label, _cards in chis:
        if ge1 & one == one and ge2 & two == two:
            v = best_split(x - packed, need_pair)
            if v != NO_SPLIT and v + huxi > best:
                best = v + huxi
    here = (x >> (2 * k)) & 3
    if here == 3:
        v = best_split(x - triple[0], need_pair)
        if v != NO_SPLIT and v + triple[3] > best:
            best = v + triple[3]
    if need_pair and here >= 2:
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
        if here == 3:
            candidates.append((triple, need_pair))
        if need_pair and here >= 2:
            candidates.append((pair, False))
        for option, pair_after in candidates:
            packed, _one, _two, huxi, label, cards = option
            if _fits(x, option):
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
