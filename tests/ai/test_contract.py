"""The shared agent contract: names, tiers and error handling."""

from __future__ import annotations

import pytest

from cardavia.ai import TIERS, Observation, make_agent
from cardavia.engine.errors import CardaviaError
from cardavia.engine.rng import Rng


def test_tiers_are_the_contract() -> None:
    assert TIERS == ("random", "greedy", "easy", "normal", "hard")


@pytest.mark.parametrize("game", ["sisepai", "paohuzi"])
@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_returns_a_legal_action(game: str, tier: str) -> None:
    obs = Observation(game, 0, {}, ("discard a", "discard b", "pass"), 1, lambda rng: NotImplemented)
    agent = make_agent(game, tier)
    for seed in range(20):
        assert agent.act(obs, Rng(seed)) in obs.legal


def test_unknown_tier_and_game_are_errors() -> None:
    with pytest.raises(CardaviaError, match="unknown tier"):
        make_agent("sisepai", "grandmaster")
    with pytest.raises(CardaviaError, match="unknown game"):
        make_agent("chess", "normal")
