"""scripts/feel.py: one player against copies of each tier, the rows of STRENGTH.md's player table."""

from __future__ import annotations

import pytest


def test_one_row_per_tier_and_the_labels_lines(script, capsys: pytest.CaptureFixture[str]) -> None:
    feel = script("feel")
    argv = ["sisepai", "--player", "greedy", "--tiers", "random", "easy", "--decks", "2", "--seed", "5"]
    assert feel.main(argv) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| random") or line.startswith("| easy")]
    assert len(rows) == 2
    assert '"easy": Felt(' in out and "seats=4" in out


def test_too_few_decks_is_refused(script, capsys: pytest.CaptureFixture[str]) -> None:
    assert script("feel").main(["paohuzi", "--player", "normal", "--decks", "1", "--seed", "5"]) == 2
    assert "at least 2" in capsys.readouterr().err
