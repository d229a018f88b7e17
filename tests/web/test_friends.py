"""A table for friends, over HTTP and WebSocket as its people's browsers use it: the lobby and its
invite link, the start, everyone's own seat, timeouts and a person gone played for by a computer,
reactions, the next deal and its running score, revoked links, reloads and abandoned tables."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.game import seat_result
from cardavia.engine.notation import split_line
from cardavia.engine.record import replay
from cardavia.engine.registry import game_names, get_spec
from cardavia.web.live.actor import TableActor

from .helpers import Player, app_state, in_threads, portal
from .test_people import check_own_frames

Streams = dict[int, list[dict[str, Any]]]


def open_lobby(client: TestClient, game: str, turn: str = "30", name: str = "Ana") -> tuple[str, str, str]:
    """Open a friends' table as its host; its id, the host's secret and the invite path."""
    response = client.post(
        f"/games/{game}/friends",
        data={"difficulty": "easy", "turn": turn, "name": name},
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    table_id = response.headers["location"].removeprefix("/tables/")
    secret = response.cookies[f"cardavia_t_{table_id}"]
    client.cookies.clear()
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, secret)) as ws:
        lobby = Player(ws).until(lambda m: m["type"] == "state")
    assert lobby["step"] == "lobby" and lobby["seat"] == 0
    return table_id, secret, lobby["lobby"]["invite"]


def join(client: TestClient, invite: str, name: str) -> tuple[int, str]:
    """Take a seat by the invite link; the response's status and the seat's secret ("" if none)."""
    response = client.post(invite, data={"name": name}, follow_redirects=False)
    secret = next((v for k, v in response.cookies.items() if k.startswith("cardavia_t_")), "")
    client.cookies.clear()
    return response.status_code, secret


def cookie(table_id: str, secret: str) -> dict[str, str]:
    return {"cookie": f"cardavia_t_{table_id}={secret}"}


@contextmanager
def two_sockets(client: TestClient, table_id: str, host: str, guest: str) -> Iterator[tuple[Player, Player]]:
    """The host's and a guest's sockets at a table, each past its first state."""
    with (
        client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, host)) as hws,
        client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, guest)) as gws,
    ):
        owner, other = Player(hws), Player(gws)
        owner.until(lambda m: m["type"] == "state")
        other.until(lambda m: m["type"] == "state")
        yield owner, other


def actor_of(client: TestClient, table_id: str) -> TableActor:
    actor: TableActor = app_state(client).tables.live[table_id]
    return actor


def play_evening(
    client: TestClient,
    table_id: str,
    people: dict[int, str],
    start: bool = True,
    during: Callable[[int, Player], None] | None = None,
) -> Streams:
    """Every person connects on their own socket (the host starts the deal) and plays seeded legal
    choices to its end; the state messages each received after the lobby, by seat."""
    streams: Streams = {}
    # Everyone is at the table before the host starts, as friends are: a socket that opened late
    # would be shown the deal from where it stands rather than from its first frame.
    seated = threading.Barrier(len(people), timeout=60)

    def play(seat: int) -> None:
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, people[seat])) as ws:
            player = Player(ws, seed=seat + 7)
            first = player.until(lambda m: m["type"] == "state")
            seated.wait()
            if first["step"] == "lobby":
                if seat == 0 and start:
                    player.send({"type": "start"})
                player.until(lambda m: m["type"] == "state" and m["step"] != "lobby", limit=100_000)
            if during is not None:
                during(seat, player)
            player.play_to_end()
            states = map(json.loads, player.received)
            streams[seat] = [m for m in states if m["type"] == "state" and m["step"] != "lobby"]

    in_threads(play, people)
    assert set(streams) == set(people), "a person's deal did not end"
    return streams


@pytest.mark.timeout(180)
@pytest.mark.parametrize("game", game_names())
def test_two_friends_and_computers_play_a_whole_deal(client: TestClient, game: str) -> None:
    seats = get_spec(game).seats
    table_id, host, invite = open_lobby(client, game)
    assert client.get(invite).status_code == 200  # the name form
    status, guest = join(client, invite, "Bo")
    assert status == 303 and guest
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, guest)) as ws:
        lobby = Player(ws).until(lambda m: m["type"] == "state")
    assert lobby["step"] == "lobby" and lobby["seat"] == 1 and "invite" not in lobby["lobby"]
    assert [s["kind"] for s in lobby["lobby"]["seats"]] == ["human", "human"] + ["empty"] * (seats - 2)
    assert [s["name"] for s in lobby["lobby"]["seats"][:2]] == ["Ana", "Bo"]

    streams = play_evening(client, table_id, {0: host, 1: guest})
    actor = actor_of(client, table_id)
    check_own_frames(actor, streams)
    players = streams[0][-1]["players"]
    assert [p["kind"] for p in players] == ["human", "human"] + ["computer"] * (seats - 2)
    assert [p["name"] for p in players[:2]] == ["Ana", "Bo"]
    movers = {split_line(line, seats)[0] for line in actor.game.record()["actions"]}
    assert set(range(seats)) <= movers or {0, 1} <= movers
    # The stored record replays, and each person may download it now.
    record = client.get(f"/tables/{table_id}/record", headers=cookie(table_id, guest))
    assert record.status_code == 200
    # Each person reviews their own seat's decisions.
    assert client.get(f"/tables/{table_id}/review", headers=cookie(table_id, guest)).status_code == 200
    reviews = app_state(client).reviews
    stored = portal(client).call(reviews.stored, table_id, 1)
    assert reviews.job(table_id, 1) is not None or stored is not None
    replayed = replay(record.json())
    assert replayed.outcome() == actor.game.outcome()
    totals = streams[1][-1]["totals"]
    outcome = actor.game.outcome()
    assert outcome is not None and totals == [round(seat_result(outcome, s)) for s in range(seats)]


def test_a_full_or_started_table_refuses_joins_and_a_seat_opens_only_itself(client: TestClient) -> None:
    table_id, _, invite = open_lobby(client, "paohuzi")  # three seats
    assert join(client, invite, "Bo")[0] == 303
    status, third = join(client, invite, "Cy")
    assert status == 303
    assert join(client, invite, "Di")[0] == 409  # every seat is a person's
    assert client.get(invite).status_code == 409
    assert "Every seat" in client.get(invite).text
    # A seated browser opening the link again goes to its table, and takes no second seat.
    again = client.get(invite, headers=cookie(table_id, third), follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"] == f"/tables/{table_id}"
    # A wrong link, a bad name.
    assert client.get(f"/tables/{table_id}/join/{'x' * 32}").status_code == 404
    table2, host2, invite2 = open_lobby(client, "sisepai")
    assert client.post(invite2, data={"name": "  "}).status_code == 400
    assert client.post(invite2, data={"name": "x" * 25}).status_code == 400
    assert client.post("/games/sisepai/friends", data={"turn": "45"}).status_code == 400
    assert client.post("/games/sisepai/friends", data={"difficulty": "wild"}).status_code == 400
    # The guest's secret opens the guest's seat only, and acts only for it.
    status, guest = join(client, invite2, "Bo")
    assert client.get(f"/tables/{table2}", headers=cookie(table2, "forged")).status_code == 403
    assert client.get(f"/tables/{table_id}", headers=cookie(table_id, guest)).status_code == 403
    with two_sockets(client, table2, host2, guest) as (owner, other):
        other.send({"type": "start", "id": 1})
        assert other.until(lambda m: m["type"] == "error")["key"] == "error.not_host"
        owner.send({"type": "start"})
        state = owner.until(lambda m: m["type"] == "state" and m["step"] != "lobby" and bool(m["legal"]))
        # The dealer's first decision is the host's; the guest sends an answer to it on their socket.
        other.send({"type": "act", "window": state["window"], "action": state["legal"][0], "id": 9})
        refused = other.until(lambda m: m["type"] == "error" and m["id"] == 9)
        assert refused["key"] in ("error.not_your_turn", "error.stale")
        assert owner.act(state["legal"][0])["type"] == "ack"
    assert join(client, invite2, "Cy")[0] in (404, 409)  # started: the link opens nothing


def test_a_new_link_revokes_the_old_one(client: TestClient) -> None:
    table_id, host, invite = open_lobby(client, "sisepai")
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, host)) as ws:
        player = Player(ws)
        player.until(lambda m: m["type"] == "state")
        player.send({"type": "invite"})
        fresh = player.until(lambda m: m["type"] == "state" and m["lobby"]["invite"] != invite)["lobby"][
            "invite"
        ]
    assert client.get(invite).status_code == 404
    assert join(client, invite, "Bo")[0] == 404
    assert join(client, fresh, "Bo")[0] == 303


@pytest.mark.timeout(120)
def test_a_slow_person_is_played_for_by_a_computer_and_flagged(client_for: Callable[..., TestClient]) -> None:
    """The guest never answers: each decision's time runs out and a computer answers for them
    (not a blind pass), stored as a timeout; after two in a row a computer plays their seat."""
    client = client_for(turn_seconds=0.2)
    table_id, host, invite = open_lobby(client, "sisepai")
    _, guest = join(client, invite, "Bo")
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, guest)) as gws:
        watcher = Player(gws)  # reads everything, answers nothing
        streams: Streams = {}

        def at_once(role: int) -> None:
            if role == 0:
                watcher.until(lambda m: m["type"] == "state" and m["step"] == "end", limit=100_000)
            else:
                streams.update(play_evening(client, table_id, {0: host}))

        in_threads(at_once, [0, 1])
        seen = [json.loads(t) for t in watcher.received]
    actor = actor_of(client, table_id)
    assert streams[0][-1]["step"] == "end"
    row = portal(client).call(app_state(client).store.load, table_id)
    assert row is not None and row.timeouts, "the guest's time ran out"
    flagged = [row.lines[i] for i in sorted(row.timeouts)]
    assert all(split_line(line, 4)[0] == 1 for line in flagged), flagged
    assert any(split_line(line, 4)[1] != "pass" for line in flagged), "a computer chose, not a blind pass"
    players = [m for m in seen if m["type"] == "players"]
    assert any(p["players"][1]["auto"] for p in players), "after two timeouts the guest is played for"
    assert actor.company is not None and 1 in actor.company.auto
    # The record replays the same without any clock.
    record = client.get(f"/tables/{table_id}/record", headers=cookie(table_id, host)).json()
    assert replay(record).outcome() == actor.game.outcome()


@pytest.mark.timeout(120)
def test_a_person_who_left_is_played_for_and_takes_the_seat_back(
    client_for: Callable[..., TestClient],
) -> None:
    client = client_for(friends_grace=0.1)
    table_id, host, invite = open_lobby(client, "paohuzi")
    _, guest = join(client, invite, "Bo")
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, host)) as hws:
        owner = Player(hws)
        owner.until(lambda m: m["type"] == "state")
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, guest)) as gws:
            Player(gws).until(lambda m: m["type"] == "state")
            owner.send({"type": "start"})
        # The guest's only socket closed: after the grace a computer plays their seat.
        gone = owner.until(lambda m: m["type"] == "players" and m["players"][1]["auto"])
        assert gone["players"][1]["connected"] is False
    actor = actor_of(client, table_id)
    assert actor.seats.covered(1)
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, guest)) as gws:
        back = Player(gws, seed=3)
        back.until(lambda m: m["type"] == "state")
        back.send({"type": "back"})
        back.until(lambda m: m["type"] == "players" and not m["players"][1]["auto"])
        assert not actor.seats.covered(1)
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, host)) as hws:
            owner = Player(hws, seed=5)
            owner.until(lambda m: m["type"] == "state")
            def play(i: int) -> None:
                (owner, back)[i].play_to_end()

            in_threads(play, [0, 1], 60)
    assert actor.game.decision() is None


@pytest.mark.timeout(60)
def test_a_person_back_in_a_window_a_computer_answered_for_them_answers_it_themselves(
    client_for: Callable[..., TestClient],
) -> None:
    """The guest is played for; in a window asking the host too, the computer's answer for the guest
    waits for the host's. The guest comes back before the host answers: the decision is theirs
    again (their page gets its options, the computer's answer is dropped), and the deal goes on."""
    client = client_for(friends_grace=0.1)
    table_id, host, invite = open_lobby(client, "paohuzi")
    _, guest = join(client, invite, "Bo")
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, host)) as hws:
        owner = Player(hws, seed=5)
        owner.until(lambda m: m["type"] == "state")
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, guest)) as gws:
            Player(gws).until(lambda m: m["type"] == "state")
            owner.send({"type": "start"})
        owner.until(lambda m: m["type"] == "players" and m["players"][1]["auto"])
        actor = actor_of(client, table_id)

        def guest_held() -> bool:
            deadline = time.monotonic() + 0.5  # the computer's answer comes back in a moment
            while time.monotonic() < deadline:
                if 1 in actor.computers.held:
                    return True
                time.sleep(0.01)
            return False

        while not (owner.waiting_for_me() and guest_held()):
            assert not owner.over(), "no window asked the host and the played-for guest at once"
            if owner.waiting_for_me():
                legal = owner.state["legal"] if owner.state else []
                assert owner.act(legal[owner.rng.below(len(legal))])["type"] == "ack"
            else:
                owner.until(lambda m: m["type"] == "state")
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, guest)) as gws:
            back = Player(gws, seed=3)
            back.until(lambda m: m["type"] == "state")
            back.send({"type": "back"})
            asked = back.until(lambda m: m["type"] == "state" and m["window"] is not None, limit=20)
            assert asked["legal"] and 1 not in actor.computers.held

            def play(i: int) -> None:
                (owner, back)[i].play_to_end()

            in_threads(play, [0, 1], 60)
    assert actor.game.decision() is None


