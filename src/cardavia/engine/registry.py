"""The games Cardavia knows, by record name. Modules are imported on first use."""

from __future__ import annotations

import importlib

from cardavia.engine.errors import RecordError
from cardavia.engine.game import GameSpec

_MODULES = {
    "sisepai": "cardavia.games.sisepai",
    "paohuzi": "cardavia.games.paohuzi",
}


def game_names() -> list[str]:
    """The names of every registered game."""
    return sorted(_MODULES)


def get_spec(name: object) -> GameSpec:
    """Return the spec of game ``name`` (its module's ``SPEC``); ``RecordError`` if unknown."""
    if not isinstance(name, str) or name not in _MODULES:
        known = ", ".join(game_names())
        raise RecordError(f"unknown game {name!r}; known games: {known}")
    spec: GameSpec = importlib.import_module(_MODULES[name]).SPEC
    return spec
