"""The store: schema created or migrated at start, one server per SQLite file, and a slow socket
that is dropped, not waited for."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from cardavia.web.live.inputs import OUTBOX_LIMIT, Subscriber
from cardavia.web.storage.store import SCHEMA_VERSION, LockError, Store
from cardavia.web.wire import Outgoing

from .helpers import is_locked, run_async

SECRET = "ab" * 16


def test_schema_is_created_once_and_kept(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'store.db'}"

    async def scenario() -> tuple[list[int], tuple[str, ...]]:
        store = await Store.open(url)
        await store.create_table(
            "t1", "sisepai", 0, "easy", "h" * 64, {"game": "sisepai", "dealer": 0}, SECRET
        )
        await store.append("t1", 0, "S0 pass")
        await store.close()
        store = await Store.open(url)  # a second start migrates nothing and keeps the data
        row = await store.load("t1")
        await store.close()
        engine = create_async_engine(url)
        async with engine.connect() as conn:
            versions = [r[0] for r in await conn.execute(text("SELECT version FROM cardavia_schema"))]
        await engine.dispose()
        assert row is not None
        return versions, row.lines

    versions, lines = run_async(scenario)
    assert versions == [SCHEMA_VERSION]
    assert lines == ("S0 pass",)


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'future.db'}"

    async def scenario() -> None:
        store = await Store.open(url)
        await store.close()
        engine = create_async_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text("UPDATE cardavia_schema SET version = 99"))
        await engine.dispose()
        await Store.open(url)

    with pytest.raises(RuntimeError, match="newer"):
        run_async(scenario)


def test_a_second_store_on_the_same_file_is_refused_until_the_first_closes(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'one.db'}"

    async def scenario() -> None:
        first = await Store.open(url)
        try:
            with pytest.raises(LockError) as refused:
                await Store.open(url)
        finally:
            await first.close()
        db, pid = tmp_path / "one.db", os.getpid()
        assert str(refused.value) == f"the database {db} is in use by another cardavia server (pid {pid})"
        again = await Store.open(url)
        await again.close()

    run_async(scenario)
    assert (tmp_path / "one.db.lock").read_text() == f"{os.getpid()}\n"


def test_a_store_that_fails_to_open_releases_the_lock(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'future.db'}"

    async def scenario() -> None:
        store = await Store.open(url)
        assert is_locked(tmp_path / "future.db.lock")
        await store.close()
        engine = create_async_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text("UPDATE cardavia_schema SET version = 99"))
        await engine.dispose()
        with pytest.raises(RuntimeError, match="newer"):
            await Store.open(url)

    run_async(scenario)
    assert not is_locked(tmp_path / "future.db.lock")


def test_memory_databases_are_not_locked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)

    async def scenario() -> None:
        urls = ["sqlite+aiosqlite://", "sqlite+aiosqlite:///:memory:"] * 2
        stores = [await Store.open(url) for url in urls]
        for store in stores:
            await store.close()

    run_async(scenario)
    assert list(tmp_path.iterdir()) == []


def test_the_same_action_cannot_be_stored_twice(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'twice.db'}"

    async def scenario() -> None:
        store = await Store.open(url)
        try:
            await store.create_table(
                "t1", "paohuzi", 0, "easy", "h" * 64, {"game": "paohuzi", "dealer": 0}, SECRET
            )
            await store.append("t1", 0, "S0 pass")
            await store.append("t1", 0, "S0 discard s1")  # a second writer of action 0
        finally:
            await store.close()

    with pytest.raises(Exception, match=r"(?i)unique|constraint"):
        run_async(scenario)


def test_actions_appended_together_are_stored_all_or_none(tmp_path: Path) -> None:
    """``append_many`` is one transaction: a batch whose last action clashes stores none of them."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'many.db'}"

    async def scenario() -> tuple[tuple[str, ...], frozenset[int], str]:
        store = await Store.open(url)
        try:
            await store.create_table(
                "t1", "paohuzi", 0, "easy", "h" * 64, {"game": "paohuzi", "dealer": 0}, SECRET
            )
            await store.append_many("t1", 0, [("S0 pass", True), ("S1 pass", False)])
            await store.append("t1", 3, "S0 pass")
            error = ""
            try:  # action 2 is new, action 3 is stored already
                await store.append_many("t1", 2, [("S2 pass", False), ("S0 discard s1", False)])
            except Exception as exc:
                error = str(exc)
            row = await store.load("t1")
            assert row is not None
            return row.lines, row.timeouts, error
        finally:
            await store.close()

    lines, timeouts, error = run_async(scenario)
    assert lines == ("S0 pass", "S1 pass", "S0 pass")  # action 2 went with action 3
    assert timeouts == {0}
    assert "UNIQUE" in error.upper()


