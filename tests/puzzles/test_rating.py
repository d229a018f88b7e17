"""Glicko-2: the paper's worked example, and ratings that move the right way."""

from __future__ import annotations

import pytest

from cardavia.puzzles.rating import MIN_DEVIATION, Rating, expected, game, update


def test_the_papers_worked_example() -> None:
    """Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(Rating(1500, 200, 0.06), games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_right_answer_raises_the_player_and_lowers_the_puzzle() -> None:
    player, puzzle = Rating(1500, 200), Rating(1600, 150)
    up, easier = game(player, puzzle, right=True)
    down, harder = game(player, puzzle, right=False)
    assert up.rating > player.rating > down.rating
    assert easier.rating < puzzle.rating < harder.rating
    assert up.deviation < player.deviation  # an answer is information
    # beating a harder puzzle gains more than beating an easier one
    hard, easy = game(player, Rating(1900, 150), True)[0], game(player, Rating(1200, 150), True)[0]
    assert hard.rating > easy.rating


def test_deviation_has_a_floor_and_expectation_is_symmetric() -> None:
    player, puzzle = Rating(1500, 50), Rating(1500, 50)
    for _ in range(30):
        player, puzzle = game(player, puzzle, right=True)
    assert player.deviation >= MIN_DEVIATION and puzzle.deviation >= MIN_DEVIATION
    a, b = Rating(1700, 80), Rating(1500, 80)
    assert expected(a, b) + expected(b, a) == pytest.approx(1.0)
    assert expected(a, b) > 0.5
