"""Coming back, in a real browser: a finished deal against par on the end panel, the player's page
with statistics and charts, a shared deal opened by another browser and played again, today's
deal with its field — at 1366×768 and on a 360×740 phone, axe clean, screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from .checks import overflowing
from .tables import END, new_table_page, play_until, serious_violations

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 360, "height": 740}


def finish(page: Page, seed: int) -> None:
    """Play the table on ``page`` to its end and wait for the result against par."""
    assert play_until(page, lambda _p, _a: False, seed) is False
    expect(page.locator(END)).to_be_visible()
    expect(page.locator(f"{END} .standing .par")).to_be_visible(timeout=60_000)


def check_page(page: Page, artifacts: Path, name: str) -> None:
    assert serious_violations(page) == [], name
    assert overflowing(page) == [], name
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def screen(browser: Browser, viewport: ViewportSize = LAPTOP, player: Any = None) -> BrowserContext:
    """A fresh browser of that screen size (``player``: the cookies of another, to be the same player)."""
    ctx = browser.new_context(viewport=viewport, locale="en-GB", storage_state=player)
    ctx.set_default_timeout(20_000)
    return ctx


def test_a_player_comes_back_to_their_deals_statistics_and_a_shared_deal(
    browser: Browser, server: str, artifacts: Path
) -> None:
    ctx = screen(browser)
    try:
        page = new_table_page(ctx)
        page.goto(f"{server}/games/paohuzi")
        page.locator(".start-form input[value=easy]").check()
        with page.expect_navigation():
            page.locator(".start-form button[type=submit]").click()
        finish(page, seed=3)
        expect(page.locator(f"{END} .standing")).to_contain_text("above par")
        # The next deal at the same level, or at one of the game's other two.
        expect(page.locator(f"{END} .new-deal input[name=difficulty]")).to_have_value("easy")
        expect(page.locator(f"{END} .other-levels button")).to_have_text(["Normal", "Hard"])
        page.locator(f"{END} .standing").screenshot(path=str(artifacts / "end-par-en.png"))
        page.goto(f"{server}/me")
        expect(page.locator("table.deals tbody tr")).to_have_count(1)
        expect(page.locator("[aria-labelledby=stats-title] table.stats tbody tr")).to_have_count(1)
        expect(page.locator("svg.chart title").first).to_have_text("Score above par, deal by deal")
        expect(page.locator("svg.chart")).to_have_count(2)
        check_page(page, artifacts, "me-laptop-en")
        with page.expect_navigation():
            page.get_by_role("button", name="Share").click()
        link = page.url
        assert "/shared/" in link
        expect(page.get_by_role("button", name="Stop sharing")).to_be_visible()
        expect(page.locator("[data-role=main]")).to_be_visible(timeout=60_000)
        check_page(page, artifacts, "shared-owner-en")
        phone = screen(browser, PHONE)
        try:
            friend = new_table_page(phone)
            friend.goto(link)
            expect(friend.get_by_role("button", name="Stop sharing")).to_have_count(0)
            expect(friend.locator("[data-role=main]")).to_be_visible(timeout=60_000)
            check_page(friend, artifacts, "shared-friend-phone-en")
            with friend.expect_navigation():
                friend.get_by_role("button", name="Play this deal").click()
            assert "/tables/" in friend.url
            finish(friend, seed=5)
            expect(friend.locator(f"{END} .standing .original")).to_contain_text("shared this deal scored")
            friend.goto(f"{server}/me")
            expect(friend.locator("table.deals tbody tr")).to_contain_text("A shared deal")
            check_page(friend, artifacts, "me-phone-en")
            for lang in ("cs", "zh"):  # the longest words and the other script fit the phone too
                phone.add_cookies([{"name": "lang", "value": lang, "url": server}])
                friend.goto(f"{server}/me")
                expect(friend.locator("html")).to_have_attribute("lang", "cs" if lang == "cs" else "zh-Hans")
                check_page(friend, artifacts, f"me-phone-{lang}")
                friend.goto(f"{server}/games/paohuzi/daily")
                check_page(friend, artifacts, f"daily-phone-{lang}")
        finally:
            phone.close()
    finally:
        ctx.close()


def test_todays_deal_shows_its_field_after_the_attempt(
    browser: Browser, server: str, artifacts: Path
) -> None:
    ctx = screen(browser)
    try:
        page = new_table_page(ctx)
        page.goto(f"{server}/games/sisepai/daily")
        expect(page.get_by_text("played it so far")).to_have_count(0)
        with page.expect_navigation():
            page.get_by_role("button", name="Play today's deal").click()
        finish(page, seed=11)
        player = ctx.storage_state()  # the same player (cookies) on a phone next
    finally:
        ctx.close()
    for viewport, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        ctx = screen(browser, viewport, player)
        try:
            page = new_table_page(ctx)
            page.goto(f"{server}/games/sisepai/daily")
            expect(page.locator("table.field")).to_be_visible()
            expect(page.get_by_text("played it so far")).to_be_visible()
            expect(page.get_by_role("button", name="Play it again for practice")).to_be_visible()
            check_page(page, artifacts, f"daily-{name}-en")
            yesterday = page.locator(".past-days a").first
            with page.expect_navigation():
                yesterday.click()
            with page.expect_navigation():
                page.get_by_role("link", name="Watch the strongest computer play it").click()
            expect(page.locator("[data-role=main]")).to_be_visible(timeout=60_000)
            check_page(page, artifacts, f"daily-replay-{name}-en")
        finally:
            ctx.close()
