"""Build the puzzle set of each game (``cardavia.puzzles.build``): seeded deals from ``FIRST_SEED``,
searched in worker processes, until the file holds ``--count`` puzzles. Deals already searched (their
seeds in ``OUT.seeds``) are skipped, so a stopped run goes on where it was; each deal's puzzles are
appended to the file as it is done. Prints the set's size per theme and the time it took.

    nice .venv/bin/python scripts/puzzles.py sisepai paohuzi --count 320 --workers 2
    .venv/bin/cardavia puzzle sisepai --check src/cardavia/content/puzzles/sisepai.jsonl

``--solve``: instead, the share of the shipped puzzles each tier answers right (each tier acting from the
puzzle's seat as at the table, seeded by the puzzle's id), with the share a random guess would get
(the mean of one over the number of options).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from multiprocessing import get_context
from pathlib import Path

from cardavia.puzzles.build import FIRST_SEED, WORLDS, puzzles_of_deal

OUT = Path(__file__).resolve().parent.parent / "src" / "cardavia" / "content" / "puzzles"
BATCH = 8  # deals handed to the pool at a time (the run stops at the first batch that reaches the count)


def _deal(task: tuple[str, int, int]) -> tuple[int, list[dict[str, object]], float]:
    game, seed, worlds = task
    start = time.process_time()
    found = puzzles_of_deal(game, seed, worlds)
    return seed, found, time.process_time() - start


def with_views(path: Path) -> list[str]:
    """Give every line of the file at ``path`` the seat's view at its decision (``view``), rewriting
    the file when a line lacked it; its lines."""
    from cardavia.engine import record as records

    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        entry = json.loads(line)
        if "view" not in entry:
            entry["view"] = records.replay(entry["record"]).view(entry["seat"])
        out.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
    if out != lines:
        path.write_text("".join(f"{line}\n" for line in out), encoding="utf-8")
    return out


def build(game: str, count: int, workers: int, out: Path, worlds: int) -> dict[str, object]:
    """Search deals until ``out`` holds ``count`` puzzles; the set's figures."""
    path, seeds_path = out / f"{game}.jsonl", out / f"{game}.seeds"
    out.mkdir(parents=True, exist_ok=True)
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    done = {int(s) for s in seeds_path.read_text().split()} if seeds_path.exists() else set()
    cpu, searched, seed = 0.0, 0, FIRST_SEED
    wall = time.perf_counter()
    with get_context("spawn").Pool(workers) as pool, path.open("a", encoding="utf-8") as f, \
            seeds_path.open("a", encoding="utf-8") as s:
        while len(lines) < count:
            batch = []
            while len(batch) < BATCH:
                if seed not in done:
                    batch.append((game, seed, worlds))
                seed += 1
            for deal_seed, found, seconds in pool.imap(_deal, batch):
                for entry in found:
                    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
                    f.write(text + "\n")
                    lines.append(text)
                f.flush()
                s.write(f"{deal_seed}\n")
                s.flush()
                cpu += seconds
                searched += 1
                progress = f"\r{game}: {len(lines)} puzzles from {len(done) + searched} deals"
                print(progress, end="", file=sys.stderr)
    print(file=sys.stderr)
    lines = with_views(path)
    themes = Counter(json.loads(line)["theme"] for line in lines)
    run = {"deals": searched, "cpu_seconds": round(cpu), "wall_seconds": round(time.perf_counter() - wall),
           "workers": workers}
    return {"game": game, "puzzles": len(lines), "deals": len(done) + searched,
            "themes": dict(themes.most_common()), "this_run": run}


def _solve(task: tuple[str, str, str]) -> bool:
    from cardavia.ai import make_agent, observe
    from cardavia.engine.rng import Rng
    from cardavia.puzzles.puzzle import by_id

    game, tier, pid = task
    puzzle = by_id(game)[pid]
    obs = observe(puzzle.position(), puzzle.seat)
    return make_agent(game, tier).act(obs, Rng(int(pid, 16))) == puzzle.answer


def solve(game: str, workers: int) -> dict[str, object]:
    """The share of the shipped puzzles of ``game`` each tier answers right."""
    from cardavia.ai.agent import TIERS
    from cardavia.puzzles.puzzle import shipped

    puzzles = shipped(game)
    shares: dict[str, object] = {}
    with get_context("spawn").Pool(workers) as pool:
        for tier in TIERS:
            right = pool.map(_solve, [(game, tier, p.id) for p in puzzles], chunksize=4)
            shares[tier] = round(sum(right) / len(right), 3)
    guess = sum(1 / len(p.options) for p in puzzles) / len(puzzles)
    return {"game": game, "puzzles": len(puzzles), "solved": shares, "random_guess": round(guess, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="+", choices=["sisepai", "paohuzi"])
    parser.add_argument("--count", type=int, default=320, help="puzzles per game at least")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=WORLDS, help="worlds of the deeper search")
    parser.add_argument("--out", type=Path, default=OUT, help="folder of GAME.jsonl (default: the site's)")
    parser.add_argument("--solve", action="store_true", help="instead: the share each tier solves")
    args = parser.parse_args()
    for game in args.games:
        if args.solve:
            print(json.dumps(solve(game, args.workers)), flush=True)
            continue
        print(json.dumps(build(game, args.count, args.workers, args.out, args.worlds)), flush=True)


if __name__ == "__main__":
    main()
