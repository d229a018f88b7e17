"""The guided deals ("Learn by playing") in a real browser: each lesson started from its game page and
completed by clicking, and by the keyboard alone (Enter on what the page focuses: the tip's Continue
or the lesson's move), in every language at 360 px; every tip shown in order, in the page's language
with its cards and seats named; a wrong move answered by a gentle note that changes nothing, the
invited refused discard by the engine's reason in words; from the last screen a real deal starts.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from cardavia.engine.record import replay
from cardavia.web.live import lessons
from cardavia.web.live.lessons import lesson_words

from . import tables
from .checks import overflowing, phone_page
from .conftest import LANGS
from .test_table import serious_violations

TABLE = "#table"
TIP = f"{TABLE} [data-role=tip]"
END = f"{TABLE} [data-role=end]"
CONTINUE = f"{TIP} button.tip-continue:enabled"
MOVE = f"{TABLE} button.lesson-move:enabled"
LESSON_SECONDS = 120
READY = """() => { const t = document.querySelector('#table');
  return Boolean(t && (t.querySelector('[data-role=tip] button.tip-continue:enabled')
    || t.querySelector('button.lesson-move:enabled') || !t.querySelector('[data-role=end]').hidden)); }"""
CHANGED = "(before) => document.querySelector('#table').innerHTML !== before"
FOCUSED_ACTION = "() => document.activeElement && document.activeElement.dataset.action || null"
# What of the tip and of the button the player answers with lies outside the window, as it stands.
OUT_OF_VIEW = """() => { const t = document.querySelector('#table'); const out = [];
  const button = t.querySelector('[data-role=tip] button.tip-continue:enabled, button.lesson-move:enabled');
  const tip = t.querySelector('[data-role=tip]:not([hidden])');
  for (const [name, node] of [['button', button], ['tip', tip]]) {
    if (!node) continue;
    const r = node.getBoundingClientRect();
    const off = r.top < 0 || r.bottom > window.innerHeight + 0.5;
    if (off) out.push(`${name} ${Math.round(r.top)}..${Math.round(r.bottom)}`);
  }
  return out; }"""


NAMES = list(lessons.LESSONS)


def start_lesson(page: Page, server: str, name: str) -> None:
    """From its game's page, start lesson ``name``."""
    page.goto(f"{server}/games/{lessons.LESSONS[name]}")
    with page.expect_navigation():
        page.locator(f".learn-form button[value={name}]").click()
    assert "/tables/" in page.url
    expect(page.locator(TIP)).to_be_visible()


