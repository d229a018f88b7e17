"""The table over time: at the site's default pace a newcomer has time to read each computer move;
the speed and the pause are remembered and hold the steps; "New deal" asks first and the old deal
stays listed; the buttons are off while the socket reconnects."""

from __future__ import annotations

import itertools
import re
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .tables import (
    TABLE,
    button,
    feed,
    new_table_page,
    options,
    play_until,
    record,
    shown_v,
    start_table,
    synthetic_state,
    wait_for_options,
    wait_shown,
)


def _cookie(page: Page, name: str) -> str | None:
    return next((c["value"] for c in page.context.cookies() if c["name"] == name), None)


def _computer_steps(seen: dict[str, list[dict[str, Any]]]) -> list[float]:
    """How long (ms) each step the player was not asked at stayed before the next one came."""
    by_v = {m["v"]: m for m in seen["received"]}
    times = []
    for step, following in itertools.pairwise(seen["shown"][1:]):
        if by_v[step["v"]]["legal"] or by_v[following["v"]]["legal"]:
            continue  # the player's own questions, and steps a question cut short
        times.append(following["at"] - step["at"])
    return times


def test_at_the_default_pace_each_computer_move_stays_to_be_read_and_pause_holds(
    context: BrowserContext, paced_server: str, artifacts: Path
) -> None:
    page = new_table_page(context)
    start_table(page, paced_server, "sisepai")
    times: list[float] = []
    watch_until = time.monotonic() + 45
    while len(times) < 6 and time.monotonic() < watch_until:  # answer whenever asked: the computers play on
        asked = options(page)
        if asked:  # pass where he may; a discard turn has no pass, so he discards
            button(page, "pass" if "pass" in asked else asked[0]).click()
        page.wait_for_timeout(250)
        times = _computer_steps(record(page))
    assert len(times) >= 6, times
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
    page = new_table_page(context)
    first = start_table(page, server, "sisepai")
    dialog = page.locator(f"{TABLE} dialog[data-role=confirm-new]")
    page.locator(".start-form button[type=submit]").click()
    expect(dialog).to_be_visible()
    # The question stops the clock: the table is held (the server is told) while it is open.
    expect(page.locator(TABLE)).to_have_class(re.compile(r"\bpaused\b"))
    assert any(m.get("type") == "pace" and m.get("paused") is True for m in record(page)["sent"])
    title = dialog.locator("h2")
    assert title.evaluate("(h) => getComputedStyle(h).color") != title.evaluate(
        "(h) => getComputedStyle(h.closest('dialog')).backgroundColor")
    page.screenshot(path=str(artifacts / "new-deal-asks.png"))
    dialog.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_be_hidden()
    expect(page.locator(TABLE)).not_to_have_class(re.compile(r"\bpaused\b"))
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
        f"{TABLE} [data-role=actions] button.action:enabled,"
        f" {TABLE} [data-role=hand] button:enabled:not(.locked)"  # a locked card is aria-disabled
    )
    assert enabled.count()
    page.evaluate("() => window.__cardavia.sockets.at(-1).close()")
    expect(page.locator(f"{TABLE} [data-role=prompt]")).to_contain_text("reconnecting")
    expect(enabled).to_have_count(0)
    expect(enabled.first).to_be_enabled(timeout=10_000)
    assert wait_for_options(page)


def _draw_then_dead(page: Page, first: int) -> None:
    """Two steps of Computer 2's: he draws the red Horse, then it dies in his dead cards."""
    seats = [{"hand": ["RA", "RE"], "hand_count": 2, "melds": [], "discards": [], "chou": []}] + [
        {"hand_count": 20, "melds": [], "discards": [], "chou": []} for _ in range(3)
    ]
    drawn = synthetic_state(
        "sisepai", first, view={"seats": seats, "public": {"card": "RH", "owner": 2, "window": "W1"}},
        events=[{"kind": "sisepai.draw", "params": {"seat": 2, "card": "RH", "stock": 20}}],
    )  # fmt: skip
    dead_seats = [dict(s) for s in seats]
    dead_seats[2] = {**seats[2], "discards": ["RH"]}
    died = synthetic_state(
        "sisepai", first + 1, step="dead", view={"seats": dead_seats},
        events=[{"kind": "sisepai.dead", "params": {"seat": 2, "card": "RH"}}],
    )  # fmt: skip
    feed(page, drawn)
    feed(page, died)
    wait_shown(page, first + 1)


