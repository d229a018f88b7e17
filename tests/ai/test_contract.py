"""The shared agent contract: names, tiers and error handling."""

from __future__ import annotations

import pytest

from cardavia.ai import TIERS, Observation, make_agent
from cardavia.engine.errors import CardaviaError
from cardavia.engine.rng import Rng


def test_tiers_are_the_contract() -> None:
    assert TIERS == ("random", "greedy", "easy", "normal", "hard")


def test_random_claims_a_win_and_is_otherwise_uniform() -> None:
    agent = make_agent("sisepai", "random")
    obs = Observation("sisepai", 0, {}, ("pass", "take RH RH RH", "win"), 1, lambda rng: NotImplemented)
    assert {agent.act(obs, Rng(seed)) for seed in range(20)} == {"win"}
    legal = ("discard RA", "discard RC", "discard RH")
    obs = Observation("sisepai", 0, {}, legal, 1, lambda rng: NotImplemented)
    assert {agent.act(obs, Rng(seed)) for seed in range(60)} == set(obs.legal)


def test_unknown_tier_and_game_are_errors() -> None:
    with pytest.raises(CardaviaError, match="unknown tier"):
        make_agent("sisepai", "grandmaster")
    with pytest.raises(CardaviaError, match="unknown game"):
        make_agent("chess", "normal")
