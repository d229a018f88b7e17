"""scripts/bounds.py: the cheating challengers behind STRENGTH.md's bounds see what they claim to."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardavia.ai import arena
from cardavia.ai.agent import observe
from cardavia.ai.paohuzi.agents import situation
from cardavia.ai.tiers import make_agent
from cardavia.engine.game import Game
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng


def midgame(name: str, seed: int, steps: int) -> Game:
    """A deal of ``name`` after ``steps`` decisions between normal players."""
    game = get_spec(name).new_game(seed)
    agent = make_agent(name, "normal")
    rng = Rng(seed)
    for _ in range(steps):
        decision = game.decision()
        assert decision is not None
        seat = decision.seats[0]
        game.apply(seat, agent.act(observe(game, seat), rng))
    return game


def test_the_paohuzi_cheat_plans_with_the_real_stock_contents(script) -> None:
    bounds = script("bounds")
    game: Any = midgame("paohuzi", 5, 12)
    decision = game.decision()
    assert decision is not None
    obs = bounds.observe_with_real(game, decision.seats[0])
    sit = situation(obs)
    stock = [0] * len(sit.unseen)
    for card in game.secret_stock():
        stock[card] += 1
    cheat = bounds.StockPlanner().planner(obs, sit, frozenset())
    hard: Any = make_agent("paohuzi", "hard")
    honest = hard.planner(obs, sit, frozenset())
    assert cheat.per == pytest.approx(stock)
    assert honest.per != pytest.approx(stock)  # the unseen copies are not all in the stock


def test_the_sisepai_cheat_searches_worlds_with_the_real_hands(script) -> None:
    bounds = script("bounds")
    game: Any = midgame("sisepai", 3, 15)
    decision = game.decision()
    assert decision is not None
    obs = bounds.real_hands_worlds(bounds.observe_with_real(game, decision.seats[0]))
    one, two = obs.worlds(Rng(1)), obs.worlds(Rng(2))
    rest = sorted(game.secret_stock())
    for world in (one, two):
        assert world.hands == game.hands
        assert sorted(world.secret_stock()) == rest
    assert one.stock != two.stock
    honest: Any = observe(game, decision.seats[0]).worlds(Rng(1))
    assert honest.hands != game.hands


def test_a_cheat_refuses_an_honest_observation(script) -> None:
    bounds = script("bounds")
    game: Any = midgame("paohuzi", 5, 3)
    decision = game.decision()
    assert decision is not None
    with pytest.raises(RuntimeError, match="honest observation"):
        bounds.real_game(observe(game, decision.seats[0]))


def test_the_script_reports_a_match_and_puts_the_honest_observe_back(
    capsys: pytest.CaptureFixture[str], script) -> None:
    bounds = script("bounds")
    assert bounds.main(["paohuzi", "--reference", "random", "--decks", "2", "--seed", "7"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["challenger"] == "cheat" and report["deals"] == 6
    assert arena.observe is observe  # type: ignore[attr-defined]  # a module's own import, patched or compared
