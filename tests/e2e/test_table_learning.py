"""Learning at the table (issue 16, its table parts): the cards the player waits for, with their
score and unseen copies, in a strip by the hand that a setting turns off; a hint button that asks
the server for the hard tier's choice, marks it among the player's own legal actions and says why
in words; a quick reference (groups, their points or huxi, claim priority) that opens beside the
table and never covers the dock's buttons or countdown. Real deals against a real server, and
states the server could send."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .checks import missing_glyphs, overflowing, phone_page
from .conftest import LANGS
from .tables import (
    RECORDER,
    TABLE,
    expect_in_view,
    feed,
    messages,
    new_table_page,
    play_until,
    press,
    record,
    serious_violations,
    settle,
    start_table,
    synthetic_state,
    wait_for_options,
    wait_shown,
)

WAITS = f"{TABLE} [data-role=waits]"
HINT = f"{TABLE} [data-role=hint]"
HINT_TEXT = f"{TABLE} [data-role=hint-text]"
REFERENCE = f"{TABLE} [data-role=reference]"


def _mine(hand: list[str], seats: int) -> list[dict[str, Any]]:
    other = {"hand": 20, "hand_count": 20, "melds": [], "discards": [], "chou": [], "shown": None,
             "dead": False}  # fmt: skip
    mine = {**other, "hand": hand, "hand_count": len(hand)}
    return [mine, *[dict(other) for _ in range(seats - 1)]]


def _plural(catalogue: dict[str, Any], key: str, n: int) -> str:
    forms = catalogue[f"plural.{key}"]
    return str(forms["one"] if n == 1 and "one" in forms else forms["other"]).replace("{n}", str(n))


def _set(page: Page, name: str, value: str) -> None:
    """Choose a table setting in the settings panel, as the player would."""
    summary = page.locator("details.settings-details > summary").first
    if summary.is_visible():  # on wide screens the settings are always open
        summary.click()
    page.locator(f"form.settings-form select[name={name}]").first.select_option(value)
    if summary.is_visible():
        summary.click()


def test_the_waits_strip_shows_each_card_its_score_and_unseen_copies_and_a_setting_hides_it(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    page = new_table_page(context)
    start_table(page, server, "paohuzi")
    catalogue = messages(page)
    waits = [
        {"card": "s3", "own": {"huxi": 18, "tun": 2}, "other": {"huxi": 15, "tun": 1}, "unseen": 2},
        {"card": "b7", "own": {"huxi": 15, "tun": 1}, "other": None, "unseen": 0},
        {"card": "s9", "own": {"huxi": 15, "tun": 1}, "other": {"huxi": 15, "tun": 1}, "unseen": 1},
    ]
    hand = ["s1", "s2", "s4", "s5", "s6", "b7", "b8", "b9", "s9", "s10", "b1", "b2", "b3", "b10"]
    state = synthetic_state("paohuzi", 9000, waits=waits, view={"seats": _mine(hand, 3)})
    feed(page, state)
    wait_shown(page, 9000)
    strip = page.locator(WAITS)
    expect(strip).to_be_visible()
    expect(strip.locator(".waits-title")).to_have_text(catalogue["waits.title"])
    items = strip.locator("li.wait")
    expect(items).to_have_count(3)
    assert [items.nth(i).get_attribute("data-card") for i in range(3)] == ["s3", "b7", "s9"]
    first = items.nth(0)
    expect(first.locator(".wait-value")).to_have_text("15 huxi, 1 tun")  # another's reveal
    expect(first.locator(".wait-note")).to_have_text("18 huxi, 2 tun on your own reveal")
    expect(first.locator(".wait-unseen")).to_have_text(_plural(catalogue, "unseen_copies", 2))
    expect(items.nth(1).locator(".wait-note")).to_have_text(catalogue["waits.own_only"])
    expect(items.nth(1)).to_have_class("wait none-left")  # no copy left to come
    expect(items.nth(2).locator(".wait-note")).to_have_count(0)
    expect(items.nth(2).locator(".wait-unseen")).to_have_text("1 copy not seen yet")
    label = first.get_attribute("aria-label") or ""
    assert label.startswith("small three: 15 huxi, 1 tun (18 huxi, 2 tun on your own reveal)"), label
    page.screenshot(path=str(artifacts / "waits-paohuzi.png"))
    assert serious_violations(page) == []

    _set(page, "waits", "off")
    expect(strip).to_be_hidden()
    page.reload()
    page.wait_for_function("() => document.querySelector('#table')?.dataset.v")
    feed(page, {**state, "v": 9001})
    wait_shown(page, 9001)
    expect(strip).to_be_hidden()  # remembered
    assert {c["name"]: c["value"] for c in context.cookies()}["waits"] == "off"
    _set(page, "waits", "on")
    expect(strip.locator("li.wait")).to_have_count(3)
    # No waits, no strip.
    feed(page, {**state, "v": 9002, "waits": []})
    wait_shown(page, 9002)
    expect(strip).to_be_hidden()


def test_a_sisepai_wait_shows_its_points(context: BrowserContext, server: str) -> None:
    page = new_table_page(context)
    start_table(page, server, "sisepai")
    waits = [{"card": "F3", "score": 15, "unseen": 1}, {"card": "RH", "score": 12, "unseen": 3}]
    feed(page, synthetic_state("sisepai", 9100, waits=waits, view={"seats": _mine(["RG", "RC"], 4)}))
    wait_shown(page, 9100)
    items = page.locator(f"{WAITS} li.wait")
    expect(items.locator(".wait-value")).to_have_text(["15 points", "12 points"])
    expect(items.locator(".wait-unseen")).to_have_text(["1 copy not seen yet", "3 copies not seen yet"])


def ask_hint(page: Page) -> None:
    """Click the hint button until a hint comes: the table gives 5 at once and then one each 2 s,
    and this server plays without pauses, so a quick player meets the limit (and waits as told)."""
    for _ in range(30):
        seen = record(page)
        asked, limited = len(seen["hints"]), len(seen["limited"])
        page.locator(HINT).click()
        page.wait_for_function(
            "([n, m]) => window.__cardavia.hints.length > n || window.__cardavia.limited.length > m",
            arg=[asked, limited], timeout=20_000,
        )
        seen = record(page)
        if len(seen["hints"]) > asked:
            return
        page.wait_for_timeout(seen["limited"][-1]["retry_ms"] + 50)
    raise AssertionError("no hint came in 30 tries")


def test_waits_are_shown_in_a_real_deal_when_one_card_from_complete(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    """The player follows the hints (the hard tier's play) until his holding is one card short; every
    step shown lists exactly the cards of that frame's `waits` (none while `waits` is empty). The deals
    are the server's own (a real `cardavia serve`)."""
    page = new_table_page(context)

    def checked(p: Page) -> int:
        """Steps shown so far whose strip showed waits; each step's strip matched its frame."""
        seen = record(p)
        sent = {r["v"]: [w["card"] for w in r["waits"]] for r in seen["received"]}
        for step in seen["shown"]:
            assert step["waits"] == sent.get(step["v"], step["waits"]), step
        return sum(1 for step in seen["shown"] if step["waits"])

    for deal in range(10):
        start_table(page, server, "sisepai" if deal % 2 == 0 else "paohuzi", difficulty="normal")
        while wait_for_options(page, seconds=60):
            if checked(page):
                page.screenshot(path=str(artifacts / "waits-real-deal.png"))
                return
            ask_hint(page)
            press(page, record(page)["hints"][-1]["action"])
        if checked(page):
            return
    raise AssertionError("ten deals played by the hints and the player was never one card from complete")


def test_the_hint_marks_a_legal_action_and_says_why(browser: Browser, server: str, artifacts: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-GB")
    ctx.set_default_timeout(20_000)
    try:
        page = new_table_page(ctx)
        start_table(page, server, "paohuzi", difficulty="normal")
        catalogue = messages(page)
        legal = wait_for_options(page)
        assert legal, "the deal ended before the player was asked"
        hint = page.locator(HINT)
        expect(hint).to_be_visible()
        expect(hint).to_have_text(catalogue["hint.ask"])
        hint.focus()
        page.keyboard.press("h")  # the hint's key (Keys help); the focus then goes to the suggestion
        expect(page.locator(f"{HINT_TEXT} .hint-reason")).not_to_be_empty(timeout=15_000)
        answer = record(page)["hints"][-1]
        assert answer["action"] in legal
        assert answer["window"] == record(page)["received"][-1]["window"]
        marked = page.locator(f"{TABLE} .hinted")
        expect(marked).to_have_count(1)
        assert marked.get_attribute("data-action") == answer["action"]
        expect(marked.locator(".hint-badge")).to_have_text(catalogue["hint.badge"])
        expect(marked).to_be_focused()
        reason = page.locator(f"{HINT_TEXT} .hint-reason").text_content() or ""
        assert "hint." not in reason and "{" not in reason, reason
        assert reason[0].isupper() and reason.endswith("."), reason
        action = page.locator(f"{HINT_TEXT} .hint-action").text_content() or ""
        assert action.startswith("The computer would"), action
        expect(hint).to_be_hidden()  # one hint per decision: its words take the button's place
        settle(page)
        expect_in_view(page, "with the hint")
        page.screenshot(path=str(artifacts / "hint-1280x720.png"))
        assert serious_violations(page) == []
        # The next decision has no hint until asked again.
        marked.click()
        if wait_for_options(page):
            expect(page.locator(f"{TABLE} .hinted")).to_have_count(0)
            expect(page.locator(HINT_TEXT)).to_be_empty()
    finally:
        ctx.close()


@pytest.mark.parametrize(("difficulty", "setting", "offered"), [
    ("easy", None, True), ("normal", None, True), ("hard", None, False), ("hard", "on", True),
    ("easy", "off", False),
])  # fmt: skip
def test_the_hint_button_is_on_for_easy_and_normal_and_a_setting_on_every_tier(
    context: BrowserContext, server: str, difficulty: str, setting: str | None, offered: bool
) -> None:
    if setting is not None:
        context.add_cookies([{"name": "hints", "value": setting, "url": server}])
    page = new_table_page(context)
    start_table(page, server, "paohuzi", difficulty=difficulty)  # (Sì Sè Pái has no hard level)
    assert wait_for_options(page)
    expect(page.locator(HINT)).to_be_visible() if offered else expect(page.locator(HINT)).to_be_hidden()
    chosen = page.locator("form.settings-form select[name=hints]").first
    expect(chosen).to_have_value(setting or "auto")


@pytest.mark.parametrize(("width", "height", "game"), [(1280, 720, "sisepai"), (360, 740, "paohuzi")])
def test_the_quick_reference_opens_beside_the_table_and_the_buttons_stay_in_view(
    browser: Browser, server: str, artifacts: Path, width: int, height: int, game: str
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
    ctx.set_default_timeout(20_000)
    try:
        page = new_table_page(ctx)

        def claim(p: Page, actions: list[str]) -> bool:
            return "pass" in actions

        for seed in range(4):
            start_table(page, server, game)
            if play_until(page, claim, seed=seed):
                break
        else:
            raise AssertionError("four deals without a claim window")
        ref = page.locator(REFERENCE)
        ref.locator("summary").click()
        expect(ref.locator(".ref-body")).to_be_visible()
        # the game's groups with their values, and the claim priority, in the rules' own words
        rows = ref.locator("table tbody tr")
        assert rows.count() >= (9 if game == "sisepai" else 10)
        expect(ref.locator("h3").first).to_have_text("The groups")
        expect(ref.locator("ol li")).to_have_count(5 if game == "sisepai" else 4)
        assert ref.locator("table svg.card").count() >= rows.count()
        settle(page)
        # (on a phone the reference may push the player's own rows off the screen while it is read)
        own = width >= 1000
        expect_in_view(page, f"quick reference just opened at {width}x{height}", own)  # its summary: focused
        ref.locator("ol").scroll_into_view_if_needed()  # read to its end
        page.evaluate("() => document.activeElement.blur()")
        settle(page)
        checked = expect_in_view(page, f"quick reference read at {width}x{height}", own)
        assert "countdown" in checked and any(c.startswith("button ") for c in checked), checked
        # nothing of the reference lies over the dock
        overlap = page.evaluate(
            """() => {
              const dock = document.querySelector('#table [data-role=dock]').getBoundingClientRect();
              const hits = [];
              const parts = '#table [data-role=actions] button, #table [data-role=countdown]';
              for (const b of document.querySelectorAll(parts)) {
                const r = b.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                if (!top || !b.contains(top)) hits.push(b.dataset.action || 'countdown');
              }
              return {hits, dockTop: dock.top};
            }"""
        )
        assert overlap["hits"] == [], overlap
        # Every example of the reference is shown whole: no card of it cut by the box's edges.
        cut = page.evaluate(
            """() => {
              const body = document.querySelector('#table [data-role=reference] .ref-body');
              const box = body.getBoundingClientRect();
              return [...body.querySelectorAll('svg.card')].filter((c) => {
                const r = c.getBoundingClientRect();
                return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.width < 4;
              }).map((c) => c.dataset.card);
            }"""
        )
        assert cut == [], f"reference cards cut at {width}x{height}: {cut}"
        page.screenshot(path=str(artifacts / f"reference-{game}-{width}x{height}.png"))
        assert serious_violations(page) == []
    finally:
        ctx.close()


HINT_REASONS = [
    ("peng", {"key": "hint.claim_closer", "params": {"before": 3, "after": 2}}),
    ("peng", {"key": "hint.claim_closer", "params": {"before": 2, "after": 2}}),
    ("pass", {"key": "hint.pass_keeps", "params": {"missing": 1}}),
    ("pass", {"key": "hint.ready", "params": {"outs": 4}}),
    ("peng", {"key": "hint.only", "params": {}}),
    ("peng", {"key": "hint.win", "params": {}}),
]
RAW = re.compile(r"\b(?:hint|waits|reason|action|value|plural)\.\w+\b|\{\w+\}")


@pytest.mark.parametrize("lang", LANGS)
def test_waits_and_hints_read_whole_in_every_language_on_a_phone(
    browser: Browser, server: str, artifacts: Path, lang: str
) -> None:
    with phone_page(browser, server, lang) as page:
        page.add_init_script(RECORDER)
        start_table(page, server, "paohuzi")
        hand = ["s1", "s2", "s3", "s4", "s4", "s5", "s6", "s7", "b7", "b8", "b9", "s9", "s10", "b1", "b2",
                "b3", "b10", "b10", "b5", "b6"]  # fmt: skip
        waits = [
            {"card": "s3", "own": {"huxi": 18, "tun": 2}, "other": {"huxi": 15, "tun": 1}, "unseen": 2},
            {"card": "b7", "own": {"huxi": 15, "tun": 1}, "other": None, "unseen": 1},
        ]
        state = synthetic_state(
            "paohuzi", 9500, window=9500, legal=["pass", "peng"], countdown_ms=30000, step="discard",
            waits=waits,
            view={"seats": _mine(hand, 3), "public": {"card": "b10", "owner": 1, "window": "discard"}},
        )  # fmt: skip
        feed(page, state)
        wait_shown(page, 9500)
        for i, (action, reason) in enumerate(HINT_REASONS):
            feed(page, {"type": "hint", "id": 100 + i, "window": 9500, "action": action, "reason": reason})
            text = page.locator(f"{HINT_TEXT} .hint-reason")
            expect(text).not_to_be_empty()
            words = text.text_content() or ""
            assert not RAW.search(words), words
            expect(page.locator(f"{TABLE} .hinted")).to_have_attribute("data-action", action)
        feed(page, {"type": "hint", "id": 99, "window": 9500, "action": "peng", "reason": HINT_REASONS[0][1]})
        settle(page)
        assert missing_glyphs(page)["missing"] == []
        assert overflowing(page) == []
        assert not RAW.search(page.locator(TABLE).inner_text())
        expect_in_view(page, f"waits and hint at 360 px in {lang}")
        page.screenshot(path=str(artifacts / f"learning-paohuzi-{lang}-360.png"))


def test_a_discard_hint_marks_one_card_of_the_hand(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    page = new_table_page(context)
    start_table(page, server, "sisepai")
    catalogue = messages(page)
    hand = ["RG", "RC", "RH", "RS", "YS", "YE", "YE", "WS", "WN", "WN", "GA", "GC", "GH", "GS", "F2"]
    legal = [f"discard {c}" for c in dict.fromkeys(hand) if c not in ("RG", "F2")]
    feed(page, synthetic_state("sisepai", 9700, window=9700, legal=legal, step="decision",
                               view={"seats": _mine(hand, 4)}))  # fmt: skip
    wait_shown(page, 9700)
    reason = {"key": "hint.discard_least", "params": {"card": "WN", "missing": 3}}
    feed(page, {"type": "hint", "id": 7, "window": 9700, "action": "discard WN", "reason": reason})
    marked = page.locator(f"{TABLE} [data-role=hand] .hinted")
    expect(marked).to_have_count(1)  # one of the two white Cannons
    expect(marked).to_have_attribute("data-action", "discard WN")
    expect(marked.locator(".hint-badge")).to_have_text(catalogue["hint.badge"])
    action = page.locator(f"{HINT_TEXT} .hint-action")
    expect(action).to_have_text("The computer would discard this card: white Cannon.")
    expect(page.locator(f"{HINT_TEXT} .hint-reason")).to_have_text(
        "This card helps your hand least: white Cannon. Without it your hand is 3 cards from complete."
    )
    # A late hint, for another decision, changes nothing here.
    feed(page, {"type": "hint", "id": 8, "window": 9699, "action": "discard RC", "reason": reason})
    expect(marked).to_have_attribute("data-action", "discard WN")
    settle(page)
    expect_in_view(page, "a discard hint")
    page.screenshot(path=str(artifacts / "hint-discard-sisepai.png"))
