"""``PaohuziSpec``: new deals, positions from records, trackers, ``analyze`` and the bench probes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.engine.errors import RecordError
from cardavia.engine.game import JSON
from cardavia.games.paohuzi.analyze import analyze
from cardavia.games.paohuzi.cards import DECK, SEATS
from cardavia.games.paohuzi.game import PaohuziGame, Phase
from cardavia.games.paohuzi.huxi import NO_SPLIT, cache_info
from cardavia.games.paohuzi.melds import Meld, win_huxi
from cardavia.games.paohuzi.position import STOCK_CARDS, deal, read_position
from cardavia.games.paohuzi.rules import DEFAULT_RULES, Rules
from cardavia.games.paohuzi.tracker import Tracker

# A bench probe: (melds, hand counts, card or None, from another seat).
Probe = tuple[tuple[Meld, ...], tuple[int, ...], int | None, bool]


class PaohuziSpec:
    """The Paohuzi rules module: 3 seats, 80 cards, the options of ``rules``."""

    name = "paohuzi"
    seats = SEATS
    deck = DECK
    record_fields: tuple[str, ...] = ("chou",)

    def __init__(self, rules: Rules = DEFAULT_RULES) -> None:
        self.rules = rules

    def new_game(self, seed: int, dealer: int | None = None, events: bool = True) -> PaohuziGame:
        """Deal from ``seed`` with the pinned shuffle (``position.deal``); ``events=False`` skips
        building events, for speed."""
        return PaohuziGame(self, deal(seed, dealer), events)

    def from_position(self, record: Mapping[str, Any], events: bool = True) -> PaohuziGame:
        """Build the starting state of ``record`` (without playing its actions)."""
        return PaohuziGame(self, read_position(record), events)

    def dealt(self, seed: int) -> JSON:
        """The position of the seeded deal written out card by card, without the seed."""
        record = dict(deal(seed).record)
        del record["seed"]
        return record

    def tracker(self, position: Mapping[str, Any], seat: int) -> Tracker:
        """``seat``'s view of the deal from ``position`` on, followed event by event."""
        return Tracker(position, seat)

    def rules_fields(self) -> JSON:
        """The record's ``rules``: this spec's options."""
        return {"rules": self.rules.to_json()}

    def with_rules(self, rules: Mapping[str, Any]) -> PaohuziSpec:
        """The spec under a record's ``rules`` (``RecordError`` naming a bad option)."""
        try:
            options = Rules.from_json(rules)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"'rules': {exc}") from None
        return self if options == self.rules else PaohuziSpec(options)

    def analyze(self, query: Mapping[str, Any]) -> JSON:
        """Judge a holding: ``hand``, ``melds``, optional ``new`` and ``from`` (own|other, default other)."""
        return analyze(query, self.rules)

    # ----- bench ------------------------------------------------------------------------------

    def bench_probes(self, game: Any) -> list[Probe]:
        """Each live seat's holding with the current public card (or the next stock card)."""
        assert isinstance(game, PaohuziGame)
        if game.result is not None:
            return []
        card: int | None
        if game.phase == Phase.WINDOW:
            card, owner = game.card, game.owner
        elif game.stock_count():
            card, owner = game.secret_stock()[0], -1
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


__all__ = ["STOCK_CARDS", "PaohuziSpec", "Probe"]
