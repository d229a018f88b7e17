"""Records and positions (records-and-cli.md section 4 and 6): reading, writing, precise errors."""

import json

import pytest

from cardavia.engine import record as records
from cardavia.engine.errors import CardaviaError, IllegalAction, NotationError, RecordError
from cardavia.games.sisepai import SPEC

from .sisepai_helpers import FIXTURE_A, FIXTURE_B, record


def _replayed(rec):
    return records.replay(json.loads(json.dumps(rec)))


def test_position_record_round_trips():
    game = SPEC.from_position(record(FIXTURE_A, "RS RN"))
    game.apply(1, "pass")
    game.apply(0, "take GS RS WS")
    rec = game.record()
    assert rec["actions"] == ["S1 pass", "S0 take RS WS GS"]
    assert rec["next"] == {"seat": 0, "step": "draw"}
    assert rec["melds"] == [[], ["RC RC RC"], ["WE WE WE"], ["F1", "YG"]]  # as given at the start
    assert rec["stock"] == ["RS", "RN"]
    assert _replayed(rec).view(None) == game.view(None)


def test_seeded_record_round_trips_and_is_minimal():
    game = SPEC.new_game(42, dealer=3)
    seat = game.decision().seats[0]
    game.apply(seat, game.legal_actions(seat)[0])
    rec = game.record()
    assert set(rec) == {"game", "engine", "dealer", "seed", "actions"}
    assert rec["dealer"] == 3
    assert _replayed(rec).view(None) == game.view(None)


def test_a_record_may_start_with_a_discard():
    fixture = {s: (m, h) for s, (m, h) in FIXTURE_A.items()}
    fixture[2] = (["WE WE WE", "RH RH RH"], "YN YN GC WH RN GA GE GE GE YA YA YA WG GS GS")
    game = SPEC.from_position(record(fixture, "RN", seat=2, step="discard"))
    assert game.decision().seats == (2,)
    assert "discard GC" in game.legal_actions(2)
    game.apply(2, "discard GC")
    assert _replayed(game.record()).view(None) == game.view(None)


BAD_POSITIONS = [
    ({"hands": [["RH"] * 4, [], [], []]}, "5 copies of RH"),
    ({"stock": ["F1"]}, "2 copies of F1"),
    ({"hands": [["XX"], [], [], []]}, "unknown card code 'XX'"),
    ({"hands": [[], [], []]}, "list of 4 lists"),
    ({"melds": [["RC RH"], [], [], []]}, "'RC RH' is not a legal group"),
    ({"melds": [["RG RG"], [], [], []]}, "not a legal group"),
    ({"next": {"seat": 5, "step": "draw"}}, "'next' seat must be 0-3"),
    ({"next": {"seat": 1, "step": "reveal"}}, "'next' step"),
    ({"next": {"seat": 1}}, "'next' must be"),
    ({"chou": [["RH"], [], [], []]}, "Paohuzi field"),
    ({"dealer": 4}, "'dealer'"),
    ({"stock": "RH RN"}, "'stock' must be a list"),
]


@pytest.mark.parametrize(("change", "message"), BAD_POSITIONS, ids=[m for _, m in BAD_POSITIONS])
def test_bad_positions_are_refused_precisely(change, message):
    rec = record(FIXTURE_A, "RH")
    rec.update(change)
    with pytest.raises(CardaviaError) as info:
        records.replay(rec)
    assert message in str(info.value)


def test_hand_sizes_short_is_fine_too_many_is_not():
    rec = record({0: ([], "RA RA"), 1: ([], ""), 2: ([], ""), 3: ([], "")}, "RA")
    game = records.replay(rec)
    assert game.legal_actions(0) == []  # the drawer never takes his own card for a pair (nor wins short)
    big = record(FIXTURE_A, "RH")
    big["hands"][0].append("F3")
    with pytest.raises(RecordError, match="seat 0 holds 21 cards"):
        records.replay(big)


def test_seed_alone_cannot_carry_a_stock():
    with pytest.raises(RecordError, match="'stock' needs 'hands'"):
        records.replay({"game": "sisepai", "dealer": 0, "seed": 3, "stock": ["RH"], "actions": []})
    with pytest.raises(RecordError, match="needs a 'stock'"):
        rec = record(FIXTURE_A, "RH")
        del rec["stock"]
        records.replay(rec)


def test_a_discard_position_needs_a_discardable_card():
    fixture: dict[int, tuple[list[str], str]] = {0: ([], "RG YG F1"), 1: ([], ""), 2: ([], ""), 3: ([], "")}
    with pytest.raises(RecordError, match="no card that may be discarded"):
        SPEC.from_position(record(fixture, "", seat=0, step="discard"))


def test_replay_names_the_illegal_action_with_its_index():
    rec = record(FIXTURE_A, "RH", actions=["S2 take RH RH RH", "S0 pass"])
    with pytest.raises(RecordError) as info:
        records.replay(rec)
    assert str(info.value).startswith("action 1 'S0 pass' is illegal: seat 0 cannot act now")


