"""The guided deals at a live table: a scripted client plays each lesson through the real app,
making exactly the lesson's moves, and sees every tip in order; a wrong legal move gets
``error.lesson``, the invited illegal one the engine's reason and the lesson's tip; the end says
the lesson is done. The stream passes the leak scanner, and a lesson survives a restart."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.record import replay
from cardavia.engine.registry import get_spec
from cardavia.web import i18n
from cardavia.web.config import WebConfig
from cardavia.web.live import lessons
from cardavia.web.live.lessons import Lesson, Refusal, lesson_messages, lesson_words
from cardavia.web.live.manager import replay_frames
from cardavia.web.live.pacer import STEP_TIME
from cardavia.web.pages.messages import ERRORS

from .helpers import Player, app_state, table_socket
from .leakscan import scan_messages

NAMES = list(lessons.LESSONS)
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def start_lesson(client: TestClient, name: str) -> str:
    """Start lesson ``name`` for this client (its cookie jar keeps the owner secret); its id."""
    game = lessons.LESSONS[name]
    response = client.post(f"/games/{game}/learn", data={"lesson": name}, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"]).removeprefix("/tables/")


def human_moves(lesson: Lesson) -> list[str]:
    """The human's moves in the lesson, in order (engine windows only grow)."""
    return [lesson.expected[window] for window in sorted(lesson.expected)]


def refusals_by_decision(lesson: Lesson) -> dict[int, Refusal]:
    """The lesson's refusals by the number of the human's decision they belong to (from 1)."""
    windows = sorted(lesson.expected)
    return {windows.index(window) + 1: refusal for window, refusal in lesson.refusals.items()}


def play_lesson(player: Player, lesson: Lesson, probe: bool = True) -> dict[str, Any]:
    """Play ``lesson`` at ``player``'s table to its end, making only its moves — with ``probe``,
    first a wrong legal move at its first decision and the illegal move each refusal invites —
    and resuming the table after each tip that holds it. What was seen: the tips by frame, the
    frames, the answers to the probes and the end."""
    moves = iter(human_moves(lesson))
    invited = refusals_by_decision(lesson)
    seen: dict[str, Any] = {"tips": [], "frames": [], "refusals": [], "wrong": None}
    decisions = 0
    while True:
        message = player.receive()
        if message["type"] != "state":
            continue
        assert message["lesson"] == lesson.name
        seen["frames"].append(message["v"])
        if message["tip"] is not None:
            seen["tips"].append((message["v"], message["tip"]["key"]))
            if message["tip"]["hold"]:
                player.send({"type": "pace", "paused": False})
        if message["step"] == "end":
            seen["end"] = message
            return seen
        assert message["lesson_done"] is False
        if not message["legal"]:
            continue
        decisions += 1
        expected = next(moves)
        assert expected in message["legal"]
        if probe and decisions == 1:
            wrong = next(action for action in message["legal"] if action != expected)
            seen["wrong"] = player.act(wrong)
        if probe and decisions in invited:
            seen["refusals"].append(player.act(invited[decisions].attempt))
        answer = player.act(expected)
        assert answer["type"] == "ack", answer


@pytest.mark.parametrize("name", NAMES)
def test_a_scripted_client_plays_the_lesson_and_sees_every_tip(client: TestClient, name: str) -> None:
    lesson = lessons.lesson(name)
    table_id = start_lesson(client, name)
    with table_socket(client, table_id) as player:
        seen = play_lesson(player, lesson)
    assert seen["tips"] == [(v, tip.key) for v, tip in sorted(lesson.tips.items())]
    assert seen["frames"] == list(range(1, lesson.last + 1))  # every frame once, in order
    end = seen["end"]
    assert end["lesson_done"] is True and end["outcome"] == replay(lesson.record).outcome()
    assert end["tip"]["key"] == lesson.tips[lesson.last].key
    assert end["lesson_next"] == lesson.following
    # A wrong but legal move is refused, naming the lesson's move.
    wrong = seen["wrong"]
    assert wrong["type"] == "error" and wrong["key"] == "error.lesson"
    assert wrong["expected"] == human_moves(lesson)[0] and human_moves(lesson)[0] in wrong["detail"]
    assert wrong["text"]
    # The invited illegal move gets the engine's reason and the lesson's tip about it.
    assert len(seen["refusals"]) == len(lesson.refusals) == 1
    refused, spec = seen["refusals"][0], next(iter(lesson.refusals.values()))
    assert refused["type"] == "error" and refused["key"] == "error.illegal"
    card = spec.attempt.split()[1]
    assert refused["reason"] == {"code": spec.code, "params": {"card": card}}
    assert refused["tip"]["key"] == spec.tip.key
    assert refused["tip"]["params"] == {"card": card, **spec.tip.params}
    # The deal stored at the table is the lesson's record, move for move.
    stored = client.get(f"/tables/{table_id}/record").json()
    assert sorted(stored["actions"]) == sorted(lesson.actions)


