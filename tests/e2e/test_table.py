"""Whole deals in a real browser against a server sending its frames in bursts (no pacing): every
step is shown in order with its log line, the card of each step where the view says it is, the end
panel's per-group values add up to the engine's result, the record replays; keyboard play; axe.

The test presses only what the page offers (the server's legal actions), choosing with a seeded
generator, until the end panel appears.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import GAMES, _cardavia
from .tables import (
    END,
    MOVES,
    TABLE,
    button,
    feed,
    new_table_page,
    play_until,
    record,
    serious_violations,
    start_table,
    synthetic_state,
    wait_for_options,
    wait_shown,
)

RAW = re.compile(r"\b(?:log|reason|priority|event|caption|prompt)\.\w+|\{\w+\}")


def replay(path: Path) -> dict[str, object]:
    done = subprocess.run(
        [*_cardavia(), "replay", str(path)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def page_weight(page: Page) -> int:
    """Bytes of JavaScript, CSS and fonts the page loaded (decoded sizes)."""
    size: int = page.evaluate(
        """() => performance.getEntriesByType('resource')
                 .filter(e => /\\.(js|mjs|css|woff2?|ttf|otf)(\\?|$)/.test(e.name))
                 .reduce((sum, e) => sum + e.decodedBodySize, 0)"""
    )
    return size


def first_move_by_keyboard(page: Page) -> None:
    """The player's first decision made with the keyboard: arrows and Enter on a discard turn,
    P (pass) or C (the first claim) in a claim window."""
    found = wait_for_options(page)
    assert found, "the deal ended before the player was asked"
    before = int(page.locator(TABLE).get_attribute("data-v") or 0)
    if page.locator(f"{TABLE} [data-role=hand] button.card-button:enabled").count():
        focused = page.evaluate("() => document.activeElement.className")
        assert "card-button" in focused, f"the focus is not on the hand: {focused}"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
    else:
        page.keyboard.press("p" if page.locator(f"{TABLE} .pass-slot button").count() else "c")
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table').dataset.v) > v", arg=before, timeout=10_000
    )


def check_bi_buttons(page: Page, actions: list[str]) -> bool:
    """A Paohuzi chi that also melds the player's own copies (bi) shows each group on its own, the
    public card marked once, and its value; Win shows its total. Never done: the deal goes on."""
    if "win" in actions:
        expect(button(page, "win").locator(".value")).to_contain_text(re.compile(r"\d"))
    for action in actions:
        if action.startswith("chi ") and " / " in action:
            groups = action[4:].split(" / ")
            it = button(page, action)
            expect(it.locator(".made")).to_have_count(len(groups))
            expect(it.locator(".made.bi")).to_have_count(len(groups) - 1)
            expect(it.locator(".marked-card")).to_have_count(1)
            expect(it.locator(".value")).to_contain_text("huxi")
    return False


def check_every_step_was_shown(seen: dict[str, list[dict[str, Any]]]) -> Counter[str]:
    """Every frame received after the first snapshot was shown, once, in order; the card, window and
    stock on screen were the frame's; each move came with its log line. Returns the moves counted."""
    received = [m for m in seen["received"] if not m["snapshot"]]
    by_v = {m["v"]: m for m in seen["received"]}
    shown = seen["shown"][1:]  # the first step shown is the snapshot
    assert [s["v"] for s in shown] == [m["v"] for m in received], "a step was skipped, repeated or reordered"
    counted: Counter[str] = Counter()
    for step in shown:
        frame = by_v[step["v"]]
        pub = frame["pub"]
        assert step["pub"] == (pub["card"] if pub else None), step
        if pub:
            assert step["window"] == pub["window"] and step["caption"], step
        assert re.search(rf"\b{frame['stock']}\b", step["stock"]), step
        moves = [k.split(".", 1)[1] for k in frame["kinds"] if k.split(".", 1)[1] in MOVES]
        counted.update(moves)
        if moves:
            assert step["lines"], f"frame {step['v']} ({moves}) was shown without its log line"
        for line in step["lines"]:
            assert not RAW.search(line), f"a log line shows a key or a placeholder: {line!r}"
    for before, after in itertools.pairwise(shown):
        if not by_v[before["v"]]["legal"]:
            assert after["at"] - before["at"] >= 40, f"step {before['v']} was on screen for too short a time"
    return counted


