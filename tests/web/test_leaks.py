"""The leak scanner over whole deals of both games: nothing sent to the human's seat reveals a
computer's concealed card, the stock order, or whether a computer had an option. The scanner is
shown to catch a planted version of each channel."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.registry import game_names
from cardavia.engine.rng import Rng
from cardavia.web.live import pacer as pacer_module
from cardavia.web.live.actor import TableActor
from cardavia.web.live.computers import BUDGET
from cardavia.web.live.frames import FrameBuilder
from cardavia.web.wire import StateMessage

from .helpers import app_state, start_table, table_socket
from .leakscan import (
    differences,
    plant_per_answer_stores,
    play_scripted,
    replay_steps,
    scan,
    scan_messages,
    scripted_table,
    stream,
    timing_report,
    twin,
    window_gaps,
)

GAMES = tuple(game_names())


def scan_deal(client: TestClient, game: str, seed: int) -> tuple[int, list[str]]:
    """Play one deal at a live table (seeded random human); return the messages and problems."""
    table_id = start_table(client, game)
    with table_socket(client, table_id, seed) as player:
        player.play_to_end()
        received = list(player.received)
        seat = player.state["seat"] if player.state else 0
    record = client.get(f"/tables/{table_id}/record").json()
    return len(received), scan_messages(received, record, seat)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_no_message_to_the_human_reveals_hidden_cards(client: TestClient, game: str, seed: int) -> None:
    count, problems = scan_deal(client, game, seed)
    assert count > 5
    assert problems == []


@pytest.mark.parametrize("game", GAMES)
def test_the_scanner_catches_planted_card_leaks(client: TestClient, game: str) -> None:
    table_id = start_table(client, game)
    with table_socket(client, table_id) as player:
        player.play_to_end()
    record = client.get(f"/tables/{table_id}/record").json()
    steps = replay_steps(record, 0)
    step = next(s for s in steps if s.frame.legal and s.settled)  # the human is asked here
    message: dict[str, Any] = {"type": "state", "v": step.frame.v, "view": step.frame.view,
                               "legal": list(step.frame.legal), "events": step.frame.events}
    assert scan(json.dumps(message), step, 0) == []
    other = 1
    hand: list[str] = step.after.view(None)["seats"][other]["hand"]  # type: ignore[assignment]

    def planted(change: Callable[[dict[str, Any]], None]) -> list[str]:
        copy = json.loads(json.dumps(message))
        change(copy)
        return scan(json.dumps(copy), step, 0)

    assert any("concealed hand is listed" in p for p in planted(
        lambda m: m["view"]["seats"][other].__setitem__("hand", hand)))
    assert any("concealed hand appears" in p for p in planted(
        lambda m: m.__setitem__("events", [{"kind": "x", "params": {"cards": sorted(hand)}}])))
    assert any("not a count" in p for p in planted(lambda m: m["view"].__setitem__("stock", ["a"])))
    assert any("stock order" in p for p in planted(
        lambda m: m.__setitem__("hint", " ".join(step.future_stock[:4]))))
    assert any("referee-only" in p for p in planted(lambda m: m.__setitem__("seed", 7)))
    assert any("otherwise" in p for p in planted(
        lambda m: m["view"]["seats"][other]["melds"].append(hand[0])))
    # in words, or as a list anywhere but the seat's own hand
    assert any("concealed hand appears in the text" in p for p in planted(
        lambda m: m.__setitem__("tip", "Computer 1 holds " + " ".join(sorted(hand)) + ".")))
    assert any("stock order" in p for p in planted(
        lambda m: m["events"].append({"kind": "x", "params": {"cards": step.future_stock[:4]}})))


def test_the_scanner_reads_runs_of_cards_as_they_stand():
    """A run of codes leaks only on its own: inside a longer run of one string (a public group)
    it is part of something else; the seat's own hand is its own."""
    from .leakscan import _alone, _without_own_hand

    codes = {"b7", "b8", "b9", "b10", "RH", "RN", "YG", "YA"}
    assert not _alone('{"legal": ["chi b7 b8 b9", "pass"]}', "b8 b9", codes)
    assert not _alone('{"melds": ["chi b8 b9 b10"]}', "b8 b9", codes)
    assert _alone('{"tip": "Computer 2 holds b8 b9."}', "b8 b9", codes)
    assert _alone('{"legal": ["chi b7 b8 b9"], "tip": "b8 b9"}', "b8 b9", codes)
    assert not _alone('{"melds": ["peng b1 b10 b10"]}', "b1 b1", codes | {"b1"})
    assert _alone('{"cards": ["RC", "RH", "RN", "YG", "YA"]}', 'RH", "RN", "YG", "YA', codes)
    message = {"view": {"seats": [{"hand": ["RH", "RN", "YG", "YA"]}, {"hand": 20}]}}
    assert "RH" not in _without_own_hand(message, 0) and '"hand": 20' in _without_own_hand(message, 0)
    assert "RH" in _without_own_hand(message, 1)


