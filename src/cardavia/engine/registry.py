"""The games Cardavia knows, by record name: the ``cardavia.games`` entry points of the installed
packages (this project's pyproject.toml declares its own games). Each names a game's
``Registration`` (or, for a game with no floors above the kernel, just its ``GameSpec``); a game's
modules are imported on first use. ADDING.md says what a game registers."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType

from cardavia.engine.errors import RecordError
from cardavia.engine.game import GameSpec

GROUP = "cardavia.games"


@dataclass(frozen=True)
class Registration:
    """Everything the floors above the kernel look a game up by, declared once in the game's package.

    ``floors`` names, for each floor that has a part for this game, the module holding it:
    ``"ai"`` (``TIERS``: tier name -> agent factory; ``missing``: what a hint says of an action),
    ``"review"`` (``JUDGE``), ``"display"`` (``group_kind``, ``group_table``, ``win_value``,
    ``CLIENT``: how the site shows its groups and wins), ``"words"`` (``TABLE``, ``LESSON``,
    ``GROUP_KINDS``: the msgids of the table and the lessons that only this game uses), ``"art"``
    (``codes``, ``body``, ``names``: its cards drawn, ``web/pages/art.py``).
    ``groups_field`` is the field of an ``analyze`` query that holds a seat's exposed groups
    (records-and-cli.md section 7: the command line's ``--exposed`` or ``--meld``); ``title`` the
    game's name in Latin letters.
    """

    spec: GameSpec
    title: str
    groups_field: str = "exposed"
    floors: Mapping[str, str] = field(default_factory=dict)


@cache
def _entries() -> dict[str, EntryPoint]:
    return {entry.name: entry for entry in entry_points(group=GROUP)}


def game_names() -> list[str]:
    """The names of every registered game."""
    return sorted(_entries())


@cache
def _load(name: str) -> Registration:
    loaded = _entries()[name].load()
    if isinstance(loaded, Registration):
        return loaded
    return Registration(spec=loaded, title=name)


def registration(name: object) -> Registration:
    """The registration of game ``name``; ``RecordError`` if no game has that name."""
    if not isinstance(name, str) or name not in _entries():
        known = ", ".join(game_names())
        raise RecordError(f"unknown game {name!r}; known games: {known}")
    return _load(name)


def get_spec(name: object) -> GameSpec:
    """Return the spec of game ``name``; ``RecordError`` if no game has that name."""
    return registration(name).spec


def has_floor(name: str, floor_name: str) -> bool:
    """Whether game ``name`` has a part in floor ``floor_name`` (``"ai"``, ``"review"``)."""
    return floor_name in registration(name).floors


def floor(name: str, floor_name: str) -> ModuleType:
    """The module of game ``name``'s part in floor ``floor_name``, imported now if it was not;
    ``KeyError`` when the game has none."""
    return importlib.import_module(registration(name).floors[floor_name])
