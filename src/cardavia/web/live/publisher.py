"""What a table's watchers are sent: their sockets, the log of the events released to them, and
the ``state`` message of each frame for the viewing seat (PROTOCOL.md)."""

from __future__ import annotations

from collections.abc import Iterable

from cardavia.engine.game import Decision
from cardavia.web.live.frames import Frame, waits_of
from cardavia.web.live.inputs import Subscriber
from cardavia.web.live.policy import TablePolicy
from cardavia.web.wire import ServerMessage, StateMessage, WireEvent

LOG_LIMIT = 300


class Publisher:
    """The sockets and log of table ``table`` (game ``game`` of ``seats`` seats), seen from ``seat``."""

    def __init__(
        self,
        table: str,
        game: str,
        seats: int,
        seat: int,
        difficulty: str,
        policy: TablePolicy,
        shown: Iterable[Frame],
    ) -> None:
        self.table = table
        self.game = game
        self.seats = seats
        self.seat = seat
        self.difficulty = difficulty
        self.policy = policy
        self.subscribers: set[Subscriber] = set()
        self.log: list[WireEvent] = [e for frame in shown for e in frame.events][-LOG_LIMIT:]

    def add(self, sub: Subscriber) -> None:
        """A socket now watches (it has had its snapshot)."""
        self.subscribers.add(sub)

    def watched(self) -> bool:
        """True while a socket watches."""
        return bool(self.subscribers)

    def discard(self, sub: Subscriber) -> None:
        """A socket no longer watches."""
        self.subscribers.discard(sub)

    def released(self, frame: Frame) -> None:
        """``frame`` goes out: its events join the log."""
        self.log.extend(frame.events)
        del self.log[:-LOG_LIMIT]

    def state_message(
        self,
        frame: Frame,
        events: list[WireEvent],
        asked: Decision | None,
        countdown_ms: int | None,
        snapshot: bool = False,
    ) -> StateMessage:
        """The ``state`` message of ``frame``; ``asked``: the engine's decision it asks the seat
        (None when it asks nothing or was answered since); ``snapshot`` adds the log."""
        view = frame.view
        if asked is None and view.get("to_act") and view.get("status") == "ongoing":
            view = {**view, "to_act": [], "legal": {}}  # answered since
        message: StateMessage = {
            "type": "state",
            "v": frame.v,
            "step": frame.kind,
            "table": self.table,
            "game": self.game,
            "seat": self.seat,
            "seats": self.seats,
            "difficulty": self.difficulty,
            "window": frame.v if asked is not None else None,
            "legal": list(frame.legal) if asked is not None else [],
            "countdown_ms": countdown_ms if asked is not None else None,
            "view": view,
            "events": events,
            "outcome": view.get("result"),
            "record_url": f"/tables/{self.table}/record" if frame.kind == "end" else None,
            "waits": waits_of(view, self.seat) if view.get("status") == "ongoing" else [],
        }
        self.policy.annotate(message, frame, asked)
        if snapshot:
            message["log"] = list(self.log)
        return message

    def broadcast(self, message: ServerMessage) -> None:
        """Send ``message`` to every socket; forget those that could not keep up."""
        for sub in list(self.subscribers):
            sub.push(message)
            if sub.closed:
                self.subscribers.discard(sub)
