"""Agents decide from their view only: two full states with the same view give the same decision.

The same check is run on a planted peek (hard searching the real state instead of sampled worlds),
which it must catch: a check that passes everything would prove nothing.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardavia.ai import TIERS, Observation, make_agent, observe
from cardavia.ai.agent import Agent
from cardavia.ai.sisepai.hard import Budget, HardAgent
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.games.sisepai.game import SisepaiGame


def small(agent: Agent) -> Agent:
    """Shrink a hard agent's budget so the test stays quick (the logic is the same)."""
    if isinstance(agent, HardAgent):
        agent.budget = Budget(worlds=2)
    return agent


class PeekingHard(HardAgent):
    """A planted peek: Sì Sè Pái hard whose 'sampled' worlds are the real state itself."""

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        cells = obs.worlds.__closure__ or ()
        real = next(c.cell_contents for c in cells if isinstance(c.cell_contents, SisepaiGame))
        return super().act(replace(obs, worlds=lambda _rng: real.clone()), rng, deadline)


def disagreements(name: str, agent: Agent) -> int:
    """How often ``agent`` decides differently on a real state and on a twin with the same view."""
    spec = get_spec(name)
    mover = make_agent(name, "normal")
    compared = differing = disagree = 0
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
                    disagree += agent.act(real, Rng(seed)) != agent.act(other, Rng(seed))
                compared += 1
            obs = observe(game, seat)
            game.apply(seat, mover.act(obs, Rng(step)))
            step += 1
    assert compared >= 10
    assert differing >= compared // 2  # the twins really hide different cards
    return disagree


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("tier", TIERS)
def test_same_view_same_decision(name: str, tier: str) -> None:
    assert disagreements(name, small(make_agent(name, tier))) == 0


def test_the_check_catches_a_planted_peek() -> None:
    hard = make_agent("sisepai", "hard")
    assert isinstance(hard, HardAgent)
    assert disagreements("sisepai", small(PeekingHard(hard.kit))) > 0
