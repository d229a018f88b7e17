"""The table in every language on a phone: every glyph is there, no button overflows, the words are
the catalogue's (no key, no placeholder left), and a language change at the table translates it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from .checks import CJK_FONT, missing_glyphs, overflowing, phone_page
from .conftest import GAMES, LANGS
from .tables import RECORDER, TABLE, messages, play_until, settle, start_table

HTML_LANG = {"en": "en", "es": "es", "da": "da", "cs": "cs", "zh": "zh-Hans"}
SPRITES = {
    "sisepai": "帥仕相俥傌炮兵將士象車馬包卒公侯伯子男",
    "paohuzi": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾",
}
RAW = re.compile(r"\b(?:log|reason|priority|caption|prompt|seat|badge|table)\.\w+\b|\{\w+\}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_table_at_360px_in_every_language(
    browser: Browser, server: str, artifacts: Path, game: str, lang: str
) -> None:
    with phone_page(browser, server, lang) as page:
        page.add_init_script(RECORDER)
        start_table(page, server, game)
        expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
        # a move in, so that the log, the seats and the dock have words in them
        asked = {"n": 0}

        def enough(_p: object, _actions: list[str]) -> bool:
            asked["n"] += 1
            return asked["n"] >= 2

        play_until(page, enough, seed=3)
        settle(page)
        glyphs = missing_glyphs(page, [(CJK_FONT, SPRITES[game])])
        assert glyphs["missing"] == []
        assert overflowing(page) == []
        text = page.locator(TABLE).inner_text()
        assert not RAW.search(text), RAW.search(text)
        page.screenshot(path=str(artifacts / f"table-{game}-{lang}-360.png"))


def test_language_change_at_the_table_translates_the_table(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    url = start_table(page, server, "paohuzi")
    with page.expect_navigation():
        page.select_option("#set-lang", "cs")
    assert page.url == url
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    catalogue = messages(page)
    assert catalogue["action.pass"] == "Pas"
    assert catalogue["plural.countdown"]["few"] == "Zbývají {n} sekundy"
    assert "Vaše ruka" in (page.locator(f"{TABLE} [data-role=hand]").get_attribute("aria-label") or "")
