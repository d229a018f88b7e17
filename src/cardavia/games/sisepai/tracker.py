"""One seat's view of a Sì Sè Pái deal, followed from the events that seat sees.

``Tracker(position, seat)`` starts from a record's starting position (before anything happened);
``apply(event)`` folds in each event the seat may see. Between two events the engine never
stops, so this is how the live table shows every step of a burst. ``view()`` equals
``game.view(seat)`` wherever the engine waits (the tests check it over thousands of deals), except
``to_act`` and ``legal``, which the caller fills in for the seat's own decisions. Since nothing but
those events goes in, what a seat is shown is a function of what it may know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.engine.game import Event, PublicCard, SeatView, View
from cardavia.games.sisepai.cards import DECK, SEATS
from cardavia.games.sisepai.position import read_position
from cardavia.games.sisepai.rules import W1


class Tracker:
    """The view of ``seat``, event by event. Views share the tracker's lists (its hand's codes,
    each seat's melds and discards), which it never changes once made: it makes new ones."""

    def __init__(self, position: Mapping[str, Any], seat: int) -> None:
        start = read_position(position)
        self.seat = seat
        self.dealer = start.dealer
        self.hand = DECK.counts(start.hands[seat])
        self._hand_codes: list[str] | None = None  # the hand's codes, until it changes
        self.sizes = [len(h) for h in start.hands]
        self.melds: list[list[str]] = [[DECK.format(g) for g in m] for m in start.melds]
        self.discards: list[list[str]] = [[] for _ in range(SEATS)]
        self.stock = len(start.stock)
        self.public: PublicCard | None = None

    def apply(self, event: Event) -> None:
        """Fold in one event ``seat`` sees (the end of the deal is shown by the game's own view)."""
        kind, p = event.kind.removeprefix("sisepai."), event.params
        if kind == "draw":
            self.stock = p["stock"]
            self.public = {"card": p["card"], "owner": p["seat"], "window": W1}
        elif kind == "window":
            self.public = {"card": p["card"], "owner": p["owner"], "window": p["window"]}
        elif kind == "take":
            used = list(p["group"])
            used.remove(p["card"])
            self._give(p["seat"], used)
            self.melds[p["seat"]] = [*self.melds[p["seat"]], " ".join(p["group"])]
            self.public = None
        elif kind == "discard":
            self._give(p["seat"], [p["card"]])
        elif kind == "dead":
            self.discards[p["seat"]] = [*self.discards[p["seat"]], p["card"]]
            self.public = None

    def _give(self, seat: int, codes: list[str]) -> None:
        """``seat``'s concealed ``codes`` leave its hand."""
        self.sizes[seat] -= len(codes)
        if seat == self.seat:
            for code in codes:
                self.hand[DECK.card(code)] -= 1
            self._hand_codes = None

    def _hand(self) -> list[str]:
        if self._hand_codes is None:
            self._hand_codes = DECK.format_list(DECK.expand(self.hand))
        return self._hand_codes

    def view(self) -> View:
        """The seat's view now, with ``to_act`` and ``legal`` empty."""
        seats = []
        for s in range(SEATS):
            entry: SeatView = {}
            if s == self.seat:
                entry["hand"] = self._hand()
            entry["hand_count"] = self.sizes[s]
            entry["melds"] = self.melds[s]
            entry["discards"] = self.discards[s]
            entry["chou"] = []
            seats.append(entry)
        return {
            "game": "sisepai",
            "status": "ongoing",
            "to_act": [],
            "public": None if self.public is None else PublicCard(**self.public),
            "legal": {},
            "seats": seats,
            "stock": self.stock,
            "result": None,
            "dealer": self.dealer,
            "viewer": self.seat,
        }
