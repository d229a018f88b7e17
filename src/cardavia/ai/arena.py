"""Duplicate matches between agents on seeded decks (``cardavia arena``).

Deck ``i`` is ``spec.new_game(seed + i)``. Every deck is played once per seat with the challenger in
that seat and copies of the reference in the others; each agent's ``Rng`` is forked from the deck
seed, the rotation and the seat. Results therefore depend only on (game, agents, decks, seed), never
on the number of worker processes or on timing. Latencies are measured, not part of the result.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardavia.ai.agent import Agent, observe
from cardavia.ai.tiers import make_agent
from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import Game, Outcome, seat_result
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng

AgentFactory = Callable[[str, str], Agent]


@dataclass(frozen=True)
class DealResult:
    """One deal of a duplicate set: where the challenger sat and what happened."""

    deck: int
    seat: int
    winner: int | None
    score: float
    latency_ms: dict[str, list[float]] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Match:
    """What a duplicate match is: the game, the two agents, and the seed of deck 0."""

    game: str
    challenger: str
    reference: str
    seed: int
    factory: AgentFactory | None = None

    def agent(self, tier: str) -> Agent:
        """A fresh agent of ``tier`` (``make_agent`` unless the match names another factory)."""
        return (self.factory or make_agent)(self.game, tier)


def challenger_score(result: Outcome, seat: int) -> float:
    """The challenger's result of one deal (``seat_result``)."""
    return seat_result(result, seat)


def play_deal(game: Game, agents: Sequence[Agent], rngs: Sequence[Rng]) -> dict[str, list[float]]:
    """Play ``game`` to its end with one agent per seat; return decision latencies (ms) per agent name."""
    latency: dict[str, list[float]] = {}
    while (decision := game.decision()) is not None:
        seat = decision.seats[0]
        obs = observe(game, seat)
        agent = agents[seat]
        start = time.perf_counter()
        action = agent.act(obs, rngs[seat])
        latency.setdefault(agent.name, []).append((time.perf_counter() - start) * 1000.0)
        if action not in obs.legal:
            raise RuntimeError(f"agent {agent.name!r} returned {action!r}, not one of {obs.legal}")
        game.apply(seat, action)
    return latency


def play_deck(match: Match, deck: int) -> list[DealResult]:
    """Play deck ``deck`` once with the challenger in each seat."""
    spec = get_spec(match.game)
    deck_seed = match.seed + deck
    results = []
    for seat in range(spec.seats):
        agents = [match.agent(match.challenger if s == seat else match.reference) for s in range(spec.seats)]
        base = Rng(deck_seed)
        rngs = [base.fork(seat, s) for s in range(spec.seats)]
        game = spec.new_game(deck_seed)
        latency = play_deal(game, agents, rngs)
        outcome = game.outcome()
        if outcome is None:
            raise RuntimeError(f"deck {deck} ended without an outcome")
        winner = outcome.get("winner")
        results.append(DealResult(deck, seat, winner, challenger_score(outcome, seat), latency))
    return results


def deck_win_share(deck: Sequence[DealResult]) -> float:
    """The challenger's share of wins over one deck's deals."""
    return sum(1.0 for d in deck if d.winner == d.seat) / len(deck)


def _play_deck_task(args: tuple[Match, int]) -> list[DealResult]:
    return play_deck(*args)


def play_decks(match: Match, decks: int, workers: int = 1) -> Iterator[list[DealResult]]:
    """Yield each deck's results in deck order, played on ``workers`` processes."""
    tasks = [(match, deck) for deck in range(decks)]
    if workers <= 1:
        for task in tasks:
            yield _play_deck_task(task)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(_play_deck_task, tasks, chunksize=1)


