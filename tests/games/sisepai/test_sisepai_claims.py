"""C18-C46: discards, claim legality and resolution, and flow examples (rules section 9.5-9.8)."""

import itertools
import json

import pytest

from cardavia.engine.claims import resolve
from cardavia.engine.errors import CardaviaError
from cardavia.games.sisepai.cards import DECK
from cardavia.games.sisepai.rules import W1, W2, WD, priority_key

from .sisepai_helpers import (
    FIXTURE_A,
    FIXTURE_B,
    FIXTURE_C,
    FIXTURE_D,
    FIXTURE_D2,
    FIXTURE_E,
    card_total,
    position,
)


def snapshot(game):
    return json.dumps([game.view(None), game.actions(), game.record()], sort_keys=True)


def refused(game, seat, action):
    """``action`` is refused with a precise error and the state is unchanged."""
    before = snapshot(game)
    with pytest.raises(CardaviaError) as info:
        game.apply(seat, action)
    assert str(info.value)
    assert snapshot(game) == before
    return str(info.value)


def asked(game):
    decision = game.decision()
    return decision.seats if decision is not None else ()


def hand(game, seat):
    return DECK.format(DECK.expand(game.hands[seat]))


def melds(game, seat):
    return [DECK.format(g) for g in game.melds[seat]]


def public(game):
    p = game.public
    return None if p is None else (DECK.codes[p[0]], p[1], p[2])


def draws(events):
    return [(e.params["seat"], e.params["card"], e.params["stock"])
            for e in events if e.kind == "sisepai.draw"]


def discard_options(cards):
    return sorted(f"discard {c}" for c in cards.split())


# --- 9.6 claim legality and resolution ----------------------------------------------------------

def after_c22():
    game = position(FIXTURE_A, "RH")
    game.apply(2, "take RH RH RH")
    return game


def test_c22_drawer_pair_and_other_field_group_refused_triple_wins():
    game = position(FIXTURE_A, "RH")
    assert public(game) == ("RH", 0, W1)
    assert asked(game) == (2,)
    assert game.legal_actions(2) == ["pass", "take RH RH RH"]
    for seat in (0, 1, 3):
        assert game.legal_actions(seat) == []
    assert "not asked" in refused(game, 0, "take RH RH")
    assert "not asked" in refused(game, 3, "take RC RH RN")
    game.apply(2, "take RH RH RH")
    assert melds(game, 2) == ["WE WE WE", "RH RH RH"]
    assert game.decision().seats == (2,)
    assert public(game) is None


def test_c23_identical_triple_beats_drawers_own_group():
    game = position(FIXTURE_A, "YN")
    assert asked(game) == (0, 2)
    assert "take YC YH YN" in game.legal_actions(0)
    assert "take YN YN YN" in game.legal_actions(2)
    game.apply(0, "take YN YC YH")  # any card order is accepted and written canonically
    assert game.actions() == ["S0 take YC YH YN"]
    game.apply(2, "take YN YN YN")
    assert melds(game, 2)[-1] == "YN YN YN"
    assert melds(game, 0) == []


def test_c24_drawers_group_beats_next_players_mixed_group():
    game = position(FIXTURE_A, "RS")
    assert asked(game) == (0, 1)
    assert game.legal_actions(0) == ["pass", "take RS WS GS"]
    assert game.legal_actions(1) == ["pass", "take RS YS WS"]
    refused(game, 3, "take RS YS WS")
    game.apply(1, "take RS YS WS")
    game.apply(0, "take RS WS GS")
    assert melds(game, 0) == ["RS WS GS"]
    assert melds(game, 1) == ["RC RC RC"]
    assert game.decision().seats == (0,)


def test_c25_next_players_mixed_group_when_drawer_passes():
    game = position(FIXTURE_A, "RS")
    game.apply(0, "pass")
    game.apply(1, "take RS YS WS")
    assert melds(game, 1) == ["RC RC RC", "RS YS WS"]
    assert game.decision().seats == (1,)


def after_c26():
    game = position(FIXTURE_A, "WN RN")
    game.apply(1, "take WC WH WN")
    return game


