"""No code above the games' own packages names a game (ADDING.md): the browser client gets what it
needs to draw a game's values from the server (``engine/display.py``'s ``ClientDisplay``, in the
page's messages under ``display``), and the Python floors look games up through the registry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardavia.engine.display import display_hooks
from cardavia.engine.registry import game_names
from cardavia.web.pages.messages import table_messages

STATIC = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "web" / "static"


def game_names_in(text: str, flags: re.RegexFlag = re.IGNORECASE) -> list[str]:
    """The registered games' names found in ``text`` (in any case, unless ``flags`` say otherwise)."""
    return [name for name in game_names() if re.search(re.escape(name), text, flags)]


def test_no_browser_module_names_a_game() -> None:
    scripts = sorted(STATIC.rglob("*.js"))
    assert scripts
    found = {str(p.relative_to(STATIC)): game_names_in(p.read_text("utf-8")) for p in scripts}
    assert {k: v for k, v in found.items() if v} == {}


SRC = STATIC.parents[1]


def _own_package(path: Path) -> bool:
    """Whether ``path`` lies inside one game's own packages (games/<g>/, ai/<g>/, review/<g>.py)."""
    parts = path.relative_to(SRC).parts
    return any(
        parts[:2] in (("games", g), ("ai", g)) or parts[:2] == ("review", f"{g}.py") for g in game_names()
    )


def test_no_module_above_the_games_packages_names_a_game() -> None:
    """ADDING.md's rule: the floors above the kernel look games up through the registry (the name as
    code spells it; prose may still name a game by its title, "Paohuzi")."""
    modules = [p for p in sorted(SRC.rglob("*")) if p.suffix in (".py", ".js") and not _own_package(p)]
    assert len(modules) > 60
    found = {str(p.relative_to(SRC)): game_names_in(p.read_text("utf-8"), re.NOFLAG) for p in modules}
    assert {k: v for k, v in found.items() if v} == {}


def test_a_games_own_packages_are_told_apart() -> None:
    name = game_names()[0]
    assert _own_package(SRC / "games" / name / "words.py") and _own_package(SRC / "review" / f"{name}.py")
    assert not _own_package(SRC / "web" / "pages" / "messages.py")
    assert not _own_package(SRC / "ai" / "labels.py")


def test_the_check_finds_a_planted_name() -> None:
    name = game_names()[0]
    assert game_names_in(f'if (this.game === "{name.upper()}") return;') == [name]


@pytest.mark.parametrize("game", game_names())
def test_the_table_page_carries_the_games_display_facts(game: str) -> None:
    assert table_messages("en", game)["display"] == {game: display_hooks(game).CLIENT}
