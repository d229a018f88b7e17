"""The review ladder: each tier (random, easy, normal, hard) reviewed against hard.

Deal i of a game (seed ``--first-seed`` + i, by default ``LADDER_SEED`` + i) is played once per
tier, that tier in the reviewed seat (seat i mod seats) and normal elsewhere, and reviewed from that
seat (``cardavia.review``, the committed calibration and points). Per tier: deals, mean and median
accuracy, points lost per deal, the seat's mean result, decisions (and how many count) and flags;
per game: the review time per deal (p50 / max, all tiers). Each deal's result is appended to ``--out`` as it
comes (a JSON line holding every decision's raw options, so a later map can value them again with
``--report``), and a run stopped early still reports the deals it finished.

    nice .venv/bin/python scripts/review_ladder.py sisepai paohuzi --deals 200 --workers 2 --out ladder
    .venv/bin/python scripts/review_ladder.py sisepai paohuzi --report ladder

The accuracy's formula was chosen on 25 deals per tier from ``LADDER_SEED``; STRENGTH.md's figures
are on 200 held-out deals per tier from ``HELD_OUT_SEED`` (``--first-seed 400000``), played after it was
fixed.

``--site N``: the wall time of the site's review (parts side by side in 2 worker processes) of N
ladder deals with normal in the seat.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import get_context
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibrate import LADDER, LADDER_SEED, ladder_deal, ladder_report

HELD_OUT_SEED = 400_000


def run(game: str, deals: int, workers: int, out: Path, first: int = LADDER_SEED) -> None:
    """Play and review ``deals`` deals per tier (seeds from ``first``), seed by seed, appending each
    result to ``out``."""
    done = set()
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            done.add((r["seed"], r["tier"]))
    tasks = [
        (game, first + i, tier)
        for i in range(deals)
        for tier in LADDER
        if (first + i, tier) not in done
    ]
    with get_context("spawn").Pool(workers) as pool, out.open("a", encoding="utf-8") as f:
        for n, result in enumerate(pool.imap(ladder_deal, tasks, chunksize=1), start=1):
            f.write(json.dumps(result) + "\n")
            f.flush()
            print(f"\r{game} {n}/{len(tasks)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def report(game: str, out: Path) -> dict[str, Any]:
    """The ladder of the deals in ``out`` that every tier finished."""
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    seeds = {r["seed"] for r in rows}
    complete = {s for s in seeds if sum(1 for r in rows if r["seed"] == s) == len(LADDER)}
    result = ladder_report(game, [r for r in rows if r["seed"] in complete])
    result["deals_per_tier"] = len(complete)
    return result


def site_times(game: str, deals: int, workers: int) -> dict[str, Any]:
    """The wall time of the site's review of ``deals`` ladder deals (tier normal in the seat): its
    parts judged side by side in a pool of ``workers`` processes, as ``web.reviews`` does."""
    import asyncio
    import statistics
    import time

    from calibrate import play

    from cardavia.ai import make_agent
    from cardavia.engine.registry import get_spec
    from cardavia.web.live.computers import AiRunner
    from cardavia.web.storage.reviews import Reviews

    seats = get_spec(game).seats
    records = [
        (play(game, LADDER_SEED + i, (LADDER_SEED + i) % seats, make_agent(game, "normal")),
         (LADDER_SEED + i) % seats)
        for i in range(deals)
    ]

    async def timed() -> list[float]:
        ai = AiRunner("process", workers)
        reviews = Reviews(None, ai)  # type: ignore[arg-type]  # compute() stores nothing
        await reviews.compute(*records[0])  # the workers' imports are not a review's time
        out = []
        for record, seat in records:
            start = time.perf_counter()
            await reviews.compute(record, seat)
            out.append(time.perf_counter() - start)
        ai.close()
        return out

    secs = sorted(asyncio.run(timed()))
    return {"game": game, "deals": deals, "workers": workers, "p50": round(statistics.median(secs), 2),
            "max": round(secs[-1], 2)}


def markdown(result: dict[str, Any]) -> str:
    """A report as the rows of STRENGTH.md's ladder table."""
    rows = []
    for tier, r in result["tiers"].items():
        f = r["flagged"]
        per = r["decisions"] / r["deals"]
        rows.append(
            f"| {result['game']} | {tier} | {r['deals']} | {r['accuracy_mean']} | {r['accuracy_median']} | "
            f"{r['points_lost_mean']} | {r['result_mean']} | {r['decisions']} ({per:.1f} a deal), "
            f"{r['counted']} counted | {f['inaccuracy']} / {f['mistake']} / {f['blunder']} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="+", choices=["sisepai", "paohuzi"])
    parser.add_argument("--deals", type=int, default=200, help="deals per tier")
    parser.add_argument("--first-seed", type=int, default=LADDER_SEED, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="play: append results to OUT.GAME.jsonl, then report")
    parser.add_argument("--report", metavar="OUT", help="only report OUT.GAME.jsonl")
    parser.add_argument("--markdown", action="store_true", help="print table rows instead of JSON")
    parser.add_argument("--site", type=int, metavar="N", help="instead: time the site's review of N deals")
    args = parser.parse_args()
    for game in args.games:
        if args.site:
            print(json.dumps(site_times(game, args.site, args.workers)), flush=True)
            continue
        if args.report:
            path = Path(f"{args.report}.{game}.jsonl")
        else:
            path = Path(f"{args.out or 'ladder'}.{game}.jsonl")
            run(game, args.deals, args.workers, path, args.first_seed)
        result = report(game, path)
        print(markdown(result) if args.markdown else json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
