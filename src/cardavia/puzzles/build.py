"""Finding puzzles in seeded deals (``scripts/puzzles.py`` runs it and writes the files).

A deal (seed ``FIRST_SEED`` + i) is played by ``TIER`` in every seat. At each decision of a seat with
two or more legal actions and no win among them, the review's judge values every option from the
seat's view (``review.core.evaluate``). A decision is a candidate when the judge's best leads every
other option by ``JUDGE_MARGIN`` of win chance at least. The deeper search then plays the best and
every option the judge puts within ``CLOSE`` of it to the end in ``WORLDS`` worlds sampled from the
seat's view (the hard tier's judge uses 8), ``TIER`` in every seat, each option in the same world
with the same random stream (common random numbers). The puzzle is kept when, against every option
compared, the best's lead in wins has a 95% interval (normal, ``Z``) clear of zero. Only the seat's
view decides (its worlds are sampled from it), so a person can solve it from what the seat sees.
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cardavia.ai import make_agent, observe
from cardavia.ai.agent import Agent
from cardavia.ai.common import WIN_VERBS
from cardavia.engine.game import Game
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.review.calibration import load
from cardavia.review.core import Option, evaluate, judges, values_of

FIRST_SEED = 600_000
"""Puzzle deals' seeds start here (apart from the calibration's, the ladder's and the tests')."""
TIER = "normal"
JUDGE_MARGIN = 0.08
CLOSE = 0.30
WORLDS = 48
Z = 1.96
CLAIM_THEMES = {
    ("claim", "pass"): "take_it", ("pass", "claim"): "let_it_go", ("claim", "claim"): "which_group",
}
SHAPE_KEYS = ("review.closer_to_win", "review.more_outs", "review.keeps_company", "review.more_points",
              "review.pass_keeps_hand")


def puzzle_id(game: str, seed: int, index: int, seat: int) -> str:
    """A puzzle's id: short, stable, and not the deal's seed."""
    return hashlib.blake2b(f"{game}|{seed}|{index}|{seat}".encode(), digest_size=6).hexdigest()


def _kind(action: str) -> str:
    verb = action.split(" ", 1)[0]
    return verb if verb in ("discard", "pass") else "claim"


def theme_of(best: str, runner_up: str, why_key: str) -> str:
    """The theme of a puzzle (``puzzle.THEMES``) from its answer, the judge's runner-up and its
    reason key."""
    claim = CLAIM_THEMES.get((_kind(best), _kind(runner_up)))
    if claim is not None:
        return claim
    if why_key == "review.avoids_feeding":
        return "safe_discard"
    if why_key in SHAPE_KEYS:
        return "shape"
    return "plan"


def starting_rating(margin: float) -> float:
    """A puzzle's first rating from the answer's lead in the deeper search: the clearer, the easier."""
    return round(min(2200.0, max(800.0, 1900.0 - 2000.0 * margin)))


def play_out(game: Game, agents: Sequence[Agent], rng: Rng) -> None:
    """Play ``game`` to its end, each seat by its agent, randomness from ``rng`` only."""
    while (decision := game.decision()) is not None:
        seat = decision.seats[0]
        game.apply(seat, agents[seat].act(observe(game, seat), rng.fork(len(game.actions()))))


def deep_wins(
    game: Game, seat: int, options: Sequence[str], rng: Rng, worlds: int = WORLDS
) -> dict[str, list[int]]:
    """For each option, whether ``seat`` won (1) or not (0) in each of ``worlds`` worlds of its view,
    the option played and the deal played out by ``TIER`` in every seat."""
    obs = observe(game, seat)
    agents = [make_agent(game.spec.name, TIER) for _ in range(game.spec.seats)]
    wins: dict[str, list[int]] = {a: [] for a in options}
    for w in range(worlds):
        world = obs.worlds(rng.fork(w))
        for action in options:
            trial = world.clone()
            trial.apply(seat, action)
            play_out(trial, agents, rng.fork(10_000 + w))
            outcome = trial.outcome() or {}
            wins[action].append(int(outcome.get("winner") == seat))
    return wins


def lead(best: Sequence[int], other: Sequence[int]) -> tuple[float, float, float]:
    """The mean of the paired differences and its 95% interval (``Z`` standard errors)."""
    diffs = [b - o for b, o in zip(best, other, strict=True)]
    mean = statistics.fmean(diffs)
    half = Z * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return mean, mean - half, mean + half


def examine(game: Game, seat: int, rng: Rng, worlds: int = WORLDS) -> dict[str, Any] | None:
    """The puzzle of ``seat``'s decision in ``game`` (fields of ``puzzle.Puzzle`` but ``id`` and
    ``record``), or None when it is not one (see the module text)."""
    name = game.spec.name
    judged = evaluate(game, seat)
    if any(o.wins or o.action in WIN_VERBS for o in judged.options):
        return None
    values = values_of(judged, load(name))
    ranked = sorted(values, key=lambda a: -values[a])
    best, runner_up = ranked[0], ranked[1]
    if values[best] - values[runner_up] < JUDGE_MARGIN:
        return None
    compared = [best, *[a for a in ranked[1:] if values[best] - values[a] <= CLOSE]]
    if len(compared) < 2:
        compared.append(runner_up)
    wins = deep_wins(game, seat, compared, rng, worlds)
    leads = {a: lead(wins[best], wins[a]) for a in compared[1:]}
    if any(low <= 0 for _, low, _ in leads.values()):
        return None
    closest = min(leads, key=lambda a: leads[a][0])
    by_action: Mapping[str, Option] = {o.action: o for o in judged.options}
    key, params = judges()[name].why(by_action[best], by_action[runner_up])
    mean, low, high = leads[closest]
    return {
        "game": name, "seat": seat, "options": list(game.legal_actions(seat)), "answer": best,
        "values": values, "theme": theme_of(best, runner_up, key),
        "deep": {a: round(statistics.fmean(w), 3) for a, w in wins.items()},
        "margin": {"over": closest, "mean": round(mean, 3), "low": round(low, 3), "high": round(high, 3),
                   "worlds": worlds},
        "why": {"key": key, "params": params},
        "rating": starting_rating(mean),
    }


def decisions(game_name: str, seed: int) -> Iterator[tuple[Game, int]]:
    """Every decision of a seat with two or more legal actions in the deal of ``seed`` played by
    ``TIER`` in every seat: the deal there (a copy) and the seat."""
    spec = get_spec(game_name)
    game = spec.new_game(seed)
    agents = [make_agent(game_name, TIER) for _ in range(spec.seats)]
    rng = Rng(seed).fork(1)
    while (decision := game.decision()) is not None:
        for seat in decision.seats:
            if len(game.legal_actions(seat)) >= 2:
                yield game.clone(), seat
        seat = decision.seats[0]
        game.apply(seat, agents[seat].act(observe(game, seat), rng.fork(len(game.actions()))))


def puzzles_of_deal(game_name: str, seed: int, worlds: int = WORLDS) -> list[dict[str, Any]]:
    """The puzzles of one seeded deal, as file lines (``puzzle.FIELDS`` first)."""
    found = []
    for game, seat in decisions(game_name, seed):
        index = len(game.actions())
        entry = examine(game, seat, Rng(seed).fork(2).fork(index * 8 + seat), worlds)
        if entry is not None:
            record = game.record()
            found.append({"id": puzzle_id(game_name, seed, index, seat), "game": game_name, "record": record,
                          **{k: v for k, v in entry.items() if k != "game"}})
    return found
