"""Paohuzi cards and groups (rules section 1 and 3).

Kinds are ints 0..19: ``s1..s10`` are 0..9, ``b1..b10`` are 10..19, so ``number = k % 10 + 1`` and
``big = k >= 10``. Hands are count lists of length 20.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.engine.cards import Deck

KINDS = 20
SEATS = 3
DECK = Deck([f"s{n}" for n in range(1, 11)] + [f"b{n}" for n in range(1, 11)], [4] * KINDS)
CODES = DECK.codes

MELD_KINDS = ("chi", "peng", "wei", "pao", "ti")

# Huxi of an identical group, indexed by group kind: (small, big).
IDENTICAL_HUXI = {
    "pair": (0, 0),
    "peng": (1, 3),
    "wei": (3, 6),
    "kan": (3, 6),
    "pao": (6, 9),
    "ti": (9, 12),
}


def number(kind: int) -> int:
    """The number 1..10 printed on ``kind``."""
    return kind % 10 + 1


def is_big(kind: int) -> bool:
    """True for the big series (b1..b10)."""
    return kind >= 10


def other_size(kind: int) -> int:
    """The same number in the other series."""
    return kind - 10 if kind >= 10 else kind + 10


def group_type(cards: Sequence[int]) -> str | None:
    """Classify a chi-type group: ``"123"``, ``"2710"``, ``"sequence"``, ``"mixed"`` or ``None``."""
    if len(cards) != 3:
        return None
    a, b, c = sorted(cards)
    if a == b == c:
        return None
    if number(a) == number(b) == number(c):
        return "mixed"
    if is_big(a) != is_big(c):
        return None
    na, nb, nc = number(a), number(b), number(c)
    if (na, nb, nc) == (2, 7, 10):
        return "2710"
    if nb == na + 1 and nc == na + 2:
        return "123" if na == 1 else "sequence"
    return None


def chi_huxi(cards: Sequence[int]) -> int:
    """Huxi of a chi-type group (3/6 for 1-2-3 and 2-7-10, else 0); the group must be valid."""
    kind = group_type(cards)
    if kind in ("123", "2710"):
        return 6 if is_big(cards[0]) else 3
    return 0


def identical_huxi(group: str, kind: int) -> int:
    """Huxi of an identical group (pair, peng, wei, kan, pao, ti) of ``kind``."""
    small, big = IDENTICAL_HUXI[group]
    return big if is_big(kind) else small


def chi_groups_with(kind: int) -> list[tuple[int, int, int]]:
    """Every chi-type group (sorted kinds) that contains ``kind``."""
    groups: set[tuple[int, int, int]] = set()
    base = 10 if is_big(kind) else 0
    n = number(kind)
    for start in (n - 2, n - 1, n):
        if 1 <= start <= 8:
            groups.add((base + start - 1, base + start, base + start + 1))
    if n in (2, 7, 10):
        groups.add((base + 1, base + 6, base + 9))
    o = other_size(kind)
    groups.add(tuple(sorted((kind, kind, o))))  # type: ignore[arg-type]
    groups.add(tuple(sorted((kind, o, o))))  # type: ignore[arg-type]
    return sorted(groups)


def tun(huxi: int) -> int:
    """Tun for a winning huxi (rules 8.2); 0 below 15."""
    return 0 if huxi < 15 else 1 + (huxi - 15) // 3
