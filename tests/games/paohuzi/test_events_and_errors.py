"""Events (automatic steps, audiences), precise errors that change nothing, analyze edge cases."""

import pytest

from cardavia.engine.errors import IllegalAction, NotationError, RecordError
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi import SPEC
from cardavia.games.paohuzi.cards import DECK

from .helpers import C1, C2, Y, kinds, position, seat


def test_initial_ti_event_shows_the_card_only_to_its_owner():
    game = SPEC.from_position(
        {
            "game": "paohuzi",
            "dealer": C1,
            "hands": [["s5", "s5", "s5", "s5", "s1"], ["s2", "b9", "b9", "b3"], ["s4"]],
            "stock": ["b9"],
            "actions": [],
        }
    )
    ti = [e for e in game.opening if e.kind == "paohuzi.initial_ti"]
    assert [(e.params, e.audience) for e in ti] == [
        ({"seat": Y, "card": "s5"}, frozenset({Y})),
        ({"seat": Y}, frozenset({C1, C2})),
    ]
    assert kinds(game.opening)[0] == "paohuzi.deal"
    assert game.opening[0].params == {"dealer": C1, "shown": "b3", "stock": 1}
    assert game.result is None and game.legal_actions(C1) == ["pass", "peng"]  # C2's b9
    assert game.view(C1)["seats"][Y]["melds"] == ["ti"]
    assert game.view(Y)["seats"][Y]["melds"] == ["ti s5 s5 s5 s5"]


def test_events_of_a_whole_deal_hide_answers_and_log_automatic_steps():
    rng = Rng(8)
    seen = set()
    for seed in range(30):
        game = SPEC.new_game(seed)
        seen.update(kinds(game.opening))
        while (decision := game.decision()) is not None:
            s = decision.seats[0]
            options = game.legal_actions(s)
            for event in game.apply(s, options[rng.below(len(options))]):
                seen.add(event.kind)
                if event.kind in ("paohuzi.answer", "paohuzi.why_not", "paohuzi.outranked"):
                    assert event.audience == frozenset({event.params["seat"]})
                else:
                    assert event.audience is None or event.kind in ("paohuzi.initial_ti", "paohuzi.chou")
                for value in event.params.values():
                    assert isinstance(value, (int, str, list, type(None)))
    assert {"paohuzi.draw", "paohuzi.discard", "paohuzi.dead", "paohuzi.chou", "paohuzi.answer",
            "paohuzi.resolve", "paohuzi.end"} <= seen  # fmt: skip
    assert {"paohuzi.win", "paohuzi.tianhu"} & seen


@pytest.mark.parametrize(
    ("card", "meld", "source"), [("s9", "wei s9 s9 s9", None), ("b1", "ti b1 b1 b1 b1", "kan")]
)
def test_compulsory_wei_and_ti_events(card, meld, source):
    # Y is short (owes nothing), so the compulsory meld runs on; C1 must reveal from an empty stock.
    game = position(
        [seat("s9 s9 b1 b1 b1 b5", "chi s1 s2 s3"), seat(""), seat("")], stock=card, next_=(Y, "draw")
    )
    kind = meld.split()[0]
    params = {"seat": Y, "card": card} | ({"from": source} if source else {})
    assert [(e.kind, dict(e.params)) for e in game.opening] == [
        ("paohuzi.draw", {"seat": Y, "card": card, "stock": 0}),
        (f"paohuzi.{kind}", params),
        ("paohuzi.end", {"status": "draw", "winner": None, "payments": [0, 0, 0]}),
    ]
    assert game.melds[Y][-1].text() == meld


def test_bad_actions_change_nothing():
    game = position([seat("s5 s5 s5 b2 b9"), seat(""), seat("")], next_=(Y, "discard"))
    before = (game.view(None), game.actions(), game.decision())
    cases = [
        (Y, "discard s5", IllegalAction, "kan"),
        (Y, "discard s1", IllegalAction, "not in the hand"),
        (C1, "discard b2", IllegalAction, "not asked"),
        (Y, "smile", NotationError, "unknown action"),
        (Y, "discard", NotationError, "exactly one card"),
        (Y, "discard b2 b9", NotationError, "exactly one card"),
        (Y, "discard q1", NotationError, "unknown card code"),
        (Y, "peng s5", NotationError, "takes no cards"),
        (Y, "win", IllegalAction, "not legal"),
        (7, "pass", IllegalAction, "no seat"),
        (Y, 3, NotationError, "must be a string"),
    ]
    for s, action, error, words in cases:
        with pytest.raises(error, match=words):
            game.apply(s, action)  # type: ignore[arg-type]  # the last case is not a string on purpose
        assert (game.view(None), game.actions(), game.decision()) == before


