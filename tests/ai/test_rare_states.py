"""Every tier answers legally in rare states built from record positions: forced takes, several
winners, a dead hand, a win offered after a compulsory wei, tianhu offers, and the last stock card."""

from __future__ import annotations

from typing import Any

import pytest

from cardavia.ai import TIERS, make_agent, observe
from cardavia.ai.sisepai.hard import Budget, HardAgent
from cardavia.engine import record
from cardavia.engine.game import Game
from cardavia.engine.rng import Rng

FIXTURE_A = {
    "hands": [
        "RH YC YH GS WS RA WE GC RG WA WA WA RE RE RE YE YE YE YE YG",
        "WC WH YS WS GA GE RA YH GH GH GH F2 YG GN GN GN GN",
        "RH RH YN YN GC WH RN GA GE GE GE YA YA YA WG GS GS",
        "RC RN WC WH YC WA RG WS WS YS YS YS RE YA WG GH RA YC",
    ],
    "melds": [[], ["RC RC RC"], ["WE WE WE"], ["F1", "YG"]],
}
FIXTURE_B = {
    "hands": [
        "RG YG RC RH RN YA YA YA GS RS YS WS WE WE WE F1 GN GN GN WH",
        "YC WC GA RA RH YH WN GS WE YA WA GH YN RS YE WS GC",
        "WG YC YH YN RA RA RA GA GA GA RE RE RE RE F2 YE YE YE GG WH",
        "RG GC GH GN YS YS YS WA WA WA RN RN RN GE GE GE GE F3 YG WH",
    ],
    "melds": [[], ["RC RC RC"], [], []],
}
FIXTURE_C = {
    "hands": [
        "RH YC GS WS RA WE GC RG WA YE YE YE RE RE RE GN GN GN GN F4",
        "YA YE WC RC GA WH RS RS WN GH GH GH WG RE YS YS YS F3 RN YN",
        "RG GG RC RH RN WA WA WA YS GS WS GE GE GE GE F1 YN YN YN WG",
        "WC WH WN GC GC GC YH YH YH YH F2 RC RC WE WE WE GG",
    ],
    "melds": [[], [], [], ["RA RA RA"]],
}


def sisepai(fixture: dict[str, Any], stock: str, seat: int = 0) -> dict[str, Any]:
    return {
        "game": "sisepai",
        "dealer": 0,
        "hands": [h.split() for h in fixture["hands"]],
        "melds": fixture["melds"],
        "stock": stock.split(),
        "next": {"seat": seat, "step": "draw"},
        "actions": [],
    }


PZ33_MELDS = ["chi s4 s5 s6", "chi s7 s8 s9", "peng s10 s10 s10", "chi b7 b8 b9"]


def paohuzi(hands: list[str], melds: list[list[str]], stock: str, nxt: dict[str, Any] | None,
            dealer: int = 0) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "game": "paohuzi",
        "dealer": dealer,
        "hands": [h.split() for h in hands],
        "melds": melds,
        "stock": stock.split(),
        "actions": [],
    }
    if nxt is not None:
        doc["next"] = nxt
    return doc


def fill(fixed: dict[int, str], dealer: int) -> list[str]:
    """Normal-start Paohuzi hands: ``fixed`` seats as given, the others dealt with no pair."""
    used = [0] * 20
    codes = [f"s{n}" for n in range(1, 11)] + [f"b{n}" for n in range(1, 11)]
    for hand in fixed.values():
        for code in hand.split():
            used[codes.index(code)] += 1
    hands = []
    k = 0
    for s in range(3):
        if s in fixed:
            hands.append(fixed[s])
            continue
        size = 21 if s == dealer else 20
        taken: list[str] = []
        seen = [0] * 20
        while len(taken) < size:
            kind = k % 20
            k += 1
            if used[kind] < 4 and seen[kind] < 1:
                used[kind] += 1
                seen[kind] += 1
                taken.append(codes[kind])
            elif all(used[i] >= 4 or seen[i] >= 1 for i in range(20)):
                seen = [0] * 20
        hands.append(" ".join(taken))
    return hands


def tianhu_start() -> dict[str, Any]:
    y = "s3 s3 s3 s3 s9 s9 s9 s9 b10 b10 b10 b10 s1 s2 s4 s5 b1 b2 b6 b7"
    hands = fill({0: y}, dealer=1)
    used = " ".join(hands).split()
    rest = [c for c in (f"{z}{n}" for z in "sb" for n in range(1, 11)) for _ in range(4 - used.count(c))]
    return paohuzi(hands, [[], [], []], " ".join(rest[:19]), None, dealer=1)


POSITIONS = {
    "sisepai forced General, then a discard": sisepai(FIXTURE_A, "GG RH YN WN RS"),
    "sisepai several winners on one draw": sisepai(FIXTURE_B, "WH RS", seat=1),
    "sisepai win against a forced take": sisepai(FIXTURE_C, "YG F5 RS"),
    "sisepai last stock card": sisepai(FIXTURE_A, "WN"),
    "paohuzi dead hand offered only pao": paohuzi(
        ["s1 s1 s1 s3 s3 s3 b10 b10", "b5 b5 s3 b2 s2", ""],
        [PZ33_MELDS, ["chi b1 b2 b3", "chi b4 b5 b6", "chi s4 s5 s6", "chi s7 s8 s9", "chi b6 b7 b8"], []],
        "b10 b5 b1 b3 s1",
        {"seat": 0, "step": "draw"},
    ),
    "paohuzi win or pass after a compulsory wei": paohuzi(
        ["s1 s1 s1 b3 b3 b3 b10 b10", "", ""], [PZ33_MELDS, [], []], "b10 s2", {"seat": 0, "step": "draw"}
    ),
    "paohuzi tianhu offer": tianhu_start(),
}


def play_out(game: Game, tier: str) -> int:
    """Play to the end with ``tier`` in every seat; count the decisions checked."""
    agents = []
    for _ in range(game.spec.seats):
        agent = make_agent(game.spec.name, tier)
        if isinstance(agent, HardAgent):
            agent.budget = Budget(worlds=2)
        agents.append(agent)
    checked = 0
    while (decision := game.decision()) is not None:
        seat = decision.seats[0]
        obs = observe(game, seat)
        action = agents[seat].act(obs, Rng(checked))
        assert action in obs.legal
        game.apply(seat, action)
        checked += 1
    assert game.outcome() is not None
    return checked


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_rare_positions_get_legal_answers(name: str, tier: str) -> None:
    game = record.start(POSITIONS[name])
    assert game.decision() is not None
    assert play_out(game, tier) >= 1


def test_the_rare_positions_are_what_they_claim() -> None:
    forced = record.start(POSITIONS["sisepai forced General, then a discard"])
    assert forced.decision().seats == (0,)
    assert all(a.startswith("discard") for a in forced.legal_actions(0))
    winners = record.start(POSITIONS["sisepai several winners on one draw"])
    assert all("win" in winners.legal_actions(s) for s in (0, 2, 3))
    dead = record.start(POSITIONS["paohuzi dead hand offered only pao"])
    dead.apply(1, "discard s3")
    assert dead.legal_actions(0) == ["pao", "pass"]
    wei = record.start(POSITIONS["paohuzi win or pass after a compulsory wei"])
    assert wei.legal_actions(0) == ["pass", "win"]
    tianhu = record.start(POSITIONS["paohuzi tianhu offer"])
    assert tianhu.legal_actions(0) == ["pass", "tianhu"]
    assert play_out(tianhu, "normal") == 1 and tianhu.outcome()["winner"] == 0
