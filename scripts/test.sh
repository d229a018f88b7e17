#!/usr/bin/env bash
# The whole test suite, from a fresh checkout: installs what the tests need, then runs
# ruff, mypy --strict on the engine and games, and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[test]'

echo "== ruff"
.venv/bin/ruff check src tests
echo "== mypy --strict (engine and games)"
.venv/bin/mypy --strict src/cardavia/engine src/cardavia/games
echo "== pytest"
.venv/bin/pytest -q "$@"
