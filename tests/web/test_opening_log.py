"""The log shows the deal's opening steps (before the first decision), on a new and a resumed table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.registry import game_names

from .helpers import start_table, table_socket

FIRST_KIND = {"sisepai": "sisepai.deal", "paohuzi": "paohuzi.deal"}


def _first_log(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    with table_socket(client, table_id) as player:
        state = player.until(lambda m: m["type"] == "state")
        return list(state["log"])


@pytest.mark.parametrize("game", game_names())
def test_opening_steps_are_in_the_log(client_for: Callable[..., TestClient], game: str) -> None:
    first = client_for()
    table_id = start_table(first, game)
    log = _first_log(first, table_id)
    assert log, "the first state carries a log"
    assert log[0]["kind"] == FIRST_KIND[game]
    cookies = dict(first.cookies)
    first.__exit__(None, None, None)

    second = client_for()
    for name, value in cookies.items():
        second.cookies.set(name, value)
    assert _first_log(second, table_id)[: len(log)] == log
