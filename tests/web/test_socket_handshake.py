"""Through a real uvicorn server (not the test client's simulation): a refused socket is closed
after the handshake with the documented code, which the browser can read (a refusal before the
handshake would reach it only as an HTTP 403)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
import websockets

from cardavia.web.app import create_app

from .helpers import run_async, web_config


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(web_config(tmp_path / "ws.db")), port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    yield f"127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=20)


async def _close_code(url: str, **headers: str) -> int | None:
    async with websockets.connect(url, additional_headers=headers) as ws:
        with pytest.raises(websockets.ConnectionClosed):
            await ws.recv()
        return ws.close_code


def test_unknown_and_forbidden_sockets_get_their_close_codes(live_server: str) -> None:
    unknown = f"ws://{live_server}/ws/tables/0123456789abcdef0123456789abcdef"
    assert run_async(lambda: _close_code(unknown)) == 4404
    # A real table, opened without its owner's cookie.
    import http.client

    connection = http.client.HTTPConnection(live_server)
    connection.request("POST", "/games/sisepai/start", "difficulty=easy",
                       {"Content-Type": "application/x-www-form-urlencoded"})
    answer = connection.getresponse()
    assert answer.status == 303
    table_id = answer.getheader("location", "").removeprefix("/tables/")
    assert run_async(lambda: _close_code(f"ws://{live_server}/ws/tables/{table_id}")) == 4403
