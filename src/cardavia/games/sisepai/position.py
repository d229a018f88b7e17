"""Starting positions: the seeded deal, and reading/writing records (records-and-cli.md section 4, 6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardavia.engine.errors import CardaviaError, RecordError
from cardavia.engine.game import JSON
from cardavia.engine.rng import Rng
from cardavia.games.sisepai.cards import DECK, HAND_SIZE, SEATS, WIN_SIZE, is_single
from cardavia.games.sisepai.melds import Group, group_type

GAME = "sisepai"
DRAW_STEP, DISCARD_STEP = "draw", "discard"


@dataclass(frozen=True, slots=True)
class Start:
    """The starting position of a deal (a record without its actions). Hands are sorted card lists."""

    dealer: int
    seed: int | None
    hands: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Group, ...], ...]
    stock: tuple[int, ...]
    next_seat: int
    next_step: str
    explicit_next: bool

_FULL_DECK: tuple[int, ...] = tuple(DECK.full_deck())
"""Every physical card in canonical order: the deck before the seeded shuffle."""


def deal(seed: int, dealer: int | None = None) -> Start:
    """The canonical seeded deal of rules section 2.2.

    The generator first draws the dealer, then shuffles the 117 cards; a given ``dealer`` replaces
    the drawn one without changing the shuffle.
    """
    rng = Rng(seed)
    drawn = rng.below(SEATS)
    cards = list(_FULL_DECK)
    rng.shuffle(cards)
    dealer = drawn if dealer is None else dealer
    hands: list[tuple[int, ...]] = [()] * SEATS
    for i in range(SEATS):
        hands[(dealer + i) % SEATS] = tuple(sorted(cards[HAND_SIZE * i: HAND_SIZE * (i + 1)]))
    return Start(
        dealer=dealer,
        seed=seed,
        hands=tuple(hands),
        melds=((),) * SEATS,
        stock=tuple(cards[HAND_SIZE * SEATS:]),
        next_seat=dealer,
        next_step=DRAW_STEP,
        explicit_next=False,
    )


def _codes(value: object, what: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of card codes")
    try:
        return DECK.parse_list(value)
    except CardaviaError as exc:
        raise RecordError(f"{what}: {exc}") from None


def _per_seat(record: Mapping[str, Any], name: str) -> list[Any]:
    value = record[name]
    if not isinstance(value, list) or len(value) != SEATS:
        raise RecordError(f"'{name}' must be a list of {SEATS} lists, one per seat")
    return value


def _read_melds(record: Mapping[str, Any]) -> tuple[tuple[Group, ...], ...]:
    if "melds" not in record:
        return ((),) * SEATS
    melds = []
    for seat, groups in enumerate(_per_seat(record, "melds")):
        if not isinstance(groups, list):
            raise RecordError(f"'melds' of seat {seat} must be a list of groups like \"RC RC RC\"")
        seat_groups = []
        for text in groups:
            if not isinstance(text, str):
                raise RecordError(f"'melds' of seat {seat}: a group must be a string, got {text!r}")
            try:
                group = tuple(DECK.parse(text))
            except CardaviaError as exc:
                raise RecordError(f"'melds' of seat {seat}: {exc}") from None
            if group_type(group) is None:
                raise RecordError(f"'melds' of seat {seat}: {text!r} is not a legal group")
            seat_groups.append(group)
        melds.append(tuple(seat_groups))
    return tuple(melds)


def _read_next(record: Mapping[str, Any], dealer: int) -> tuple[int, str, bool]:
    if "next" not in record:
        return dealer, DRAW_STEP, False
    nxt = record["next"]
    if not isinstance(nxt, dict) or set(nxt) != {"seat", "step"}:
        raise RecordError("'next' must be {\"seat\": s, \"step\": \"draw\" or \"discard\"}")
    seat, step = nxt["seat"], nxt["step"]
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise RecordError(f"'next' seat must be 0-{SEATS - 1}, got {seat!r}")
    if step not in (DRAW_STEP, DISCARD_STEP):
        raise RecordError(f"'next' step must be \"draw\" or \"discard\", got {step!r}")
    return seat, step, True


def read_position(record: Mapping[str, Any]) -> Start:
    """The starting position of a record; ``RecordError`` naming the first problem."""
    dealer = record.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < SEATS:
        raise RecordError(f"'dealer' must be a seat number 0-{SEATS - 1}, got {dealer!r}")
    chou = record.get("chou")
    if chou is not None and (not isinstance(chou, list) or any(c != [] for c in chou)):
        raise RecordError("'chou' is a Paohuzi field; a Sì Sè Pái record has none")
    if "hands" not in record:
        for name in ("melds", "stock", "next"):
            if name in record:
                raise RecordError(f"'{name}' needs 'hands': a 'seed' alone deals the whole deck")
        seed = record.get("seed")
        if type(seed) is not int:
            raise RecordError("a record needs 'hands' and 'stock', or a 'seed'")
        return deal(seed, dealer)
    if "stock" not in record:
        raise RecordError("a record with 'hands' needs a 'stock' (top card first)")
    hands = [_codes(h, f"'hands' of seat {s}") for s, h in enumerate(_per_seat(record, "hands"))]
    stock = _codes(record["stock"], "'stock'")
    stock = [DECK.card(code) for code in record["stock"]]  # keep the order, not sorted
    melds = _read_melds(record)
    counts = DECK.counts(stock)
    for seat in range(SEATS):
        for k in hands[seat]:
            counts[k] += 1
        for group in melds[seat]:
            for k in group:
                counts[k] += 1
    DECK.check_copies(counts, "the position")
    next_seat, next_step, explicit = _read_next(record, dealer)
    for seat in range(SEATS):
        held = len(hands[seat]) + sum(len(g) for g in melds[seat])
        limit = WIN_SIZE if next_step == DISCARD_STEP and seat == next_seat else HAND_SIZE
        if held > limit:
            raise RecordError(f"seat {seat} holds {held} cards (concealed and exposed); at most {limit} here")
    if next_step == DISCARD_STEP and all(is_single(k) for k in hands[next_seat]):
        raise RecordError(f"seat {next_seat} must discard but holds no card that may be discarded")
    return Start(
        dealer=dealer,
        seed=None,
        hands=tuple(tuple(h) for h in hands),
        melds=melds,
        stock=tuple(stock),
        next_seat=next_seat,
        next_step=next_step,
        explicit_next=explicit,
    )


def write_record(start: Start, actions: list[str]) -> JSON:
    """The record of a deal from ``start`` with ``actions`` played."""
    if start.seed is not None:
        return {"game": GAME, "dealer": start.dealer, "seed": start.seed, "actions": list(actions)}
    doc: JSON = {
        "game": GAME,
        "dealer": start.dealer,
        "hands": [DECK.format_list(h) for h in start.hands],
        "melds": [[DECK.format(g) for g in m] for m in start.melds],
        "stock": [DECK.codes[k] for k in start.stock],
    }
    if start.explicit_next:
        doc["next"] = {"seat": start.next_seat, "step": start.next_step}
    doc["actions"] = list(actions)
    return doc
