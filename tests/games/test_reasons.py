"""The reasons the engines give in positions random play rarely reaches, and the private events
that tell a seat why it could not take a card or why its claim lost."""

from __future__ import annotations

from typing import Any

from cardavia.engine.reasons import Reason
from cardavia.games.paohuzi.explain import explain as paohuzi_explain
from cardavia.games.sisepai import SPEC as SISEPAI
from cardavia.games.sisepai.explain import explain as sisepai_explain

from .paohuzi.helpers import C1, C2, Y, position, seat
from .paohuzi.test_chi_and_claims import PZ26
from .paohuzi.test_flow import PZ33_MELDS


def sisepai(hands: list[str], melds: list[list[str]] | None = None, stock: str = "RN") -> Any:
    """A Sì Sè Pái position where seat 0 must discard (short hands are fine)."""
    return SISEPAI.from_position({
        "game": "sisepai", "dealer": 0, "hands": [h.split() for h in hands],
        "melds": melds or [[], [], [], []], "stock": stock.split(),
        "next": {"seat": 0, "step": "discard"}, "actions": [],
    })


def private(events: list[Any], kind: str) -> list[tuple[int, dict[str, Any]]]:
    return [(next(iter(e.audience)), dict(e.params)) for e in events if e.kind == kind]


def test_sisepai_roles_and_a_take_that_would_leave_nothing_to_discard() -> None:
    # Seat 0 discards RA: seat 1 (next) holds one RA, seat 2 the Red General and Elephant, seat 3
    # two RA but nothing else it may discard.
    game = sisepai(["RA YN WN", "RA YC", "RG RE YH", "RA RA GG"])
    events = game.apply(0, "discard RA")
    assert game.decision() is None or 3 not in game.decision().seats
    notes = private(events, "sisepai.why_not")
    assert (1, {"seat": 1, "card": "RA", "reason": "role_forbids", "role": "next", "group": "pair"}) in notes
    other = {"seat": 2, "card": "RA", "reason": "role_forbids", "role": "other", "group": "mixed"}
    assert (2, other) in notes
    assert (3, {"seat": 3, "card": "RA", "reason": "no_discard_left"}) in notes


def test_sisepai_explain_matches_the_rules_table_order() -> None:
    game = sisepai(["RA YN WN GG F1", "RA YC", "RG RE YH", "RA RA YS WS"])
    assert sisepai_explain(game, 0, "discard GG") == Reason("cannot_discard", {"card": "GG"})
    assert sisepai_explain(game, 0, "discard RC") == Reason("not_in_hand", {"cards": ["RC"]})
    assert sisepai_explain(game, 0, "pass") == Reason("wrong_step", {"step": "discard"})
    assert sisepai_explain(game, 1, "discard RA") == Reason("not_asked")
    game.apply(0, "discard RA")
    other_mixed = Reason("role_forbids", {"role": "other", "group": "mixed"})
    assert sisepai_explain(game, 2, "take RA RE RG") == other_mixed
    assert sisepai_explain(game, 2, "take RA RC RG") == Reason("not_in_hand", {"cards": ["RC"]})
    not_a_group = Reason("not_a_group", {"cards": ["RA", "YS", "WS"]})
    assert sisepai_explain(game, 3, "take RA YS WS") == not_a_group
    assert sisepai_explain(game, 3, "take RA RA RA") is None
    assert sisepai_explain(game, 1, "win") == Reason("not_complete")


def test_sisepai_an_outranked_claim_hears_the_rule() -> None:
    # Seat 1 (next) may take RA into a mixed group; seat 3 holds two RA: the triple wins.
    game = sisepai(["RA YN WN", "RG RE YC", "YH WH", "RA RA GS WS"])
    game.apply(0, "discard RA")
    assert set(game.decision().seats) == {1, 3}
    game.apply(1, "take RA RE RG")
    events = game.apply(3, "take RA RA RA")
    assert private(events, "sisepai.outranked") == [
        (1, {"seat": 1, "card": "RA", "by": 3, "rule": "identical"})]


def test_paohuzi_a_peng_that_would_leave_only_a_kan_is_not_offered_and_says_why() -> None:
    # PZ-35: Y may not peng C1's s7 (only the kan would remain); with it Y's hand is complete,
    # but a discard is never won on, and that is what Y is told.
    melds = ["chi s1 s2 s3", "chi s4 s5 s6", "chi b2 b3 b4", "chi b5 b6 b7", "chi s8 s9 s10"]
    game = position([seat("s7 s7 b1 b1 b1", *melds), seat("s7 b9"), seat("")], next_=(C1, "discard"))
    events = game.apply(C1, "discard s7")
    assert private(events, "paohuzi.why_not") == [
        (Y, {"seat": Y, "card": "s7", "reason": "win_on_discard"})]


def test_paohuzi_a_dead_hand_may_only_reveal_pao_or_ti() -> None:
    # PZ-34: Y declines the win after his wei and has no free card left: his hand is dead. C1 then
    # reveals s1, of which Y holds a kan: he may still pao it, but neither peng nor win.
    y = seat("s1 s1 s1 b3 b3 b3 b10 b10", *PZ33_MELDS)
    game = position([y, seat(""), seat("")], stock="b10 s1", next_=(Y, "draw"))
    game.apply(Y, "pass")
    assert game.dead[Y] and game.legal_actions(Y) == ["pao", "pass"]
    assert paohuzi_explain(game, Y, "win") == Reason("dead_hand")
    assert paohuzi_explain(game, Y, "chi s1 s2 s3") == Reason("dead_hand")
    assert paohuzi_explain(game, Y, "pao") is None


def test_paohuzi_a_peng_grows_into_a_pao_only_on_a_reveal() -> None:
    # C1 discards b10, of which Y has a peng; C2 (next) may chi it, so the window stays open.
    y = seat("s1 s2", "peng b10 b10 b10", "chi s3 s4 s5", "chi s6 s7 s8", "chi b1 b2 b3", "chi b4 b5 b6",
             "chi s8 s9 s10")
    c1 = seat("b10 b9", "chi s1 s2 s3", "chi s4 s5 s6", "chi s7 s8 s9", "chi b1 b2 b3", "chi b4 b5 b6",
              "chi s2 s7 s10")
    c2 = seat("b8 b9 b7 b7 s9", "chi s3 s4 s5", "chi s6 s7 s8", "chi b2 b3 b4", "chi b5 b6 b7",
              "chi s1 s2 s3")
    game = position([y, c1, c2], next_=(C1, "discard"))
    game.apply(C1, "discard b10")
    assert game.decision() is not None and C2 in game.decision().seats
    assert paohuzi_explain(game, Y, "pao") == Reason("pao_needs_reveal", {"card": "b10"})


def test_paohuzi_outranked_and_why_not_in_pz26() -> None:
    # Y discards s9: C1 (next) may chi, C2 pengs; C1's chi loses to the peng.
    game = position(PZ26, stock="b8", next_=(Y, "discard"))
    game.apply(Y, "discard s9")
    game.apply(C2, "peng")
    events = game.apply(C1, "chi s7 s8 s9")
    assert private(events, "paohuzi.outranked") == [
        (C1, {"seat": C1, "card": "s9", "by": C2, "rule": "pao_peng"})]
