"""Several people at one table: each plays their own seat from their own browser (their own
secret and sockets) and is sent only their own seat's frames; the other seats are computers."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.notation import split_line
from cardavia.engine.registry import game_names, get_spec
from cardavia.web.live.actor import TableActor
from cardavia.web.live.frames import Frame
from cardavia.web.live.manager import replay_frames
from cardavia.web.live.viewer import Viewer
from cardavia.web.wire import StateMessage

from .helpers import Player, app_state, in_threads, portal

Streams = dict[int, list[dict[str, Any]]]


def seat_table(client: TestClient, game: str) -> tuple[TableActor, dict[int, str]]:
    """A table of ``game`` with people at its first and last seats; its actor and their secrets."""
    manager = app_state(client).tables
    guest = get_spec(game).seats - 1
    create = functools.partial(manager.create, game, "easy", 0, guests=[guest])
    actor, people = portal(client).call(create)
    client.cookies.clear()  # each person's secret goes with their own socket only
    return actor, people


def cookie(table_id: str, secret: str) -> dict[str, str]:
    return {"cookie": f"cardavia_t_{table_id}={secret}"}


def play_together(client: TestClient, table_id: str, people: dict[int, str]) -> Streams:
    """Every person plays seeded legal choices on their own socket, at once, to the end of the
    deal; the state messages each received, by seat."""
    streams: Streams = {}

    def play(seat: int) -> None:
        headers = cookie(table_id, people[seat])
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws:
            player = Player(ws, seed=seat + 1)
            player.play_to_end()
            streams[seat] = [m for m in map(_loads, player.received) if m["type"] == "state"]

    in_threads(play, people, 90)
    assert set(streams) == set(people), "a person's deal did not end"
    return streams


def _loads(text: str) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(text)
    return message


def check_own_frames(actor: TableActor, streams: Streams) -> None:
    """Each person was sent exactly the frames their own seat's builder makes from the stored
    deal (a function of what that seat may know), in order, marked with their seat."""
    record = actor.game.record()
    position = {k: v for k, v in record.items() if k != "actions"}
    spec = actor.game.spec
    for seat, states in streams.items():
        frames: list[Frame] = replay_frames(spec, position, seat, list(record["actions"]))[2]
        assert {m["seat"] for m in states} == {seat}
        versions = [m["v"] for m in states]
        assert versions == list(range(1, len(frames) + 1)), f"seat {seat}: frames {versions}"
        for message, frame in zip(states, frames, strict=True):
            assert message["view"] == frame.view, f"seat {seat}: frame {frame.v} is not its own seat's"


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", game_names())
def test_two_people_play_a_whole_deal_each_seeing_only_their_own_seat(client: TestClient, game: str) -> None:
    actor, people = seat_table(client, game)
    streams = play_together(client, actor.id, people)
    check_own_frames(actor, streams)
    seats = get_spec(game).seats
    movers = {split_line(line, seats)[0] for line in actor.game.record()["actions"]}
    assert set(people) <= movers, "each person played their own seat"
    assert actor.seats.people == frozenset(people) and all(not actor.seats.covered(s) for s in people)
    assert len(actor.viewers) == 2 < seats


@pytest.mark.timeout(120)
def test_the_check_fails_when_a_person_is_sent_another_seats_view(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The planted violation: the guest's messages carry the owner's view (his hand)."""

    def leaky(self: TableActor, viewer: Viewer, frame: Frame, *args: Any, **kwargs: Any) -> StateMessage:
        message = original(self, viewer, frame, *args, **kwargs)
        if viewer.seat != self.seat:
            message["view"] = self.viewers[self.seat].last.view
        return message

    original = TableActor.state_message
    monkeypatch.setattr(TableActor, "state_message", leaky)
    actor, people = seat_table(client, "sisepai")
    streams = play_together(client, actor.id, people)
    with pytest.raises(AssertionError, match="is not its own seat's"):
        check_own_frames(actor, streams)


def test_each_person_has_their_own_secret_and_seat(client: TestClient) -> None:
    actor, people = seat_table(client, "paohuzi")
    guest = max(people)
    page = client.get(f"/tables/{actor.id}", headers=cookie(actor.id, people[guest]))
    owner = client.get(f"/tables/{actor.id}", headers=cookie(actor.id, people[0]))
    assert page.status_code == owner.status_code == 200
    stranger = client.get(f"/tables/{actor.id}", headers=cookie(actor.id, "not-a-secret"))
    assert stranger.status_code == 403
    with client.websocket_connect(f"/ws/tables/{actor.id}", headers=cookie(actor.id, people[guest])) as ws:
        first = Player(ws).until(lambda m: m["type"] == "state")
        assert first["seat"] == guest
    record = client.get(f"/tables/{actor.id}/record", headers=cookie(actor.id, people[guest]))
    assert record.status_code == 409  # the deal is on: its record holds every hidden card


@pytest.mark.timeout(60)
def test_the_people_are_seated_again_when_the_table_is_loaded_from_the_database(client: TestClient) -> None:
    actor, people = seat_table(client, "sisepai")
    manager = app_state(client).tables
    portal(client).call(manager._evict, actor)
    assert actor.id not in manager.live
    guest = max(people)
    with client.websocket_connect(f"/ws/tables/{actor.id}", headers=cookie(actor.id, people[guest])) as ws:
        assert Player(ws).until(lambda m: m["type"] == "state")["seat"] == guest
    loaded = manager.live[actor.id]
    assert loaded is not actor and set(loaded.viewers) == set(people)