def test_cards_fly_to_where_they_land_unless_the_user_prefers_reduced_motion(
    context: BrowserContext, server: str
) -> None:
    page = new_table_page(context)
    start_table(page, server, "sisepai")
    page.evaluate(
        """() => { window.__flights = 0; const animate = Element.prototype.animate;
                   Element.prototype.animate = function (...a) {
                     window.__flights += 1; return animate.apply(this, a); }; }"""
    )
    _draw_then_dead(page, 7000)
    assert page.evaluate("() => window.__flights") >= 2  # stock -> public spot, public spot -> dead cards
    expect(page.locator(f"{TABLE} [data-key='discard-2-0']")).to_have_class(re.compile(r"\bfresh\b"))
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => { window.__flights = 0; }")
    _draw_then_dead(page, 7002)
    assert page.evaluate("() => window.__flights") == 0
    expect(page.locator(f"{TABLE} [data-key='discard-2-0']")).to_have_class(re.compile(r"\bfresh\b"))


FLIGHTS_JS = """() => { window.__flights = []; const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const flight = animate.call(this, frames, options);
    const start = performance.now();
    const seen = { duration: options.duration, over: null };
    window.__flights.push(seen);
    flight.finished.then(() => { seen.over = performance.now() - start; });
    return flight;
  }; }"""
MOVED_JS = """() => [...document.querySelectorAll('#table [data-key]')]
  .filter((n) => getComputedStyle(n).transform !== 'none').map((n) => n.dataset.key)"""


def test_a_card_in_flight_covers_nothing_once_it_has_landed(context: BrowserContext, server: str) -> None:
    """A flying card may pass over text, but only for its flight: each flight is short and over
    when its time is, and then no card stands off its place and no animation lingers on the page."""
    page = new_table_page(context)
    start_table(page, server, "sisepai")
    page.evaluate(FLIGHTS_JS)
    _draw_then_dead(page, 7000)
    page.wait_for_function("() => window.__flights.length >= 2 && window.__flights.every((f) => f.over)")
    flights = page.evaluate("() => window.__flights")
    assert all(f["duration"] <= 500 and f["over"] <= f["duration"] + 250 for f in flights), flights
    lingering = "() => document.getAnimations().filter((a) => !(a instanceof CSSAnimation)).length"
    assert page.evaluate(lingering) == 0  # (the cues' own fade, a CSS animation, is no card)
    assert page.evaluate(MOVED_JS) == []


def test_the_tab_title_and_the_live_region_say_whose_turn_it_is(context: BrowserContext, server: str) -> None:
    page = new_table_page(context)
    start_table(page, server, "paohuzi")
    title = page.title()
    wait_for_options(page)
    assert page.title().startswith("Your turn · ") and page.title().endswith(title.split(" · ", 1)[-1])
    said = page.locator(f"{TABLE} [data-role=announce]").text_content() or ""
    assert page.locator(f"{TABLE} [data-role=prompt]").text_content() in said
    expect(page.locator(f"{TABLE} [data-role=announce]")).to_have_attribute("aria-live", "polite")


@pytest.mark.parametrize("sound", ["on", "off"])
def test_cues_come_once_per_moment_and_sound_only_when_chosen(
    context: BrowserContext, server: str, sound: str
) -> None:
    """Each new frame that asks the player gives one cue (a claim window, or his turn), a win one,
    another seat's claim one; each is seen, and heard only with the sound setting on (off by default)."""
    if sound == "on":
        context.add_cookies([{"name": "sound", "value": "on", "url": server}])
    page = new_table_page(context)
    start_table(page, server, "paohuzi")
    assert play_until(page, lambda _p, _a: False, seed=5) is False
    expect(page.locator(f"{TABLE} select[name=sound], #set-sound").first).to_have_value(sound)
    data = record(page)
    cues = data["cues"]
    assert cues, "no cue was given"
    assert {c["sound"] for c in cues} == {sound == "on"}
    first = data["shown"][0]["v"]
    asked = {m["v"] for m in data["received"] if m["legal"] and m["v"] > first}
    shown = {s["v"] for s in data["shown"]}
    given = [c["v"] for c in cues if c["kind"] in ("turn", "window")]
    assert sorted(given) == sorted(asked & shown), "one cue for each frame that asks the player"
    assert len(given) == len(set(given))
    wins = [c for c in cues if c["kind"] == "win"]
    assert len(wins) == page.locator(f"{TABLE} [data-role=end] .score").count()  # one if the deal was won
    claims = [c for c in cues if c["kind"] == "claim"]
    assert all(c["v"] in shown for c in claims)