@pytest.mark.parametrize("name", NAMES)
def test_a_lesson_table_sends_nothing_hidden(client: TestClient, name: str) -> None:
    lesson = lessons.lesson(name)
    table_id = start_lesson(client, name)
    with table_socket(client, table_id) as player:
        play_lesson(player, lesson, probe=False)
        received = list(player.received)
    record = client.get(f"/tables/{table_id}/record").json()
    assert scan_messages(received, record, 0) == []


def test_a_tip_holds_the_table_until_the_owner_resumes_it(client: TestClient) -> None:
    lesson = lessons.lesson("sisepai")
    held = min(v for v in lesson.tips if lesson.holds(v))
    table_id = start_lesson(client, "sisepai")
    with table_socket(client, table_id) as player:
        first = player.until(lambda m: m["type"] == "state")
        assert first["v"] == held and first["tip"]["hold"] is True
        actor = app_state(client).tables.live[table_id]
        assert actor.paused and actor.last.v == held  # nothing more is released meanwhile
        player.send({"type": "sync"})
        again = player.until(lambda m: m["type"] == "state")
        assert again["v"] == held and again["tip"] == first["tip"]
        player.send({"type": "pace", "paused": False})
        after = player.until(lambda m: m["type"] == "state")
        assert after["v"] == held + 1


def test_a_lesson_has_no_countdown_and_hints_name_its_move(client: TestClient) -> None:
    lesson = lessons.lesson("sisepai")
    table_id = start_lesson(client, "sisepai")
    with table_socket(client, table_id) as player:
        state = player.until(lambda m: m["type"] == "state")
        while not state["legal"]:
            if state["tip"] and state["tip"]["hold"]:
                player.send({"type": "pace", "paused": False})
            state = player.until(lambda m: m["type"] == "state")
        assert state["countdown_ms"] is None and "pass" in state["legal"]
        player.send({"type": "hint", "id": "h"})
        hint = player.until(lambda m: m["type"] == "hint")
        assert hint["action"] == human_moves(lesson)[0]
        assert hint["reason"] == {"key": "hint.lesson", "params": {}}


def test_a_lesson_goes_on_after_a_restart(client_for: Callable[..., TestClient]) -> None:
    lesson = lessons.lesson("paohuzi")
    first = client_for()
    table_id = start_lesson(first, "paohuzi")
    moves = human_moves(lesson)
    with table_socket(first, table_id) as player:
        made = 0
        while made < 3:
            state = player.until(lambda m: m["type"] == "state")
            if state["tip"] and state["tip"]["hold"]:
                player.send({"type": "pace", "paused": False})
            if state["legal"]:
                assert player.act(moves[made])["type"] == "ack"
                made += 1
    cookies = dict(first.cookies)
    first.__exit__(None, None, None)
    second = client_for()
    second.cookies.update(cookies)
    with table_socket(second, table_id) as player:
        state = player.until(lambda m: m["type"] == "state")
        assert state["lesson"] == "paohuzi"
        while not state["legal"]:
            if state["tip"] and state["tip"]["hold"]:
                player.send({"type": "pace", "paused": False})
            state = player.until(lambda m: m["type"] == "state")
        wrong = next(action for action in state["legal"] if action != moves[3])
        assert player.act(wrong)["key"] == "error.lesson"  # still the lesson: its move only
        assert player.act(moves[3])["type"] == "ack"


def test_an_ordinary_table_words_nothing_of_lessons_but_says_why_it_refuses(client: TestClient) -> None:
    response = client.post("/games/sisepai/start", data={"difficulty": "easy"}, follow_redirects=False)
    table_id = response.headers["location"].removeprefix("/tables/")
    with table_socket(client, table_id) as player:
        state = player.until(lambda m: m["type"] == "state")
        while not state["legal"]:
            state = player.until(lambda m: m["type"] == "state")
        assert not {"lesson", "tip", "lesson_done"} & set(state)
        answer = player.act("discard XX")  # not an action: no reason code
        assert answer["key"] == "error.illegal" and answer["reason"] is None
        answer = player.act("discard RG" if "pass" in state["legal"] else "pass")
        assert answer["key"] == "error.illegal"
        assert answer["reason"]["code"] == "wrong_step" and "tip" not in answer


