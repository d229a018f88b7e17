"""Requests the site refuses before acting: unreadable forms (400), posts from other sites (403),
oversized bodies (413) and too many new deals (429). None of them stores anything."""

from __future__ import annotations

import sqlite3
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
import uvicorn
from starlette.testclient import TestClient

from cardavia.web.app import create_app
from cardavia.web.guards import MAX_BODY, BodyLimit

from .helpers import app_state, run_async, start_table, web_config


def _tables_stored(db_path: Path) -> int:
    with sqlite3.connect(db_path) as db:
        count: int = db.execute("SELECT count(*) FROM tables").fetchone()[0]
        return count


def _post_form(client: TestClient, path: str, body: bytes, **headers: str) -> httpx2.Response:
    return client.post(
        path,
        content=body,
        headers={"content-type": "application/x-www-form-urlencoded", **headers},
        follow_redirects=False,
    )


# -- forms that cannot be read ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        b"difficulty",  # a field without '='
        b"difficulty=easy&&x=1",  # an empty field
        b'{"difficulty": "easy"}',  # JSON, not a form
        b"difficulty=%FF",  # not UTF-8 once decoded
        b"difficulty=\xff",  # not UTF-8
        b"&".join(b"f%d=1" % n for n in range(50)),  # more fields than any form of the site has
    ],
)
def test_an_unreadable_start_form_deals_nothing(client: TestClient, db_path: Path, body: bytes) -> None:
    response = _post_form(client, "/games/sisepai/start", body)
    assert response.status_code == 400
    assert 'role="alert"' in response.text
    assert "set-cookie" not in response.headers
    assert _tables_stored(db_path) == 0


def test_an_empty_start_form_deals_at_the_default_difficulty(client: TestClient) -> None:
    response = _post_form(client, "/games/paohuzi/start", b"")
    assert response.status_code == 303
    table_id = response.headers["location"].removeprefix("/tables/")
    assert app_state(client).tables.live[table_id].difficulty == "normal"


@pytest.mark.parametrize("body", [b"contrast", b"lang=en&&contrast=1", b"contrast=%FF"])
def test_an_unreadable_settings_form_changes_nothing(client: TestClient, body: bytes) -> None:
    response = _post_form(client, "/settings", body)
    assert response.status_code == 400
    assert "set-cookie" not in response.headers
    assert 'role="alert"' in response.text


# -- bodies too large to read ---------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_and_deals_nothing(client: TestClient, db_path: Path) -> None:
    body = b"difficulty=easy&pad=" + b"x" * (4 * 1024 * 1024)
    response = _post_form(client, "/games/sisepai/start", body)
    assert response.status_code == 413
    assert 'role="alert"' in response.text
    assert _tables_stored(db_path) == 0
    assert _post_form(client, "/settings", body).status_code == 413
    assert "set-cookie" not in response.headers


def test_the_limit_is_16_kb(client: TestClient) -> None:
    def form_of(size: int) -> bytes:
        start = b"difficulty=easy&pad="
        return start + b"x" * (size - len(start))

    assert MAX_BODY == 16 * 1024
    assert _post_form(client, "/games/sisepai/start", form_of(MAX_BODY)).status_code == 303
    assert _post_form(client, "/games/sisepai/start", form_of(MAX_BODY + 1)).status_code == 413


class _Chunks:
    """An ASGI ``receive`` that hands out ``count`` chunks of ``size`` bytes, counting what was taken."""

    def __init__(self, size: int, count: int) -> None:
        self.size, self.count, self.taken = size, count, 0

    async def __call__(self) -> dict[str, Any]:
        self.taken += 1
        more = self.taken < self.count
        return {"type": "http.request", "body": b"x" * self.size, "more_body": more}


