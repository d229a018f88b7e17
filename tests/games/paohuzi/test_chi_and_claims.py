"""Conformance cases PZ-14 to PZ-32: chi plans and bi, claim priority, chou."""

import pytest

from cardavia.engine.errors import IllegalAction
from cardavia.games.paohuzi.cards import DECK
from cardavia.games.paohuzi.rules import chi_plans

from .helpers import C1, C2, Y, first, legal, position, seat, view_seat


def plans(hand: str, card: str) -> list[list[str]]:
    """Chi plans for Y at rest (F=0, owed=0): a discard must remain."""
    return [
        [DECK.format(g) for g in p] for p in chi_plans(DECK.counts(DECK.parse(hand)), DECK.card(card), True)
    ]


def offered(hand: str, card: str) -> list[str]:
    """Y's legal actions when C2 (the player before Y) discards ``card``; Y padded to T = 20."""
    game = position([seat(hand), seat(""), seat(card)], next_=(C2, "discard"), pad=(Y,))
    game.apply(C2, f"discard {card}")
    return game.legal_actions(Y)


@pytest.mark.parametrize(
    ("case", "hand", "card", "expected"),
    [
        ("PZ-14", "s1 s2 s3 s4 s5 b9 b9 b10", "s3", [["s1 s2 s3", "s3 s4 s5"]]),
        ("PZ-15", "s1 s2 s3 s4 s5", "s3", []),
        ("PZ-16", "s2 s3 s4 b7 b8", "s3", []),
        ("PZ-17", "b7 s7 s1 s1 s9", "b7", [["s7 b7 b7"]]),
        ("PZ-18", "s3 s4 s5 s5 s6 s7 b9 b10", "s5", []),
        (
            "PZ-19",
            "s3 s4 s5 s5 s6 s7 b5 b9",
            "s5",
            [["s3 s4 s5", "s5 s5 b5"], ["s4 s5 s6", "s5 s5 b5"], ["s5 s5 b5", "s5 s6 s7"]],
        ),
        ("PZ-20", "s8 s8 s8 s6 s7 s9 s10 b1", "s8", []),
        ("PZ-21", "s6 s7 b1 b1 b1", "s8", []),
        ("PZ-22", "s4 s6 s5 b5 b5", "s5", [["s5 s5 b5"]]),
    ],
)
def test_chi_plans(case, hand, card, expected):
    assert sorted(plans(hand, card)) == sorted(expected), case


@pytest.mark.parametrize(
    ("case", "hand", "card", "expected"),
    [
        ("PZ-14", "s1 s2 s3 s4 s5 b9 b9 b10", "s3", ["chi s1 s2 s3 / s3 s4 s5", "pass"]),
        ("PZ-15", "s1 s2 s3 s4 s5", "s3", []),
        ("PZ-16", "s2 s3 s4 b7 b8", "s3", []),
        ("PZ-17", "b7 s7 s1 s1 s9", "b7", ["chi s7 b7 b7", "pass"]),
        ("PZ-18", "s3 s4 s5 s5 s6 s7 b9 b10", "s5", ["pass", "peng"]),
        (
            "PZ-19",
            "s3 s4 s5 s5 s6 s7 b5 b9",
            "s5",
            ["chi s3 s4 s5 / s5 s5 b5", "chi s4 s5 s6 / s5 s5 b5", "chi s5 s5 b5 / s5 s6 s7", "pass", "peng"],
        ),
        ("PZ-20", "s8 s8 s8 s6 s7 s9 s10 b1", "s8", ["pao", "pass"]),
        ("PZ-21", "s6 s7 b1 b1 b1", "s8", []),
        ("PZ-22", "s4 s6 s5 b5 b5", "s5", ["chi s5 s5 b5", "pass"]),
    ],
)
def test_chi_options_in_play(case, hand, card, expected):
    assert offered(hand, card) == expected, case


def test_pz14_after_the_chi_y_discards_from_the_rest():
    game = position([seat("s1 s2 s3 s4 s5 b9 b9 b10"), seat(""), seat("s3")], next_=(C2, "discard"), pad=(Y,))
    game.apply(C2, "discard s3")
    game.apply(Y, "chi s3 s4 s5 / s1 s3 s2")  # any card order, any group order
    assert game.actions()[-1] == "S0 chi s1 s2 s3 / s3 s4 s5"
    assert legal(game) == {Y: ["discard b10", "discard b9"]}


