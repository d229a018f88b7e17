"""What the table teaches: the hard tier's hint over the socket, and the cards the human waits for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from cardavia.engine.rng import Rng
from cardavia.games.sisepai.cards import DECK
from cardavia.web.app import create_app
from cardavia.web.live.frames import waits_of

from .helpers import answering, app_state, portal, start_table, table_socket, web_config


def waiting_position() -> dict[str, Any]:
    """The human (seat 0) holds complete groups and two flowers: another flower or a General wins.
    The other seats and the stock get the rest of the deck."""
    mine = "RG RA RE YC YH YN WS YS GS RC RC RC GN GN GN WH WH WH F1 F2".split()  # noqa: SIM905
    rest = DECK.expand(DECK.counts(DECK.full_deck()))
    for card in DECK.parse(" ".join(mine)):
        rest.remove(card)
    Rng(3).shuffle(rest)
    codes = [DECK.codes[k] for k in rest]
    hands = [mine, codes[0:20], codes[20:40], codes[40:60]]
    return {"game": "sisepai", "dealer": 1, "hands": hands, "stock": codes[60:],
            "next": {"seat": 1, "step": "draw"}}


def test_a_hint_answers_the_open_decision_with_a_legal_action_and_a_reason(client: TestClient) -> None:
    table_id = start_table(client, "paohuzi", difficulty="normal")
    with table_socket(client, table_id) as player:
        player.until(lambda m: m["type"] == "state")
        player.send({"type": "hint", "id": "early"})
        while not player.waiting_for_me():
            player.until(lambda m: m["type"] in ("state", "hint", "error"))
        state = player.state
        assert state is not None
        player.send({"type": "hint", "id": 9})
        answer = player.until(lambda m: m["type"] in ("hint", "error") and m.get("id") == 9)
        assert answer["type"] == "hint" and answer["window"] == state["window"]
        assert answer["action"] in state["legal"]
        assert answer["reason"]["key"].startswith("hint.")
        assert app_state(client).tables.live[table_id].hints >= 1


def test_hints_are_stored_with_the_deal_and_survive_a_restart(db_path: Path) -> None:
    config = web_config(db_path)
    with TestClient(create_app(config)) as first:
        table_id = start_table(first, "paohuzi", difficulty="hard")
        with table_socket(first, table_id) as player:
            while not player.waiting_for_me():
                player.until(lambda m: m["type"] == "state")
            for i in range(2):
                player.send({"type": "hint", "id": i})
                assert player.until(answering(i))["type"] == "hint"
        row = portal(first).call(app_state(first).store.load, table_id)
        assert row is not None and row.hints == 2
        cookies = dict(first.cookies)
    with TestClient(create_app(config)) as second:  # the table is loaded again from the store
        for name, value in cookies.items():
            second.cookies.set(name, value)
        with table_socket(second, table_id) as player:
            player.until(lambda m: m["type"] == "state")
            assert app_state(second).tables.live[table_id].hints == 2


def test_the_state_lists_the_cards_the_human_waits_for(client: TestClient) -> None:
    manager = app_state(client).tables
    actor, people = portal(client).call(manager.create, "sisepai", "easy", 0, waiting_position())
    secret = people[0]
    client.cookies.set(f"cardavia_t_{actor.id}", secret)
    with table_socket(client, actor.id) as player:
        first = player.until(lambda m: m["type"] == "state")
        waits = {w["card"]: w for w in first["waits"]}
        assert {"F3", "F4", "F5"} <= set(waits)
        assert waits["F3"]["unseen"] == 1 and waits["F3"]["score"] > 0
        assert first["waits"] == waits_of(first["view"], 0)
