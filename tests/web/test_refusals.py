"""Illegal, stale, malformed and foreign inputs are refused with a clear error and change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardavia.engine.registry import game_names
from cardavia.web.pages.player import PLAYER_COOKIE

from .helpers import Player, start_table, table_socket


def _my_turn(player: Player) -> dict[str, Any]:
    """Play (seeded) until the human is asked; return that state."""
    player.until(lambda m: m["type"] == "state")
    while not player.waiting_for_me():
        player.until(lambda m: m["type"] == "state")
    assert player.state is not None
    return player.state


def _snapshot(player: Player) -> dict[str, Any]:
    player.send({"type": "sync"})
    return player.until(lambda m: m["type"] == "state" and "log" in m)


def _same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("v", "window", "legal", "view", "outcome")
    return all(a[k] == b[k] for k in keys)


@pytest.mark.parametrize("game", game_names())
def test_illegal_stale_and_malformed_change_nothing(client: TestClient, game: str) -> None:
    table_id = start_table(client, game)
    with table_socket(client, table_id) as player:
        before = _my_turn(player)
        window = before["window"]

        answer = player.act("discard XX")
        assert answer["type"] == "error" and answer["key"] in ("error.illegal",)
        assert answer["text"] and answer["detail"]

        answer = player.act(before["legal"][0], window=window - 1)
        assert answer["type"] == "error" and answer["key"] == "error.stale"

        answer = player.act("win") if "win" not in before["legal"] else player.act("tianhu")
        assert answer["type"] == "error" and answer["key"] == "error.illegal"

        for bad, key in [
            ("not json", "error.malformed"),
            ("[1, 2]", "error.malformed"),
            (json.dumps({"type": "dance"}), "error.unknown_type"),
            (json.dumps({"type": "act", "window": str(window), "action": "pass"}), "error.malformed"),
            (json.dumps({"type": "act", "window": window, "action": 7}), "error.malformed"),
            ("x" * 5000, "error.malformed"),
            ("[" * 2000 + "]" * 2000, "error.malformed"),  # within 4 KB, too deep to parse safely
            ('{"type": "act", "id": ' + "[" * 1000 + "]" * 1000 + "}", "error.malformed"),
            (json.dumps({"type": "pace", "speed": "warp"}), "error.malformed"),
            (b"\x00binary", "error.malformed"),
        ]:
            if isinstance(bad, bytes):
                player.ws.send_bytes(bad)
            else:
                player.ws.send_text(bad)
            message = player.until(lambda m: m["type"] == "error")
            assert message["key"] == key, (bad[:40], message)

        after = _snapshot(player)
        assert _same_game(before, after)
        # And the table still plays on.
        assert player.act(before["legal"][0])["type"] == "ack"


def test_not_your_turn_is_refused(client: TestClient) -> None:
    table_id = start_table(client, "paohuzi")
    with table_socket(client, table_id) as player:
        player.until(lambda m: m["type"] == "state")
        # Play on until a state shows the deal going on with the human not asked.
        while player.waiting_for_me():
            legal = player.state["legal"]
            assert player.act(legal[player.rng.below(len(legal))])["type"] == "ack"
        state = player.state
        assert state is not None and not state["legal"] and not player.over()
        answer = player.act("pass", window=state["v"])
        # Refused either way: nothing is open (not your turn) or a later window is (stale).
        assert answer["type"] == "error" and answer["key"] in ("error.not_your_turn", "error.stale")


def test_another_browser_can_neither_see_nor_act(client: TestClient) -> None:
    table_id = start_table(client, "paohuzi")
    owner_cookie = f"cardavia_t_{table_id}"
    with table_socket(client, table_id) as player:
        before = _my_turn(player)
        # The same server, now seen from a browser without the owner's cookies, his table's
        # secret and his player id (the open socket above keeps its own handshake).
        secret = client.cookies[owner_cookie]
        del client.cookies[owner_cookie]
        del client.cookies[PLAYER_COOKIE]
        # The page and the record are refused without the owner's cookie.
        assert client.get(f"/tables/{table_id}").status_code == 403
        assert client.get(f"/tables/{table_id}/record").status_code == 403
        # The socket is closed before a single message.
        assert _refused_socket(client, table_id) == 4403
        # A forged secret does no better.
        client.cookies.set(owner_cookie, "forged-secret")
        assert _refused_socket(client, table_id) == 4403
        assert client.get(f"/tables/{table_id}").status_code == 403
        # Another table's secret does not open this one, nor another player's id.
        other = start_table(client, "paohuzi")
        assert client.get(f"/tables/{table_id}").status_code == 403
        client.cookies.set(owner_cookie, client.cookies[f"cardavia_t_{other}"])
        assert client.get(f"/tables/{table_id}").status_code == 403
        assert _refused_socket(client, table_id) == 4403
        # The owner's table is untouched.
        assert _same_game(before, _snapshot(player))
        client.cookies.set(owner_cookie, secret)
        assert client.get(f"/tables/{table_id}").status_code == 200


def _refused_socket(client: TestClient, table_id: str, headers: dict[str, str] | None = None) -> int:
    """The close code the server answers a socket with, when it refuses it before any message."""
    path = f"/ws/tables/{table_id}"
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(path, headers=headers or {}) as ws,
    ):
        ws.receive_text()
    return closed.value.code


def test_a_page_of_another_site_cannot_open_the_socket(client: TestClient) -> None:
    table_id = start_table(client, "paohuzi")
    assert _refused_socket(client, table_id, {"origin": "https://evil.example"}) == 4403
    with table_socket(client, table_id) as player:  # the owner's own page (same origin) is let in
        assert player.until(lambda m: m["type"] == "state")["table"] == table_id
    path = f"/ws/tables/{table_id}"
    with client.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
        assert json.loads(ws.receive_text())["type"] == "state"


def test_unknown_table(client: TestClient) -> None:
    assert client.get("/tables/0123456789abcdef0123456789abcdef").status_code == 404
    assert client.get("/tables/not-a-table").status_code == 404
    assert _refused_socket(client, "0123456789abcdef0123456789abcdef") == 4404


def test_record_is_refused_while_the_deal_is_on(client: TestClient) -> None:
    table_id = start_table(client, "paohuzi")
    response = client.get(f"/tables/{table_id}/record")
    assert response.status_code == 409
    assert "hands" not in response.text


def test_bad_start_requests(client: TestClient) -> None:
    response = client.post("/games/sisepai/start", data={"difficulty": "godlike"}, follow_redirects=False)
    assert response.status_code == 400
    response = client.post("/games/chess/start", data={"difficulty": "easy"}, follow_redirects=False)
    assert response.status_code == 404
