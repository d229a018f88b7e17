#!/usr/bin/env python3
"""What hidden cards would be worth: agents that cheat, for measurement only (STRENGTH.md's bounds).

    .venv/bin/python scripts/bounds.py paohuzi --reference random --decks 200 --seed 2026 [--workers 2]
    .venv/bin/python scripts/bounds.py sisepai --reference normal --decks 100 --seed 2026

plays the duplicate match of ``cardavia arena`` with a challenger that reads the real state:

* Paohuzi: hard (the planner) told which cards are in the stock (their contents, not their order)
  instead of counting every unseen copy as a possible reveal;
* Sì Sè Pái: hard whose sampled worlds keep the real hands and shuffle only the stock.

These agents break the agent contract on purpose and exist only here: ``make_agent`` never returns
them and the site never runs them. To let them peek, this script hands every observation the real
game as well (``Peeking``); the honest agents ignore it. Prints the arena report as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from cardavia.ai import arena
from cardavia.ai.agent import TIERS, Agent, Observation, observe
from cardavia.ai.paohuzi.agents import Situation
from cardavia.ai.paohuzi.hard import PlannerAgent
from cardavia.ai.paohuzi.plan import Planner
from cardavia.ai.sisepai.hard import HardAgent
from cardavia.ai.tiers import make_agent
from cardavia.engine.game import Game
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import KINDS
from cardavia.games.paohuzi.game import PaohuziGame
from cardavia.games.sisepai.game import SisepaiGame

CHEAT = "cheat"


@dataclass(frozen=True)
class Peeking(Observation):
    """An observation that also carries the real game (for the cheating agents of this script)."""

    real: Game


def observe_with_real(game: Game, seat: int) -> Observation:
    """``observe``, plus the real game (a snapshot of it) for the cheats."""
    obs = observe(game, seat)
    return Peeking(obs.game, obs.seat, obs.view, obs.legal, obs.window, obs.worlds, game.clone())


def real_game(obs: Observation) -> Game:
    """The real game behind ``obs``; only ``observe_with_real`` gives one."""
    if not isinstance(obs, Peeking):
        raise RuntimeError("a cheating agent was given an honest observation")
    return obs.real


class StockPlanner(PlannerAgent):
    """Paohuzi hard whose planner counts only the copies really left in the stock."""

    def planner(self, obs: Observation, sit: Situation, chou: frozenset[int]) -> Planner:
        game = real_game(obs)
        assert isinstance(game, PaohuziGame)
        counts = [0] * KINDS
        for card in game.stock[game.top:]:
            counts[card] += 1
        return Planner(counts, game.stock_left(), chou)


def real_hands_worlds(obs: Observation) -> Observation:
    """``obs`` whose worlds keep every real hand and shuffle only the rest of the real stock."""
    game = real_game(obs)
    assert isinstance(game, SisepaiGame)

    def worlds(rng: Rng) -> Game:
        world = game.clone()
        rest = sorted(game.stock[game._pos:])  # the shuffle must not depend on the real order
        rng.shuffle(rest)
        world.stock = tuple(rest)
        world._pos = 0
        return world

    return Observation(obs.game, obs.seat, obs.view, obs.legal, obs.window, worlds)


class RealHandsHard(HardAgent):
    """Sì Sè Pái hard searching worlds that keep the real hands."""

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        return super().act(real_hands_worlds(obs), rng, deadline)


def cheat(game: str) -> Agent:
    """The cheating challenger of ``game``, built on the product's hard tier."""
    if game == "paohuzi":
        return StockPlanner(CHEAT)
    hard = make_agent(game, "hard")
    assert isinstance(hard, HardAgent)
    return RealHandsHard(hard.kit, hard.budget, name=CHEAT)


def factory(game: str, tier: str) -> Agent:
    """``make_agent``, with the tier ``cheat`` for this script's challenger."""
    return cheat(game) if tier == CHEAT else make_agent(game, tier)


def main(argv: Sequence[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("game", choices=["paohuzi", "sisepai"])
    parser.add_argument("--reference", required=True, choices=TIERS)
    parser.add_argument("--decks", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.decks < 2:
        print("bounds: --decks must be at least 2 (the interval needs two decks)", file=sys.stderr)
        return 2
    setattr(arena, "observe", observe_with_real)  # noqa: B010 (forked workers inherit it)
    try:
        match = arena.Match(args.game, CHEAT, args.reference, args.seed, factory)
        per_deck = list(arena.play_decks(match, args.decks, args.workers))
    finally:
        setattr(arena, "observe", observe)  # noqa: B010
    seats = len(per_deck[0])
    print(json.dumps(arena.summarize(match, seats, per_deck), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
