"""The puzzle files that ship with the site, checked as CI does, and the check itself: every bad
line is named, and the answer of a shipped puzzle is the best option in a second deeper search."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from cardavia.engine.registry import game_names
from cardavia.engine.rng import Rng
from cardavia.puzzles.build import deep_wins
from cardavia.puzzles.puzzle import THEMES, check, shipped, shipped_text

GAMES = tuple(game_names())
CARDAVIA = str(Path(sys.executable).with_name("cardavia"))  # the console script beside this Python


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_puzzles_are_all_good_and_enough(game: str) -> None:
    good, errors = check(shipped_text(game), game)
    assert errors == []
    assert len(good) >= 300
    assert set(Counter(p.theme for p in good)) <= set(THEMES)
    for p in good:
        assert p.values[p.answer] == max(p.values.values())  # the judge's best
        assert p.extra["margin"]["low"] > 0  # the deeper search's lead is clear of zero
        assert p.extra["why"]["key"].startswith("review.")


@pytest.mark.parametrize("game", GAMES)
def test_the_command_line_checks_a_file_as_ci_does(game: str, tmp_path: Path) -> None:
    path = tmp_path / "ok.jsonl"
    path.write_text(shipped_text(game), encoding="utf-8")
    ok = subprocess.run([CARDAVIA, "puzzle", game, "--check", str(path)],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["bad"] == 0


def test_every_bad_line_gets_one_error_line_and_exit_2(tmp_path: Path) -> None:
    game = GAMES[0]
    first = shipped(game)[0].line()
    other = next(o for o in first["options"] if o != first["answer"])
    cut = {**first["record"], "actions": first["record"]["actions"][:-1]}
    bad = [
        "not json",
        json.dumps({**first, "id": "a1", "answer": "discard ZZ"}),  # not legal
        json.dumps({**first, "id": "a2", "options": first["options"][:1] + first["options"]}),  # a repeat
        json.dumps({**first, "id": "a3", "record": cut}),  # another position
        json.dumps({**first, "id": "a4", "theme": "luck"}),
        json.dumps({**first, "id": "a5", "values": {other: 0.5}}),
        json.dumps({k: v for k, v in first.items() if k != "seat"}),
        json.dumps(first),
        json.dumps(first),  # the same id again
    ]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(bad) + "\n", encoding="utf-8")
    run = subprocess.run([CARDAVIA, "puzzle", game, "--check", str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2
    errors = run.stderr.strip().splitlines()
    assert all(line.startswith("error: line ") for line in errors)
    assert [int(line.split()[2].rstrip(":")) for line in errors] == [1, 2, 3, 4, 5, 6, 7, 9]
    assert json.loads(run.stdout) == {"puzzles": 1, "bad": 8}


@pytest.mark.parametrize("game", GAMES)
def test_a_shipped_answer_leads_again_in_a_new_deeper_search(game: str) -> None:
    """Three puzzles of each game searched again in other worlds: the answer's mean still leads."""
    for puzzle in shipped(game)[:3]:
        over = puzzle.extra["margin"]["over"]
        wins = deep_wins(puzzle.position(), puzzle.seat, [puzzle.answer, over], Rng(7), 32)
        assert statistics.fmean(wins[puzzle.answer]) > statistics.fmean(wins[over]), puzzle.id