@pytest.mark.parametrize("game", GAMES)
def test_each_frame_knows_the_stock_still_to_come_after_its_own_draws(client: TestClient, game: str) -> None:
    """One action can draw several cards, each shown in a frame of its own: a frame's stock to
    come leaves out what it and the frames before it drew (else a shown card reads as a leak)."""
    checked = 0
    for seed in (1, 2):
        table_id = start_table(client, game)
        with table_socket(client, table_id, seed) as player:
            player.play_to_end()
        for step in replay_steps(client.get(f"/tables/{table_id}/record").json(), 0):
            left = [e["params"]["stock"] for e in step.frame.events if e["kind"].endswith(".draw")]
            if left:
                assert len(step.future_stock) == left[-1]
                checked += 1
    assert checked > 10


# --- side channels: twin deals that differ only in the computers' hidden options -------------------


def _finished_record(client: TestClient, game: str, seed: int) -> dict[str, Any]:
    table_id = start_table(client, game)
    with table_socket(client, table_id, seed) as player:
        player.play_to_end()
    record: dict[str, Any] = client.get(f"/tables/{table_id}/record").json()
    return record


Twins = tuple[dict[str, Any], dict[str, Any], list[int]]


def twin_deals(client: TestClient, game: str, shared: bool = False) -> Iterator[Twins]:
    """Finished deals and their twins, from seeded random deals; see ``leakscan.twin``."""
    for seed in range(1, 60):
        record = _finished_record(client, game, seed)
        found = twin(record, 0, Rng(seed), shared)
        if found is not None:
            yield record, found[0], found[1]


def find_twins(client: TestClient, game: str, shared: bool = False) -> Twins:
    """The first of ``twin_deals``."""
    return next(twin_deals(client, game, shared))


@pytest.mark.parametrize("game", GAMES)
def test_twin_deals_send_the_human_the_same_stream(client: TestClient, game: str) -> None:
    record, other, swapped = find_twins(client, game)
    first, second = play_scripted(client, record), play_scripted(client, other)
    masked = dict.fromkeys(swapped)
    assert differences(stream(first, masked), stream(second, masked)) == []
    assert scan_messages(first, record, 0) == [] and scan_messages(second, other, 0) == []


Plant = Callable[[pytest.MonkeyPatch], None]
PLANTS: dict[str, Plant] = {}


def plant(name: str) -> Callable[[Plant], Plant]:
    """Register a planted channel: a patch that makes the table leak in that way."""

    def register(fn: Plant) -> Plant:
        PLANTS[name] = fn
        return fn

    return register


@plant("version counts stored actions")
def _version_counts_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    original = TableActor.state_message

    def state_message(self: TableActor, *args: Any, **kwargs: Any) -> StateMessage:
        message = original(self, *args, **kwargs)
        message["v"] = len(self.game.actions())
        return message

    monkeypatch.setattr(TableActor, "state_message", state_message)


@plant("window numbers are the engine's")
def _engine_window_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    original = TableActor.state_message

    def state_message(self: TableActor, *args: Any, **kwargs: Any) -> StateMessage:
        message = original(self, *args, **kwargs)
        decision = self.game.decision()
        if message["window"] is not None and decision is not None:
            message["window"] = decision.window
        return message

    monkeypatch.setattr(TableActor, "state_message", state_message)


@plant("window events only where somebody was asked")
def _events_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    original = FrameBuilder.events

    def events(self: FrameBuilder, events: Any, timeout: bool = False) -> None:
        # The old engines: a window (and its resolve) nobody was asked in made no event; here the
        # windows of an action that ran on without stopping are the unasked ones.
        names = [e.kind.split(".", 1)[1] for e in events]
        kept = [e for e, n in zip(events, names, strict=True) if n not in ("window", "resolve")
                or "answer" in names]
        original(self, kept, timeout)

    monkeypatch.setattr(FrameBuilder, "events", events)


@plant("a state before the ack while a computer is still asked")
def _state_before_ack(monkeypatch: pytest.MonkeyPatch) -> None:
    original = TableActor._answer

    async def answer(self: TableActor, *args: Any, **kwargs: Any) -> None:
        viewer = self.viewers[self.seat]
        if self.computers.holding:  # a computer was asked with him
            viewer.publisher.broadcast(self.state_message(viewer, viewer.last, []))
        await original(self, *args, **kwargs)

    monkeypatch.setattr(TableActor, "_answer", answer)


# Paohuzi's engine numbers every public card alike, so its numbers carry a computer's options only
# through its rare win and tianhu decisions; Sì Sè Pái's skipped W2 windows show in most deals.
CHANNELS = [(c, g) for c in sorted(PLANTS) for g in GAMES
            if (c, g) != ("window numbers are the engine's", "paohuzi")]


SIX_TWINS: dict[str, list[Twins]] = {}


def six_twins(client: TestClient, game: str) -> list[Twins]:
    """Six shared twin deals of ``game``, found once per test process (finding them plays deals)."""
    if game not in SIX_TWINS:
        SIX_TWINS[game] = list(itertools.islice(twin_deals(client, game, shared=True), 6))
    return SIX_TWINS[game]


