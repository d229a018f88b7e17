"""Puzzles over HTTP: a puzzle is sent as its seat saw it (no record, seed, answer or values before
the answer), a right answer raises the player's rating and lowers the puzzle's, a wrong one lowers it
and shows what it led to, a second answer is practice, themes filter, the puzzle of the day is the
same for everyone and changes with the day, and one's own mistakes come back after 1, 3 and 7 days
until answered right twice (the clock injected)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from cardavia.engine import record as records
from cardavia.engine.registry import game_names
from cardavia.puzzles.puzzle import by_id, shipped
from cardavia.review import review
from cardavia.web.storage.puzzle_book import mistake_id

from .helpers import app_state, portal, start_table
from .test_players import as_player, finish

GAMES = tuple(game_names())
DAY = 86400.0


def next_puzzle(client: TestClient, game: str, **query: str) -> dict[str, Any]:
    response = client.get(f"/games/{game}/puzzles/next", params=query)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def answer(client: TestClient, game: str, pid: str, action: str) -> dict[str, Any]:
    response = client.post(f"/games/{game}/puzzles/{pid}/answer", json={"answer": action})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_is_sent_as_its_seat_saw_it_and_nothing_more(client: TestClient, game: str) -> None:
    page = client.get(f"/games/{game}/puzzles")
    assert page.status_code == 200 and 'id="puzzles"' in page.text
    body = next_puzzle(client, game)
    puzzle = body["puzzle"]
    known = by_id(game)[puzzle["id"]]
    assert puzzle["options"] == list(known.options)
    assert puzzle["view"] == json.loads(json.dumps(known.position().view(known.seat)))
    text = json.dumps(body)
    for hidden in ('"record"', '"seed"', '"answer"', '"values"', '"deep"', '"margin"', '"why"'):
        assert hidden not in text
    assert body["player"]["rating"] == 1500


@pytest.mark.parametrize("game", GAMES)
def test_ratings_move_the_right_way_and_a_wrong_answer_shows_what_it_led_to(
    client: TestClient, game: str
) -> None:
    pid = next_puzzle(client, game)["puzzle"]["id"]
    puzzle = by_id(game)[pid]
    wrong = next(o for o in puzzle.options if o != puzzle.answer)
    with as_player(client, httpx.Cookies()):
        right = answer(client, game, pid, puzzle.answer)
        assert right["right"] and right["answer"] == puzzle.answer and right["values"] == dict(puzzle.values)
        assert right["rating"]["after"]["rating"] > right["rating"]["before"]["rating"]
        assert right["rating"]["puzzle"]["rating"] < puzzle.extra["rating"]
        assert "leads_to" not in right
        again = answer(client, game, pid, wrong)
        assert again["rating"] is None  # practice
        assert next_puzzle(client, game)["puzzle"]["id"] != pid  # answered: not asked again
    with as_player(client, httpx.Cookies()):
        missed = answer(client, game, pid, wrong)
        assert not missed["right"] and missed["answer"] == puzzle.answer
        assert missed["rating"]["after"]["rating"] < missed["rating"]["before"]["rating"]
        led = missed["leads_to"]
        assert led["events"] and (led["over"] or led["view"]["seats"][puzzle.seat])
    bad = client.post(f"/games/{game}/puzzles/{pid}/answer", json={"answer": "discard nothing"})
    assert bad.status_code == 400 and "error" in bad.json()
    assert client.post(f"/games/{game}/puzzles/nosuch/answer", json={"answer": wrong}).status_code == 404
    assert client.post(f"/games/{game}/puzzles/{pid}/answer", content=b"not json").status_code == 400


@pytest.mark.parametrize("game", GAMES)
def test_a_theme_gives_puzzles_of_that_theme_only(client: TestClient, game: str) -> None:
    themes = {p.theme for p in shipped(game)}
    for theme in themes:
        puzzle = next_puzzle(client, game, theme=theme)["puzzle"]
        assert by_id(game)[puzzle["id"]].theme == theme
    assert client.get(f"/games/{game}/puzzles/next", params={"theme": "luck"}).status_code == 400
    assert client.get(f"/games/{game}/puzzles/next", params={"mode": "blitz"}).status_code == 400


def test_the_puzzle_of_the_day_is_everyones_and_changes_with_the_day(client: TestClient) -> None:
    game, state = GAMES[0], app_state(client)
    now = time.time()
    state.clock = lambda: now
    seen = []
    for _ in range(2):
        with as_player(client, httpx.Cookies()):
            seen.append(next_puzzle(client, game, mode="daily")["puzzle"]["id"])
    assert seen[0] == seen[1]
    later = set()
    for day in range(1, 6):
        state.clock = lambda day=day: now + day * DAY
        later.add(next_puzzle(client, game, mode="daily")["puzzle"]["id"])
    assert later - {seen[0]}


@pytest.mark.parametrize("game", GAMES)
def test_ones_own_mistakes_come_back_after_1_3_and_7_days_until_right_twice(
    client: TestClient, game: str
) -> None:
    state = app_state(client)
    now = time.time()
    state.clock = lambda: now
    for seed in range(1, 30):
        table_id = start_table(client, game, "easy")
        finish(client, table_id, seed)
        record = client.get(f"/tables/{table_id}/record").json()
        doc = review(record, 0)
        if any(d["flag"] in ("mistake", "blunder") for d in doc["decisions"]):
            break
    else:
        pytest.fail("no mistake in 29 random deals")
    queued = portal(client).call(state.puzzle_book.queue_review, table_id, 0, record, doc, now)
    assert queued >= 1

    def due() -> list[dict[str, Any]]:
        body = next_puzzle(client, game, mode="mistakes")
        return [] if body["puzzle"] is None else [body["puzzle"]]

    state.clock = lambda: now + 0.9 * DAY
    assert due() == []
    assert next_puzzle(client, game, mode="mistakes")["mistakes"]["waiting"] == queued
    state.clock = lambda: now + 1.1 * DAY
    first = due()[0]
    line = next(d for d in doc["decisions"] if mistake_id(table_id, 0, d["index"]) == first["id"])
    assert line["flag"] in ("mistake", "blunder") and first["options"] == line["legal"]
    position = records.replay({**record, "actions": record["actions"][: line["index"]]})
    assert first["view"] == json.loads(json.dumps(position.view(0)))
    wrong = next(o for o in line["legal"] if o != line["best"])
    step = answer(client, game, first["id"], line["best"])
    assert step["right"] and not step["schedule"]["done"]
    assert step["schedule"]["due"] == pytest.approx(now + 1.1 * DAY + 3 * DAY)
    state.clock = lambda: now + 4.0 * DAY
    assert first["id"] not in [p["id"] for p in due()]
    state.clock = lambda: now + 4.2 * DAY
    step = answer(client, game, first["id"], wrong)
    assert not step["right"] and step["schedule"]["due"] == pytest.approx(now + 4.2 * DAY + 7 * DAY)
    state.clock = lambda: now + 11.3 * DAY
    step = answer(client, game, first["id"], line["best"])
    assert step["schedule"] == {"due": pytest.approx(now + 18.3 * DAY), "done": True, "right": 2}
    state.clock = lambda: now + 40 * DAY
    assert first["id"] not in [p["id"] for p in due()]  # learned
    with as_player(client, httpx.Cookies()):  # another player has none of them
        assert next_puzzle(client, game, mode="mistakes")["mistakes"]["waiting"] == 0
        stranger = client.post(f"/games/{game}/puzzles/{first['id']}/answer", json={"answer": wrong})
        assert stranger.status_code == 404


def test_forgetting_the_player_forgets_their_puzzles(client: TestClient) -> None:
    game = GAMES[0]
    with as_player(client, httpx.Cookies()):
        pid = next_puzzle(client, game)["puzzle"]["id"]
        puzzle = by_id(game)[pid]
        moved = answer(client, game, pid, puzzle.answer)["rating"]["after"]["rating"]
        assert next_puzzle(client, game)["player"]["rating"] == moved != 1500
        assert client.post("/me/forget", data={}).status_code in (200, 303)
        assert next_puzzle(client, game)["player"]["rating"] == 1500
        assert answer(client, game, pid, puzzle.answer)["rating"] is not None  # rated again, not practice


def test_the_players_page_shows_their_puzzles(client: TestClient) -> None:
    game = GAMES[0]
    with as_player(client, httpx.Cookies()):
        pid = next_puzzle(client, game)["puzzle"]["id"]
        after = answer(client, game, pid, by_id(game)[pid].answer)["rating"]["after"]["rating"]
        page = client.get("/me").text
        assert 'id="puzzles-title"' in page and f"/games/{game}/puzzles" in page
        assert f">{after}</td>" in page
    with as_player(client, httpx.Cookies()):
        assert 'id="puzzles-title"' not in client.get("/me").text  # a browser without a player
