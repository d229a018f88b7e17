"""Which process owns which live table: the process side of ``leases.py``.

``SoloOwnership`` is for a store only this process can use (a locked SQLite file): every table is
trivially its own. ``LeaseOwnership`` is for a shared PostgreSQL: the process registers as a node,
keeps its heartbeat, takes a table's lease before it loads the table (waiting, and asking the
holder to let go, while another live process holds it) and hands a table over when another process
asks for it. Should its heartbeat be lost (the process was paused or cut off longer than the
lease's time to live), it drops every table at once and comes back as a new node, so it never
serves or appends under a lease someone else may now hold.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import Any

from sqlalchemy.engine import Connection

from cardavia.web.storage import leases
from cardavia.web.storage.store import Lease, Store

log = logging.getLogger("cardavia.web.live.ownership")

POLL = 0.2  # seconds between two tries to take a lease that another process holds
CLAIM_MARGIN = 2.0  # seconds a claim waits beyond the lease's time to live before giving up


class Unavailable(Exception):
    """The table's lease could not be had in time (its holder neither let go nor expired)."""


Handover = Callable[[str, Lease], Coroutine[Any, Any, None]]
DropAll = Callable[[], Coroutine[Any, Any, None]]


class SoloOwnership:
    """Every table belongs to this process (the store is locked to it)."""

    async def start(self, hand_over: Handover, drop_all: DropAll) -> None:
        """Nothing to keep."""

    async def claim(self, table_id: str) -> Lease | None:
        """No lease is needed."""
        return None

    async def release(self, table_id: str, lease: Lease | None) -> None:
        """Nothing to release."""

    async def close(self) -> None:
        """Nothing to end."""


class LeaseOwnership:
    """This process's leases on a shared database, valid while its heartbeat is.

    ``name`` is the node's name (in logs and in its owner id); ``ttl`` the seconds its leases outlive
    its last heartbeat, which it renews every ``ttl / 5`` seconds.
    """

    def __init__(self, store: Store, name: str, ttl: float) -> None:
        self._store = store
        self._name = name
        self._ttl = ttl
        self.owner = self._new_owner()
        self._heart = store.side_engine()  # the heartbeat never waits behind claims for a connection
        self._keeper: asyncio.Task[None] | None = None
        self._handing: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def _new_owner(self) -> str:
        return f"{self._name}/{secrets.token_hex(4)}"

    async def start(self, hand_over: Handover, drop_all: DropAll) -> None:
        """Register this process and start keeping its heartbeat. ``hand_over(table, lease)`` is
        called when another process asks for a table; ``drop_all()`` when every lease is lost."""
        async with self._heart.begin() as conn:
            await leases.register(conn, self.owner, self._ttl)
        log.info("node %s is up", self.owner)
        self._keeper = asyncio.create_task(self._keep(hand_over, drop_all), name="cardavia-lease-keeper")

    async def claim(self, table_id: str) -> Lease:
        """Take ``table_id``'s lease; wait while another live process holds it (it is asked to let
        go, and a dead one's lease expires within ``ttl``). ``Unavailable`` if it takes too long."""
        deadline = time.monotonic() + self._ttl + CLAIM_MARGIN
        while True:
            owner = self.owner
            try:
                async with self._store.single() as conn:
                    epoch = await leases.acquire(conn, table_id, owner)
                    if epoch is None:
                        await leases.request_handoff(conn, table_id, owner)
            except Exception as exc:  # a lock timeout behind an append in flight: try again
                log.info("table %s: lease not taken yet: %s", table_id, exc)
                epoch = None
            if epoch is not None:
                log.info("table %s: taken by %s (epoch %d)", table_id, owner, epoch)
                return Lease(owner, epoch)
            if time.monotonic() >= deadline:
                raise Unavailable(table_id)
            await asyncio.sleep(POLL)

    async def release(self, table_id: str, lease: Lease | None) -> None:
        """Let go of ``table_id`` after every write queued before (another process may take it)."""
        if lease is None:
            return

        def op(conn: Connection) -> None:
            leases.release(conn, table_id, lease.owner, lease.epoch)

        await self._store.write(op)

    async def close(self) -> None:
        """Stop the heartbeat and end this node after every queued write: its leases are free."""
        if self._keeper is not None:
            self._keeper.cancel()
            await asyncio.gather(self._keeper, *self._tasks, return_exceptions=True)
            self._keeper = None
        owner = self.owner

        def op(conn: Connection) -> None:
            leases.retire(conn, owner)

        await self._store.write(op)
        await self._heart.dispose()

    async def _keep(self, hand_over: Handover, drop_all: DropAll) -> None:
        renewed = time.monotonic()
        while True:
            await asyncio.sleep(self._ttl / 5)
            try:
                async with self._heart.begin() as conn:
                    alive = await leases.heartbeat(conn, self.owner, self._ttl)
                    wanted = await leases.handoffs(conn, self.owner) if alive else []
                if not alive:
                    log.warning("node %s expired: every table it held is dropped", self.owner)
                    await drop_all()
                    self.owner = self._new_owner()
                    async with self._heart.begin() as conn:
                        await leases.register(conn, self.owner, self._ttl)
                    log.info("node %s is up", self.owner)
            except Exception:
                log.exception("node %s: heartbeat failed", self.owner)
                if time.monotonic() - renewed > self._ttl:
                    await drop_all()  # the leases may be gone: serve nothing stale meanwhile
                continue
            renewed = time.monotonic()
            for table_id, epoch in wanted:
                if table_id not in self._handing:
                    log.info("table %s: asked for by another process; letting go", table_id)
                    self._handing.add(table_id)
                    lease = Lease(self.owner, epoch)
                    name = f"cardavia-handoff-{table_id}"
                    task = asyncio.create_task(hand_over(table_id, lease), name=name)
                    self._tasks.add(task)
                    task.add_done_callback(functools.partial(self._handed, table_id))

    def _handed(self, table_id: str, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        self._handing.discard(table_id)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: handoff failed", table_id, exc_info=task.exception())
