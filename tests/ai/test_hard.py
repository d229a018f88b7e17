"""The generic hard tier (Sì Sè Pái): interruptible by its deadline, never holding up an answer past it."""

from __future__ import annotations

import pytest

from cardavia.ai import make_agent, observe
from cardavia.ai.agent import Observation
from cardavia.ai.sisepai import hard
from cardavia.engine.game import Game
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng


class FakeClock:
    """A monotonic clock that moves only when the search looks at it."""

    def __init__(self, step: float) -> None:
        self.now = 100.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def searched_positions(name: str, count: int) -> list[Observation]:
    """Observations where hard's shortlist holds several candidates (so it would search)."""
    spec = get_spec(name)
    agent = make_agent(name, "hard")
    assert isinstance(agent, hard.HardAgent)
    mover = make_agent(name, "normal")
    found: list[Observation] = []
    deal = 0
    while len(found) < count:
        game: Game = spec.new_game(70 + deal)
        deal += 1
        step = 0
        while (decision := game.decision()) is not None and len(found) < count:
            seat = decision.seats[0]
            obs = observe(game, seat)
            if len(agent.shortlist(agent.kit.scores(obs))) >= 2:
                found.append(obs)
            game.apply(seat, mover.act(obs, Rng(step)))
            step += 1
    return found


@pytest.mark.parametrize("name", ["sisepai"])
def test_the_search_stops_at_the_deadline(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    agent = make_agent(name, "hard")
    assert isinstance(agent, hard.HardAgent)
    rollouts: list[float] = []
    clock = FakeClock(step=0.004)
    real_rollout = agent.rollout

    def counted(*args: object) -> float:
        rollouts.append(clock.now)
        return real_rollout(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(hard.time, "monotonic", clock)  # type: ignore[attr-defined]  # a module's own import, patched or compared
    monkeypatch.setattr(agent, "rollout", counted)
    for obs in searched_positions(name, 4):
        rollouts.clear()
        deadline = clock.now + 0.05
        action = agent.act(obs, Rng(1), deadline)
        assert action in obs.legal
        assert rollouts, "a close decision with time to spare is searched"
        assert all(t < deadline - agent.budget.safety for t in rollouts)
        assert clock.now <= deadline + 2 * clock.step
        full = agent.budget.worlds * len(agent.shortlist(agent.kit.scores(obs)))
        assert len(rollouts) < full  # the budget would have allowed more: the deadline cut it


@pytest.mark.parametrize("name", ["sisepai"])
def test_a_deadline_already_past_gives_normals_choice_at_once(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    agent = make_agent(name, "hard")
    assert isinstance(agent, hard.HardAgent)
    calls: list[object] = []
    monkeypatch.setattr(agent, "rollout", lambda *args: calls.append(args) or 0.0)  # type: ignore[func-returns-value]
    for obs in searched_positions(name, 3):
        action = agent.act(obs, Rng(5), deadline=0.0)
        assert action in obs.legal
        top = max(s for s, _ in agent.kit.scores(obs))
        assert dict((a, s) for s, a in agent.kit.scores(obs))[action] == top
    assert calls == []


@pytest.mark.parametrize("name", ["sisepai"])
def test_without_a_deadline_the_search_is_deterministic(name: str) -> None:
    agent = make_agent(name, "hard")
    for obs in searched_positions(name, 3):
        assert agent.act(obs, Rng(9)) == agent.act(obs, Rng(9))