def _run_asgi(app: Any, scope: dict[str, Any], receive: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    run_async(lambda: app(scope, receive, send))
    return sent


def test_a_chunked_body_is_refused_as_soon_as_it_passes_the_limit() -> None:
    handled: list[int] = []

    async def reads_everything(scope: Any, receive: Any, send: Any) -> None:
        size = 0
        while True:
            message = await receive()
            size += len(message.get("body", b""))
            if not message.get("more_body"):
                break
        handled.append(size)  # never reached: the body is refused on the way
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    scope = {"type": "http", "method": "POST", "path": "/settings", "headers": [], "query_string": b""}
    receive = _Chunks(size=4096, count=2048)  # 8 MB, without Content-Length
    sent = _run_asgi(BodyLimit(reads_everything), scope, receive)
    assert handled == []
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 413
    assert receive.taken == MAX_BODY // 4096 + 1  # read only up to the first chunk past the limit


@pytest.fixture
def served(db_path: Path) -> Iterator[str]:
    """The site on a real uvicorn server on a free loopback port (a thread of this process)."""
    config = uvicorn.Config(create_app(web_config(db_path)), host="127.0.0.1", port=0, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def test_a_streamed_body_is_refused_without_being_held(served: str, db_path: Path) -> None:
    chunk = b"x" * 65536
    total = 8 * 1024 * 1024

    def body() -> Iterator[bytes]:
        yield b"difficulty=easy&pad="
        for _ in range(total // len(chunk)):
            yield chunk

    tracemalloc.start()
    try:
        with httpx2.Client(timeout=30) as http:
            response = http.post(
                served + "/games/sisepai/start",
                content=body(),
                headers={"content-type": "application/x-www-form-urlencoded"},
            )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert response.status_code == 413
    assert peak < total // 4, f"{peak} bytes held for an {total}-byte body"
    assert _tables_stored(db_path) == 0


# -- posts from other sites -----------------------------------------------------------------------------

FOREIGN = [
    {"origin": "https://evil.example"},
    {"origin": "null"},
    {"origin": "http://testserver:8080"},
    {"sec-fetch-site": "cross-site"},
    {"sec-fetch-site": "cross-site", "origin": "http://testserver"},
    {"referer": "https://evil.example/page"},
]
OWN = [
    {},
    {"origin": "http://testserver"},
    {"origin": "http://TestServer:80"},
    {"sec-fetch-site": "same-origin", "origin": "http://testserver"},
    {"sec-fetch-site": "same-origin"},
    {"sec-fetch-site": "none"},
    {"referer": "http://testserver/games/sisepai"},
]


@pytest.mark.parametrize("headers", FOREIGN)
def test_a_post_from_another_site_is_refused(
    client: TestClient, db_path: Path, headers: dict[str, str]
) -> None:
    client.cookies.set("lang", "da")
    response = _post_form(client, "/games/sisepai/start", b"difficulty=easy", **headers)
    assert response.status_code == 403
    assert "et andet websted" in response.text  # the error page, in the visitor's language
    assert _tables_stored(db_path) == 0
    response = _post_form(client, "/settings", b"lang=cs&contrast=90&next=/", **headers)
    assert response.status_code == 403
    assert "set-cookie" not in response.headers


@pytest.mark.parametrize("headers", OWN)
def test_a_post_from_this_site_or_a_tool_is_served(client: TestClient, headers: dict[str, str]) -> None:
    assert _post_form(client, "/games/sisepai/start", b"difficulty=easy", **headers).status_code == 303
    assert _post_form(client, "/settings", b"lang=cs&next=/", **headers).status_code == 303


def test_pages_may_be_linked_from_other_sites(client: TestClient) -> None:
    headers = {"origin": "https://evil.example", "sec-fetch-site": "cross-site"}
    response = client.get("/games/sisepai", headers=headers)
    assert response.status_code == 200


# -- too many new deals ---------------------------------------------------------------------------------


def test_too_many_new_deals_are_refused_with_retry_after(
    client_for: Callable[..., TestClient], db_path: Path
) -> None:
    client = client_for(start_rate_per_minute=10, start_burst=5)
    client.cookies.set("lang", "es")
    for _ in range(5):
        start_table(client, "sisepai")
    response = _post_form(client, "/games/sisepai/start", b"difficulty=easy")
    assert response.status_code == 429
    assert 1 <= int(response.headers["retry-after"]) <= 6  # one deal every 6 seconds
    assert "Espera un minuto" in response.text
    assert _tables_stored(db_path) == 5


def test_no_start_limit_when_the_rate_is_zero(client_for: Callable[..., TestClient]) -> None:
    client = client_for(start_rate_per_minute=0, start_burst=1)
    for _ in range(3):
        start_table(client, "paohuzi")
