"""``TrioSpec``: new deals, positions from records, trackers and ``analyze``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.engine.errors import RecordError
from cardavia.engine.game import JSON
from cardavia_trio.cards import DECK, SEATS, complete
from cardavia_trio.game import TrioGame, new_start, read_start
from cardavia_trio.tracker import Tracker


class TrioSpec:
    """The Trio rules module (``cardavia.engine.game.GameSpec``)."""

    name = "trio"
    seats = SEATS
    deck = DECK
    record_fields: tuple[str, ...] = ()

    def new_game(self, seed: int, dealer: int | None = None, events: bool = True) -> TrioGame:
        """Deal from ``seed``."""
        return TrioGame(self, new_start(seed, dealer), events)

    def from_position(self, record: Mapping[str, Any], events: bool = True) -> TrioGame:
        """The starting state of a record (its seed, or its hands and stock)."""
        return TrioGame(self, read_start(record), events)

    def rules_fields(self) -> JSON:
        """Trio has one set of rules."""
        return {}

    def with_rules(self, rules: Mapping[str, Any]) -> TrioSpec:
        """This spec; ``RecordError`` for any rule option (Trio has none)."""
        if not isinstance(rules, Mapping) or rules:
            raise RecordError("'rules': Trio has no rule options")
        return self

    def dealt(self, seed: int) -> JSON:
        """The seeded deal's position, without the seed."""
        start = new_start(seed, None)
        del start["seed"]
        return start

    def tracker(self, position: Mapping[str, Any], seat: int) -> Tracker:
        """``seat``'s view from ``position`` on, followed event by event."""
        return Tracker(read_start(position), seat)

    def analyze(self, query: Mapping[str, Any]) -> JSON:
        """Is ``hand`` (with ``new``) complete: triples and one pair? With ``waits``: the cards
        that would complete it, each with its score (1, plus 1 per exposed group)."""
        hand = query.get("hand", "")
        if not isinstance(hand, str):
            raise RecordError("'hand' must be a string of card codes")
        cards = DECK.parse(hand) + DECK.parse(str(query.get("new") or ""))
        score = 1 + len(query.get("exposed") or [])
        if query.get("waits"):
            waits = [{"card": code, "score": score} for k, code in enumerate(DECK.codes)
                     if complete(DECK.counts([*cards, k]))]  # fmt: skip
            return {"waits": waits}
        done = complete(DECK.counts(cards))
        return {"complete": done, "score": score if done else 0}


SPEC = TrioSpec()
