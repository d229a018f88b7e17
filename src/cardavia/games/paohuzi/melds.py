"""Melds on the table, their text form, and the win evaluation over placements (rules 7.3).

A ``Meld`` is a typed group (``chi``, ``peng``, ``wei``, ``pao``, ``ti``). ``hidden`` marks an initial
ti, whose identity only its owner sees until the end of the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cardavia.engine.errors import NotationError
from cardavia.games.paohuzi.cards import DECK, KINDS, MELD_KINDS, chi_huxi, group_type, identical_huxi
from cardavia.games.paohuzi.huxi import NO_SPLIT, best_split, reach, split_groups

FOURS = ("pao", "ti")
_MELD_HUXI: dict[tuple[str, tuple[int, ...], bool], int] = {}  # every distinct meld: a few hundred


class Meld(NamedTuple):
    """One group on the table: its kind and its cards (sorted kinds)."""

    kind: str
    cards: tuple[int, ...]
    hidden: bool = False

    @property
    def card(self) -> int:
        """The kind of an identical meld (its first card)."""
        return self.cards[0]

    def huxi(self) -> int:
        """The meld's huxi (rules 3.4)."""
        value = _MELD_HUXI.get(self)
        if value is None:
            value = chi_huxi(self.cards) if self.kind == "chi" else identical_huxi(self.kind, self.cards[0])
            _MELD_HUXI[self] = value
        return value

    def text(self) -> str:
        """``"peng b5 b5 b5"``: kind then cards, canonical."""
        return f"{self.kind} {DECK.format(self.cards)}"


def identical(kind: str, card: int, hidden: bool = False) -> Meld:
    """An identical meld (peng, wei: 3 cards; pao, ti: 4 cards) of ``card``."""
    return Meld(kind, (card,) * (4 if kind in FOURS else 3), hidden)


def parse_meld(text: object) -> Meld:
    """Read ``"wei s4 s4 s4"``; ``NotationError`` naming what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"a meld must be a string, got {text!r}")
    words = text.split()
    if not words or words[0] not in MELD_KINDS:
        raise NotationError(f"meld {text!r} must start with one of {', '.join(MELD_KINDS)}")
    kind, cards = words[0], tuple(DECK.parse(" ".join(words[1:])))
    if kind == "chi":
        if group_type(cards) is None:
            raise NotationError(f"meld {text!r} is not a chi-type group")
    else:
        size = 4 if kind in FOURS else 3
        if len(cards) != size or len(set(cards)) != 1:
            raise NotationError(f"meld {text!r}: a {kind} is {size} identical cards")
    return Meld(kind, cards)


def full_size(fours: int) -> int:
    """Cards in a complete holding with ``fours`` ti/pao (rules 4.1)."""
    return 21 if fours == 0 else 20 + fours


def target_size(fours: int) -> int:
    """Cards held at rest with ``fours`` ti/pao (rules 4.1)."""
    return 20 if fours <= 1 else 19 + fours


class Base(NamedTuple):
    """What the win check needs of a holding, computed once per change of the holding."""

    huxi: int
    cards: int
    fours: int
    kan_huxi: int
    kan_cards: int
    free: int
    free_cards: int
    upgradable: int  # bit 2k: a kan, peng or wei of kind k (a pao placement may exist)
    bound: int  # huxi of melds and kans plus the free cards' 1-2-3 / 2-7-10 bound (see huxi_bound)
    owed: int  # T - target(F): cards held beyond the count at rest (rules 4.1)
    win_cards: int  # bit 2k: kinds whose card may complete the holding (``huxi.reach``)
    chi_cards: int  # bit 2k: kinds whose card may be chi'd (``huxi.reach``)


# The melds' huxi, cards, fours and peng/wei kinds (bit 2k), and their cards less target(fours).
MeldPart = tuple[int, int, int, int, int]

_LOW = sum(1 << (2 * k) for k in range(KINDS))
_HIGH = _LOW << 1
_SMALL_LOW = sum(1 << (2 * k) for k in range(10))


_MELD_PARTS: dict[Meld, tuple[int, int, int, int]] = {}  # every distinct meld: a few hundred


def _meld_part(m: Meld) -> tuple[int, int, int, int]:
    four = m.kind in FOURS
    upgradable = 0 if four or m.kind == "chi" else 1 << (2 * m.cards[0])
    part = _MELD_PARTS[m] = (m.huxi(), len(m.cards), int(four), upgradable)
    return part


def meld_part(melds: Sequence[Meld]) -> MeldPart:
    """The melds' share of a ``Base``."""
    huxi = cards = fours = upgradable = 0
    for m in melds:
        h, c, f, u = _MELD_PARTS.get(m) or _meld_part(m)
        huxi += h
        cards += c
        fours += f
        upgradable |= u
    return huxi, cards, fours, upgradable, cards - target_size(fours)


