"""A hard tier: normal's judgement, plus a determinized search on close decisions (Sì Sè Pái's).

When normal's best actions are close (within ``Budget.margin``), the hard agent samples hidden
worlds consistent with its view (``obs.worlds``) and plays each candidate in each world. A game
with a playout model (``GameKit.playout``; Sì Sè Pái has one) plays the world to the end with a
simple rule for every seat (1 = our win, 0 = not); otherwise the engine itself is played on with a
fast policy reading each seat's own view, and the position is scored a few moves later. Each
candidate's score is normal's plus ``weight`` times its mean playout result. Worlds are shared by
all candidates (common random numbers). Randomness comes only from the ``rng`` given; the work is
bounded by a sample budget, so a seeded match replays identically, and a ``deadline``
(``time.monotonic()``) stops the search early with the best candidate so far. One core only.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardavia.ai.agent import Agent, Observation, observe
from cardavia.ai.common import best_of, obvious_action
from cardavia.engine.game import Game
from cardavia.engine.rng import Rng

Scorer = Callable[[Observation], list[tuple[float, str]]]
Valuer = Callable[[Game, int], float]
Playout = Callable[[Game, int, str], float]


@dataclass(frozen=True)
class Budget:
    """How much searching a decision may get."""

    candidates: int = 3
    margin: float = 0.35  # only actions within this of normal's best (in distance steps) are searched
    worlds: int = 8
    horizon: int = 8  # rollout plies (at most) before the position is scored
    safety: float = 0.01  # seconds kept in hand before a deadline
    weight: float = 0.3  # how much the sampled outcome counts against normal's score


@dataclass(frozen=True)
class GameKit:
    """What the hard tier needs from one game: normal's scores, a fast policy, a position value."""

    scores: Scorer
    fast: Agent
    value: Valuer
    playout: Playout | None = None  # a game-specific playout to the end, 1 = our win, 0 = not


def chance(value: float) -> float:
    """Map a hand value (about minus the distance) to a rough chance of winning."""
    return min(0.95, 0.5 * math.exp(0.9 * (value + 1.0)))


class HardAgent:
    """Normal, with a time-boxed determinized search where normal's choice is close."""

    def __init__(self, kit: GameKit, budget: Budget | None = None, name: str = "hard") -> None:
        self.kit = kit
        self.budget = budget or Budget()
        self.name = name

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """Choose from ``obs.legal``; answers by ``deadline`` when one is given."""
        obvious = obvious_action(obs.legal)
        if obvious is not None:
            return obvious
        scored = self.kit.scores(obs)
        fallback = best_of(scored, rng)
        candidates = self.shortlist(scored)
        if len(candidates) < 2 or self._late(deadline):
            return fallback
        base = {a: s for s, a in scored}
        return self.search(obs, candidates, base, rng, deadline, fallback)

    def _late(self, deadline: float | None) -> bool:
        return deadline is not None and time.monotonic() >= deadline - self.budget.safety

    def shortlist(self, scored: Sequence[tuple[float, str]]) -> list[str]:
        """The actions worth searching: normal's best few within the margin."""
        ordered = sorted(scored, key=lambda pair: -pair[0])
        top = ordered[0][0]
        return [a for s, a in ordered[: self.budget.candidates] if s >= top - self.budget.margin]

    def search(
        self,
        obs: Observation,
        candidates: list[str],
        base: dict[str, float],
        rng: Rng,
        deadline: float | None,
        fallback: str,
    ) -> str:
        """Normal's score of each candidate plus what the sampled worlds say happens next.

        A rollout is worth +1 when we win within the horizon, -1 when another seat does, and
        otherwise the change in our chances against the best opponent's, measured by the evaluator.
        """
        totals = dict.fromkeys(candidates, 0.0)
        done = 0
        for w in range(self.budget.worlds):
            if self._late(deadline):
                break
            world_rng = rng.fork(w)
            world = obs.worlds(world_rng.fork(0))
            values = {}
            for a in candidates:
                if self._late(deadline):
                    break
                values[a] = self.rollout(world, obs.seat, a, world_rng.fork(1))
            if len(values) < len(candidates):
                break
            for a, v in values.items():
                totals[a] += v
            done += 1
        if done == 0:
            return fallback
        final = {a: base[a] + self.budget.weight * totals[a] / done for a in candidates}
        best = max(final.values())
        tied = [a for a in candidates if final[a] >= best - 1e-9]
        return fallback if fallback in tied else tied[0]

    def rollout(self, world: Game, seat: int, action: str, rng: Rng) -> float:
        """Play ``action`` in a copy of ``world``; the fast policy plays on until our next turn.

        A game with its own playout plays to the end instead (1 for our win, else 0).
        """
        if self.kit.playout is not None:
            return self.kit.playout(world, seat, action)
        game = world.clone()
        game.apply(seat, action)
        rngs = [rng.fork(s) for s in range(game.spec.seats)]
        for _ in range(self.budget.horizon):
            decision = game.decision()
            if decision is None or seat in decision.seats:
                break
            s = decision.seats[0]
            game.apply(s, self.kit.fast.act(observe(game, s), rngs[s]))
        return self.score(game, seat)

    def score(self, game: Game, seat: int) -> float:
        """+1 for our win, -1 for another's, else our chances less the best opponent's."""
        outcome = game.outcome()
        if outcome is not None:
            winner = outcome.get("winner")
            if winner is None:
                return 0.0
            return 1.0 if winner == seat else -1.0
        mine = chance(self.kit.value(game, seat))
        theirs = max(chance(self.kit.value(game, s)) for s in range(game.spec.seats) if s != seat)
        return 0.25 * (mine - theirs)
