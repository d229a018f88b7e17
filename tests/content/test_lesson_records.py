"""The guided deals are real engine deals: each lesson's record replays through the engine, every
line played by a seat the engine asks and exactly one of its legal actions; each kind of claim the
lesson promises happens in it (to the human where it is his to make); its invited refusal is the
engine's, with the code the lesson names, and changes nothing; a game's first lesson ends in the
human's win with the score its last tip states, its opening lesson starts from a whole deal with the
human dealing and ends in a draw; and a lesson whose record or tips do not fit is refused when
loaded."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from cardavia.engine.errors import IllegalAction
from cardavia.engine.game import Event, Game
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec
from cardavia.web.live import lessons

HUMAN = 0


def document(name: str) -> dict[str, Any]:
    text = resources.files("cardavia.content").joinpath(f"lessons/{name}.json").read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def replay(name: str) -> tuple[Game, list[tuple[str | None, Event]]]:
    """Play the lesson's record through the engine, checking each line is asked of its seat and
    is one of its legal actions, as written; the end game and every event with the line it followed."""
    record = document(name)["record"]
    spec = get_spec(lessons.LESSONS[name])
    game = spec.from_position({k: v for k, v in record.items() if k != "actions"})
    events: list[tuple[str | None, Event]] = [(None, e) for e in game.opening_events()]
    for line in record["actions"]:
        seat, action = split_line(line, spec.seats)
        decision = game.decision()
        assert decision is not None and seat in decision.seats, (name, line)
        assert action in game.legal_actions(seat), (name, line, game.legal_actions(seat))
        events += [(line, e) for e in game.apply(seat, action)]
    assert game.decision() is None, f"{name}: the record stops before the deal ends"
    return game, events


def happened(
    events: list[tuple[str | None, Event]], kind: str, test: Callable[[dict[str, Any]], bool]
) -> bool:
    return any(e.kind == kind and test(dict(e.params)) for _, e in events)


# What each lesson promises (issue 16, point 4), each as a test over the engine's events.
PROMISES: dict[str, dict[str, tuple[str, Callable[[dict[str, Any]], bool]]]] = {
    "sisepai": {
        "the human draws": ("sisepai.draw", lambda p: p["seat"] == HUMAN),
        "a triple": (
            "sisepai.take",
            lambda p: p["seat"] == HUMAN and len(p["group"]) == 3 and len(set(p["group"])) == 1,
        ),
        "soldiers": (
            "sisepai.take",
            lambda p: (
                p["seat"] == HUMAN and all(c[1] == "S" for c in p["group"]) and len(set(p["group"])) >= 3
            ),
        ),
        "a mixed group (command or field)": (
            "sisepai.take",
            lambda p: (
                p["seat"] == HUMAN
                and len(p["group"]) == 3
                and len({c[0] for c in p["group"]}) == 1
                and {c[1] for c in p["group"]} in ({"G", "A", "E"}, {"C", "H", "N"})
            ),
        ),
        "a General or flower taken at once": (
            "sisepai.take",
            lambda p: p["seat"] == HUMAN and p["forced"] and len(p["group"]) == 1,
        ),
        "a computer takes the human's discard": ("sisepai.take", lambda p: p["seat"] != HUMAN),
        "the second chance of an untaken draw": ("sisepai.window", lambda p: p["window"] == "W2"),
        "claim priority": ("sisepai.outranked", lambda p: p["seat"] == HUMAN),
        "the human wins": ("sisepai.win", lambda p: p["seat"] == HUMAN),
    },
    "paohuzi": {
        "a reveal": ("paohuzi.draw", lambda p: p["seat"] == HUMAN),
        "chi": ("paohuzi.chi", lambda p: p["seat"] == HUMAN and len(p["groups"]) == 1),
        "bi (a chi with a second group)": (
            "paohuzi.chi",
            lambda p: p["seat"] == HUMAN and len(p["groups"]) == 2,
        ),
        "peng": ("paohuzi.peng", lambda p: p["seat"] == HUMAN),
        "a compulsory wei": ("paohuzi.wei", lambda p: p["seat"] == HUMAN),
        "a compulsory ti": ("paohuzi.ti", lambda p: p["seat"] == HUMAN),
        "pao": ("paohuzi.pao", lambda p: p["seat"] == HUMAN),
        "chou": ("paohuzi.chou", lambda p: p["seat"] == HUMAN),
        "claim priority": ("paohuzi.outranked", lambda p: p["seat"] == HUMAN),
        "the human wins": ("paohuzi.win", lambda p: p["seat"] == HUMAN),
    },
    "sisepai-opening": {
        "the dealer's first draw": ("sisepai.draw", lambda p: p["seat"] == HUMAN and p["stock"] == 36),
        "the next player takes a drawn card": ("sisepai.take", lambda p: p["seat"] == 1 and not p["forced"]),
        "four soldiers": ("sisepai.take", lambda p: p["seat"] == HUMAN and len(p["group"]) == 4),
        "a drawn General taken at once": (
            "sisepai.take",
            lambda p: p["seat"] != HUMAN and p["forced"] and p["group"][0][1] == "G",
        ),
        "a drawn flower taken at once by the human": (
            "sisepai.take",
            lambda p: p["seat"] == HUMAN and p["forced"] and p["group"][0].startswith("F"),
        ),
        "the human's triple": (
            "sisepai.take",
            lambda p: p["seat"] == HUMAN and len(p["group"]) == 3 and len(set(p["group"])) == 1,
        ),
        "the drawer outranks the human": (
            "sisepai.outranked",
            lambda p: p["seat"] == HUMAN and p["rule"] == "drawer_group",
        ),
        "the stock runs out": ("sisepai.draw", lambda p: p["stock"] == 0),
        "a draw": ("sisepai.end", lambda p: p["status"] == "draw"),
    },
    "paohuzi-opening": {
        "the dealer's discard opens the deal": ("paohuzi.discard", lambda p: p["seat"] == HUMAN),
        "an initial ti": ("paohuzi.initial_ti", lambda p: p["seat"] != HUMAN),
        "bi (a chi with a second group)": (
            "paohuzi.chi",
            lambda p: p["seat"] == HUMAN and len(p["groups"]) == 2,
        ),
        "a pao from a kan": ("paohuzi.pao", lambda p: p["from"] == "kan"),
        "peng": ("paohuzi.peng", lambda p: p["seat"] == HUMAN),
        "a mixed group": (
            "paohuzi.chi",
            lambda p: p["seat"] == HUMAN and len({c[0] for c in p["groups"][0].split()}) == 2,
        ),
        "chou": ("paohuzi.chou", lambda p: p["seat"] == HUMAN),
        "the stock runs out": ("paohuzi.draw", lambda p: p["stock"] == 0),
        "a draw": ("paohuzi.end", lambda p: p["status"] == "draw"),
    },
}


@pytest.mark.parametrize("name", lessons.LESSONS)
def test_every_promised_step_happens_in_the_engine(name: str) -> None:
    _, events = replay(name)
    missing = [what for what, (kind, test) in PROMISES[name].items() if not happened(events, kind, test)]
    assert missing == []


def test_the_paohuzi_chou_follows_a_refused_chi() -> None:
    _, events = replay("paohuzi")
    after_pass = [e for line, e in events if line == "S0 pass" and e.kind == "paohuzi.chou"]
    assert [dict(e.params)["seat"] for e in after_pass][:1] == [HUMAN]


@pytest.mark.parametrize("name", [name for name, game in lessons.LESSONS.items() if name == game])
def test_the_deal_ends_in_the_humans_win_with_the_score_the_last_tip_states(name: str) -> None:
    game, _ = replay(name)
    outcome = game.outcome()
    assert outcome is not None and outcome["winner"] == HUMAN
    end = next(t for t in document(name)["tips"] if t["at"] == "end")
    if name == "sisepai":
        assert end["params"] == {"score": outcome["score"]}
    else:
        assert end["params"] == {"huxi": outcome["score"], "tun": outcome["tun"]}


@pytest.mark.parametrize("name", lessons.LESSONS)
def test_the_invited_refusal_is_the_engines_and_changes_nothing(name: str) -> None:
    doc = document(name)
    lesson = lessons.lesson(name)
    assert doc["refusals"]
    spec = get_spec(lessons.LESSONS[name])
    record = doc["record"]
    game = spec.from_position({k: v for k, v in record.items() if k != "actions"})
    decisions = 0
    refusals = {r["decision"]: r for r in doc["refusals"]}
    tried = 0
    for line in record["actions"]:
        seat, action = split_line(line, spec.seats)
        if seat == HUMAN:
            decisions += 1
            refusal = refusals.get(decisions)
            if refusal is not None:
                before = game.view(None), game.actions(), game.legal_actions(HUMAN)
                with pytest.raises(IllegalAction) as raised:
                    game.apply(HUMAN, refusal["try"])
                assert raised.value.reason is not None and raised.value.reason.code == refusal["code"]
                assert (game.view(None), game.actions(), game.legal_actions(HUMAN)) == before
                tried += 1
        game.apply(seat, action)
    assert tried == len(refusals) == len(lesson.refusals)


@pytest.mark.parametrize("name", lessons.LESSONS)
def test_every_tip_is_pinned_to_a_step_of_the_deal(name: str) -> None:
    doc = document(name)
    lesson = lessons.lesson(name)
    assert len(lesson.tips) == len(doc["tips"])  # none dropped, none merged
    asking = sorted(lesson.asks)
    for item, v in zip(doc["tips"], sorted(lesson.tips), strict=True):
        at = item["at"]
        if isinstance(at, dict) and "decision" in at:
            assert v == asking[at["decision"] - 1]
    # The computers' moves are the record's, answered at the windows the engine asks them.
    record_lines = [line for line in lesson.actions if not line.startswith(f"S{HUMAN} ")]
    assert sorted(f"S{seat} {a}" for (_, seat), a in lesson.answers.items()) == sorted(record_lines)


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda d: d["record"]["actions"].__setitem__(1, "S0 discard RG"), id="illegal-move"),
        pytest.param(lambda d: d["record"]["actions"].pop(), id="unfinished"),
        pytest.param(lambda d: d["tips"][3]["at"].__setitem__("seat", 1), id="tip-at-no-step"),
        pytest.param(lambda d: d["refusals"][0].__setitem__("try", "discard RH"), id="refusal-not-refused"),
        pytest.param(lambda d: d["refusals"][0].__setitem__("code", "wrong_step"), id="refusal-other-code"),
    ],
)
def test_a_lesson_that_does_not_fit_is_refused(spoil: Callable[[dict[str, Any]], None]) -> None:
    doc = copy.deepcopy(document("sisepai"))
    spoil(doc)
    with pytest.raises(ValueError):
        lessons.build("sisepai", doc)


@pytest.mark.parametrize("name", [name for name in lessons.LESSONS if name.endswith("-opening")])
def test_an_opening_lesson_is_a_whole_deal_the_human_deals_and_nobody_wins(name: str) -> None:
    """The position is a whole deal (every card of the game in the hands and the stock, nothing laid
    out) and the human deals it."""
    record = document(name)["record"]
    spec = get_spec(lessons.LESSONS[name])
    dealt = spec.dealt(0)
    assert record["dealer"] == HUMAN
    cards = [c for hand in record["hands"] for c in hand] + list(record["stock"])
    assert sorted(cards) == sorted([c for hand in dealt["hands"] for c in hand] + list(dealt["stock"]))
    assert all(not melds for melds in record.get("melds", []))
    assert len(record["stock"]) == len(dealt["stock"])
    game, _ = replay(name)
    outcome = game.outcome()
    assert outcome is not None and outcome["winner"] is None


@pytest.mark.parametrize("name", lessons.LESSONS)
def test_the_card_a_tip_names_is_the_card_outlined(name: str) -> None:
    """Where a decision's tip names a card, the move the table outlines there plays it: the move the
    tip invites the player to try first (one the rules refuse), else the lesson's own; and a refusal's
    tip names the lesson's move as the card to play instead."""
    lesson = lessons.lesson(name)
    windows, asking = sorted(lesson.expected), sorted(lesson.asks)
    checked = 0
    for v, tip in lesson.tips.items():
        named = next((tip.params[k] for k in ("card", "kan", "general") if k in tip.params), None)
        if v not in lesson.asks or named is None:
            continue
        window = windows[asking.index(v)]
        refusal = lesson.refusals.get(window)
        outlined = refusal.attempt if refusal is not None else lesson.expected[window]
        assert named in outlined.split()[1:], (tip.key, named, outlined)
        checked += 1
    for window, refusal in lesson.refusals.items():
        instead = refusal.tip.params.get("discard")
        assert instead is None or lesson.expected[window] == f"discard {instead}", refusal
    assert checked >= 2
