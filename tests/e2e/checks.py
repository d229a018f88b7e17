"""In-page checks run with ``page.evaluate``: missing glyphs, text overflowing its box, settings."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

HERE = Path(__file__).resolve().parent


@contextmanager
def phone_page(browser: Browser, server: str, lang: str) -> Iterator[Page]:
    """A page on a 360-pixel-wide screen whose chosen language (cookie) is ``lang``."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780}, locale="en-GB")
    try:
        ctx.add_cookies([{"name": "lang", "value": lang, "url": server}])
        yield ctx.new_page()
    finally:
        ctx.close()


def _script(name: str) -> str:
    """A function's source for ``page.evaluate`` (its leading comment lines dropped)."""
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("//"))


_GLYPHS_JS = _script("glyphs.js")
_OVERFLOW_JS = _script("overflow.js")

CJK_FONT = "normal 700 48px 'Noto Serif CJK SC','Source Han Serif SC','Songti SC','STSong','SimSun',serif"


def missing_glyphs(page: Page, extra: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """``{"checked": n, "missing": [...]}`` for the page's visible text plus ``extra`` (font, text)."""
    result: dict[str, Any] = page.evaluate(_GLYPHS_JS, extra or [])
    return result


def overflowing(page: Page) -> list[str]:
    """Descriptions of the controls whose text overflows them, and of a too-wide page."""
    result: list[str] = page.evaluate(_OVERFLOW_JS)
    return result


def felt_style(page: Page) -> dict[str, str]:
    """The computed look of the table's felt: filter, grain layer and tint layer."""
    result: dict[str, str] = page.evaluate(
        """() => {
          const felt = document.querySelector(".felt");
          const before = getComputedStyle(felt, "::before"), after = getComputedStyle(felt, "::after");
          return {filter: getComputedStyle(felt).filter, grain: before.opacity,
                  tint: after.backgroundImage};
        }"""
    )
    return result