def test_a_sqlite_commit_is_synced_to_disk(tmp_path: Path) -> None:
    """``append`` promises an action on disk when it returns: the write-ahead log is synced at
    every commit (``synchronous=FULL``, 2; ``NORMAL`` would lose the last commits in a power cut)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'synced.db'}"

    async def scenario() -> tuple[str, int]:
        store = await Store.open(url)
        try:
            async with store.begin() as conn:
                mode = (await conn.execute(text("PRAGMA journal_mode"))).scalar()
                synchronous = (await conn.execute(text("PRAGMA synchronous"))).scalar()
        finally:
            await store.close()
        return str(mode), int(synchronous or 0)

    assert run_async(scenario) == ("wal", 2)


def test_a_socket_that_cannot_keep_up_is_dropped() -> None:
    async def scenario() -> list[Outgoing]:
        sub = Subscriber()
        for i in range(OUTBOX_LIMIT + 5):
            sub.push({"type": "ack", "id": i, "v": i})
        left = []
        while not sub.outbox.empty():
            left.append(sub.outbox.get_nowait())
        assert sub.closed
        return left

    left = run_async(scenario)
    assert left == [{"type": "close"}]


def test_schema_6_indexes_a_deals_players_by_table(tmp_path: Path) -> None:
    """A database of schema 5 gains the index the end of a deal reads its players by (without it,
    every deal's end read the whole ``player_deals`` table), and SQLite uses it."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"

    async def scenario() -> tuple[list[int], str]:
        store = await Store.open(url)
        await store.close()
        engine = create_async_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text("DROP INDEX player_deals_by_table"))
            await conn.execute(text("UPDATE cardavia_schema SET version = 5"))
        store = await Store.open(url)
        await store.close()
        async with engine.connect() as conn:
            versions = [r[0] for r in await conn.execute(text("SELECT version FROM cardavia_schema"))]
            plan = await conn.execute(text(
                "EXPLAIN QUERY PLAN SELECT player FROM player_deals WHERE table_id = 't1' AND status = 'live'"
            ))
            detail = " ".join(str(row[-1]) for row in plan)
        await engine.dispose()
        return versions, detail

    versions, detail = run_async(scenario)
    assert versions == [SCHEMA_VERSION] == [6]
    assert "player_deals_by_table" in detail


@pytest.mark.parametrize("where", ["file", "memory"])
def test_writes_are_read_back_from_a_file_and_from_memory(tmp_path: Path, where: str) -> None:
    """A SQLite file's writer runs its batches in a thread of its own on a plain connection; a
    database in memory (one connection) keeps them on the asynchronous driver. Both read back."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'w.db'}" if where == "file" else "sqlite+aiosqlite:///:memory:"
    threads: list[str] = []

    async def scenario() -> tuple[str, ...]:
        store = await Store.open(url)
        try:
            position = {"game": "sisepai", "dealer": 0}
            await store.create_table("t1", "sisepai", 0, "easy", "h" * 64, position, SECRET)
            await asyncio.gather(*(store.append("t1", i, f"S0 pass{i}") for i in range(5)))
            await store.write(lambda conn: threads.append(threading.current_thread().name))
            row = await store.load("t1")
            assert row is not None
            return row.lines
        finally:
            await store.close()

    assert run_async(scenario) == tuple(f"S0 pass{i}" for i in range(5))
    assert threads[0].startswith("cardavia-store") == (where == "file")
