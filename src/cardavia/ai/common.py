"""Small helpers shared by the tiers of both games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from cardavia.ai.agent import Observation
from cardavia.engine.rng import Rng

T = TypeVar("T")

WIN_VERBS = ("win", "tianhu")


def winning_action(legal: Sequence[str]) -> str | None:
    """The win (or tianhu) among the legal actions, if any."""
    for verb in WIN_VERBS:
        if verb in legal:
            return verb
    return None


def obvious_action(legal: Sequence[str]) -> str | None:
    """The action to play without thinking: a legal win (or tianhu), else the only legal action."""
    win = winning_action(legal)
    if win is not None:
        return win
    return legal[0] if len(legal) == 1 else None


class ScoringAgent:
    """An agent that values every legal action and plays the best one (ties broken by its rng).

    A legal win (or tianhu) is always taken; subclasses value the other actions in ``value_all``.
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """Choose from ``obs.legal``."""
        return best_of(self.scores(obs), rng)

    def scores(self, obs: Observation) -> list[tuple[float, str]]:
        """Every legal action with its estimated value (higher is better)."""
        win = winning_action(obs.legal)
        if win is not None:
            return [(1e9 if a == win else 0.0, a) for a in obs.legal]
        return self.value_all(obs)

    def value_all(self, obs: Observation) -> list[tuple[float, str]]:
        """Every legal action with its value, when no win is on offer."""
        raise NotImplementedError


def best_of(scored: Sequence[tuple[float, T]], rng: Rng, tolerance: float = 1e-9) -> T:
    """The item with the highest score; ties (within ``tolerance``) broken by ``rng``."""
    top = max(s for s, _ in scored)
    best = [item for s, item in scored if s >= top - tolerance]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def ranked(scored: Sequence[tuple[float, T]]) -> list[tuple[float, T]]:
    """Scored items, best first (stable for equal scores)."""
    return sorted(scored, key=lambda pair: -pair[0])
