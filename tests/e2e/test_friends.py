"""A table for friends in real browsers: the host opens it from the game page, a friend joins by the
link in another browser (another language), both play a whole deal by clicking with computers in
the other seats, send a reaction, see the evening's score and deal again; a friend who leaves is
played for and comes back. At 1366×768 and on a 360×740 phone, axe clean, screenshots."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from .checks import overflowing
from .tables import DEAL_SECONDS, END, OPTIONS_JS, TABLE, new_table_page, serious_violations

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 360, "height": 740}
LOBBY = f"{TABLE} [data-role=lobby]"
PEOPLE = f"{TABLE} [data-role=people]"


def browser_of(
    browser: Browser, viewport: ViewportSize, lang: str, server: str
) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport=viewport, locale="en-GB")
    ctx.set_default_timeout(20_000)
    return ctx, new_table_page(ctx, lang, server)


def check(page: Page, artifacts: Path, name: str) -> None:
    assert serious_violations(page) == [], name
    assert overflowing(page) == [], name
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def play_both(pages: list[Page], seed: int) -> None:
    """Each person presses a seeded random button whenever their page offers one, until both pages
    show the end (the two play at once, as two people would: neither waits for the other's page)."""
    rng = random.Random(seed)
    answered: dict[int, int] = {}  # page -> the frame it answered (its buttons wait for the next)
    deadline = time.monotonic() + DEAL_SECONDS
    while time.monotonic() < deadline:
        ended = 0
        for i, page in enumerate(pages):
            v = int(page.locator(TABLE).get_attribute("data-v") or 0)
            found = page.evaluate(OPTIONS_JS)
            if found == []:
                ended += 1
            elif found and answered.get(i) != v:
                pick = found[rng.randrange(len(found))]
                page.locator(f'{TABLE} button[data-action="{pick}"]').first.click(timeout=5_000)
                answered[i] = v
        if ended == len(pages):
            return
        time.sleep(0.05)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(
    ("game", "viewport", "size", "langs"),
    [
        ("sisepai", LAPTOP, "laptop", ("en", "es")),
        ("sisepai", PHONE, "phone", ("cs", "zh")),
        ("paohuzi", PHONE, "phone", ("zh", "en")),
        ("paohuzi", LAPTOP, "laptop", ("da", "cs")),
    ],
)
def test_two_friends_play_together_deal_again_and_one_comes_back(
    browser: Browser, server: str, artifacts: Path, game: str, viewport: ViewportSize, size: str,
    langs: tuple[str, str],
) -> None:
    host_ctx, host = browser_of(browser, viewport, langs[0], server)
    guest_ctx, guest = browser_of(browser, viewport, langs[1], server)
    try:
        host.goto(f"{server}/games/{game}")
        host.locator(".friends-form > summary").click()
        host.locator(".friends-form input[name=name]").fill("Ana")
        with host.expect_navigation():
            host.locator(".friends-form button[type=submit]").click()
        expect(host.locator(LOBBY)).to_be_visible()
        link = host.locator(f"{LOBBY} input.invite-link").input_value()
        assert "/join/" in link

        guest.goto(link)
        guest.locator("input[name=name]").fill("Bo")
        with guest.expect_navigation():
            guest.locator(".join-form button[type=submit]").click()
        expect(guest.locator(LOBBY)).to_be_visible()
        expect(guest.locator(f"{LOBBY} .wait-host")).to_be_visible()
        expect(guest.locator(f"{LOBBY} input.invite-link")).to_have_count(0)  # the link is the host's
        expect(host.locator(f"{LOBBY} .lobby-seat.human")).to_have_count(2)
        expect(host.locator(f"{LOBBY} .lobby-seats")).to_contain_text("Bo")
        check(host, artifacts, f"friends-lobby-host-{game}-{size}-{langs[0]}")
        check(guest, artifacts, f"friends-lobby-guest-{game}-{size}-{langs[1]}")

        host.locator(f"{LOBBY} button[data-role=start]").click()
        for page in (host, guest):
            expect(page.locator(LOBBY)).to_be_hidden()
            expect(page.locator(f"{PEOPLE} .person.human")).to_have_count(2)
            expect(page.locator(f"{PEOPLE} .person.computer")).not_to_have_count(0)
        expect(host.locator(PEOPLE)).to_contain_text("Bo")
        expect(guest.locator(PEOPLE)).to_contain_text("Ana")

        guest.locator(f"{TABLE} .react-button[data-react=well_played]").click()
        expect(host.locator(f"{TABLE} [data-role=reacted]")).to_contain_text("Bo")
        host.wait_for_function("() => document.querySelector('#table').dataset.v")
        check(host, artifacts, f"friends-table-host-{game}-{size}-{langs[0]}")

        play_both([host, guest], seed=11)
        for page in (host, guest):
            expect(page.locator(END)).to_be_visible()
            expect(page.locator(f"{END} .evening-score li")).not_to_have_count(0)
        check(host, artifacts, f"friends-end-host-{game}-{size}-{langs[0]}")
        check(guest, artifacts, f"friends-end-guest-{game}-{size}-{langs[1]}")
        first = host.url

        with host.expect_navigation(), guest.expect_navigation():
            guest.locator(f"{END} button[data-role=next]").click()
        assert host.url == guest.url != first
        expect(host.locator(f"{PEOPLE} .person.human")).to_have_count(2)

        # The guest leaves: after the grace a computer plays their seat, and the table says so.
        guest.close()
        expect(host.locator(f"{PEOPLE} .person.human.auto")).to_have_count(1, timeout=40_000)
        back = new_table_page(guest_ctx)
        back.goto(host.url)
        expect(back.locator(f"{TABLE} [data-role=auto]")).to_be_visible()
        check(back, artifacts, f"friends-away-guest-{game}-{size}-{langs[1]}")
        back.locator(f"{TABLE} [data-role=auto] button[data-role=back]").click()
        expect(back.locator(f"{TABLE} [data-role=auto]")).to_be_hidden()
        expect(host.locator(f"{PEOPLE} .person.human.auto")).to_have_count(0)
        play_both([host, back], seed=12)
        expect(host.locator(f"{END} .evening-score")).to_be_visible()
    finally:
        host_ctx.close()
        guest_ctx.close()
