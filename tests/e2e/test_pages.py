"""Pages in a real browser: languages, settings, accessibility, glyphs and layout at 360 px."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .checks import CJK_FONT, delta_e, ink_colours, missing_glyphs, overflowing, page_style, phone_page
from .conftest import GAMES, LANGS

DISPLAY = ("contrast", "grain", "temperature")
HTML_LANG = {"en": "en", "es": "es", "da": "da", "cs": "cs", "zh": "zh-Hans"}
# a word of each language's catalogue page that English does not have
GAMES_WORD = {"en": "Start a game", "es": "Empezar a jugar", "da": "Start et spil", "cs": "Začít hru",
              "zh": "开始游戏"}  # fmt: skip
SPRITES = {
    "sisepai": "帥仕相俥傌炮兵將士象車馬包卒公侯伯子男",
    "paohuzi": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾",
}


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v.get("impact") in {"serious", "critical"}
    ]


def choose_language(page: Page, lang: str) -> None:
    with page.expect_navigation():
        page.select_option("#set-lang", lang)


def test_catalogue_shows_every_game_with_its_facts(server: str, page: Page, artifacts: Path) -> None:
    page.goto(server + "/")
    cards = page.locator(".game-card")
    expect(cards).to_have_count(2)
    for name, native, count in (("Sì Sè Pái", "四色牌", "117 cards"), ("Paohuzi", "跑胡子", "80 cards")):
        card = cards.filter(has_text=name)
        expect(card.locator(".native")).to_have_text(native)
        expect(card.locator(".native")).to_have_attribute("lang", "zh-Hans")
        expect(card).to_contain_text(count)
        expect(card).to_contain_text("China")
        expect(card.get_by_role("link", name=re.compile("Wikipedia"))).to_have_attribute(
            "href", re.compile(r"^https://\w+\.wikipedia\.org/")
        )
        expect(card.get_by_role("button", name="Start a game")).to_be_visible()
    page.screenshot(path=str(artifacts / "catalogue-en.png"), full_page=True)


def test_language_follows_the_browser_until_chosen(browser: Browser, server: str, artifacts: Path) -> None:
    ctx = browser.new_context(locale="zh-TW")
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        expect(page.get_by_role("button", name="开始游戏").first).to_be_visible()
        choose_language(page, "cs")
        expect(page.locator("html")).to_have_attribute("lang", "cs")
        page.goto(server + "/games/paohuzi/rules")
        expect(page.locator("html")).to_have_attribute("lang", "cs")
        expect(page.locator("#set-lang")).to_have_value("cs")
        page.screenshot(path=str(artifacts / "rules-paohuzi-cs-chosen.png"))
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", LANGS)
def test_selector_switches_every_page_to_the_language(
    context: BrowserContext, server: str, lang: str
) -> None:
    page = context.new_page()
    page.goto(server + "/games/sisepai")
    choose_language(page, lang)
    assert page.url.endswith("/games/sisepai")
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
    for path in ("/", "/games/paohuzi", "/games/sisepai/rules", "/settings"):
        page.goto(server + path)
        expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
    page.goto(server + "/")
    expect(page.locator(".game-card").first).to_contain_text(GAMES_WORD[lang])


def _slide(page: Page, values: dict[str, int], remember: bool = False) -> None:
    """Move the display sliders as a user would: ``input`` events, then ``change`` (which stores
    the cookies) when ``remember``."""
    page.evaluate(
        """([values, remember]) => { for (const [key, value] of Object.entries(values)) {
             const slider = document.getElementById(`set-${key}`);
             slider.value = String(value);
             slider.dispatchEvent(new Event("input", {bubbles: true}));
             if (remember) slider.dispatchEvent(new Event("change", {bubbles: true}));
           } }""",
        [values, remember],
    )


def test_sliders_change_the_whole_page_and_are_remembered(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    page = context.new_page()
    page.goto(server + "/games/sisepai")
    before = page_style(page)
    page.screenshot(path=str(artifacts / "display-default.png"))
    _slide(page, {"contrast": 90, "grain": 100, "temperature": 95}, remember=True)
    after = page_style(page)
    for part in ("paper", "ink", "header", "felt"):  # the page, not only the felt
        assert after[part] != before[part], part
    assert float(after["grain"]) > float(before["grain"]) and float(after["feltGrain"]) > float(
        before["feltGrain"]
    )
    page.screenshot(path=str(artifacts / "display-warm-grainy-contrast.png"))
    # remembered: a new page load starts from the chosen values
    page.goto(server + "/games/paohuzi")
    expect(page.locator("#set-grain")).to_have_value("100")
    assert page_style(page)["paper"] == after["paper"]
    _slide(page, {"temperature": 0}, remember=True)
    cool = page_style(page)
    assert cool["paper"] not in (after["paper"], before["paper"])
    page.screenshot(path=str(artifacts / "display-cool.png"))


EXTREMES = [
    {"contrast": 0, "grain": 0, "temperature": 0}, {"contrast": 100, "grain": 100, "temperature": 100},
    {"contrast": 0, "grain": 100, "temperature": 100}, {"contrast": 100, "grain": 0, "temperature": 0},
    {"contrast": 0, "grain": 100, "temperature": 0}, {"contrast": 100, "grain": 100, "temperature": 0},
]  # fmt: skip


def test_card_colours_stay_apart_at_every_slider_extreme(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    """Sì Sè Pái colour decides the groups, Paohuzi prints 2, 7 and 10 red: at every extreme of the
    display sliders each card's ink stays close to its own colour and far from the others'."""
    page = context.new_page()
    # the sample fans: Sì Sè Pái RG RA RE YC YH YN WS YS GS F3, Paohuzi s1 s2 s3 s2 s7 s10 b4 b4 b4 b7
    classes = {"sisepai": {"R": [0, 1, 2], "Y": [3, 4, 5, 7], "W": [6], "G": [8]},
               "paohuzi": {"red": [1, 3, 4, 5, 9], "black": [0, 2, 6, 7, 8]}}  # fmt: skip
    for game, groups in classes.items():
        page.goto(f"{server}/games/{game}")
        cards = ".felt-welcome svg.card"
        _slide(page, {"contrast": 50, "grain": 50, "temperature": 50})
        default = ink_colours(page, cards)
        for i, setting in enumerate(EXTREMES):
            _slide(page, setting)
            now = ink_colours(page, cards)
            if game == "sisepai" and i < 2:
                page.locator(".felt").screenshot(path=str(artifacts / f"display-extreme-{i}.png"))
            for card, (was, is_now) in enumerate(zip(default, now, strict=True)):
                assert delta_e(was, is_now) <= 12, (game, setting, card, was, is_now)
            means: dict[str, Any] = {name: tuple(sum(now[c][k] for c in idx) / len(idx) for k in range(3))
                     for name, idx in groups.items()}  # fmt: skip
            names = sorted(means)
            for a in names:
                for b in names:
                    if a < b:
                        assert delta_e(means[a], means[b]) >= 25, (game, setting, a, b, means)


def test_settings_work_without_javascript(browser: Browser, server: str) -> None:
    ctx = browser.new_context(java_script_enabled=False, locale="en-GB")
    try:
        page = ctx.new_page()
        page.goto(server + "/settings")
        page.select_option("#set-lang", "da")
        page.locator("#set-grain").fill("10")
        page.locator("#set-contrast").fill("80")
        with page.expect_navigation():
            page.locator(".settings-page button[type=submit]").click()
        expect(page.locator("html")).to_have_attribute("lang", "da")
        page.goto(server + "/games/sisepai")
        style = page.locator("html").get_attribute("style") or ""
        assert "--grain: 0.1" in style and "--contrast: 0.8" in style
        expect(page.locator("#set-grain")).to_have_value("10")
    finally:
        ctx.close()


@pytest.mark.parametrize(
    ("path", "lang"),
    [("/", "en"), ("/", "zh"), ("/games/sisepai", "cs"), ("/games/paohuzi/rules", "en"),
     ("/games/sisepai/rules", "es"), ("/games/paohuzi/rules", "zh"), ("/settings", "da")],
)  # fmt: skip
def test_no_serious_accessibility_violations(
    context: BrowserContext, server: str, path: str, lang: str
) -> None:
    context.add_cookies([{"name": "lang", "value": lang, "url": server}])
    page = context.new_page()
    page.goto(server + path)
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
    assert serious(page) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_rules_page_at_360px_has_every_glyph_and_nothing_overflows(
    browser: Browser, server: str, artifacts: Path, game: str, lang: str
) -> None:
    with phone_page(browser, server, lang) as page:
        page.goto(f"{server}/games/{game}/rules")
        expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
        expect(page.locator("article.rules svg.card").first).to_be_visible()
        glyphs = missing_glyphs(page, [(CJK_FONT, SPRITES[game])])
        assert glyphs["checked"] > 40
        assert glyphs["missing"] == []
        assert overflowing(page) == []
        page.screenshot(path=str(artifacts / f"rules-{game}-{lang}-360.png"))


def test_glyph_check_notices_a_missing_glyph(page: Page, server: str) -> None:
    page.goto(server + "/")
    result = missing_glyphs(page, [(CJK_FONT, "\U000f0000")])  # a private-use code point no font has
    assert any("U+f0000" in m for m in result["missing"])


def test_overflow_check_notices_text_wider_than_its_button(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.evaluate(
        """() => { const b = document.querySelector('.game-card button');
                   b.style.whiteSpace = 'nowrap'; b.style.width = '40px'; b.style.overflow = 'visible'; }"""
    )
    assert any("overflows" in line for line in overflowing(page))


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_game_and_settings_pages_fit_360px(
    browser: Browser, server: str, artifacts: Path, lang: str
) -> None:
    with phone_page(browser, server, lang) as page:
        # the sliders at 100 %: the widest number each of them shows ("100 %" in some languages)
        page.context.add_cookies([{"name": key, "value": "100", "url": server} for key in DISPLAY])
        for name, path in (("catalogue", "/"), ("game", "/games/paohuzi"), ("settings", "/settings")):
            page.goto(server + path)
            if name != "settings":  # open the collapsed settings so their controls are checked too
                page.locator(".settings-details > summary").click()
            assert missing_glyphs(page)["missing"] == [], path
            assert overflowing(page) == [], path
            page.screenshot(path=str(artifacts / f"{name}-{lang}-360.png"), full_page=True)


def test_chinese_on_an_english_page_uses_simplified_chinese_glyphs(
    context: BrowserContext, server: str
) -> None:
    """Han unification: text marked zh-Hans renders with the SC font, not the Japanese fallback."""
    page = context.new_page()
    page.goto(server + "/")
    cdp = context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": ".game-card .native"})["nodeId"]
    fonts = [f["familyName"] for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]]
    assert fonts and all("CJK SC" in name for name in fonts), fonts


FELT_COLOURS = """() => {
  const probe = document.createElement("div");
  probe.style.color = "var(--felt-ink)";
  probe.style.backgroundColor = "var(--felt)";
  document.body.append(probe);
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const paint = canvas.getContext("2d", { willReadFrequently: true });
  const rgb = (css) => { paint.fillStyle = "#000"; paint.fillStyle = css; paint.fillRect(0, 0, 1, 1);
    return [...paint.getImageData(0, 0, 1, 1).data].slice(0, 3); };
  const style = getComputedStyle(probe);
  const found = { ink: rgb(style.color), felt: rgb(style.backgroundColor) };
  probe.remove();
  return found;
}"""


def _luminance(rgb: list[int]) -> float:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: list[int], b: list[int]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("setting", [*EXTREMES, {"contrast": 0, "grain": 50, "temperature": 100}])
def test_text_on_the_felt_stays_readable_at_every_slider_extreme(
    context: BrowserContext, server: str, setting: dict[str, int]
) -> None:
    """The felt's own text keeps a contrast of at least 4.5:1 (WCAG AA) with the felt, where the
    felt is lightest (under its top highlight, 14% white), at every extreme of the sliders."""
    page = context.new_page()
    page.goto(f"{server}/games/paohuzi")
    _slide(page, setting)
    colours = page.evaluate(FELT_COLOURS)
    lightest = [round(c + (255 - c) * 0.14) for c in colours["felt"]]
    assert contrast_ratio(colours["ink"], lightest) >= 4.5, (setting, colours)
