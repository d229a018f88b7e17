"""Who plays a seat is data (``live/seats.py``): any seat is a person's or a computer's, and a
person's seat can be handed to a computer mid-deal and given back. One person against computers is
one configuration of it."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from cardavia.engine.notation import split_line
from cardavia.engine.registry import game_names, get_spec
from cardavia.web.live.seats import SeatControl

from .helpers import app_state, portal, start_table, table_socket


def test_a_seat_is_a_persons_until_a_computer_covers_it() -> None:
    seats = SeatControl(4, [0, 2])
    assert [seats.person_plays(s) for s in range(4)] == [True, False, True, False]
    assert seats.playing() == [0, 2]
    seats.cover(2)
    assert seats.computer_plays(2) and seats.covered(2) and seats.playing() == [0]
    seats.uncover(2)
    assert seats.person_plays(2) and seats.playing() == [0, 2]


def test_only_a_persons_seat_can_be_covered_and_seats_exist() -> None:
    seats = SeatControl(3, [1])
    with pytest.raises(ValueError, match="nobody sits at seat 0"):
        seats.cover(0)
    with pytest.raises(ValueError, match=r"one of 0\.\.2"):
        SeatControl(3, [3])


@pytest.mark.timeout(60)  # a seat nobody plays would wait for ever
@pytest.mark.parametrize("game", game_names())
def test_a_computer_plays_to_the_end_for_a_person_who_handed_over(client: TestClient, game: str) -> None:
    table_id = start_table(client, game)
    with table_socket(client, table_id) as player:
        player.until(lambda m: m["type"] == "state" and m["window"] is not None)
        actor = app_state(client).tables.live[table_id]
        portal(client).call(actor.hand_over, 0)
        last = player.until(lambda m: m["type"] == "state" and m["step"] == "end")
        assert last["outcome"] is not None
    record = client.get(f"/tables/{table_id}/record").json()
    own = [a for a in record["actions"] if split_line(a, get_spec(game).seats)[0] == 0]
    assert len(own) > 1, "the computer played the person's seat"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game", game_names())
def test_a_person_who_takes_the_seat_back_is_asked_again(client: TestClient, game: str) -> None:
    table_id = start_table(client, game)
    with table_socket(client, table_id) as player:
        asked = player.until(lambda m: m["type"] == "state" and m["window"] is not None)
        actor = app_state(client).tables.live[table_id]
        stored = len(actor.game.actions())
        portal(client).call(actor.hand_over, 0)
        player.until(lambda m: m["type"] == "state" and m["v"] > asked["v"])
        assert len(actor.game.actions()) > stored  # the computer answered the open decision
        portal(client).call(actor.take_back, 0)
        asked_or_over = lambda m: m["type"] == "state" and (m["window"] is not None or m["step"] == "end")  # noqa: E731
        again = player.until(asked_or_over)
        if again["step"] != "end":
            assert player.act(again["legal"][0])["type"] == "ack"
