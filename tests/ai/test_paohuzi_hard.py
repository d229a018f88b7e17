"""The Paohuzi hard tier: planner values, its deadline, and what it does with them."""

from __future__ import annotations

import pytest

from cardavia.ai import make_agent, observe, paohuzi_hard
from cardavia.ai.agent import Observation
from cardavia.ai.paohuzi_agents import NormalAgent, situation
from cardavia.ai.paohuzi_plan import Planner
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK

from .test_hard import FakeClock


def positions(count: int, choices: int = 2) -> list[Observation]:
    """Observations of deals played by normal where a seat has at least ``choices`` actions."""
    spec = get_spec("paohuzi")
    mover = make_agent("paohuzi", "normal")
    found: list[Observation] = []
    deal = 0
    while len(found) < count:
        game = spec.new_game(300 + deal)
        deal += 1
        step = 0
        while (decision := game.decision()) is not None and len(found) < count:
            seat = decision.seats[0]
            obs = observe(game, seat)
            if len(obs.legal) >= choices and "win" not in obs.legal and "tianhu" not in obs.legal:
                found.append(obs)
            game.apply(seat, mover.act(obs, Rng(step)))
            step += 1
    return found


def test_hard_is_the_planner_agent() -> None:
    assert isinstance(make_agent("paohuzi", "hard"), paohuzi_hard.PlannerAgent)


def test_every_action_is_valued_and_the_best_is_played() -> None:
    agent = paohuzi_hard.PlannerAgent()
    for obs in positions(12):
        scores = agent.scores(obs)
        assert sorted(a for _, a in scores) == sorted(obs.legal)
        assert all(-1.0 <= s <= 1.0 for s, _ in scores)  # chances, less small dangers and tie-breaks
        best = max(s for s, _ in scores)
        assert dict((a, s) for s, a in scores)[agent.act(obs, Rng(3))] == best


def test_a_deadline_already_past_gives_normals_choice_at_once() -> None:
    agent = paohuzi_hard.PlannerAgent()
    normal = make_agent("paohuzi", "normal")
    for obs in positions(8):
        assert agent.act(obs, Rng(5), deadline=0.0) == normal.act(obs, Rng(5))


def test_the_valuation_stops_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock(step=0.004)
    monkeypatch.setattr(paohuzi_hard.time, "monotonic", clock)
    agent = paohuzi_hard.PlannerAgent()
    normal = make_agent("paohuzi", "normal")
    for obs in positions(6, choices=6):
        deadline = clock.now + 0.02  # room for a few holdings, not for six actions
        with pytest.raises(paohuzi_hard.Late):
            agent.scores(obs, deadline)
        assert clock.now <= deadline + clock.step
        assert agent.act(obs, Rng(1), clock.now + 0.02) == normal.act(obs, Rng(1))


def test_without_a_deadline_the_choice_is_deterministic() -> None:
    agent = paohuzi_hard.PlannerAgent()
    for obs in positions(6):
        assert agent.act(obs, Rng(9)) == agent.act(obs, Rng(9))


def test_refusing_a_claim_is_valued_with_the_chou_it_makes() -> None:
    agent = paohuzi_hard.PlannerAgent()
    normal = make_agent("paohuzi", "normal")
    assert isinstance(normal, NormalAgent)
    checked = hurt = 0
    for obs in positions(300):
        if "pass" not in obs.legal or not any(a == "peng" or a.startswith("chi ") for a in obs.legal):
            continue
        sit, h = situation(obs), situation(obs).holding
        assert sit.public is not None
        chou = frozenset(DECK.card(code) for code in obs.view["seats"][obs.seat]["chou"])
        after = Planner(sit.unseen, sit.stock, chou | {sit.public}).chance(h.free, h.groups, h.pair, h.needed)
        before = Planner(sit.unseen, sit.stock, chou).chance(h.free, h.groups, h.pair, h.needed)
        tie = dict((a, s) for s, a in normal.scores(obs))["pass"]
        scores = dict((a, s) for s, a in agent.scores(obs))
        assert scores["pass"] == pytest.approx(after + paohuzi_hard.TIE * tie)
        assert after <= before
        hurt += after < before
        checked += 1
    assert checked >= 10 and hurt >= 1
