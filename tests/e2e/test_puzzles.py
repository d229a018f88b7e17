"""Puzzles in the browser: solved by clicking and by keyboard at 1366x768 and on a 360x740 phone,
in two languages; right and wrong answers shown with what each option was worth, the rating moved, a
wrong answer's consequence; the puzzle of the day and one's own mistakes; axe clean, nothing wider
than the screen, screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from cardavia.puzzles.puzzle import by_id

from .checks import overflowing
from .tables import serious_violations

PUZZLES = "#puzzles"
MAIN = f"{PUZZLES} [data-role=main]"
RESULT = f"{PUZZLES} [data-role=result]"


def current(page: Page, game: str) -> tuple[str, str, list[str]]:
    """The puzzle shown: its id, its answer (from the shipped file) and its options in order."""
    expect(page.locator(f"{MAIN} .puzzle-option").first).to_be_enabled()
    pid = page.locator(MAIN).get_attribute("data-puzzle") or ""
    puzzle = by_id(game)[pid]
    shown = [page.locator(f"{MAIN} .puzzle-option").nth(i).get_attribute("data-action") or ""
             for i in range(page.locator(f"{MAIN} .puzzle-option").count())]
    assert shown == list(puzzle.options)
    return pid, puzzle.answer, shown


def check(page: Page, artifacts: Path, name: str) -> None:
    assert serious_violations(page) == [], name
    assert overflowing(page) == [], name
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(
    ("game", "viewport", "size", "lang"),
    [
        ("paohuzi", {"width": 1366, "height": 768}, "laptop", "en"),
        ("sisepai", {"width": 1366, "height": 768}, "laptop", "es"),
        ("paohuzi", {"width": 360, "height": 740}, "phone", "zh"),
        ("sisepai", {"width": 360, "height": 740}, "phone", "cs"),
    ],
)
def test_puzzles_are_solved_by_click_and_by_keyboard(
    browser: Browser, server: str, artifacts: Path, game: str, viewport: ViewportSize, size: str, lang: str
) -> None:
    ctx = browser.new_context(viewport=viewport, locale="en-GB")
    ctx.set_default_timeout(20_000)
    ctx.add_cookies([{"name": "lang", "value": lang, "url": server}])
    try:
        page = ctx.new_page()
        page.goto(f"{server}/games/{game}/puzzles")
        pid, best, options = current(page, game)
        expect(page.locator(f"{PUZZLES} [data-role=rating]")).to_contain_text("1500")
        check(page, artifacts, f"puzzle-{game}-{size}-{lang}")

        # by clicking: the right answer, its verdict, every option's worth, the rating moved
        page.locator(f'{MAIN} .puzzle-option[data-action="{best}"]').click()
        expect(page.locator(f"{RESULT} .verdict")).to_have_attribute("data-right", "true")
        expect(page.locator(f"{RESULT} .puzzle-worth li")).to_have_count(len(options))
        expect(page.locator(f"{RESULT} .rating-moved")).to_be_visible()
        expect(page.locator(f'{MAIN} .puzzle-option.is-answer[data-action="{best}"]')).to_have_count(1)
        check(page, artifacts, f"puzzle-{game}-{size}-{lang}-right")

        # by keyboard: Next puzzle has the focus; Enter; then the digit of a wrong option
        page.keyboard.press("Enter")
        second, best2, options2 = current(page, game)
        assert second != pid
        wrong = next(i for i, o in enumerate(options2) if o != best2)
        page.keyboard.press(str(wrong + 1))
        expect(page.locator(f"{RESULT} .verdict")).to_have_attribute("data-right", "false")
        expect(page.locator(f"{RESULT} .puzzle-led li").first).to_be_visible()
        marked = page.locator(f'{MAIN} .puzzle-option.is-wrong[data-action="{options2[wrong]}"]')
        expect(marked).to_have_count(1)
        check(page, artifacts, f"puzzle-{game}-{size}-{lang}-wrong")

        # by keyboard through the buttons: Tab to an option, Enter answers it
        page.keyboard.press("Enter")  # next puzzle
        third, best3, options3 = current(page, game)
        assert third not in (pid, second)
        focused = page.evaluate("document.activeElement.dataset.action")
        assert focused == options3[0]
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        expect(page.locator(f"{RESULT} .verdict")).to_have_attribute(
            "data-right", "true" if options3[1] == best3 else "false"
        )

        # the puzzle of the day, then one's own mistakes (none yet)
        page.locator(f'{PUZZLES} input[name=mode][value="daily"]').check()
        current(page, game)
        page.locator(f'{PUZZLES} input[name=mode][value="mistakes"]').check()
        expect(page.locator(f"{PUZZLES} [data-role=main]")).to_be_hidden()
        expect(page.locator(f"{PUZZLES} [data-role=status]")).not_to_be_empty()
        check(page, artifacts, f"puzzle-{game}-{size}-{lang}-mistakes")
    finally:
        ctx.close()
