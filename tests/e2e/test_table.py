"""The live table in a real browser: a complete deal of each game played by clicking, the end panel,
the record download that ``cardavia replay`` accepts, keyboard play, card names, settings, languages.

The test clicks only what the page offers (the server's legal actions), choosing with a seeded
generator, until the end panel appears.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import time
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from .checks import CJK_FONT, felt_style, missing_glyphs, overflowing, phone_page
from .conftest import GAMES, LANGS, _cardavia

DEAL_SECONDS = 240
TABLE = "#table"
PLAYABLE = f"{TABLE} [data-role=actions] button:enabled, {TABLE} [data-role=hand] button:enabled"
END = f"{TABLE} [data-role=end]"
CHANGED = "(before) => document.querySelector('#table').innerHTML !== before"
HTML_LANG = {"en": "en", "es": "es", "da": "da", "cs": "cs", "zh": "zh-Hans"}
SPRITES = {
    "sisepai": "帥仕相俥傌炮兵將士象車馬包卒公侯伯子男",
    "paohuzi": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾",
}


def start_table(page: Page, server: str, game: str, difficulty: str = "easy") -> str:
    """Open the game page, start a deal and wait for the table's first state; return the table URL."""
    page.goto(f"{server}/games/{game}")
    page.locator(f".start-form input[value={difficulty}]").check()
    with page.expect_navigation():
        page.locator(".start-form button[type=submit]").click()
    assert "/tables/" in page.url
    expect(page.locator(TABLE)).to_be_visible()
    page.wait_for_function(
        """() => { const t = document.querySelector('#table');
                   return t && (t.querySelector('[data-role=hand] .card, [data-role=hand] svg')
                                || !t.querySelector('[data-role=end]').hidden); }""",
        timeout=20_000,
    )
    return page.url


def table_text(page: Page) -> str:
    return page.locator(TABLE).inner_html()


def play_to_the_end(page: Page, seed: int, keyboard_first: bool = True) -> int:
    """Click legal actions chosen by a seeded generator until the end panel shows; return the clicks."""
    rng = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + DEAL_SECONDS
    used_keyboard = not keyboard_first
    while page.locator(END).is_hidden():
        assert time.monotonic() < deadline, f"the deal did not end within {DEAL_SECONDS} s"
        options = [b for b in page.locator(PLAYABLE).all() if b.is_visible()]
        if not options:
            page.wait_for_timeout(40)
            continue
        choice: Locator = options[rng.randrange(len(options))]
        before = table_text(page)
        if not used_keyboard:  # keyboard play: focus a legal button and press Enter; the table must answer
            choice.focus()
            page.keyboard.press("Enter")
            page.wait_for_function(CHANGED, arg=before, timeout=10_000)
            used_keyboard = True
            clicks += 1
            continue
        try:
            choice.click(timeout=2_000)
        except Exception:  # the table redrew under the pointer: look again
            continue
        clicks += 1
        with contextlib.suppress(Exception):  # nothing changed within 5 s: look again
            page.wait_for_function(CHANGED, arg=before, timeout=5_000)
    return clicks


