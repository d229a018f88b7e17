#!/usr/bin/env python3
"""Loopback load benchmark of the live tables; prints its figures as JSON.

Starts the site in a child process (temporary SQLite file, computer seats playing at random with no
pacing, so AI thinking is excluded), opens ``--tables`` tables at once (half of each game), each
driven over its own WebSocket by a bot that answers with random legal actions, and measures the time
from sending an action to its ``ack`` (the action is stored in the database before the ack).
A finished deal is followed by a new one on the same connection slot until ``--seconds`` have
passed or ``--max-actions`` actions were acknowledged.

Also measured: the server's memory per live table (resident set growth from an idle server to one
holding every table) and the bytes of JavaScript, CSS and fonts the table page loads.

    .venv/bin/python scripts/loadbench.py [--tables 200] [--seconds 30] [--max-actions 200000]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import random
import re
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _serve(port: int, db: str, ai_delay: float) -> None:
    import uvicorn

    from cardavia.web.app import create_app
    from cardavia.web.config import WebConfig

    config = WebConfig(
        db_url=f"sqlite+aiosqlite:///{db}",
        ai_delay=ai_delay,
        claim_timeout=600.0,
        ai_executor="inline",
        ai_tier_override="random",
        start_rate_per_minute=0,  # every bot deals from the loopback address
    )
    uvicorn.run(
        create_app(config), host="127.0.0.1", port=port, log_level="error", ws_per_message_deflate=False
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _request(
    port: int, method: str, path: str, body: str = "", cookie: str = ""
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body else {}
    if cookie:
        headers["Cookie"] = cookie
    conn.request(method, path, body=body or None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    result = response.status, {k.lower(): v for k, v in response.getheaders()}, data
    set_cookies = [v for k, v in response.getheaders() if k.lower() == "set-cookie"]
    result[1]["set-cookie"] = "; ".join(c.split(";", 1)[0] for c in set_cookies)
    conn.close()
    return result


def _start_table(port: int, game: str) -> tuple[str, str]:
    status, headers, _ = _request(port, "POST", f"/games/{game}/start", "difficulty=easy")
    if status != 303:
        raise RuntimeError(f"starting a {game} table answered {status}")
    return headers["location"].removeprefix("/tables/"), headers["set-cookie"]


def page_weight(port: int) -> dict[str, int]:
    """Bytes of JS, CSS and fonts the table page loads (fonts found in the CSS), and its sprite."""
    table_id, cookie = _start_table(port, "sisepai")
    _, _, html = _request(port, "GET", f"/tables/{table_id}", cookie=cookie)
    text = html.decode()
    scripts = re.findall(r'<script[^>]+src="([^"]+)"', text)
    styles = re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', text)
    styles += re.findall(r'<link[^>]+href="([^"]+)"[^>]+rel="stylesheet"', text)
    sizes = {"js": 0, "css": 0, "fonts": 0}
    fonts: set[str] = set()
    for src in sorted(set(scripts)):
        sizes["js"] += len(_request(port, "GET", src)[2])
    for href in sorted(set(styles)):
        css = _request(port, "GET", href)[2]
        sizes["css"] += len(css)
        fonts.update(re.findall(r"url\(['\"]?([^'\")]+\.(?:woff2?|ttf|otf))", css.decode()))
    for font in sorted(fonts):
        sizes["fonts"] += len(_request(port, "GET", font)[2])
    # table.js imports nothing; settings.js and the like are listed as scripts above
    sizes["total"] = sizes["js"] + sizes["css"] + sizes["fonts"]
    sizes["html"] = len(html)
    sizes["card_sprite"] = len(_request(port, "GET", "/static/cards/sisepai.svg")[2])
    return sizes


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.deals = 0


async def _drive(
    port: int,
    game: str,
    first: tuple[str, str],
    stats: Stats,
    stop: float,
    budget: list[int],
    rng: random.Random,
    think: float,
) -> None:
    from websockets.asyncio.client import connect

    table_id, cookie = first
    while time.monotonic() < stop and budget[0] > 0:
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
        async with connect(
            url, additional_headers={"Cookie": cookie}, proxy=None, max_size=None, compression=None
        ) as ws:
            pending: dict[int, float] = {}
            next_id = 0
            state: dict[str, Any] | None = None
            while time.monotonic() < stop:
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
                except TimeoutError:
                    return
                message = json.loads(text)
                if message["type"] == "ack":
                    sent = pending.pop(message["id"], None)
                    if sent is not None:
                        stats.latencies.append(time.perf_counter() - sent)
                        budget[0] -= 1
                    message = state or message  # act again if the latest state asks
                    if message["type"] != "state":
                        continue
                if message["type"] == "error":
                    stats.errors.append(f"{message['key']}: {message.get('detail')}")
                    pending.pop(message.get("id"), None)
                    continue
                if message["type"] != "state" or (state is not None and message["v"] < state["v"]):
                    continue
                state = message
                if state["window"] is not None and state["legal"] and pending:
                    continue
                if state["outcome"] is not None:
                    stats.deals += 1
                    break
                if state["legal"] and not pending and budget[0] > 0:
                    if think > 0:  # a person reads the table before acting
                        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                        if time.monotonic() >= stop:
                            return
                    next_id += 1
                    pending[next_id] = time.perf_counter()
                    action = state["legal"][rng.randrange(len(state["legal"]))]
                    await ws.send(
                        json.dumps(
                            {"type": "act", "window": state["window"], "action": action, "id": next_id}
                        )
                    )
        table_id, cookie = await asyncio.to_thread(_start_table, port, game)


async def _run(
    port: int,
    tables: int,
    seconds: float,
    max_actions: int,
    seed: int,
    server_pid: int,
    think: float,
    ai_delay: float,
) -> dict[str, Any]:
    games = ["sisepai" if i % 2 == 0 else "paohuzi" for i in range(tables)]
    rss_idle = _rss_kb(server_pid)
    firsts = [await asyncio.to_thread(_start_table, port, g) for g in games]
    rss_live = _rss_kb(server_pid)
    stats = Stats()
    budget = [max_actions]
    started = time.monotonic()
    stop = started + seconds
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            _drive(port, g, f, stats, stop, budget, random.Random(rng.getrandbits(32)), think)
            for g, f in zip(games, firsts, strict=True)
        )
    )
    elapsed = time.monotonic() - started
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else 0.0

    return {
        "tables": tables,
        "think_ms": round(think * 1000),
        "ai_delay_s": ai_delay,
        "seconds": round(elapsed, 1),
        "actions_acked": len(lat),
        "actions_per_s": round(len(lat) / elapsed, 1) if elapsed else 0.0,
        "deals_finished": stats.deals,
        "ack_ms": {
            "p50": pct(0.50),
            "p90": pct(0.90),
            "p99": pct(0.99),
            "max": round(1000 * lat[-1], 2) if lat else 0.0,
            "mean": round(1000 * statistics.fmean(lat), 2) if lat else 0.0,
        },
        "errors": len(stats.errors),
        "error_examples": stats.errors[:5],
        "server_rss_mb": {
            "idle": round(rss_idle / 1024, 1),
            "with_tables": round(rss_live / 1024, 1),
            "end": round(_rss_kb(server_pid) / 1024, 1),
        },
        "memory_per_table_kb": round((rss_live - rss_idle) / tables, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--max-actions", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ai-delay",
        type=float,
        default=0.7,
        help="the server's pause before each computer move, as the site paces them (0: stress)",
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=1000.0,
        help="mean pause of the bot before each action, like a person reading the table (0: stress)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 2000 or not 1 <= args.seconds <= 600:
        print("error: --tables must be 1-2000 and --seconds 1-600", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        port = _free_port()
        server = multiprocessing.get_context("spawn").Process(
            target=_serve, args=(port, str(Path(folder) / "loadbench.db"), args.ai_delay), daemon=True
        )
        server.start()
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    _request(port, "GET", "/")
                    break
                except OSError:
                    if time.monotonic() > deadline or not server.is_alive():
                        print("error: the server did not start", file=sys.stderr)
                        return 2
                    time.sleep(0.1)
            weight = page_weight(port)
            assert server.pid is not None
            result = asyncio.run(
                _run(
                    port,
                    args.tables,
                    args.seconds,
                    args.max_actions,
                    args.seed,
                    server.pid,
                    args.think_ms / 1000,
                    args.ai_delay,
                )
            )
            result["table_page_bytes"] = weight
            result["table_page_under_200kb"] = weight["total"] < 200 * 1024
        finally:
            server.terminate()
            server.join(10)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