def test_c26_only_next_player_may_take_field_group():
    game = position(FIXTURE_A, "WN RN")
    assert asked(game) == (1,)
    assert game.legal_actions(1) == ["pass", "take WC WH WN"]
    assert game.legal_actions(3) == []
    refused(game, 3, "take WC WH WN")
    game.apply(1, "take WC WH WN")
    assert melds(game, 1) == ["RC RC RC", "WC WH WN"]


def test_c27_second_resolution_in_w2():
    game = position(FIXTURE_A, "WN RN")
    game.apply(1, "pass")
    assert public(game) == ("WN", 0, W2)
    assert asked(game) == (1,)
    assert game.legal_actions(0) == []
    refused(game, 0, "pass")
    game.apply(1, "take WC WH WN")
    assert melds(game, 1)[-1] == "WC WH WN"
    assert game.actions() == ["S1 pass", "S1 take WC WH WN"]


def test_c28_forced_take_of_a_drawn_general():
    game = position(FIXTURE_A, "GG")
    assert melds(game, 0) == ["GG"]
    assert game.decision().seats == (0,)
    assert game.actions() == []
    assert sum(game.hands[0]) + game.exposed[0] == 21
    assert [e.kind for e in game.opening if e.kind == "sisepai.take"] == ["sisepai.take"]
    assert [e.params["forced"] for e in game.opening if e.kind == "sisepai.take"] == [True]


def test_c29_discard_window_next_mixed_allowed_other_refused():
    game = after_c22()
    game.apply(2, "discard GS")
    assert public(game) == ("GS", 2, WD)
    assert asked(game) == (3,)
    assert game.legal_actions(3) == ["pass", "take YS WS GS"]
    refused(game, 1, "take YS WS GS")
    refused(game, 0, "take GS GS")
    game.apply(3, "take GS YS WS")
    assert melds(game, 3)[-1] == "YS WS GS"


def test_c30_discard_window_with_no_legal_claim():
    game = after_c26()
    events = game.apply(1, "discard RA")
    assert game.discards[1] == [DECK.card("RA")]
    assert draws(events)[0] == (2, "RN", 0)


def fixture_b_c31():
    game = position(FIXTURE_B, "WH", seat=1)
    assert asked(game) == (0, 1, 2, 3)
    assert game.legal_actions(1) == ["pass", "take WC WH WN"]
    for seat in (0, 2, 3):
        assert game.legal_actions(seat) == ["pass", "win"]
    return game


C31_GROUPS = sorted(DECK.format(DECK.parse(g)) for g in [
    "RA RA RA", "RE RE RE RE", "YC YH YN", "YE YE YE", "WG", "WH WH", "GG", "GA GA GA", "F2"])


@pytest.mark.parametrize("order", list(itertools.permutations([0, 1, 2, 3])))
def test_c31_c39_several_winners_turn_order_from_owner_in_any_answer_order(order):
    game = fixture_b_c31()
    answers = {1: "take WC WH WN", 2: "win", 3: "win", 0: "win"}
    for seat in order:
        game.apply(seat, answers[seat])
    result = game.outcome()
    assert result["winner"] == 2
    assert result["score"] == 11
    assert sorted(result["groups"]) == C31_GROUPS


def test_c32_passing_on_a_win():
    game = fixture_b_c31()
    for seat, action in ((1, "take WC WH WN"), (2, "pass"), (3, "win"), (0, "win")):
        game.apply(seat, action)
    assert game.outcome()["winner"] == 3


C33_GROUPS = ["RG", "RC RH RN", "YG", "YN YN YN", "WA WA WA", "WG", "GG", "GE GE GE GE", "YS WS GS", "F1"]


def test_c33_another_players_win_beats_the_forced_general_take():
    game = position(FIXTURE_C, "YG")
    assert asked(game) == (2, 3)
    assert game.legal_actions(1) == []
    assert game.legal_actions(2) == ["pass", "win"]
    refused(game, 0, "pass")
    game.apply(3, "win")
    game.apply(2, "win")
    result = game.outcome()
    assert (result["winner"], result["card"], result["score"]) == (2, "YG", 13)
    assert sorted(result["groups"]) == sorted(DECK.format(DECK.parse(g)) for g in C33_GROUPS)


