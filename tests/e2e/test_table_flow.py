"""The table over time: at the site's default pace a newcomer has time to read each computer move;
the speed and the pause are remembered and hold the steps; "New deal" asks first and the old deal
stays listed; the buttons are off while the socket reconnects."""

from __future__ import annotations

import itertools
import statistics
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from .tables import (
    TABLE,
    button,
    new_table_page,
    options,
    play_until,
    record,
    shown_v,
    start_table,
    wait_for_options,
)


def _cookie(page: Page, name: str) -> str | None:
    return next((c["value"] for c in page.context.cookies() if c["name"] == name), None)


def test_at_the_default_pace_each_computer_move_stays_to_be_read_and_pause_holds(
    context: BrowserContext, paced_server: str, artifacts: Path
) -> None:
    page = new_table_page(context)
    start_table(page, paced_server, "sisepai")
    watch_until = time.monotonic() + 10
    while time.monotonic() < watch_until:  # pass whenever asked, so that the computers play on
        if "pass" in options(page):
            button(page, "pass").click()
        page.wait_for_timeout(250)
    seen = record(page)
    by_v = {m["v"]: m for m in seen["received"]}
    shown = seen["shown"][1:]
    times = []
    for step, following in itertools.pairwise(shown):
        frame = by_v[step["v"]]
        if frame["legal"] or by_v[following["v"]]["legal"]:
            continue  # the player's own questions, and steps a question cut short
        times.append(following["at"] - step["at"])
    assert len(times) >= 5, times
    assert min(times) >= 850 and statistics.median(times) >= 1000, times
    # pause: no step comes while it holds (unless a question had already arrived)
    pause = page.locator(f"{TABLE} button[data-role=pause]")
    if "pass" in options(page):
        button(page, "pass").click()
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    assert _cookie(page, "table_paused") == page.url.rsplit("/", 1)[1]
    held = shown_v(page)
    page.wait_for_timeout(3000)
    if not options(page):
        assert shown_v(page) == held, "a step came through the pause"
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "false")
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table').dataset.v) > v", arg=held, timeout=8000
    )
    assert {"type": "pace", "paused": True} in [{k: m[k] for k in ("type", "paused") if k in m}
                                                for m in record(page)["sent"]]  # fmt: skip


def test_speed_is_remembered_and_sent(context: BrowserContext, server: str) -> None:
    page = new_table_page(context)
    url = start_table(page, server, "paohuzi")
    page.select_option(f"{TABLE} select[name=speed]", "fast")
    assert _cookie(page, "table_speed") == "fast"
    assert any(m.get("type") == "pace" and m.get("speed") == "fast" for m in record(page)["sent"])
    page.goto(url)
    page.wait_for_function("() => document.querySelector('#table')?.dataset.v")
    expect(page.locator(f"{TABLE} select[name=speed]")).to_have_value("fast")
    assert any(m.get("type") == "pace" and m.get("speed") == "fast" for m in record(page)["sent"])


def test_new_deal_asks_first_and_the_old_deal_stays_listed(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    page = context.new_page()
    first = start_table(page, server, "sisepai")
    dialog = page.locator(f"{TABLE} dialog[data-role=confirm-new]")
    page.locator(".start-form button[type=submit]").click()
    expect(dialog).to_be_visible()
    page.screenshot(path=str(artifacts / "new-deal-asks.png"))
    dialog.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_be_hidden()
    assert page.url == first
    page.locator(".start-form button[type=submit]").click()
    with page.expect_navigation():
        dialog.get_by_role("button", name="Start a new deal").click()
    second = page.url
    assert second != first and "/tables/" in second
    page.goto(first.rsplit("/tables/", 1)[0] + "/games/sisepai")
    listed = page.locator(".unfinished li")
    expect(listed).to_have_count(2)
    page.screenshot(path=str(artifacts / "unfinished-deals.png"))
    hrefs = [a.get_attribute("href") for a in page.locator(".unfinished a").all()]
    assert hrefs == ["/tables/" + second.rsplit("/", 1)[1], "/tables/" + first.rsplit("/", 1)[1]]
    with page.expect_navigation():
        page.locator(f".unfinished a[href$='{first.rsplit('/', 1)[1]}']").click()
    assert page.url == first


def test_buttons_are_off_while_the_socket_reconnects(context: BrowserContext, server: str) -> None:
    page = new_table_page(context)
    start_table(page, server, "paohuzi")
    play_until(page, lambda _p, found: bool(found), seed=1)
    enabled = page.locator(
        f"{TABLE} [data-role=actions] button.action:enabled, {TABLE} [data-role=hand] button:enabled"
    )
    assert enabled.count()
    page.evaluate("() => window.__cardavia.sockets.at(-1).close()")
    expect(page.locator(f"{TABLE} [data-role=prompt]")).to_contain_text("reconnecting")
    expect(enabled).to_have_count(0)
    expect(enabled.first).to_be_enabled(timeout=10_000)
    assert wait_for_options(page)