def test_pz19_remaining_cards_after_each_plan():
    remaining = {}
    for plan in ["chi s3 s4 s5 / s5 s5 b5", "chi s4 s5 s6 / s5 s5 b5", "chi s5 s5 b5 / s5 s6 s7"]:
        game = position(
            [seat("s3 s4 s5 s5 s6 s7 b5 b9"), seat(""), seat("s5")], next_=(C2, "discard"), pad=(Y,)
        )
        game.apply(C2, "discard s5")
        game.apply(Y, plan)
        remaining[plan] = view_seat(game, Y)["hand"]
    assert sorted(remaining.values()) == sorted([["s6", "s7", "b9"], ["s3", "s7", "b9"], ["s3", "s4", "b9"]])


def test_illegal_chi_plan_is_refused_and_changes_nothing():
    game = position([seat("s1 s2 s3 s4 s5 b9 b9 b10"), seat(""), seat("s3")], next_=(C2, "discard"), pad=(Y,))
    game.apply(C2, "discard s3")
    before = game.view(None)
    with pytest.raises(IllegalAction, match="not a legal chi plan"):
        game.apply(Y, "chi s2 s3 s4")
    assert game.view(None) == before and game.actions() == ["S2 discard s3"]


# ----- PZ-23 to PZ-29: priority ----------------------------------------------------------------

PZ23 = [
    seat("s1 s3 s5 b5 b4 b6 s2 b7", "chi b8 b9 b10", "chi s7 s8 s9", "peng s10 s10 s10", "chi b1 b2 b3"),
    seat("s6 s6 s4 s4 b2 b3 b10 b10", "chi s7 s8 s9", "peng b5 b5 b5", "chi b6 b7 b8", "chi s1 s2 s3"),
    seat("s5 s7 b4 b4 b4 b6 b7 b8", "chi b1 b2 b3", "wei b9 b9 b9", "chi s1 s2 s3", "chi s8 s9 s10"),
]


def test_pz23_compulsory_wei_beats_another_players_win():
    game = position(PZ23, stock="s6", next_=(C1, "draw"))
    assert game.melds[C1][-1].text() == "wei s6 s6 s6"
    assert legal(game) == {C1: ["discard b10", "discard b2", "discard b3", "discard s4"]}


def test_pz23_control_without_the_pair_c2_wins_21():
    seats = [PZ23[0], seat("s4 s4 s2 b2 b3 b10 b10 b6", *PZ23[1]["melds"]), PZ23[2]]
    game = position(seats, stock="s6", next_=(C1, "draw"))
    assert "win" in game.legal_actions(C2)
    for s in game.decision().seats:
        game.apply(s, "win" if s == C2 else "pass")
    assert (game.result["winner"], game.result["score"], game.result["tun"]) == (C2, 21, 3)


PZ24 = [
    seat("s1 s2 s4 s5 b9 b9 s10 b1", "chi s6 s7 s8", "chi b4 b5 b6", "peng s3 s3 s3", "chi b2 b7 b10"),
    seat("b1 b2 s9 s9 s9 b4 b5 b6", "chi b4 b5 b6", "wei b8 b8 b8", "chi s1 s2 s3", "chi s4 s5 s6"),
    seat("b3 b3 s2 s7 b6 b7 s10 b9", "chi b1 b2 b3", "peng b10 b10 b10", "chi s4 s5 s6", "chi b7 b8 b9"),
]


@pytest.mark.parametrize("order", [(C1, C2), (C2, C1)])
def test_pz24_win_beats_peng_and_chi(order):
    game = position(PZ24, stock="b3", next_=(Y, "draw"))
    assert legal(game) == {
        C1: ["chi b1 b2 b3", "chi b2 b3 b4", "chi b3 b4 b5", "pass", "win"],
        C2: ["pass", "peng"],
    }
    answers = {C1: "win", C2: "peng"}
    for s in order:
        game.apply(s, answers[s])
    assert (game.result["winner"], game.result["score"], game.result["tun"]) == (C1, 18, 2)
    assert game.result["payments"] == [-2, 4, -2]
    assert view_seat(game, C2)["chou"] == []


def test_pz24_passing_on_a_peng_gives_chou():
    game = position(PZ24, stock="b3", next_=(Y, "draw"))
    game.apply(C2, "pass")
    game.apply(C1, "win")
    assert view_seat(game, C2)["chou"] == ["b3"]