def _base(part: MeldPart, kans: int, free: int) -> Base:
    n_kans = kans.bit_count()
    kan_huxi = 6 * n_kans - 3 * (kans & _SMALL_LOW).bit_count()  # 3 for a small kan, 6 for a big
    free_cards = free.bit_count() + (free & _HIGH).bit_count()  # a count's bits, its high bit twice
    huxi, cards, fours, upgradable, short = part
    bound = huxi + kan_huxi + _bonus_bound(free)
    owed = short + 3 * n_kans + free_cards
    fields = (huxi, cards, fours, kan_huxi, 3 * n_kans, free, free_cards, upgradable | kans, bound, owed)
    return Base._make((*fields, *reach(free)))


def base_from(part: MeldPart, packed_hand: int) -> Base:
    """``holding_base`` from the melds' part and a packed hand (every count 0..3)."""
    kans = packed_hand & (packed_hand >> 1) & _LOW  # bit 2k where the count is 3
    return _base(part, kans, packed_hand ^ 3 * kans)


def free_of(packed_hand: int) -> int:
    """``Base.free`` of a packed hand: its cards outside kans."""
    return packed_hand ^ 3 * (packed_hand & (packed_hand >> 1) & _LOW)


def hand_owed(part: MeldPart, packed_hand: int) -> int:
    """``Base.owed`` from the melds' part and a packed hand, without the rest of the base."""
    # The hand's cards: each count's bits, its high bit twice.
    return part[4] + packed_hand.bit_count() + (packed_hand & _HIGH).bit_count()


def holding_base(melds: Sequence[Meld], hand: Sequence[int]) -> Base:
    """Melds' huxi, cards and fours; kans' huxi and cards; the packed free cards and their number;
    the kinds with a kan, peng or wei. A hand count of 4 is a kan plus a free card."""
    kans = free = 0
    for k, n in enumerate(hand):
        if n >= 3:
            kans |= 1 << (2 * k)
            n -= 3
        if n:
            free |= n << (2 * k)
    return _base(meld_part(melds), kans, free)


# A placement: -1 free (or holdings), -2 kan -> pao, i >= 0 meld i upgraded to pao.
FREE, KAN_PAO = -1, -2


def _placements(
    melds: Sequence[Meld],
    hand: Sequence[int],
    card: int | None,
    from_other: bool,
    own_wei_pao: bool,
    base: Base | None = None,
) -> list[tuple[int, int, int, int]]:
    """Viable placements as (placement, huxi outside the free cards, free packed, fours)."""
    b = holding_base(melds, hand) if base is None else base
    out: list[tuple[int, int, int, int]] = []
    fixed = b.huxi + b.kan_huxi
    if card is None:
        if b.cards + b.kan_cards + b.free_cards == full_size(b.fours):
            out.append((FREE, fixed, b.free, b.fours))
        return out
    bit = 1 << (2 * card)
    total = b.cards + b.kan_cards + b.free_cards + 1
    if total == full_size(b.fours) and (b.free >> (2 * card)) & 3 < 3:
        out.append((FREE, fixed, b.free + bit, b.fours))
    if total == full_size(b.fours + 1):
        pao = identical_huxi("pao", card)
        if from_other and hand[card] >= 3:
            out.append((KAN_PAO, fixed - identical_huxi("kan", card) + pao, b.free, b.fours + 1))
        for i, m in enumerate(melds):
            if m.cards[0] == card and (m.kind == "peng" or (m.kind == "wei" and (from_other or own_wei_pao))):
                out.append((i, fixed - m.huxi() + pao, b.free, b.fours + 1))
    return out


# The chi-type groups worth huxi: (kinds, huxi). Free-card huxi comes only from these and from the
# one identical triple a winning card can make.
_BONUS_GROUPS = [((0, 1, 2), 3), ((1, 6, 9), 3), ((10, 11, 12), 6), ((11, 16, 19), 6)]


BONUS_KINDS = frozenset(k for kinds, _v in _BONUS_GROUPS for k in kinds)


