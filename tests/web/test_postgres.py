"""The same store and the same restart-and-resume on a real PostgreSQL server."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.record import replay
from cardavia.engine.registry import game_names
from cardavia.web.app import create_app
from cardavia.web.storage import leases
from cardavia.web.storage.store import SCHEMA_VERSION, Lease, Store

from .helpers import run_async, start_table, table_socket, web_config
from .postgres_server import postgres_url


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgres_url() as url:
        yield url

SECRET = "ab" * 16


def test_store_round_trip_and_idempotent_migration(pg_url: str) -> None:
    async def scenario() -> tuple[tuple[str, ...], bool]:
        store = await Store.open(pg_url)
        await store.create_table(
            "pg1", "paohuzi", 0, "normal", "h" * 64, {"game": "paohuzi", "dealer": 1}, SECRET
        )
        async with store.begin() as conn:  # on a shared database an append needs the table's lease
            await leases.register(conn, "test/1", 60.0)
            lease = Lease("test/1", await leases.acquire(conn, "pg1", "test/1") or 0)
        await store.append("pg1", 0, "S1 discard s3", lease=lease)
        await store.append("pg1", 1, "S2 pass", timeout=True, lease=lease)
        await store.close()
        store = await Store.open(pg_url)  # a second start migrates nothing and keeps the data
        row = await store.load("pg1")
        await store.close()
        assert row is not None and row.position == {"game": "paohuzi", "dealer": 1}
        assert row.timeouts == frozenset({1})
        return row.lines, row.finished

    lines, finished = run_async(scenario)
    assert lines == ("S1 discard s3", "S2 pass")
    assert not finished


def test_reviews_round_trip_on_postgres(pg_url: str) -> None:
    async def scenario() -> object:
        store = await Store.open(pg_url)
        await store.save_review("pgr1", 1, {"accuracy": 81.5, "decisions": [{"index": 3}]})
        await store.close()
        store = await Store.open(pg_url)
        doc = await store.load_review("pgr1", 1)
        await store.close()
        return doc

    assert run_async(scenario) == {"accuracy": 81.5, "decisions": [{"index": 3}]}


@pytest.mark.parametrize("game", game_names())
def test_restart_resumes_on_postgres(pg_url: str, game: str, tmp_path: Path) -> None:
    seed = {"sisepai": 11, "paohuzi": 12}[game]  # distinct table ids in the shared database
    config = web_config(tmp_path / "unused.db", db_url=pg_url, table_seed=seed)
    first = TestClient(create_app(config))
    first.__enter__()
    table_id = start_table(first, game)
    with table_socket(first, table_id, seed=3) as player:
        player.until(lambda m: m["type"] == "state")
        while not player.over() and not player.waiting_for_me():
            player.until(lambda m: m["type"] == "state")
        assert player.waiting_for_me(), "the human is asked at some point of the deal"
        legal = player.state["legal"]
        assert player.act(legal[0])["type"] == "ack"
        while not player.over() and not player.waiting_for_me():
            player.until(lambda m: m["type"] == "state")
        before = player.state
    cookies = dict(first.cookies)
    first.__exit__(None, None, None)

    second = TestClient(create_app(config))
    second.__enter__()
    try:
        for name, value in cookies.items():
            second.cookies.set(name, value)
        with table_socket(second, table_id, seed=4) as player:
            after = player.until(lambda m: m["type"] == "state")
            for key in ("v", "window", "legal", "view", "outcome"):
                assert after[key] == before[key], key
            final = player.play_to_end()
        record = second.get(final["record_url"]).json()
        assert replay(record).outcome() == final["outcome"]
    finally:
        second.__exit__(None, None, None)


def test_a_schema_2_database_is_migrated_and_its_tables_play_on(pg_url: str, tmp_path: Path) -> None:
    """A database of the single-server schema 2 (no leases, no epochs), with a deal in the middle:
    the first server of the current schema migrates it; the table resumes where it stood, plays to its end,
    and its new actions carry their lease's epoch (the old ones none)."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    url = pg_url.rsplit("/", 1)[0] + "/schema2"

    async def sql(target: str, *statements: str) -> list[Any]:
        engine = create_async_engine(target, isolation_level="AUTOCOMMIT")
        try:
            async with engine.connect() as conn:
                return [list(await conn.execute(text(s))) if s.startswith("SELECT") else
                        await conn.execute(text(s)) for s in statements]
        finally:
            await engine.dispose()

    run_async(lambda: sql(pg_url, "CREATE DATABASE schema2"))
    config = web_config(tmp_path / "unused.db", db_url=url, table_seed=13)
    with TestClient(create_app(config)) as first:
        table_id = start_table(first, "paohuzi")
        with table_socket(first, table_id, seed=5) as player:
            while not player.waiting_for_me():
                player.until(lambda m: m["type"] == "state")
            assert player.act(player.state["legal"][0])["type"] == "ack"
            while not player.waiting_for_me():
                player.until(lambda m: m["type"] == "state")
            before = player.state
        cookies = dict(first.cookies)
    # Back to schema 2 as that release left it: the same tables without what schemas 3 and 4 added.
    downgrade = ("DROP TABLE leases", "DROP TABLE nodes", "ALTER TABLE actions DROP COLUMN epoch",
                 "ALTER TABLE tables DROP COLUMN hints", "UPDATE cardavia_schema SET version = 2")
    run_async(lambda: sql(url, *downgrade))
    (stored,) = run_async(lambda: sql(url, "SELECT count(*) FROM actions"))

    with TestClient(create_app(web_config(tmp_path / "unused.db", db_url=url, table_seed=14))) as second:
        for name, value in cookies.items():
            second.cookies.set(name, value)
        with table_socket(second, table_id, seed=6) as player:
            after = player.until(lambda m: m["type"] == "state")
            for key in ("v", "window", "legal", "view"):
                assert after[key] == before[key], key
            player.play_to_end()
    version, epochs = run_async(lambda: sql(
        url, "SELECT version FROM cardavia_schema", "SELECT epoch FROM actions ORDER BY seq"))
    assert version == [(SCHEMA_VERSION,)]
    old, new = [e for (e,) in epochs[: stored[0][0]]], [e for (e,) in epochs[stored[0][0]:]]
    assert old and set(old) == {None}
    assert new and set(new) == {1}


