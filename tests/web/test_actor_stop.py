"""A table taken out of memory (handed over to another process, say) answers every action it was
still holding: the sockets waiting for them do not wait for ever."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.testclient import TestClient

from cardavia.web.errors import ActionRefused

from .helpers import app_state, portal, start_table, table_socket


def test_stopping_a_table_refuses_the_actions_it_has_not_answered(client: TestClient) -> None:
    table_id = start_table(client, "paohuzi")
    with table_socket(client, table_id) as player:
        player.until(lambda m: m["type"] == "state")
        while not player.waiting_for_me():
            player.until(lambda m: m["type"] == "state")
        state = player.state
    assert state is not None
    actor = app_state(client).tables.live[table_id]
    store = app_state(client).store
    real_append = store.append_many

    async def slow_append(*args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(5)
        await real_append(*args, **kwargs)

    async def scenario() -> list[BaseException | int]:
        store.append_many = slow_append
        try:
            first = asyncio.create_task(actor.act(0, state["window"], state["legal"][0]))  # being stored
            await asyncio.sleep(0.2)
            second = asyncio.create_task(actor.act(0, state["window"], state["legal"][0]))  # queued
            await asyncio.sleep(0.1)
            await actor.stop()
            return await asyncio.wait_for(asyncio.gather(first, second, return_exceptions=True), 1.0)
        finally:
            store.append_many = real_append

    answers = portal(client).call(scenario)
    assert all(isinstance(a, ActionRefused) and a.key == "error.busy" for a in answers), answers


def test_a_socket_the_server_closes_stops_reading(client: TestClient) -> None:
    """When the server closes a socket (here: its table is stopped), its reader stops at once and
    the table forgets the socket, though the browser keeps its end open and says nothing."""
    table_id = start_table(client, "sisepai")
    with table_socket(client, table_id) as player:
        player.until(lambda m: m["type"] == "state")
        actor = app_state(client).tables.live[table_id]
        assert actor.subscribers
        portal(client).call(actor.stop)
        while player.ws.receive()["type"] != "websocket.close":
            pass  # the frames sent before

        async def forgotten() -> bool:
            for _ in range(100):
                if not actor.subscribers:
                    return True
                await asyncio.sleep(0.01)
            return False

        assert portal(client).call(forgotten)
