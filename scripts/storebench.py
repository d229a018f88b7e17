"""CPU per store operation on a throwaway PostgreSQL: a lease taken, an append alone in its batch, a
table loaded; this checkout's code and, with ``--baseline``, another checkout's in turns.

    .venv/bin/python scripts/storebench.py [--tables 300] [--baseline ../base/src --pairs 3]

Each run is a child process on one database (a table set of its own) that takes the lease of every
table, appends one action to each (one at a time, as a table at a human pace does) and loads each,
three rounds, and prints the CPU time of the process per operation in ms (user and system, every
thread: the event loop and the driver). Prints JSON; with ``--baseline``, the median ratio of each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 3


async def _measure(url: str, prefix: str, count: int) -> dict[str, float]:
    from cardavia.web.storage import leases
    from cardavia.web.storage.store import Lease, Store

    store = await Store.open(url)
    owner = f"{prefix}/1"
    async with store.begin() as conn:
        await leases.register(conn, owner, 600.0)
    ids = [f"{prefix}{i}" for i in range(count)]
    for table_id in ids:
        await store.create_table(table_id, "paohuzi", 0, "easy", "h" * 64, {"game": "paohuzi"}, "ab" * 16)
    # A lease is taken as the code's own ``LeaseOwnership.claim`` takes it (older code: in a transaction).
    connect = getattr(store, "single", store.begin)
    spent: dict[str, float] = {"claim": 0.0, "append": 0.0, "load": 0.0}
    for number in range(ROUNDS):
        started = time.process_time()
        epochs = []
        for table_id in ids:
            async with connect() as conn:
                epochs.append(await leases.acquire(conn, table_id, owner) or 0)
        spent["claim"] += time.process_time() - started
        started = time.process_time()
        for table_id, epoch in zip(ids, epochs, strict=True):
            await store.append(table_id, number, "S1 pass", lease=Lease(owner, epoch))
        spent["append"] += time.process_time() - started
        started = time.process_time()
        for table_id in ids:
            await store.load(table_id)
        spent["load"] += time.process_time() - started
    await store.close()
    return {name: round(1000 * seconds / (ROUNDS * count), 3) for name, seconds in spent.items()}


def _run(url: str, prefix: str, count: int, source: str | None) -> dict[str, float]:
    argv = [sys.executable, __file__, "--child", url, "--prefix", prefix, "--tables", str(count)]
    env = None if source is None else {**os.environ, "PYTHONPATH": source}
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=True, timeout=600)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--baseline", help="the src folder of another checkout: run it and this one in turns")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--prefix", default="sb", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(_measure(args.child, args.prefix, args.tables))))
        return
    sys.path.insert(0, str(ROOT))
    from tests.web.postgres_server import postgres_url

    runs: dict[str, list[dict[str, float]]] = {"this": [], "baseline": []}
    with postgres_url() as url:
        for number in range(args.pairs if args.baseline else 1):
            runs["this"].append(_run(url, f"t{number}x", args.tables, None))
            if args.baseline:
                runs["baseline"].append(_run(url, f"b{number}x", args.tables, args.baseline))
    result: dict[str, Any] = {"cpu_ms_per_operation": {k: v for k, v in runs.items() if v}}
    if args.baseline:
        result["ratio_baseline_over_this"] = {
            name: round(statistics.median(r[name] for r in runs["baseline"])
                        / statistics.median(r[name] for r in runs["this"]), 2)
            for name in runs["this"][0]
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
