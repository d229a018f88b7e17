"""The review ladder: each tier (random, easy, normal, hard) reviewed against hard.

Deal i of a game (seed ``LADDER_SEED`` + i) is played once per tier, that tier in the reviewed seat
(seat i mod seats) and normal elsewhere, and reviewed from that seat (``cardavia.review``, the
committed calibration). Per tier: deals, mean and median accuracy, decisions and flags; per game:
the review time per deal (p50 / max, all tiers). Each deal's result is appended to ``--out`` as it
comes (a JSON line holding every decision's raw options, so a later map can value them again with
``--report``), and a run stopped early still reports the deals it finished.

    nice .venv/bin/python scripts/review_ladder.py sisepai paohuzi --deals 200 --workers 2 --out ladder
    .venv/bin/python scripts/review_ladder.py sisepai paohuzi --report ladder
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


def run(game: str, deals: int, workers: int, out: Path) -> None:
    """Play and review ``deals`` deals per tier, seed by seed, appending each result to ``out``."""
    done = set()
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            done.add((r["seed"], r["tier"]))
    tasks = [
        (game, LADDER_SEED + i, tier)
        for i in range(deals)
        for tier in LADDER
        if (LADDER_SEED + i, tier) not in done
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


def markdown(result: dict[str, Any]) -> str:
    """A report as the rows of STRENGTH.md's ladder table."""
    rows = []
    for tier, r in result["tiers"].items():
        f = r["flagged"]
        per = r["decisions"] / r["deals"]
        rows.append(
            f"| {result['game']} | {tier} | {r['deals']} | {r['accuracy_mean']} | {r['accuracy_median']} | "
            f"{r['decisions']} ({per:.1f} a deal) | {f['inaccuracy']} / {f['mistake']} / {f['blunder']} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="+", choices=["sisepai", "paohuzi"])
    parser.add_argument("--deals", type=int, default=200, help="deals per tier")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="play: append results to OUT.GAME.jsonl, then report")
    parser.add_argument("--report", metavar="OUT", help="only report OUT.GAME.jsonl")
    parser.add_argument("--markdown", action="store_true", help="print table rows instead of JSON")
    args = parser.parse_args()
    for game in args.games:
        if args.report:
            path = Path(f"{args.report}.{game}.jsonl")
        else:
            path = Path(f"{args.out or 'ladder'}.{game}.jsonl")
            run(game, args.deals, args.workers, path)
        result = report(game, path)
        print(markdown(result) if args.markdown else json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
