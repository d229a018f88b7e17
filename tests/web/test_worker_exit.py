"""A server killed with SIGKILL leaves none of its AI worker processes behind (issue 28, part 3)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

WORKERS = 2  # the server's default number of AI workers


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # it ended meanwhile
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def _is_worker(pid: int) -> bool:
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    cardavia = str(Path(sys.executable).with_name("cardavia"))
    command = [cardavia, "serve", "--db", str(tmp_path / "t.db"), "--port", "0", "--ai-executor", "process"]
    server = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 90
        while len(workers) < WORKERS:
            assert server.poll() is None, "the server did not start"
            assert time.monotonic() < deadline, f"the server started {len(workers)} workers, not {WORKERS}"
            time.sleep(0.2)
            workers = [pid for pid in _children(server.pid) if _is_worker(pid)]
        time.sleep(1.0)  # the workers are up and their watch is running
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [pid for pid in workers if _alive(pid)]
        assert left == [], f"workers {left} outlived their server by 5 s"
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if server.poll() is None:
            server.kill()