def test_answering_twice_and_after_the_end():
    game = position([seat("s1 s2 s3 s9 s9 b5 b6 b7", "chi b1 b2 b3", "wei s4 s4 s4", "peng s8 s8 s8",
                          "chi s5 s6 s7"), seat("s8"), seat("")], stock="s9", next_=(C1, "draw"))  # fmt: skip
    game.apply(Y, "pass")
    assert game.result is not None  # the window closed, C2 had to reveal from an empty stock
    with pytest.raises(IllegalAction, match="over"):
        game.apply(Y, "pass")


def test_position_errors():
    base = {"game": "paohuzi", "dealer": 0, "hands": [[], [], []], "stock": [], "actions": []}
    with pytest.raises(RecordError, match="no free card"):
        SPEC.from_position(
            dict(base, hands=[["s1", "s1", "s1"], [], []], next={"seat": 0, "step": "discard"})
        )
    with pytest.raises(RecordError, match="cannot also give"):
        SPEC.from_position({"game": "paohuzi", "dealer": 0, "seed": 3, "stock": [], "actions": []})
    with pytest.raises(NotationError, match="must be a string"):
        SPEC.from_position(dict(base, melds=[[3], [], []]))


def test_analyze_hand_as_given_a_fourth_card_must_find_another_group():
    four = ["pao b5 b5 b5 b5", "chi b1 b2 b3", "chi b7 b8 b9"]
    out = SPEC.analyze(
        {"hand": "s1 s1 s1 s1 s2 s3", "melds": [*four, "chi s4 s5 s6"], "new": "b10", "from": "other"}
    )
    assert out["complete"] is False
    out = SPEC.analyze({"hand": "s1 s1 s1 s1 s2 s3 b10", "melds": four, "new": "b10"})
    assert out["complete"] is False  # 18 cards: a holding of the wrong size is simply not complete
    melds = ["pao b5 b5 b5 b5", "chi b1 b2 b3", "chi b6 b7 b8", "chi s7 s8 s9"]
    out = SPEC.analyze({"hand": "s1 s1 s1 s1 s2 s3 b9 b9", "melds": melds})
    assert out["complete"] is True and "kan s1 s1 s1" in out["groups"] and "chi s1 s2 s3" in out["groups"]
    with pytest.raises(NotationError, match="unknown field"):
        SPEC.analyze({"hand": "s1", "exposed": []})


def test_a_refused_claim_makes_chou_that_only_the_refuser_sees():
    # PZ-26: C1 passes on his chi of Y's s9 while C2 pengs it; C1 is chou on s9, but that he could
    # have claimed is his secret: the others see his chou only when it follows from public events.
    from .test_chi_and_claims import PZ26

    game = position(PZ26, stock="b8", next_=(Y, "discard"))
    game.apply(Y, "discard s9")
    game.apply(C2, "peng")
    events = game.apply(C1, "pass")
    chou = [e for e in events if e.kind == "paohuzi.chou" and e.params["seat"] == C1]
    assert [(e.params["card"], e.audience) for e in chou] == [("s9", frozenset({C1}))]
    assert game.view(C1)["seats"][C1]["chou"] == ["s9"]
    assert game.view(Y)["seats"][C1]["chou"] == [] and game.view(C2)["seats"][C1]["chou"] == []
    assert game.view(None)["seats"][C1]["chou"] == ["s9"]
    for world_seed in range(5):  # a world a rival samples cannot contain the hidden chou either
        world = game.determinize(Y, Rng(world_seed))
        assert world.chou[C1] == 0 and world.view(Y) == game.view(Y)


def test_a_public_chou_after_a_hidden_one_tells_only_the_others():
    from .test_chi_and_claims import PZ26

    game = position(PZ26, stock="b8", next_=(Y, "discard"))
    game.apply(Y, "discard s9")
    game.apply(C2, "peng")
    game.apply(C1, "pass")
    game._add_chou(C1, DECK.card("s9"), True)  # as C1's own discard of an s9 would
    events = game._events
    assert [(e.kind, e.params, e.audience) for e in events][-1] == (
        "paohuzi.chou", {"seat": C1, "card": "s9"}, frozenset({Y, C2}))
    assert game.view(Y)["seats"][C1]["chou"] == ["s9"]