def percentile(sorted_values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile ``p`` (0-100] of an ascending, non-empty sequence."""
    rank = max(1, math.ceil(p / 100.0 * len(sorted_values)))
    return sorted_values[rank - 1]


def clustered_ci95(blocks: Sequence[float]) -> tuple[float, float] | None:
    """95 % interval of the mean of per-deck block values (mean ± 1.96·sd/√B); None below 2 blocks."""
    n = len(blocks)
    if n < 2:
        return None
    mean = sum(blocks) / n
    var = sum((x - mean) ** 2 for x in blocks) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return (mean - half, mean + half)


def _round(x: float) -> float:
    return round(x, 4)


def summarize(match: Match, seats: int, per_deck: Sequence[Sequence[DealResult]]) -> dict[str, Any]:
    """The arena report of records-and-cli.md section 5 from every deal's result."""
    deals = [d for deck in per_deck for d in deck]
    if not deals:
        raise CardaviaError("no deals were played")
    wins = [1.0 if d.winner == d.seat else 0.0 for d in deals]
    blocks = [deck_win_share(deck) for deck in per_deck]
    score_blocks = [sum(d.score for d in deck) / len(deck) for deck in per_deck]
    ci = clustered_ci95(blocks)
    score_ci = clustered_ci95(score_blocks)
    per_seat = []
    for seat in range(seats):
        at_seat = [d for d in deals if d.seat == seat]
        won = sum(1 for d in at_seat if d.winner == seat)
        per_seat.append(_round(won / len(at_seat)) if at_seat else 0.0)
    latency: dict[str, list[float]] = {}
    for d in deals:
        for name, values in d.latency_ms.items():
            latency.setdefault(name, []).extend(values)
    latency_doc = {}
    for name in sorted(latency):
        values = sorted(latency[name])
        latency_doc[name] = {
            "p50": round(percentile(values, 50), 3),
            "p99": round(percentile(values, 99), 3),
            "max": round(values[-1], 3),
            "decisions": len(values),
        }
    return {
        "game": match.game,
        "challenger": match.challenger,
        "reference": match.reference,
        "seed": match.seed,
        "decks": len(per_deck),
        "deals": len(deals),
        "wins": int(sum(wins)),
        "win_share": _round(sum(wins) / len(deals)),
        "win_share_ci95": None if ci is None else [_round(max(0.0, ci[0])), _round(min(1.0, ci[1]))],
        "parity": _round(1.0 / seats),
        "draw_rate": _round(sum(1 for d in deals if d.winner is None) / len(deals)),
        "mean_score": _round(sum(d.score for d in deals) / len(deals)),
        "mean_score_ci95": None if score_ci is None else [_round(score_ci[0]), _round(score_ci[1])],
        "per_seat": per_seat,
        "latency_ms": latency_doc,
    }


def run(
    match: Match,
    decks: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play the whole duplicate match and return its report."""
    if decks < 1:
        raise CardaviaError("--decks must be at least 1")
    if workers < 1:
        raise CardaviaError("--workers must be at least 1")
    spec = get_spec(match.game)
    match.agent(match.challenger)
    match.agent(match.reference)
    per_deck = []
    for done, results in enumerate(play_decks(match, decks, workers), start=1):
        per_deck.append(results)
        if progress is not None:
            progress(done, decks)
    return summarize(match, spec.seats, per_deck)


def format_text(report: dict[str, Any]) -> str:
    """A short human-readable summary of a report (the default output without ``--json``)."""
    ci = report["win_share_ci95"]
    ci_text = "n/a" if ci is None else f"[{ci[0]:.3f}, {ci[1]:.3f}]"
    lines = [
        f"{report['game']}: {report['challenger']} vs {report['reference']}, "
        f"{report['decks']} decks, {report['deals']} deals (seed {report['seed']})",
        f"win share {report['win_share']:.3f}  95% CI {ci_text}  parity {report['parity']:.3f}",
        f"draw rate {report['draw_rate']:.3f}  mean score {report['mean_score']:.3f}",
        "per seat  " + "  ".join(f"S{s} {v:.3f}" for s, v in enumerate(report["per_seat"])),
    ]
    for name, lat in report["latency_ms"].items():
        lines.append(
            f"latency {name}: p50 {lat['p50']:.2f} ms  p99 {lat['p99']:.2f} ms  max {lat['max']:.2f} ms"
            f"  ({lat['decisions']} decisions)"
        )
    return "\n".join(lines)
