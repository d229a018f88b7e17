"""Each game's ``Tracker`` rebuilds a seat's view from the events that seat sees: wherever the
engine waits, it equals ``game.view(seat)`` (but for ``to_act`` and ``legal``), on every seat of
hundreds of random deals, and a view once given out never changes."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest

from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng

DEALS = 300


def _without_decision(view: Mapping[str, Any]) -> dict[str, Any]:
    return {**view, "to_act": [], "legal": {}}


@pytest.mark.parametrize("game_name", game_names())
def test_the_tracker_follows_every_seat_of_random_deals(game_name: str) -> None:
    spec = get_spec(game_name)
    checked = 0
    for seed in range(DEALS):
        position = spec.dealt(seed)
        game = spec.from_position({**position, "actions": []})
        trackers = [spec.tracker(position, seat) for seat in range(spec.seats)]
        for seat, tracker in enumerate(trackers):
            for event in game.opening_events():
                if event.visible_to(seat):
                    tracker.apply(event)
        rng = Rng(seed)
        earlier: list[tuple[Any, Any]] = []  # views given out, and a copy of each as it was then
        while (decision := game.decision()) is not None:
            for seat, tracker in enumerate(trackers):
                view = tracker.view()
                assert view == _without_decision(game.view(seat)), (seed, seat, game.actions())
                earlier.append((view, copy.deepcopy(view)))
                checked += 1
            seat = decision.seats[rng.below(len(decision.seats))]
            legal = game.legal_actions(seat)
            for event in game.apply(seat, legal[rng.below(len(legal))]):
                for other, tracker in enumerate(trackers):
                    if event.visible_to(other):
                        tracker.apply(event)
        # Views share the tracker's lists: none of them changes afterwards.
        assert all(view == then for view, then in earlier), seed
    assert checked > DEALS * 20


@pytest.mark.parametrize("game_name", game_names())
def test_the_dealt_position_is_the_seeded_deal(game_name: str) -> None:
    spec = get_spec(game_name)
    for seed in range(20):
        position = spec.dealt(seed)
        assert "seed" not in position and "actions" not in position
        seeded, written = spec.new_game(seed), spec.from_position({**position, "actions": []})
        assert written.view(None) == seeded.view(None)
        assert [e.kind for e in written.opening_events()] == [e.kind for e in seeded.opening_events()]
