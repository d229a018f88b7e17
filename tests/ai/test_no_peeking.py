"""Agents decide from their view only: two full states with the same view give the same decision."""

from __future__ import annotations

import pytest

from cardavia.ai import TIERS, make_agent, observe
from cardavia.ai.sisepai.hard import Budget, HardAgent
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng


def small(agent: object) -> object:
    """Shrink a hard agent's budget so the test stays quick (the logic is the same)."""
    if isinstance(agent, HardAgent):
        agent.budget = Budget(worlds=2)
    return agent


@pytest.mark.parametrize("name", ["sisepai", "paohuzi"])
@pytest.mark.parametrize("tier", TIERS)
def test_same_view_same_decision(name: str, tier: str) -> None:
    spec = get_spec(name)
    agent = small(make_agent(name, tier))
    mover = make_agent(name, "normal")
    compared = differing = 0
    for deal in range(3):
        game = spec.new_game(40 + deal)
        step = 0
        while (decision := game.decision()) is not None:
            seat = decision.seats[0]
            if step % 3 == 0:
                twin = game.determinize(seat, Rng(1000 + step))
                assert twin.view(seat) == game.view(seat)
                differing += twin.view(None)["seats"] != game.view(None)["seats"]
                real, other = observe(game, seat), observe(twin, seat)
                assert real.legal == other.legal
                for seed in (1, 2):
                    assert agent.act(real, Rng(seed)) == agent.act(other, Rng(seed))  # type: ignore[attr-defined]
                compared += 1
            obs = observe(game, seat)
            game.apply(seat, mover.act(obs, Rng(step)))
            step += 1
    assert compared >= 10
    assert differing >= compared // 2  # the twins really hide different cards
