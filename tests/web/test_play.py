"""Whole deals through the WebSocket, and what the end of a deal offers."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from cardavia.engine.record import replay
from cardavia.engine.registry import game_names

from .helpers import start_table, table_socket


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("seed", [1, 2])
def test_full_deal_through_the_socket(client: TestClient, game: str, seed: int) -> None:
    table_id = start_table(client, game)
    with table_socket(client, table_id, seed) as player:
        final = player.play_to_end()
    assert final["window"] is None and final["legal"] == []
    outcome = final["outcome"]
    assert outcome is not None and "winner" in outcome
    assert final["view"]["status"] in ("win", "draw")
    assert final["record_url"] == f"/tables/{table_id}/record"
    # The downloaded record replays to the same end.
    response = client.get(final["record_url"])
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = json.loads(response.text)
    assert record["game"] == game
    assert replay(record).outcome() == outcome
    # After the deal every hand is shown.
    for seat in final["view"]["seats"]:
        assert isinstance(seat["hand"], list)
