"""``explain_to``: a game tells only the listed seats why they may not claim; every other event,
and the play itself, is the same as with every seat told."""

from __future__ import annotations

import pytest

from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng


@pytest.mark.parametrize("game_name", game_names())
def test_only_the_listed_seats_are_told_why_not(game_name: str) -> None:
    spec = get_spec(game_name)
    told = frozenset({0})
    dropped = kept = 0
    for seed in range(30):
        everyone, only = spec.new_game(seed), spec.new_game(seed)
        only.explain_to(told)
        rng = Rng(seed)
        while (decision := everyone.decision()) is not None:
            seat = next(s for s in decision.seats if everyone.legal_actions(s))
            legal = everyone.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            full, some = everyone.apply(seat, action), only.clone().apply(seat, action)
            only.apply(seat, action)
            why_nots = [e for e in full if e.kind.endswith(".why_not")]
            assert [e for e in full if e not in why_nots or e.params["seat"] in told] == some
            dropped += sum(e.params["seat"] not in told for e in why_nots)
            kept += sum(e.params["seat"] in told for e in why_nots)
        assert only.view(None) == everyone.view(None) and only.actions() == everyone.actions()
    assert dropped > 0 and kept > 0