PZ25 = [
    seat("s4 s4 s1 s2 s3 b2 b7 b10", "chi b4 b5 b6", "wei b9 b9 b9", "chi s5 s6 s7", "chi s8 s9 s10"),
    seat("s3 s5 b1 b1 b1 s7 s7 s7", "chi b2 b7 b10", "chi s1 s2 s3", "peng b3 b3 b3", "chi b4 b5 b6"),
    seat("s6 s8 s10 b8 b8 s2 b10 b4", "chi s8 s9 s10", "chi b5 b6 b7", "chi b7 b8 b9", "chi s1 s2 s3"),
]


def test_pz25_two_winners_nearest_to_the_revealer():
    game = position(PZ25, stock="s4", next_=(C2, "draw"))
    assert legal(game) == {Y: ["pass", "peng", "win"], C1: ["pass", "win"]}
    game.apply(C1, "win")
    game.apply(Y, "win")
    assert (game.result["winner"], game.result["score"], game.result["tun"]) == (Y, 16, 1)
    assert "peng s4 s4 s4" in game.result["groups"]


def test_pz25_pz46_declining_gives_chou_from_the_peng_and_c1_wins():
    game = position(PZ25, stock="s4", next_=(C2, "draw"))
    game.apply(Y, "pass")
    game.apply(C1, "win")
    assert (game.result["winner"], game.result["score"], game.result["tun"]) == (C1, 21, 3)
    assert view_seat(game, Y)["chou"] == ["s4"]


def test_pz46_declining_a_win_alone_gives_no_chou():
    game = position(
        [
            seat("s6 s6 s6 s8 s9 s10 b7 b7 s1 s2", "pao b5 b5 b5 b5", "chi b1 b2 b3", "chi b8 b9 b10"),
            seat(""),
            seat(""),
        ],
        stock="s6 s3",
        next_=(Y, "draw"),
    )
    assert legal(game) == {Y: ["pass", "win"]}
    game.apply(Y, "pass")
    assert view_seat(game, Y)["chou"] == []
    assert view_seat(game, C1)["discards"] == ["s3"] and view_seat(game, C1)["chou"] == ["s3"]


PZ26 = [
    seat("s1 s2 b3 b4 b5 b6 b10 b10 s9", "chi s3 s4 s5", "chi b1 b2 b3", "peng s6 s6 s6", "chi b7 b8 b9"),
    seat("s7 s8 s2 s3 b1 b2 b9 s10", "chi s4 s5 s6", "chi b4 b5 b6", "peng s1 s1 s1", "chi b7 b8 b9"),
    seat("s9 s9 s4 s7 s8 b6 b7 s10", "chi s2 s3 s4", "chi b2 b7 b10", "chi b3 b4 b5", "chi s8 s9 s10"),
]


@pytest.mark.parametrize("c1_answer", ["chi s7 s8 s9", "pass"])
def test_pz26_peng_by_the_third_player_beats_the_next_players_chi(c1_answer):
    game = position(PZ26, stock="b8", next_=(Y, "discard"))
    game.apply(Y, "discard s9")
    assert legal(game) == {C1: ["chi s7 s8 s9", "chi s8 s9 s10", "pass"], C2: ["pass", "peng"]}
    game.apply(C2, "peng")
    assert game.decision().seats == (C1,)  # C2's answer is hidden; C1 still to answer
    game.apply(C1, c1_answer)
    assert game.melds[C2][-1].text() == "peng s9 s9 s9"
    assert view_seat(game, C1)["chou"] == ([] if c1_answer != "pass" else ["s9"])
    assert view_seat(game, Y)["chou"] == ["s9"]
    assert legal(game) == {
        C2: ["discard b6", "discard b7", "discard s10", "discard s4", "discard s7", "discard s8"]
    }
    events = game.apply(C2, "discard s4")
    assert first(events, "paohuzi.dead").params == {"seat": C2, "card": "s4"}
    assert first(events, "paohuzi.draw").params["seat"] == Y  # C1's turn is skipped


PZ27 = [
    seat("s1 s2 s3 s5 s5 b1 b2 b3", "chi s6 s7 s8", "chi b8 b9 b10", "peng s10 s10 s10", "chi s2 s3 s4"),
    seat("b4 b5 s4 s4 s9 s9 b9 b10", "chi s1 s2 s3", "chi b1 b2 b3", "chi s6 s7 s8", "chi s3 s4 s5"),
    seat("b7 b8 s1 s6 s9 b1 b3 b10", "chi s5 s6 s7", "chi b3 b4 b5", "chi s8 s9 s10", "chi b7 b8 b9"),
]


