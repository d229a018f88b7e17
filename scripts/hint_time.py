"""How long a hint takes: the hint (``cardavia.ai.hints.hint``) against the hard tier's own decision
on the same positions, as the reference run beside it (the machine's speed changes from day to day).

Plays ``--deals`` seeded deals per game with normal players in every seat; at each decision of seat
0 with two or more legal actions it times a hint and the hard tier's bare decision (``act`` with the
same budget), and prints per game the p50 / p99 / max of each and their ratio, as JSON. CPU time of
this process (one thread), so other work on the machine does not count.

    .venv/bin/python scripts/hint_time.py --deals 20
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cardavia.ai.agent import observe
from cardavia.ai.hints import BUDGET, hint, view_seed
from cardavia.ai.tiers import make_agent
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _summary(seconds: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in seconds]
    return {"p50_ms": round(statistics.median(ms), 1), "p99_ms": round(_quantile(ms, 0.99), 1),
            "max_ms": round(max(ms), 1)}  # fmt: skip


def measure(game_name: str, deals: int, seed: int) -> dict[str, object]:
    spec = get_spec(game_name)
    hard = make_agent(game_name, "hard")
    hints: list[float] = []
    bare: list[float] = []
    for deal in range(deals):
        game = spec.new_game(seed + deal)
        players = [make_agent(game_name, "normal") for _ in range(spec.seats)]
        rng = Rng(seed + deal).fork(3)
        while (decision := game.decision()) is not None:
            seat = decision.seats[0]
            if seat == 0 and len(game.legal_actions(0)) > 1:
                start = time.process_time()
                hint(game, 0)
                hints.append(time.process_time() - start)
                obs = observe(game, 0)
                start = time.process_time()
                hard.act(obs, Rng(view_seed(obs)), time.monotonic() + BUDGET)
                bare.append(time.process_time() - start)
            game.apply(seat, players[seat].act(observe(game, seat), rng, time.monotonic() + BUDGET))
    ratio = statistics.median(h / b for h, b in zip(hints, bare, strict=True) if b > 0)
    return {"decisions": len(hints), "hint": _summary(hints), "hard_decision": _summary(bare),
            "median_ratio_hint_over_hard": round(ratio, 3)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per game (default 20)")
    parser.add_argument("--seed", type=int, default=4000, help="the first deal's seed (default 4000)")
    parser.add_argument("--games", default="sisepai,paohuzi")
    args = parser.parse_args()
    out = {name: measure(name, args.deals, args.seed) for name in args.games.split(",")}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
