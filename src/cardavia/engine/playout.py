"""Playing deals out with random-legal players, for self-play, benchmarks and simulation tests."""

from __future__ import annotations

from cardavia.engine.game import Game
from cardavia.engine.rng import Rng


def random_playout(game: Game, rng: Rng) -> int:
    """Play ``game`` to its end, every asked seat choosing uniformly among its legal actions.

    Seats answer in ascending order. Returns the number of actions played.
    """
    played = 0
    while (decision := game.decision()) is not None:
        for seat in decision.seats:
            options = game.legal_actions(seat)
            game.apply(seat, options[rng.below(len(options))])
            played += 1
    return played
