#!/usr/bin/env python3
"""Engine speed side by side: Cardavia's random play against reference engines, as ratios.

Random agents play deals to the end, one process at a time on one core:

* ``sisepai`` and ``paohuzi``: the loop that ``cardavia bench GAME`` times (``--deals`` seeded
  deals from ``--seed``, events off, one ``Rng(seed)`` choosing uniformly among legal actions);
* ``rlcard_mahjong``: RLCard's Mahjong environment, ``env.run`` with four ``RandomAgent`` s;
* ``openspiel_team_dominoes``: OpenSpiel's pure-Python team dominoes
  (``open_spiel/python/games/team_dominoes.py``), chance outcomes and actions drawn uniformly.

Every figure is per second of the measuring process's own CPU time (``time.process_time`` around
the play loop only: no start-up, no imports), so what else the shared machine runs matters less;
wall-clock figures are printed beside them. Each measurement is a fresh child process; a round
measures every engine once, the order rotating from round to round, and a ratio is taken within
each round, so both sides of a ratio ran minutes apart at most (a game and its ``--before``
run are measured back to back). The report gives each ratio's
median over the rounds with its range (min-max).

The references are never part of this repository. Install them once into a throwaway virtualenv
outside it (both publish wheels for CPython 3.11 on Linux) and name its interpreter:

    python3 -m venv ../speed-ref
    ../speed-ref/bin/pip install rlcard open_spiel
    .venv/bin/python scripts/speed.py --reference-python ../speed-ref/bin/python

Before/after, paired: ``--before REV`` also measures the checkout of REV (a temporary
``git worktree``, removed at the end, imported through ``PYTHONPATH``) in the same rounds, and
reports this checkout (its working tree, committed or not) over REV:

    .venv/bin/python scripts/speed.py --before main [--reference-python ...]

Prints one JSON document on standard output; progress goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OURS = ("sisepai", "paohuzi")
REFERENCES = ("rlcard_mahjong", "openspiel_team_dominoes")
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

Measure = dict[str, Any]


# ----- the children: one measurement each, printed as one JSON line ---------------------------


def _timed(loop: Any) -> Measure:
    t0, c0 = time.perf_counter(), time.process_time()
    games, actions = loop()
    return {
        "games": games,
        "actions": actions,
        "cpu_s": time.process_time() - c0,
        "wall_s": time.perf_counter() - t0,
    }


def child_cardavia(game: str, deals: int, seed: int) -> Measure:
    """The loop ``cardavia bench GAME --deals N --seed S`` times, from the ``cardavia`` on the path."""
    import cardavia
    from cardavia.engine.playout import random_playout
    from cardavia.engine.registry import get_spec
    from cardavia.engine.rng import Rng

    spec = get_spec(game)

    def loop() -> tuple[int, int]:
        rng = Rng(seed)
        actions = 0
        for i in range(deals):
            actions += random_playout(spec.new_game(seed + i, events=False), rng)
        return deals, actions

    return {**_timed(loop), "source": str(Path(cardavia.__file__).parents[1])}


def child_rlcard(games: int, seed: int) -> Measure:
    """RLCard's Mahjong: ``env.run`` with random agents (``RandomAgent.step``) to the end of each game."""
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    import rlcard  # type: ignore[import-not-found, unused-ignore]
    from rlcard.agents import RandomAgent  # type: ignore[import-not-found, unused-ignore]

    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(seed)

    def loop() -> tuple[int, int]:
        actions = 0
        for _ in range(games):
            trajectories, _payoffs = env.run(is_training=True)  # True: the agents' plain step
            actions += sum((len(t) - 1) // 2 for t in trajectories)  # state, action, ..., state
        return games, actions

    return {**_timed(loop), "version": version("rlcard")}


def child_dominoes(games: int, seed: int) -> Measure:
    """OpenSpiel's Python team dominoes: the deal's chance outcomes and the moves drawn uniformly."""
    import random

    import pyspiel  # type: ignore[import-not-found, unused-ignore]
    from open_spiel.python.games import (  # type: ignore[import-not-found, unused-ignore]
        team_dominoes,  # registers python_team_dominoes
    )

    game = pyspiel.load_game("python_team_dominoes")
    rng = random.Random(seed)

    def loop() -> tuple[int, int]:
        actions = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                else:
                    action = rng.choice(state.legal_actions())
                    actions += 1  # moves only, as Cardavia counts actions (its deals are no actions)
                state.apply_action(action)
        return games, actions

    return {**_timed(loop), "version": version("open_spiel"), "module": team_dominoes.__name__}


# ----- the parent: rounds of interleaved children, then ratios ---------------------------------


def _run_child(argv: list[str], env: dict[str, str]) -> Measure:
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"error: {' '.join(argv)} failed:\n{out.stderr.strip()}")
    measure: Measure = json.loads(out.stdout.strip().splitlines()[-1])
    return measure


def _rate(m: Measure, unit: str) -> float:
    return float(m[unit] / m["cpu_s"])


