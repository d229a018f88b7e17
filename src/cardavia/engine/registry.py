"""The games Cardavia knows, by record name: the ``cardavia.games`` entry points of the installed
packages (this project's pyproject.toml declares Sì Sè Pái and Paohuzi). A game's module is
imported on first use."""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from cardavia.engine.errors import RecordError
from cardavia.engine.game import GameSpec

GROUP = "cardavia.games"


@cache
def _entries() -> dict[str, EntryPoint]:
    return {entry.name: entry for entry in entry_points(group=GROUP)}


def game_names() -> list[str]:
    """The names of every registered game."""
    return sorted(_entries())


@cache
def _load(name: str) -> GameSpec:
    spec: GameSpec = _entries()[name].load()
    return spec


def get_spec(name: object) -> GameSpec:
    """Return the spec of game ``name``; ``RecordError`` if no game has that name."""
    if not isinstance(name, str) or name not in _entries():
        known = ", ".join(game_names())
        raise RecordError(f"unknown game {name!r}; known games: {known}")
    return _load(name)
