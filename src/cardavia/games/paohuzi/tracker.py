"""One seat's view of a Paohuzi deal, followed from the events that seat sees.

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
from cardavia.games.paohuzi.cards import DECK, SEATS
from cardavia.games.paohuzi.game import REVEAL
from cardavia.games.paohuzi.melds import parse_meld


class Tracker:
    """The view of ``seat``, event by event. Views share the tracker's lists (its hand's codes,
    each seat's melds, discards and chou), which it never changes once made: it makes new ones."""

    def __init__(self, position: Mapping[str, Any], seat: int) -> None:
        self.seat = seat
        self.dealer: int = position["dealer"]
        hands = [DECK.parse_list(h) for h in position["hands"]]
        self.hand = DECK.counts(hands[seat])
        self._hand_codes: list[str] | None = None  # the hand's codes, until it changes
        self.sizes = [len(h) for h in hands]
        raw_melds = position.get("melds") or [[] for _ in range(SEATS)]
        self.melds: list[list[str]] = [[parse_meld(m).text() for m in ms] for ms in raw_melds]
        chou = position.get("chou") or [[] for _ in range(SEATS)]
        self.chou: list[list[str]] = [DECK.format_list(DECK.parse_list(set(c))) for c in chou]
        self.discards: list[list[str]] = [[] for _ in range(SEATS)]
        self.dead = [False] * SEATS
        self.stock = len(position.get("stock", []))
        dealt = position["hands"][self.dealer]
        self.shown: str | None = dealt[-1] if "next" not in position and dealt else None
        self.public: PublicCard | None = None

    def apply(self, event: Event) -> None:
        """Fold in one event ``seat`` sees (the end of the deal is shown by the game's own view)."""
        kind, p = event.kind.removeprefix("paohuzi."), event.params
        seat: int = p.get("seat", -1)
        if kind == "initial_ti":
            code: str | None = p.get("card")  # the owner learns the kind (everybody, when it was shown)
            self._give(seat, [code] * 4)
            if code is None or seat != self.seat:
                self._meld(seat, "ti")  # face down
            else:
                self._meld(seat, f"ti {' '.join([code] * 4)}")
        elif kind == "draw":
            self.stock = p["stock"]
            self.public = {"card": p["card"], "owner": seat, "window": REVEAL}
        elif kind == "window":
            self.public = {"card": p["card"], "owner": p["owner"], "window": p["window"]}
        elif kind in ("wei", "peng"):
            self._give(seat, [p["card"]] * 2)
            self._meld(seat, f"{kind} {' '.join([p['card']] * 3)}")
            self.public = None
        elif kind in ("ti", "pao"):
            self._grow(seat, kind, p["card"], p["from"])
            self.public = None
        elif kind == "chi":
            used = [code for group in p["groups"] for code in group.split()]
            used.remove(p["card"])
            self._give(seat, used)
            self._meld(seat, *(f"chi {group}" for group in p["groups"]))
            self.public = None
        elif kind == "discard":
            self._give(seat, [p["card"]])
        elif kind == "dead":
            self.discards[seat] = [*self.discards[seat], p["card"]]
            self.public = None
        elif kind == "chou":
            self.chou[seat] = DECK.format_list(DECK.parse_list({*self.chou[seat], p["card"]}))
        elif kind == "dead_hand":
            self.dead[seat] = True

    def _grow(self, seat: int, kind: str, code: str, source: str) -> None:
        """A pao or ti of ``code``: from a kan in the hand (a new meld) or from a wei or peng."""
        four = f"{kind} {' '.join([code] * 4)}"
        if source == "kan":
            self._give(seat, [code] * 3)
            self._meld(seat, four)
            return
        melds = list(self.melds[seat])
        melds[melds.index(f"{source} {' '.join([code] * 3)}")] = four
        self.melds[seat] = melds

    def _meld(self, seat: int, *melds: str) -> None:
        """``seat`` lays down ``melds`` (a new list: the views already built keep theirs)."""
        self.melds[seat] = [*self.melds[seat], *melds]

    def _give(self, seat: int, codes: list[str | None]) -> None:
        """``seat``'s concealed ``codes`` leave its hand (``None``: a card the viewer cannot see)."""
        self.sizes[seat] -= len(codes)
        if seat == self.dealer and self.shown in codes:
            self.shown = None
        if seat == self.seat:
            for code in codes:
                assert code is not None
                self.hand[DECK.card(code)] -= 1
            self._hand_codes = None

    def _hand(self) -> list[str]:
        if self._hand_codes is None:
            self._hand_codes = DECK.format_list(DECK.expand(self.hand))
        return self._hand_codes

    def view(self) -> View:
        """The seat's view now, with ``to_act`` and ``legal`` empty."""
        seats: list[SeatView] = []
        for s in range(SEATS):
            own = s == self.seat
            seats.append(SeatView({
                "hand": self._hand() if own else self.sizes[s],
                "melds": self.melds[s],
                "discards": self.discards[s],
                "chou": self.chou[s],
                "shown": self.shown if s == self.dealer else None,
                "dead": self.dead[s],
            }))
        return {
            "game": "paohuzi",
            "dealer": self.dealer,
            "status": "ongoing",
            "to_act": [],
            "public": None if self.public is None else PublicCard(**self.public),
            "legal": {},
            "seats": seats,
            "stock": self.stock,
            "result": None,
        }
