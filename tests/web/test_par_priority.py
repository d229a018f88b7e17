"""Par runs wait behind every table's computers: ``AiRunner.background`` starts only while no
foreground call (a computer's move, a hint, a review part) is waiting or running."""

from __future__ import annotations

import asyncio
import threading

from cardavia.engine.registry import get_spec
from cardavia.web.live.computers import AiRunner, par_run


def test_a_background_call_waits_for_the_foreground_ones() -> None:
    order: list[str] = []
    gate = threading.Event()

    def move() -> str:
        gate.wait(5)
        order.append("move")
        return "move"

    def par() -> str:
        order.append("par")
        return "par"

    async def scenario() -> None:
        runner = AiRunner("thread", 2)
        try:
            foreground = asyncio.ensure_future(runner._call(move))
            await asyncio.sleep(0.05)
            background = asyncio.ensure_future(runner.background(par))
            await asyncio.sleep(0.2)
            assert not background.done(), "the par ran beside a computer's move"
            gate.set()
            assert await foreground == "move" and await background == "par"
        finally:
            runner.close()

    asyncio.run(scenario())
    assert order == ["move", "par"]


def test_background_calls_run_one_at_a_time() -> None:
    running = 0
    most = 0

    def par() -> None:
        nonlocal running, most
        running += 1
        most = max(most, running)
        threading.Event().wait(0.05)
        running -= 1

    async def scenario() -> None:
        runner = AiRunner("thread", 2)
        try:
            await asyncio.gather(*(runner.background(par) for _ in range(4)))
        finally:
            runner.close()

    asyncio.run(scenario())
    assert most == 1


def test_a_par_run_plays_the_same_cards_to_an_end_and_depends_on_its_seed() -> None:
    record = {**get_spec("paohuzi").dealt(5), "actions": []}
    same = [par_run(record, 0, "random", "random", 11, run) for run in (1, 1)]
    assert same[0] == same[1]  # seeded: the same run gives the same result
    results = {par_run(record, 0, "random", "random", 11, run) for run in range(12)}
    assert len(results) > 1  # each run's own seed plays differently
