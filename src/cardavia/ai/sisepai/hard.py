"""A hard tier: normal's judgement, plus a determinized search on close decisions (Sì Sè Pái's).

When normal's best actions are close (within ``Budget.margin``), the hard agent samples hidden
worlds consistent with its view (``obs.worlds``) and plays each candidate in each world to the end
with the game's playout model (``GameKit.playout``: a simple rule for every seat, 1 = our win, 0 =
not). Each candidate's score is normal's plus ``weight`` times its mean playout result. Worlds are
shared by all candidates (common random numbers). Randomness comes only from the ``rng`` given; the
work is bounded by a sample budget, so a seeded match replays identically, and a ``deadline``
(``time.monotonic()``) stops the search early with the best candidate so far. One core only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardavia.ai.agent import Observation
from cardavia.ai.common import best_of, obvious_action
from cardavia.engine.game import Game
from cardavia.engine.rng import Rng

Scorer = Callable[[Observation], list[tuple[float, str]]]
Playout = Callable[[Game, int, str], float]


@dataclass(frozen=True)
class Budget:
    """How much searching a decision may get."""

    candidates: int = 3
    margin: float = 0.35  # only actions within this of normal's best (in distance steps) are searched
    worlds: int = 8
    safety: float = 0.01  # seconds kept in hand before a deadline
    weight: float = 0.3  # how much the sampled outcome counts against normal's score


@dataclass(frozen=True)
class GameKit:
    """What the hard tier needs from one game: normal's scores and a playout to the end."""

    scores: Scorer
    playout: Playout  # plays an action in a world to the end: 1 = our win, 0 = not


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
        """Normal's score of each candidate plus its mean playout result over the sampled worlds."""
        totals = dict.fromkeys(candidates, 0.0)
        done = 0
        for w in range(self.budget.worlds):
            if self._late(deadline):
                break
            world = obs.worlds(rng.fork(w).fork(0))
            values = {}
            for a in candidates:
                if self._late(deadline):
                    break
                values[a] = self.rollout(world, obs.seat, a)
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

    def rollout(self, world: Game, seat: int, action: str) -> float:
        """Play ``action`` in ``world`` to the end with the game's playout: 1 for our win, else 0."""
        return self.kit.playout(world, seat, action)
