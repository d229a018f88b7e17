"""A local cluster for the tests: ``scripts/cluster.sh`` (PostgreSQL, N servers, nginx on the
loopback), bots playing through its proxy, and the checks of what the database holds afterwards."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cardavia.engine.game import Game
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec
from cardavia.web.live.frames import FrameBuilder
from cardavia.web.live.manager import CLOSE_MOVED
from cardavia.web.storage.store import TableRow

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "cluster.sh"


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _free_base(servers: int) -> int:
    """A proxy port whose server ports (base+1..base+N) and database port (base+100) are free."""
    rng = random.Random()
    for _ in range(200):
        base = rng.randrange(20000, 40000)
        if all(_free(p) for p in [base, *range(base + 1, base + servers + 1), base + 100]):
            return base
    raise RuntimeError("no free ports")


@dataclass
class Cluster:
    """A running ``scripts/cluster.sh`` cluster."""

    folder: Path
    port: int
    servers: int
    env: dict[str, str]

    @property
    def db_url(self) -> str:
        return "postgresql+asyncpg://" + (self.folder / "db.url").read_text().strip().split("://", 1)[1]

    def pid(self, node: int) -> int:
        return int((self.folder / f"node{node}.pid").read_text())

    def kill(self, node: int, sig: int = signal.SIGKILL) -> None:
        os.kill(self.pid(node), sig)

    def restart(self, node: int) -> None:
        """Start server ``node`` again (after a kill); returns once it listens."""
        self.run("restart", str(node))

    def run(self, *args: str) -> str:
        done = subprocess.run(["bash", str(SCRIPT), *args], env=self.env, capture_output=True, text=True,
                              timeout=180, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"cluster.sh {' '.join(args)} failed:\n{done.stderr}\n{self.logs()}")
        return done.stdout

    def logs(self) -> str:
        """Every server's log (the fencing log: which process took which table under which epoch)."""
        parts = []
        for node in range(1, self.servers + 1):
            path = self.folder / f"node{node}.log"
            parts.append(path.read_text(errors="replace") if path.exists() else "")
        return "\n".join(parts)


@contextmanager
def cluster(servers: int, *serve_options: str) -> Iterator[Cluster]:
    """``scripts/cluster.sh start N`` in a fresh folder on free ports; stopped on leaving."""
    parent = Path(tempfile.mkdtemp(prefix="cardavia-cluster-"))
    parent.chmod(0o755)  # PostgreSQL runs as its own user, which must enter the folder
    env = {
        **os.environ,
        "CARDAVIA_CLUSTER": str(parent / "c"),
        "CARDAVIA_PORT": str(_free_base(servers)),
        "CARDAVIA_BIN": str(Path(sys.executable).with_name("cardavia")),
    }
    running = Cluster(parent / "c", int(env["CARDAVIA_PORT"]), servers, env)
    try:
        running.run("start", str(servers), *serve_options)
        yield running
    finally:
        subprocess.run(["bash", str(SCRIPT), "stop"], env=env, capture_output=True, timeout=120, check=False)
        shutil.rmtree(parent, ignore_errors=True)


# -- playing through the proxy ------------------------------------------------------------------


def request(
    port: int, method: str, path: str, body: str = "", cookie: str = ""
) -> tuple[int, dict[str, str]]:
    """One HTTP request to the proxy: the status and the headers (Set-Cookie values joined)."""
    status, headers, _ = call(port, method, path, body, cookie)
    return status, headers