def test_c33_variant_forced_take_happens_when_the_winners_pass():
    game = position(FIXTURE_C, "YG")
    game.apply(2, "pass")
    game.apply(3, "pass")
    assert melds(game, 0) == ["YG"]
    assert game.decision().seats == (0,)


def test_c34_win_on_a_drawn_flower():
    game = position(FIXTURE_C, "F5")
    assert asked(game) == (2, 3)
    game.apply(2, "win")
    game.apply(3, "win")
    result = game.outcome()
    assert (result["winner"], result["score"]) == (2, 15)
    expected = [g for g in C33_GROUPS if g != "YG"] + ["F5"]
    assert sorted(result["groups"]) == sorted(DECK.format(DECK.parse(g)) for g in expected)


def test_c35_c16_win_overrides_role_restriction():
    game = position(FIXTURE_D, "RH")
    assert asked(game) == (2, 3)
    assert game.legal_actions(3) == ["pass", "win"]  # the field group is legal only as a win: not listed
    game.apply(2, "take RH RH RH")
    game.apply(3, "take RC RH RN")  # accepted and recorded as the win
    assert game.actions() == ["S2 take RH RH RH", "S3 win"]
    result = game.outcome()
    assert (result["winner"], result["score"], result["window"], result["owner"]) == (3, 11, W1, 0)
    assert "WE WE WE" in result["groups"]
    assert "RC RH RN" in result["groups"]


def test_c36_drawers_own_win_by_a_pair_beats_everything():
    game = position(FIXTURE_D2, "RH")
    assert asked(game) == (0, 2, 3)
    assert game.legal_actions(0) == ["pass", "win"]
    game.apply(3, "win")
    game.apply(2, "take RH RH RH")
    game.apply(0, "take RH RH")  # the drawer's pair: legal only because it wins, so it is the win
    assert game.actions() == ["S3 win", "S2 take RH RH RH", "S0 win"]
    result = game.outcome()
    assert (result["winner"], result["score"]) == (0, 11)
    expected = ["RG", "RA RA", "RE RE", "RH RH", "YG", "YE YE YE", "WG", "WN WN WN", "GG", "GN GN GN GN",
                "F4"]
    assert sorted(result["groups"]) == sorted(DECK.format(DECK.parse(g)) for g in expected)


def test_c20_c17_c37_completing_take_is_promoted_to_win():
    game = position(FIXTURE_E, "WA")
    assert asked(game) == (1,)
    assert game.legal_actions(1) == ["pass", "take WA WA WA", "win"]
    game.apply(1, "take WA WA WA")
    assert game.actions() == ["S1 win"]
    assert game.decision() is None
    result = game.outcome()
    assert (result["winner"], result["score"]) == (1, 15)
    assert sorted(result["groups"]) == sorted(DECK.format(DECK.parse(g)) for g in [
        "RC RC RC", "YS WS GS", "F1", "GG", "YC YH YN", "WN WN WN WN", "YG", "WA WA WA", "RG", "F2"])


def test_c37_promoted_win_beats_the_drawers_own_group():
    fixture = dict(FIXTURE_E)
    fixture[0] = ([], "WG WE RC")
    game = position(fixture, "WA")
    assert asked(game) == (0, 1)
    assert game.legal_actions(0) == ["pass", "take WG WA WE"]
    game.apply(0, "take WG WA WE")
    game.apply(1, "take WA WA WA")
    assert game.outcome()["winner"] == 1


# --- 9.5 discard legality -----------------------------------------------------------------------

def test_c18_discards_after_the_drawers_own_take():
    game = position(FIXTURE_A, "RS")
    game.apply(1, "pass")
    game.apply(0, "take RS WS GS")
    assert hand(game, 0) == DECK.format(DECK.parse("RH YC YH RA WE GC RG WA WA WA RE RE RE YE YE YE YE YG"))
    assert game.legal_actions(0) == discard_options("RH YC YH RA WE GC WA RE YE")
    for card in ("RG", "YG", "GS", "RS", "WS"):
        refused(game, 0, f"discard {card}")
    assert "Generals and flowers" in refused(game, 0, "discard RG")


