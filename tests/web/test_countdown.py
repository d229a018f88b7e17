"""A person's countdown stands still while their table is paused (the pause button, or the question
of the "New deal" dialog) and runs on from where it stood afterwards; over the socket too."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.web.live.clock import Countdown

from .helpers import Player, app_state, start_table, table_socket


@pytest.mark.clock
def test_a_suspended_countdown_stands_still_and_runs_on_when_resumed() -> None:
    async def scenario() -> None:
        expired: list[int] = []
        tasks: list[asyncio.Task[None]] = []

        def spawn(coro: Coroutine[Any, Any, None], name: str) -> None:
            tasks.append(asyncio.create_task(coro, name=name))

        async def expire(v: int) -> None:
            expired.append(v)

        clock = Countdown(0.3, spawn, expire)
        clock.arm(5)
        await asyncio.sleep(0.1)
        clock.suspend()
        left = clock.ms(5)
        assert left is not None and 100 < left <= 200
        await asyncio.sleep(0.4)
        assert expired == [] and clock.ms(5) == left  # stood still past its first deadline
        clock.resume()
        await asyncio.sleep(0.1)
        assert expired == []
        await asyncio.sleep(0.2)
        assert expired == [5]
        await asyncio.gather(*tasks)

    asyncio.run(scenario())


@pytest.mark.clock
@pytest.mark.timeout(60)
def test_pausing_the_table_stops_the_clock_of_the_open_claim(client_for: Callable[..., TestClient]) -> None:
    client = client_for(claim_timeout=0.5)
    table_id = start_table(client, "sisepai")
    with table_socket(client, table_id, seed=3) as player:
        state = _claim_decision(player)
        player.send({"type": "pace", "paused": True})
        time.sleep(1.0)  # twice the claim's time
        actor = app_state(client).tables.live[table_id]
        assert actor.viewers[0].decision is not None, "the paused clock ran out"
        player.send({"type": "pace", "paused": False})
        deadline = time.monotonic() + 5
        while actor.viewers[0].decision is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert actor.viewers[0].decision is None or actor.viewers[0].decision.v != state["v"]


def _claim_decision(player: Player) -> dict[str, Any]:
    """Play (passing claims aside, discarding at random) until the human may pass a claim."""
    player.until(lambda m: m["type"] == "state")
    for _ in range(400):
        state = player.state
        assert state is not None and state["outcome"] is None, "no claim decision came"
        if player.waiting_for_me():
            if "pass" in state["legal"]:
                return state
            legal = state["legal"]
            assert player.act(legal[player.rng.below(len(legal))])["type"] == "ack"
        else:
            player.until(lambda m: m["type"] == "state")
    raise AssertionError("no claim decision came")
