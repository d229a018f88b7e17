"""Long-form content: the rules pages of every game in every site language, the glossary of game
terms, the worked examples the pages show, and the games catalogue data.

Rules pages are Jinja2 fragments (``rules/<game>/<lang>.html``, no ``extends`` or blocks). The web
layer renders them with three globals: ``cards(codes, game)`` (card pictures), ``example(id)`` (a
worked example from ``examples.json``) and ``term(key)`` (a glossary term in the page's language).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from cardavia.engine.registry import game_names

LANGS: tuple[str, ...] = ("en", "es", "da", "cs", "zh")
GAMES: tuple[str, ...] = tuple(game_names())  # each registered game has its pages here
CONTENT_DIR = Path(__file__).resolve().parent
"""This package's folder: a template loader's root for the rules fragments (``rules_template``)."""


def _read(name: str) -> str:
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


def rules_source(game: str, lang: str) -> str:
    """The Jinja2 source of the rules fragment of ``game`` in ``lang``; ``KeyError`` if unknown."""
    if game not in GAMES or lang not in LANGS:
        raise KeyError(f"no rules page for game {game!r} in language {lang!r}")
    return _read(f"rules/{game}/{lang}.html")


def rules_template(game: str, lang: str) -> str | None:
    """The rules fragment of ``game`` in ``lang`` (English when it has none) as a template name
    under ``CONTENT_DIR``; None for a game without rules."""
    if game not in GAMES:
        return None
    for candidate in (lang, LANGS[0]):
        name = f"rules/{game}/{candidate}.html"
        if candidate in LANGS and (CONTENT_DIR / name).is_file():
            return name
    return None


@cache
def load_examples() -> dict[str, Any]:
    """``examples.json``: id -> {"game", "query" (an ``analyze`` query), "expect"}."""
    data: dict[str, Any] = json.loads(_read("examples.json"))
    return data


@cache
def load_glossary() -> dict[str, dict[str, str]]:
    """``glossary.json``: term key (``"<game>.<term>"``) -> language -> text."""
    data: dict[str, dict[str, str]] = json.loads(_read("glossary.json"))
    return data


@cache
def load_catalogue() -> dict[str, Any]:
    """``catalogue.json``: game -> its catalogue entry (names, origin, cards, players, link, line)."""
    data: dict[str, Any] = json.loads(_read("catalogue.json"))
    return data


def localized(entry: object, lang: str) -> str:
    """The ``lang`` text of a {lang: text} entry, falling back to English, then to any text."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        for key in (lang, LANGS[0]):
            if isinstance(entry.get(key), str):
                return str(entry[key])
        for value in entry.values():
            if isinstance(value, str):
                return value
    return ""


def term(key: str, lang: str) -> str:
    """The glossary text of ``key`` in ``lang`` (English when the language is unknown)."""
    entry = load_glossary()[key]
    return entry.get(lang) or entry["en"]
