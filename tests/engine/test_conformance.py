"""Every registered game passes the kernel's conformance suite (``cardavia.engine.testing``), and
the suite fails on a game that breaks the contract in each of the ways it checks."""

from __future__ import annotations

from typing import Any

import pytest

from cardavia.engine import testing
from cardavia.engine.registry import game_names, get_spec

MAX_ACTIONS = {"sisepai": 600, "paohuzi": 300}


@pytest.mark.parametrize("name", game_names())
def test_every_game_conforms_on_random_deals(name: str) -> None:
    spec = get_spec(name)
    actions = [testing.check_deal(spec, seed, MAX_ACTIONS[name]) for seed in range(12)]
    assert min(actions) > 5


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_every_game_conforms_on_many_deals(name: str) -> None:
    spec = get_spec(name)
    for seed in range(100, 300):
        testing.check_deal(spec, seed, MAX_ACTIONS[name])


def _planted(monkeypatch: pytest.MonkeyPatch, name: str, how: str) -> None:
    game_type: Any = type(get_spec(name).new_game(1))
    if how == "clone shares":
        fields = dict(game_type.FIELDS)
        fields["hands"] = "share"  # a copy that shares its hands with the original
        monkeypatch.setattr(game_type, "FIELDS", fields)
    elif how == "unsorted":
        real = game_type._legal

        def backwards(self: Any, seat: int) -> list[str]:
            return list(reversed(real(self, seat)))

        monkeypatch.setattr(game_type, "_legal", backwards)
    elif how == "peeking worlds":
        monkeypatch.setattr(game_type, "determinize", lambda self, seat, rng: self.clone())
    elif how == "lost card":
        real_view = game_type.view

        def view(self: Any, seat: int | None) -> Any:
            doc = real_view(self, seat)
            if seat is None and doc["seats"][1]["discards"]:
                doc["seats"][1]["discards"] = doc["seats"][1]["discards"][1:]
            return doc

        monkeypatch.setattr(game_type, "view", view)


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize(("how", "says"), [
    # A shared hand shows first where a copy is played on, or a world dealt into it.
    ("clone shares", "playing on the clone changed the game|not the deck's"),
    ("unsorted", "not sorted"),
    ("peeking worlds", "never varied the hidden cards"),
    ("lost card", "not the deck's"),
])
def test_the_suite_catches_a_planted_violation(
    monkeypatch: pytest.MonkeyPatch, name: str, how: str, says: str
) -> None:
    _planted(monkeypatch, name, how)
    with pytest.raises(testing.ConformanceError, match=says):
        for seed in range(12):
            testing.check_deal(get_spec(name), seed, MAX_ACTIONS[name])


def test_a_deal_that_never_ends_is_caught() -> None:
    with pytest.raises(testing.ConformanceError, match="no end after"):
        testing.check_deal(get_spec("sisepai"), 3, 5)