@pytest.mark.timeout(180)
def test_the_next_deal_keeps_the_people_and_the_running_score(client: TestClient) -> None:
    table_id, host, invite = open_lobby(client, "paohuzi")
    _, guest = join(client, invite, "Bo")
    play_evening(client, table_id, {0: host, 1: guest})
    first = actor_of(client, table_id)
    outcome = first.game.outcome()
    assert outcome is not None
    with two_sockets(client, table_id, host, guest) as (owner, other):
        other.send({"type": "next"})
        url = other.until(lambda m: m["type"] == "next")["url"]
        assert owner.until(lambda m: m["type"] == "next")["url"] == url
        owner.send({"type": "next"})  # a second "next" deals nothing more
        assert owner.until(lambda m: m["type"] == "next")["url"] == url
    second = url.removeprefix("/tables/")
    assert second != table_id
    # Each person's cookie of the first deal opens their own seat at the next one.
    for seat, secret in ((0, host), (1, guest)):
        assert client.get(url, headers=cookie(table_id, secret)).status_code == 200
        with client.websocket_connect(f"/ws/{url.lstrip('/')}", headers=cookie(table_id, secret)) as ws:
            state = Player(ws).until(lambda m: m["type"] == "state")
            assert state["seat"] == seat
            assert state["totals"] == [round(seat_result(outcome, s)) for s in range(3)]
    assert client.get(url, headers=cookie(table_id, "forged")).status_code == 403
    streams = play_evening(client, second, {0: host, 1: guest}, start=False)
    later = actor_of(client, second).game.outcome()
    assert later is not None
    assert streams[0][-1]["totals"] == [
        round(seat_result(outcome, s) + seat_result(later, s)) for s in range(3)
    ]


