"""Hints: the hard tier's choice from the seat's own view, with a reason in the evaluators' terms.
The same view gives the same hint, a hint is always legal, it never depends on a hidden card, it
comes within the hard tier's budget; unseen counts use public information only."""

from __future__ import annotations

import time
from typing import Any

import pytest

from cardavia.ai.agent import observe
from cardavia.ai.hints import BUDGET, hint, reason
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.engine.seen import unseen_counts

KEYS = {"win", "ready", "claim_closer", "pass_keeps", "discard_least", "discard_safe", "only"}


def decisions(game_name: str, deals: int, every: int) -> list[tuple[Any, int]]:
    """(game, seat) at every ``every``-th decision of random deals (the game a copy)."""
    spec = get_spec(game_name)
    found = []
    for seed in range(deals):
        game = spec.new_game(seed)
        rng = Rng(seed)
        step = 0
        while (decision := game.decision()) is not None:
            seat = decision.seats[rng.below(len(decision.seats))]
            legal = game.legal_actions(seat)
            if step % every == 0 and len(legal) > 1:
                found.append((game.clone(), seat))
            game.apply(seat, legal[rng.below(len(legal))])
            step += 1
    return found


@pytest.mark.parametrize("game_name", game_names())
def test_hints_are_legal_explained_repeatable_and_blind_to_hidden_cards(game_name: str) -> None:
    spec = get_spec(game_name)
    keys = set()
    took = []
    for game, seat in decisions(game_name, 4, 5):
        started = time.monotonic()
        timed = hint(game, seat)
        took.append(time.monotonic() - started)
        assert timed.action in game.legal_actions(seat)
        # Repeatability without the deadline (a search cut short on a loaded machine stops anywhere):
        # the same view, so the same hint, also in a world dealt again from the seat's own view.
        first = hint(game, seat, 600)
        assert first.key in KEYS
        keys.add(first.key)
        assert hint(game, seat, 600) == first
        world = game.determinize(seat, Rng(99))
        assert world.view(seat) == game.view(seat)
        assert hint(world, seat, 600) == first
    assert len(keys) >= 3, keys
    assert max(took) < BUDGET + 0.5, max(took)
    assert spec.name == game_name


def test_a_winning_action_is_said_to_win() -> None:
    spec = get_spec("sisepai")
    for game, seat in decisions("sisepai", 40, 1):
        legal = game.legal_actions(seat)
        if "win" in legal:
            assert reason(observe(game, seat), "win") == ("win", {})
            return
    pytest.fail(f"no win offered in 40 {spec.name} deals")


@pytest.mark.parametrize("game_name", game_names())
def test_unseen_counts_come_from_the_view_alone(game_name: str) -> None:
    spec = get_spec(game_name)
    for game, seat in decisions(game_name, 3, 7):
        view = game.view(seat)
        counts = unseen_counts(view, seat)
        world = game.determinize(seat, Rng(5))
        assert unseen_counts(world.view(seat), seat) == counts
        referee = game.view(None)
        hidden = [c for s, e in enumerate(referee["seats"]) if s != seat for c in e["hand"]]
        for s, entry in enumerate(view["seats"]):
            if s != seat and entry.get("shown"):
                hidden.remove(entry["shown"])  # the dealer's face-up card is seen
        for code, n in counts.items():
            assert n >= hidden.count(code)  # every hidden copy is counted unseen
        assert sum(counts.values()) <= spec.deck.size


def test_the_check_catches_a_hint_that_peeks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint seeded from the real hidden cards differs between the deal and a world with the same
    view: the test above would see it."""
    from cardavia.ai import hints

    real_observe = hints.observe  # type: ignore[attr-defined]  # a module's own import, patched or compared
    peeked: dict[str, object] = {}

    def peeking(game: object, seat: int) -> object:
        peeked["truth"] = game.view(None)  # type: ignore[attr-defined]
        return real_observe(game, seat)  # type: ignore[arg-type]

    monkeypatch.setattr(hints, "observe", peeking)
    monkeypatch.setattr(hints, "view_seed", lambda obs: hash(repr(peeked["truth"])) & 0xFFFF)
    differs = 0
    for game, seat in decisions("sisepai", 4, 5):
        world = game.determinize(seat, Rng(99))
        # No deadline to speak of: the search runs its whole sample budget, so the seed alone decides
        # (a search cut short by a loaded machine falls back to a choice no seed changes).
        differs += hints.hint(game, seat, 600) != hints.hint(world, seat, 600)
    assert differs > 0
