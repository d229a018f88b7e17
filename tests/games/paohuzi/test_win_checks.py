"""Conformance cases PZ-01 to PZ-13: groups, win checks, placements, partitions, tun."""

import pytest

from cardavia.games.paohuzi import SPEC
from cardavia.games.paohuzi.cards import DECK, chi_huxi, group_type, tun

from .helpers import C1, C2, Y, first, legal, position, seat


def analyze(hand, melds, new=None, source=None):
    query = {"hand": hand, "melds": melds}
    if new is not None:
        query["new"] = new
    if source is not None:
        query["from"] = source
    return SPEC.analyze(query)


# ----- PZ-01 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "huxi"),
    [
        ("s1 s2 s3", "123", 3),
        ("b1 b2 b3", "123", 6),
        ("s2 s7 s10", "2710", 3),
        ("b2 b7 b10", "2710", 6),
        ("s4 s5 s6", "sequence", 0),
        ("b8 b9 b10", "sequence", 0),
        ("s5 s5 b5", "mixed", 0),
        ("s5 b5 b5", "mixed", 0),
    ],
)
def test_pz01_valid_chi_type_groups(cards, kind, huxi):
    group = DECK.parse(cards)
    assert group_type(group) == kind
    assert chi_huxi(group) == huxi


@pytest.mark.parametrize(
    "cards", ["s9 s10 s1", "s1 b2 s3", "s2 s7 b10", "s5 b5 b6", "s5 s5 s5", "s3 s4", "s3 s4 s5 s6"]
)
def test_pz01_invalid_chi_type_groups(cards):
    assert group_type(DECK.parse(cards)) is None


# ----- PZ-02 to PZ-12: the win check ---------------------------------------------------------


def test_pz02_plain_win_at_exactly_15():
    out = analyze(
        "s1 s2 s3 s4 s5 s6 s8 s8 b8 b9 b10", ["chi b1 b2 b3", "peng b5 b5 b5", "chi s2 s7 s10"], "b8", "other"
    )
    assert (out["complete"], out["huxi"], out["win"], out["tun"]) == (True, 15, True, 1)
    assert sorted(out["groups"]) == sorted(
        [
            "chi b1 b2 b3",
            "peng b5 b5 b5",
            "chi s2 s7 s10",
            "chi s1 s2 s3",
            "chi s4 s5 s6",
            "chi s8 s8 b8",
            "chi b8 b9 b10",
        ]
    )


PZ03_MELDS = ["chi b1 b2 b3", "wei s4 s4 s4", "peng s8 s8 s8", "chi s5 s6 s7"]


def test_pz03a_other_reveal_scores_peng_14_no_win():
    out = analyze("s1 s2 s3 s9 s9 b5 b6 b7", PZ03_MELDS, "s9", "other")
    assert (out["complete"], out["huxi"], out["win"], out["tun"]) == (True, 14, False, 0)
    assert "peng s9 s9 s9" in out["groups"]


def test_pz03a_in_play_peng_offered_but_no_win():
    game = position(
        [seat("s1 s2 s3 s9 s9 b5 b6 b7", *PZ03_MELDS), seat(""), seat("")], stock="s9", next_=(C1, "draw")
    )
    assert legal(game) == {Y: ["pass", "peng"]}


def test_pz03b_own_reveal_wei_then_win_16():
    out = analyze("s1 s2 s3 s9 s9 b5 b6 b7", PZ03_MELDS, "s9", "own")
    assert (out["huxi"], out["win"], out["tun"]) == (16, True, 1)
    assert "wei s9 s9 s9" in out["groups"]


def test_pz03b_in_play_wei_offers_win_then_discard_on_pass():
    game = position(
        [seat("s1 s2 s3 s9 s9 b5 b6 b7", *PZ03_MELDS), seat(""), seat("")], stock="s9", next_=(Y, "draw")
    )
    assert game.melds[Y][-1].text() == "wei s9 s9 s9"
    assert legal(game) == {Y: ["pass", "win"]}
    assert game.view(None)["public"] is None
    clone = game.clone()
    clone.apply(Y, "win")
    assert (clone.result["score"], clone.result["tun"], clone.result["card"]) == (16, 1, "s9")
    game.apply(Y, "pass")
    assert legal(game) == {Y: sorted(f"discard {c}" for c in ["s1", "s2", "s3", "b5", "b6", "b7"])}


PZ04_MELDS = ["chi b1 b2 b3", "peng b4 b4 b4", "chi s4 s5 s6", "chi s1 s2 s3"]


