"""The installed ``cardavia`` console script itself, in a subprocess: exit statuses reach the shell,
bad input gives one ``error:`` line, and a reader that goes away stops it quietly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CLI = Path(sys.executable).with_name("cardavia")


def test_bad_input_exits_2_with_one_error_line() -> None:
    done = subprocess.run(
        [str(CLI), "replay", "-"], input="{nope", capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("error: ")


def test_a_reader_that_goes_away_stops_it_quietly() -> None:
    script = f"'{CLI}' selfplay sisepai --seed 3 | head -c 10"
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith('{"game"') and "Traceback" not in done.stderr


def test_help_lists_the_commands() -> None:
    done = subprocess.run([str(CLI), "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    for command in ("serve", "replay", "analyze", "explain", "selfplay", "bench", "arena"):
        assert command in done.stdout
