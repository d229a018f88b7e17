"""The leak scanner over whole deals of both games: nothing sent to the human's seat reveals an
AI's concealed card or the stock order. The scanner itself is shown to catch planted leaks."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from .helpers import start_table, table_socket
from .leakscan import replay_states, scan


def _scan_deal(client: TestClient, game: str, seed: int) -> tuple[int, list[str]]:
    table_id = start_table(client, game)
    with table_socket(client, table_id, seed) as player:
        player.play_to_end()
        received = list(player.received)
        seat = player.state["seat"] if player.state else 0
    record = client.get(f"/tables/{table_id}/record").json()
    states, drawn = replay_states(record)
    problems: list[str] = []
    for text in received:
        message = json.loads(text)
        # acks and errors carry no cards; they are scanned against the final state anyway
        version = message["v"] if message["type"] == "state" else len(record["actions"])
        referee = states[version]
        came_out = _drawn_count(states, version)
        problems.extend(scan(text, referee, seat, drawn[came_out:]))
    return len(received), problems


def _drawn_count(states: list[Any], version: int) -> int:
    first, now = states[0].view(None)["stock"], states[version].view(None)["stock"]
    return int(first) - int(now)


@pytest.mark.parametrize("game", ["sisepai", "paohuzi"])
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_no_message_to_the_human_reveals_hidden_cards(client: TestClient, game: str, seed: int) -> None:
    count, problems = _scan_deal(client, game, seed)
    assert count > 5
    assert problems == []


@pytest.mark.parametrize("game", ["sisepai", "paohuzi"])
def test_the_scanner_catches_planted_leaks(client: TestClient, game: str) -> None:
    table_id = start_table(client, game)
    with table_socket(client, table_id) as player:
        player.until(lambda m: m["type"] == "state")
        while not player.waiting_for_me():  # a moment when the table waits for the human
            player.until(lambda m: m["type"] == "state")
        message = player.state
        assert message is not None
        states_game = client.app.state.tables.live[table_id].game.clone()  # the referee now
    seat = message["seat"]
    record = json.loads(json.dumps(message))  # a copy to doctor
    assert scan(json.dumps(message), states_game, seat, []) == []
    truth = states_game.view(None)
    other = (seat + 1) % states_game.spec.seats
    hand = truth["seats"][other]["hand"]

    planted = json.loads(json.dumps(record))
    planted["view"]["seats"][other]["hand"] = hand
    assert any("concealed hand" in p for p in scan(json.dumps(planted), states_game, seat, []))

    planted = json.loads(json.dumps(record))
    planted["events"] = [{"kind": "x", "params": {"cards": sorted(hand)}}]
    assert any("concealed hand appears" in p for p in scan(json.dumps(planted), states_game, seat, []))

    planted = json.loads(json.dumps(record))
    planted["view"]["stock"] = ["RG", "YG", "WG", "GG"]
    assert scan(json.dumps(planted), states_game, seat, ["RG", "YG", "WG", "GG", "RA"])

    planted = json.loads(json.dumps(record))
    planted["hint"] = "next: s1 s2 s3 s4"
    found = scan(json.dumps(planted), states_game, seat, ["s1", "s2", "s3", "s4"])
    assert any("stock order" in p for p in found)

    planted = json.loads(json.dumps(record))
    planted["view"]["seats"][other]["melds"] = [*planted["view"]["seats"][other]["melds"], hand[0]]
    assert any("otherwise" in p for p in scan(json.dumps(planted), states_game, seat, []))
