"""``cardavia`` and ``cardavia serve``: options, defaults, and bad input (exit 2, one error line)."""

from __future__ import annotations

from typing import Any

import pytest

from cardavia import cli
from cardavia.web.config import database_url


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Replace uvicorn.run with a recorder: what would have been served, and how."""
    import uvicorn

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


def test_serve_options(served: list[dict[str, Any]]) -> None:
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "9001", "--db", "/tmp/x.db"]) == 0
    call = served[0]
    assert call["host"] == "0.0.0.0" and call["port"] == 9001
    assert call["app"].state.config.db_url == "sqlite+aiosqlite:////tmp/x.db"


def test_serve_options_without_the_word_serve(served: list[dict[str, Any]]) -> None:
    assert cli.main(["--port", "8011", "--db", "/tmp/y.db"]) == 0
    assert served[0]["port"] == 8011
    assert served[0]["app"].state.config.db_url == "sqlite+aiosqlite:////tmp/y.db"


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