def test_pz27_revealers_chi_beats_the_next_players_chi():
    game = position(PZ27, stock="b6", next_=(C1, "draw"))
    assert legal(game) == {C1: ["chi b4 b5 b6", "pass"], C2: ["chi b6 b7 b8", "pass"]}
    game.apply(C2, "chi b6 b7 b8")
    game.apply(C1, "chi b4 b5 b6")
    assert game.melds[C1][-1].text() == "chi b4 b5 b6"
    assert view_seat(game, C2)["chou"] == []
    assert game.decision().seats == (C1,) and game.legal_actions(C1)[0].startswith("discard")


def test_pz27_revealer_passes_next_player_chis():
    game = position(PZ27, stock="b6 s2", next_=(C1, "draw"))
    game.apply(C1, "pass")
    game.apply(C2, "chi b6 b7 b8")
    assert view_seat(game, C1)["chou"] == ["b6"]
    assert game.melds[C2][-1].text() == "chi b6 b7 b8"
    assert game.decision().seats == (C2,)
    events = game.apply(C2, "discard s6")
    assert first(events, "paohuzi.draw").params["seat"] == Y


PZ28 = [
    seat("s10 s10 s1 s2 s3 b4 b5 b6", "chi b1 b2 b3", "wei b9 b9 b9", "chi s4 s5 s6", "chi s7 s8 s9"),
    seat("s1 s2 s3 s4 s5 s6 b7 b8", "chi b4 b5 b6", "peng b10 b10 b10", "chi s7 s8 s9", "chi b1 b2 b3"),
    seat("s7 s8 b2 b3 b7 b8 s1 s4", "chi s5 s6 s7", "chi b4 b5 b6", "chi b1 b2 b3", "chi s2 s3 s4"),
]


def test_pz28_no_win_on_a_discard():
    seats = [PZ28[0], PZ28[1], seat("s10 " + " ".join(PZ28[2]["hand"]), *PZ28[2]["melds"])]
    game = position(seats, next_=(C2, "discard"))
    game.apply(C2, "discard s10")
    assert legal(game) == {Y: ["pass", "peng"]}


def test_pz28_the_same_card_revealed_is_a_win_16():
    game = position(PZ28, stock="s10", next_=(C2, "draw"))
    assert game.legal_actions(Y) == ["pass", "peng", "win"]
    for s in game.decision().seats:
        game.apply(s, "win" if s == Y else "pass")
    assert (game.result["winner"], game.result["score"]) == (Y, 16)


PZ29 = [
    seat("s3 s6 s10 b3 b7 b9 b10 s8", "chi s1 s2 s3", "chi b1 b2 b3", "chi s4 s5 s6", "chi b5 b6 b7"),
    seat("s1 s2 s4 s5 b1 b2 s9 s9", "peng b8 b8 b8", "chi s6 s7 s8", "chi b4 b5 b6", "chi s2 s7 s10"),
    seat("s3 s4 s5 s7 b4 b9 b10 b10", "chi s8 s9 s10", "chi b2 b3 b4", "chi s5 s6 s7", "chi b5 b6 b7"),
]


def test_pz29a_peng_cannot_take_a_discarded_fourth_card():
    seats = [seat("b8 " + " ".join(PZ29[0]["hand"]), *PZ29[0]["melds"]), PZ29[1], PZ29[2]]
    game = position(seats, next_=(Y, "discard"))
    events = game.apply(Y, "discard b8")
    assert first(events, "paohuzi.dead").params == {"seat": Y, "card": "b8"}


def test_pz29b_a_revealed_fourth_card_it_can():
    game = position(PZ29, stock="b8", next_=(C2, "draw"))
    assert legal(game) == {
        Y: ["chi b7 b8 b9", "chi b8 b9 b10", "pass"],
        C1: ["pao", "pass"],
        C2: ["chi b8 b9 b10", "pass"],
    }
    game.apply(Y, "chi b7 b8 b9")
    game.apply(C2, "chi b8 b9 b10")
    game.apply(C1, "pao")
    assert game.melds[C1][0].text() == "pao b8 b8 b8 b8"
    assert (game.fours(C1), game.owed(C1)) == (1, 1)
    assert game.decision().seats == (C1,)
    assert view_seat(game, Y)["chou"] == [] and view_seat(game, C2)["chou"] == []


# ----- PZ-30 to PZ-32: chou --------------------------------------------------------------------

PZ30 = [
    seat("s4 s5 s1 s2 s3 b7 b8 b9", "chi b1 b2 b3", "wei b10 b10 b10", "chi s7 s8 s9", "chi b4 b5 b6"),
    seat("s1 s2 s3 b4 b5 b6 s10 s10", "chi s7 s8 s9", "chi b1 b2 b3", "chi b7 b8 b9", "chi s2 s3 s4"),
    seat("s6 s7 s8 b1 b2 b3 s9 s10", "chi s4 s5 s6", "chi b5 b6 b7", "chi s8 s9 s10", "chi s1 s2 s3"),
]


