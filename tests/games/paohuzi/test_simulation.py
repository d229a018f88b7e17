"""Seeded random simulation (2,000 deals) with the engine's invariants, replay equality, views
without leaks, determinization invariance and determinism."""

import json
import random

import pytest

from cardavia.engine.record import replay
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi import SPEC
from cardavia.games.paohuzi.game import PaohuziGame, Phase
from cardavia.games.paohuzi.melds import holding_base

DEALS = 2000  # under the slow marker; the quick run plays QUICK_DEALS
QUICK_DEALS = 200
MAX_ACTIONS = 400


def cards_in_play(game: PaohuziGame) -> int:
    """Every card the state holds: hands, melds, discards, stock, the public card of a window, and a
    winning card taken from a window (it is in the winner's scored groups, not in his holdings)."""
    total = sum(sum(h) for h in game.hands) + sum(len(r) for r in game.discards) + game.stock_count()
    total += sum(len(m.cards) for ms in game.melds for m in ms)
    total += 1 if game.phase == Phase.WINDOW else 0
    result = game.result
    if result is not None and result["winner"] is not None and result["card"] is not None:
        scored = sum(len(g.split()) - 1 for g in result["groups"])
        assert scored - game.held(result["winner"]) in (0, 1)
        total += scored - game.held(result["winner"])
    return total


def kans(game: PaohuziGame) -> list[set[int]]:
    return [{k for k, n in enumerate(h) if n == 3} for h in game.hands]


def fours_of(game: PaohuziGame, seat: int) -> set[int]:
    return {m.card for m in game.melds[seat] if m.kind in ("ti", "pao")}


def check_view_has_no_leak(game: PaohuziGame, seat: int) -> None:
    view = game.view(seat)
    assert set(view["legal"]) <= {str(seat)}
    over = game.result is not None
    for s, doc in enumerate(view["seats"]):
        if s != seat and not over:
            assert doc["hand"] == sum(game.hands[s])  # a count, never the cards
            for text, meld in zip(doc["melds"], game.melds[s], strict=True):
                assert text == ("ti" if meld.hidden else meld.text())
    assert isinstance(view["stock"], int)
    if game.phase != "discard":
        assert set(view["to_act"]) <= {seat}


def play(seed: int, rng: Rng, checks: bool = True) -> PaohuziGame:
    game = SPEC.new_game(seed)
    assert cards_in_play(game) == 80
    played = 0
    while (decision := game.decision()) is not None:
        asked = set(decision.seats)
        assert asked, "a decision with nobody to answer"
        for s in range(3):
            assert bool(game.legal_actions(s)) == (s in asked)
        seat = decision.seats[rng.below(len(decision.seats))]
        options = game.legal_actions(seat)
        assert options == sorted(set(options))
        before_kans = kans(game)
        game.apply(seat, options[rng.below(len(options))])
        played += 1
        assert played < MAX_ACTIONS
        assert cards_in_play(game) == 80
        after = kans(game)
        for s in range(3):
            for k in before_kans[s] - after[s]:
                assert k in fours_of(game, s), f"a kan of {k} left seat {s}'s hand other than as ti/pao"
        if checks:
            check_view_has_no_leak(game, seat)
            for s in range(3):  # the incrementally kept holding summary matches a fresh one
                assert game.base(s) == holding_base(game.melds[s], game.hands[s])
    result = game.outcome()
    assert result is not None and sum(result["payments"]) == 0
    if result["winner"] is not None:
        assert result["score"] >= 15 and result["tun"] >= 1
    return game


@pytest.mark.parametrize(
    "deals", [QUICK_DEALS, pytest.param(DEALS, marks=pytest.mark.slow)], ids=["quick", "all"]
)
def test_random_deals_keep_every_invariant_and_replay_exactly(deals):
    rng = Rng(2024)
    outcomes = {"win": 0, "draw": 0}
    for seed in range(deals):
        game = play(seed, rng, checks=seed % 4 == 0)
        outcomes["draw" if game.result["winner"] is None else "win"] += 1
        if seed % 2 == 0:
            again = replay(json.loads(json.dumps(game.record())))
            assert again.view(None) == game.view(None)
            assert again.actions() == game.actions()
    assert outcomes["win"] > 0 and outcomes["draw"] > 0


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_determinize_keeps_the_view_and_deals_hidden_cards_again(seed):
    rng = Rng(seed + 7)
    game = SPEC.new_game(seed)
    differs = same = 0
    while (decision := game.decision()) is not None:
        for seat in range(3):
            world = game.determinize(seat, rng.fork(seat))
            assert world.view(seat) == game.view(seat)
            assert cards_in_play(world) == 80
            for s in range(3):
                if s != seat and sum(game.hands[s]) >= 6:
                    if world.hands[s] == game.hands[s]:
                        same += 1
                    else:
                        differs += 1
            if seat in decision.seats:
                # a determinized world plays on to its end
                future = world.clone()
                while (d := future.decision()) is not None:
                    s = d.seats[0]
                    opts = future.legal_actions(s)
                    assert opts
                    future.apply(s, opts[rng.below(len(opts))])
        seat = decision.seats[0]
        options = game.legal_actions(seat)
        game.apply(seat, options[rng.below(len(options))])
    assert differs > 10 * same  # hidden hands are dealt again, not copied


def test_determinize_after_the_deal_is_the_same_state():
    game = play(5, Rng(5))
    assert game.determinize(0, Rng(1)).view(None) == game.view(None)


def test_same_seed_same_game_even_after_disturbing_global_random():
    first = play(77, Rng(3), checks=False)
    random.seed(12345)
    random.random()
    random.shuffle(list(range(50)))
    second = play(77, Rng(3), checks=False)
    assert first.record() == second.record()
    assert replay(first.record()).view(None) == second.view(None)


def test_new_game_is_pinned_to_its_seed():
    game = SPEC.new_game(1)
    rec = game.record()
    assert rec["dealer"] == Rng(1).below(3)
    assert [len(h) for h in rec["hands"]][rec["dealer"]] == 21
    assert len(rec["stock"]) == 19
    assert SPEC.new_game(1).record() == rec and SPEC.new_game(2).record() != rec


def test_clone_is_independent():
    game = SPEC.new_game(9)
    copy = game.clone()
    decision = game.decision()
    seat = decision.seats[0]
    game.apply(seat, game.legal_actions(seat)[0])
    assert copy.actions() == [] and copy.view(None) != game.view(None)
    assert SPEC.new_game(9).view(None) == copy.view(None)
