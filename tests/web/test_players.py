"""Come back tomorrow: a player's deals, statistics, export and import, today's deal, shared deals
and par — as clients over HTTP and the WebSocket, each player with a cookie jar of their own."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from cardavia.engine import record as records
from cardavia.engine.game import seat_result
from cardavia.web.app import create_app
from cardavia.web.pages.player import PLAYER_COOKIE

from .helpers import app_state, portal, start_table, table_socket, web_config


@contextmanager
def as_player(client: TestClient, jar: httpx.Cookies) -> Iterator[None]:
    """Requests in the block carry ``jar`` (and keep what they set in it)."""
    saved = client.cookies
    client.cookies = jar  # a copy
    try:
        yield
    finally:
        jar.clear()
        jar.update(client.cookies)
        client.cookies = saved


def finish(client: TestClient, table_id: str, seed: int = 1) -> None:
    """Play the deal of ``table_id`` to its end (seeded random legal choices)."""
    with table_socket(client, table_id, seed) as player:
        player.play_to_end()


def play_deal(client: TestClient, game: str, difficulty: str = "easy", seed: int = 1) -> str:
    table_id = start_table(client, game, difficulty)
    finish(client, table_id, seed)
    return table_id


def deals(client: TestClient) -> list[dict[str, Any]]:
    """Every deal of the current player, through the pages of ``/me/deals.json``."""
    found: list[dict[str, Any]] = []
    page: int | None = 1
    while page is not None:
        body = client.get(f"/me/deals.json?page={page}").json()
        found += body["deals"]
        page = body["next"]
    return found


def wait_for(check: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.05)


def exported_games(client: TestClient) -> list[str]:
    return [json.loads(line)["record"]["game"] for line in client.get("/me/export").text.splitlines()]


def test_two_players_never_see_each_others_deals_stats_or_exports(client: TestClient) -> None:
    alice, bob = httpx.Cookies(), httpx.Cookies()
    with as_player(client, alice):
        mine = play_deal(client, "sisepai")
        assert PLAYER_COOKIE in client.cookies
    with as_player(client, bob):
        theirs = play_deal(client, "paohuzi")
        assert [d["table"] for d in deals(client)] == [theirs]
        assert set(client.get("/me/stats.json").json()["games"]) == {"paohuzi"}
        assert exported_games(client) == ["paohuzi"]
        assert client.get(f"/tables/{mine}/review").status_code == 403
        assert client.get(f"/tables/{mine}/record").status_code == 403
    with as_player(client, alice):
        assert [d["table"] for d in deals(client)] == [mine]
        assert exported_games(client) == ["sisepai"]
    assert alice[PLAYER_COOKIE] != bob[PLAYER_COOKIE]


def test_a_browser_without_a_player_id_has_nothing(client: TestClient) -> None:
    play_deal(client, "sisepai")
    client.cookies.clear()
    assert client.get("/me/deals.json").json() == {"deals": [], "next": None}
    assert client.get("/me/stats.json").json()["games"] == {}
    assert client.get("/me/export").text == ""
    assert client.get("/me").status_code == 200


def test_the_deals_are_listed_newest_first_in_pages(client: TestClient) -> None:
    first = play_deal(client, "sisepai")
    live = start_table(client, "paohuzi")
    listed = deals(client)
    assert [d["table"] for d in listed] == [live, first]
    assert listed[0]["status"] == "live" and listed[1]["status"] in ("won", "lost", "draw")
    assert listed[1]["kind"] == "solo" and listed[1]["ended"] is not None and listed[0]["ended"] is None
    assert client.get("/me/deals.json?page=0").status_code == 400
    assert client.get("/me/deals.json?page=x").status_code == 400


def recount(client: TestClient, tables: list[str]) -> dict[str, Any]:
    """Deals, wins, draws and mean result recounted from the deals' records."""
    results, won, draws = [], 0, 0
    for table in tables:
        game = records.replay(client.get(f"/tables/{table}/record").json())
        outcome = game.outcome()
        assert outcome is not None
        results.append(seat_result(outcome, 0))
        won += outcome.get("winner") == 0
        draws += outcome.get("winner") is None
    mean = round(sum(results) / len(results), 3)
    return {"deals": len(tables), "won": won, "draws": draws, "mean_result": mean}


