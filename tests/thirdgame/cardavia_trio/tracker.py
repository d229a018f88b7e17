"""One seat's view of a Trio deal, followed from the events that seat sees (``Tracker``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.engine.game import Event, PublicCard, SeatView, View
from cardavia_trio.cards import DECK, SEATS


class Tracker:
    """The view of ``seat`` from a starting position on, event by event."""

    def __init__(self, start: Mapping[str, Any], seat: int) -> None:
        self.seat = seat
        self.dealer: int = start["dealer"]
        self.hand = DECK.counts(DECK.parse_list(start["hands"][seat]))
        self.sizes = [len(h) for h in start["hands"]]
        self.melds: list[list[str]] = [[] for _ in range(SEATS)]
        self.discards: list[list[str]] = [[] for _ in range(SEATS)]
        self.stock = len(start["stock"])
        self.public: PublicCard | None = None

    def apply(self, event: Event) -> None:
        """Fold in one event the seat sees."""
        kind, p = event.kind.removeprefix("trio."), event.params
        if kind == "draw":
            self.stock = p["stock"]
            self.sizes[p["seat"]] += 1
            if "card" in p:
                self.hand[DECK.card(p["card"])] += 1
        elif kind == "discard":
            self._give(p["seat"], p["card"], 1)
        elif kind == "window":
            self.public = {"card": p["card"], "owner": p["owner"], "window": p["window"]}
        elif kind == "take":
            self._give(p["seat"], p["card"], 2)
            self.melds[p["seat"]].append(" ".join(p["group"]))
            self.public = None
        elif kind == "dead":
            self.discards[p["seat"]].append(p["card"])
            self.public = None

    def _give(self, seat: int, code: str, n: int) -> None:
        self.sizes[seat] -= n
        if seat == self.seat:
            self.hand[DECK.card(code)] -= n

    def view(self) -> View:
        """The seat's view now, with ``to_act`` and ``legal`` empty."""
        seats = []
        for s in range(SEATS):
            entry: SeatView = {}
            if s == self.seat:
                entry["hand"] = DECK.format_list(DECK.expand(self.hand))
            entry["hand_count"] = self.sizes[s]
            entry["melds"] = list(self.melds[s])
            entry["discards"] = list(self.discards[s])
            entry["chou"] = []
            seats.append(entry)
        return {
            "game": "trio",
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