def call(
    port: int, method: str, path: str, body: str = "", cookie: str = ""
) -> tuple[int, dict[str, str], str]:
    """One HTTP request to 127.0.0.1:``port``: the status, the headers (Set-Cookie values joined)
    and the body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body else {}
    if cookie:
        headers["Cookie"] = cookie
    try:
        conn.request(method, path, body=body or None, headers=headers)
        response = conn.getresponse()
        content = response.read().decode("utf-8", errors="replace")
        result = {k.lower(): v for k, v in response.getheaders()}
        cookies = [v.split(";", 1)[0] for k, v in response.getheaders() if k.lower() == "set-cookie"]
        result["set-cookie"] = "; ".join(cookies)
        return response.status, result, content
    finally:
        conn.close()


@dataclass
class Sent:
    """One action a bot sent: the window it answered and what became of it."""

    window: int
    action: str
    fate: str = "unknown"  # acked, refused, or unknown (the socket died before the answer)


@dataclass
class Bot:
    """Plays deals of one game through the proxy as a browser would, and notes every answer."""

    port: int
    game: str
    rng: random.Random
    tables: dict[str, list[Sent]] = field(default_factory=dict)
    # Seconds from a lost socket to the next message of its table, and why it was lost: "moved"
    # (closed with 4409: handed over, or its lease lost) or "died" (its process died under it).
    outages: list[tuple[float, str]] = field(default_factory=list)

    async def _retry(self, method: str, path: str, body: str = "", cookie: str = "") -> dict[str, str]:
        for _ in range(200):
            try:
                status, headers = await asyncio.to_thread(request, self.port, method, path, body, cookie)
            except (OSError, http.client.HTTPException):  # its process died while answering
                status, headers = 0, {}
            if status in (200, 303):
                return headers
            await asyncio.sleep(0.2)
        raise AssertionError(f"{method} {path} kept failing")

    async def play_deal(self) -> str:
        """Deal a table, open its page, play it to its end over its socket; return its id."""
        headers = await self._retry("POST", f"/games/{self.game}/start", "difficulty=easy")
        table_id, cookie = headers["location"].removeprefix("/tables/"), headers["set-cookie"]
        await self._retry("GET", f"/tables/{table_id}", cookie=cookie)
        await self.play_table(table_id, cookie)
        return table_id

    async def play_table(self, table_id: str, cookie: str, port: int | None = None) -> None:
        """Play an open table to the end of its deal over its socket (at ``port``: the proxy's
        unless told), reconnecting whenever the socket is lost."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        sent = self.tables.setdefault(table_id, [])
        url = f"ws://127.0.0.1:{port or self.port}/ws/tables/{table_id}"
        lost: float | None = None
        cause = "died"
        for _ in range(500):
            pending: Sent | None = None
            code: int | None = None  # how the server closed the socket, if it did
            try:
                async with connect(url, additional_headers={"Cookie": cookie}, proxy=None,
                                   open_timeout=30, compression=None) as ws:
                    async for text in ws:
                        message = json.loads(text)
                        if lost is not None:
                            self.outages.append((time.monotonic() - lost, cause))
                            lost = None
                        if message["type"] in ("ack", "error") and pending is not None:
                            pending.fate = "acked" if message["type"] == "ack" else "refused"
                            pending = None
                        elif message["type"] == "state":
                            if message["step"] == "end":
                                return
                            if message.get("legal") and pending is None:  # (a lobby asks nothing)
                                pending = Sent(message["window"], self.rng.choice(message["legal"]))
                                sent.append(pending)
                                await ws.send(json.dumps({"type": "act", "window": pending.window,
                                                          "action": pending.action, "id": len(sent)}))
                code = ws.close_code
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
            except (InvalidHandshake, OSError, TimeoutError):
                pass
            if lost is None:  # the socket that played was lost now: why
                lost, cause = time.monotonic(), "moved" if code == CLOSE_MOVED else "died"
            await asyncio.sleep(0.1)
        raise AssertionError(f"table {table_id}: the deal never ended")


# -- what the database holds ---------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """A stored action of the human: the frame whose decision it answered (the window the browser
    sent), the action as stored, whether it was a timeout, and the game just before it."""

    window: int
    action: str
    timeout: bool
    before: Game
    seat: int

    def stored_as(self, action: str) -> str:
        """How ``action``, sent for this decision, is written in the record (a winning take is
        stored as ``win``)."""
        trial = self.before.clone()
        trial.apply(self.seat, action)
        return split_line(trial.actions()[-1], trial.spec.seats)[1]


def human_answers(row: TableRow) -> list[Answer]:
    """Every stored action of the human, replayed from the table's record (which must be over)."""
    spec = get_spec(row.game)
    position = dict(row.position)
    game = spec.from_position({**position, "actions": []})
    builder = FrameBuilder(spec, position, row.seat)
    builder.events(game.opening_events())
    frames = builder.settle(game)
    answers = []
    for index, line in enumerate(row.lines):
        seat, action = split_line(line, spec.seats)
        if seat == row.seat:
            answers.append(Answer(frames[-1].v, action, index in row.timeouts, game.clone(), seat))
        builder.events(game.apply(seat, action), timeout=index in row.timeouts)
        frames += builder.settle(game)
    assert game.decision() is None, f"table {row.id}: the stored deal is not over"
    return answers


TAKEN = re.compile(r"table (\w+): taken by (\S+) \(epoch (\d+)\)")


def takers(logs: str) -> dict[tuple[str, int], set[str]]:
    """From the servers' logs: which process took each (table, epoch)."""
    found: dict[tuple[str, int], set[str]] = {}
    for table_id, owner, epoch in TAKEN.findall(logs):
        found.setdefault((table_id, int(epoch)), set()).add(owner)
    return found


def check_answers(table_id: str, sent: list[Sent], stored: list[Answer]) -> None:
    """Every acknowledged action stored exactly once, nothing refused stored, nothing else stored
    but timeouts and actions whose answer was lost with their socket."""
    by_window: dict[int, list[Answer]] = {}
    for answer in stored:
        by_window.setdefault(answer.window, []).append(answer)
    assert all(len(v) == 1 for v in by_window.values()), f"table {table_id}: a decision answered twice"
    accounted: set[int] = set()
    for s in sent:
        found = by_window.get(s.window)
        here = found is not None and found[0].action == found[0].stored_as(s.action)
        if s.fate == "acked":
            assert here, f"table {table_id}: acknowledged {s} not stored"
        if s.fate == "refused":
            assert not here, f"table {table_id}: refused {s} stored"
        if here and s.fate in ("acked", "unknown"):
            accounted.add(s.window)
    for answer in stored:
        assert answer.timeout or answer.window in accounted, (
            f"table {table_id}: stored {answer.action!r} at window {answer.window} was never sent"
        )