def test_reactions_reach_everyone_and_are_limited(client: TestClient) -> None:
    table_id, host, invite = open_lobby(client, "sisepai")
    _, guest = join(client, invite, "Bo")
    with two_sockets(client, table_id, host, guest) as (owner, other):
        other.send({"type": "react", "key": "well_played"})
        assert owner.until(lambda m: m["type"] == "react") == {
            "type": "react",
            "seat": 1,
            "key": "well_played",
        }
        assert other.until(lambda m: m["type"] == "react")["seat"] == 1
        other.send({"type": "react", "key": "you are bad", "id": 2})
        assert other.until(lambda m: m["type"] == "error")["key"] == "error.reaction"
        keys = []
        for _ in range(5):
            other.send({"type": "react", "key": "oops", "id": 3})
        for _ in range(5):
            answer = other.until(lambda m: m["type"] in ("react", "error") and m.get("seat", 1) == 1)
            keys.append(answer.get("key"))
        assert "error.reactions" in keys, keys


@pytest.mark.timeout(60)
def test_a_lobby_and_a_deal_with_two_people_are_seated_again_after_a_reload(client: TestClient) -> None:
    table_id, host, invite = open_lobby(client, "sisepai")
    _, guest = join(client, invite, "Bo")
    manager = app_state(client).tables
    portal(client).call(manager._evict, manager.live[table_id])
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, guest)) as ws:
        lobby = Player(ws).until(lambda m: m["type"] == "state")
    assert lobby["step"] == "lobby" and lobby["seat"] == 1
    assert [s["name"] for s in lobby["lobby"]["seats"][:2]] == ["Ana", "Bo"]
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, host)) as ws:
        player = Player(ws)
        invite_now = player.until(lambda m: m["type"] == "state")["lobby"]["invite"]
        assert invite_now == invite
        player.send({"type": "start"})
        player.until(lambda m: m["type"] == "state" and m["step"] != "lobby")
    portal(client).call(manager._evict, manager.live[table_id])
    play_evening(client, table_id, {0: host, 1: guest})
    assert actor_of(client, table_id).game.decision() is None


