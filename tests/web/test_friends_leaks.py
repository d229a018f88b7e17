"""Hidden stays hidden between people: at a friends' table with two people, what one of them receives
depends only on what their seat may know. Twin deals that differ only in the other person's concealed
cards and options (``leakscan.twin`` with ``person``) must send the first the same stream, and no
message to either may carry a card it must not see; a planted leak makes the check fail."""

from __future__ import annotations

import functools
import json
import threading
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.notation import split_line
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.web.live.actor import TableActor
from cardavia.web.wire import StateMessage

from .helpers import Player, app_state, in_threads, portal, start_table, table_socket
from .leakscan import ScriptedAi, differences, position_of, scan_messages, stream, twin
from .test_friends import cookie, join

OTHER = 1  # the second person's seat (the first empty seat after the host's)
Twins = tuple[dict[str, Any], dict[str, Any], list[int]]


def finished_record(client: TestClient, game: str, seed: int) -> dict[str, Any]:
    table_id = start_table(client, game)
    with table_socket(client, table_id, seed) as player:
        player.play_to_end()
    record: dict[str, Any] = client.get(f"/tables/{table_id}/record").json()
    client.cookies.clear()
    return record


def person_twins(client: TestClient, game: str) -> Twins:
    """A finished deal and its twin that differs in seat ``OTHER``'s concealed cards and where it
    was asked (and in one computer's cards), seen from seat 0."""
    for seed in range(1, 80):
        record = finished_record(client, game, seed)
        found = twin(record, 0, Rng(seed), person=OTHER)
        if found is not None:
            return record, found[0], found[1]
    raise AssertionError("no twin deal found")


def play_together(client: TestClient, record: dict[str, Any]) -> dict[int, list[str]]:
    """Play ``record`` at a friends' table: the host at seat 0 and a second person at ``OTHER``
    each answer as the record did on their own socket, the computers play the record's answers.
    Every message each person received after the lobby."""
    manager = app_state(client).tables
    real, manager._ai = manager._ai, ScriptedAi(record, 0)
    try:
        opening = functools.partial(
            manager.open_friends, record["game"], "easy", 30, "Ana", position_of(record)
        )
        table_id, host = portal(client).call(opening)
        actor: TableActor = portal(client).call(manager.get, table_id)  # its computers the scripted ones
    finally:
        manager._ai = real
    assert actor.company is not None
    status, guest = join(client, f"/tables/{table_id}/join/{actor.company.room.invite}", "Bo")
    assert status == 303
    seats = get_spec(record["game"]).seats
    scripts = {
        s: [split_line(a, seats)[1] for a in record["actions"] if split_line(a, seats)[0] == s]
        for s in (0, OTHER)
    }
    ready = threading.Barrier(2)
    received: dict[int, list[str]] = {}
    secrets = {0: host, OTHER: guest}

    def play(seat: int) -> None:
        headers = cookie(table_id, secrets[seat])
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws:
            player = Player(ws)
            player.until(lambda m: m["type"] == "state")  # the lobby
            ready.wait(30)
            if seat == 0:
                player.send({"type": "start"})
            player.until(lambda m: m["type"] == "state" and m["step"] != "lobby")
            mine = iter(scripts[seat])
            while not player.over():
                if player.waiting_for_me():
                    assert player.act(next(mine))["type"] == "ack"
                else:
                    player.until(lambda m: m["type"] == "state")
            received[seat] = [t for t in player.received if json.loads(t).get("step") != "lobby"]

    in_threads(play, secrets)
    return received


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", game_names())
def test_a_person_is_sent_the_same_stream_whatever_the_other_persons_cards(
    client: TestClient, game: str
) -> None:
    record, other, swapped = person_twins(client, game)
    assert OTHER in swapped
    first, second = play_together(client, record), play_together(client, other)
    masked = dict.fromkeys(swapped)
    assert differences(stream(first[0], masked), stream(second[0], masked)) == []
    findings = [
        *scan_messages(first[0], record, 0),
        *scan_messages(first[OTHER], record, OTHER),
        *scan_messages(second[0], other, 0),
        *scan_messages(second[OTHER], other, OTHER),
    ]
    assert findings == []
    print(
        f"{game}: 2 twin deals at two-person tables, {sum(map(len, (*first.values(), *second.values())))}"
        f" messages scanned, {len(findings)} findings"
    )


@pytest.mark.timeout(300)
def test_the_twin_check_fails_when_a_person_learns_where_the_other_was_asked(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The planted leak: the host's messages say which seats the game waits for."""
    original = TableActor.state_message

    def leaky(self: TableActor, *args: Any, **kwargs: Any) -> StateMessage:
        message = original(self, *args, **kwargs)
        decision = self.game.decision()
        message["waits"] = (
            [] if decision is None else [{"card": f"S{s}", "unseen": 0} for s in decision.seats]
        )
        return message

    record, other, swapped = person_twins(client, "sisepai")
    monkeypatch.setattr(TableActor, "state_message", leaky)
    first, second = play_together(client, record), play_together(client, other)
    masked = dict.fromkeys(swapped)
    assert differences(stream(first[0], masked), stream(second[0], masked)) != []
