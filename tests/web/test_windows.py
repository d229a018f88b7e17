"""Claim windows at the table: hidden computer answers, the countdown, timeouts; agents off the loop."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from cardavia.engine.registry import game_names

from .helpers import Player, app_state, portal, start_table, table_socket


def _claim_window(player: Player, client: TestClient, table_id: str, shared: bool) -> None:
    """Play on (seeded) until the human may pass in a claim window; with ``shared``, one where a
    computer is asked too."""
    player.until(lambda m: m["type"] == "state")
    for _ in range(400):
        state = player.state
        assert state is not None
        if player.over():
            pytest.fail("the deal ended before such a window")  # pragma: no cover
        if player.waiting_for_me():
            decision = app_state(client).tables.live[table_id].game.decision()
            if "pass" in state["legal"] and (not shared or len(decision.seats) > 1):
                return
            legal = state["legal"]
            player.act(legal[player.rng.below(len(legal))])
        else:
            player.until(lambda m: m["type"] == "state")
    pytest.fail("no such window")  # pragma: no cover


def _find_shared_window(client: TestClient, game: str) -> tuple[str, Player, object] | None:
    for seed in range(1, 30):
        table_id = start_table(client, game)
        ctx = table_socket(client, table_id, seed)
        player = ctx.__enter__()
        try:
            _claim_window(player, client, table_id, shared=True)
            return table_id, player, ctx
        except BaseException:
            ctx.__exit__(None, None, None)
    return None


@pytest.mark.parametrize("game", game_names())
def test_computer_answers_stay_hidden_until_the_human_answers(client: TestClient, game: str) -> None:
    found = _find_shared_window(client, game)
    assert found is not None, "no window shared by the human and a computer in 30 deals"
    table_id, player, ctx = found
    try:
        state = player.state
        assert state is not None
        actor = app_state(client).tables.live[table_id]
        stored = len(actor.game.actions())
        time.sleep(0.2)  # the computers (no pacing in tests) have answered by now
        player.send({"type": "sync"})
        snapshot = player.until(lambda m: m["type"] == "state" and "log" in m)
        assert snapshot["v"] == state["v"] and snapshot["view"] == state["view"]
        assert len(actor.game.actions()) == stored  # no computer answer played or stored yet
        asked = actor.game.decision().seats
        assert state["seat"] in asked and len(asked) > 1
        assert player.act("pass")["type"] == "ack"
        # The held answers are played after the human's, so the window resolves.
        player.until(lambda m: m["type"] == "state")
        lines = actor.game.actions()
        assert lines[stored] == f"S{state['seat']} pass"
        others = {int(line[1]) for line in lines[stored + 1 : stored + len(asked)]}
        assert others == set(asked) - {state["seat"]}
    finally:
        ctx.__exit__(None, None, None)  # type: ignore[attr-defined]


def test_a_silent_human_passes_when_time_is_up(client_for: Callable[..., TestClient]) -> None:
    client = client_for(claim_timeout=0.3)
    table_id = start_table(client, "sisepai")
    with table_socket(client, table_id, seed=2) as player:
        _claim_window(player, client, table_id, shared=False)
        state = player.state
        assert state is not None
        assert state["countdown_ms"] is not None and 0 < state["countdown_ms"] <= 300
        stored = len(app_state(client).tables.live[table_id].game.actions())
        message = player.until(lambda m: m["type"] == "state" and m["v"] > state["v"])
        kinds = [e["kind"] for e in message["events"]]
        assert kinds[0] == "timeout" and message["events"][0]["params"]["seat"] == state["seat"]
        row = portal(client).call(app_state(client).store.load, table_id)
        assert row.lines[stored] == f"S{state['seat']} pass" and stored in row.timeouts


def test_agents_run_in_worker_processes(client_for: Callable[..., TestClient]) -> None:
    client = client_for(ai_executor="process", ai_workers=1, ai_tier_override=None)
    table_id = start_table(client, "paohuzi", difficulty="easy")
    with table_socket(client, table_id, seed=3) as player:
        final = player.play_to_end()
    assert final["outcome"] is not None
