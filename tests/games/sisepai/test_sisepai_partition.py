"""C03-C15: complete-hand detection and the highest-scoring partition; fast search vs brute force."""

import pytest

from cardavia.engine.rng import Rng
from cardavia.games.sisepai import SPEC
from cardavia.games.sisepai.cards import DECK
from cardavia.games.sisepai.melds import best_partition, best_score, group_points

from .sisepai_helpers import brute_best, counts

# (case, exposed groups, concealed, new card, expected score or None, expected groups or None)
WIN_CHECKS = [
    ("C03", [], "RG WG YC YH YN WA WA WA GS RS YS WE WE RC RC RC RC GH GH F1", "GH", 11,
     "[RG] [RC RC RC RC] [RS YS GS] [YC YH YN] [WG] [WA WA WA] [WE WE] [GH GH GH] [F1]"),
    ("C04", [], "RS RS RS WS GG WC WH WN YA YA YA RN RN RN RN GE GE F2 YG WG", "YS", 11,
     "[RN RN RN RN] [RS YS WS] [RS RS] [YG] [YA YA YA] [WG] [WC WH WN] [GG] [GE GE] [F2]"),
    ("C05", [], "YC YC YC YH RG F3 GA GA GA WS WS RE RE RE RE GC GH GN WG GG", "YN", 11,
     "[RG] [RE RE RE RE] [YC YH YN] [YC YC] [WG] [WS WS] [GG] [GA GA GA] [GC GH GN] [F3]"),
    ("C06", ["WN WN WN", "F3", "RS YS WS GS"], "YG YA YE YA YA GH GH GH RC RC RG WG", "RC", 11,
     "[RG] [RC RC RC] [YG YA YE] [YA YA] [WG] [GH GH GH] [WN WN WN] [F3] [RS YS WS GS]"),
    ("C07", [], "RS RS RG YG WG GG F1 F2 RC RH RN WA WA WA YE YE YE YE GH GH", "YS", None, None),
    ("C08", [], "YA WE YG WG GG F1 RC RH RN GA GA GA RE RE RE RE WH WH YC YC", "RG", None, None),
    ("C09", ["GH GH GH"], "GH RC RH RN YA YA YA WS WS WS WS YE YE F5 WG GG YG", "RG", None, None),
    ("C10", [], "RG YG WG GG F1 F2 F3 RC RH RN WA WA WA YE YE YE YE GH GH RA", "GH", None, None),
    ("C11", [], "RG RG RG RG YC YH YN WA WA WA GS RS YS WE WE RC RC RC GH GH", "GH", 9,
     "[RG] [RG] [RG] [RG] [RC RC RC] [RS YS GS] [YC YH YN] [WA WA WA] [WE WE] [GH GH GH]"),
    ("C12", ["RG", "YC YH YN"], "WA WA WA GS RS YS WE WE RC RC RC RC GH GH GH F1", "F4", 13,
     "[RG] [YC YH YN] [RC RC RC RC] [RS YS GS] [WA WA WA] [WE WE] [GH GH GH] [F1] [F4]"),
    ("C13", ["RC RH RN"], "WH YG WG GG F1 GA GA GA RE RE RE RE YS GS WS YN YN", "WH", 11,
     "[RC RH RN] [RE RE RE RE] [YG] [YN YN] [YS WS GS] [WG] [WH WH] [GG] [GA GA GA] [F1]"),
    ("C14", [], "RH RH RH RS RS YS YS WS WS GG GC GC GC GC WA WA WA YE YE YE", "RH", 9,
     "[RH RH RH RH] [RS YS WS] [RS YS WS] [YE YE YE] [WA WA WA] [GG] [GC GC GC GC]"),
    ("C15", [], "RG RA RA RA RA RE RE YG WG GG F1 F2 YC YH YN WS WS WS GH GH", "RE", 15,
     "[RG] [RA RA RA RA] [RE RE RE] [YG] [YC YH YN] [WG] [WS WS WS] [GG] [GH GH] [F1] [F2]"),
]


