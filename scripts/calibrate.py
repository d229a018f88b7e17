"""Fit and measure the review's calibration (src/cardavia/review/fitted/<game>.json), and the ladder.

Calibration: seeded self-play deals, the reviewed seat (deal i: seat i mod seats) playing a
strong tier (``SKILLED``) with slips (a random legal action at a share ``SLIP`` of its decisions,
so worse actions are judged too; a legal win is always taken), every other seat normal. At each
decision of the seat the review's judge gives the chosen action's raw score; the deal's outcome
says whether the seat won.
The map (a logistic stage and an isotonic one, ``review/calibration.py``) is fitted on the fitting
seeds and measured on held-out seeds (disjoint): a reliability table by decile (count, mean
predicted, observed win rate, and a 90% interval of that rate from resampling whole held-out
deals), the Brier score and the base-rate Brier score. Decisions whose chosen action wins at once
(worth 1 by rule) are left out of both.

    nice .venv/bin/python scripts/calibrate.py sisepai paohuzi --fit 400 --holdout 400 --workers 2 \
        --dump cal --write

``--rows cal`` fits and measures the deals of such a dump again without playing them (to try
another map on the same decisions); ``--splits K`` adds K other halvings of its deals, fitted on
one half and measured on the other, to show how far one draw of deals moves the figures.

``--points N``: a seat's mean result (``seat_result``, the game's own points) when it wins and when
it does not, over N self-play deals of normal in every seat (fitting seeds); with ``--write`` kept as
the map's ``points`` (``calibration.Points``: the review's values in points).

    nice .venv/bin/python scripts/calibrate.py sisepai paohuzi --points 2000 --workers 2 --write

``--ladder N``: N deals per tier (random, easy, normal, hard) in the reviewed seat, the others
normal, reviewed with the committed calibration: mean accuracy, flags per decision, and the review
time per deal (p50 / max).

    .venv/bin/python scripts/calibrate.py sisepai paohuzi --ladder 200 --workers 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from cardavia.ai import make_agent, observe
from cardavia.ai.agent import Agent, Observation
from cardavia.engine import record as records
from cardavia.engine.game import seat_result
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.review import calibration, core

FIT_SEED = 100_000
HOLDOUT_SEED = 200_000
LADDER_SEED = 300_000
SLIP = 0.25
# The tier the reviewed seat plays in calibration deals. Sì Sè Pái's hard plays as well as normal
# (STRENGTH.md: 0.26 against normal's parity 0.25) at twenty times the time, so normal plays there.
SKILLED = {"sisepai": "normal", "paohuzi": "hard"}
OPPONENT = "normal"
LADDER = ("random", "easy", "normal", "hard")
FITTED = Path(__file__).resolve().parent.parent / "src" / "cardavia" / "review" / "fitted"


def write_map(game: str, entry: dict[str, Any]) -> None:
    """Write ``fitted/<game>.json`` with this game's map (its measured ``points`` kept)."""
    path = FITTED / f"{game}.json"
    if path.exists() and "points" not in entry:
        kept = json.loads(path.read_text(encoding="utf-8")).get("points")
        entry = {**entry, "points": kept} if kept is not None else entry
    path.write_text(json.dumps(entry, indent=4, sort_keys=True) + "\n", encoding="utf-8")


def points_deal(task: tuple[str, int]) -> list[tuple[bool, float]]:
    """One self-play deal of ``OPPONENT`` in every seat: (won, result in the game's points) per seat."""
    game, seed = task
    agent = make_agent(game, OPPONENT)
    record = play(game, seed, 0, agent)
    outcome = records.replay(record).outcome() or {}
    return [(outcome.get("winner") == s, seat_result(outcome, s)) for s in range(get_spec(game).seats)]


def measure_points(game: str, deals: int, workers: int) -> dict[str, Any]:
    """The mean result of a seat that wins and of one that does not, over ``deals`` self-play deals
    from ``FIT_SEED`` (``calibration.Points``)."""
    rows = [row for deal in _map(points_deal, [(game, FIT_SEED + i) for i in range(deals)], workers)
            for row in deal]
    won = [r for w, r in rows if w]
    other = [r for w, r in rows if not w]
    return {"win": round(statistics.mean(won), 3), "other": round(statistics.mean(other), 3),
            "deals": deals, "seeds": [FIT_SEED, FIT_SEED + deals - 1], "wins": len(won)}


