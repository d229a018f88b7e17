"""Both games name the same things the same way: ``stock_count()`` is the number of cards left in
the stock (what every seat's view shows), ``secret_stock()`` those cards, top first, and ``phase``
a member of the game's ``Phase`` string enum, at every step of random deals."""

from __future__ import annotations

from enum import StrEnum

import pytest

from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng


@pytest.mark.parametrize("name", game_names())
def test_stock_and_phase_read_alike(name: str) -> None:
    spec = get_spec(name)
    phases: set[str] = set()
    for seed in range(20):
        game = spec.new_game(seed)
        dealt = len(game.secret_stock())  # type: ignore[attr-defined]
        rng = Rng(seed)
        while True:
            count = game.stock_count()  # type: ignore[attr-defined]
            secret = game.secret_stock()  # type: ignore[attr-defined]
            assert type(count) is int and isinstance(secret, tuple) and len(secret) == count <= dealt
            assert all(view["stock"] == count for view in map(game.view, range(spec.seats)))
            assert isinstance(game.phase, StrEnum)  # type: ignore[attr-defined]
            phases.add(game.phase)  # type: ignore[attr-defined]
            decision = game.decision()
            if decision is None:
                break
            seat = decision.seats[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.below(len(legal))])
    assert {"window", "discard", "over"} <= phases
