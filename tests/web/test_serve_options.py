"""``cardavia serve``'s options for several servers on one PostgreSQL and for trials."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardavia import cli


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    """What would have been served (uvicorn.run replaced by a recorder, in a temporary directory)."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append({"app": app, **kwargs}))
    return calls


def test_defaults_are_unchanged(served: list[dict[str, Any]]) -> None:
    assert cli.main([]) == 0
    config = served[0]["app"].state.config
    assert (config.node, config.lease_ttl, config.ai_tier_override, config.ai_executor) == (
        "", 5.0, None, "process"
    )


def test_cluster_and_trial_options(served: list[dict[str, Any]]) -> None:
    argv = ["serve", "--node", "web1-a", "--lease-ttl", "2", "--ai-tier", "random", "--ai-executor", "inline"]
    assert cli.main(argv) == 0
    config = served[0]["app"].state.config
    assert (config.node, config.lease_ttl, config.ai_tier_override, config.ai_executor) == (
        "web1-a", 2.0, "random", "inline"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--node", "a/b"],
        ["serve", "--node", "x" * 49],
        ["serve", "--node", ""],
        ["serve", "--lease-ttl", "0.5"],
        ["serve", "--lease-ttl", "61"],
        ["serve", "--ai-tier", "genius"],
        ["serve", "--ai-executor", "gpu"],
    ],
)
def test_bad_values_exit_2_with_one_line(
    served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:")
    assert served == []