BAD_ACTIONS = [
    (2, "pass please", NotationError, "unknown card code"),
    (2, "jump", NotationError, "unknown verb 'jump'"),
    (2, "take", NotationError, "exactly one group"),
    (2, "take RH RH RH / RH", NotationError, "exactly one group"),
    (2, "win", IllegalAction, "not complete with RH"),
    (2, "win RH", NotationError, "takes no cards"),
    (2, "take RH RH RH RH", IllegalAction, "does not hold enough concealed RH"),
    (2, "take RC RH", IllegalAction, "not a legal group"),
    (2, "take YN YN YN", IllegalAction, "does not contain the public card RH"),
    (2, "discard GC", IllegalAction, "no discard is awaited"),
    (1, "pass", IllegalAction, "seat 1 is not asked"),
    (7, "pass", IllegalAction, "no seat 7"),
]


@pytest.mark.parametrize(("seat", "action", "error", "message"), BAD_ACTIONS, ids=[a[1] for a in BAD_ACTIONS])
def test_bad_actions_are_refused_precisely_and_change_nothing(seat, action, error, message):
    game = SPEC.from_position(record(FIXTURE_A, "RH"))
    before = json.dumps([game.view(None), game.actions()])
    with pytest.raises(error) as info:
        game.apply(seat, action)
    assert message in str(info.value)
    assert json.dumps([game.view(None), game.actions()]) == before


def test_role_refusals_name_the_rule():
    game = SPEC.from_position(record({0: ([], "RA RG RE RC"), 1: ([], ""), 2: ([], ""), 3: ([], "")}, "RA"))
    assert game.legal_actions(0) == ["pass", "take RG RA RE"]
    with pytest.raises(IllegalAction, match="the drawer may not take his own drawn card for a pair"):
        game.apply(0, "take RA RA")
    game = SPEC.from_position(record({0: ([], ""), 1: ([], ""), 2: ([], "YC YH YN YN RA"), 3: ([], "")},
                                     "YN"))
    assert game.legal_actions(2) == ["pass", "take YN YN YN"]
    with pytest.raises(IllegalAction, match="only an identical triple or quad"):
        game.apply(2, "take YC YH YN")
    game = SPEC.from_position(record({0: ([], ""), 1: ([], "YC YH YN RA"), 2: ([], ""), 3: ([], "")}, "YN"))
    assert game.legal_actions(1) == ["pass", "take YC YH YN"]
    with pytest.raises(IllegalAction, match="the next player may take only a triple, a quad or a mixed"):
        game.apply(1, "take YN YN")


def test_answer_twice_and_after_the_end():
    game = SPEC.from_position(record(FIXTURE_B, "WH", seat=1))
    game.apply(2, "win")
    with pytest.raises(IllegalAction, match="already answered"):
        game.apply(2, "pass")
    for seat in (0, 1, 3):
        game.apply(seat, "pass")
    with pytest.raises(IllegalAction, match="the deal is over"):
        game.apply(0, "pass")


ANALYZE_ERRORS = [
    ({"hand": "RH XX"}, "unknown card code 'XX'"),
    ({"hand": "F1", "new": "F1"}, "2 copies of F1"),
    ({"hand": "RH RH", "exposed": ["RH RH RH"]}, "5 copies of RH"),
    ({"hand": "RH", "exposed": ["RH YH"]}, "not a legal group"),
    ({"hand": 5}, "'hand' must be a string"),
    ({"hand": "RH", "exposed": "RC RC RC"}, "'exposed' must be a list"),
    ({"hand": "RH", "melds": []}, "unknown field 'melds'"),
    ({}, "'hand' must be a string"),
]


@pytest.mark.parametrize(("query", "message"), ANALYZE_ERRORS, ids=[m for _, m in ANALYZE_ERRORS])
def test_analyze_errors(query, message):
    with pytest.raises(CardaviaError, match=message):
        SPEC.analyze(query)


def test_analyze_judges_any_size_and_without_new():
    assert SPEC.analyze({"hand": "RG"}) == {"complete": False, "score": None, "groups": None}
    full = "RG WG YC YH YN WA WA WA GS RS YS WE WE RC RC RC RC GH GH F1 GH"
    assert SPEC.analyze({"hand": full})["score"] == 11
    assert SPEC.analyze({"hand": full, "new": "RS"})["complete"] is False  # 22 cards


def test_bench_probes_and_complete_check():
    game = SPEC.from_position(record(FIXTURE_B, "WH", seat=1))
    probes = SPEC.bench_probes(game)
    assert len(probes) == 4 and all(len(p) == 33 for p in probes)
    assert [SPEC.complete_check(p) is not None for p in probes] == [True, False, True, True]
    assert SPEC.complete_check(probes[2]) == 11
