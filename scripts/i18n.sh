#!/usr/bin/env bash
# Refresh the message catalogues: extract every msgid of the site (Python, templates, table script)
# into messages.pot, then merge it into the .po file of every language (new messages come in empty;
# tests/i18n fails until each is translated). Run from anywhere; needs the dev venv.
set -euo pipefail
cd "$(dirname "$0")/.."
LOCALES=src/cardavia/i18n/locale
POT=$LOCALES/messages.pot
.venv/bin/pybabel -q extract -F src/cardavia/i18n/babel.cfg -k _n:1,2 --no-location --sort-output \
  -w 110 --project=Cardavia --copyright-holder=Cardavia --msgid-bugs-address=- -o "$POT" .
for lang in en es da cs zh; do
  po=$LOCALES/$lang/LC_MESSAGES/messages.po
  if [ -f "$po" ]; then
    .venv/bin/pybabel -q update -w 110 --no-fuzzy-matching --ignore-obsolete -l "$lang" -i "$POT" -o "$po"
  else
    .venv/bin/pybabel -q init -w 110 -l "$lang" -i "$POT" -o "$po"
  fi
done