@pytest.mark.parametrize("game", sorted(set(lessons.LESSONS.values())))
def test_learn_is_checked_like_a_new_deal(client_for: Callable[..., TestClient], game: str) -> None:
    client = client_for(start_rate_per_minute=1, start_burst=1)
    assert client.post(f"/games/{game}/learn", content=b"\xff=\xfe").status_code == 400
    foreign = client.post(f"/games/{game}/learn", headers={"Origin": "https://elsewhere.example"})
    assert foreign.status_code == 403
    assert client.post(f"/games/{game}/learn", follow_redirects=False).status_code == 303
    limited = client.post(f"/games/{game}/learn", follow_redirects=False)
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    assert client.post("/games/chess/learn").status_code == 404
    other = next(name for name, of in lessons.LESSONS.items() if of != game)
    for name in ("nonesuch", other):  # no such lesson, or another game's
        assert client.post(f"/games/{game}/learn", data={"lesson": name}).status_code == 404


def test_each_lesson_is_offered_on_its_game_page_and_leads_to_the_next(client: TestClient) -> None:
    for game in sorted(set(lessons.LESSONS.values())):
        page = client.get(f"/games/{game}").text
        names = lessons.lessons_of(game)
        assert len(names) == 2 and names[0] == game and lessons.lesson(names[0]).following == names[1]
        assert all(f'name="lesson" value="{name}"' in page for name in names)
        assert lessons.lesson(names[1]).following is None


def test_the_lesson_table_page_carries_the_lesson_words(client: TestClient) -> None:
    table_id = start_lesson(client, "paohuzi")
    page = client.get(f"/tables/{table_id}", cookies={"lang": "da"}).text
    found = re.search(r'<script type="application/json" id="table-messages">(.*?)</script>', page, re.S)
    assert found is not None
    words = json.loads(found.group(1))
    assert words == {**words, **lesson_messages("da", "paohuzi")}
    assert "lesson.sisepai.start" not in words and words["error.lesson"] != ERRORS["error.lesson"]


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_every_tip_is_worded_in_every_language_with_the_params_it_uses(name: str, lang: str) -> None:
    lesson = lessons.lesson(name)
    words = lesson_messages(lang, name)
    tips = [*lesson.tips.values(), *(r.tip for r in lesson.refusals.values())]
    for tip in tips:
        reason = next((r for r in lesson.refusals.values() if r.tip is tip), None)
        params = set(tip.params) | ({"card"} if reason is not None else set())
        english = lesson_words(name)[tip.key]
        assert set(PLACEHOLDER.findall(english)) == params, tip.key
        assert set(PLACEHOLDER.findall(words[tip.key])) == params, (lang, tip.key)
        assert lang == "en" or words[tip.key] != english, (lang, tip.key)


@pytest.mark.parametrize("name", NAMES)
def test_the_lesson_takes_a_newcomer_under_five_minutes(name: str) -> None:
    """Its frames at the default pace, plus ten seconds to read each tip and make each move."""
    lesson = lessons.lesson(name)
    shown = frame_seconds(lesson, WebConfig().ai_delay)
    reading = 10.0 * (len(lesson.tips) + len(lesson.refusals)) + 5.0 * lesson.moves
    assert 8 <= lesson.moves + len(lesson.refusals) <= 15
    assert shown + reading < 300, (shown, reading)


def frame_seconds(lesson: Lesson, step: float) -> float:
    """How long the lesson's frames stay on screen at pace ``step`` (a frame that asks the human
    waits for him: his time is counted apart)."""
    frames = replay_frames(get_spec(lesson.game), lesson.position, 0, list(lesson.actions))[2]
    return sum(step * STEP_TIME[frame.kind] for frame in frames if frame.v not in lesson.asks)


@pytest.mark.parametrize("game", sorted(set(lessons.LESSONS.values())))
def test_a_lesson_is_not_a_real_deal_of_the_players(client: TestClient, game: str) -> None:
    """The link back to a running deal stays the real deal's; a lesson table is known as one (its
    state says so, and so does a stored table resumed from its position) and a real deal never is."""
    real = client.post(f"/games/{game}/start", data={"difficulty": "easy"}, follow_redirects=False)
    real_id = real.headers["location"].removeprefix("/tables/")
    lesson_id = start_lesson(client, game)
    page = client.get(f"/games/{game}").text
    assert f'href="/tables/{real_id}"' in page and f"/tables/{lesson_id}" not in page
    tables = app_state(client).tables
    assert tables.live[lesson_id].lesson is lessons.lesson(game)
    assert tables.live[real_id].lesson is None
    with table_socket(client, real_id) as player:
        state = player.until(lambda m: m["type"] == "state")
        assert "lesson" not in state and "tip" not in state and "lesson_move" not in state
    spec = get_spec(game)
    for seed in range(50):  # a dealt position is never a lesson's
        assert lessons.match(game, 0, spec.dealt(seed)) is None
    for name in lessons.lessons_of(game):
        assert lessons.match(game, 0, lessons.lesson(name).position) is lessons.lesson(name)
        assert lessons.match(game, 1, lessons.lesson(name).position) is None
