"""Computer seats: choosing their actions off the event loop.

``process`` runs agents in a process pool (search never holds the server's GIL): the worker gets
the game record, replays it and asks the agent. A worker that dies is replaced (``RenewingPool``);
when the pool keeps breaking, the move is chosen in a thread of the server instead. ``thread`` and
``inline`` pass a clone of the live game. Every choice is seeded by the deal, the seat and the
window, so a resumed table chooses exactly as it would have. An agent that fails or answers
something illegal is replaced by a random legal choice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import Any

from cardavia.engine import record as records
from cardavia.engine.game import Game
from cardavia.engine.rng import Rng
from cardavia.web.worker_pool import RenewingPool

log = logging.getLogger("cardavia.web.ai")

# Thinking budget per move by tier (seconds); the agent gets it as a deadline.
BUDGET: dict[str, float] = {"random": 0.05, "greedy": 0.1, "easy": 0.2, "normal": 0.4, "hard": 0.8}


@cache
def _agent(game_name: str, tier: str) -> Any:
    try:
        from cardavia.ai import make_agent
    except ImportError:
        return None
    return make_agent(game_name, tier)


def choose_on(game: Game, seat: int, tier: str, seed: int) -> str:
    """The action ``seat`` plays in ``game`` (a copy the agent may not keep), chosen by ``tier``."""
    legal = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")
    rng = Rng(seed)
    agent = _agent(game.spec.name, tier)
    if agent is not None:
        try:
            from cardavia.ai import observe

            deadline = time.monotonic() + BUDGET.get(tier, 0.5)
            action = agent.act(observe(game, seat), rng, deadline)
            if action in legal:
                return str(action)
            log.warning("agent %s/%s answered %r, not legal; playing at random", game.spec.name, tier, action)
        except Exception:
            log.exception("agent %s/%s failed; playing at random", game.spec.name, tier)
    return legal[rng.below(len(legal))]


def choose_from_record(record: dict[str, Any], seat: int, tier: str, seed: int) -> str:
    """``choose_on`` for a process worker: rebuild the game from its record first."""
    return choose_on(records.replay(record), seat, tier, seed)


def warm_up() -> None:
    """Import the agents and both engines in a worker, so the first real move does not wait for it."""
    from cardavia.engine.registry import game_names, get_spec

    for name in game_names():
        get_spec(name)
        _agent(name, "easy")


class AiRunner:
    """Runs agents on the configured executor; a worker process that dies never costs a move."""

    def __init__(self, kind: str, workers: int) -> None:
        self.kind = kind
        self._pool: RenewingPool | None = None
        self._threads: ThreadPoolExecutor | None = None
        if kind == "process":
            self._pool = RenewingPool(workers, warm_up)
        elif kind == "thread":
            self._threads = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="cardavia-ai")
        elif kind != "inline":
            raise ValueError(f"unknown AI executor {kind!r}; use process, thread or inline")

    def warm(self, workers: int) -> None:
        """Start every worker process now, in the background (their imports take a moment).

        ``workers`` is ignored: the pool starts as many as the runner was made with.
        """
        if self._pool is not None:
            self._pool.start()

    async def choose(self, game: Game, seat: int, tier: str, seed: int) -> str:
        """Choose ``seat``'s action without blocking the event loop (except ``inline``).

        ``game`` must be a copy the caller no longer changes.
        """
        loop = asyncio.get_running_loop()
        if self._pool is not None:
            try:
                return await self._pool.run(choose_from_record, game.record(), seat, tier, seed)
            except BrokenProcessPool:
                log.error("worker pool broken on every try; choosing a %s move in a thread", game.spec.name)
                return await asyncio.to_thread(choose_on, game, seat, tier, seed)
        if self._threads is not None:
            return await loop.run_in_executor(self._threads, choose_on, game, seat, tier, seed)
        return choose_on(game, seat, tier, seed)

    def close(self) -> None:
        """Stop the workers."""
        if self._pool is not None:
            self._pool.close()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
