"""Several servers on one PostgreSQL behind nginx (``scripts/cluster.sh``, all on the loopback).

The proxy sends every request of one table to one process; a process killed with SIGKILL in the
middle of play loses nothing: its tables carry on elsewhere, every acknowledged action is stored
exactly once, every deal ends, and no two processes ever append to one table.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from cardavia.engine.registry import game_names
from cardavia.web.live.manager import CLOSE_MOVED
from cardavia.web.live.socket import CLOSE_TRY_AGAIN
from cardavia.web.storage.store import Store, TableRow

from .cluster import (
    SCRIPT,
    Bot,
    Cluster,
    _free,
    _free_base,
    call,
    check_answers,
    cluster,
    human_answers,
    takers,
)
from .helpers import run_async

pytestmark = pytest.mark.e2e  # real server processes behind a real nginx, in real time

SERVE = ("--ai-delay", "0", "--start-rate", "0", "--lease-ttl", "2", "--ai-tier", "random",
         "--ai-executor", "inline")


@pytest.fixture(scope="module")
def three() -> Iterator[Cluster]:
    with cluster(3, *SERVE) as running:
        yield running


def _audit(running: Cluster, played: dict[str, list]) -> dict[str, int]:  # type: ignore[type-arg]
    """Check the database against what the bots saw; return a few counts."""

    async def read() -> tuple[dict[str, object], list[tuple[str, int, int]], list[str]]:
        store = await Store.open(running.db_url)
        try:
            rows = {table_id: await store.load(table_id) for table_id in played}
            async with store.begin() as conn:
                epochs = [(str(t), int(q), int(e)) for t, q, e in await conn.execute(
                    text("SELECT table_id, seq, epoch FROM actions ORDER BY table_id, seq"))]
                unplayed = [str(t) for (t,) in await conn.execute(
                    text("SELECT id FROM tables WHERE id NOT IN (SELECT table_id FROM actions)"))]
            return rows, epochs, unplayed  # type: ignore[return-value]
        finally:
            await store.close()

    rows, epochs, unplayed = run_async(read)
    acked = 0
    for table_id, sent in played.items():
        row = rows[table_id]
        assert row is not None and row.finished, f"table {table_id} did not finish"
        check_answers(table_id, sent, human_answers(row))
        acked += sum(s.fate == "acked" for s in sent)
    # No gap, no duplicate, and epochs that never go back: appends of one table by one owner at a time.
    by_table: dict[str, list[tuple[int, int]]] = {}
    for table_id, seq, epoch in epochs:
        by_table.setdefault(table_id, []).append((seq, epoch))
    for table_id, pairs in by_table.items():
        assert [seq for seq, _ in pairs] == list(range(len(pairs))), f"table {table_id}: gap in seq"
        order = [epoch for _, epoch in pairs]
        assert order == sorted(order), f"table {table_id}: appended under {order}"
    # The fencing log: each (table, epoch) was taken by exactly one process.
    taken = takers(running.logs())
    assert all(len(owners) == 1 for owners in taken.values()), [k for k, v in taken.items() if len(v) > 1]
    for table_id, pairs in by_table.items():
        assert all((table_id, epoch) in taken for _, epoch in pairs), f"table {table_id}: unlogged epoch"
    assert not set(unplayed) & set(played)
    return {"tables": len(played), "acked": acked, "actions": len(epochs),
            "changes_of_hands": sum(1 for (_, epoch) in taken if epoch > 1)}


def test_every_request_of_a_table_reaches_one_process(three: Cluster) -> None:
    """Page and socket of each table land on the process that took it: nothing changes hands."""

    async def scenario() -> dict[str, list]:  # type: ignore[type-arg]
        games = game_names() * 3
        bots = [Bot(three.port, game, random.Random(i)) for i, game in enumerate(games)]
        await asyncio.gather(*(bot.play_deal() for bot in bots))
        return {t: s for bot in bots for t, s in bot.tables.items()}

    played = run_async(scenario)
    counts = _audit(three, played)
    assert counts["changes_of_hands"] == 0
    owners = {next(iter(o)).split("/")[0] for (t, _), o in takers(three.logs()).items() if t in played}
    assert len(owners) > 1, "the tables were spread over the processes"


def test_sessions_settings_and_records_work_whichever_process_answers(three: Cluster) -> None:
    """Straight to the servers, past the proxy: what one process set, another reads. Settings and
    the table's secret are cookies, the tables and their records are in the database; a table's
    page, socket and record are served by whichever process is asked, which takes the table over."""
    one, two, other = (three.port + node for node in (1, 2, 3))

    status, headers, _ = call(one, "POST", "/settings", "lang=zh&contrast=80&next=/games/sisepai")
    assert status == 303 and headers["location"] == "/games/sisepai"
    settings = headers["set-cookie"]
    status, _, page = call(two, "GET", "/games/sisepai", cookie=settings)
    assert status == 200 and 'lang="zh' in page and "--contrast: 0.8;" in page
    status, _, page = call(other, "POST", "/settings", "contrast=101", cookie=settings)
    assert status == 400 and 'lang="zh' in page  # refused, in the language set on another process

    status, headers, _ = call(one, "POST", "/games/sisepai/start", "difficulty=easy", cookie=settings)
    assert status == 303
    table_id = headers["location"].removeprefix("/tables/")
    session = f"{settings}; {headers['set-cookie']}"
    status, _, page = call(two, "GET", "/games/sisepai", cookie=session)
    assert status == 200 and f'href="/tables/{table_id}"' in page  # "resume your game", from one's cookie

    assert call(two, "GET", f"/tables/{table_id}", cookie=settings)[0] == 403  # no secret, no table
    assert call(two, "GET", "/tables/zz0000000000", cookie=session)[0] == 404
    for port in (two, other):  # taken by two, then handed over to the third
        status, _, page = call(port, "GET", f"/tables/{table_id}", cookie=session)
        assert status == 200 and table_id in page and 'lang="zh' in page
    assert call(one, "GET", f"/tables/{table_id}/record", cookie=session)[0] == 409  # the deal is on

    bot = Bot(three.port, "sisepai", random.Random(7))
    run_async(lambda: bot.play_table(table_id, session, port=one))  # its socket on the first
    records = []
    for port in (two, other, one):
        status, headers, body = call(port, "GET", f"/tables/{table_id}/record", cookie=session)
        assert status == 200 and headers["content-disposition"].startswith("attachment")
        records.append(json.loads(body))
    assert records[0] == records[1] == records[2] and records[0]["actions"]
    assert call(two, "GET", f"/tables/{table_id}/record", cookie=settings)[0] == 403

    _audit(three, bot.tables)  # every acknowledged action stored once, the deal over
    owners = {owner.split("/")[0] for (t, _), taken in takers(three.logs()).items() if t == table_id
              for owner in taken}
    assert owners == {"node1", "node2", "node3"}


@pytest.mark.parametrize("kills", [3, pytest.param(20, marks=pytest.mark.slow)])
def test_a_process_killed_during_play_loses_nothing(three: Cluster, kills: int) -> None:
    rng = random.Random(20261201)

    async def killer(done: asyncio.Event) -> None:
        for _ in range(kills):
            await asyncio.sleep(rng.uniform(0.5, 2.0))
            node = rng.randrange(1, three.servers + 1)
            three.kill(node)
            await asyncio.sleep(rng.uniform(0.0, 0.5))
            await asyncio.to_thread(three.restart, node)
        done.set()

    async def player(bot: Bot, done: asyncio.Event) -> None:
        while not done.is_set():
            await bot.play_deal()

    async def scenario() -> tuple[dict[str, list], list[tuple[float, str]], float]:  # type: ignore[type-arg]
        done = asyncio.Event()
        games = game_names() * 3
        bots = [Bot(three.port, game, random.Random(100 + i)) for i, game in enumerate(games)]
        started = time.monotonic()
        await asyncio.gather(killer(done), *(player(bot, done) for bot in bots))
        played = {t: s for bot in bots for t, s in bot.tables.items()}
        return played, [o for bot in bots for o in bot.outages], time.monotonic() - started

    played, outages, seconds = run_async(scenario)
    counts = _audit(three, played)
    died = sorted(s for s, cause in outages if cause == "died")
    moved = sorted(s for s, cause in outages if cause == "moved")
    print(f"\nfailover: {kills} kills in {seconds:.0f} s, {counts}")
    for name, times in (("process killed", died), ("handed back (4409)", moved)):
        if times:
            print(f"  sockets lost, {name}: {len(times)}, next message after {times[len(times) // 2]:.2f} s "
                  f"(median), {times[-1]:.2f} s (longest)")
    # Tables changed hands; a socket was open on a killed process only when the kill caught a deal
    # in play (with 3 kills it may fall between deals).
    assert counts["changes_of_hands"] > 0, "the kills hit no table"
    assert max(died + moved, default=0) < 15, "a table took too long to come back"


def test_a_friends_table_behind_the_proxy_survives_its_processes_being_killed(three: Cluster) -> None:
    """Two people at one table through the proxy (the invite link routed to the table's process);
    every process is killed once during the deal; both play on, every acknowledged action of each
    is stored exactly once and the deal ends."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    async def scenario() -> tuple[str, dict[int, Bot]]:
        host_bot = Bot(three.port, "sisepai", random.Random(7))
        headers = await host_bot._retry("POST", "/games/sisepai/friends", "difficulty=easy&turn=30&name=Ana")
        table_id, host = headers["location"].removeprefix("/tables/"), headers["set-cookie"]
        await host_bot._retry("GET", f"/tables/{table_id}", cookie=host)
        url = f"ws://127.0.0.1:{three.port}/ws/tables/{table_id}"
        guest = ""
        for _ in range(20):  # as a browser does, the host opens the socket again after a move
            try:
                async with connect(url, additional_headers={"Cookie": host}, proxy=None) as ws:
                    first = json.loads(await ws.recv())
                    if first.get("step") != "lobby":
                        break  # started before the socket moved
                    if not guest:
                        joined = await host_bot._retry("POST", first["lobby"]["invite"], "name=Bo")
                        guest = joined["set-cookie"]
                    await ws.send(json.dumps({"type": "start"}))
                    while json.loads(await ws.recv()).get("step") == "lobby":
                        pass
                    break
            except ConnectionClosed as closed:
                if closed.rcvd is None or closed.rcvd.code not in (CLOSE_MOVED, CLOSE_TRY_AGAIN):
                    raise
        assert guest, "the lobby never settled"
        guest_bot = Bot(three.port, "sisepai", random.Random(8))

        async def killer() -> None:
            for node in range(1, three.servers + 1):
                await asyncio.sleep(1.0)
                three.kill(node)
                await asyncio.sleep(0.3)
                await asyncio.to_thread(three.restart, node)

        players = (host_bot.play_table(table_id, host), guest_bot.play_table(table_id, guest))
        await asyncio.gather(killer(), *players)
        return table_id, {0: host_bot, 1: guest_bot}

    table_id, bots = run_async(scenario)

    async def read() -> TableRow | None:
        store = await Store.open(three.db_url)
        try:
            return await store.load(table_id)
        finally:
            await store.close()

    row = run_async(read)
    assert row is not None and row.finished
    for seat, bot in bots.items():
        sent = bot.tables[table_id]
        assert any(s.fate == "acked" for s in sent), f"seat {seat} played nothing"
        check_answers(table_id, sent, human_answers(dataclasses.replace(row, seat=seat)))


@pytest.mark.parametrize(
    "args", [[], ["start"], ["start", "0"], ["start", "two"], ["start", "100"], ["restart", "1"], ["frob"]]
)
def test_the_cluster_script_refuses_bad_input(args: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "CARDAVIA_CLUSTER": str(tmp_path / "c")}
    done = subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: usage: cluster.sh") and done.stderr.count("\n") == 1
    assert not (tmp_path / "c").exists()


def test_a_start_that_fails_stops_what_it_started(tmp_path: Path) -> None:
    """A server that refuses its options: the script says why, and leaves nothing running."""
    parent = Path(tempfile.mkdtemp(prefix="cardavia-cluster-"))
    parent.chmod(0o755)  # PostgreSQL runs as its own user, which must enter the folder
    try:
        port = _free_base(1)
        env = {**os.environ, "CARDAVIA_CLUSTER": str(parent / "c"), "CARDAVIA_PORT": str(port),
               "CARDAVIA_BIN": str(Path(sys.executable).with_name("cardavia"))}
        done = subprocess.run(["bash", str(SCRIPT), "start", "1", "--lease-ttl", "0"], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, done.stderr
        assert "node1 did not start" in done.stderr and "--lease-ttl must be 1-60 seconds" in done.stderr
        assert not (parent / "c").exists()
        assert all(_free(p) for p in (port, port + 1, port + 100)), "something still listens"
    finally:
        shutil.rmtree(parent, ignore_errors=True)