def _bonus_pairs(i: int) -> int:
    # i holds the counts of 1, 2, 3, 7, 10 of one series, 2 bits each: how many 1-2-3 and 2-7-10
    # groups they can make together (each group takes one of the 2s).
    one, two, three, seven, ten = (i >> (2 * j) & 3 for j in range(5))
    return min(two, min(one, three) + min(seven, ten))


_BONUS_PAIRS = tuple(_bonus_pairs(i) for i in range(1 << 10))


def _bonus_bound(x: int) -> int:
    # The 1, 2, 3 fields of a series are its bits 0-5, the 7 and 10 fields its bits 12-13 and 18-19.
    small = _BONUS_PAIRS[(x & 63) | (x >> 6 & 192) | (x >> 10 & 768)]
    big = _BONUS_PAIRS[(x >> 20 & 63) | (x >> 26 & 192) | (x >> 30 & 768)]
    return 3 * small + 6 * big


def huxi_bound(base: Base, card: int) -> int:
    """An upper bound of ``win_huxi`` for ``card`` added to a holding (cheap, for skipping checks);
    ``NO_SPLIT`` when ``card`` cannot complete it (``Base.win_cards``).

    Free cards score only in 1-2-3 and 2-7-10 groups (each at most min-count times, both together
    at most as often as the series' 2 is held) and in the triple made with ``card``; an upgrade to
    pao (possible only with a kan, peng or wei of ``card``) gains at most 6 over the group it
    replaces.
    """
    if not base.win_cards >> (2 * card) & 1:
        return NO_SPLIT
    x = base.free + (1 << (2 * card))
    # Only a card of a 1-2-3 or 2-7-10 group can change the free cards' bound.
    bound = base.huxi + base.kan_huxi + _bonus_bound(x) if card in BONUS_KINDS else base.bound
    if base.upgradable >> (2 * card) & 1:
        bound += 6
    if (x >> (2 * card)) & 3 == 3:
        bound += identical_huxi("peng", card)
    return bound


def win_huxi(
    melds: Sequence[Meld],
    hand: Sequence[int],
    card: int | None,
    from_other: bool,
    own_wei_pao: bool = False,
    base: Base | None = None,
) -> int:
    """Highest huxi of a complete holding over every placement of ``card``; ``NO_SPLIT`` if none.

    ``card`` None judges the holdings as they are (after a compulsory wei/ti). ``from_other``: the
    card was revealed by another seat (kan -> pao and wei -> pao become possible placements).
    ``base``: ``holding_base(melds, hand)`` if the caller has it.
    """
    b = holding_base(melds, hand) if base is None else base
    if card is not None and not b.upgradable >> (2 * card) & 1:
        # No kan, peng or wei of ``card``: its one placement is among the free cards.
        free = b.free + (1 << (2 * card))
        if b.cards + b.kan_cards + b.free_cards + 1 != full_size(b.fours) or (b.free >> (2 * card)) & 3 == 3:
            return NO_SPLIT
        v = best_split(free, b.fours >= 1)
        return NO_SPLIT if v == NO_SPLIT else b.huxi + b.kan_huxi + v
    best = NO_SPLIT
    for _placement, fixed, free, fours in _placements(melds, hand, card, from_other, own_wei_pao, b):
        v = best_split(free, fours >= 1)
        if v != NO_SPLIT and fixed + v > best:
            best = fixed + v
    return best


def scored_groups(
    melds: Sequence[Meld], hand: Sequence[int], card: int | None, from_other: bool, own_wei_pao: bool = False
) -> tuple[int, list[str]] | None:
    """The best complete holding as (huxi, group texts: melds, kans, free groups); None if none."""
    best: tuple[int, int, int, int] | None = None
    for placement, fixed, free, fours in _placements(melds, hand, card, from_other, own_wei_pao):
        v = best_split(free, fours >= 1)
        if v != NO_SPLIT and (best is None or fixed + v > best[1] + best_split(best[2], best[3] >= 1)):
            best = (placement, fixed, free, fours)
    if best is None:
        return None
    placement, fixed, free, fours = best
    texts = []
    for i, m in enumerate(melds):
        texts.append(identical("pao", m.card).text() if i == placement else m.text())
    if placement == KAN_PAO and card is not None:
        texts.append(identical("pao", card).text())
    for k in range(KINDS):
        if hand[k] >= 3 and not (placement == KAN_PAO and k == card):
            texts.append(f"kan {DECK.format((k, k, k))}")
    for label, cards in split_groups(free, fours >= 1):
        texts.append(f"{label} {DECK.format(cards)}")
    return fixed + best_split(free, fours >= 1), texts
