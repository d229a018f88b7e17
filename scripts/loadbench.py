#!/usr/bin/env python3
"""Loopback load benchmark of the live tables; prints its figures as JSON.

Opens ``--tables`` tables at once (half of each game), each driven over its own WebSocket by a bot
that answers with random legal actions, and measures the time from sending an action to its
``ack`` (the action is stored in the database before the ack). A finished deal is followed by a
new one on the same connection slot until ``--seconds`` have passed or ``--max-actions`` actions
were acknowledged. The site under load is one of:

* by default, one server in a child process on a temporary SQLite file;
* with ``--processes N``, ``scripts/cluster.sh start N``: a throwaway PostgreSQL, N ``cardavia
  serve`` processes and nginx routing each table to one of them, driven through the proxy;
* with ``--url``, a site already running on this machine (a cluster.sh proxy, say).

The computer seats play at random in the servers' event loops (so AI thinking is excluded), except
with ``--url``, where they play as that site was started.

Also measured: the servers' memory per live table (resident set growth from idle servers to ones
holding every table), the CPU each part used during the run (in cores: servers, PostgreSQL, proxy,
this benchmark, the whole machine) and the bytes of JavaScript, CSS and fonts the table page loads.

    .venv/bin/python scripts/loadbench.py [--tables 200] [--seconds 30] [--max-actions 200000]
    .venv/bin/python scripts/loadbench.py --processes 2 --think-ms 0 --ai-delay 0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import ipaddress
import json
import multiprocessing
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import uvloop

ROOT = Path(__file__).resolve().parents[1]
CLUSTER = ROOT / "scripts" / "cluster.sh"


def _serve(port: int, db: str, ai_delay: float, par_runs: int = 4, source: str | None = None) -> None:
    if source is not None:  # another checkout's code (``--baseline``), ahead of the installed one
        sys.path.insert(0, source)
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
        par_runs=par_runs,
    )
    uvicorn.run(
        create_app(config), host="127.0.0.1", port=port, log_level="error", ws_per_message_deflate=False
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _free_base(servers: int) -> int:
    """A proxy port for cluster.sh whose server ports (+1..+N) and database port (+100) are free."""
    for _ in range(200):
        base = random.randrange(20000, 40000)
        ports = [base, *range(base + 1, base + servers + 1), base + 100]
        if all(_is_free(p) for p in ports):
            return base
    raise RuntimeError("no free ports")


def _is_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _rss_kb(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


@dataclass(frozen=True)
class Site:
    """Where the site under load listens (on this machine), and the processes behind it."""

    host: str
    port: int
    servers: tuple[int, ...] = ()  # pids of the server processes
    postgres: int | None = None  # pid of the PostgreSQL server
    proxy: int | None = None  # pid of the proxy

    @property
    def ws(self) -> str:
        return f"ws://{self.host}:{self.port}"


def _request(
    site: Site, method: str, path: str, body: str = "", cookie: str = ""
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(site.host, site.port, timeout=30)
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


def _start_table(site: Site, game: str) -> tuple[str, str]:
    status, headers, _ = _request(site, "POST", f"/games/{game}/start", "difficulty=easy")
    if status != 303:
        raise RuntimeError(f"starting a {game} table answered {status}")
    return headers["location"].removeprefix("/tables/"), headers["set-cookie"]


def page_weight(site: Site) -> dict[str, int]:
    """Bytes of JS, CSS and fonts the table page loads (fonts found in the CSS), and its sprite."""
    table_id, cookie = _start_table(site, "sisepai")
    _, _, html = _request(site, "GET", f"/tables/{table_id}", cookie=cookie)
    text = html.decode()
    scripts = re.findall(r'<script[^>]+src="([^"]+)"', text)
    styles = re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', text)
    styles += re.findall(r'<link[^>]+href="([^"]+)"[^>]+rel="stylesheet"', text)
    sizes = {"js": 0, "css": 0, "fonts": 0}
    fonts: set[str] = set()
    for src in sorted(set(scripts)):
        sizes["js"] += len(_request(site, "GET", src)[2])
    for href in sorted(set(styles)):
        css = _request(site, "GET", href)[2]
        sizes["css"] += len(css)
        fonts.update(re.findall(r"url\(['\"]?([^'\")]+\.(?:woff2?|ttf|otf))", css.decode()))
    for font in sorted(fonts):
        sizes["fonts"] += len(_request(site, "GET", font)[2])
    # table.js imports nothing; settings.js and the like are listed as scripts above
    sizes["total"] = sizes["js"] + sizes["css"] + sizes["fonts"]
    sizes["html"] = len(html)
    sizes["card_sprite"] = len(_request(site, "GET", "/static/cards/sisepai.svg")[2])
    return sizes


# A state that asks nothing in a deal not over, as servers write it (compact, or with spaces as
# before); any other spelling is parsed.
_QUIET = ('"legal":[],', '"legal": [],')
_ONGOING = ('"outcome":null,', '"outcome": null,')


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.deals = 0


async def _drive(
    site: Site,
    game: str,
    first: tuple[str, str],
    stats: Stats,
    stop: float,
    budget: list[int],
    rng: random.Random,
    think: float,
) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    table_id, cookie = first
    while time.monotonic() < stop and budget[0] > 0:
        url = f"{site.ws}/ws/tables/{table_id}"
        try:
            async with connect(
                url,
                additional_headers={"Cookie": cookie},
                proxy=None,
                max_size=None,
                compression=None,
                open_timeout=60,
            ) as ws:
                pending: dict[int, float] = {}
                next_id = 0
                state: dict[str, Any] | None = None
                while time.monotonic() < stop:
                    try:
                        text = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
                    except TimeoutError:
                        return
                    if any(q in text for q in _QUIET) and any(o in text for o in _ONGOING):
                        continue  # a step that asks nothing: not worth parsing (the load is the server's)
                    message = json.loads(text)
                    if message["type"] == "ack":
                        sent = pending.pop(message["id"], None)
                        if sent is not None:
                            stats.latencies.append(time.perf_counter() - sent)
                            budget[0] -= 1
                        if state is not None:  # answered: not asked again until a frame asks
                            state = {**state, "legal": [], "window": None}
                        continue
                    if message["type"] == "error":
                        stats.errors.append(f"{message['key']}: {message.get('detail')}")
                        pending.pop(message.get("id"), None)
                        if state is None:
                            continue
                    elif message["type"] != "state" or (state is not None and message["v"] < state["v"]):
                        continue
                    else:
                        state = message
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
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as exc:
            # A socket refused or lost (a server restarting, the machine overloaded): counted, and the
            # same table is joined again (a snapshot tells where it stands).
            stats.errors.append(f"socket: {type(exc).__name__}: {exc}")
            await asyncio.sleep(0.2)
            continue
        table_id, cookie = await asyncio.to_thread(_start_table, site, game)


def _tree(pid: int | None) -> list[int]:
    """``pid`` and every process below it."""
    if pid is None:
        return []
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def _cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds the processes ``pids`` have used so far."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _machine_busy() -> float:
    """CPU seconds the whole machine has spent busy (not idle, not waiting) since it started."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


