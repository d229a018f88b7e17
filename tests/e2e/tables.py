"""Helpers for the live-table tests: start a deal, play it by clicking what the page offers, read
what the page recorded (recorder.js), check what lies in the viewport, hand the page a message of
the test's own making."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Locator, Page, expect

HERE = Path(__file__).resolve().parent
RECORDER = (HERE / "recorder.js").read_text(encoding="utf-8")
TABLE = "#table"
END = f"{TABLE} [data-role=end]"
OPTIONS_JS = """() => {
  const root = document.getElementById("table");
  if (!root || !root.dataset.v) return null;
  if (!root.querySelector("[data-role=end]").hidden) return [];
  const found = [...root.querySelectorAll(
      "[data-role=actions] button.action:enabled, [data-role=hand] button.card-button:enabled:not(.locked)")]
    .filter((b) => b.offsetParent !== null).map((b) => b.dataset.action);
  return found.length ? found : null;
}"""
DEAL_SECONDS = 240
VIEWPORTS = [(1280, 720), (1366, 768), (1440, 900), (1920, 1080), (360, 740)]
MOVES = ("draw", "discard", "dead", "take", "chi", "peng", "pao", "wei", "ti")

IN_VIEW_JS = """async () => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));  // cards landed
  const root = document.getElementById("table");
  const w = window.innerWidth, h = window.innerHeight;
  const parts = [];
  const add = (name, el) => { if (el) parts.push([name, el]); };
  add("public card", root.querySelector("[data-role=public] svg.card"));
  add("caption", root.querySelector("[data-role=public] .caption"));
  add("prompt", root.querySelector("[data-role=prompt]"));
  const countdown = root.querySelector("[data-role=countdown]");
  if (!countdown.hidden) add("countdown", countdown);
  root.querySelectorAll("[data-role=actions] button").forEach((b) => add(`button ${b.dataset.action}`, b));
  root.querySelectorAll("[data-role=hand] svg.card")
    .forEach((c, i) => add(`hand card ${i} ${c.dataset.card}`, c));
  // The player's own exposed groups, dead cards and chou: in view, and not under the dock.
  root.querySelectorAll("[data-role=mine] .row")
    .forEach((row, i) => add(`own ${row.classList[1] || "row"} ${i}`, row));
  const active = document.activeElement;
  if (active && root.contains(active)) add(`focus ${active.dataset.action || active.tagName}`, active);
  const out = [];
  for (const [name, el] of parts) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) { out.push(`${name}: not shown`); continue; }
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) {
      const at = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
      out.push(`${name}: ${at} outside ${w}x${h}`);
    } else if (name.startsWith("own ")) {
      const middle = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
      const points = [[r.left + 4, r.top + 4], [r.right - 4, r.bottom - 4], middle];
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit) && hit.closest(".table-dock")) {
          out.push(`${name}: under the dock at ${Math.round(x)},${Math.round(y)}`);
          break;
        }
      }
    }
  }
  // A button's verb ("Take", "Pass") is never broken over two lines.
  root.querySelectorAll("[data-role=actions] button .verb").forEach((verb) => {
    const line = parseFloat(getComputedStyle(verb).lineHeight) || 20;
    const tall = verb.getBoundingClientRect().height > line * 1.5;
    if (tall) out.push(`verb ${verb.textContent}: broken over lines`);
  });
  return {problems: out, checked: parts.map((p) => p[0])};
}"""


def new_table_page(context: BrowserContext, lang: str | None = None, server: str | None = None) -> Page:
    """A page that records what the table receives and shows (recorder.js)."""
    if lang is not None and server is not None:
        context.add_cookies([{"name": "lang", "value": lang, "url": server}])
    page = context.new_page()
    page.add_init_script(RECORDER)
    return page


def start_table(page: Page, server: str, game: str, difficulty: str = "easy") -> str:
    """Open the game page, start a deal and wait for the table's first state; return its URL."""
    page.goto(f"{server}/games/{game}")
    page.locator(f".start-form input[value={difficulty}]").check()
    with page.expect_navigation():
        page.locator(".start-form button[type=submit]").click()
    assert "/tables/" in page.url
    page.wait_for_function("() => document.querySelector('#table')?.dataset.v", timeout=20_000)
    return page.url


def shown_v(page: Page) -> int:
    return int(page.locator(TABLE).get_attribute("data-v") or 0)


def options(page: Page) -> list[str]:
    """The actions of the buttons the player may press now (the server's legal actions)."""
    found: list[str] | None = page.evaluate(OPTIONS_JS)
    return found or []


