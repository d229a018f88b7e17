"""The display floor every game provides (``games/<g>/display.py``, its registration's
``"display"`` floor): how the site shows its groups, a win and what the browser client needs to
draw the game without knowing its name.

Words are never decided here: a hook returns catalogue or glossary keys, or takes a ``term``
function that gives them in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypedDict, cast

from cardavia.engine.game import JSON, View
from cardavia.engine.registry import floor

Gettext = Callable[[str], str]
"""A msgid -> its text in the reader's language."""
NGettext = Callable[[str, str, int], str]
"""Singular, plural, number -> the text for that number in the reader's language."""


class ClientDisplay(TypedDict):
    """What the browser client needs to word a game's values: ``unit``, the count key of a group's
    value and a win's (``points``, ``huxi``); ``tun``, whether a win is also counted in tun (its
    value is then huxi and tun, and the end explains the step from one to the other)."""

    unit: str
    tun: bool


class DisplayHooks(Protocol):
    """A game's display floor (a module)."""

    CLIENT: ClientDisplay
    """The client's facts of the game (``ClientDisplay``)."""

    def group_kind(self, words: list[str]) -> tuple[str, list[str]]:
        """The glossary key of a group's kind and its card codes, from its text."""
        ...

    def group_table(self, term: Callable[[str], str]) -> dict[str, dict[str, Any]]:
        """Every group the game scores, by its text: ``{"name", "value"}``."""
        ...

    def win_value(self, view: View, seat: int) -> JSON | None:
        """What the win ``seat`` may claim now would score, or None."""
        ...

    def verdict(self, result: Mapping[str, Any], gettext: Gettext, ngettext: NGettext) -> str:
        """What a complete holding of a worked example is worth (``result``: its ``analyze``)."""
        ...

    def new_card(self, query: Mapping[str, Any], gettext: Gettext) -> str:
        """The caption of a worked example's new card (``query``: its ``analyze`` query)."""
        ...


def display_hooks(game: str) -> DisplayHooks:
    """The display floor of the registered ``game`` (``KeyError``-like error of the registry for
    an unknown name)."""
    return cast(DisplayHooks, floor(game, "display"))
