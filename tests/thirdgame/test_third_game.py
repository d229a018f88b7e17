"""A third game plugs in through its registration alone (issue 22, ADDING.md): Trio, in this
folder, registered by the entry point of ``cardavia_trio-0.dist-info``, passes the kernel's
conformance suite, plays through ``cardavia selfplay``, ``replay``, ``arena`` and ``review``, and
completes a deal over a test app's WebSocket — with no line of it outside this folder. Everything
runs in processes with this folder on the path, so the rest of the suite never sees Trio."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CLI = [str(Path(sys.executable).with_name("cardavia"))]  # the installed command
FLOORS = ("ai", "review", "display", "words", "art")  # ADDING.md's list


def run(*args: str, stdin: str | None = None) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT)])}
    done = subprocess.run(
        list(args), input=stdin, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_registration_names_every_floor_adding_md_lists() -> None:
    text = (HERE / "cardavia_trio" / "registration.py").read_text(encoding="utf-8")
    assert all(f'"{floor}": "cardavia_trio.{floor}"' in text for floor in FLOORS)
    adding = (ROOT / "ADDING.md").read_text(encoding="utf-8")
    assert all(f'"{floor}":' in adding for floor in FLOORS)


def test_it_passes_the_conformance_suite_and_its_trackers_follow_its_views() -> None:
    found = json.loads(run(sys.executable, str(HERE / "drive.py"), "conformance", "30"))
    assert "trio" in found["games"] and found["actions"] > 300 and found["tracker_views"] > 1000


def test_it_plays_through_selfplay_replay_arena_and_review() -> None:
    record = run(*CLI, "selfplay", "trio", "--seed", "5", "--players", "normal,greedy,easy")
    view = json.loads(run(*CLI, "replay", "-", stdin=record))
    assert view["game"] == "trio" and view["status"] in ("won", "draw")
    for reference in ("random", "greedy"):
        report = json.loads(run(*CLI, "arena", "trio", "--challenger", "normal", "--reference", reference,
                                "--decks", "4", "--seed", "1", "--json"))  # fmt: skip
        assert report["deals"] == 12
    path = HERE / "selfplay.tmp.json"
    path.write_text(record, encoding="utf-8")
    try:
        review = json.loads(run(*CLI, "review", str(path), "--seat", "0"))
    finally:
        path.unlink()
    assert review["game"] == "trio" and review["decisions"]


@pytest.mark.timeout(300)
def test_it_completes_a_deal_over_the_websocket() -> None:
    found = json.loads(run(sys.executable, str(HERE / "drive.py"), "socket", "trio"))
    assert found["outcome"] is not None and found["actions"] > 3
