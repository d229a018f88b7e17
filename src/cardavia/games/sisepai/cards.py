"""The 117-card Sì Sè Pái deck (rules/sisepai.md section 1).

Card kinds are ints in canonical order: colour-major (R, Y, W, G), rank-minor (G, A, E, C, H, N, S),
so kind ``7 * colour + rank``; the flowers F1-F5 are kinds 28-32.
"""

from __future__ import annotations

from cardavia.engine.cards import Deck

COLOURS = "RYWG"
RANKS = "GAECHNS"

GENERAL, ADVISOR, ELEPHANT, CHARIOT, HORSE, CANNON, SOLDIER = range(7)
FIRST_FLOWER = 28
KINDS = 33
SEATS = 4
HAND_SIZE = 20
WIN_SIZE = 21

CODES: tuple[str, ...] = tuple(c + r for c in COLOURS for r in RANKS) + tuple(f"F{i}" for i in range(1, 6))
DECK = Deck(CODES, [4] * 28 + [1] * 5)
STOCK = DECK.size - SEATS * HAND_SIZE  # the cards left to draw after the deal (37)


def colour(card: int) -> int:
    """The colour index (0-3) of a chess card."""
    return card // 7


def rank(card: int) -> int:
    """The rank index (0-6) of a chess card."""
    return card % 7


def is_flower(card: int) -> bool:
    """True for F1-F5."""
    return card >= FIRST_FLOWER


def is_general(card: int) -> bool:
    """True for the four Generals."""
    return card < FIRST_FLOWER and card % 7 == GENERAL


def is_single(card: int) -> bool:
    """Generals and flowers: the cards that stand alone and can never be discarded."""
    return card >= FIRST_FLOWER or card % 7 == GENERAL


def kind(c: int, r: int) -> int:
    """The card kind of colour ``c`` and rank ``r``."""
    return 7 * c + r


def _mates(card: int) -> tuple[int, ...]:
    if is_flower(card):
        return ()
    c, r = colour(card), rank(card)
    if r == SOLDIER:
        return tuple(kind(o, SOLDIER) for o in range(4) if o != c)
    trio = (GENERAL, ADVISOR, ELEPHANT) if r <= ELEPHANT else (CHARIOT, HORSE, CANNON)
    return tuple(kind(c, x) for x in trio if x != r)


_MATES: tuple[tuple[int, ...], ...] = tuple(_mates(k) for k in range(KINDS))


def mates(card: int) -> tuple[int, ...]:
    """The cards that can share a mixed group with ``card``, in canonical order: the other colours'
    soldiers for a soldier, else the rest of its command (General, Advisor, Elephant) or field
    (Chariot, Horse, Cannon) trio of its colour; none for a flower."""
    return _MATES[card]
