"""The same store and the same restart-and-resume on a real PostgreSQL server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardavia.engine.record import replay
from cardavia.web.app import create_app
from cardavia.web.store import Store

from .helpers import run_async, start_table, table_socket, web_config
from .postgres_server import postgres_url


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgres_url() as url:
        yield url

SECRET = "ab" * 16


def test_store_round_trip_and_idempotent_migration(pg_url: str) -> None:
    async def scenario() -> tuple[tuple[str, ...], list[str]]:
        store = await Store.open(pg_url)
        await store.create_table(
            "pg1", "paohuzi", 0, "normal", "h" * 64, {"game": "paohuzi", "dealer": 1}, SECRET
        )
        await store.append("pg1", 0, "S1 discard s3")
        await store.append("pg1", 1, "S2 pass", timeout=True)
        await store.close()
        store = await Store.open(pg_url)  # a second start migrates nothing and keeps the data
        row = await store.load("pg1")
        unfinished = await store.unfinished_ids()
        await store.close()
        assert row is not None and row.position == {"game": "paohuzi", "dealer": 1}
        assert row.timeouts == frozenset({1})
        return row.lines, unfinished

    lines, unfinished = run_async(scenario)
    assert lines == ("S1 discard s3", "S2 pass")
    assert "pg1" in unfinished


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


@pytest.mark.parametrize("game", ["sisepai", "paohuzi"])
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
