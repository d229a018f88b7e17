"""Content the pages show: the games catalogue and where each rules fragment is.

The globals rules fragments call (``cards``, ``example``, ``term``) are in ``render_content``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from cardavia.web.i18n import DEFAULT_LANG

CONTENT_DIR = Path(__file__).resolve().parent.parent.parent / "content"
GAMES: tuple[str, ...] = ("sisepai", "paohuzi")


def load_json(name: str) -> dict[str, Any]:
    """A JSON object from ``content/`` (empty when the file is missing or not an object)."""
    path = CONTENT_DIR / name
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}


@cache
def catalogue() -> dict[str, Any]:
    """``content/catalogue.json``: per game its native name, origin, cards, players, link, lines."""
    return load_json("catalogue.json")


def localized(entry: object, lang: str) -> str:
    """The ``lang`` text of a {lang: text} entry, falling back to English, then to any text."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        for key in (lang, DEFAULT_LANG):
            if isinstance(entry.get(key), str):
                return str(entry[key])
        for value in entry.values():
            if isinstance(value, str):
                return value
    return ""


def rules_template(game: str, lang: str) -> str | None:
    """The loader name of the rules fragment in ``lang`` (English when missing), or None."""
    for candidate in (lang, DEFAULT_LANG):
        if (CONTENT_DIR / "rules" / game / f"{candidate}.html").is_file():
            return f"rules/{game}/{candidate}.html"
    return None
