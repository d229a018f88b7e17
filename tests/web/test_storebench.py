"""scripts/storebench.py: CPU per store operation on PostgreSQL (web/CAPACITY.md's third pass)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import ModuleType

from sqlalchemy import text

from cardavia.web.storage.store import Store

from .postgres_server import postgres_url


def test_each_round_takes_every_lease_appends_to_every_table_and_loads_it(
    script: Callable[[str], ModuleType],
) -> None:
    storebench = script("storebench")

    async def stored(url: str) -> list[tuple[str, int, int]]:
        store = await Store.open(url)
        try:
            async with store.single() as conn:
                rows = await conn.execute(text(
                    "SELECT a.table_id, count(*), max(l.epoch) FROM actions a"
                    " JOIN leases l ON l.table_id = a.table_id GROUP BY a.table_id ORDER BY a.table_id"
                ))
                return [(str(t), int(n), int(e)) for t, n, e in rows]
        finally:
            await store.close()

    with postgres_url() as url:
        measured = asyncio.run(storebench._measure(url, "sbt", 2))
        assert set(measured) == {"claim", "append", "load"} and all(v > 0 for v in measured.values())
        rounds = storebench.ROUNDS
        assert asyncio.run(stored(url)) == [("sbt0", rounds, rounds), ("sbt1", rounds, rounds)]
