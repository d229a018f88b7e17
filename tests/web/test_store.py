"""The store: schema created or migrated at start, and a slow socket that is dropped, not waited for."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from cardavia.web.store import SCHEMA_VERSION, Store
from cardavia.web.table import OUTBOX_LIMIT, Subscriber

from .helpers import run_async

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


def test_a_socket_that_cannot_keep_up_is_dropped() -> None:
    async def scenario() -> list[dict[str, str]]:
        sub = Subscriber()
        for i in range(OUTBOX_LIMIT + 5):
            sub.push({"type": "state", "n": str(i)})
        left = []
        while not sub.outbox.empty():
            left.append(sub.outbox.get_nowait())
        assert sub.closed
        return left

    left = run_async(scenario)
    assert left == [{"type": "close"}]
