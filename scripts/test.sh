#!/usr/bin/env bash
# The test suite, from a fresh checkout: installs what the tests need, then runs ruff, mypy
# --strict on the whole package, mypy on the tests, TypeScript's compiler on the browser's scripts
# and their unit tests under node, and pytest on both cores (pytest-xdist).
#
#   bash scripts/test.sh            every test but the long versions of the simulations,
#                                   differentials and ladders (-m "not slow"; tests/TIERS.md)
#   bash scripts/test.sh --slow     every test, the long versions too
#   bash scripts/test.sh ARGS...    ARGS go to pytest (e.g. -x, -k NAME, a path)
#
# The quick loop while working (no browser, no long versions, under 90 s):
#   .venv/bin/pytest -q -n 2 -m "not slow and not e2e"
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests drive Debian's Chromium and need CJK fonts; the store is also tested on a real
# PostgreSQL server, and several servers behind nginx (scripts/cluster.sh). Install what is missing.
# Those tests fail (never skip) when it cannot run.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fc-list :lang=zh 2>/dev/null | grep -q "Noto" || missing+=(fonts-noto-cjk)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v node >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[test,postgres]'

echo "== ruff"
.venv/bin/ruff check src tests
echo "== mypy --strict (the whole package)"
.venv/bin/mypy --strict src/cardavia
marks="not slow and not clock"
if [ "${1:-}" = "--slow" ]; then
  marks="not clock"
  shift
fi
echo "== mypy (the tests)"
.venv/bin/mypy --explicit-package-bases tests
echo "== the browser's scripts: wire types up to date, TypeScript on their JSDoc, unit tests under node"
[ -x node_modules/.bin/tsc ] || npm ci --silent --no-audit --no-fund
.venv/bin/python scripts/wire_types.py --check
node_modules/.bin/tsc -p tsconfig.json
node --test tests/js/
echo "== pytest"
.venv/bin/pytest -q -n 2 -m "$marks" "$@"
echo "== pytest: the tests timed by the wall clock, alone on the machine"
.venv/bin/pytest -q -m clock "$@" || [ $? -eq 5 ]  # 5: ARGS chose none of them
