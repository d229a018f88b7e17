"""Fencing on a shared PostgreSQL: an append is stored only under the table's current lease.

Two stores on one database stand for two server processes. The (table, seq) key alone would let a
stale owner append an action the new owner has not written yet; the lease refuses it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

from cardavia.web.storage import leases
from cardavia.web.storage.store import Lease, LeaseLost, Store, fenced_insert

from .helpers import run_async
from .postgres_server import postgres_url

SECRET = "cd" * 16


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgres_url() as url:
        yield url


async def _node(store: Store, owner: str, ttl: float = 60.0) -> None:
    async with store.begin() as conn:
        await leases.register(conn, owner, ttl)


async def _acquire(store: Store, table_id: str, owner: str) -> int | None:
    async with store.single() as conn:  # as the servers take leases: one statement, no transaction
        return await leases.acquire(conn, table_id, owner)


async def _expire(store: Store, owner: str) -> None:
    """As if ``owner`` had been paused past its time to live: its heartbeat is overdue."""
    async with store.begin() as conn:
        await conn.execute(
            text("UPDATE nodes SET expires_at = now() - interval '1 second' WHERE owner = :o"), {"o": owner}
        )


async def _table(store: Store, table_id: str) -> None:
    await store.create_table(table_id, "paohuzi", 0, "easy", "h" * 64, {"game": "paohuzi"}, SECRET)


async def _epochs(store: Store, table_id: str) -> list[tuple[int, int]]:
    async with store.begin() as conn:
        rows = await conn.execute(
            text("SELECT seq, epoch FROM actions WHERE table_id = :t ORDER BY seq"), {"t": table_id}
        )
        return [(int(seq), int(epoch)) for seq, epoch in rows]


def test_a_stale_owner_cannot_append_even_where_the_key_would_let_it(pg_url: str) -> None:
    async def scenario() -> None:
        a, b = await Store.open(pg_url), await Store.open(pg_url)
        try:
            await _table(a, "fence1")
            await _node(a, "a/1")
            await _node(b, "b/1")
            first = await _acquire(a, "fence1", "a/1")
            assert first == 1
            assert await _acquire(b, "fence1", "b/1") is None  # a is alive: b cannot take it
            await a.append("fence1", 0, "S1 discard s3", lease=Lease("a/1", 1))
            with pytest.raises(LeaseLost):
                await a.append("fence1", 1, "S2 pass")  # no lease at all
            await _expire(a, "a/1")
            with pytest.raises(LeaseLost):  # expired: refused even before anyone else takes it
                await a.append("fence1", 1, "S2 pass", lease=Lease("a/1", 1))
            assert await _acquire(b, "fence1", "b/1") == 2
            # Action 1 is free in the key, but a no longer holds the table: refused.
            with pytest.raises(LeaseLost):
                await a.append("fence1", 1, "S2 pass", lease=Lease("a/1", 1))
            await b.append("fence1", 1, "S2 chi s4", lease=Lease("b/1", 2))
            row = await b.load("fence1")
            assert row is not None and row.lines == ("S1 discard s3", "S2 chi s4")
            assert await _epochs(b, "fence1") == [(0, 1), (1, 2)]
            async with a.begin() as conn:  # the paused process cannot come back to life
                assert not await leases.heartbeat(conn, "a/1", 60.0)
        finally:
            await a.close()
            await b.close()

    run_async(scenario)


def test_an_old_epoch_of_the_same_process_is_refused(pg_url: str) -> None:
    """Taking a table again (a reloaded actor) fences the actor that held it before."""

    async def scenario() -> None:
        store = await Store.open(pg_url)
        try:
            await _table(store, "fence2")
            await _node(store, "c/1")
            assert await _acquire(store, "fence2", "c/1") == 1
            assert await _acquire(store, "fence2", "c/1") == 2
            with pytest.raises(LeaseLost):
                await store.append("fence2", 0, "S1 discard s3", lease=Lease("c/1", 1))
            await store.append("fence2", 0, "S1 discard s3", lease=Lease("c/1", 2))
        finally:
            await store.close()

    run_async(scenario)


@contextlib.asynccontextmanager
async def _append_in_flight(a: Store, b: Store, n: int) -> AsyncIterator[AsyncConnection]:
    """Table ``fence<n>`` held by node ``a/<n>`` (store ``a``), whose append of its first action is
    not committed yet when the node dies (``b`` sees it expired); yields that append's transaction."""
    table_id, owner = f"fence{n}", f"a/{n}"
    await _table(a, table_id)
    await _node(a, owner)
    await _node(b, f"b/{n}")
    assert await _acquire(a, table_id, owner) == 1
    row = {"table_id": table_id, "seq": 0, "line": "S1 discard s3", "timeout": False,
           "created_at": 0.0, "epoch": None}
    async with a.begin() as conn:
        assert await conn.run_sync(fenced_insert, [(row, Lease(owner, 1))]) == set()
        await _expire(b, owner)
        yield conn


