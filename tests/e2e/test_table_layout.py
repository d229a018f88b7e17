"""Everything the player must act on is on screen: at each viewport size, in a claim window and on
a discard turn of a real deal, the public card with its caption, the countdown, every button and
every card of the hand lie inside the viewport, and so does the focus; the end panel opens in view.
A worst case the server could send (a full hand and many chi plans) fits too."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .checks import overflowing
from .tables import (
    END,
    TABLE,
    expect_in_view,
    feed,
    new_table_page,
    play_until,
    serious_violations,
    settle,
    start_table,
    synthetic_state,
    wait_shown,
)

CASES = [
    (1280, 720, "sisepai"), (1366, 768, "paohuzi"), (1440, 900, "sisepai"),
    (1920, 1080, "paohuzi"), (360, 740, "sisepai"), (360, 740, "paohuzi"),
]  # fmt: skip


@pytest.mark.parametrize(("width", "height", "game"), CASES)
def test_what_the_player_acts_on_is_in_view(
    browser: Browser, server: str, artifacts: Path, width: int, height: int, game: str
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
    try:
        page = new_table_page(ctx)
        seen: dict[str, list[str]] = {}

        def look(p: Page, actions: list[str]) -> bool:
            settle(p)
            assert overflowing(p) == [], f"{width}x{height}: {overflowing(p)}"
            discard = any(a.startswith("discard ") for a in actions)
            kind = "discard" if discard else "claim"
            if kind not in seen:
                seen[kind] = expect_in_view(p, f"{kind} at {width}x{height}")
                p.screenshot(path=str(artifacts / f"layout-{game}-{kind}-{width}x{height}.png"))
            return len(seen) == 2

        for seed in range(6):
            start_table(page, server, game)
            if play_until(page, look, seed=seed):
                break
        assert set(seen) == {"claim", "discard"}, (
            f"six deals without both a claim window and a discard turn: {seen}"
        )
        assert any(part.startswith("button ") for part in seen["claim"]) and "countdown" in seen["claim"]
        assert any(part.startswith("hand card") for part in seen["discard"])
        assert "public card" in seen["claim"] and "caption" in seen["claim"]
    finally:
        ctx.close()


WORST_PAOHUZI = {
    "hand": ["s1", "s1", "s2", "s3", "s4", "s4", "s5", "s6", "s7", "s8", "s9", "s10",
             "b1", "b2", "b3", "b4", "b4", "b5", "b6", "b9", "b10"],
    "legal": ["chi s2 s3 s4 / s4 s5 s6", "chi s3 s4 s5 / s4 s4 b4", "chi s4 s4 b4 / s4 s5 s6",
              "chi s4 s5 s6 / s4 s4 b4", "chi s4 b4 b4", "peng", "pass"],
}  # fmt: skip


# Every card that would complete the hand (an 11-card strip), with what each is worth.
WAITING = ["s1", "s2", "s3", "s5", "s6", "s7", "s8", "s9", "b3", "b6", "b10"]
WAITS = [{"card": c, "own": {"huxi": 15 + i, "tun": 1}, "other": {"huxi": 15, "tun": 1}, "unseen": i % 4}
         for i, c in enumerate(WAITING)]  # fmt: skip


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 720), (1366, 768)])
def test_a_worst_case_decision_and_the_end_panel_fit(
    browser: Browser, server: str, artifacts: Path, width: int, height: int
) -> None:
    """A full Paohuzi hand with seven options (long chi plans with bi) and, on a laptop, an 11-card
    waits strip, with the player's own groups, dead cards and chou on the table; then the end of the
    deal. On a laptop his own rows stay in sight above the dock; a phone's screen has no room left
    for them beside seven options and a full hand (they are a scroll away)."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
    try:
        page = new_table_page(ctx)
        start_table(page, server, "paohuzi")
        seats = [{"hand": WORST_PAOHUZI["hand"], "melds": ["peng b2 b2 b2", "chi s7 s8 s9"],
                  "discards": ["b7", "b8"], "chou": ["b7", "b8"], "shown": None, "dead": False},
                 {"hand": 14, "melds": ["chi s1 s2 s3", "peng b2 b2 b2"], "discards": ["s7", "b3"],
                  "chou": ["s7"], "shown": None, "dead": False},
                 {"hand": 17, "melds": ["wei"], "discards": ["b1", "s9", "s10"], "chou": ["b1"],
                  "shown": "b5", "dead": False}]  # fmt: skip
        asked = synthetic_state(
            "paohuzi",
            5000,
            step="draw",
            window=5000,
            legal=WORST_PAOHUZI["legal"],
            countdown_ms=29000,
            waits=WAITS if width >= 1000 else [],
            view={"seats": seats, "public": {"card": "s4", "owner": 2, "window": "reveal"}},
            events=[{"kind": "paohuzi.draw", "params": {"seat": 2, "card": "s4", "stock": 17}}],
        )
        feed(page, asked)
        wait_shown(page, 5000)
        expect(page.locator(f"{TABLE} [data-role=actions] button.action")).to_have_count(7)
        if width >= 1000:
            expect(page.locator(f"{TABLE} [data-role=waits] li[data-card]")).to_have_count(11)
        expect_in_view(page, f"seven options at {width}x{height}", own=width >= 1000)
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"layout-paohuzi-worst-{width}x{height}.png"))
        result = {"winner": 1, "card": "s4", "score": 17, "tun": 1, "payments": [-1, 2, -1],
                  "groups": ["chi s1 s2 s3", "peng b2 b2 b2", "chi s3 s4 s5", "kan s8 s8 s8", "pair b9 b9",
                             "chi b4 b5 b6", "chi b7 b8 b9"]}  # fmt: skip
        ended = [{**seats[0]}, {**seats[1], "hand": ["s3", "s4", "s5", "s8", "s8", "s8", "b9", "b9"]},
                 {**seats[2], "hand": ["s1"] * 17}]  # fmt: skip
        end = synthetic_state(
            "paohuzi",
            5001,
            step="end",
            outcome=result,
            record_url="/",
            view={"seats": ended, "status": "win", "result": result},
            events=[{"kind": "paohuzi.win", "params": {"seat": 1, "card": "s4", "huxi": 17, "tun": 1}}],
        )
        feed(page, end)
        wait_shown(page, 5001)
        heading = page.locator(f"{END} h2")
        expect(heading).to_be_focused()
        box, total = heading.bounding_box(), page.locator(f"{END} .score .total").bounding_box()
        assert box and total and box["y"] >= 0 and total["y"] + total["height"] <= height, (box, total)
        page.screenshot(path=str(artifacts / f"layout-paohuzi-end-{width}x{height}.png"))
        assert serious_violations(page) == []
    finally:
        ctx.close()
