"""Every message of whole deals of every game, over the WebSocket of a test app, has the wire's
types (``cardavia.web.wire``); the checker that says so refuses planted violations."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.registry import game_names
from cardavia.web import wire

from .helpers import Player, start_table, table_socket
from .wire_check import check, problems


def play_checked(player: Player) -> None:
    """Play to the end, asking along the way for a hint, a snapshot, a pace change, and sending a
    stale and a malformed act, so every kind of message comes back."""
    player.until(lambda m: m["type"] == "state")
    player.send({"type": "pace", "speed": "fast"})
    asked = False
    for _ in range(500):
        assert player.state is not None
        if player.over():
            break
        if player.waiting_for_me():
            if not asked:
                asked = True
                player.send({"type": "hint", "id": "h"})
                player.until(lambda m: m.get("id") == "h")
                player.send({"type": "sync"})
                player.until(lambda m: m["type"] == "state" and "log" in m)
                assert player.act("pass", window=-5)["type"] == "error"  # stale
                player.send({"type": "act", "window": "x", "id": 7.5})
                player.until(lambda m: m["type"] == "error")
            legal = player.state["legal"]
            assert player.act(legal[player.rng.below(len(legal))])["type"] == "ack"
        else:
            player.until(lambda m: m["type"] == "state")
    assert player.over()


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("seed", [1, 2])
def test_every_message_of_a_deal_has_the_wire_types(client: TestClient, game: str, seed: int) -> None:
    table_id = start_table(client, game)
    with table_socket(client, table_id, seed) as player:
        play_checked(player)
    kinds = set()
    for text in player.received:
        message = json.loads(text)
        check(message, wire.ServerMessage)
        kinds.add(message["type"])
    assert kinds == {"state", "ack", "hint", "error"}


def test_the_intents_the_client_sends_have_the_wire_types() -> None:
    for intent in ({"type": "act", "window": 3, "action": "pass", "id": 1}, {"type": "sync"},
                   {"type": "hint", "id": "a"}, {"type": "pace", "speed": "slow", "paused": False}):
        check(intent, wire.ClientMessage)
    assert problems({"type": "pace", "speed": "warp"}, wire.ClientMessage)


STATE: dict[str, Any] = {
    "type": "state", "v": 3, "step": "draw", "table": "ab", "game": "g", "seat": 0, "seats": 4,
    "difficulty": "easy", "window": None, "legal": [], "countdown_ms": None,
    "view": {"game": "g", "status": "ongoing", "seats": [{"hand": ["A"], "melds": []}, {"hand": 3}]},
    "events": [{"kind": "g.draw", "params": {"seat": 1, "card": "A"}}], "outcome": None,
    "record_url": None, "waits": [{"card": "A", "unseen": 2, "score": 10}],
}


@pytest.mark.parametrize(
    "planted",
    [
        {"step": "jump"},  # not a frame kind
        {"v": "3"},  # a number as text
        {"window": True},  # a bool is no int
        {"legal": "pass"},  # not a list
        {"events": [{"kind": "g.draw"}]},  # an event without params
        {"waits": [{"card": "A"}]},  # a wait without unseen
        {"secret": "f00"},  # a field the wire does not have
        {"view": {"seats": [{"hand": "A B"}]}},  # a hand neither codes nor a count
        {"type": "status"},  # no such message
    ],
)
def test_the_checker_refuses_planted_violations(planted: dict[str, Any]) -> None:
    check(STATE, wire.ServerMessage)  # the message as it should be passes
    assert problems({**STATE, **planted}, wire.ServerMessage)


def test_the_checker_refuses_a_missing_field_and_a_wrong_error() -> None:
    assert problems({k: v for k, v in STATE.items() if k != "waits"}, wire.StateMessage)
    error = {"type": "error", "key": "error.stale", "text": "t", "detail": "", "id": None}
    check(error, wire.ServerMessage)
    assert problems({**error, "reason": {"code": 5, "params": {}}}, wire.ServerMessage)
    assert problems({**error, "id": [1]}, wire.ServerMessage)


def test_a_message_is_written_as_the_value_it_is() -> None:
    """The socket's text is the very value built, as compact JSON with non-ASCII text unescaped
    (``json.dumps`` with ``ensure_ascii=False`` and no spaces spells it alike)."""
    from cardavia.web.live.socket import encode, error_message

    error = error_message("error.stale", "zh", "window 3 is not the open window 4", 7)
    for message in (STATE, error):
        text = encode(message)  # type: ignore[arg-type]
        assert json.loads(text) == message
        assert text == json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    assert any("\u4e00" <= ch <= "\u9fff" for ch in encode(error))