@pytest.mark.parametrize("game", GAMES)
def test_a_complete_deal_shows_every_step_and_teaches_the_score(
    context: BrowserContext, server: str, artifacts: Path, tmp_path: Path, game: str
) -> None:
    page = new_table_page(context)
    start_table(page, server, game)
    page.screenshot(path=str(artifacts / f"table-{game}-start.png"))
    names = json.loads(page.locator("#table-messages").text_content() or "{}")["names"]
    labels = [
        el.get_attribute("aria-label") for el in page.locator(f"{TABLE} [data-role=hand] svg.card").all()
    ]
    assert labels and all(label in names.values() for label in labels)
    assert serious_violations(page) == []
    assert page_weight(page) < 200 * 1024
    first_move_by_keyboard(page)
    assert play_until(page, check_bi_buttons, seed=len(game)) is False  # to the end
    end = page.locator(END)
    expect(end).to_be_visible()
    box = end.locator("h2").bounding_box()
    viewport = page.viewport_size
    assert box and viewport and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    page.screenshot(path=str(artifacts / f"table-{game}-end.png"))
    assert serious_violations(page) == []

    counted = check_every_step_was_shown(record(page))
    assert counted["draw"] > 0 and counted["discard"] + counted["dead"] > 0, counted

    link = end.locator("a[href$='/record']")
    with page.expect_download() as info:
        link.click()
    saved = tmp_path / f"{game}.json"
    info.value.save_as(saved)
    final = replay(saved)
    assert final["status"] in {"win", "draw"} and final["to_act"] == []
    result = final["result"]
    assert isinstance(result, dict)
    if result["winner"] is None:
        expect(end).to_contain_text("The stock is empty")
    else:
        values = [
            int(v or 0)
            for v in end.locator(".score-groups .num").evaluate_all(
                "(els) => els.map((e) => e.dataset.value)"
            )
        ]
        assert len(values) == len(result["groups"]) and sum(values) == result["score"], (values, result)
        expect(end.locator(".score .total")).to_contain_text(f"= {result['score']} ")
        if result.get("card"):
            expect(end.locator(".score-groups .marked-card")).to_have_count(1)
        if game == "paohuzi":
            expect(end.locator(".tun-step")).to_contain_text(f"{result['score']} huxi → {result['tun']} tun")
    if game == "paohuzi":
        amounts = end.locator(".payments .amount").all_inner_texts()
        assert len(amounts) == 3 and all(re.fullmatch(r"[+−-]?\d+ tun", a) for a in amounts), amounts
    expect(end.get_by_role("button", name="New deal")).to_be_visible()


def test_a_question_ends_the_wait_at_once(context: BrowserContext, paced_server: str) -> None:
    """At the site's pace each step stays a second or more; when a question arrives behind a queue
    of steps, those are shown briefly (each still painted, in order) and the question comes up at
    once, so its countdown is not eaten by the queue."""
    page = new_table_page(context)
    start_table(page, paced_server, "sisepai")
    seats = [{"hand": ["RA", "RE", "RH"], "hand_count": 3, "melds": [], "discards": [], "chou": []}] + [
        {"hand_count": 20, "melds": [], "discards": [], "chou": []} for _ in range(3)
    ]
    steps = []
    for i, owner in enumerate((1, 2, 3, 1, 2)):
        card = ("RC", "YH", "WN", "GS", "YA")[i]
        public = {"card": card, "owner": owner, "window": "W1"}
        events = [{"kind": "sisepai.draw", "params": {"seat": owner, "card": card, "stock": 30 - i}}]
        steps.append(
            synthetic_state("sisepai", 8000 + i, view={"seats": seats, "public": public}, events=events)
        )
    question = synthetic_state(
        "sisepai", 8005, window=8005, legal=["pass", "take RH RH RH"], countdown_ms=30_000,
        view={"seats": seats, "public": {"card": "RH", "owner": 3, "window": "WD"}},
        events=[{"kind": "sisepai.discard", "params": {"seat": 3, "card": "RH"}}],
    )  # fmt: skip
    started = page.evaluate("() => performance.now()")
    for message in [*steps, question]:
        feed(page, message)
    wait_shown(page, 8005)
    shown = [s for s in record(page)["shown"] if s["v"] >= 8000]
    assert [s["v"] for s in shown] == list(range(8000, 8006)), "a step was skipped or reordered"
    waited = shown[-1]["at"] - started
    assert waited < 2500, f"the question waited {waited:.0f} ms behind five steps of about 1.5 s each"
    for before, after in itertools.pairwise(shown):
        assert after["at"] - before["at"] >= 40, "a step of the queue was not painted"
