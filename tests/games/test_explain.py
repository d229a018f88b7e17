"""Every refusal says why: ``explain`` is ``None`` exactly when ``apply`` plays the action, and
otherwise a documented reason code; ``apply``'s ``IllegalAction`` carries the same reason and the
state does not change. Random play tries random illegal actions at every step of many deals."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from cardavia.engine.errors import IllegalAction, NotationError
from cardavia.engine.reasons import CODES, FINER
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.explain import explain as paohuzi_explain
from cardavia.games.sisepai.explain import explain as sisepai_explain

EXPLAIN: dict[str, Callable[..., Any]] = {"sisepai": sisepai_explain, "paohuzi": paohuzi_explain}
TRIES = 4
# The quick run's deals: 40, and two Paohuzi deals that meet a dead hand and a claim leaving no
# discard, so that it reaches every line of both explain modules that 2,000 deals do (tests/TIERS.md).
QUICK_SEEDS = [*range(40), 256, 258]
# Codes random play reaches in each game (the others need rare positions: see the targeted tests).
REACHED = {
    "sisepai": {"deal_over", "not_asked", "wrong_step", "not_in_hand", "not_a_group", "not_complete",
                "cannot_discard", "drawer_no_pair", "role_forbids"},
    "paohuzi": {"deal_over", "not_asked", "wrong_step", "not_in_hand", "not_a_group", "not_complete",
                "kan_locked", "chou", "chi_wrong_source", "bi_impossible",
                "win_on_discard", "below_min_huxi"},
}


def attempts(game: Any, rng: Rng) -> list[str]:
    """Action texts a seat might try now: legal ones of every seat, and random others."""
    name = game.spec.name
    codes = game.spec.deck.codes
    view = game.view(None)
    texts = [a for s in range(game.spec.seats) for a in game.legal_actions(s)]
    texts += ["pass", "win", "tianhu" if name == "paohuzi" else "pass"]
    for _ in range(TRIES):
        seat = rng.below(game.spec.seats)
        hand = list(view["seats"][seat]["hand"])
        public = view["public"]["card"] if view["public"] else codes[rng.below(len(codes))]
        pick = [hand[rng.below(len(hand))] for _ in range(2)] if hand else [codes[0], codes[1]]
        texts.append(f"discard {codes[rng.below(len(codes))]}")
        texts.append(f"discard {pick[0]}")
        if name == "sisepai":
            texts += [f"take {public} {pick[0]} {pick[1]}", f"take {public} {public}",
                      f"take {public} {public} {public}", f"take {public} {pick[0]}"]
        else:
            texts += ["peng", "pao", f"chi {public} {pick[0]} {pick[1]}",
                      f"chi {public} {pick[0]} {pick[1]} / {public} {pick[1]} {pick[0]}"]
    return texts


def check(game: Any, seen: set[str], rng: Rng) -> None:
    """The attempts at this step, each by a random seat (and the legal ones by every seat):
    explain and apply agree, refusals change nothing."""
    explain = EXPLAIN[game.spec.name]
    before = game.view(None)
    seats = game.spec.seats
    texts = attempts(game, rng)
    legal = {a for s in range(seats) for a in game.legal_actions(s)}
    for text in texts:
        for seat in range(seats) if text in legal else (rng.below(seats),):
            try:
                reason = explain(game, seat, text)
            except NotationError:
                continue
            trial = game.clone()
            try:
                trial.apply(seat, text)
            except IllegalAction as refused:
                assert reason is not None, (text, seat, str(refused))
                assert refused.reason == reason, (text, seat, refused.reason, reason)
                assert reason.code in CODES or reason.code in FINER
                assert trial.actions() == game.actions()
                if rng.below(8) == 0:  # the whole state, on a sample (views are slow to build)
                    assert trial.view(None) == before
                seen.add(reason.code)
            else:
                assert reason is None, (text, seat, reason)


def simulate(game_name: str, seeds: Iterable[int]) -> set[str]:
    """Play the random deals of ``seeds``, checking every step; the reason codes met."""
    spec = get_spec(game_name)
    seen: set[str] = set()
    for seed in seeds:
        game = spec.new_game(seed)
        rng = Rng(seed)
        while (decision := game.decision()) is not None:
            check(game, seen, rng)
            seat = decision.seats[rng.below(len(decision.seats))]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.below(len(legal))])
        check(game, seen, rng)
    return seen


@pytest.mark.parametrize("game_name", game_names())
def test_explain_agrees_with_apply_on_random_deals(game_name: str) -> None:
    seen = simulate(game_name, QUICK_SEEDS)
    assert REACHED[game_name] <= seen, REACHED[game_name] - seen


@pytest.mark.slow
@pytest.mark.parametrize("game_name", game_names())
def test_explain_agrees_with_apply_on_two_thousand_deals(game_name: str) -> None:
    seen = simulate(game_name, range(2000))
    assert REACHED[game_name] <= seen, REACHED[game_name] - seen
