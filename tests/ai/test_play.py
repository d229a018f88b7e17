"""Every tier of every game plays whole deals legally, and seeded play replays identically."""

from __future__ import annotations

import pytest

from cardavia.ai import TIERS, make_agent, observe
from cardavia.engine.game import Game
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng

GAMES = tuple(game_names())


def play(game: Game, tiers: list[str], seed: int) -> list[str]:
    """Play ``game`` out with one tier per seat; every answer must be legal."""
    agents = [make_agent(game.spec.name, t) for t in tiers]
    rngs = [Rng(seed).fork(s) for s in range(len(tiers))]
    while (decision := game.decision()) is not None:
        seat = decision.seats[0]
        obs = observe(game, seat)
        action = agents[seat].act(obs, rngs[seat])
        assert action in obs.legal, (tiers[seat], action, obs.legal)
        game.apply(seat, action)
    assert game.outcome() is not None
    return game.actions()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("tier", [t for t in TIERS if t != "hard"])
def test_every_tier_plays_legal_whole_deals(name: str, tier: str) -> None:
    spec = get_spec(name)
    for seed in range(3):
        tiers = [tier if s == seed % spec.seats else "random" for s in range(spec.seats)]
        play(spec.new_game(seed), tiers, seed)
        play(spec.new_game(seed + 100), [tier] * spec.seats, seed)


@pytest.mark.parametrize("name", GAMES)
def test_seeded_play_replays_identically(name: str) -> None:
    spec = get_spec(name)
    tiers = ["normal", "easy", "greedy", "random"][: spec.seats]
    assert play(spec.new_game(5), tiers, 9) == play(spec.new_game(5), tiers, 9)