def test_pz30_refusing_a_chi():
    game = position(PZ30, next_=(C2, "discard"))
    game.apply(C2, "discard s6")
    assert legal(game) == {Y: ["chi s4 s5 s6", "pass"]}
    game.apply(Y, "pass")
    assert view_seat(game, Y)["chou"] == ["s6"]


def test_pz30_chou_blocks_a_later_chi():
    """Step 2. Put out as a discard, the s6 offers Y nothing. (Revealed, as the spec's example says,
    it offers Y the win of step 3 — chou never blocks a win — but still no chi.)"""
    c2_discards = seat("s6 s7 s8 b1 b2 b3 s9 s10", *PZ30[2]["melds"])
    game = position([PZ30[0], PZ30[1], c2_discards], next_=(C2, "discard"), chou=["s6", "", "s6"])
    game.apply(C2, "discard s6")
    assert legal(game) == {}
    c2_reveals = seat("s7 s8 b1 b2 b3 s9 s10", *PZ30[2]["melds"])
    game = position([PZ30[0], PZ30[1], c2_reveals], stock="s6", next_=(C2, "draw"), chou=["s6", "", "s6"])
    assert legal(game) == {Y: ["pass", "win"]}


def test_pz30_chou_does_not_block_a_win_which_beats_the_chi():
    """Step 3. The spec offers C2 a chi here, yet C2 discarded an s6 in step 1 (chou, rule 6.2); the
    chi is shown with C2's chou empty, and rule 6.2 is checked with it set."""
    c2_after = seat("s7 s8 b1 b2 b3 s9 s10", *PZ30[2]["melds"])
    game = position([PZ30[0], PZ30[1], c2_after], stock="s6", next_=(C1, "draw"), chou=["s6", "", "s6"])
    assert legal(game) == {Y: ["pass", "win"]}
    game = position([PZ30[0], PZ30[1], c2_after], stock="s6", next_=(C1, "draw"), chou=["s6", "", ""])
    assert legal(game)[Y] == ["pass", "win"]
    assert legal(game)[C2] == ["chi s6 s7 s8", "pass"]
    game.apply(C2, "chi s6 s7 s8")
    game.apply(Y, "win")
    assert (game.result["winner"], game.result["score"], game.result["tun"]) == (Y, 15, 1)


PZ31 = [
    seat("b5 b6 s1 s2 s3 s8 s8 b9", "chi s4 s5 s6", "chi b1 b2 b3", "peng s9 s9 s9", "chi b2 b7 b10"),
    seat("s4 s5 s6 b7 b8 b9 s10 s10", "chi s1 s2 s3", "chi b5 b6 b7", "chi s7 s8 s9", "chi b1 b2 b3"),
    seat("b4 s4 s6 s7 b3 b9 b10 s1 s7", "chi s2 s3 s4", "chi b8 b9 b10", "chi s5 s6 s7", "chi b4 b5 b6"),
]


@pytest.mark.parametrize(("chou", "expected"), [("b4", {}), ("", {Y: ["chi b4 b5 b6", "pass"]})])
def test_pz31_own_discard_makes_chou(chou, expected):
    game = position(PZ31, next_=(C2, "discard"), chou=[chou, "", ""])
    game.apply(C2, "discard b4")
    assert legal(game) == expected


PZ32 = [
    seat("s2 s4 s5 s6 b1 b2 b3 s9 s9", "chi s7 s8 s9", "chi b4 b5 b6", "chi s1 s2 s3", "chi b7 b8 b9"),
    seat("s1 s3 b10 b10 s7 s8 b4 b5", "chi s4 s5 s6", "chi b1 b2 b3", "chi s8 s9 s10", "chi b6 b7 b8"),
    seat("s5 s6 s7 b2 b3 b9 b10 s10", "chi b7 b8 b9", "chi s4 s5 s6", "chi b1 b2 b3", "chi b4 b5 b6"),
]


@pytest.mark.parametrize(("chou", "expected"), [("s2", {}), ("", {C1: ["chi s1 s2 s3", "pass"]})])
def test_pz32_own_unclaimed_reveal_makes_chou(chou, expected):
    game = position(PZ32, next_=(Y, "discard"), chou=["", chou, ""])
    game.apply(Y, "discard s2")
    assert legal(game) == expected