def wait_for_options(page: Page, seconds: float = 30) -> list[str]:
    """Wait until the player is asked (buttons on) or the deal ends (then: nothing); return the
    actions of the buttons he may press."""
    found: list[str] = page.wait_for_function(OPTIONS_JS, timeout=seconds * 1000).json_value()
    return found


def button(page: Page, action: str) -> Locator:
    """The (first) button that sends ``action``: a hand may hold several copies of a card."""
    return page.locator(f'{TABLE} button[data-action="{action}"]').first


def press(page: Page, action: str) -> None:
    """Press the button of ``action`` and wait until the table has moved on."""
    before = shown_v(page)
    button(page, action).click(timeout=5_000)
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table').dataset.v) > v"
        " || !document.querySelector('#table [data-role=end]').hidden",
        arg=before,
        timeout=20_000,
    )


def play_until(
    page: Page, done: Callable[[Page, list[str]], bool], seed: int, choose: str = "random"
) -> bool:
    """Play (pressing a seeded random legal button, or Pass when ``choose`` is "pass") until
    ``done(page, actions)`` is true at a decision (True) or the deal ends (False)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + DEAL_SECONDS
    while time.monotonic() < deadline:
        found = wait_for_options(page)
        if not found:
            return False
        if done(page, found):
            return True
        pick = "pass" if "pass" in found and choose == "pass" else found[rng.randrange(len(found))]
        press(page, pick)
    raise AssertionError(f"the deal did not end within {DEAL_SECONDS} s")


def in_view(page: Page) -> dict[str, Any]:
    """Which of the parts the player acts on lie outside the viewport (none, if all is well)."""
    result: dict[str, Any] = page.evaluate(IN_VIEW_JS)
    return result


def settle(page: Page) -> None:
    """Wait until every card in flight has landed (motion.js animations are over)."""
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")


def record(page: Page) -> dict[str, Any]:
    """What recorder.js saw: ``received`` state messages and ``shown`` steps."""
    result: dict[str, Any] = page.evaluate("() => window.__cardavia")
    return result


def feed(page: Page, message: dict[str, Any]) -> None:
    """Hand the table a message of the test's own making, as if the server had sent it."""
    page.evaluate(
        "(m) => document.getElementById('table')"
        ".dispatchEvent(new CustomEvent('cardavia:message', {detail: m}))",
        message,
    )


def messages(page: Page) -> dict[str, Any]:
    """The page's message catalogue (table-messages)."""
    data: dict[str, Any] = json.loads(page.locator("#table-messages").text_content() or "{}")
    return data


def synthetic_state(game: str, v: int, **fields: Any) -> dict[str, Any]:
    """A state message the server could send: seat 0 asked nothing, at frame ``v``; ``fields``
    replace its parts (``view`` is merged)."""
    seats = 4 if game == "sisepai" else 3
    other = {
        "hand": 20,
        "hand_count": 20,
        "melds": [],
        "discards": [],
        "chou": [],
        "shown": None,
        "dead": False,
    }
    mine = {"hand": [], "melds": [], "discards": [], "chou": [], "shown": None, "dead": False}
    view: dict[str, Any] = {
        "game": game, "dealer": 1, "status": "ongoing", "to_act": [], "public": None, "legal": {},
        "stock": 17, "result": None, "seats": [mine] + [dict(other) for _ in range(seats - 1)],
    }  # fmt: skip
    view.update(fields.pop("view", {}))
    message: dict[str, Any] = {
        "type": "state", "v": v, "step": "draw", "table": "test", "game": game, "seat": 0, "seats": seats,
        "difficulty": "easy", "window": None, "legal": [], "countdown_ms": None, "view": view, "events": [],
        "outcome": None, "record_url": None,
    }  # fmt: skip
    message.update(fields)
    return message


def wait_shown(page: Page, v: int) -> None:
    """Wait until the table shows frame ``v``."""
    page.wait_for_function("(v) => Number(document.querySelector('#table').dataset.v) === v", arg=v)


def expect_in_view(page: Page, what: str, own: bool = True) -> list[str]:
    """Assert every part the player acts on is in the viewport, and his own groups, dead cards and
    chou too, clear of the dock (``own``); return the parts checked."""
    found = in_view(page)
    problems = [p for p in found["problems"] if own or not p.startswith("own ")]
    assert problems == [], f"{what}: {problems}"
    return list(found["checked"])


def end_visible(page: Page) -> None:
    expect(page.locator(END)).to_be_visible()


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v.get("impact") in {"serious", "critical"}
    ]
