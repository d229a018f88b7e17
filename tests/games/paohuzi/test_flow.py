"""Conformance cases PZ-33 to PZ-46: dead hand, discard and peng legality, the owed rule, tianhu,
the end of the deal and turn passing; plus the two ruleset options."""

import pytest

from cardavia.games.paohuzi import SPEC, PaohuziSpec, Rules
from cardavia.games.paohuzi.cards import DECK

from .helpers import C1, C2, Y, first, kinds, legal, position, seat, view_seat

PZ33_MELDS = ["chi s4 s5 s6", "chi s7 s8 s9", "peng s10 s10 s10", "chi b7 b8 b9"]


def test_pz33_compulsory_wei_kills_the_hand_and_what_follows():
    # Y reveals b10: wei, 13 huxi, no free card -> dead. C1 reveals b5: its own compulsory wei, then
    # C1 discards s3 -> Y may pao (no discard after it). C1 reveals b1, C2 reveals b3 (nothing), Y
    # reveals s1 -> compulsory ti, no discard; C1 must reveal from an empty stock -> draw.
    y = seat("s1 s1 s1 s3 s3 s3 b10 b10", *PZ33_MELDS)
    c1 = seat(
        "b5 b5 s3 b2 s2", "chi b1 b2 b3", "chi b4 b5 b6", "chi s4 s5 s6", "chi s7 s8 s9", "chi b6 b7 b8"
    )
    game = position([y, c1, seat("")], stock="b10 b5 b1 b3 s1", next_=(Y, "draw"))
    assert game.melds[Y][-1].text() == "wei b10 b10 b10"
    assert game.dead[Y] and view_seat(game, Y)["dead"]
    assert legal(game) == {C1: ["discard b2", "discard s2", "discard s3"]}
    game.apply(C1, "discard s3")
    assert legal(game) == {Y: ["pao", "pass"]}  # never win, peng or chi for a dead hand
    events = game.apply(Y, "pao")
    assert "pao s3 s3 s3 s3" in view_seat(game, Y)["melds"]
    assert [e.params["seat"] for e in events if e.kind == "paohuzi.draw"] == [C1, C2, Y]
    assert "ti s1 s1 s1 s1" in view_seat(game, Y)["melds"]
    assert "paohuzi.discard" not in kinds(events)
    assert game.result == {"winner": None, "payments": [0, 0, 0]}


def test_pz34_same_shape_enough_huxi_win_or_dead():
    game = position(
        [seat("s1 s1 s1 b3 b3 b3 b10 b10", *PZ33_MELDS), seat(""), seat("")],
        stock="b10 s2",
        next_=(Y, "draw"),
    )
    assert legal(game) == {Y: ["pass", "win"]}
    won = game.clone()
    won.apply(Y, "win")
    assert (won.result["score"], won.result["tun"]) == (16, 1)
    events = game.apply(Y, "pass")
    assert game.dead[Y] and "paohuzi.dead_hand" in kinds(events)
    assert first(events, "paohuzi.draw").params["seat"] == C1


def test_pz35_peng_blocked_when_only_a_kan_would_remain():
    melds = ["chi s1 s2 s3", "chi s4 s5 s6", "chi b2 b3 b4", "chi b5 b6 b7", "chi s8 s9 s10"]
    game = position([seat("s7 s7 b1 b1 b1", *melds), seat("s7 b9"), seat("")], next_=(C1, "discard"))
    events = game.apply(C1, "discard s7")
    assert legal(game) == {} and "paohuzi.dead" in kinds(events)


def test_pz36_kan_cards_are_not_discardable():
    game = position([seat("s5 s5 s5 b2 b9"), seat(""), seat("")], next_=(Y, "discard"))
    assert legal(game) == {Y: ["discard b2", "discard b9"]}


def _deal(fixed: dict[int, str], dealer: int) -> list[list[str]]:
    """Hands for a normal start: ``fixed`` seats as given, the others dealt with no pair or more."""
    used = [0] * 20
    for h in fixed.values():
        for c in DECK.parse(h):
            used[c] += 1
    hands = []
    k = 0
    for s in range(3):
        if s in fixed:
            hand = fixed[s].split()  # as given: the dealer's face-up card is the last of his list
        else:
            size = 21 if s == dealer else 20
            hand = []
            taken = [0] * 20
            while len(hand) < size:
                if used[k % 20] < 4 and taken[k % 20] < 2:
                    used[k % 20] += 1
                    taken[k % 20] += 1
                    hand.append(DECK.codes[k % 20])
                k += 1
        hands.append(hand)
    return hands


