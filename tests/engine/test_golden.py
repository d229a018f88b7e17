"""Golden playthroughs and perft counts: seeded deals written out step by step must replay to the
same lines (scripts/golden.py rewrites them when a change is meant to change them), and the number
of distinct action sequences from fixed positions stays what it was."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from cardavia.engine.registry import get_spec
from cardavia.engine.testing import perft, playthrough

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
FILES = sorted(GOLDEN.glob("*.jsonl"))
# (game, seed) -> sequences of 1, 2, 3 (and 4) actions from the start of the seeded deal.
PERFT = {
    ("sisepai", 5): [2, 13, 52, 389],
    ("sisepai", 6): [4, 8, 70],
    ("paohuzi", 5): [16, 51, 331, 1462],
    ("paohuzi", 6): [16, 51, 338],
}


def test_there_are_golden_files_for_both_games() -> None:
    assert {path.name.split("-")[0] for path in FILES} == {"sisepai", "paohuzi"}


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_seeded_deal_plays_out_as_its_golden_file(path: Path) -> None:
    game, seed = path.stem.split("-")
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = playthrough(get_spec(game), int(seed))
    diff = list(difflib.unified_diff(expected, actual, "golden", "now", n=0, lineterm=""))
    assert not diff, "\n".join(diff[:12])


@pytest.mark.parametrize(("game", "seed"), sorted(PERFT))
def test_perft_counts_from_the_start(game: str, seed: int) -> None:
    spec = get_spec(game)
    start = spec.from_position({**spec.dealt(seed), "actions": []})
    expected = PERFT[(game, seed)]
    assert [perft(start, depth) for depth in range(1, len(expected) + 1)] == expected