def _spread(values: Sequence[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
    }


def summarize(rounds: list[dict[str, Measure]], pairs: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Per engine, games and actions per CPU second (and per wall second); per pair ``(a, b)``, the
    ratios a / b taken within each round, as median, min and max over the rounds."""
    throughput: dict[str, Any] = {}
    for name in rounds[0]:
        ms = [r[name] for r in rounds]
        throughput[name] = {
            "games_per_cpu_s": _spread([_rate(m, "games") for m in ms]),
            "actions_per_cpu_s": _spread([_rate(m, "actions") for m in ms]),
            "games_per_wall_s": _spread([m["games"] / m["wall_s"] for m in ms]),
            "games": ms[0]["games"],
            "actions": ms[0]["actions"],
        }
    ratios: dict[str, Any] = {}
    for a, b in pairs:
        ratios[f"{a} / {b}"] = {
            unit: _spread([_rate(r[a], unit) / _rate(r[b], unit) for r in rounds])
            for unit in ("games", "actions")
        }
    return {"throughput": throughput, "ratios": ratios}


def _git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def _describe(checkout: Path) -> str:
    rev = _git("rev-parse", "--short=12", "HEAD", cwd=checkout)
    return rev + (" + uncommitted changes" if _git("status", "--porcelain", cwd=checkout) else "")


def build_parser() -> argparse.ArgumentParser:
    """The command line (``--child`` is the internal mode of the measuring processes)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    p.add_argument("--deals", type=int, default=2000, help="deals of each Cardavia game per measurement")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", default=",".join(OURS), help="Cardavia games, comma-separated")
    p.add_argument("--mahjong-games", type=int, default=40, help="RLCard Mahjong games per measurement")
    p.add_argument("--dominoes-games", type=int, default=1000, help="team dominoes games per measurement")
    p.add_argument("--reference-python", help="interpreter of a venv with rlcard and open_spiel")
    p.add_argument("--before", metavar="REV", help="also measure this revision; report ours over it")
    p.add_argument("--child", choices=("cardavia", "rlcard", "dominoes"), help=argparse.SUPPRESS)
    p.add_argument("--game", help=argparse.SUPPRESS)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the rounds and print the report (or, with ``--child``, one measurement)."""
    args = build_parser().parse_args(argv)
    if args.child == "cardavia":
        print(json.dumps(child_cardavia(args.game, args.deals, args.seed)))
        return 0
    if args.child == "rlcard":
        print(json.dumps(child_rlcard(args.mahjong_games, args.seed)))
        return 0
    if args.child == "dominoes":
        print(json.dumps(child_dominoes(args.dominoes_games, args.seed)))
        return 0

    games = [g for g in args.games.split(",") if g]
    if args.rounds < 1 or not games or any(g not in OURS for g in games):
        raise SystemExit(f"error: --rounds must be >= 1 and --games a list of {', '.join(OURS)}")
    env = {**os.environ, **ONE_THREAD}
    me = [sys.executable, str(Path(__file__).resolve())]
    common = ["--seed", str(args.seed)]
    checkouts = {"": ROOT}
    with tempfile.TemporaryDirectory(prefix="cardavia-before-") as tmp:
        if args.before:
            before = Path(tmp) / "checkout"
            _git("worktree", "add", "--detach", str(before), args.before)
            checkouts["before:"] = before
        try:
            runners: dict[str, tuple[list[str], dict[str, str]]] = {}
            for label, checkout in checkouts.items():
                child_env = {**env, "PYTHONPATH": str(checkout / "src")}
                for g in games:
                    argv = [*me, "--child", "cardavia", "--game", g, "--deals", str(args.deals), *common]
                    runners[label + g] = (argv, child_env)
            if args.reference_python:
                ref = [args.reference_python, str(Path(__file__).resolve()), *common]
                runners["rlcard_mahjong"] = (
                    [*ref, "--child", "rlcard", "--mahjong-games", str(args.mahjong_games)],
                    env,
                )
                runners["openspiel_team_dominoes"] = (
                    [*ref, "--child", "dominoes", "--dominoes-games", str(args.dominoes_games)],
                    env,
                )
            names = list(runners)
            # A game and its before run back to back (their order alternating), so a paired ratio
            # is taken seconds apart; the units rotate from round to round.
            units = [[g, "before:" + g] if args.before else [g] for g in games]
            units += [[ref] for ref in REFERENCES if ref in runners]
            load = [round(os.getloadavg()[0], 2)]
            rounds: list[dict[str, Measure]] = []
            for r in range(args.rounds):
                shift = r % len(units)
                order = [n for u in units[shift:] + units[:shift] for n in (u if r % 2 == 0 else u[::-1])]
                measured: dict[str, Measure] = {}
                for name in order:
                    print(f"round {r + 1}/{args.rounds}: {name}", file=sys.stderr)
                    measured[name] = _run_child(*runners[name])
                rounds.append({name: measured[name] for name in names})
            load.append(round(os.getloadavg()[0], 2))
            described = {label or "this": _describe(c) for label, c in checkouts.items()}
        finally:
            if args.before:
                _git("worktree", "remove", "--force", str(checkouts["before:"]))

    pairs = [(g, ref) for g in games for ref in REFERENCES if ref in names]
    pairs += [(g, "before:" + g) for g in games if "before:" + g in names]
    report = {
        "clock": "process CPU time of each child's play loop (one process at a time, one thread)",
        "rounds": args.rounds,
        "seed": args.seed,
        "deals": args.deals,
        "checkouts": {"this": described["this"], **({"before": described["before:"]} if args.before else {})},
        "load_average_1min": {"start": load[0], "end": load[1]},
        **summarize(rounds, pairs),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