@pytest.mark.timeout(60)
def test_a_table_everyone_left_is_ended_as_abandoned(client_for: Callable[..., TestClient]) -> None:
    client = client_for(friends_grace=0.05, abandon_after=0.3)
    table_id, host, invite = open_lobby(client, "paohuzi")
    assert join(client, invite, "Bo")[0] == 303
    client.get(f"/tables/{table_id}", headers=cookie(table_id, host))
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=cookie(table_id, host)) as ws:
        player = Player(ws)
        player.until(lambda m: m["type"] == "state")
        player.send({"type": "start"})
        player.until(lambda m: m["type"] == "state" and m["step"] != "lobby")
    manager = app_state(client).tables
    deadline = time.monotonic() + 10
    while table_id in manager.live and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table_id not in manager.live, "an abandoned table leaves memory"
    page = client.get(f"/tables/{table_id}", headers=cookie(table_id, host))
    assert page.status_code == 410
    assert portal(client).call(manager.rooms.abandoned, table_id)


def test_new_friends_tables_are_rate_limited_like_new_deals(client_for: Callable[..., TestClient]) -> None:
    client = client_for(start_rate_per_minute=1, start_burst=1)
    first = client.post("/games/paohuzi/friends", data={"turn": "15"}, follow_redirects=False)
    assert first.status_code == 303
    second = client.post("/games/paohuzi/friends", data={"turn": "15"}, follow_redirects=False)
    assert second.status_code == 429 and "Retry-After" in second.headers