class Slipping:
    """The game's ``SKILLED`` tier, playing a random legal action at a share ``SLIP`` of its
    decisions (never instead of a legal win)."""

    name = "slipping"

    def __init__(self, game: str) -> None:
        self.skilled = make_agent(game, SKILLED[game])

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        if any(a in ("win", "tianhu") for a in obs.legal) or rng.random() >= SLIP:
            return self.skilled.act(obs, rng)
        return obs.legal[rng.below(len(obs.legal))]


def play(game: str, seed: int, seat: int, player: Agent) -> dict[str, Any]:
    """A seeded deal, ``player`` in ``seat`` and ``OPPONENT`` elsewhere; its record."""
    spec = get_spec(game)
    state = spec.new_game(seed)
    agents = [player if s == seat else make_agent(game, OPPONENT) for s in range(spec.seats)]
    rng = Rng(seed).fork(1)
    while (decision := state.decision()) is not None:
        s = decision.seats[0]
        state.apply(s, agents[s].act(observe(state, s), rng.fork(len(state.actions()))))
    return state.record()


def _won(record: dict[str, Any], seat: int) -> int:
    result = records.replay(record).outcome()
    return int(result is not None and result.get("winner") == seat)


def calibration_deal(task: tuple[str, int]) -> dict[str, Any]:
    """One calibration deal: the rows (raw, stock share, won) of its chosen non-winning actions."""
    game, seed = task
    seat = seed % get_spec(game).seats
    record = play(game, seed, seat, Slipping(game))
    won = _won(record, seat)
    start = time.perf_counter()
    rows = []
    for _, judged, chosen in core.judged_decisions(record, seat):
        option = next(o for o in judged.options if o.action == chosen)
        if not option.wins:
            top = max(o.raw for o in judged.options if not o.wins)
            rows.append((option.raw, judged.stock, won, top, len(judged.options)))
    return {"rows": rows, "seconds": time.perf_counter() - start}


def ladder_deal(task: tuple[str, int, str]) -> dict[str, Any]:
    """One ladder deal, ``tier`` in the reviewed seat: every decision's raw options (so any map can
    value them later) and the time of the judging pass (the review less the mapping)."""
    game, seed, tier = task
    seat = seed % get_spec(game).seats
    record = play(game, seed, seat, make_agent(game, tier))
    start = time.perf_counter()
    decisions = [
        [chosen, judged.stock, [[o.action, o.raw, o.wins] for o in judged.options]]
        for _, judged, chosen in core.judged_decisions(record, seat)
    ]
    outcome = records.replay(record).outcome() or {}
    return {"game": game, "tier": tier, "seed": seed, "decisions": decisions,
            "result": seat_result(outcome, seat), "seconds": time.perf_counter() - start}


