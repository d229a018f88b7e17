"""Write the golden playthroughs of tests/data/golden/: a few seeded deals of every game, step by
step (``cardavia.engine.testing.playthrough``). Run it after a change that is meant to change
them, and read the diff before committing it; tests/engine/test_golden.py fails on any other.

    .venv/bin/python scripts/golden.py
"""

from __future__ import annotations

from pathlib import Path

from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.testing import playthrough

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "data" / "golden"
SEEDS = (11, 22, 33)


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in game_names():
        for seed in SEEDS:
            path = FOLDER / f"{name}-{seed}.jsonl"
            path.write_text("\n".join(playthrough(get_spec(name), seed)) + "\n", encoding="utf-8")
            print(path.relative_to(FOLDER.parents[2]))


if __name__ == "__main__":
    main()
