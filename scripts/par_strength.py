"""What par is worth as a measure of skill (issue 23, ai/STRENGTH.md).

Each tier (random, easy, normal, hard) plays the same decks from seat 0 against the site's
computers at ``--computers`` (seeded from the deck, as a table's are); each deck's par is the mean
of ``--runs`` plays of the hard tier from seat 0 with seeds of its own (``computers.par_run``,
what the site stores). For raw results and for score above par the script reports, per tier, the
mean with its 95% interval and the standard deviation over decks, and how many deals a player
needs to be told apart from the tier next to it at 95% when each plays decks of their own
(n = 2 (1.96 sd / difference)^2 per player, with the two tiers' mean sd). It also times the
workers' CPU for one deal's par (p50, max).

    .venv/bin/python scripts/par_strength.py --decks 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.web.live.computers import par_run

TIERS = ("random", "easy", "normal", "hard")


def deck(game: str, seed: int, computers: str, runs: int) -> dict[str, Any]:
    """Every tier's result on deck ``seed`` of ``game``, its par and the CPU seconds of the par."""
    record = {**get_spec(game).dealt(seed), "actions": []}
    root = Rng(seed).fork(77).next64()
    results = {tier: par_run(record, 0, tier, computers, root, 1000 + seed) for tier in TIERS}
    start = time.process_time()
    par = statistics.fmean(par_run(record, 0, "hard", computers, root, run) for run in range(runs))
    return {"results": results, "par": par, "cpu": time.process_time() - start}


def summary(values: list[float]) -> dict[str, float]:
    mean, sd = statistics.fmean(values), statistics.stdev(values)
    half = 1.96 * sd / math.sqrt(len(values))
    low, high = round(mean - half, 3), round(mean + half, 3)
    return {"mean": round(mean, 3), "low": low, "high": high, "sd": round(sd, 3)}


def needed(a: dict[str, float], b: dict[str, float]) -> float | None:
    """Deals each of two players needs for their means to differ at 95% (None: no difference)."""
    diff = abs(a["mean"] - b["mean"])
    if diff == 0:
        return None
    sd = (a["sd"] + b["sd"]) / 2
    return math.ceil(2 * (1.96 * sd / diff) ** 2)


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--decks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20261204)
    parser.add_argument("--runs", type=int, default=4, help="hard-tier plays per par (WebConfig.par_runs)")
    parser.add_argument("--computers", default="normal", help="the tier of the other seats")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    report: dict[str, Any] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for game in game_names():
            decks = list(pool.map(deck, [game] * args.decks, range(args.seed, args.seed + args.decks),
                                  [args.computers] * args.decks, [args.runs] * args.decks))
            raw = {t: summary([d["results"][t] for d in decks]) for t in TIERS}
            above = {t: summary([d["results"][t] - d["par"] for d in decks]) for t in TIERS}
            cpu = sorted(d["cpu"] for d in decks)
            report[game] = {
                "decks": args.decks,
                "raw": raw,
                "above_par": above,
                "deals_needed": {
                    f"{a}-{b}": {"raw": needed(raw[a], raw[b]), "above_par": needed(above[a], above[b])}
                    for a, b in (("random", "easy"), ("easy", "normal"), ("normal", "hard"))
                },
                "par_cpu_s": {"p50": round(cpu[len(cpu) // 2], 3), "max": round(cpu[-1], 3)},
            }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
