"""A table for friends: what it keeps beyond one person's table.

The people who sat down in its lobby each play their own seat (``viewer.Viewer``); the rest are
computers. Every decision has the table's time (``RoomRow.turn``). When it runs out a computer at
the table's difficulty answers for the person, and the action is stored flagged as a timeout; after
``MISSES_TO_AUTO`` of them in a row, or ``WebConfig.friends_grace`` seconds after the person's
last socket closed, a computer plays their seat (``auto``) until they act again. A seat is never
given to anyone else.
"""

from __future__ import annotations

import time

from cardavia.web.storage.rooms import RoomRow, invite_matches
from cardavia.web.wire import Lobby, LobbySeat, Player

REACTIONS = ("well_played", "good_luck", "thanks", "again", "oops", "wow")
"""The preset reactions (the browser shows each in its reader's language)."""
MISSES_TO_AUTO = 2


class Company:
    """The room of a friends' table of ``seats`` seats (``room``, host at ``host``) and who is
    played for now."""

    def __init__(self, room: RoomRow, host: int, seats: int) -> None:
        self.room = room
        self.host = host
        self.seats = seats
        self.auto: set[int] = set()  # a computer plays these people's seats until they act again
        self.timing_out: set[int] = set()  # a computer answers the decision whose time ran out
        self.misses: dict[int, int] = {}  # timeouts in a row, by seat
        self.last_seen = time.monotonic()  # when the last person's socket closed (or one acted)

    @property
    def lobby(self) -> bool:
        """True until the host starts the deal."""
        return self.room.status == "lobby"

    @property
    def full(self) -> bool:
        """True when a person sits at every seat."""
        return len(self.room.names) >= self.seats

    def invite_is(self, token: str) -> bool:
        """True when ``token`` is the lobby's current invite."""
        return invite_matches(token, self.room.invite)

    @property
    def next_url(self) -> str | None:
        """Where the next deal of the evening is, once dealt."""
        return None if self.room.next_table is None else f"/tables/{self.room.next_table}"

    def missed(self, seat: int) -> bool:
        """Note a timeout of the person at ``seat``; True when a computer now plays for them."""
        self.misses[seat] = self.misses.get(seat, 0) + 1
        if self.misses[seat] >= MISSES_TO_AUTO:
            self.auto.add(seat)
        return seat in self.auto

    def acted(self, seat: int) -> None:
        """The person at ``seat`` answered a decision themselves."""
        self.misses[seat] = 0
        self.last_seen = time.monotonic()

    def players(self, people: set[int] | frozenset[int], connected: set[int]) -> list[Player]:
        """Who plays each seat, in turn order."""
        return [
            {"seat": seat, "name": self.room.names.get(seat) if seat in people else None,
             "kind": "human" if seat in people else "computer", "auto": seat in self.auto,
             "connected": seat in connected or seat not in people}
            for seat in range(self.seats)
        ]  # fmt: skip

    def lobby_view(self, viewer: int) -> Lobby:
        """The lobby's seats; the invite link in the host's only."""
        listed: list[LobbySeat] = [
            {"seat": seat, "name": self.room.names.get(seat),
             "kind": "human" if seat in self.room.names else "empty"}
            for seat in range(self.seats)
        ]
        lobby: Lobby = {"seats": listed}
        if viewer == self.host and self.room.invite is not None:
            lobby["invite"] = f"/tables/{self.room.id}/join/{self.room.invite}"
        return lobby

    def totals(self) -> list[int]:
        """The running score of the evening, by seat."""
        return [self.room.totals.get(seat, 0) for seat in range(self.seats)]