def test_pz04_max_huxi_placement_pao_over_kept_kan():
    out = analyze("s7 s7 s7 s8 s9 s10 b7 b7", PZ04_MELDS, "s7", "other")
    assert (out["huxi"], out["tun"]) == (18, 2)
    assert "pao s7 s7 s7 s7" in out["groups"] and "pair b7 b7" in out["groups"]


def test_pz04_variant_own_reveal_is_a_ti_21():
    out = analyze("s7 s7 s7 s8 s9 s10 b7 b7", PZ04_MELDS, "s7", "own")
    assert (out["huxi"], out["tun"]) == (21, 3)
    assert "ti s7 s7 s7 s7" in out["groups"]


PZ05_MELDS = ["pao b5 b5 b5 b5", "chi b1 b2 b3", "chi s7 s8 s9", "peng b10 b10 b10"]


def test_pz05a_pair_with_a_four():
    out = analyze("s6 s6 s6 s1 s2 s3 b9", PZ05_MELDS, "b9", "other")
    assert (out["huxi"], out["tun"]) == (24, 4)
    assert "kan s6 s6 s6" in out["groups"] and "pair b9 b9" in out["groups"]


def test_pz05b_kan_cannot_be_split_into_a_pair():
    out = analyze("s6 s6 s6 s1 s2 s3 b8", PZ05_MELDS, "b9", "other")
    assert out == {"complete": False, "huxi": None, "win": False, "tun": 0, "groups": None}


def test_pz06_partition_choice_without_pair():
    out = analyze(
        "s1 s1 s2 s2 s3 b1 b2 b3",
        ["chi s2 s7 s10", "peng s9 s9 s9", "chi s4 s5 s6", "chi b7 b8 b9"],
        "s3",
        "other",
    )
    assert (out["huxi"], out["tun"]) == (16, 1)
    assert out["groups"].count("chi s1 s2 s3") == 2 and "chi b1 b2 b3" in out["groups"]


def test_pz07_partition_choice_with_pair():
    out = analyze(
        "s2 s7 s7 s8 s9 s10 b2 b2 b8 b9", ["pao b5 b5 b5 b5", "chi b1 b2 b3", "chi s4 s5 s6"], "b10", "other"
    )
    assert (out["huxi"], out["tun"]) == (18, 2)
    assert {"chi s2 s7 s10", "chi s7 s8 s9", "pair b2 b2", "chi b8 b9 b10"} <= set(out["groups"])


PZ08_MELDS = [
    "pao b5 b5 b5 b5",
    "chi b1 b2 b3",
    "chi s4 s5 s6",
    "peng s8 s8 s8",
    "chi s1 s2 s3",
    "chi b7 b8 b9",
]


@pytest.mark.parametrize("source", ["other", "own"])
def test_pz08ab_single_card_wait_for_the_pair(source):
    out = analyze("b2", PZ08_MELDS, "b2", source)
    assert (out["huxi"], out["tun"]) == (19, 2)


def test_pz08a_in_play_win_on_another_reveal():
    game = position([seat("b2", *PZ08_MELDS), seat(""), seat("")], stock="b2", next_=(C1, "draw"))
    assert legal(game) == {Y: ["pass", "win"]}
    game.apply(Y, "win")
    assert (game.result["winner"], game.result["score"], game.result["payments"]) == (Y, 19, [4, -2, -2])


def test_pz08b_in_play_win_on_own_reveal():
    game = position([seat("b2", *PZ08_MELDS), seat(""), seat("")], stock="b2", next_=(Y, "draw"))
    assert legal(game) == {Y: ["pass", "win"]}


def test_pz08c_no_option_on_a_discard():
    game = position([seat("b2", *PZ08_MELDS), seat(""), seat("b2 s10")], next_=(C2, "discard"))
    events = game.apply(C2, "discard b2")
    assert first(events, "paohuzi.dead").params == {"seat": C2, "card": "b2"}
    assert game.result == {"winner": None, "payments": [0, 0, 0]}  # Y reveals next: stock empty


PZ09_MELDS = ["ti s7 s7 s7 s7", "peng s4 s4 s4", "chi b1 b2 b3", "chi s8 s9 s10"]


def test_pz09_peng_upgrade_not_viable_with_a_four_free_placement_wins():
    out = analyze("s3 s5 b9 b9 b4 b5 b6", PZ09_MELDS, "s4", "other")
    assert (out["huxi"], out["tun"]) == (16, 1)
    assert "peng s4 s4 s4" in out["groups"] and "chi s3 s4 s5" in out["groups"]


