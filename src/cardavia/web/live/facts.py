"""What a finished deal says of a seat beyond its result: the claims it made, and whether another
seat won on a card this seat put on the table (its draw or discard: it *fed* the win)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardavia.engine.game import Event, Game
from cardavia.engine.notation import split_line
from cardavia.web.live.frames import STEP_KINDS


@dataclass(frozen=True)
class DealFacts:
    """``claims``: the seat's claims (``frames.STEP_KINDS`` ``claim``); ``fed``: another seat won on
    a card this seat put out."""

    claims: int
    fed: bool


class FactsTracker:
    """The facts of a deal, followed from its engine events as they are played (game ``name``)."""

    def __init__(self, name: str) -> None:
        self._prefix = len(name) + 1
        self._claims: dict[int, int] = {}
        self._public: tuple[object, object] | None = None  # the last card put out: (card, its owner)
        self._fed_by: object = None

    def add(self, events: Iterable[Event]) -> None:
        """Follow ``events``, in the order the engine emitted them."""
        for event in events:
            name, params = event.kind[self._prefix :], event.params
            if name == "window":
                self._public = (params.get("card"), params.get("owner"))
            elif STEP_KINDS.get(name) == "claim":
                seat = params.get("seat")
                if isinstance(seat, int):
                    self._claims[seat] = self._claims.get(seat, 0) + 1
            elif name == "win" and self._public is not None:
                card, owner = self._public
                if card == params.get("card"):
                    self._fed_by = owner if owner != params.get("seat") else None

    def facts(self, seats: Iterable[int]) -> dict[int, DealFacts]:
        """The facts so far for each of ``seats``."""
        return {seat: DealFacts(self._claims.get(seat, 0), self._fed_by == seat) for seat in seats}


def facts_of(game: Game) -> FactsTracker:
    """A tracker of ``game``'s deal so far (its actions replayed from its record, if any)."""
    spec = game.spec
    tracker = FactsTracker(spec.name)
    tracker.add(game.opening_events())
    lines = game.actions()
    if lines:
        replay = spec.from_position({**game.record(), "actions": []})
        for line in lines:
            tracker.add(replay.apply(*split_line(line, spec.seats)))
    return tracker


def deal_facts(game: Game, seats: Iterable[int]) -> dict[int, DealFacts]:
    """The facts of ``game``'s deal (replayed from its record) for each of ``seats``."""
    return facts_of(game).facts(seats)
