"""Table ownership between server processes on one PostgreSQL (two apps in this process).

A table is dealt by any process and taken by the first that is asked for it; another process that
is asked for it gets it handed over between two inputs; a process that lost its lease (paused past
its time to live) can neither store an action nor keep the table.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardavia.web.app import create_app
from cardavia.web.live.manager import CLOSE_MOVED

from .helpers import Player, app_state, portal, start_table, table_socket, web_config
from .postgres_server import postgres_url


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgres_url() as url:
        yield url


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Iterator[Any]:
    opened: list[TestClient] = []

    def make(node: str, seed: int, ttl: float = 1.0) -> TestClient:
        config = web_config(tmp_path / "unused.db", db_url=pg_url, node=node, lease_ttl=ttl, table_seed=seed)
        client = TestClient(create_app(config))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


def _until_asked(player: Player) -> dict[str, Any]:
    if player.state is None:
        player.until(lambda m: m["type"] == "state")
    while not player.waiting_for_me():
        player.until(lambda m: m["type"] == "state")
    assert player.state is not None
    return player.state


def _closed_with(player: Player) -> int:
    with pytest.raises(WebSocketDisconnect) as closed:
        player.until(lambda m: False)
    return int(closed.value.code)


def _stored(client: TestClient, table_id: str) -> list[tuple[str, int]]:
    async def query() -> list[tuple[str, int]]:
        async with app_state(client).store.begin() as conn:
            rows = await conn.execute(
                text("SELECT line, epoch FROM actions WHERE table_id = :t ORDER BY seq"), {"t": table_id}
            )
            return [(str(line), int(epoch)) for line, epoch in rows]

    result: list[tuple[str, int]] = portal(client).call(query)
    return result


def _share_cookies(source: TestClient, target: TestClient) -> None:
    for name, value in source.cookies.items():
        target.cookies.set(name, value)


def _moved_after_a_move(holder: TestClient, asker: TestClient, table_id: str, seed: int) -> dict[str, Any]:
    """``holder`` takes the table and its person makes a move; then, as when the proxy sends a request
    for the table to ``asker``, it asks and the holder lets go between inputs. The state after the move."""
    with table_socket(holder, table_id, seed=seed) as player:
        state = _until_asked(player)
        assert player.act(state["legal"][0])["type"] == "ack"
        before = _until_asked(player)
        assert portal(asker).call(app_state(asker).tables.get, table_id) is not None
        assert _closed_with(player) == CLOSE_MOVED
    return before


def test_a_table_asked_for_elsewhere_is_handed_over(servers: Any) -> None:
    a, b = servers("a", 41), servers("b", 42)
    table_id = start_table(a, "paohuzi")
    assert table_id not in app_state(a).tables.live  # dealt, stored, taken by no one yet
    _share_cookies(a, b)
    before = _moved_after_a_move(a, b, table_id, seed=3)
    assert table_id not in app_state(a).tables.live
    with table_socket(b, table_id, seed=4) as player:
        after = player.until(lambda m: m["type"] == "state")
        for key in ("v", "window", "legal", "view"):
            assert after[key] == before[key], key
        player.play_to_end()
    epochs = [epoch for _, epoch in _stored(b, table_id)]
    assert epochs == sorted(epochs) and epochs[0] == 1 and epochs[-1] == 2


def test_a_process_that_lost_its_lease_stores_nothing(servers: Any) -> None:
    """Paused past its time to live (its heartbeat overdue), a process's action is refused even
    before it has noticed; the table carries on where the new owner has it."""
    a, b = servers("a", 43, ttl=30.0), servers("b", 44)  # a's keeper would notice only in 6 s
    table_id = start_table(a, "sisepai")
    _share_cookies(a, b)
    with table_socket(a, table_id, seed=5) as player:
        state = _until_asked(player)
        stored = _stored(a, table_id)
        owner = app_state(a).tables._owner.owner

        async def expire() -> None:
            async with app_state(a).store.begin() as conn:
                await conn.execute(
                    text("UPDATE nodes SET expires_at = now() - interval '1 second' WHERE owner = :o"),
                    {"o": owner},
                )

        portal(a).call(expire)
        assert portal(b).call(app_state(b).tables.get, table_id) is not None  # no wait: a is dead
        player.send({"type": "act", "window": state["window"], "action": state["legal"][0], "id": 1})
        answer = player.until(lambda m: m["type"] in ("ack", "error"))
        assert answer["type"] == "error" and answer["key"] == "error.busy"
        _closed_with(player)
    assert table_id not in app_state(a).tables.live
    assert _stored(b, table_id) == stored
    with table_socket(b, table_id, seed=6) as player:
        again = _until_asked(player)
        assert again["window"] == state["window"] and again["legal"] == state["legal"]
        player.play_to_end()


def test_a_process_whose_heartbeat_lapsed_drops_its_tables_and_comes_back_as_a_new_node(
    servers: Any,
) -> None:
    a = servers("a", 45)
    table_id = start_table(a, "paohuzi")
    manager = app_state(a).tables
    with table_socket(a, table_id, seed=7) as player:
        _until_asked(player)
        owner = manager._owner.owner

        async def expire() -> None:
            async with app_state(a).store.begin() as conn:
                await conn.execute(
                    text("UPDATE nodes SET expires_at = now() - interval '1 second' WHERE owner = :o"),
                    {"o": owner},
                )

        portal(a).call(expire)
        assert _closed_with(player) == CLOSE_MOVED  # within a heartbeat (ttl / 5)
    assert table_id not in manager.live
    assert manager._owner.owner != owner and manager._owner.owner.startswith("a/")
    with table_socket(a, table_id, seed=8) as player:  # taken again, under the new node's lease
        player.play_to_end()
    epochs = {epoch for _, epoch in _stored(a, table_id)}
    assert max(epochs) == 2


def test_a_process_that_comes_back_takes_nothing_until_asked(servers: Any) -> None:
    """A server started again (a new node under the same name) leaves the tables another process
    took over where they are; it gets one only when asked for it, once the holder lets go."""
    b = servers("b", 46)
    table_id = start_table(b, "sisepai")
    with table_socket(b, table_id, seed=9) as player:
        _until_asked(player)
        lease = app_state(b).tables.live[table_id].lease
        a = servers("a", 47)  # comes back
        _share_cookies(b, a)
        time.sleep(1.0)  # five of its heartbeats
        assert app_state(b).tables.live[table_id].lease == lease
        state = _until_asked(player)
        assert player.act(state["legal"][0])["type"] == "ack"  # b still stores, under its lease
        assert app_state(a).tables.live == {}
        assert portal(a).call(app_state(a).tables.get, table_id) is not None  # asked: b lets go
        assert _closed_with(player) == CLOSE_MOVED
    with table_socket(a, table_id, seed=10) as player:
        player.play_to_end()


def _lesson_asked(player: Player) -> dict[str, Any]:
    """The next lesson frame that asks the human, resuming the table after each tip that holds it."""
    while True:
        state = player.until(lambda m: m["type"] == "state")
        if state["legal"]:
            return state
        if state["tip"] and state["tip"]["hold"]:
            player.send({"type": "pace", "paused": False})


def test_a_lesson_table_is_leased_and_handed_over_like_any_table(servers: Any) -> None:
    """A lesson set out by one process is only stored; the process its requests reach takes it under
    its lease and knows it as the lesson by its position; handed over, it goes on as the lesson."""
    from cardavia.web.live import lessons

    a, b = servers("a", 51), servers("b", 52)
    lesson = lessons.lesson("sisepai")
    response = a.post("/games/sisepai/learn", follow_redirects=False)
    assert response.status_code == 303
    table_id = str(response.headers["location"]).removeprefix("/tables/")
    assert table_id not in app_state(a).tables.live  # stored, taken by no one yet
    _share_cookies(a, b)
    moves = [lesson.expected[w] for w in sorted(lesson.expected)]
    with table_socket(a, table_id, seed=3) as player:
        assert app_state(a).tables.live[table_id].lesson is lesson
        assert app_state(a).tables.live[table_id].lease is not None
        player.send({"type": "pace", "speed": "fast", "paused": False})
        state = _lesson_asked(player)
        assert state["lesson"] == "sisepai" and state["lesson_move"] == moves[0]
        assert player.act(moves[0])["type"] == "ack"
        assert portal(b).call(app_state(b).tables.get, table_id) is not None
        assert _closed_with(player) == CLOSE_MOVED
    assert app_state(b).tables.live[table_id].lesson is lesson
    with table_socket(b, table_id, seed=4) as player:
        player.send({"type": "pace", "speed": "fast", "paused": False})
        state = _lesson_asked(player)
        assert state["lesson"] == "sisepai" and state["lesson_move"] == moves[1]
    epochs = [epoch for _, epoch in _stored(b, table_id)]
    assert epochs and epochs == sorted(epochs) and epochs[0] == 1


def _same_table(seen: dict[str, Any], expected: dict[str, Any]) -> None:
    for key in ("v", "window", "legal", "view"):
        assert seen[key] == expected[key], key


def test_a_deal_taken_where_it_was_dealt_is_not_read_back(
    servers: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process that stored a new deal and takes its first lease sets it out from what it stored
    (no reads); another process reading it from the database sees the same table."""
    a, b = servers("a", 53), servers("b", 54)
    store, reads = app_state(a).store, []
    load = store.load

    async def counted(table_id: str) -> Any:
        reads.append(table_id)
        return await load(table_id)

    monkeypatch.setattr(store, "load", counted)
    table_id = start_table(a, "sisepai")
    _share_cookies(a, b)
    with table_socket(a, table_id, seed=11) as player:
        first = _until_asked(player)
        assert reads == [] and app_state(a).tables.live[table_id].lease is not None
        assert portal(b).call(app_state(b).tables.get, table_id) is not None  # read from the database
        assert _closed_with(player) == CLOSE_MOVED
    with table_socket(b, table_id, seed=12) as player:
        _same_table(_until_asked(player), first)
        player.play_to_end()


def test_a_deal_another_process_took_first_is_read_back(servers: Any) -> None:
    """A new deal is set out from what its process stored only if nobody held it since: taken and
    played elsewhere first, it is read back with its actions."""
    a, b = servers("a", 55), servers("b", 56)
    table_id = start_table(a, "paohuzi")
    _share_cookies(a, b)
    before = _moved_after_a_move(b, a, table_id, seed=13)
    with table_socket(a, table_id, seed=14) as player:
        _same_table(player.until(lambda m: m["type"] == "state"), before)
        player.play_to_end()


def test_the_deals_kept_to_skip_reading_back_are_bounded(
    servers: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardavia.web.live import manager

    monkeypatch.setattr(manager, "BORN_KEPT", 2)
    a = servers("a", 57)
    first, *rest = [start_table(a, "sisepai") for _ in range(3)]
    assert list(app_state(a).tables._born) == rest
    with table_socket(a, first, seed=15) as player:  # forgotten here: read from the database
        _until_asked(player)