def _start(hands, dealer, stock="", spec=SPEC):
    return spec.from_position(
        {"game": "paohuzi", "dealer": dealer, "hands": hands, "stock": stock.split(), "actions": []}
    )


def test_pz37_setup():
    c1 = "b7 b7 b7 b7 s2 s2 s2 s1 s4 s6 s8 s9 s10 b1 b3 b4 b5 b9 b10 b6 s3"
    hands = _deal({C1: c1, Y: "s5 s5 s5 s5 s1 s3 s4 s6 s7 s8 s9 s10 b1 b2 b3 b4 b5 b6 b8 b9"}, dealer=C1)
    game = _start(hands, C1, "b2")
    assert [m.text() for m in game.melds[C1]] == ["ti b7 b7 b7 b7"]
    assert (game.fours(C1), game.held(C1), game.owed(C1)) == (1, 21, 1)
    assert (game.fours(Y), game.held(Y), game.owed(Y)) == (1, 20, 0)
    assert (game.fours(C2), game.held(C2), game.owed(C2)) == (0, 20, 0)
    assert game.hands[C1][DECK.card("s2")] == 3
    free = ["s1", "s3", "s4", "s6", "s8", "s9", "s10", "b1", "b3", "b4", "b5", "b6", "b9", "b10"]
    expected = sorted(f"discard {c}" for c in free)
    assert legal(game) == {C1: expected}
    for seen_by in (None, Y, C1, C2):
        assert game.view(seen_by)["seats"][C1]["shown"] == "s3"
    assert game.view(Y)["seats"][C1]["melds"] == ["ti"]  # an initial ti's identity stays hidden
    game.apply(C1, "discard s3")
    assert game.view(None)["seats"][C1]["shown"] is None


def test_pz38_first_four_needs_a_discard_second_does_not():
    melds = ["chi s1 s2 s3", "chi b4 b5 b6", "chi s4 s5 s6"]
    game = position(
        [seat("s8 s8 s8 b2 b2 b2 s9 s10 b9 b10 b7", *melds), seat(""), seat("s8 s1")], next_=(C2, "discard")
    )
    game.apply(C2, "discard s8")
    assert legal(game) == {Y: ["pao", "pass"]}
    passed = game.clone()
    passed.apply(Y, "pass")
    assert view_seat(passed, Y)["chou"] == [] and passed.hands[Y] == game.hands[Y]
    game.apply(Y, "pao")
    assert (game.fours(Y), game.held(Y), game.owed(Y)) == (1, 21, 1)
    assert legal(game) == {Y: sorted(f"discard {c}" for c in ["s9", "s10", "b9", "b10", "b7"])}
    # 2. later, after discarding b7, Y reveals b2: compulsory ti, F=2, no discard, C1 reveals.
    later = position(
        [seat("b2 b2 b2 s9 s10 b9 b10", "pao s8 s8 s8 s8", *melds), seat(""), seat("")],
        stock="b2 s7",
        next_=(Y, "draw"),
    )
    assert "ti b2 b2 b2 b2" in view_seat(later, Y)["melds"]
    assert (later.fours(Y), later.held(Y), later.owed(Y)) == (2, 21, 0)
    assert later.result == {"winner": None, "payments": [0, 0, 0]}  # C1's s7 died, then no stock


PZ39_MELDS = ["wei s5 s5 s5", "chi b1 b2 b3", "chi s7 s8 s9", "chi b4 b5 b6"]


def test_pz39a_wei_plus_own_reveal_is_ti_then_win_18():
    game = position(
        [seat("s1 s2 s3 b7 b8 b9 s10 s10", *PZ39_MELDS), seat(""), seat("")], stock="s5", next_=(Y, "draw")
    )
    assert view_seat(game, Y)["melds"][0] == "ti s5 s5 s5 s5"
    assert (game.fours(Y), game.owed(Y)) == (1, 1)
    assert legal(game) == {Y: ["pass", "win"]}
    game.apply(Y, "win")
    assert (game.result["score"], game.result["tun"]) == (18, 2)


def test_pz39b_wei_plus_discard_is_optional_pao_never_a_win():
    game = position(
        [seat("s1 s2 s3 b7 b8 b9 s10 s10", *PZ39_MELDS), seat(""), seat("s5 s4")], next_=(C2, "discard")
    )
    game.apply(C2, "discard s5")
    assert legal(game) == {Y: ["pao", "pass"]}
    passed = game.clone()
    passed.apply(Y, "pass")
    assert view_seat(passed, Y)["chou"] == []
    game.apply(Y, "pao")
    assert view_seat(game, Y)["melds"][0] == "pao s5 s5 s5 s5"
    assert (game.fours(Y), game.owed(Y)) == (1, 1)
    assert game.result is None and game.decision().seats == (Y,)
    assert game.legal_actions(Y)[0].startswith("discard")


