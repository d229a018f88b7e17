"""The browser client names no game: what it needs to draw a game's values comes from the server
(``engine/display.py``'s ``ClientDisplay``, in the page's messages under ``display``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardavia.engine.display import display_hooks
from cardavia.engine.registry import game_names
from cardavia.web.pages.messages import table_messages

STATIC = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "web" / "static"


def game_names_in(text: str) -> list[str]:
    """The registered games' names found in ``text``."""
    return [name for name in game_names() if re.search(re.escape(name), text, re.IGNORECASE)]


def test_no_browser_module_names_a_game() -> None:
    scripts = sorted(STATIC.rglob("*.js"))
    assert scripts
    found = {str(p.relative_to(STATIC)): game_names_in(p.read_text("utf-8")) for p in scripts}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_check_finds_a_planted_name() -> None:
    name = game_names()[0]
    assert game_names_in(f'if (this.game === "{name.upper()}") return;') == [name]


@pytest.mark.parametrize("game", game_names())
def test_the_table_page_carries_the_games_display_facts(game: str) -> None:
    assert table_messages("en", game)["display"] == {game: display_hooks(game).CLIENT}