def test_statistics_equal_a_recount_from_the_stored_records(client: TestClient) -> None:
    tables = [play_deal(client, "paohuzi", seed=s) for s in (1, 2, 3, 4)]
    stats = client.get("/me/stats.json").json()["games"]["paohuzi"]["easy"]
    assert {k: stats[k] for k in ("deals", "won", "draws", "mean_result")} == recount(client, tables)
    assert stats["win_interval"][0] <= stats["win_share"] <= stats["win_interval"][1]
    assert client.get("/me/stats.json").json()["evening"]["deals"] == 4


def test_export_then_import_on_an_empty_database_restores_history_and_statistics(
    client: TestClient, tmp_path: Path
) -> None:
    for seed, game in enumerate(["sisepai", "paohuzi", "sisepai"]):
        play_deal(client, game, seed=seed + 1)
    start_table(client, "paohuzi")  # still being played: not exported (its record holds every hand)
    wait_for(lambda: all(d["par"] is not None for d in deals(client) if d["status"] != "live"))
    exported = client.get("/me/export")
    assert exported.status_code == 200 and len(exported.text.splitlines()) == 3
    before = [{k: d[k] for k in ("game", "difficulty", "kind", "status", "result", "started", "ended")}
              for d in deals(client) if d["status"] != "live"]
    stats = client.get("/me/stats.json").json()["games"]
    with TestClient(create_app(web_config(tmp_path / "elsewhere.db"))) as other:
        upload = {"file": ("deals.jsonl", exported.content, "application/x-ndjson")}
        assert other.post("/me/import", files=upload, follow_redirects=False).status_code == 303
        after = [{k: d[k] for k in ("game", "difficulty", "kind", "status", "result", "started", "ended")}
                 for d in deals(other)]
        assert sorted(after, key=json.dumps) == sorted(before, key=json.dumps)
        assert other.get("/me/stats.json").json()["games"] == stats
        other.post("/me/import", files=upload)  # again: nothing is added twice
        assert len(deals(other)) == 3
        table = deals(other)[0]["table"]
        assert other.get(f"/tables/{table}/record").status_code == 200  # reached by the player id


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b"not json\n", "line 2: not JSON"),
        (b'{"record": {"game": "sisepai"}, "seat": 0}\n', "line 2:"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_a_bad_import_is_refused_and_stores_nothing(client: TestClient, body: bytes, fragment: str) -> None:
    good = client.get("/me/export")  # empty: nobody has played
    play_deal(client, "sisepai")
    line = client.get("/me/export").text
    client.cookies.clear()
    upload = {"file": ("deals.jsonl", line.encode() + body, "application/x-ndjson")}
    answer = client.post("/me/import", files=upload)
    assert answer.status_code == 400 and fragment in answer.text, answer.text
    assert client.get("/me/deals.json").json()["deals"] == [] and good.text == ""
    plain = client.post("/me/import", content=b"plain", headers={"content-type": "text/plain"})
    assert plain.status_code == 400


def test_forget_me_deletes_the_history(client: TestClient) -> None:
    play_deal(client, "sisepai")
    key = client.cookies[PLAYER_COOKIE]
    exported = client.get("/me/export").content
    assert client.post("/me/forget", data={}, follow_redirects=False).status_code == 303
    assert PLAYER_COOKIE not in client.cookies
    client.cookies.set(PLAYER_COOKIE, key)  # even with the old id back
    assert client.get("/me/deals.json").json()["deals"] == []
    upload = {"file": ("deals.jsonl", exported, "application/x-ndjson")}
    for _ in range(2):  # imported back, forgotten and imported again: its table is stored once
        assert client.post("/me/import", files=upload, follow_redirects=False).status_code == 303
        assert len(client.get("/me/deals.json").json()["deals"]) == 1
        client.post("/me/forget", data={})
        client.cookies.set(PLAYER_COOKIE, key)


def test_todays_deal_is_the_same_for_everyone_and_another_tomorrow(client: TestClient) -> None:
    state = app_state(client)
    now = time.time()
    state.clock = lambda: now
    tables = []
    for jar in (httpx.Cookies(), httpx.Cookies()):
        with as_player(client, jar):
            answer = client.post("/games/sisepai/daily", data={}, follow_redirects=False)
            assert answer.status_code == 303
            tables.append(answer.headers["location"].removeprefix("/tables/"))
            again = client.post("/games/sisepai/daily", data={}, follow_redirects=False)
            assert again.headers["location"] == answer.headers["location"]  # resumed, not dealt again
    rows = [portal(client).call(state.store.load, t) for t in tables]
    assert rows[0].position == rows[1].position and rows[0].secret == rows[1].secret
    assert rows[0].difficulty == "normal"
    state.clock = lambda: now + 86400
    with as_player(client, httpx.Cookies()):
        answer = client.post("/games/sisepai/daily", data={}, follow_redirects=False)
        tomorrow = portal(client).call(state.store.load, answer.headers["location"].removeprefix("/tables/"))
    assert tomorrow.position != rows[0].position and tomorrow.secret != rows[0].secret
    today = time.strftime("%Y-%m-%d", time.gmtime(now))
    assert client.get(f"/games/sisepai/daily/{today}").status_code == 200  # tomorrow, today is public
    assert client.get(f"/games/sisepai/daily/{today}/record").json()["hands"] == rows[0].position["hands"]
    tomorrow_day = time.strftime("%Y-%m-%d", time.gmtime(now + 86400))
    assert client.get(f"/games/sisepai/daily/{tomorrow_day}/record").status_code == 409
    assert client.get(f"/games/sisepai/daily/{tomorrow_day}/replay.json").status_code == 409
    replay = client.get(f"/games/sisepai/daily/{today}/replay.json").json()
    assert replay["status"] == "ready" and replay["review"]["decisions"] == []
    played = records.replay({**rows[0].position, "actions": replay["actions"]})
    assert played.outcome() is not None  # the day's cards, played to their end
    assert client.get(f"/games/sisepai/daily/{today}/replay").status_code == 200


def test_the_first_finished_attempt_of_the_day_counts_and_the_field_shows_after(client: TestClient) -> None:
    first = client.post("/games/paohuzi/daily", data={}).url.path.removeprefix("/tables/")
    assert "played it so far" not in client.get("/games/paohuzi/daily").text
    finish(client, first)
    second = client.post("/games/paohuzi/daily", data={}).url.path.removeprefix("/tables/")
    assert second != first
    finish(client, second, seed=7)
    daily = [d for d in deals(client) if d["kind"] == "daily"]
    assert len(daily) == 2
    page = client.get("/games/paohuzi/daily")
    assert "1 player has played it so far." in page.text and "1 day in a row" in page.text


def test_a_share_link_answers_only_after_the_end_and_until_revoked(client: TestClient) -> None:
    table = start_table(client, "sisepai")
    assert client.post(f"/tables/{table}/share", data={}).status_code == 409
    finish(client, table)
    made = client.post(f"/tables/{table}/share", data={}, follow_redirects=False)
    assert made.status_code == 303
    link = made.headers["location"]
    owner = client.cookies
    with as_player(client, httpx.Cookies()):
        assert client.get(link).status_code == 200
        record = client.get(f"{link}/record").json()
        assert record["actions"] and len(record["hands"]) == 4  # every hand
        assert client.post(f"{link}/revoke", data={}).status_code == 403  # not theirs to stop
        played = client.post(f"{link}/play", data={}, follow_redirects=False)
        again = played.headers["location"].removeprefix("/tables/")
        assert [d["kind"] for d in deals(client)] == ["shared"]
    state = app_state(client)
    original, copy = (portal(client).call(state.store.load, t) for t in (table, again))
    assert (copy.position, copy.secret, copy.seat) == (original.position, original.secret, original.seat)
    with as_player(client, owner):
        assert client.post(f"{link}/revoke", data={}, follow_redirects=False).status_code == 303
    with as_player(client, httpx.Cookies()):
        assert client.get(link).status_code == 404 and client.get(f"{link}/record").status_code == 404
        assert client.get("/shared/not-a-token-at-all-x").status_code == 404


def test_par_is_stored_once_per_finished_deal_and_survives_a_restart(db_path: Path) -> None:
    with TestClient(create_app(web_config(db_path))) as client:
        live = start_table(client, "paohuzi")
        table = play_deal(client, "sisepai")
        wait_for(lambda: next(d for d in deals(client) if d["table"] == table)["par"] is not None)
        listed = {d["table"]: d for d in deals(client)}
        assert listed[live]["par"] is None  # never before the deal has ended
        par = listed[table]["par"]
        assert app_state(client).pars.computed == 1
        jar = client.cookies
    with TestClient(create_app(web_config(db_path))) as client:
        client.cookies = jar
        time.sleep(0.3)  # the pars look for work at start
        assert next(d for d in deals(client) if d["table"] == table)["par"] == par
        assert app_state(client).pars.computed == 0
        stats = client.get("/me/stats.json").json()["games"]["sisepai"]["easy"]
        assert stats["above_par"]["deals"] == 1


def import_played(client: TestClient, game: str, seat: int) -> dict[str, Any]:
    """Play a deal of ``game``, then import it as a new player's deal from ``seat``; its record."""
    table = play_deal(client, game)
    record: dict[str, Any] = client.get(f"/tables/{table}/record").json()
    line = json.dumps({"record": record, "seat": seat, "kind": "solo", "difficulty": "easy",
                       "started": "2026-12-01T10:00:00Z", "ended": "2026-12-01T10:20:00Z"})
    client.cookies.clear()
    client.post("/me/import", files={"file": ("d.jsonl", io.BytesIO(line.encode()), "text/plain")})
    return record


def test_an_import_line_keeps_its_seat(client: TestClient) -> None:
    record = import_played(client, "sisepai", 2)
    [deal] = deals(client)
    outcome = records.replay(record).outcome()
    assert outcome is not None and deal["result"] == seat_result(outcome, 2)
    assert deal["started"] == "2026-12-01T10:00:00Z"


def test_an_imported_deal_without_a_par_gets_one(client: TestClient) -> None:
    """The pars look at a deal when it ends here, and at every deal after an import."""
    import_played(client, "paohuzi", 0)
    wait_for(lambda: deals(client)[0]["par"] is not None)


def test_a_par_that_fails_holds_up_no_other(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardavia.web.live.computers import par_run as real
    from cardavia.web.storage import pars as pars_module

    def failing(record: dict[str, Any], *args: Any) -> float:
        if record["game"] == "sisepai":
            raise RuntimeError("planted failure")
        return real(record, *args)

    monkeypatch.setattr(pars_module, "par_run", failing)
    broken = play_deal(client, "sisepai")
    fine = play_deal(client, "paohuzi")
    wait_for(lambda: next(d for d in deals(client) if d["table"] == fine)["par"] is not None)
    assert next(d for d in deals(client) if d["table"] == broken)["par"] is None


def test_a_stored_review_gives_the_deal_its_accuracy_and_the_export_keeps_it(
    client: TestClient, tmp_path: Path
) -> None:
    table = play_deal(client, "sisepai")
    store = app_state(client).store
    doc = {"game": "sisepai", "seat": 0, "accuracy": 87.5, "decisions": []}
    portal(client).call(store.save_review, table, 0, doc)
    assert client.get("/me/stats.json").json()["games"]["sisepai"]["easy"]["accuracy"] == 87.5
    exported = client.get("/me/export").content
    with TestClient(create_app(web_config(tmp_path / "elsewhere.db"))) as other:
        other.post("/me/import", files={"file": ("deals.jsonl", exported, "application/x-ndjson")})
        assert other.get("/me/stats.json").json()["games"]["sisepai"]["easy"]["accuracy"] == 87.5