@dataclass
class Cpu:
    """CPU used by each part of the benchmark between ``start()`` and ``cores()``."""

    site: Site
    marks: dict[str, float] = field(default_factory=dict)
    started: float = 0.0

    def _now(self) -> dict[str, float]:
        return {
            "servers": _cpu_seconds([p for pid in self.site.servers for p in _tree(pid)]),
            "postgres": _cpu_seconds(_tree(self.site.postgres)),
            "proxy": _cpu_seconds(_tree(self.site.proxy)),
            "bench": _cpu_seconds([os.getpid()]),
            "machine": _machine_busy(),
        }

    def start(self) -> None:
        self.marks, self.started = self._now(), time.monotonic()

    def cores(self) -> dict[str, float]:
        """Average cores each part used (the machine: all of its processes, this one included)."""
        elapsed = max(1e-9, time.monotonic() - self.started)
        return {k: round((v - self.marks[k]) / elapsed, 2) for k, v in self._now().items()}


def _rss_mb(pids: tuple[int, ...]) -> float:
    return round(sum(_rss_kb(pid) for pid in pids) / 1024, 1)


async def _run(
    site: Site,
    tables: int,
    seconds: float,
    max_actions: int,
    seed: int,
    think: float,
    ai_delay: float,
) -> dict[str, Any]:
    games = ["sisepai" if i % 2 == 0 else "paohuzi" for i in range(tables)]
    rss_idle = sum(_rss_kb(pid) for pid in site.servers)
    firsts = [await asyncio.to_thread(_start_table, site, g) for g in games]
    rss_live = sum(_rss_kb(pid) for pid in site.servers)
    stats = Stats()
    budget = [max_actions]
    cpu = Cpu(site)
    cpu.start()
    started = time.monotonic()
    stop = started + seconds
    rng = random.Random(seed)

    async def cpu_until_stop() -> dict[str, float]:
        await asyncio.sleep(seconds)
        return cpu.cores()

    measured = asyncio.create_task(cpu_until_stop())
    await asyncio.gather(
        *(
            _drive(site, g, f, stats, stop, budget, random.Random(rng.getrandbits(32)), think)
            for g, f in zip(games, firsts, strict=True)
        )
    )
    # Every ack counted came before ``stop``; after it the bots only finish what they were doing.
    elapsed = min(time.monotonic() - started, seconds)
    cores = await measured if elapsed >= seconds else cpu.cores()
    measured.cancel()
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else 0.0

    result: dict[str, Any] = {
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
        "cpu_cores": cores,
        # The servers' CPU per acknowledged action: what the site costs, whatever share of the cores
        # it was given (on a shared machine that share, not the number of processes, may bound it).
        "server_cpu_ms_per_action": round(1000 * cores["servers"] * elapsed / len(lat), 2) if lat else 0.0,
        "load_average_before": round(os.getloadavg()[0], 2),
    }
    if site.servers:
        result["server_rss_mb"] = {
            "idle": round(rss_idle / 1024, 1),
            "with_tables": round(rss_live / 1024, 1),
            "end": _rss_mb(site.servers),
        }
        result["memory_per_table_kb"] = round((rss_live - rss_idle) / tables, 1)
    return result