def replay(path: Path) -> dict[str, object]:
    done = subprocess.run(
        [*_cardavia(), "replay", str(path)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("game", GAMES)
def test_a_complete_deal_by_clicking(
    context: BrowserContext, server: str, artifacts: Path, tmp_path: Path, game: str
) -> None:
    page = context.new_page()
    start_table(page, server, game)
    page.screenshot(path=str(artifacts / f"table-{game}-start.png"), full_page=True)
    # screen readers: every card in the hand is named from the catalogue
    names = json.loads(page.locator("#table-messages").text_content() or "{}")["names"]
    labels = [
        el.get_attribute("aria-label") for el in page.locator(f"{TABLE} [data-role=hand] svg.card").all()
    ]
    assert labels and all(label in names.values() for label in labels)
    # the display settings change the table itself
    before = felt_style(page)
    page.locator("#set-temperature").fill("90")
    page.locator("#set-temperature").dispatch_event("input")
    assert felt_style(page)["tint"] != before["tint"]
    assert serious_violations(page) == []
    assert page_weight(page) < 200 * 1024

    clicks = play_to_the_end(page, seed=len(game))
    for attempt in range(1, 6):
        if clicks > 0:
            break
        # A deal can end before the human is ever asked (a computer wins early): deal again.
        start_table(page, server, game)
        clicks = play_to_the_end(page, seed=len(game) + attempt)
    assert clicks > 0, "five deals in a row ended before the human could act"
    end = page.locator(END)
    expect(end).to_be_visible()
    page.screenshot(path=str(artifacts / f"table-{game}-end.png"), full_page=True)
    assert serious_violations(page) == []

    link = end.locator("a[href$='/record']")
    expect(link).to_be_visible()
    with page.expect_download() as info:
        link.click()
    record = tmp_path / f"{game}.json"
    info.value.save_as(record)
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["game"] == game and data["actions"]
    final = replay(record)
    assert final["status"] in {"win", "draw"}
    assert final["to_act"] == []
    # the end panel agrees with the record
    result = final["result"]
    assert isinstance(result, dict)
    panel = end.inner_text()
    if result["winner"] is None:
        assert final["status"] == "draw" and "draw" in panel
    else:
        assert "You win!" in panel or f"Computer {result['winner']}" in panel
        if game == "sisepai":
            assert f"Score: {result['score']}" in panel
        else:
            assert f"Huxi: {result['score']}" in panel and f"Tun: {result['tun']}" in panel
    # a new deal starts from the end panel
    expect(end.get_by_role("button").or_(end.get_by_role("link")).first).to_be_visible()


def page_weight(page: Page) -> int:
    """Bytes of JavaScript, CSS and fonts the page loaded (decoded sizes)."""
    size: int = page.evaluate(
        """() => performance.getEntriesByType('resource')
                 .filter(e => /\\.(js|mjs|css|woff2?|ttf|otf)(\\?|$)/.test(e.name))
                 .reduce((sum, e) => sum + e.decodedBodySize, 0)"""
    )
    return size


def serious_violations(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v.get("impact") in {"serious", "critical"}
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_table_at_360px_in_every_language(
    browser: Browser, server: str, artifacts: Path, game: str, lang: str
) -> None:
    with phone_page(browser, server, lang) as page:
        start_table(page, server, game)
        expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
        page.wait_for_timeout(300)
        glyphs = missing_glyphs(page, [(CJK_FONT, SPRITES[game])])
        assert glyphs["missing"] == []
        assert overflowing(page) == []
        page.screenshot(path=str(artifacts / f"table-{game}-{lang}-360.png"), full_page=True)


def test_language_change_at_the_table_translates_the_table(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    url = start_table(page, server, "paohuzi")
    with page.expect_navigation():
        page.select_option("#set-lang", "cs")
    assert page.url == url
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    messages = json.loads(page.locator("#table-messages").text_content() or "{}")
    assert messages["action.pass"] == "Pas"
    assert messages["plural.countdown"]["few"] == "Zbývají {n} sekundy"
    assert "Vaše ruka" in (page.locator(f"{TABLE} [data-role=hand]").get_attribute("aria-label") or "")


@pytest.mark.parametrize(("game", "lang"), [("paohuzi", "cs"), ("sisepai", "es")])
def test_whole_deal_at_360px_never_overflows(
    browser: Browser, server: str, artifacts: Path, game: str, lang: str
) -> None:
    """Every set of buttons the deal offers (long chi plans, takes with several cards) fits a phone."""
    with phone_page(browser, server, lang) as page:
        rng = random.Random(7)
        checked = 0
        for _ in range(5):  # a deal can end before the human is asked: deal again
            start_table(page, server, game)
            deadline = time.monotonic() + DEAL_SECONDS
            while page.locator(END).is_hidden():
                assert time.monotonic() < deadline, "the deal did not end in time"
                options = [b for b in page.locator(PLAYABLE).all() if b.is_visible()]
                if not options:
                    page.wait_for_timeout(40)
                    continue
                problems = overflowing(page)
                assert problems == [], problems
                checked += 1
                before = table_text(page)
                try:
                    options[rng.randrange(len(options))].click(timeout=2_000)
                except Exception:  # redrawn under the pointer
                    continue
                with contextlib.suppress(Exception):
                    page.wait_for_function(CHANGED, arg=before, timeout=5_000)
            if checked:
                break
        assert checked > 0, "five deals in a row ended before the human could act"
        assert overflowing(page) == []
        page.screenshot(path=str(artifacts / f"table-{game}-{lang}-360-end.png"), full_page=True)
