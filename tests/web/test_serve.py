"""``cardavia`` and ``cardavia serve``: options, defaults, one server per SQLite file, and bad
input (exit 2, one error line)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia import cli
from cardavia.web.config import database_url
from cardavia.web.storage.store import LockError, Store

from .helpers import is_locked, run_async


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    """Replace uvicorn.run with a recorder: what would have been served, and how (in a temporary
    directory, where the default database and its lock file go)."""
    import uvicorn

    monkeypatch.chdir(tmp_path)

    calls: list[dict[str, Any]] = []

    def fake_run(app: Any, **kwargs: Any) -> None:
        calls.append({"app": app, **kwargs})

    monkeypatch.setattr(uvicorn, "run", fake_run)
    return calls


def test_plain_cardavia_serves_on_the_default_address(served: list[dict[str, Any]]) -> None:
    assert cli.main([]) == 0
    assert len(served) == 1
    assert served[0]["host"] == "127.0.0.1" and served[0]["port"] == 8000
    assert served[0]["app"].state.config.db_url == "sqlite+aiosqlite:///cardavia.db"


def test_serve_options(served: list[dict[str, Any]], tmp_path: Path) -> None:
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "9001", "--db", f"{tmp_path}/x.db"]) == 0
    call = served[0]
    assert call["host"] == "0.0.0.0" and call["port"] == 9001
    assert call["app"].state.config.db_url == f"sqlite+aiosqlite:///{tmp_path}/x.db"


def test_serve_options_without_the_word_serve(served: list[dict[str, Any]], tmp_path: Path) -> None:
    assert cli.main(["--port", "8011", "--db", f"{tmp_path}/y.db"]) == 0
    assert served[0]["port"] == 8011
    assert served[0]["app"].state.config.db_url == f"sqlite+aiosqlite:///{tmp_path}/y.db"


def test_the_start_rate_option(served: list[dict[str, Any]]) -> None:
    assert cli.main([]) == 0
    assert served[0]["app"].state.config.start_rate_per_minute == 10
    assert cli.main(["serve", "--start-rate", "0"]) == 0
    assert served[1]["app"].state.config.start_rate_per_minute == 0
    assert served[1]["app"].state.start_limits is None


def test_top_level_help_still_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "arena" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("value", "url"),
    [
        (None, "sqlite+aiosqlite:///cardavia.db"),
        ("games.db", "sqlite+aiosqlite:///games.db"),
        ("sqlite:///data/games.db", "sqlite+aiosqlite:///data/games.db"),
        (
            "postgresql://cardavia:pw@localhost/cardavia",
            "postgresql+asyncpg://cardavia:pw@localhost/cardavia",
        ),
        ("postgres://h/db", "postgresql+asyncpg://h/db"),
    ],
)
def test_database_urls(value: str | None, url: str) -> None:
    assert database_url(value) == url


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--port", "70000"],
        ["serve", "--port", "x"],
        ["serve", "--bogus"],
        ["--bogus"],
        ["--port"],
        ["serve", "--start-rate", "-1"],
    ],
)
def test_bad_serve_input(
    served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:")
    assert served == []


def test_a_second_server_on_the_same_file_refuses_to_start(
    served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "shared.db"
    command = [str(Path(sys.executable).with_name("cardavia")), "serve", "--db", str(db), "--port", "0"]
    first = subprocess.Popen(command, stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        lock = tmp_path / "shared.db.lock"
        deadline = time.monotonic() + 60
        while not (lock.exists() and lock.read_text().strip() == str(first.pid)):
            assert first.poll() is None and time.monotonic() < deadline, "the first server did not start"
            time.sleep(0.05)
        assert cli.main(["serve", "--db", str(db)]) == 2
        err = capsys.readouterr().err.splitlines()
        assert err == [f"error: the database {db} is in use by another cardavia server (pid {first.pid})"]
        assert served == []
    finally:
        first.terminate()
        first.wait(timeout=60)
    assert cli.main(["serve", "--db", str(db)]) == 0  # free again once the first server has stopped
    assert len(served) == 1


def test_the_server_keeps_the_lock_it_took_at_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    db = tmp_path / "kept.db"
    lock = tmp_path / "kept.db.lock"

    async def second_store() -> None:
        await Store.open(f"sqlite+aiosqlite:///{db}")

    def run_the_app(app: Any, **kwargs: Any) -> None:
        assert is_locked(lock)  # taken before the server starts...
        with TestClient(app), pytest.raises(LockError):  # ...and by the app's store while it runs
            assert is_locked(lock)
            run_async(second_store)

    monkeypatch.setattr(uvicorn, "run", run_the_app)
    assert cli.main(["serve", "--db", str(db)]) == 0
    assert not is_locked(lock)  # released when the server stops
