#!/usr/bin/env bash
# The whole test suite, from a fresh checkout: installs what the tests need, then runs
# ruff, mypy --strict on the whole package, and pytest.
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
echo "== pytest"
.venv/bin/pytest -q "$@"