PZ40_C2 = "s6 s6 s6 s6 b1 b1 b1 b1 s2 s3 s4 s8 s9 b3 b5 b6 b7 b8 b10 s10"


def test_pz40_starting_with_two_ti_non_dealer():
    game = _start(_deal({C2: PZ40_C2}, dealer=Y), Y)
    assert [m.kind for m in game.melds[C2]] == ["ti", "ti"]
    assert (game.fours(C2), game.held(C2), game.owed(C2)) == (2, 20, -1)
    assert game.decision().seats == (Y,) and game.legal_actions(Y)[0].startswith("discard")


def test_pz40_chi_after_two_ti_needs_no_discard():
    c2 = seat("s2 s3 s4 s8 s9 b3 b5 b6 b7 b8 b10 s10", "ti s6 s6 s6 s6", "ti b1 b1 b1 b1")
    game = position([seat(""), seat("s7 s1"), c2], stock="b9", next_=(C1, "discard"))
    game.apply(C1, "discard s7")
    assert legal(game) == {C2: ["chi s2 s7 s10", "chi s7 s8 s9", "pass"]}
    events = game.apply(C2, "chi s7 s8 s9")
    assert (game.held(C2), game.owed(C2)) == (21, 0)
    assert first(events, "paohuzi.draw").params["seat"] == Y


def test_pz40_dealer_with_two_ti_makes_no_opening_discard():
    dealer_hand = PZ40_C2 + " s1"
    game = _start(_deal({C2: dealer_hand}, dealer=C2), C2, "b9")
    assert (game.held(C2), game.owed(C2)) == (21, 0)
    assert first(game.opening, "paohuzi.draw").params["seat"] == Y
    assert "paohuzi.discard" not in kinds(game.opening)


def test_pz41_three_ti_tianhu():
    y = "s3 s3 s3 s3 s9 s9 s9 s9 b10 b10 b10 b10 s1 s2 s4 s5 b1 b2 b6 b7"
    game = _start(_deal({Y: y}, dealer=C1), C1)
    assert legal(game) == {Y: ["pass", "tianhu"]}
    assert game.view(C1)["to_act"] == [] and game.view(Y)["to_act"] == [Y]  # the offer is private
    game.apply(Y, "tianhu")
    r = game.result
    assert (r["winner"], r["score"], r["tun"], r["payments"], r["card"]) == (Y, 30, 6, [12, -6, -6], None)
    assert sorted(r["groups"]) == ["ti b10 b10 b10 b10", "ti s3 s3 s3 s3", "ti s9 s9 s9 s9"]


def test_pz42_five_kan_tianhu_dealer():
    c2 = "s1 s1 s1 s4 s4 s4 s8 s8 s8 b2 b2 b2 b6 b6 b6 s3 s5 s10 b4 b8 b10"
    game = _start(_deal({C2: c2}, dealer=C2), C2)
    assert legal(game) == {C2: ["pass", "tianhu"]}
    game.apply(C2, "tianhu")
    assert (game.result["score"], game.result["tun"], game.result["payments"]) == (21, 3, [-3, -3, 6])


def test_tianhu_declined_then_the_dealer_discards():
    c2 = "s1 s1 s1 s4 s4 s4 s8 s8 s8 b2 b2 b2 b6 b6 b6 s3 s5 s10 b4 b8 b10"
    game = _start(_deal({C2: c2}, dealer=C2), C2)
    game.apply(C2, "pass")
    assert game.decision().seats == (C2,) and game.legal_actions(C2)[0].startswith("discard")


PZ43_Y = "s7 s7 s7 s7 b3 b3 b3 b3 s1 s1 s1 s2 s2 s2 b9 b9 b9 s5 b5 b6"


def test_pz43_two_ti_three_kan_is_not_a_tianhu_by_default():
    game = _start(_deal({Y: PZ43_Y}, dealer=C1), C1)
    assert game.decision().seats == (C1,) and game.legal_actions(C1)[0].startswith("discard")
    assert (game.fours(Y), game.owed(Y)) == (2, -1)


