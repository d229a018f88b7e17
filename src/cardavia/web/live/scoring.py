"""Scoring as the table shows it: every group a game scores with its name and value, and what a win
the human may claim now is worth.

Each game computes them in its ``"display"`` floor (``group_table``, ``win_value``) from its own
public functions, so the browser only looks them up and adds them for display; it decides nothing.
Group texts are written as the engines print them.
"""

from __future__ import annotations

from typing import Any

from cardavia.engine.display import display_hooks
from cardavia.engine.game import JSON, View
from cardavia.web.pages.render_content import term


def group_table(game: str) -> dict[str, dict[str, Any]]:
    """Every group ``game`` scores, by its text: ``{"name": …, "value": points or huxi}``.

    Names are glossary terms in the current language.
    """
    table: dict[str, dict[str, Any]] = display_hooks(game).group_table(term)
    return table


def win_value(game: str, view: View, seat: int) -> JSON | None:
    """What the win ``seat`` may claim now would score (``view`` is his), or None when it is not one
    (the game's ``display.win_value``: the holding is the seat's own with the public card)."""
    value: JSON | None = display_hooks(game).win_value(view, seat)
    return value
