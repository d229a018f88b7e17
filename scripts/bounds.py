#!/usr/bin/env python3
"""What hidden cards would be worth: agents that cheat, for measurement only (STRENGTH.md's bounds).

    .venv/bin/python scripts/bounds.py paohuzi --reference random --decks 200 --seed 2026 [--workers 2]
    .venv/bin/python scripts/bounds.py sisepai --reference normal --decks 100 --seed 2026
    .venv/bin/python scripts/bounds.py sisepai --defend --challenger normal --decks 300 --seed 8000

plays the duplicate match of ``cardavia arena`` with a challenger that reads the real state:

* Paohuzi: hard (the planner) told which cards are in the stock (their contents, not their order)
  instead of counting every unseen copy as a possible reveal;
* Sì Sè Pái: hard whose sampled worlds keep the real hands and shuffle only the stock.

With ``--defend`` (Sì Sè Pái) the cheats sit in the other seats instead, against an honest
``--challenger``: normal that sees every hand and does not feed (``SeeingDefender``), the most a
defence could take from a player if it knew who holds what.

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
from cardavia.ai.sisepai import agents as sisepai_agents
from cardavia.ai.sisepai.agents import (
    NormalAgent,
    after_take,
    discard_choices,
    discard_danger,
    hand_of,
    hand_value,
    parse_take,
    shortlist,
    situation,
)
from cardavia.ai.sisepai.hard import HardAgent
from cardavia.ai.tiers import make_agent
from cardavia.engine.game import Game
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import KINDS
from cardavia.games.paohuzi.game import PaohuziGame
from cardavia.games.sisepai.cards import DECK, SEATS
from cardavia.games.sisepai.game import SisepaiGame
from cardavia.games.sisepai.melds import group_points
from cardavia.games.sisepai.rules import NEXT, OTHER, allowed_takes

CHEAT = "cheat"
DEFENDER = "defender"
FEED_TAKE = 0.25  # distance steps lost per other seat that may take the card and gain by it
FEED_WIN = 5.0  # per other seat the card would complete


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
        for card in game.secret_stock():
            counts[card] += 1
        return Planner(counts, game.stock_count(), chou)


def real_hands_worlds(obs: Observation) -> Observation:
    """``obs`` whose worlds keep every real hand and shuffle only the rest of the real stock."""
    game = real_game(obs)
    assert isinstance(game, SisepaiGame)

    def worlds(rng: Rng) -> Game:
        world = game.clone()
        rest = sorted(game.secret_stock())  # the shuffle must not depend on the real order
        rng.shuffle(rest)
        world.stock = tuple(rest)
        world.top = 0
        return world

    return Observation(obs.game, obs.seat, obs.view, obs.legal, obs.window, worlds)


class RealHandsHard(HardAgent):
    """Sì Sè Pái hard searching worlds that keep the real hands."""

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        return super().act(real_hands_worlds(obs), rng, deadline)


def feeding(game: SisepaiGame, seat: int, card: int) -> float:
    """What ``seat`` gives away by discarding ``card``, read from the real hands: ``FEED_WIN`` for
    each other seat it completes, ``FEED_TAKE`` for each that may take it and would be nearer a win."""
    cost = 0.0
    for other in range(SEATS):
        if other == seat:
            continue
        if game.can_win(other, card):
            cost += FEED_WIN
            continue
        hand = tuple(game.hands[other])
        held = hand_of(hand)
        who = NEXT if other == (seat + 1) % SEATS else OTHER
        if allowed_takes(hand, card, who) and held.changed(card, +1, 0).distance < held.judge().distance:
            cost += FEED_TAKE
    return cost


class SeeingDefender(NormalAgent):
    """Sì Sè Pái normal that sees every hand and does not feed: each discard it might make, alone or
    after a take, costs ``feeding`` (so it also passes on takes whose every discard would feed)."""

    def value_all(self, obs: Observation) -> list[tuple[float, str]]:
        game = real_game(obs)
        assert isinstance(game, SisepaiGame)
        sit = situation(obs)
        scored = []
        for value, action in super().value_all(obs):
            verb = action.split(" ", 1)[0]
            if verb == "discard":
                value -= feeding(game, obs.seat, DECK.card(action.split()[1]))
            elif verb == "take" and sit.public is not None:
                group = parse_take(action)
                hand = after_take(sit.hand, group, sit.public)
                exposed = sit.exposed_points + group_points(group)
                value = sisepai_agents.TAKE_BONUS + max(
                    hand_value((*hand[:k], hand[k] - 1, *hand[k + 1:]), exposed, sit)
                    - discard_danger(k, sit)
                    - feeding(game, obs.seat, k)
                    for k in shortlist(hand, discard_choices(hand))
                )
            scored.append((value, action))
        return scored


def cheat(game: str) -> Agent:
    """The cheating challenger of ``game``, built on the product's hard tier."""
    if game == "paohuzi":
        return StockPlanner(CHEAT)
    hard = make_agent(game, "hard")
    assert isinstance(hard, HardAgent)
    return RealHandsHard(hard.kit, hard.budget, name=CHEAT)


def factory(game: str, tier: str) -> Agent:
    """``make_agent``, with the tiers ``cheat`` (this script's challenger) and ``defender``."""
    if tier == DEFENDER:
        return SeeingDefender(DEFENDER)
    return cheat(game) if tier == CHEAT else make_agent(game, tier)


def main(argv: Sequence[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("game", choices=["paohuzi", "sisepai"])
    parser.add_argument("--reference", choices=TIERS, help="the honest tier the cheat plays against")
    parser.add_argument("--defend", action="store_true", help="Sì Sè Pái: cheats in the other seats")
    parser.add_argument("--challenger", choices=TIERS, help="with --defend: the honest player in one seat")
    parser.add_argument("--decks", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.decks < 2:
        print("bounds: --decks must be at least 2 (the interval needs two decks)", file=sys.stderr)
        return 2
    if args.defend:
        if args.game != "sisepai" or args.challenger is None or args.reference is not None:
            print("bounds: --defend is for sisepai, with --challenger, without --reference", file=sys.stderr)
            return 2
        match = arena.Match(args.game, args.challenger, DEFENDER, args.seed, factory)
    elif args.reference is None or args.challenger is not None:
        print("bounds: give --reference (or --defend with --challenger)", file=sys.stderr)
        return 2
    else:
        match = arena.Match(args.game, CHEAT, args.reference, args.seed, factory)
    setattr(arena, "observe", observe_with_real)  # noqa: B010 (forked workers inherit it)
    try:
        per_deck = list(arena.play_decks(match, args.decks, args.workers))
    finally:
        setattr(arena, "observe", observe)  # noqa: B010
    seats = len(per_deck[0])
    print(json.dumps(arena.summarize(match, seats, per_deck), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
