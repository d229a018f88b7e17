"""scripts/speed.py: the side-by-side engine speed ratios of src/cardavia/games/SPEED.md."""

from __future__ import annotations

from cardavia.engine.playout import random_playout
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng


def test_the_cardavia_child_plays_the_deals_cardavia_bench_plays(script) -> None:
    speed = script("speed")
    for game in ("sisepai", "paohuzi"):
        measure = speed.child_cardavia(game, 3, 5)
        rng, spec = Rng(5), get_spec(game)
        actions = sum(random_playout(spec.new_game(5 + i, events=False), rng) for i in range(3))
        assert (measure["games"], measure["actions"]) == (3, actions)
        assert measure["cpu_s"] > 0 and measure["wall_s"] > 0


def test_ratios_are_taken_within_each_round_then_summarized(script) -> None:
    speed = script("speed")
    rounds = [
        {
            "a": {"games": 10, "actions": 100, "cpu_s": 1.0, "wall_s": 2.0},
            "b": {"games": 5, "actions": 100, "cpu_s": 1.0, "wall_s": 1.0},
        },
        {
            "a": {"games": 10, "actions": 100, "cpu_s": 2.0, "wall_s": 2.0},
            "b": {"games": 5, "actions": 100, "cpu_s": 2.0, "wall_s": 2.0},
        },
        {
            "a": {"games": 10, "actions": 100, "cpu_s": 1.0, "wall_s": 1.0},
            "b": {"games": 5, "actions": 100, "cpu_s": 4.0, "wall_s": 4.0},
        },
    ]
    report = speed.summarize(rounds, [("a", "b")])
    assert report["ratios"]["a / b"]["games"] == {"median": 2.0, "min": 2.0, "max": 8.0}
    assert report["ratios"]["a / b"]["actions"] == {"median": 1.0, "min": 1.0, "max": 4.0}
    assert report["throughput"]["a"]["games_per_cpu_s"] == {"median": 10.0, "min": 5.0, "max": 10.0}
    assert report["throughput"]["b"]["games_per_wall_s"]["min"] == 1.25
