"""The computer players' process pool survives a worker killed from outside (as by the OOM killer)."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.game import Game
from cardavia.engine.registry import get_spec
from cardavia.web.live.computers import AiRunner, choose_on
from cardavia.web.live.worker_pool import RenewingPool

from .helpers import run_async, start_table, table_socket

Move = tuple[Game, int, str, int]


def _moves(count: int) -> list[Move]:
    """Opening decisions of seeded deals of both games, each with a seat to move, a tier and a seed."""
    moves: list[Move] = []
    for n in range(count):
        game = get_spec(("sisepai", "paohuzi")[n % 2]).new_game(100 + n)
        decision = game.decision()
        assert decision is not None
        moves.append((game, decision.seats[0], "easy" if n < count // 2 else "greedy", 7 * n + 1))
    return moves


def _workers(others: set[int]) -> list[multiprocessing.process.BaseProcess]:
    """This process's worker processes, less those whose pid is in ``others``."""
    return [p for p in multiprocessing.active_children() if p.pid not in others]


def _kill_one_worker(others: set[int]) -> int:
    """SIGKILL one worker process not in ``others`` (without waiting for its pool to notice); its pid."""
    workers = _workers(others)
    assert workers, "no worker process yet"
    pid = workers[0].pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    return pid


def _wait_until_all_exit(others: set[int], timeout: float = 10) -> None:
    """Wait until every worker process not in ``others`` has ended; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while _workers(others) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _workers(others), f"worker processes left running: {[p.pid for p in _workers(others)]}"


def _pids() -> set[int]:
    return {p.pid for p in multiprocessing.active_children() if p.pid is not None}


def _incidents(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def test_a_killed_worker_is_replaced_once_for_every_waiting_move(caplog: pytest.LogCaptureFixture) -> None:
    moves = _moves(10)
    undisturbed = [choose_on(game.clone(), seat, tier, seed) for game, seat, tier, seed in moves]

    async def scenario() -> tuple[str, list[str]]:
        others = _pids()
        runner = AiRunner("process", 2)
        try:
            game, seat, tier, seed = moves[0]
            first = await runner.choose(game.clone(), seat, tier, seed)
            _kill_one_worker(others)
            answers = await asyncio.gather(
                *(runner.choose(game.clone(), seat, tier, seed) for game, seat, tier, seed in moves)
            )
        finally:
            runner.close()
        # Not one worker of either pool is left behind (the server's exit would wait for it).
        _wait_until_all_exit(others)
        return first, list(answers)

    with caplog.at_level(logging.WARNING):
        first, answers = run_async(scenario)
    assert first == undisturbed[0]
    assert answers == undisturbed
    for (game, seat, _, _), action in zip(moves, answers, strict=True):
        assert action in game.legal_actions(seat)
    assert len(_incidents(caplog)) == 1, _incidents(caplog)


def slow_the_first_time(marker: str) -> int:
    """In a worker: the first call leaves ``marker`` and sleeps (to be killed); later ones answer at once."""
    path = Path(marker)
    if path.exists():
        return os.getpid()
    path.write_text("started")
    time.sleep(60)
    return 0


def test_a_worker_killed_during_a_call_is_retried_on_a_fresh_pool(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    marker = tmp_path / "started"

    async def scenario() -> tuple[int, int]:
        others = _pids()
        pool = RenewingPool(1, os.getpid)
        try:
            call = asyncio.ensure_future(pool.run(slow_the_first_time, str(marker)))
            deadline = time.monotonic() + 30
            while not marker.exists():
                assert time.monotonic() < deadline, "the call never started"
                await asyncio.sleep(0.01)
            killed = _kill_one_worker(others)
            return killed, await asyncio.wait_for(call, 30)
        finally:
            pool.close()

    with caplog.at_level(logging.WARNING):
        killed, answered_by = run_async(scenario)
    assert answered_by not in (0, killed)
    assert len(_incidents(caplog)) == 1, _incidents(caplog)


def die() -> None:
    """In a worker: be killed, as by the out-of-memory killer."""
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_call_that_breaks_every_pool_gives_up_after_the_retries(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        others = _pids()
        pool = RenewingPool(1, os.getpid, retries=2)
        try:
            with pytest.raises(BrokenProcessPool):
                await pool.run(die)
        finally:
            pool.close()
        _wait_until_all_exit(others)

    with caplog.at_level(logging.WARNING):
        run_async(scenario)
    assert len(_incidents(caplog)) == 3, _incidents(caplog)  # the first try and two retries


def test_a_pool_that_keeps_breaking_falls_back_to_a_thread(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game, seat, tier, seed = _moves(1)[0]

    async def broken_on_every_try(self: RenewingPool, fn: Callable[..., Any], *args: Any) -> Any:
        raise BrokenProcessPool("a worker died")

    monkeypatch.setattr(RenewingPool, "run", broken_on_every_try)

    async def scenario() -> str:
        runner = AiRunner("process", 1)
        try:
            return await runner.choose(game.clone(), seat, tier, seed)
        finally:
            runner.close()

    with caplog.at_level(logging.WARNING):
        action = run_async(scenario)
    assert action == choose_on(game.clone(), seat, tier, seed)
    assert len(_incidents(caplog)) == 1


@pytest.mark.timeout(60)  # the old pool stalled the table for good
def test_a_table_finishes_its_deal_after_its_worker_is_killed(
    client_for: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    others = _pids()
    client = client_for(ai_executor="process", ai_workers=1)
    table_id = start_table(client, "sisepai")
    with caplog.at_level(logging.WARNING), table_socket(client, table_id, seed=5) as player:
        player.until(lambda m: m["type"] == "state")
        _kill_one_worker(others)
        final = player.play_to_end()
    assert final["outcome"] is not None
    assert len(_incidents(caplog)) == 1, _incidents(caplog)
