"""What a finished deal says of a seat beyond its result: the claims it made, and whether another
seat won on a card this seat put on the table (its draw or discard: it *fed* the win)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardavia.engine.game import Game
from cardavia.engine.notation import split_line
from cardavia.web.live.frames import STEP_KINDS


@dataclass(frozen=True)
class DealFacts:
    """``claims``: the seat's claims (``frames.STEP_KINDS`` ``claim``); ``fed``: another seat won on
    a card this seat put out."""

    claims: int
    fed: bool


def deal_facts(game: Game, seats: Iterable[int]) -> dict[int, DealFacts]:
    """The facts of ``game``'s deal (replayed from its record) for each of ``seats``."""
    spec = game.spec
    record = game.record()
    replay = spec.from_position({**record, "actions": []})
    events = list(replay.opening_events())
    for line in record["actions"]:
        events += replay.apply(*split_line(line, spec.seats))
    prefix = len(spec.name) + 1
    claims: dict[int, int] = {}
    public: tuple[object, object] | None = None  # the last card put out: (card, its owner)
    fed_by: object = None
    for event in events:
        name, params = event.kind[prefix:], event.params
        if name == "window":
            public = (params.get("card"), params.get("owner"))
        elif STEP_KINDS.get(name) == "claim":
            seat = params.get("seat")
            if isinstance(seat, int):
                claims[seat] = claims.get(seat, 0) + 1
        elif name == "win" and public is not None and public == (params.get("card"), public[1]):
            fed_by = public[1] if public[1] != params.get("seat") else None
    return {seat: DealFacts(claims.get(seat, 0), fed_by == seat) for seat in seats}