def _wait_for(site: Site, alive: Any) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            _request(site, "GET", "/")
            return
        except OSError:
            if time.monotonic() > deadline or not alive():
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


@contextlib.contextmanager
def _child_server(ai_delay: float, par_runs: int, source: str | None = None) -> Iterator[Site]:
    """One server in a child process on a temporary SQLite file (``par_runs``: ``WebConfig``'s;
    ``source``: the ``src`` folder of the code it runs, if not this checkout's)."""
    with tempfile.TemporaryDirectory() as folder:
        port = _free_port()
        server = multiprocessing.get_context("spawn").Process(
            target=_serve, args=(port, str(Path(folder) / "loadbench.db"), ai_delay, par_runs, source),
            daemon=True,
        )
        server.start()
        try:
            assert server.pid is not None
            site = Site("127.0.0.1", port, (server.pid,))
            _wait_for(site, server.is_alive)
            yield site
        finally:
            server.terminate()
            server.join(10)


@contextlib.contextmanager
def _cluster(processes: int, ai_delay: float, source: str | None = None) -> Iterator[Site]:
    """``scripts/cluster.sh start N`` in a temporary folder: PostgreSQL, N servers, nginx (running
    the code in ``source``, a ``src`` folder, if given)."""
    parent = Path(tempfile.mkdtemp(prefix="cardavia-loadbench-"))
    parent.chmod(0o755)  # PostgreSQL runs as its own user, which must enter the folder
    folder = parent / "cluster"
    port = _free_base(processes)
    env = {**os.environ, "CARDAVIA_CLUSTER": str(folder), "CARDAVIA_PORT": str(port),
           "CARDAVIA_BIN": str(Path(sys.executable).with_name("cardavia"))}
    if source is not None:
        env["PYTHONPATH"] = source
    serve = ["--ai-delay", str(ai_delay), "--start-rate", "0"]
    serve += ["--ai-tier", "random", "--ai-executor", "inline"]  # the computers cost (almost) nothing
    try:
        subprocess.run(["bash", str(CLUSTER), "start", str(processes), *serve], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        servers = tuple(int((folder / f"node{i}.pid").read_text()) for i in range(1, processes + 1))
        postgres = int((folder / "pg" / "postmaster.pid").read_text().split()[0])
        proxy = int((folder / "nginx.pid.start").read_text())
        yield Site("127.0.0.1", port, servers, postgres, proxy)
    except BaseException:
        # Before the folder goes: what the proxy and the servers said about the failure.
        for name in ["nginx.log", *(f"node{i}.log" for i in range(1, processes + 1))]:
            with contextlib.suppress(OSError):
                tail = (folder / name).read_text(errors="replace").splitlines()[-10:]
                print(f"-- {name} (last lines)", *tail, sep="\n", file=sys.stderr)
        raise
    finally:
        subprocess.run(["bash", str(CLUSTER), "stop"], env=env, check=False)
        with contextlib.suppress(OSError):
            parent.rmdir()


def _site_at(url: str) -> Site:
    """The site at ``url``, which must be on this machine (a loopback address)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if parts.scheme != "http" or not loopback or parts.port is None:
        raise ValueError(f"--url must be http://<loopback address>:<port>, got {url!r}")
    return Site(host, parts.port)


def _measure(args: argparse.Namespace, source: str | None = None) -> dict[str, Any]:
    """One run as the arguments say (``source``: the code the site runs, if not this checkout's)."""
    if args.url is not None:
        site_context: contextlib.AbstractContextManager[Site] = contextlib.nullcontext(_site_at(args.url))
    elif args.processes is not None:
        site_context = _cluster(args.processes, args.ai_delay, source)
    else:
        site_context = _child_server(args.ai_delay, args.par_runs, source)
    with site_context as site:
        weight = page_weight(site)
        result = uvloop.run(  # the bots' own cost, on the same cores, kept small
            _run(site, args.tables, args.seconds, args.max_actions, args.seed, args.think_ms / 1000,
                 args.ai_delay)
        )
    behind = f"{args.processes} processes behind nginx on PostgreSQL" if args.processes else None
    result["site"] = args.url or behind or "1 process on SQLite"
    result["table_page_bytes"] = weight
    result["table_page_under_200kb"] = weight["total"] < 200 * 1024
    return result


HUMAN_PACE = {"think_ms": 1000.0, "ai_delay": 0.7}  # the defaults: bots and computers at people's pace
P99_LIMIT_MS = 100.0


def _capacity(args: argparse.Namespace) -> dict[str, Any]:
    """The figures an operator sizes a deployment with, for the site the arguments name: the stress
    run's throughput and CPU per action; the most tables at a human pace whose ack p99 stays within
    ``P99_LIMIT_MS`` (doubling from ``--tables``, then halving the gap to a tenth); the memory per live
    table; and the worker CPU a computer's move takes at each tier."""
    stress = _measure(argparse.Namespace(**{**vars(args), "think_ms": 0.0, "ai_delay": 0.0}))
    runs: list[dict[str, Any]] = []
    good, bad, tables = 0, None, args.tables
    while True:
        found = _measure(argparse.Namespace(**{**vars(args), **HUMAN_PACE, "tables": tables}))
        p99 = found["ack_ms"]["p99"]
        runs.append({"tables": tables, "ack_p99_ms": p99, "errors": found["errors"],
                     "server_cpu_ms_per_action": found["server_cpu_ms_per_action"],
                     "memory_per_table_kb": found.get("memory_per_table_kb")})
        if p99 <= P99_LIMIT_MS and found["errors"] == 0:
            good = tables
        else:
            bad = tables
        if bad is None and tables * 2 > 2000:
            break
        if bad is not None and bad - good <= max(25, bad // 10):
            break
        tables = tables * 2 if bad is None else (good + bad) // 2
    return {
        "site": stress["site"],
        "stress": {k: stress[k] for k in ("actions_per_s", "ack_ms", "cpu_cores", "server_cpu_ms_per_action")
                   },
        "human_pace_tables_within_p99": {"limit_ms": P99_LIMIT_MS, "tables": good, "runs": runs},
        "memory_per_table_kb": stress.get("memory_per_table_kb"),
        "worker_cpu_ms_per_computer_move": _move_costs(),
    }


def _move_costs(positions: int = 30) -> dict[str, dict[str, float]]:
    """CPU (ms, mean and p90) of one computer's move by game and tier, on positions of seeded
    random deals: what the worker processes spend on the computers."""
    from cardavia.engine.registry import game_names, get_spec
    from cardavia.web.live.computers import choose_on

    costs: dict[str, dict[str, float]] = {}
    for game in game_names():
        spec = get_spec(game)
        picked = []
        for seed in range(100):  # a few positions from each of several deals
            live, rng, taken = spec.new_game(seed), random.Random(seed), 0
            while (decision := live.decision()) is not None and taken < 4:
                seat = next(s for s in decision.seats if live.legal_actions(s))
                if rng.random() < 0.25:
                    picked.append((live.clone(), seat))
                    taken += 1
                live.apply(seat, rng.choice(live.legal_actions(seat)))
            if len(picked) >= positions:
                break
        for tier in ("easy", "normal", "hard"):
            spent = []
            for position, seat in picked[:positions]:
                started = time.process_time()
                choose_on(position.clone(), seat, tier, 7)
                spent.append(1000 * (time.process_time() - started))
            spent.sort()
            costs[f"{game}/{tier}"] = {"mean": round(statistics.fmean(spent), 2),
                                       "p90": round(spent[int(0.9 * len(spent))], 2)}
    return costs


def _paired(args: argparse.Namespace) -> dict[str, Any]:
    """``--pairs`` runs of this checkout and of ``--baseline`` taking turns (each pair in the other
    order than the last, so neither always runs on a warmer machine); their figures and the ratio
    of the medians of server CPU per action (baseline over this checkout: how many times cheaper)."""
    runs: dict[str, list[dict[str, Any]]] = {"this": [], "baseline": []}
    for pair in range(args.pairs):
        order = [("this", None), ("baseline", args.baseline)]
        for label, source in order if pair % 2 == 0 else order[::-1]:
            runs[label].append(_measure(args, source))
    cpu = {label: [r["server_cpu_ms_per_action"] for r in found] for label, found in runs.items()}
    rate = {label: [r["actions_per_s"] for r in found] for label, found in runs.items()}
    return {
        "server_cpu_ms_per_action": cpu,
        "actions_per_s": rate,
        "cpu_ratio_baseline_over_this": round(
            statistics.median(cpu["baseline"]) / statistics.median(cpu["this"]), 2
        ),
        "runs": runs,
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
    parser.add_argument(
        "--processes", type=int, help="servers behind nginx on a throwaway PostgreSQL (scripts/cluster.sh)"
    )
    parser.add_argument("--url", help="drive a site already running here, e.g. http://127.0.0.1:8800")
    parser.add_argument(
        "--par-runs", type=int, default=4, help="plays per finished deal's par (0: no pars; one process only)"
    )
    parser.add_argument(
        "--baseline",
        help="the src folder of another checkout (git worktree add DIR REV): run it and this one in turns",
    )
    parser.add_argument("--pairs", type=int, default=3, help="with --baseline: how many runs of each")
    parser.add_argument(
        "--capacity",
        action="store_true",
        help="the operator's figures: stress throughput, tables at a human pace within an ack p99 of 100 ms "
        "(searched from --tables), memory per table, workers' CPU per computer move (web/CAPACITY.md)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 2000 or not 1 <= args.seconds <= 600:
        print("error: --tables must be 1-2000 and --seconds 1-600", file=sys.stderr)
        return 2
    if args.processes is not None and not (1 <= args.processes <= 16 and args.url is None):
        print("error: --processes must be 1-16, without --url", file=sys.stderr)
        return 2
    if args.baseline is not None and (args.url is not None or not Path(args.baseline, "cardavia").is_dir()):
        print("error: --baseline must be a src folder holding cardavia, without --url", file=sys.stderr)
        return 2
    try:
        if args.capacity:
            result = _capacity(args)
        elif args.baseline is not None:
            result = _paired(args)
        else:
            result = _measure(args)
    except (ValueError, RuntimeError, subprocess.CalledProcessError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