def test_pz43_with_ti_counting_as_kan_it_qualifies_33():
    spec = PaohuziSpec(Rules(tianhu_ti_counts_as_kan=True))
    game = _start(_deal({Y: PZ43_Y}, dealer=C1), C1, spec=spec)
    assert legal(game) == {Y: ["pass", "tianhu"]}
    game.apply(Y, "tianhu")
    assert (game.result["score"], game.result["tun"]) == (33, 7)


def test_pz44_exhausted_stock_is_a_draw():
    game = position([seat("s1 s2", "chi b1 b2 b3"), seat(""), seat("")], stock="b9", next_=(C2, "draw"))
    assert game.result == {"winner": None, "payments": [0, 0, 0]}
    assert view_seat(game, C2)["discards"] == ["b9"] and view_seat(game, C2)["chou"] == ["b9"]
    assert game.view(None)["status"] == "draw" and game.view(None)["stock"] == 0


def test_pz44_variant_chi_on_the_last_card_then_draw():
    game = position([seat("s1 s2 b5 b7 b10"), seat(""), seat("")], stock="s3", next_=(C2, "draw"), pad=(Y,))
    assert legal(game) == {Y: ["chi s1 s2 s3", "pass"]}
    game.apply(Y, "chi s1 s2 s3")
    assert legal(game) == {Y: ["discard b10", "discard b5", "discard b7"]}
    events = game.apply(Y, "discard b7")
    assert kinds(events)[-4:] == ["paohuzi.window", "paohuzi.resolve", "paohuzi.dead", "paohuzi.end"]
    assert events[-1].params["status"] == "draw"


def test_pz45_turn_passing():
    y = seat(
        "s4 b3",
        "chi s1 s2 s3",
        "chi b4 b5 b6",
        "chi s8 s9 s10",
        "chi b7 b8 b9",
        "chi s5 s6 s7",
        "chi b1 b2 b3",
    )
    c2 = seat("s1 s3 b9 s10 b4")
    game = position([y, seat("s9"), c2], stock="b7 s2 b10", next_=(Y, "discard"), pad=(C2,))
    events = game.apply(Y, "discard s4")
    assert [(e.kind, e.params.get("seat"), e.params.get("card")) for e in events] == [
        ("paohuzi.discard", Y, "s4"),
        ("paohuzi.chou", Y, "s4"),
        ("paohuzi.window", None, "s4"),
        ("paohuzi.resolve", None, "s4"),
        ("paohuzi.dead", Y, "s4"),
        ("paohuzi.draw", C1, "b7"),
        ("paohuzi.window", None, "b7"),
        ("paohuzi.resolve", None, "b7"),
        ("paohuzi.dead", C1, "b7"),
        ("paohuzi.chou", C1, "b7"),
        ("paohuzi.draw", C2, "s2"),
        ("paohuzi.window", None, "s2"),
    ]
    assert legal(game) == {C2: ["chi s1 s2 s3", "pass"]}
    game.apply(C2, "chi s1 s2 s3")
    events = game.apply(C2, "discard b9")
    assert first(events, "paohuzi.dead").params == {"seat": C2, "card": "b9"}
    assert first(events, "paohuzi.draw").params["seat"] == Y


def test_pz45_variant_the_player_after_the_claimer_continues():
    game = position(
        [seat("b3"), seat("s2 s2 b10 b9 b1"), seat("s9")], stock="s2 b8", next_=(C2, "draw"), pad=(C1,)
    )
    assert legal(game) == {C1: ["pass", "peng"]}
    game.apply(C1, "peng")
    events = game.apply(C1, "discard b10")
    assert first(events, "paohuzi.draw").params["seat"] == C2


# ----- the ruleset option OWN_WEI_UPGRADE ---------------------------------------------------------


def test_own_wei_upgrade_pao_makes_the_upgrade_optional():
    spec = PaohuziSpec(Rules(own_wei_upgrade="pao"))
    game = position(
        [seat("s1 s2 s3 b7 b8 b9 s10 s10", *PZ39_MELDS), seat(""), seat("")],
        stock="s5",
        next_=(Y, "draw"),
        spec=spec,
    )
    assert view_seat(game, Y)["melds"][0] == "wei s5 s5 s5"
    assert legal(game) == {Y: ["pao", "pass", "win"]}
    game.apply(Y, "win")
    assert (game.result["score"], game.result["tun"]) == (15, 1)  # pao 6 instead of ti 9


def test_rules_reject_unknown_option():
    with pytest.raises(ValueError, match="own_wei_upgrade"):
        Rules(own_wei_upgrade="maybe")
