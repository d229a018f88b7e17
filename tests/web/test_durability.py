"""Every action is stored before it is acknowledged; an action that cannot be stored never counts."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardavia.engine.registry import game_names

from .helpers import Player, app_state, portal, start_table, table_socket


def _until_asked(player: Player) -> dict[str, Any]:
    if player.state is None:
        player.until(lambda m: m["type"] == "state")
    while not player.waiting_for_me():
        player.until(lambda m: m["type"] == "state")
    assert player.state is not None
    return player.state


@pytest.mark.parametrize("game", game_names())
def test_the_ack_comes_after_the_action_is_stored(client: TestClient, game: str) -> None:
    table_id = start_table(client, game)
    store = app_state(client).store
    with table_socket(client, table_id) as player:
        for acked in range(1, 4):
            state = _until_asked(player)
            action = state["legal"][-1]
            answer = player.act(action)
            assert answer["type"] == "ack"
            row = portal(client).call(store.load, table_id)
            assert row is not None
            mine = [line for line in row.lines if line.startswith(f"S{state['seat']} ")]
            assert len(mine) == acked and mine[-1] == f"S{state['seat']} {action}"


def test_an_action_that_cannot_be_stored_changes_nothing(client: TestClient) -> None:
    table_id = start_table(client, "paohuzi")
    store = app_state(client).store
    with table_socket(client, table_id) as player:
        before = _until_asked(player)
        stored = portal(client).call(store.load, table_id).lines
        real_append = store.append_many

        async def failing_append(*args: Any, **kwargs: Any) -> None:
            raise OSError("disk full")

        store.append_many = failing_append
        try:
            player.send({"type": "act", "window": before["window"], "action": before["legal"][0], "id": 1})
            answer = player.until(lambda m: m["type"] in ("ack", "error"))
            assert answer["type"] == "error" and answer["key"] == "error.busy"
            with pytest.raises(WebSocketDisconnect):
                player.until(lambda m: False, limit=50)  # the broken table closes the socket
        finally:
            store.append_many = real_append
    row = portal(client).call(store.load, table_id)
    assert row.lines == stored
    # Reconnecting reloads the table from the database: exactly as before the failed action.
    with table_socket(client, table_id) as player:
        again = player.until(lambda m: m["type"] == "state")
        for key in ("v", "window", "legal", "view"):
            assert again[key] == before[key], key
        assert player.act(before["legal"][0])["type"] == "ack"
