"""``SisepaiSpec``: new deals, positions from records, trackers, ``analyze`` and the bench probes."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from cardavia.engine.errors import RecordError
from cardavia.engine.game import JSON, Game
from cardavia.games.sisepai.analyze import analyze as _analyze
from cardavia.games.sisepai.cards import DECK, SEATS
from cardavia.games.sisepai.game import SisepaiGame
from cardavia.games.sisepai.melds import best_score
from cardavia.games.sisepai.position import deal, read_position, write_record
from cardavia.games.sisepai.tracker import Tracker


class SisepaiSpec:
    """The Sì Sè Pái rules module (``cardavia.engine.game.GameSpec``)."""

    name = "sisepai"
    seats = SEATS
    deck = DECK
    record_fields: tuple[str, ...] = ("chou",)  # accepted when empty, as replay documents show it

    def new_game(self, seed: int, dealer: int | None = None, events: bool = True) -> SisepaiGame:
        """Deal from ``seed`` (rules section 2.2); ``events=False`` skips building events, for speed."""
        return SisepaiGame(self, deal(seed, dealer), events)

    def from_position(self, record: Mapping[str, Any], events: bool = True) -> SisepaiGame:
        """The starting state of a record (seed, or hands/melds/stock/next)."""
        return SisepaiGame(self, read_position(record), events)

    def rules_fields(self) -> JSON:
        """Sì Sè Pái has one set of rules: its records name none."""
        return {}

    def with_rules(self, rules: Mapping[str, Any]) -> SisepaiSpec:
        """This spec: Sì Sè Pái has no rule options, so only ``{}`` is read (``RecordError`` otherwise)."""
        if not isinstance(rules, Mapping):
            raise RecordError("'rules': it must be an object of rule options")
        if rules:
            raise RecordError(f"'rules': unknown rule option {sorted(rules)[0]!r}; Sì Sè Pái has none")
        return self

    def dealt(self, seed: int) -> JSON:
        """The position of the seeded deal written out card by card, without the seed."""
        position = write_record(dataclasses.replace(deal(seed), seed=None), [])
        del position["actions"]
        return position

    def tracker(self, position: Mapping[str, Any], seat: int) -> Tracker:
        """``seat``'s view of the deal from ``position`` on, followed event by event."""
        return Tracker(position, seat)

    def analyze(self, query: Mapping[str, Any]) -> JSON:
        """One ``analyze`` query: ``{"hand", "exposed", "new"}``."""
        return _analyze(query)

    def bench_probes(self, game: Game) -> list[tuple[int, ...]]:
        """Each seat's concealed counts, plus the public card when there is one."""
        assert isinstance(game, SisepaiGame)
        public = game.public
        probes = []
        for seat in range(SEATS):
            counts = list(game.hands[seat])
            if public is not None:
                counts[public[0]] += 1
            probes.append(tuple(counts))
        return probes

    def complete_check(self, probe: tuple[int, ...]) -> int | None:
        """The best score of a holding of counts, or ``None`` when it does not split into groups."""
        return best_score(probe)
