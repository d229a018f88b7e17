"""The par of a finished deal: the same cards played again from the player's seat by the strongest
tier, ``runs`` times with different seeds of its own, against the same computers with the same
secret randomness (``computers.par_run``); par is the mean result.

A deal is never played again before it has ended (only finished deals are looked for). The runs
go to the AI workers at low priority (``AiRunner.background``): after every table's computers.
Pars are stored (``Players.save_par``), so each is computed once and survives a restart: at
start (and after an import) the service looks for every finished deal without one; whenever a deal
ends here, for that deal's.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

from cardavia.web.live.actor import log_crash
from cardavia.web.live.computers import AiRunner, par_run
from cardavia.web.live.table_info import ai_root
from cardavia.web.storage.players import Players
from cardavia.web.storage.store import Store

log = logging.getLogger("cardavia.web.storage.pars")

PAR_TIER = "hard"


class Pars:
    """Computes the missing pars, one deal at a time, each from ``runs`` plays (0: none at all).
    ``tier_override`` (tests, benchmarks) plays every seat of a run with that tier instead."""

    def __init__(
        self, store: Store, players: Players, ai: AiRunner, runs: int = 4, tier_override: str | None = None
    ) -> None:
        self.runs = runs
        self._store = store
        self._players = players
        self._ai = ai
        self._override = tier_override
        self._wake = asyncio.Event()
        self._everything = True  # look at every finished deal, not only the ``_ended`` ones
        self._ended: list[str] = []  # tables whose deal ended here since the last look
        self._task: asyncio.Task[None] | None = None
        self.computed = 0
        self._failed: set[tuple[str, int]] = set()  # deals whose par could not be computed

    def start(self) -> None:
        """Start looking for deals without a par (now, and at each ``poke``)."""
        if self.runs <= 0:
            return
        self._wake.set()
        self._task = asyncio.create_task(self._loop(), name="cardavia-pars")
        self._task.add_done_callback(log_crash)

    def poke(self, table: str | None = None) -> None:
        """``table``'s deal has ended: look at it (None: look at every finished deal again)."""
        if table is None:
            self._everything = True
        else:
            self._ended.append(table)
        self._wake.set()

    async def close(self) -> None:
        """Stop (a par half computed is computed again next time)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self._catch_up()

    async def _catch_up(self) -> None:
        """Compute every missing par of the deals to look at; one that fails is logged and left for
        the next start, and never holds up the others."""
        everything, self._everything = self._everything, False
        ended, self._ended = self._ended, []
        if everything:
            while await self._compute_all(
                await self._players.finished_without_par(limit=len(self._failed) + 20)
            ):
                pass
        else:
            for table in ended:
                await self._compute_all(await self._players.finished_without_par(table=table))

    async def _compute_all(self, found: list[tuple[str, int]]) -> bool:
        """Compute the pars of ``found`` (deal, seat) not failed before; False when there were none."""
        todo = [deal for deal in found if deal not in self._failed]
        for table, seat in todo:
            try:
                if await self.compute(table, seat) is None:
                    self._failed.add((table, seat))
            except Exception:
                log.exception("table %s: par from seat %d failed", table, seat)
                self._failed.add((table, seat))
        return bool(todo)

    async def compute(self, table: str, seat: int) -> float | None:
        """Compute and store ``table``'s par from ``seat``; None when the table is unknown."""
        row = await self._store.deal_start(table)
        if row is None:
            return None
        record: dict[str, Any] = {**row.position, "actions": []}
        tier = self._override or PAR_TIER
        computers = self._override or row.difficulty
        root = ai_root(row.secret, row.id)
        run = functools.partial(par_run, record, seat, tier, computers, root)
        results = [await self._ai.background(run, i) for i in range(self.runs)]
        await self._players.save_par(table, seat, results)
        self.computed += 1
        return sum(results) / len(results)