def test_a_takeover_waits_for_an_append_in_flight(pg_url: str) -> None:
    """The new owner's lease waits until the old owner's append has committed, then it sees it."""

    async def scenario() -> None:
        a, b = await Store.open(pg_url), await Store.open(pg_url)
        try:
            async with _append_in_flight(a, b, 3):
                takeover = asyncio.create_task(_acquire(b, "fence3", "b/3"))
                await asyncio.sleep(0.5)
                assert not takeover.done(), "the lease changed hands during an append"
            assert await takeover == 2
            loaded = await b.load("fence3")
            assert loaded is not None and loaded.lines == ("S1 discard s3",)
        finally:
            await a.close()
            await b.close()

    run_async(scenario)


def test_a_takeover_gives_up_after_two_seconds_behind_an_append_that_does_not_end(pg_url: str) -> None:
    """The lease's statement bounds its own wait on the lease row (the claim then tries again), so a
    process stuck in the middle of an append holds no other process's claim longer."""

    async def scenario() -> float:
        a, b = await Store.open(pg_url), await Store.open(pg_url)
        try:
            async with _append_in_flight(a, b, 5) as conn:
                started = time.monotonic()
                with pytest.raises(DBAPIError, match="lock timeout"):
                    await asyncio.wait_for(_acquire(b, "fence5", "b/5"), 6.0)  # (not TimeoutError)
                waited = time.monotonic() - started
                await conn.rollback()
            return waited
        finally:
            await a.close()
            await b.close()

    assert 1.5 < run_async(scenario) < 4.0


def test_a_holder_asked_to_hand_over_releases_and_the_asker_takes_it(pg_url: str) -> None:
    async def scenario() -> None:
        a, b = await Store.open(pg_url), await Store.open(pg_url)
        try:
            await _node(a, "a/4")
            await _node(b, "b/4")
            assert await _acquire(a, "fence4", "a/4") == 1
            async with b.begin() as conn:
                assert await leases.acquire(conn, "fence4", "b/4") is None
                await leases.request_handoff(conn, "fence4", "b/4")
            async with a.begin() as conn:
                assert await leases.handoffs(conn, "a/4") == [("fence4", 1)]
                await conn.run_sync(leases.release, "fence4", "a/4", 1)
            assert await _acquire(b, "fence4", "b/4") == 2
            async with a.begin() as conn:
                assert await leases.handoffs(conn, "a/4") == []
        finally:
            await a.close()
            await b.close()

    run_async(scenario)


def test_servers_starting_together_migrate_once(pg_url: str) -> None:
    async def scenario() -> list[int]:
        admin = create_async_engine(pg_url, isolation_level="AUTOCOMMIT")
        async with admin.connect() as conn:
            await conn.execute(text("CREATE DATABASE fresh"))
        await admin.dispose()
        fresh = pg_url.rsplit("/", 1)[0] + "/fresh"
        stores = await asyncio.gather(*(Store.open(fresh) for _ in range(4)))
        async with stores[0].begin() as conn:
            versions = [int(v) for (v,) in await conn.execute(text("SELECT version FROM cardavia_schema"))]
        for store in stores:
            await store.close()
        return versions

    assert len(run_async(scenario)) == 1
