"""Seeded deals for the review tests: one seat played by a given tier, the others by normal."""

from __future__ import annotations

from typing import Any

from cardavia.ai import make_agent, observe
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng


def deal(game: str, seed: int, seat: int, tier: str, others: str = "normal") -> dict[str, Any]:
    """The record of a seeded deal with ``tier`` in ``seat`` and ``others`` elsewhere."""
    spec = get_spec(game)
    state = spec.new_game(seed)
    agents = [make_agent(game, tier if s == seat else others) for s in range(spec.seats)]
    rng = Rng(seed).fork(1)
    while (decision := state.decision()) is not None:
        s = decision.seats[0]
        state.apply(s, agents[s].act(observe(state, s), rng.fork(len(state.actions()))))
    return state.record()