def test_c19_discards_after_another_players_take():
    game = after_c22()
    assert hand(game, 2) == DECK.format(DECK.parse("YN YN GC WH RN GA GE GE GE YA YA YA WG GS GS"))
    assert game.legal_actions(2) == discard_options("GA GC GE GS RN WH YA YN")
    for card in ("WG", "WE", "RH"):
        refused(game, 2, f"discard {card}")
    assert "seat 2 must discard" in refused(game, 0, "discard RA")


def test_c21_discarding_a_general_or_flower_is_rejected():
    game = after_c26()
    assert hand(game, 1) == DECK.format(DECK.parse("YS WS GA GE RA YH GH GH GH F2 YG GN GN GN GN"))
    refused(game, 1, "discard F2")
    refused(game, 1, "discard YG")
    assert game.legal_actions(1) == discard_options("GA GE GH GN RA WS YH YS")


# --- 9.7 pure priority resolution ---------------------------------------------------------------

def _answer(owner, seat, code):
    """A representative answer of level ``code``: WIN, T3 (a triple), T4/T5 (a mixed group)."""
    return {"WIN": "win", "T3": "take RH RH RH", "T4": "take RC RH RN", "T5": "take RC RH RN"}[code]


C38 = [
    ("C38a", W1, 0, {0: "T4", 1: "T5"}, 0),
    ("C38b", W1, 0, {0: "T4", 2: "T3"}, 2),
    ("C38c", W1, 0, {0: "WIN", 1: "WIN", 3: "WIN"}, 0),
    ("C38d", W1, 1, {2: "WIN", 3: "WIN", 0: "WIN"}, 2),
    ("C38e", W1, 1, {3: "WIN", 0: "WIN"}, 3),
    ("C38f", WD, 2, {0: "WIN", 1: "WIN"}, 0),
    ("C38g", WD, 3, {0: "T5", 2: "T3"}, 2),
    ("C38h", W1, 0, {1: "WIN", 2: "T3", 0: "T4"}, 1),
    ("C38i", W2, 0, {1: "T5", 3: "T3"}, 3),
    ("C38j", W1, 3, {3: "T4", 0: "T5"}, 3),
    ("C38k", W1, 2, {}, None),
]


@pytest.mark.parametrize(("case", "window", "owner", "responses", "winner"), C38, ids=[c[0] for c in C38])
def test_c38_c39_pure_priority_resolution(case, window, owner, responses, winner):
    answers = {s: "pass" for s in range(4)}
    answers.update({s: _answer(owner, s, code) for s, code in responses.items()})
    for order in itertools.permutations(answers):
        result = resolve({s: answers[s] for s in order}, lambda s, a: priority_key(owner, window, s, a))
        assert (None if result is None else result[0]) == winner


def test_priority_levels_follow_section_6_5():
    assert priority_key(0, W1, 0, "win") == (1, 0)
    assert priority_key(0, W1, 3, "win") == (2, 3)
    assert priority_key(0, W1, 0, "take RH RH RH") == (3, 0)
    assert priority_key(0, W1, 0, "take RC RH RN") == (4, 0)
    assert priority_key(0, W1, 1, "take RC RH RN") == (5, 1)
    assert priority_key(0, W1, 0, "take RG") == (4, 0)
    assert priority_key(0, W2, 2, "win") == (2, 2)
    assert priority_key(0, WD, 1, "pass") is None


# --- 9.8 flow examples --------------------------------------------------------------------------

def _filler(fixture, top, n):
    """``top`` then ``n`` chess cards (no Generals) the fixture leaves in the deck, for a longer stock."""
    used = [0] * 33
    for seat in range(4):
        for k in DECK.parse(" ".join([fixture[seat][1], *fixture[seat][0], top])):
            used[k] += 1
    spare = [k for k in range(28) if k % 7 for _ in range(DECK.copies[k] - used[k])]
    return " ".join([top, *(DECK.codes[k] for k in spare[:n])])


