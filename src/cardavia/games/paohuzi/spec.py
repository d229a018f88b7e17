"""``PaohuziSpec``: new deals, positions from records, ``analyze`` and the bench probes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardavia.engine.errors import NotationError, RecordError
from cardavia.engine.game import JSON
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import CODES, DECK, KINDS, tun
from cardavia.games.paohuzi.game import SEATS, PaohuziGame
from cardavia.games.paohuzi.huxi import NO_SPLIT, cache_info
from cardavia.games.paohuzi.melds import Meld, identical, parse_meld, scored_groups, win_huxi
from cardavia.games.paohuzi.rules import DEFAULT_RULES, PAO, Rules
from cardavia.games.paohuzi.tracker import Tracker

DEALER_CARDS, OTHER_CARDS, STOCK_CARDS = 21, 20, 19

# A bench probe: (melds, hand counts, card or None, from another seat).
Probe = tuple[tuple[Meld, ...], tuple[int, ...], int | None, bool]


class PaohuziSpec:
    """The Paohuzi rules module: 3 seats, 80 cards, the options of ``rules``."""

    name = "paohuzi"
    seats = SEATS
    deck = DECK

    def __init__(self, rules: Rules = DEFAULT_RULES) -> None:
        self.rules = rules

    # ----- deals ------------------------------------------------------------------------------

    def new_game(self, seed: int, dealer: int | None = None, events: bool = True) -> PaohuziGame:
        """Deal from ``seed`` with the pinned shuffle: dealer 21 cards (the last face up), the next
        seats 20 each, then the 19-card stock, all from one shuffled deck. ``events=False`` skips
        building events, for speed."""
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
        start: JSON = {
            "game": self.name,
            "seed": seed,
            "dealer": dealer,
            "hands": [self._hand_codes(h, h[-1] if s == dealer else None) for s, h in enumerate(hands)],
            "stock": [CODES[c] for c in cards[pos:]],
        }
        counts = [DECK.counts(h) for h in hands]
        melds: list[list[Meld]] = [[] for _ in range(SEATS)]
        stock = tuple(cards[pos:])
        game = PaohuziGame(self, dealer, counts, melds, stock, [0] * SEATS, hands[dealer][-1], start)
        game.events_enabled = events
        game.begin()
        return game

    def dealt(self, seed: int) -> JSON:
        """The position of the seeded deal written out card by card, without the seed."""
        position = self.new_game(seed).record()
        del position["seed"], position["actions"]
        return position

    def tracker(self, position: Mapping[str, Any], seat: int) -> Tracker:
        """``seat``'s view of the deal from ``position`` on, followed event by event."""
        return Tracker(position, seat)

    @staticmethod
    def _hand_codes(cards: Sequence[int], shown: int | None) -> list[str]:
        rest = sorted(cards)
        if shown is not None:
            rest.remove(shown)
            return [*DECK.format_list(rest), CODES[shown]]
        return DECK.format_list(rest)

    def from_position(self, record: Mapping[str, Any]) -> PaohuziGame:
        """Build the starting state of ``record`` (without playing its actions)."""
        dealer = record.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < SEATS:
            raise RecordError(f"'dealer' must be a seat number 0-{SEATS - 1}, got {dealer!r}")
        if "hands" not in record:
            seed = record.get("seed")
            if type(seed) is not int:
                raise RecordError("a record needs 'hands' and 'stock', or an integer 'seed'")
            if any(f in record for f in ("melds", "stock", "chou", "next")):
                raise RecordError("a record dealt from 'seed' cannot also give melds, stock, chou or next")
            game = self.new_game(seed, dealer)
            game.start = {"game": self.name, "seed": seed, "dealer": dealer}
            return game
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
        nxt_step = record.get("next")
        shown = -1
        if nxt_step is None:
            raw = record["hands"][dealer]
            if raw:
                shown = DECK.card(raw[-1])
        else:
            if not isinstance(nxt_step, Mapping) or set(nxt_step) != {"seat", "step"}:
                raise RecordError('\'next\' must be {"seat": s, "step": "draw" or "discard"}')
            seat, step = nxt_step["seat"], nxt_step["step"]
            if type(seat) is not int or not 0 <= seat < SEATS or step not in ("draw", "discard"):
                raise RecordError(
                    f"'next' must name a seat 0-{SEATS - 1} and step draw or discard, got {nxt_step!r}"
                )
            for s in range(SEATS):
                for k, n in enumerate(DECK.counts(hands[s])):
                    if n == 4:
                        raise RecordError(
                            f"seat {s}'s hand holds four {CODES[k]}; "
                            "in a position with 'next' they must be a ti meld"
                        )
        counts = [DECK.counts(h) for h in hands]
        chou = [sum(1 << k for k in set(c)) for c in chou_lists]
        start: JSON = {"game": self.name, "dealer": dealer}
        if "seed" in record:
            start["seed"] = record["seed"]
        start["hands"] = [
            self._hand_codes(h, shown if s == dealer and shown >= 0 else None) for s, h in enumerate(hands)
        ]
        if any(melds):
            start["melds"] = [[m.text() for m in ms] for ms in melds]
        start["stock"] = [CODES[c] for c in stock]
        if any(chou):
            start["chou"] = [DECK.format_list(sorted(set(c))) for c in chou_lists]
        if nxt_step is not None:
            start["next"] = {"seat": nxt_step["seat"], "step": nxt_step["step"]}
        game = PaohuziGame(self, dealer, counts, melds, stock, chou, shown, start)
        if nxt_step is None:
            game.begin()
        else:
            if nxt_step["step"] == "discard" and not game.has_free(nxt_step["seat"]):
                raise RecordError(f"seat {nxt_step['seat']} has no free card to discard")
            game.resume(nxt_step["seat"], nxt_step["step"])
        return game

    # ----- analyze ----------------------------------------------------------------------------

    def analyze(self, query: Mapping[str, Any]) -> JSON:
        """Judge a holding: ``hand``, ``melds``, optional ``new`` and ``from`` (own|other, default other)."""
        unknown = sorted(set(query) - {"hand", "melds", "new", "from"})
        if unknown:
            raise NotationError(f"unknown field {unknown[0]!r}; Paohuzi queries take hand, melds, new, from")
        hand_text = query.get("hand")
        if not isinstance(hand_text, str):
            raise NotationError("'hand' must be a string of card codes")
        hand = DECK.counts(DECK.parse(hand_text))
        meld_texts = query.get("melds", [])
        if not isinstance(meld_texts, list):
            raise NotationError("'melds' must be a list of meld texts")
        melds = [parse_meld(m) for m in meld_texts]
        new_code = query.get("new")
        source = query.get("from")
        if source is not None and source not in ("own", "other"):
            raise NotationError(f"'from' must be 'own' or 'other', got {source!r}")
        if source is not None and new_code is None:
            raise NotationError("'from' needs 'new'")
        new = None if new_code is None else DECK.card(_code(new_code))
        total = list(hand)
        for m in melds:
            for c in m.cards:
                total[c] += 1
        if new is not None:
            total[new] += 1
        DECK.check_copies(total, "the holding")
        own_wei_pao = self.rules.own_wei_upgrade == PAO
        from_other = source != "own"
        if new is not None and not from_other:
            new, melds, hand = _own_reveal(new, melds, hand, own_wei_pao)
        scored = scored_groups(melds, hand, new, from_other, own_wei_pao)
        if scored is None:
            return {"complete": False, "huxi": None, "win": False, "tun": 0, "groups": None}
        huxi, groups = scored
        win = huxi >= 15
        return {"complete": True, "huxi": huxi, "win": win, "tun": tun(huxi) if win else 0, "groups": groups}

    # ----- bench ------------------------------------------------------------------------------

    def bench_probes(self, game: Any) -> list[Probe]:
        """Each live seat's holding with the current public card (or the next stock card)."""
        assert isinstance(game, PaohuziGame)
        if game.result is not None:
            return []
        card: int | None
        if game.phase == "window":
            card, owner = game.card, game.owner
        elif game.top < len(game.stock):
            card, owner = game.stock[game.top], -1
        else:
            card, owner = None, -1
        return [
            (tuple(game.melds[s]), tuple(game.hands[s]), card, s != owner)
            for s in range(SEATS)
            if not game.dead[s]
        ]

    def bench_stats(self) -> dict[str, int]:
        """Extra ``bench`` figures: the max-huxi memo's size now and its bound."""
        entries, bound = cache_info()
        return {"huxi_cache_entries": entries, "huxi_cache_bound": bound}

    def complete_check(self, probe: Any) -> object:
        """The win-and-huxi check of one probe: the best huxi over placements and partitions."""
        melds, hand, card, from_other = probe
        return win_huxi(melds, hand, card, from_other) != NO_SPLIT


def _own_reveal(
    new: int, melds: list[Meld], hand: list[int], own_wei_pao: bool
) -> tuple[int | None, list[Meld], list[int]]:
    """Apply the compulsory ti/wei of rules 5.3 for a seat's own reveal; None card when it happened."""
    hand = list(hand)
    if hand[new] == 3:
        hand[new] = 0
        return None, [*melds, identical("ti", new)], hand
    if not own_wei_pao:
        for i, m in enumerate(melds):
            if m.kind == "wei" and m.card == new:
                return None, [*melds[:i], identical("ti", new), *melds[i + 1 :]], hand
    if hand[new] == 2:
        hand[new] = 0
        return None, [*melds, identical("wei", new)], hand
    return new, melds, hand


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


__all__ = ["KINDS", "PaohuziSpec", "Probe"]
