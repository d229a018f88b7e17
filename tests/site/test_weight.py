"""The table page loads with no build step and under 200 KB of JavaScript, CSS and fonts together."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "web" / "static"
LIMIT = 200 * 1024
LOADED = {".js", ".mjs", ".css", ".woff", ".woff2", ".ttf", ".otf"}


def test_all_scripts_styles_and_fonts_together_stay_under_200_kb() -> None:
    files = [p for p in STATIC.rglob("*") if p.suffix in LOADED]
    assert any(p.name == "site.css" for p in files)
    assert sum(p.stat().st_size for p in files) < LIMIT


def test_no_font_files_are_shipped() -> None:
    # card art relies on the installed CJK fonts through font-family stacks
    assert not [p for p in STATIC.rglob("*") if p.suffix in {".woff", ".woff2", ".ttf", ".otf"}]
