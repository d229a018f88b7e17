"""A server restarted mid-deal resumes every table exactly where it was."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.record import replay
from cardavia.engine.registry import game_names

from .helpers import app_state, portal, start_table, table_socket


def _play_some(player, actions: int) -> None:
    """Make ``actions`` human actions (seeded), waiting for the computers in between."""
    player.until(lambda m: m["type"] == "state")
    made = 0
    while made < actions and not player.over():
        if player.waiting_for_me():
            legal = player.state["legal"]
            assert player.act(legal[player.rng.below(len(legal))])["type"] == "ack"
            made += 1
        else:
            player.until(lambda m: m["type"] == "state")


@pytest.mark.parametrize("game", game_names())
def test_restart_resumes_the_same_table(client_for: Callable[..., TestClient], game: str) -> None:
    first = client_for()
    table_id = start_table(first, game)
    with table_socket(first, table_id, seed=7) as player:
        _play_some(player, 3)
        # Let the computers finish their turn so the human is asked (a stable moment).
        while not player.over() and not player.waiting_for_me():
            player.until(lambda m: m["type"] == "state")
        before = player.state
    cookies = dict(first.cookies)
    first.__exit__(None, None, None)  # the server stops

    second = client_for()  # a new server on the same database file
    for name, value in cookies.items():
        second.cookies.set(name, value)
    with table_socket(second, table_id, seed=8) as player:
        after = player.until(lambda m: m["type"] == "state")
        for key in ("v", "window", "legal", "view", "outcome", "game", "seat"):
            assert after[key] == before[key], key
        assert after["log"], "the resumed table shows what happened before the restart"
        final = player.play_to_end()
    record = second.get(final["record_url"]).json()
    assert replay(record).outcome() == final["outcome"]


def test_an_unwatched_table_is_unloaded_and_comes_back(client_for: Callable[..., TestClient]) -> None:
    client = client_for(idle_unload=0.2)
    table_id = start_table(client, "paohuzi")
    with table_socket(client, table_id, seed=5) as player:
        _play_some(player, 2)
        while not player.waiting_for_me():
            player.until(lambda m: m["type"] == "state")
        before = player.state
    manager = app_state(client).tables
    deadline = time.monotonic() + 10
    while table_id in manager.live and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table_id not in manager.live
    with table_socket(client, table_id) as player:
        again = player.until(lambda m: m["type"] == "state")
        for key in ("v", "window", "legal", "view"):
            assert again[key] == before[key], key
        assert table_id in manager.live


def test_sockets_arriving_together_resume_one_actor(client_for: Callable[..., TestClient]) -> None:
    first = client_for()
    table_id = start_table(first, "sisepai")
    first.__exit__(None, None, None)
    second = client_for()
    manager = app_state(second).tables
    assert table_id not in manager.live

    async def five_at_once() -> set[int]:
        import asyncio

        actors = await asyncio.gather(*(manager.get(table_id) for _ in range(5)))
        return {id(actor) for actor in actors}

    assert len(portal(second).call(five_at_once)) == 1
    assert table_id in manager.live


SCHEMA_1 = """
CREATE TABLE cardavia_schema (version INTEGER NOT NULL);
INSERT INTO cardavia_schema VALUES (1);
CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(16) NOT NULL, seat INTEGER NOT NULL,
  difficulty VARCHAR(16) NOT NULL, secret_hash VARCHAR(64) NOT NULL, position TEXT NOT NULL,
  finished BOOLEAN NOT NULL, created_at FLOAT NOT NULL);
CREATE TABLE actions (table_id VARCHAR(32) NOT NULL, seq INTEGER NOT NULL, line TEXT NOT NULL,
  timeout BOOLEAN NOT NULL, created_at FLOAT NOT NULL, PRIMARY KEY (table_id, seq));
"""


@pytest.mark.parametrize("game", game_names())
def test_a_table_stored_before_deal_secrets_still_plays(
    client_for: Callable[..., TestClient], db_path: Any, game: str
) -> None:
    """Schema 1 kept a table's position as ``game.record()`` of a deal seeded by its id (Sì Sè
    Pái's only the seed); such a table resumes and plays to its end after the migration."""
    import json
    import sqlite3

    from cardavia.engine.registry import get_spec
    from cardavia.web.live.table_info import hash_secret

    table_id = "0123456789abcdef0123456789abcdef"
    position = get_spec(game).new_game(int(table_id[:15], 16)).record()
    with sqlite3.connect(db_path) as db:
        db.executescript(SCHEMA_1)
        db.execute("INSERT INTO tables VALUES (?, ?, 0, 'easy', ?, ?, 0, 0)",
                   (table_id, game, hash_secret("owner"), json.dumps(position)))
    client = client_for()
    client.cookies.set(f"cardavia_t_{table_id}", "owner")
    with table_socket(client, table_id, seed=3) as player:
        first = player.until(lambda m: m["type"] == "state")
        assert first["view"]["seats"][0]["hand"]
        final = player.play_to_end()
    record = client.get(final["record_url"]).json()
    assert replay(record).outcome() == final["outcome"]
    assert record["dealer"] == position["dealer"]