def test_c40_deal_invariants():
    from cardavia.games.sisepai import SPEC
    from cardavia.games.sisepai.position import deal

    for seed in range(20):
        start = deal(seed)
        assert [len(h) for h in start.hands] == [20] * 4
        assert len(start.stock) == 37
        assert all(m == () for m in start.melds)
        game = SPEC.new_game(seed)
        first = draws(game.opening)[0]
        assert first == (start.dealer, DECK.codes[start.stock[0]], 36)
        # After k draws (and no end) the stock holds 37 - k.
        from cardavia.engine.rng import Rng

        rng = Rng(seed)
        seen = draws(game.opening)
        while game.decision() is not None:
            for seat in game.decision().seats:
                options = game.legal_actions(seat)
                seen += draws(game.apply(seat, options[rng.below(len(options))]))
            assert game.stock_count() == 37 - len(seen)
        assert [s[2] for s in seen] == list(range(36, 36 - len(seen), -1))


def test_c41_a_claim_skips_a_seat():
    game = position(FIXTURE_A, _filler(FIXTURE_A, "RH", 19))
    assert game.stock_count() == 19
    game.apply(2, "take RH RH RH")
    assert sum(game.hands[2]) == 15 and game.exposed[2] == 6
    assert game.can_win(2, DECK.card("GC")) is False
    events = game.apply(2, "discard GC")
    assert game.discards[2] == [DECK.card("GC")]
    assert draws(events)[0][0] == 3
    assert draws(events)[0][2] == 18
    assert [sum(h) + x for h, x in zip(game.hands, game.exposed, strict=True)] == [20] * 4
    assert card_total(game) == 80 + 20  # the fixture's 80 cards and the 20-card stock, all accounted for


def test_c42_untaken_draw_w2_claim_next_draw():
    game = position(FIXTURE_A, "WN RN")
    game.apply(1, "pass")
    game.apply(1, "take WC WH WN")
    events = game.apply(1, "discard RA")
    assert draws(events)[0][0] == 2


def test_c43_the_drawer_uses_his_own_draw():
    game = position(FIXTURE_A, "RS RN")
    game.apply(1, "pass")
    game.apply(0, "take RS WS GS")
    events = game.apply(0, "discard WE")
    assert _first_resolve(events) == ("WD", None)  # nobody was asked: the discard died at once
    assert draws(events)[0][0] == 1


def test_c44_forced_general_then_discard():
    game = position(FIXTURE_A, "GG RN")
    assert melds(game, 0) == ["GG"]
    events = game.apply(0, "discard RA")
    assert _first_resolve(events) == ("WD", None)  # nobody was asked: the discard died at once
    assert draws(events)[0][0] == 1
    assert all(not (k % 7 == 0 or k >= 28) for pile in game.discards for k in pile)


def test_c45_exhausted_stock():
    game = position(FIXTURE_A, "RN", seat=3)
    assert game.decision() is None
    assert game.discards[3] == [DECK.card("RN")]
    assert game.status == "draw"
    assert game.outcome() == {"winner": None}
    assert game.stock_count() == 0


def test_c45_variant_claims_play_out_before_the_draw():
    game = position(FIXTURE_A, "RH")
    game.apply(2, "take RH RH RH")
    assert game.decision() is not None
    game.apply(2, "discard GC")
    assert game.outcome() == {"winner": None}


def test_c46_a_win_ends_the_deal_immediately():
    game = fixture_b_c31()
    for seat, action in ((2, "win"), (3, "win"), (0, "win"), (1, "pass")):
        game.apply(seat, action)
    result = game.outcome()
    assert result == {"winner": 2, "card": "WH", "score": 11, "groups": result["groups"],
                      "window": W1, "owner": 1}
    assert game.decision() is None
    assert game.status == "win"
    refused(game, 0, "pass")


def _first_resolve(events):
    resolve = next(e for e in events if e.kind == "sisepai.resolve")
    return resolve.params["window"], resolve.params["seat"]
