"""Hints are limited per table, and a flood of them on one table does not slow another's deal
(issue 28, part 4)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardavia.web.app import create_app
from cardavia.web.live.manager import HINT_BURST

from .helpers import Player, answering, app_state, start_table, table_socket, web_config


def _open_decision(player: Player) -> None:
    while not player.waiting_for_me():
        player.until(lambda m: m["type"] == "state")


def test_a_table_gets_a_few_hints_at_once_then_a_clear_refusal(client: TestClient) -> None:
    flooded, other = start_table(client, "paohuzi", "normal"), start_table(client, "paohuzi", "normal")
    with table_socket(client, flooded) as player:
        _open_decision(player)
        for i in range(HINT_BURST + 3):
            player.send({"type": "hint", "id": i})
        answers = [player.until(answering(i)) for i in range(HINT_BURST + 3)]
    assert [a["type"] for a in answers[:HINT_BURST]] == ["hint"] * HINT_BURST
    refused = answers[HINT_BURST:]
    assert {a["key"] for a in refused} == {"error.hints"}
    assert all(0 < a["retry_ms"] <= 2_000 and a["text"] for a in refused)  # 30 a minute: one each 2 s
    assert app_state(client).tables.live[flooded].hints == HINT_BURST  # the refused ones cost nothing
    with table_socket(client, other) as player:  # each table has a bucket of its own
        _open_decision(player)
        player.send({"type": "hint", "id": "x"})
        assert player.until(lambda m: m.get("id") == "x")["type"] == "hint"


def _deal_time(db: Path, flood: bool) -> tuple[float, int]:
    """Seconds one table's whole deal takes while (``flood``) another table's socket asks for hints
    without pause; and how many hints it asked. Computers and hints run in the event loop here
    (``inline``), so every hint answered delays every table of the process."""
    with TestClient(create_app(web_config(db))) as client:
        flooded, timed = start_table(client, "paohuzi", "hard"), start_table(client, "sisepai", "easy")
        stop, ready, asked = threading.Event(), threading.Event(), [0]

        def flooder() -> None:
            with table_socket(client, flooded) as player:
                _open_decision(player)
                while not stop.is_set():
                    asked[0] += 1
                    player.send({"type": "hint", "id": asked[0]})
                    player.until(lambda m: m.get("id") == asked[0])
                    if asked[0] == HINT_BURST + 1:
                        ready.set()  # the burst is spent: from here on the flood meets the limit

        thread = threading.Thread(target=flooder)
        if flood:
            thread.start()
            assert ready.wait(120)
        began = time.perf_counter()
        with table_socket(client, timed) as player:
            player.play_to_end()
        elapsed = time.perf_counter() - began
        stop.set()
        if flood:
            thread.join(120)
        return elapsed, asked[0]


@pytest.mark.e2e  # timed by the wall clock
@pytest.mark.clock
def test_a_hint_flood_on_one_table_does_not_slow_another_deal(tmp_path: Path) -> None:
    """The fastest of five alternated runs each way: other work on the machine only adds time, and a
    flood that the limit did not stop slows every run (without the limit: about 8 times)."""
    alone, flooded, hints = [], [], []
    for run in range(5):  # alternated, so that the machine's load falls on both alike
        alone.append(_deal_time(tmp_path / f"alone{run}.db", flood=False)[0])
        elapsed, asked = _deal_time(tmp_path / f"flood{run}.db", flood=True)
        flooded.append(elapsed)
        hints.append(asked)
    ratio = min(flooded) / min(alone)
    print(f"deal alone {alone}, during a flood {flooded} ({hints} hints asked): ratio {ratio:.2f}")
    assert ratio < 2.0