@pytest.mark.parametrize(("channel", "game"), CHANNELS)
def test_the_stream_comparison_catches_each_planted_channel(
    client: TestClient, channel: str, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted channel shows only in deals where it carries something: the scanner finds it
    within a few twin deals."""
    pairs = six_twins(client, game)
    PLANTS[channel](monkeypatch)
    for record, other, swapped in pairs:
        masked = dict.fromkeys(swapped)
        first, second = play_scripted(client, record), play_scripted(client, other)
        if differences(stream(first, masked), stream(second, masked)):
            return
    pytest.fail(f"{channel} went unseen in six twin deals")


THINK = 0.2  # seconds a scripted computer takes to answer in the timing tests
UNIT = 0.25  # the tables' ai_delay there: steps of 0.18-0.35 s, never under THINK
TOLERANCE = 0.06  # the jitter allowed between two runs of the same schedule
ATTEMPTS = 3  # runs of the twin pair before the pacing test gives up


@pytest.mark.e2e  # a paced table, timed by the wall clock
@pytest.mark.clock
def test_steps_are_paced_by_their_kind_alone(
    client_for: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """With pacing on, each step goes out when the one before has had its time: twins give the
    same gaps between messages, and no step waits for a computer's thinking."""
    record, other, _ = find_twins(client_for(db_url=f"sqlite+aiosqlite:///{tmp_path / 'find.db'}"), "sisepai")
    monkeypatch.setattr(pacer_module, "THINK_MARGIN", THINK)  # every step outlasts the thinking
    client = client_for(ai_delay=UNIT)
    jitters = []
    for _ in range(ATTEMPTS):  # a busy machine can hold one message back; a channel shows every time
        gaps = [_gaps(client, r) for r in (record, other)]
        assert len(gaps[0]) == len(gaps[1]) > 10
        jitters.append(max(abs(a - b) for a, b in zip(*gaps, strict=True)))
        if jitters[-1] < TOLERANCE:
            break
    assert min(jitters) < TOLERANCE, jitters
    assert all(actor.late == 0 for actor in app_state(client).tables.live.values())


@pytest.mark.e2e  # a paced table, timed by the wall clock
@pytest.mark.clock
def test_the_timing_check_catches_steps_sent_as_soon_as_computed(
    client_for: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """The old pacing: a step goes out as soon as it is known, so a computer's thinking shows."""
    record, other, _ = find_twins(client_for(db_url=f"sqlite+aiosqlite:///{tmp_path / 'find.db'}"), "sisepai")
    monkeypatch.setattr(pacer_module.Pacer, "step_time", lambda self, kind: 0.0)
    client = client_for(ai_delay=UNIT)
    gaps = [_gaps(client, r, limit=1000) for r in (record, other)]  # the whole deals: quick now
    assert max(abs(a - b) for a, b in zip(*gaps, strict=False)) >= TOLERANCE


def _gaps(client: TestClient, record: dict[str, Any], limit: int = 20) -> list[float]:
    """The seconds between the first ``limit`` states of ``record`` played at a paced table."""
    times: list[float] = []
    with scripted_table(client, record, think=THINK) as (player, scripted):
        mine = iter(scripted.human_actions)
        while len(times) < limit and not player.over():
            message = player.receive()
            if message["type"] != "state":
                continue
            times.append(time.monotonic())
            if player.waiting_for_me():
                player.send({"type": "act", "window": message["window"], "action": next(mine)})
    return [b - a for a, b in itertools.pairwise(times)]


TIMING_DEALS = 5  # deals per game in the timing check of the human's own windows


def _window_report(
    client_for: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, deals: int
) -> dict[str, Any]:
    """The timing check of the human's claim windows over a few paced deals of each game (steps
    shortened to ~30 ms so that a deal takes seconds; the pacing's rules are unchanged)."""
    monkeypatch.setitem(BUDGET, "easy", 0.0)
    monkeypatch.setitem(BUDGET, "random", 0.0)
    monkeypatch.setattr(pacer_module, "THINK_MARGIN", 0.03)
    client = client_for(ai_delay=0.03)
    gaps = [gap for game in GAMES for i in range(deals) for gap in window_gaps(client, game, 40 + i)]
    return timing_report(gaps)


@pytest.mark.e2e  # a paced table, timed by the wall clock
@pytest.mark.clock
def test_the_time_after_the_humans_window_answer_does_not_tell_whether_a_computer_was_asked(
    client_for: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    report = _window_report(client_for, monkeypatch, TIMING_DEALS)
    print(json.dumps(report))
    assert report["shared"] >= 8 and report["alone"] >= 8, report
    assert report["findings"] == [], report


@pytest.mark.e2e  # a paced table, timed by the wall clock
@pytest.mark.clock
def test_the_window_timing_check_catches_answers_stored_one_by_one(
    client_for: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    plant_per_answer_stores(monkeypatch, commit_ms=1.4)
    report = _window_report(client_for, monkeypatch, TIMING_DEALS)
    print(json.dumps(report))
    assert report["findings"], report