def test_players_deals_pars_daily_and_shares_on_postgres(pg_url: str, tmp_path: Path) -> None:
    """The players' side of the store (insert-once, the pars' query, the settled deals) on PostgreSQL."""
    config = web_config(tmp_path / "unused.db", db_url=pg_url, table_seed=23)
    with TestClient(create_app(config)) as client:
        table_id = start_table(client, "sisepai")
        with table_socket(client, table_id, seed=5) as player:
            player.play_to_end()
        deadline = time.monotonic() + 30
        while client.get("/me/deals.json").json()["deals"][0]["par"] is None:
            assert time.monotonic() < deadline, "no par on PostgreSQL"
            time.sleep(0.05)
        assert client.get("/me/stats.json").json()["games"]["sisepai"]["easy"]["deals"] == 1
        daily = client.post("/games/paohuzi/daily", data={}, follow_redirects=False)
        again = client.post("/games/paohuzi/daily", data={}, follow_redirects=False)
        assert daily.status_code == 303 and again.headers["location"] == daily.headers["location"]
        link = client.post(f"/tables/{table_id}/share", data={}, follow_redirects=False).headers["location"]
        assert client.get(f"{link}/record").status_code == 200
        exported = client.get("/me/export").content
        client.cookies.clear()
        upload = {"file": ("deals.jsonl", exported, "application/x-ndjson")}
        assert client.post("/me/import", files=upload, follow_redirects=False).status_code == 303
        assert [d["status"] for d in client.get("/me/deals.json").json()["deals"]] != []
