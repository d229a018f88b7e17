"""Helpers for the web tests: an app on a temporary SQLite file, tables, and a scripted player."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from anyio.from_thread import BlockingPortal
from starlette.testclient import TestClient

from cardavia.engine.rng import Rng
from cardavia.web.config import WebConfig


def web_config(db: Path, **overrides: Any) -> WebConfig:
    """A test server: no pacing, agents in the event loop, random computer players, a lax start limit."""
    values: dict[str, Any] = {
        "db_url": f"sqlite+aiosqlite:///{db}",
        "ai_delay": 0.0,
        "claim_timeout": 600.0,
        "ai_executor": "inline",
        "ai_tier_override": "random",
        "table_seed": 20261130,
        "start_rate_per_minute": 100_000,  # the tests deal many tables quickly
        "start_burst": 1_000,
    }
    values.update(overrides)
    return WebConfig(**values)


def start_table(client: TestClient, game: str, difficulty: str = "easy") -> str:
    """Deal a table for this client (its cookie jar keeps the owner secret); return its id."""
    response = client.post(f"/games/{game}/start", data={"difficulty": difficulty}, follow_redirects=False)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert location.startswith("/tables/")
    return location.removeprefix("/tables/")


class Player:
    """Drives one socket: records every message received, answers with seeded legal choices."""

    def __init__(self, ws: Any, seed: int = 1) -> None:
        self.ws = ws
        self.rng = Rng(seed)
        self.received: list[str] = []
        self.state: dict[str, Any] | None = None
        self.next_id = 0

    def receive(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, predicate: Callable[[dict[str, Any]], bool], limit: int = 2000) -> dict[str, Any]:
        for _ in range(limit):
            message = self.receive()
            if predicate(message):
                return message
        raise AssertionError("the expected message never came")

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def act(self, action: str, window: int | None = None) -> dict[str, Any]:
        """Send ``action`` and return the ``ack`` or ``error`` answering it."""
        assert self.state is not None
        self.next_id += 1
        ref = self.next_id
        self.send({"type": "act", "window": self.state["window"] if window is None else window,
                   "action": action, "id": ref})
        answer = self.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == ref)
        if answer["type"] == "ack" and self.state is not None:  # answered: no longer asked
            self.state = {**self.state, "legal": [], "window": None}
        return answer

    def waiting_for_me(self) -> bool:
        return self.state is not None and bool(self.state["legal"]) and self.state["outcome"] is None

    def over(self) -> bool:
        """True once the end of the deal has been shown."""
        return self.state is not None and self.state["step"] == "end"

    def play_to_end(self, max_actions: int = 500) -> dict[str, Any]:
        """Play seeded random legal actions until the deal is over; return the final state."""
        if self.state is None:
            self.until(lambda m: m["type"] == "state")
        for _ in range(max_actions):
            assert self.state is not None
            if self.over():
                return self.state
            if self.waiting_for_me():
                legal = self.state["legal"]
                answer = self.act(legal[self.rng.below(len(legal))])
                assert answer["type"] == "ack", answer
            else:
                self.until(lambda m: m["type"] == "state")
        raise AssertionError("the deal did not end")


@contextmanager
def table_socket(client: TestClient, table_id: str, seed: int = 1) -> Iterator[Player]:
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        yield Player(ws, seed)


def run_async(make: Callable[[], Any]) -> Any:
    """Run ``make()``'s coroutine to its end on a fresh event loop in a thread of its own.

    ``asyncio.run`` refuses to start inside a running loop, and the browser tests' Playwright keeps
    one running in the main thread for the whole session.
    """
    import asyncio
    import threading

    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(make())
        except BaseException as exc:  # handed to the caller
            result["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")


def is_locked(path: Path) -> bool:
    """Whether some open file holds the ``flock`` of ``path`` (a server's database lock file)."""
    import fcntl

    with open(path, "rb") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        return False


def app_state(client: TestClient) -> Any:
    """The state of a test client's app (``tables``, ``store``, ``ai``, ...)."""
    return getattr(client.app, "state")  # noqa: B009 (Starlette types ``app`` as a bare ASGI callable)


def portal(client: TestClient) -> BlockingPortal:
    """The portal into a started test client's event loop."""
    assert client.portal is not None, "the client is not started"
    return client.portal


def answering(ref: object, *types: str) -> Callable[[dict[str, Any]], bool]:
    """A ``Player.until`` predicate: the message answering the client's id ``ref`` (of ``types``)."""
    return lambda m: m.get("id") == ref and (not types or m["type"] in types)


def in_threads(run: Callable[[int], None], seats: Iterable[int], seconds: float = 120) -> None:
    """Run ``run(seat)`` for every seat at once, each in a thread of its own (each person's browser);
    re-raise the first failure."""
    import threading

    errors: list[BaseException] = []

    def guarded(seat: int) -> None:
        try:
            run(seat)
        except BaseException as exc:  # reported by the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=guarded, args=(seat,)) for seat in seats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds)
    assert not errors, errors
