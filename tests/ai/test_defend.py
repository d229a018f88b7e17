"""Sì Sè Pái defence: normal's values less what a discard may feed, read from sampled worlds only."""

from __future__ import annotations

import pytest

from cardavia.ai import make_agent, observe
from cardavia.ai.agent import Observation
from cardavia.ai.sisepai import defend
from cardavia.ai.sisepai.agents import NormalAgent
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.games.sisepai.cards import DECK, SEATS


def positions(count: int) -> list[Observation]:
    """Observations of normal self-play, late enough that some hands are near a win."""
    spec = get_spec("sisepai")
    mover = make_agent("sisepai", "normal")
    found: list[Observation] = []
    for deal in range(6):
        game = spec.new_game(300 + deal)
        step = 0
        while (decision := game.decision()) is not None and len(found) < count * (deal + 1) // 6 + 1:
            seat = decision.seats[0]
            obs = observe(game, seat)
            if any(a.startswith("discard") for a in obs.legal) and step > 20:
                found.append(obs)
            game.apply(seat, mover.act(obs, Rng(step)))
            step += 1
    return found[:count]


def test_without_weights_it_is_normal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(defend, "FEED_WIN", 0.0)
    monkeypatch.setattr(defend, "FEED_TAKE", 0.0)
    agent, normal = defend.DefensiveAgent(), NormalAgent()
    for obs in positions(12):
        assert agent.value_all(obs) == normal.value_all(obs)


def test_risk_is_a_bounded_function_of_the_view() -> None:
    kinds = list(range(28))
    seen_positive = False
    for obs in positions(12):
        cost = defend.risk(obs, kinds)
        again = defend.risk(obs, kinds)
        assert cost == again
        top = (SEATS - 1) * max(defend.FEED_WIN, defend.FEED_TAKE)
        assert all(0.0 <= v <= top + 1e-9 for v in cost.values())
        seen_positive |= any(v > 0 for v in cost.values())
    assert seen_positive  # late in a deal some sampled seat is ready for some card


def test_a_discard_is_charged_its_risk() -> None:
    agent, normal = defend.DefensiveAgent(), NormalAgent()
    for obs in positions(12):
        mine = dict((a, v) for v, a in agent.value_all(obs))
        base = dict((a, v) for v, a in normal.value_all(obs))
        kinds = [DECK.card(a.split()[1]) for a in obs.legal if a.startswith("discard")]
        cost = defend.risk(obs, sorted(set(kinds)))
        for action in obs.legal:
            if action.startswith("discard"):
                assert mine[action] == pytest.approx(base[action] - cost[DECK.card(action.split()[1])])
