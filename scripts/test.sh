#!/usr/bin/env bash
# The whole test suite, from a fresh checkout: installs what the tests need, then runs
# ruff, mypy --strict on the engine and games, and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests drive Debian's Chromium and need CJK fonts; install both when missing. The tests
# fail (never skip) when the browser cannot run.
if ! command -v chromium >/dev/null 2>&1 || ! fc-list :lang=zh 2>/dev/null | grep -q "Noto"; then
  echo "== installing chromium and fonts-noto-cjk"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

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