def test_pz09_options_and_pao_without_discard():
    game = position(
        [seat("s3 s5 b9 b9 b4 b5 b6", *PZ09_MELDS), seat(""), seat("")], stock="s4 b10", next_=(C2, "draw")
    )
    assert legal(game) == {Y: ["chi s3 s4 s5", "pao", "pass", "win"]}
    events = game.apply(Y, "pao")
    assert game.melds[Y][1].text() == "pao s4 s4 s4 s4"
    assert game.fours(Y) == 2 and game.owed(Y) == 0
    assert first(events, "paohuzi.draw").params["seat"] == C1


PZ10_MELDS = ["peng b4 b4 b4", "chi b1 b2 b3", "chi s4 s5 s6", "chi b7 b8 b9", "chi s7 s8 s9"]


@pytest.mark.parametrize("source", ["other", "own"])
def test_pz10ab_win_by_upgrading_a_peng(source):
    out = analyze("s1 s2 s3 b6 b6", PZ10_MELDS, "b4", source)
    assert (out["huxi"], out["tun"]) == (18, 2)
    assert "pao b4 b4 b4 b4" in out["groups"]


@pytest.mark.parametrize("revealer", [Y, C1])
def test_pz10ab_in_play(revealer):
    game = position(
        [seat("s1 s2 s3 b6 b6", *PZ10_MELDS), seat(""), seat("")], stock="b4", next_=(revealer, "draw")
    )
    assert legal(game) == {Y: ["pao", "pass", "win"]}
    game.apply(Y, "win")
    assert (game.result["score"], game.result["tun"]) == (18, 2)


def test_pz10c_peng_cannot_take_a_discard():
    game = position([seat("s1 s2 s3 b6 b6", *PZ10_MELDS), seat(""), seat("b4")], next_=(C2, "discard"))
    events = game.apply(C2, "discard b4")
    assert "paohuzi.dead" in [e.kind for e in events]


def test_pz11_first_ti_then_win():
    melds = ["chi s1 s2 s3", "chi b4 b5 b6", "chi s8 s9 s10", "chi b7 b8 b9"]
    game = position(
        [seat("b3 b3 b3 s5 s5 s6 s7 s8", *melds), seat(""), seat("")], stock="b3", next_=(Y, "draw")
    )
    assert game.melds[Y][-1].text() == "ti b3 b3 b3 b3"
    assert (game.fours(Y), game.held(Y), game.owed(Y)) == (1, 21, 1)
    assert legal(game) == {Y: ["pass", "win"]}
    won = game.clone()
    won.apply(Y, "win")
    assert (won.result["score"], won.result["tun"]) == (15, 1)
    game.apply(Y, "pass")
    assert legal(game) == {Y: ["discard s5", "discard s6", "discard s7", "discard s8"]}


PZ12_HAND = "s6 s6 s6 s8 s9 s10 b7 b7 s1 s2"
PZ12_MELDS = ["pao b5 b5 b5 b5", "chi b1 b2 b3", "chi b8 b9 b10"]


@pytest.mark.parametrize("shift", [0, 1, 2])
def test_pz12_second_four_no_discard_then_win_27(shift):
    """Rotated through the seats: PZ-13's settlement of a 27-huxi win is checked for every winner."""
    who = (Y + shift) % 3
    seats = [seat(""), seat(""), seat("")]
    seats[who] = seat(PZ12_HAND, *PZ12_MELDS)
    game = position(seats, stock="s6 s3", next_=(who, "draw"))
    assert game.melds[who][-1].text() == "ti s6 s6 s6 s6"
    assert (game.fours(who), game.held(who), game.owed(who)) == (2, 21, 0)
    assert legal(game) == {who: ["pass", "win"]}  # the next seat's reveal of s3 is already out
    assert game.view(None)["public"] == {"card": "s3", "owner": (who + 1) % 3, "window": "reveal"}
    game.apply(who, "win")
    assert (game.result["score"], game.result["tun"]) == (27, 5)
    assert game.result["payments"] == [10 if s == who else -5 for s in range(3)]


def test_pz13_tun_table():
    assert tun(14) == 0
    table = {15: 1, 16: 1, 17: 1, 18: 2, 19: 2, 20: 2, 21: 3, 24: 4, 27: 5, 30: 6, 33: 7}
    assert {h: tun(h) for h in table} == table
