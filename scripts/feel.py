#!/usr/bin/env python3
"""What a player feels: one player's win share against copies of each tier (STRENGTH.md's player rows).

    .venv/bin/python scripts/feel.py sisepai --player normal --decks 500 --seed 555000 [--workers 2]
        [--tiers easy normal hard]

For each tier it plays the duplicate match ``cardavia arena GAME --challenger PLAYER --reference
TIER``: the player sits in every seat in turn, the other seats are copies of the tier, and every tier
meets the same decks. Prints one Markdown row per tier (the player's win share with its
deck-clustered 95 % interval, the draw rate, the deals, the tier's decision latencies p50 / p99 /
max) and then the figures as the lines of the game's ``FELT`` (``ai/<g>/felt.py``), the table the game
pages read for their labels. Report on decks not used for tuning.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from cardavia.ai import arena
from cardavia.ai.agent import TIERS
from cardavia.engine.errors import CardaviaError

SITE_TIERS = ("easy", "normal", "hard")


def measure(game: str, player: str, tier: str, decks: int, seed: int, workers: int) -> dict[str, Any]:
    """The arena report of ``player`` (one seat) against copies of ``tier``."""
    return arena.run(arena.Match(game, player, tier, seed), decks, workers)


def row(report: dict[str, Any]) -> str:
    """One Markdown row: tier, the player's share (95 % CI), draw rate, deals, the tier's latency."""
    low, high = report["win_share_ci95"]
    lat = report["latency_ms"].get(report["reference"])
    latency = "" if lat is None else f"{lat['p50']:.1f} / {lat['p99']:.1f} / {lat['max']:.0f}"
    return (
        f"| {report['reference']} | {report['win_share']:.4f} ({low:.3f}–{high:.3f}) "
        f"| {report['draw_rate']:.3f} | {report['deals']:,} | {latency} |"
    )


def entry(report: dict[str, Any]) -> str:
    """The figures of one tier as a line of the game's ``FELT`` (``ai/<g>/felt.py``)."""
    low, high = report["win_share_ci95"]
    seats = round(1 / report["parity"])
    return (
        f'"{report["reference"]}": Felt({report["win_share"]}, ({low}, {high}), '
        f'deals={report["deals"]}, seed={report["seed"]}, seats={seats}),'
    )


def main(argv: Sequence[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("game", choices=["paohuzi", "sisepai"])
    parser.add_argument("--player", required=True, choices=TIERS)
    parser.add_argument("--tiers", nargs="+", default=list(SITE_TIERS), choices=TIERS)
    parser.add_argument("--decks", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.decks < 2:
        print("feel: --decks must be at least 2 (the interval needs two decks)", file=sys.stderr)
        return 2
    print(f"{args.game}: {args.player} in one seat against copies of each tier, {args.decks} decks, "
          f"seed {args.seed}")
    print("| Tier | Player's win share (95% CI) | Draw rate | Deals | Tier's latency p50 / p99 / max (ms) |")
    print("| --- | --- | --- | --- | --- |")
    figures: list[str] = []
    try:
        for tier in args.tiers:
            report = measure(args.game, args.player, tier, args.decks, args.seed, args.workers)
            print(row(report), flush=True)
            figures.append(entry(report))
    except CardaviaError as exc:
        print(f"feel: {exc}", file=sys.stderr)
        return 2
    print(f'"{args.game}": {{  # {args.player} in one seat')
    for line in figures:
        print(f"    {line}")
    print("},")
    return 0


if __name__ == "__main__":
    sys.exit(main())