def _groups(text):
    return sorted(DECK.format(DECK.parse(g)) for g in text.strip("[]").split("] ["))


def _assert_valid_partition(groups, exposed, concealed, new, score):
    """The reported groups use exactly the 21 cards and add up to the reported score."""
    cards = sorted(DECK.parse(" ".join(groups)))
    assert cards == sorted(DECK.parse(" ".join([*exposed, concealed, new])))
    assert sum(group_points(DECK.parse(g)) for g in groups) == score


@pytest.mark.parametrize(("case", "exposed", "concealed", "new", "score", "expected"), WIN_CHECKS,
                         ids=[row[0] for row in WIN_CHECKS])
def test_win_checks(case, exposed, concealed, new, score, expected):
    answer = SPEC.analyze({"hand": concealed, "exposed": exposed, "new": new})
    assert answer["complete"] is (score is not None)
    assert answer["score"] == score
    if score is None:
        assert answer["groups"] is None
        return
    _assert_valid_partition(answer["groups"], exposed, concealed, new, score)
    assert sorted(answer["groups"]) == _groups(expected)
    assert brute_best(tuple(counts(f"{concealed} {new}"))) == score - sum(
        group_points(DECK.parse(g)) for g in exposed)


def test_c03_reports_the_quad_not_two_pairs():
    answer = SPEC.analyze({"hand": WIN_CHECKS[0][2], "new": "GH"})
    assert "RC RC RC RC" in answer["groups"]
    assert sorted(answer["groups"]) == _groups(WIN_CHECKS[0][5])


def test_c14_max_score_is_nine_of_eight_partitions():
    holding = counts("RH RH RH RS RS YS YS WS WS GG GC GC GC GC WA WA WA YE YE YE RH")
    score, groups = best_partition(holding)
    assert score == 9
    assert groups.count(tuple(DECK.parse("RS YS WS"))) == 2


def test_c15_single_general_and_quad_beat_command_group():
    score, groups = best_partition(counts("RG RA RA RA RA RE RE YG WG GG F1 F2 YC YH YN WS WS WS GH GH RE"))
    assert score == 15
    assert tuple(DECK.parse("RG RA RE")) not in groups
    assert (DECK.card("RG"),) in groups


def test_best_score_and_best_partition_agree_and_empty_is_zero():
    assert best_score([0] * 33) == 0
    assert best_partition([0] * 33) == (0, [])
    assert best_score(counts("RA")) is None


def _random_holding(rng: Rng, size: int, pool_bias: int) -> list[int]:
    """A random holding within deck limits, drawn from a few kinds so that complete ones are common."""
    kinds = [rng.below(33) for _ in range(pool_bias)]
    held = [0] * 33
    for _ in range(size):
        k = rng.choice(kinds)
        if held[k] < DECK.copies[k]:
            held[k] += 1
    return held


def test_fast_partition_matches_brute_force_on_random_holdings():
    rng = Rng(20261130)
    complete = 0
    for i in range(3000):
        held = _random_holding(rng, size=3 + i % 14, pool_bias=4 + i % 9)
        fast = best_score(held)
        assert fast == brute_best(tuple(held)), DECK.format(DECK.expand(held))
        if fast is not None:
            complete += 1
            score, groups = best_partition(held)
            assert score == fast
            assert sorted(k for g in groups for k in g) == DECK.expand(held)
            assert sum(group_points(g) for g in groups) == fast
    assert complete > 500  # the sample really exercises complete holdings


def test_fast_partition_matches_brute_force_on_every_soldier_holding():
    from itertools import product

    soldiers = [DECK.card(c) for c in ("RS", "YS", "WS", "GS")]
    for numbers in product(range(5), repeat=4):
        held = [0] * 33
        for kind, n in zip(soldiers, numbers, strict=True):
            held[kind] = n
        assert best_score(held) == brute_best(tuple(held)), numbers
