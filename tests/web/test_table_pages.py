"""The pages around the live table: no deal is lost (the game page lists this browser's unfinished
deals, never a finished one nor another browser's), the table page carries its pace and words,
and the Win button's total is the engine's."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from .helpers import app_state, portal, start_table, table_socket


def _listed(client: TestClient, game: str) -> list[str]:
    page = client.get(f"/games/{game}")
    assert page.status_code == 200
    return re.findall(r'<li><a class="button secondary" href="/tables/(\w+)"', page.text)


def test_unfinished_deals_are_listed_newest_first_and_a_finished_one_is_not(client: TestClient) -> None:
    first = start_table(client, "paohuzi")
    second = start_table(client, "paohuzi")
    other_game = start_table(client, "sisepai")
    assert _listed(client, "paohuzi") == [second, first]
    assert _listed(client, "sisepai") == [other_game]
    page = client.get("/games/paohuzi").text
    assert "Your unfinished deals" in page and "dealt" in page and "Resume" in page
    with table_socket(client, first) as player:
        player.play_to_end()
    assert _listed(client, "paohuzi") == [second]


def test_another_browsers_deal_or_a_forged_cookie_is_not_listed(client: TestClient) -> None:
    table = start_table(client, "sisepai")
    theirs = dict(client.cookies)
    client.cookies.clear()  # another browser: it holds no secret of that table
    assert _listed(client, "sisepai") == []
    client.cookies.set(f"cardavia_t_{table}", "not-the-secret")
    assert _listed(client, "sisepai") == []
    client.cookies.clear()
    for name, value in theirs.items():
        client.cookies.set(name, value)
    assert _listed(client, "sisepai") == [table]


def test_the_table_page_carries_its_pace_words_and_scoring_groups(
    client_for: Callable[..., TestClient],
) -> None:
    client = client_for(ai_delay=0.7)
    table = start_table(client, "sisepai")
    page = client.get(f"/tables/{table}").text
    assert 'data-step-ms="700"' in page
    found = re.search(r'<script type="application/json" id="table-messages">(.*?)</script>', page, re.S)
    assert found
    messages = json.loads(found.group(1))
    assert messages["groups"]["RC RH RN"] == {"name": "Field group (车马炮)", "value": 1}
    assert messages["caption.sisepai.W2"].startswith("Nobody took it")
    assert "Start a new deal?" in page  # the question "New deal" asks while the deal is on


# rules/paohuzi.md PZ-28, as revealed: C2 reveals s10 and You may win with 16 huxi (1 tun), or peng.
PZ28 = {
    "game": "paohuzi", "dealer": 0,
    "hands": [["s10", "s10", "s1", "s2", "s3", "b4", "b5", "b6"],
              ["s1", "s2", "s3", "s4", "s5", "s6", "b7", "b8"],
              ["s7", "s8", "b2", "b3", "b7", "b8", "s1", "s4"]],
    "melds": [["chi b1 b2 b3", "wei b9 b9 b9", "chi s4 s5 s6", "chi s7 s8 s9"],
              ["chi b4 b5 b6", "peng b10 b10 b10", "chi s7 s8 s9", "chi b1 b2 b3"],
              ["chi s5 s6 s7", "chi b4 b5 b6", "chi b1 b2 b3", "chi s2 s3 s4"]],
    "stock": ["s10", "s9", "b5", "b6", "b10"], "next": {"seat": 2, "step": "draw"},
}  # fmt: skip


def test_the_win_button_total_is_what_the_engine_scores(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = app_state(client).tables
    store = manager._store
    noting = store.mark_finished

    async def slow_note(table_id: str) -> None:  # a slow database: the end must still wait for it
        await asyncio.sleep(0.2)
        await noting(table_id)

    monkeypatch.setattr(store, "mark_finished", slow_note)
    actor, people = portal(client).call(manager.create, "paohuzi", "easy", 0, PZ28)
    secret = people[0]
    client.cookies.set(f"cardavia_t_{actor.id}", secret)
    with table_socket(client, actor.id) as player:
        asked = player.until(lambda m: m["type"] == "state" and "win" in m["legal"])
        preview = client.get(f"/tables/{actor.id}/win").json()
        assert preview == {"v": asked["v"], "win": {"huxi": 16, "tun": 1, "groups": preview["win"]["groups"]}}
        assert len(preview["win"]["groups"]) == 7
        # the ack comes before the end it leads to, however long the end takes to be noted (the
        # order of the two must not depend on the database's timing)
        assert not player.over()
        assert player.act("win")["type"] == "ack"
        assert not player.over()
        player.until(lambda m: m["type"] == "state" and m["step"] == "end")
        end = player.state
        assert end is not None
    assert (end["outcome"]["score"], end["outcome"]["tun"]) == (16, 1)
    assert sorted(end["outcome"]["groups"]) == sorted(preview["win"]["groups"])
    # once answered, the frame on screen offers no win: nothing to preview
    assert client.get(f"/tables/{actor.id}/win").json()["win"] is None


def test_the_win_total_is_only_for_the_owner(client: TestClient) -> None:
    table = start_table(client, "sisepai")
    assert client.get(f"/tables/{table}/win").status_code == 200
    assert client.get("/tables/nosuchtable/win").status_code == 404
    client.cookies.clear()
    assert client.get(f"/tables/{table}/win").status_code == 403