def messages(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(page.locator("#table-messages").text_content() or "{}")
    return found


def play_lesson(
    page: Page,
    name: str,
    keyboard: bool,
    lang: str = "en",
    shots: Path | None = None,
    phone: bool = False,
    fold: bool = False,
    own: bool = False,
) -> dict[str, Any]:
    """Play the lesson to its last screen the way a newcomer would, probing a wrong move at the first
    decision and the invited refused discard; what was seen."""
    lesson = lessons.lesson(name)
    moves = [lesson.expected[w] for w in sorted(lesson.expected)]
    windows = sorted(lesson.expected)
    invited = {windows.index(w): r.attempt for w, r in lesson.refusals.items()}
    words = messages(page)
    seen: dict[str, Any] = {"tips": [], "notes": [], "steps": 0, "overflow": [], "out_of_view": []}
    seen["locked"] = []  # the answer to a locked card tried where the lesson invites none
    made = 0
    started = time.monotonic()
    while True:
        assert time.monotonic() - started < LESSON_SECONDS, "the lesson did not end in time"
        page.wait_for_function(READY, timeout=20_000)
        tip = page.locator(f"{TIP} .tip-text")
        if tip.count():
            key, text = tip.get_attribute("data-tip"), tip.inner_text()
            if not seen["tips"] or seen["tips"][-1][0] != key:
                seen["tips"].append((key, text))
        if phone:
            seen["overflow"] += overflowing(page)
        if fold:  # as the page stands, never scrolled by a click: the tip and its button are in the window
            seen["out_of_view"] += [f"step {seen['steps']}: {out}" for out in page.evaluate(OUT_OF_VIEW)]
        if own and not page.locator(END).is_visible():  # his own groups, dead cards, chou: clear of the dock
            mine = [p for p in tables.in_view(page)["problems"] if p.startswith("own ")]
            seen["out_of_view"] += [f"step {seen['steps']}: {p}" for p in mine]
            if shots is not None and seen["steps"] < 4:
                page.screenshot(path=str(shots.with_name(f"{shots.name}-step{seen['steps']}.png")))
        if page.locator(END).is_visible():
            # The last tip is read in the end panel (the dock is gone), above the real deal's button.
            expect(page.locator(f"{END} [data-role=tip] .tip-text")).to_be_visible()
            break
        before = page.locator(TABLE).inner_html()
        if page.locator(CONTINUE).count():
            if keyboard:
                focused = page.evaluate("() => document.activeElement.className")
                assert "tip-continue" in focused, (seen["steps"], focused)
                page.keyboard.press("Enter")
            else:
                page.locator(CONTINUE).click()
            page.wait_for_function(CHANGED, arg=before)
            seen["steps"] += 1
            continue
        expected = moves[made]
        # The outlined move: the one the tip invites the player to try first (the rules refuse it,
        # to show why), else the lesson's own.
        assert page.locator(MOVE).first.get_attribute("data-action") == invited.get(made, expected)
        if made == 0:  # a legal move that is not the lesson's: a note, and nothing changes
            wrong = page.locator(
                f"{TABLE} button.action:enabled:not(.lesson-move), "
                f"{TABLE} button.card-button:enabled:not(.lesson-move):not(.locked)"
            ).first
            wrong.click()
            note = page.locator(f"{TIP} .tip-note")
            expect(note).to_have_text(words["error.lesson"])
            seen["notes"].append(note.inner_text())
            if shots is not None:
                page.screenshot(path=str(shots.with_name(f"{shots.name}-wrong.png")), full_page=not fold)
        if made in invited:  # the card that cannot be discarded: the engine's reason, in words
            card = words["names"][invited[made].split()[1]]
            expect(page.locator(f"{TIP} .tip-text")).to_contain_text(card)  # the tip names the outlined card
            page.locator(f'{TABLE} [data-action="{invited[made]}"]').first.click()
            note = page.locator(f"{TIP} .tip-note")
            expect(note).to_contain_text(card)
            expect(page.locator(MOVE).first).to_have_attribute("data-action", expected)  # then the lesson's
            seen["notes"].append(note.inner_text())
            if shots is not None:
                page.screenshot(path=str(shots.with_name(f"{shots.name}-refused.png")), full_page=not fold)
        locked = page.locator(f"{TABLE} .table-hand button.card-button.locked")
        if made not in invited and not seen["locked"] and locked.count():
            # A locked card where the lesson invites none: the catalogue's why-not words for its code.
            locked.first.click()
            note = page.locator(f"{TIP} .tip-note")
            expect(note).to_have_text(words[f"hand.locked.{lesson.game}"])
            seen["locked"].append(note.inner_text())
        page.wait_for_function(READY)
        before = page.locator(TABLE).inner_html()
        if keyboard:  # the page has focused the lesson's move: Enter plays it
            assert page.evaluate(FOCUSED_ACTION) == expected
            page.keyboard.press("Enter")
        else:
            page.locator(MOVE).first.click()
        made += 1
        seen["steps"] += 1
        page.wait_for_function(CHANGED, arg=before)
    seen["seconds"] = time.monotonic() - started
    seen["moves"] = made
    if shots is not None:
        page.screenshot(path=str(shots.with_name(f"{shots.name}-end.png")), full_page=True)
    # Every tip, in order, in the page's language, its placeholders filled.
    assert [key for key, _ in seen["tips"]] == [tip.key for _, tip in sorted(lesson.tips.items())]
    for key, text in seen["tips"]:
        assert "{" not in text and text.strip(), (key, text)
        assert lang == "en" or text != lesson_words(name)[key], (lang, key)
    assert len(seen["notes"]) == 1 + len(lesson.refusals)
    assert len(seen["locked"]) == 1, "no locked card was tried outside the lesson's invitation"
    assert all("{" not in note for note in seen["notes"])
    return seen


def start_the_real_deal(page: Page, keyboard: bool) -> None:
    """From the lesson's last screen, start a real deal: a table with no tips."""
    button = page.locator(f"{END} .new-deal button")
    expect(button).to_be_visible()
    lesson_url = page.url
    with page.expect_navigation():
        if keyboard:
            assert page.evaluate("() => document.activeElement.closest('.new-deal') !== null")
            page.keyboard.press("Enter")
        else:
            button.click()
    assert "/tables/" in page.url and page.url != lesson_url
    page.wait_for_function(
        "() => document.querySelector('#table [data-role=hand] svg') || "
        "!document.querySelector('#table [data-role=end]').hidden"
    )
    expect(page.locator(TIP)).to_be_hidden()
    # At the level the game page starts at (the lesson's own computers play at easy).
    expect(page.locator("#table")).to_have_attribute("data-difficulty", "normal")


@pytest.mark.parametrize("name", NAMES)
def test_a_lesson_completed_by_clicking(
    context: BrowserContext, server: str, artifacts: Path, name: str
) -> None:
    page = context.new_page()
    start_lesson(page, server, name)
    page.screenshot(path=str(artifacts / f"lesson-{name}-start.png"), full_page=True)
    assert serious_violations(page) == []
    seen = play_lesson(page, name, keyboard=False, shots=artifacts / f"lesson-{name}")
    print(f"\n{name}: {seen['moves']} moves, {seen['steps']} steps, {seen['seconds']:.1f} s clicked")
    end = page.locator(END)
    won = replay(lessons.lesson(name).record).outcome() or {}
    expect(end).to_contain_text("You win!" if won.get("winner") == 0 else "Nobody won")
    assert serious_violations(page) == []
    following = lessons.lesson(name).following
    if following is not None:  # the game's next lesson, a click away
        expect(page.locator(f"{END} .next-lesson input[name=lesson]")).to_have_value(following)
        with page.expect_navigation():
            page.locator(f"{END} .next-lesson button").click()
        first_tip = lessons.lesson(following).tips[1].key
        expect(page.locator(f"{TIP} .tip-text")).to_have_attribute("data-tip", first_tip)
        page.go_back()
    else:
        expect(page.locator(f"{END} .next-lesson")).to_have_count(0)
    start_the_real_deal(page, keyboard=False)


@pytest.mark.parametrize("name", NAMES)
def test_a_lesson_completed_by_keyboard(context: BrowserContext, server: str, name: str) -> None:
    page = context.new_page()
    start_lesson(page, server, name)
    seen = play_lesson(page, name, keyboard=True)
    print(f"\n{name}: {seen['moves']} moves, {seen['steps']} steps, {seen['seconds']:.1f} s by keyboard")
    start_the_real_deal(page, keyboard=True)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_a_lesson_at_360px_in_every_language(
    browser: Any, server: str, artifacts: Path, name: str, lang: str
) -> None:
    with phone_page(browser, server, lang) as page:
        start_lesson(page, server, name)
        shots = artifacts / f"lesson-{name}-{lang}-360" if lang in ("en", "zh", "cs") else None
        if shots is not None:
            page.screenshot(path=str(shots.with_name(f"{shots.name}-start.png")), full_page=True)
        seen = play_lesson(page, name, keyboard=False, lang=lang, shots=shots, phone=True)
        assert seen["overflow"] == []


@pytest.mark.parametrize("size", [(1280, 720), (360, 740)], ids=["laptop", "phone"])
@pytest.mark.parametrize("name", NAMES)
def test_the_tip_and_its_button_stay_in_the_window(
    browser: Any, server: str, artifacts: Path, name: str, size: tuple[int, int]
) -> None:
    """At a laptop's and a phone's size, at every step of the lesson, the tip and the button it asks
    for (Continue, or the lesson's move) are on screen as the page stands: the tip never pushes the
    dock's buttons below the fold; on a laptop the player's own rows stay clear of the dock and its tip."""
    width, height = size
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
    try:
        page = ctx.new_page()
        start_lesson(page, server, name)
        shots = artifacts / f"lesson-{name}-{width}x{height}"
        seen = play_lesson(page, name, keyboard=False, shots=shots, fold=True, own=width >= 1000)
        assert seen["out_of_view"] == []
    finally:
        ctx.close()
