"""A table's sockets and the inputs its actor takes one at a time."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from cardavia.web.wire import Hint, HintAnswer, Outgoing, Ref

OUTBOX_LIMIT = 256


@dataclass(eq=False)
class Subscriber:
    """One socket of the person at ``seat``: a bounded outbox its writer task drains."""

    seat: int = 0
    outbox: asyncio.Queue[Outgoing] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    closed: bool = False

    def push(self, message: Outgoing) -> None:
        """Queue ``message``; a socket that cannot keep up is dropped (it reconnects for a snapshot)."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.closed = True
            while not self.outbox.empty():  # what it has not read is dropped: it gets a snapshot
                self.outbox.get_nowait()
            self.outbox.put_nowait({"type": "close"})


@dataclass(frozen=True)
class HumanAct:
    """The ``act`` message of the person at ``seat``; ``reply`` gets the version or an ``ActionRefused``."""

    seat: int
    window: object
    action: object
    reply: asyncio.Future[int]
    ack_to: Subscriber | None = None
    ref: Ref = None


@dataclass(frozen=True)
class AiAnswer:
    """A computer seat's chosen action in engine window ``window``."""

    window: int
    seat: int
    action: str


@dataclass(frozen=True)
class Timeout:
    """The time of the person at ``seat`` ran out on the decision of their frame ``v``."""

    seat: int
    v: int


@dataclass(frozen=True)
class Snapshot:
    """A socket wants a full snapshot of its person's seat (it is subscribed first)."""

    sub: Subscriber


@dataclass(frozen=True)
class HintAsk:
    """The person at ``seat`` asks what the hard tier would play; ``reply`` gets the hint or an
    ``ActionRefused``."""

    seat: int
    reply: asyncio.Future[Hint]


@dataclass(frozen=True)
class HintReady:
    """The hint on the decision of frame ``v``, thought out off the loop, to be counted and sent."""

    v: int
    answer: HintAnswer
    reply: asyncio.Future[Hint]


@dataclass(frozen=True)
class SeatChange:
    """A computer takes over the person's ``seat`` (``cover``) or gives it back."""

    seat: int
    cover: bool


@dataclass(frozen=True)
class Join:
    """Someone who opened the invite link ``token`` sits down as ``name``; ``reply`` gets their
    seat and secret, or a ``JoinRefused``."""

    token: str
    name: str
    reply: asyncio.Future[tuple[int, str]]


@dataclass(frozen=True)
class Lobbying:
    """A person at a friends' table asks for ``what``: ``start`` (the host, in the lobby),
    ``invite`` (the host: a new link), ``next`` (after the end: the next deal), ``gone`` (their
    last socket closed a grace ago); ``reply`` gets None, or an ``ActionRefused``."""

    seat: int
    what: str
    reply: asyncio.Future[None] | None = None


Input = HumanAct | AiAnswer | Timeout | Snapshot | HintAsk | HintReady | SeatChange | Join | Lobbying