def ladder_report(game: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per tier with the committed map and points: accuracy (mean, median), points lost per deal
    (mean), flags and counted decisions; and the review time per deal."""
    cal, worth, even = calibration.load(game), calibration.points(game), core.judges()[game].even
    out: dict[str, Any] = {"game": game, "tiers": {}}
    for tier in LADDER:
        accuracies, lost, flags, counted = [], [], [], 0
        mine = [r for r in results if r["tier"] == tier]
        for r in mine:
            entries = []
            for chosen, stock, options in r["decisions"]:
                judged = core.Judged(tuple(core.Option(a, raw, wins) for a, raw, wins in options), stock)
                values = core.values_of(judged, cal)
                loss = round(max(values.values()) - values[chosen], core.DIGITS)
                entries.append({"values": values, "chosen": chosen, "counted": core.counted(values, even),
                                "loss": loss})
                flags.append(core.flag_of(loss))
            accuracies.append(core.accuracy_of(entries))
            lost.append(sum(
                worth.expected(max(e["values"].values())) - worth.expected(e["values"][e["chosen"]])
                for e in entries if e["counted"]
            ))
            counted += sum(1 for e in entries if e["counted"])
        out["tiers"][tier] = {
            "deals": len(mine),
            "accuracy_mean": round(statistics.mean(accuracies), 1),
            "accuracy_median": round(statistics.median(accuracies), 1),
            "points_lost_mean": round(statistics.mean(lost), 2),
            "result_mean": round(statistics.mean(r.get("result", 0.0) for r in mine), 2),
            "decisions": len(flags),
            "counted": counted,
            "flagged": {k: flags.count(k) for k in ("inaccuracy", "mistake", "blunder")},
        }
    out["review_seconds"] = _times(results)
    return out


def ladder(game: str, deals: int, workers: int, dump: str | None) -> dict[str, Any]:
    """``deals`` deals per tier of ``LADDER`` in the reviewed seat: accuracy, flags, review time."""
    tasks = [(game, LADDER_SEED + i, tier) for tier in LADDER for i in range(deals)]
    results = _map(ladder_deal, tasks, workers)
    if dump is not None:
        with open(dump, "w", encoding="utf-8") as f:
            for r in results:
                f.write(json.dumps(r) + "\n")
    return ladder_report(game, results)


def _map(fn: Any, tasks: list[Any], workers: int) -> list[Any]:
    out = []
    with get_context("spawn").Pool(workers) as pool:
        for n, result in enumerate(pool.imap(fn, tasks, chunksize=1), start=1):
            out.append(result)
            print(f"\r{n}/{len(tasks)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return out


def _times(results: list[dict[str, Any]]) -> dict[str, float]:
    seconds = [r["seconds"] for r in results]
    return {"p50": round(statistics.median(seconds), 3), "max": round(max(seconds), 3)}


def calibrate(
    game: str, fit_deals: int, holdout_deals: int, workers: int, dump: str | None = None, first: int = 0
) -> dict[str, Any]:
    """Fit on ``fit_deals`` deals, measure on ``holdout_deals`` others; the report and the entry."""
    fit_runs = _map(calibration_deal, [(game, FIT_SEED + i) for i in range(first, fit_deals)], workers)
    held_runs = _map(calibration_deal, [(game, HOLDOUT_SEED + i) for i in range(holdout_deals)], workers)
    if dump is not None:
        with open(dump, "w", encoding="utf-8") as f:
            for part, runs in (("fit", fit_runs), ("holdout", held_runs)):
                for r in runs:
                    f.write(json.dumps({"game": game, "set": part, **r}) + "\n")
    return measure(game, fit_runs, held_runs, first, fit_deals)


def measure(
    game: str, fit_runs: list[dict[str, Any]], held_runs: list[dict[str, Any]], first: int, fit_deals: int
) -> dict[str, Any]:
    """Fit on ``fit_runs``' rows, measure on ``held_runs``' (each a ``calibration_deal`` result):
    the report and the entry. Each decile's interval resamples the held-out deals."""
    holdout_deals = len(held_runs)
    fit_rows = [tuple(row[:3]) for r in fit_runs for row in r["rows"]]
    held_rows = [tuple(row[:3]) for r in held_runs for row in r["rows"]]
    cal = calibration.fit(fit_rows)
    by_deal = [[(cal.chance(row[0], row[1]), row[2]) for row in r["rows"]] for r in held_runs]
    pairs = [pair for deal in by_deal for pair in deal]
    table = calibration.reliability(pairs)
    for row, interval in zip(table, calibration.intervals(by_deal, Rng(HOLDOUT_SEED)), strict=True):
        row["interval_90"] = interval
    meta = {
        "fit_seeds": [FIT_SEED + first, FIT_SEED + fit_deals - 1], "fit_decisions": len(fit_rows),
        "policy": f"{SKILLED[game]} with {SLIP} random slips vs {OPPONENT}",
    }
    return {
        "game": game,
        "fit": {"deals": len(fit_runs), "decisions": len(fit_rows)},
        "holdout": {"deals": holdout_deals, "decisions": len(held_rows),
                    "seeds": [HOLDOUT_SEED, HOLDOUT_SEED + holdout_deals - 1]},
        "coef": list(cal.coef),
        "reliability": table,
        "brier": calibration.brier(pairs),
        "base_rate_brier": calibration.base_rate_brier(pairs),
        "base_rate": sum(y for _, y in pairs) / len(pairs),
        "judge_seconds": _times(fit_runs + held_runs),
        "entry": calibration.to_json(cal, meta),
    }


def from_dump(game: str, path: Path, fit_deals: int, holdout_deals: int, first: int) -> dict[str, Any]:
    """``measure`` on the deals of a ``--dump`` file: its first fitting deals from ``first`` up to
    ``fit_deals`` and its first ``holdout_deals`` held-out deals (the same seeds as played)."""
    runs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    fit_runs = [r for r in runs if r["set"] == "fit"][first:fit_deals]
    held_runs = [r for r in runs if r["set"] == "holdout"][:holdout_deals]
    if len(fit_runs) < fit_deals - first or len(held_runs) < holdout_deals:
        raise SystemExit(f"{path} holds {len(fit_runs)} fitting and {len(held_runs)} held-out deals")
    return measure(game, fit_runs, held_runs, first, fit_deals)


def splits(path: Path, count: int) -> list[dict[str, float]]:
    """``count`` other halvings of a dump's deals (fitting and held-out pooled, then shuffled),
    each fitted on one half and measured on the other: its Brier scores and, above a rated 0.2,
    the mean rated chance less the observed win rate (positive when over-confident)."""
    runs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    rng = Rng(HOLDOUT_SEED + 1)
    out = []
    for _ in range(count):
        rng.shuffle(runs)
        half = len(runs) // 2
        cal = calibration.fit([tuple(row[:3]) for r in runs[:half] for row in r["rows"]])
        pairs = [(cal.chance(row[0], row[1]), row[2]) for r in runs[half:] for row in r["rows"]]
        high = [(p, y) for p, y in pairs if p >= 0.2]
        out.append({
            "brier": round(calibration.brier(pairs), 4),
            "base_rate_brier": round(calibration.base_rate_brier(pairs), 4),
            "excess_above_0.2": round(sum(p - y for p, y in high) / len(high), 4),
        })
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="+", choices=["sisepai", "paohuzi"])
    parser.add_argument("--fit", type=int, default=300, help="fitting deals per game")
    parser.add_argument("--fit-start", type=int, default=0, help="first fitting deal (seed FIT_SEED + it)")
    parser.add_argument("--holdout", type=int, default=200, help="held-out deals per game")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write each map to review/fitted/GAME.json")
    parser.add_argument("--dump", help="write each deal's rows to DUMP.GAME.jsonl")
    parser.add_argument("--rows", metavar="DUMP", help="fit and measure a --dump's deals, not playing")
    parser.add_argument("--splits", type=int, default=0, help="with --rows: also this many other halvings")
    parser.add_argument("--ladder", type=int, help="instead: this many ladder deals per tier")
    parser.add_argument("--ladder-report", metavar="DUMP", help="instead: the ladder of a --ladder --dump")
    parser.add_argument("--points", type=int, metavar="N",
                        help="instead: measure a win's and a non-win's mean result on N self-play deals")
    args = parser.parse_args()
    if args.points:
        for game in args.games:
            measured = measure_points(game, args.points, args.workers)
            print(json.dumps({"game": game, **measured}), flush=True)
            if args.write:
                path = FITTED / f"{game}.json"
                entry = {**json.loads(path.read_text(encoding="utf-8")), "points": measured}
                path.write_text(json.dumps(entry, indent=4, sort_keys=True) + "\n", encoding="utf-8")
        return
    if args.ladder_report:
        for game in args.games:
            text = Path(f"{args.ladder_report}.{game}.jsonl").read_text(encoding="utf-8")
            rows = [json.loads(line) for line in text.splitlines()]
            print(json.dumps(ladder_report(game, rows)), flush=True)
        return
    if args.ladder:
        for game in args.games:
            dump = f"{args.dump}.{game}.jsonl" if args.dump else None
            print(json.dumps(ladder(game, args.ladder, args.workers, dump)), flush=True)
        return
    for game in args.games:
        if args.rows:
            path = Path(f"{args.rows}.{game}.jsonl")
            report = from_dump(game, path, args.fit, args.holdout, args.fit_start)
            if args.splits:
                report["other_splits"] = splits(path, args.splits)
        else:
            dump = f"{args.dump}.{game}.jsonl" if args.dump else None
            report = calibrate(game, args.fit, args.holdout, args.workers, dump, args.fit_start)
        entry = report.pop("entry")
        print(json.dumps(report), flush=True)
        if args.write:
            write_map(game, entry)


if __name__ == "__main__":
    main()
