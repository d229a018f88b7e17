"""Starting positions: the seeded deal, and reading positions from records (records-and-cli.md
sections 4 and 6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.engine.errors import NotationError, RecordError
from cardavia.engine.game import JSON
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import CODES, DECK, SEATS
from cardavia.games.paohuzi.melds import Meld, parse_meld

GAME = "paohuzi"
DEALER_CARDS, OTHER_CARDS, STOCK_CARDS = 21, 20, 19


@dataclass(frozen=True)
class Position:
    """A deal's start: hand counts, melds, the stock (top first), chou bitmasks, the dealer's
    face-up card (-1: none), the ``next`` step (None: the normal start) and ``record``, the
    start as a record without actions."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    stock: tuple[int, ...]
    chou: tuple[int, ...]
    shown: int
    next: tuple[int, str] | None
    record: JSON


def deal(seed: int, dealer: int | None = None) -> Position:
    """The pinned deal: dealer 21 cards (the last face up), the next seats 20 each, then the
    19-card stock, all from one shuffled deck. ``Rng(seed)`` draws the dealer first, even when
    ``dealer`` is given."""
    rng = Rng(seed)
    drawn = rng.below(SEATS)
    dealer = drawn if dealer is None else dealer
    if not 0 <= dealer < SEATS:
        raise RecordError(f"dealer must be 0-{SEATS - 1}, got {dealer}")
    cards = DECK.full_deck()
    rng.shuffle(cards)
    hands: list[list[int]] = [[] for _ in range(SEATS)]
    pos = 0
    for i in range(SEATS):
        seat = (dealer + i) % SEATS
        size = DEALER_CARDS if i == 0 else OTHER_CARDS
        hands[seat] = cards[pos : pos + size]
        pos += size
    shown = hands[dealer][-1]
    record: JSON = {
        "game": GAME,
        "seed": seed,
        "dealer": dealer,
        "hands": [_hand_codes(h, shown if s == dealer else None) for s, h in enumerate(hands)],
        "stock": [CODES[c] for c in cards[pos:]],
    }
    counts = tuple(tuple(DECK.counts(h)) for h in hands)
    return Position(dealer, counts, ((),) * SEATS, tuple(cards[pos:]), (0,) * SEATS, shown, None, record)


def read_position(record: Mapping[str, Any]) -> Position:
    """The starting position of a record (everything but ``actions``); ``RecordError`` or
    ``NotationError`` naming the first problem."""
    dealer = record.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < SEATS:
        raise RecordError(f"'dealer' must be a seat number 0-{SEATS - 1}, got {dealer!r}")
    if "hands" not in record:
        seed = record.get("seed")
        if type(seed) is not int:
            raise RecordError("a record needs 'hands' and 'stock', or an integer 'seed'")
        if any(f in record for f in ("melds", "stock", "chou", "next")):
            raise RecordError("a record dealt from 'seed' cannot also give melds, stock, chou or next")
        seeded = deal(seed, dealer)
        return Position(**{**seeded.__dict__, "record": {"game": GAME, "seed": seed, "dealer": dealer}})
    hands = [DECK.parse_list(h) for h in _per_seat(record, "hands", required=True)]
    melds = [[parse_meld(m) for m in ms] for ms in _per_seat(record, "melds")]
    chou_lists = [DECK.parse_list(c) for c in _per_seat(record, "chou")]
    stock_codes = record.get("stock", [])
    if not isinstance(stock_codes, list):
        raise RecordError("'stock' must be a list of card codes")
    stock = tuple(DECK.card(_code(c)) for c in stock_codes)
    total = DECK.counts(stock)
    for s in range(SEATS):
        for c in hands[s]:
            total[c] += 1
        for m in melds[s]:
            for c in m.cards:
                total[c] += 1
    DECK.check_copies(total)
    nxt = _read_next(record.get("next"), hands)
    shown = -1
    if nxt is None and record["hands"][dealer]:
        shown = DECK.card(record["hands"][dealer][-1])
    chou = tuple(sum(1 << k for k in set(c)) for c in chou_lists)
    start: JSON = {"game": GAME, "dealer": dealer}
    if "seed" in record:
        start["seed"] = record["seed"]
    start["hands"] = [
        _hand_codes(h, shown if s == dealer and shown >= 0 else None) for s, h in enumerate(hands)
    ]
    if any(melds):
        start["melds"] = [[m.text() for m in ms] for ms in melds]
    start["stock"] = [CODES[c] for c in stock]
    if any(chou):
        start["chou"] = [DECK.format_list(sorted(set(c))) for c in chou_lists]
    if nxt is not None:
        start["next"] = {"seat": nxt[0], "step": nxt[1]}
    counts = tuple(tuple(DECK.counts(h)) for h in hands)
    return Position(dealer, counts, tuple(tuple(m) for m in melds), stock, chou, shown, nxt, start)


def _read_next(value: object, hands: list[list[int]]) -> tuple[int, str] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"seat", "step"}:
        raise RecordError('\'next\' must be {"seat": s, "step": "draw" or "discard"}')
    seat, step = value["seat"], value["step"]
    if type(seat) is not int or not 0 <= seat < SEATS or step not in ("draw", "discard"):
        raise RecordError(f"'next' must name a seat 0-{SEATS - 1} and step draw or discard, got {value!r}")
    for s in range(SEATS):
        for k, n in enumerate(DECK.counts(hands[s])):
            if n == 4:
                raise RecordError(
                    f"seat {s}'s hand holds four {CODES[k]}; in a position with 'next' they must be a ti meld"
                )
    return seat, step


def _hand_codes(cards: Sequence[int], shown: int | None) -> list[str]:
    rest = sorted(cards)
    if shown is not None:
        rest.remove(shown)
        return [*DECK.format_list(rest), CODES[shown]]
    return DECK.format_list(rest)


def _code(value: object) -> str:
    if not isinstance(value, str):
        raise NotationError(f"card codes must be strings, got {value!r}")
    return value


def _per_seat(record: Mapping[str, Any], field: str, required: bool = False) -> list[list[Any]]:
    value = record.get(field)
    if value is None:
        if required:
            raise RecordError(f"the record needs {field!r}")
        return [[] for _ in range(SEATS)]
    if not isinstance(value, list) or len(value) != SEATS or not all(isinstance(v, list) for v in value):
        raise RecordError(f"{field!r} must be a list of {SEATS} lists, one per seat")
    return value
