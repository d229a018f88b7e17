"""What an action costs in work, counted rather than timed: a whole deal of each game played
through the real app by one person, with every view, frame, JSON encoding, waits analysis, game
copy and store write counted, so that work done more often than needed shows without a clock."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.engine.base import BaseGame
from cardavia.engine.registry import game_names, get_spec
from cardavia.web.live import frames, socket
from cardavia.web.storage.store import Store

from .helpers import start_table, table_socket


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Count, while inside, the calls of the work an action brings."""
    counts: Counter[str] = Counter()

    def wrap(owner: Any, name: str, what: str) -> None:
        original: Callable[..., Any] = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            counts[what] += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)

    for game in game_names():
        tracker = type(get_spec(game).tracker(get_spec(game).dealt(1), 0))
        wrap(tracker, "view", "views")
    wrap(BaseGame, "view", "views")
    wrap(BaseGame, "clone", "copies")
    wrap(BaseGame, "apply", "engine actions")
    wrap(frames.FrameBuilder, "_new", "frames")
    wrap(Store, "append_many", "store writes")
    wrap(socket, "encode", "JSON encodings")
    frames.holding_waits.cache_clear()
    yield counts
    counts["waits analyses"] = frames.holding_waits.cache_info().misses


@pytest.mark.parametrize("game", game_names())
def test_each_frame_is_built_viewed_and_encoded_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """Per deal: no more frames built than sent, one view per frame (the end's is the game's), one
    JSON encoding per message, one waits analysis per holding (a holding changes only with the
    person's own moves), at most two copies of the game per action (its trial, a computer's own)
    and at most one store write per action (an input's actions go in one)."""
    table_id = start_table(client, game)
    with table_socket(client, table_id, seed=3) as player:
        player.until(lambda m: m["type"] == "state")
        with counting(monkeypatch) as counts:
            player.play_to_end()
    sent = [json.loads(text) for text in player.received[1:]]
    frames_sent = sum(m["type"] == "state" for m in sent)
    acks = sum(m["type"] == "ack" for m in sent)
    print(f"{game}: {acks} actions of the person, {frames_sent} frames:", dict(sorted(counts.items())))
    assert acks >= 5 and counts["engine actions"] > acks
    assert counts["frames"] <= frames_sent  # (the opening's were built with the table)
    assert counts["views"] <= counts["frames"] + 1
    assert counts["JSON encodings"] <= len(sent)
    assert counts["waits analyses"] <= acks + 1
    assert counts["copies"] <= 2 * counts["engine actions"]
    assert counts["store writes"] <= counts["engine actions"]
