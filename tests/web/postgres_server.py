"""A throwaway PostgreSQL server for the tests, from Debian's postgresql package.

``scripts/test.sh`` installs the package; if it is missing the tests that need it fail (never skip).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (Debian package postgresql)")
    return found[-1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(argv: list[str]) -> list[str]:
    # initdb and postgres refuse to run as root; CI runs as root.
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


def _run(argv: list[str]) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"command failed: {' '.join(argv)}\n{done.stderr}")


@contextmanager
def postgres_url() -> Iterator[str]:
    """Start a server on a free loopback port with a database ``cardavia``; yield its async URL.

    Its files live in a fresh folder under the system's temporary directory (the ``postgres`` user
    must be able to enter it, which pytest's per-user folders do not allow).
    """
    base = Path(tempfile.mkdtemp(prefix="cardavia-pg-"))
    data = base / "data"
    data.mkdir()
    if os.geteuid() == 0:
        for path in (base, data):
            shutil.chown(path, "postgres")
    port = _free_port()
    _run(_as_postgres([_bin("initdb"), "-D", str(data), "-U", "cardavia", "--auth=trust"]))
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {data} -c fsync=off"
    log = str(base / "log")
    _run(_as_postgres([_bin("pg_ctl"), "-D", str(data), "-o", options, "-w", "-l", log, "start"]))
    try:
        _run([_bin("createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "cardavia", "cardavia"])
        yield f"postgresql+asyncpg://cardavia@127.0.0.1:{port}/cardavia"
    finally:
        subprocess.run(
            _as_postgres([_bin("pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)
