"""The review of a deal in a real browser: opened from the end panel, stepped through with keys and
slider, a jump to a flagged decision, a record file uploaded; axe clean; screenshots at 1280x720
and 360 px."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .checks import missing_glyphs, overflowing, phone_page
from .tables import END, play_until, serious_violations, start_table

REVIEW = "#review"
MAIN = f"{REVIEW} [data-role=main]"
STEP = f"{REVIEW} [data-role=step]"
SLIDER = f"{REVIEW} [data-role=slider]"


# A message key shown instead of its words (the table's and the old viewer's families).
RAW_KEY = re.compile(r"\b(?:event|log|table|seat|caption|badge|window|review|action|card|plural)\.[a-z_.]+")

# Every step in turn (both views): the board's text, its names for screen readers and the log's
# lines of that step, as the page shows them.
READ_STEPS = """() => {
  const root = document.getElementById("review");
  const slider = root.querySelector("[data-role=slider]");
  const mine = root.querySelector("[data-role=seen]");
  const board = root.querySelector("[data-role=table]");
  const texts = (node) => [
    ...node.innerText.split("\\n"),
    ...[...node.querySelectorAll("[aria-label], [title]")]
      .flatMap((e) => [e.getAttribute("aria-label"), e.getAttribute("title")]),
    ...[...node.querySelectorAll("title")].map((e) => e.textContent),
  ].map((t) => (t || "").trim()).filter(Boolean);
  const out = [];
  for (const checked of [false, true]) {
    if (mine.checked !== checked) mine.click();
    for (let i = 0; i <= Number(slider.max); i += 1) {
      slider.value = String(i);
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      const lines = root.querySelectorAll(`[data-role=log] [data-v="${i}"] .words`);
      const log = [...lines].map((e) => e.textContent.trim());
      out.push({ step: i, mine: checked, board: texts(board), log });
    }
  }
  if (mine.checked) mine.click();
  slider.value = "0";
  slider.dispatchEvent(new Event("input", { bubbles: true }));
  return out;
}"""


def raw_words(page: Page, data: dict[str, Any]) -> list[str]:
    """Texts of any step that are a message key or the log's generic fallback (an event's bare
    kind), instead of the table's words."""
    shown: list[dict[str, Any]] = page.evaluate(READ_STEPS)
    assert len(shown) == 2 * len(data["steps"])
    bad = []
    for s in shown:
        kinds = {e["kind"] for e in data["steps"][s["step"]]["events"]}
        for where in ("board", "log"):
            for text in s[where]:
                if RAW_KEY.search(text) or text in kinds or re.fullmatch(r"[a-z_]+(?:\.[a-z_]+)+", text):
                    bad.append(f"step {s['step']} {where}: {text!r}")
    assert any(s["log"] for s in shown), "the log has no line at any step"
    return bad


def step_number(page: Page) -> int:
    return int(page.locator(SLIDER).input_value())


def review_data(page: Page, url: str) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate("(u) => fetch(u).then((r) => r.json())", url)
    return data


def test_review_from_the_end_panel_keys_slider_flags_and_upload(
    context: BrowserContext, browser: Browser, server: str, artifacts: Path, tmp_path: Path
) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    table_url = start_table(page, server, "paohuzi")
    assert play_until(page, lambda _page, _actions: False, seed=7) is False  # to the end
    link = page.locator(f"{END} a.review-link")
    expect(link).to_be_visible()
    with page.expect_navigation():
        link.click()
    assert page.url == table_url + "/review"
    expect(page.locator(MAIN)).to_be_visible(timeout=60_000)
    data = review_data(page, table_url + "/review/data")
    assert data["status"] == "ready"
    steps = len(data["steps"])

    # every step reads in the table's words: no message key, no generic line, in board or log
    assert raw_words(page, data) == []
    log_line = page.locator(f"{REVIEW} [data-role=log] .words").first
    expect(log_line).to_have_text(re.compile(r"^New deal: "))

    # the table's board: the other two seats around it, the dealer marked, the public card's place
    expect(page.locator(f"{REVIEW} [data-role=seats] .seat")).to_have_count(2)
    expect(page.locator(f"{REVIEW} [data-role=table] .badge.dealer")).to_have_count(1)
    expect(page.locator(f"{REVIEW} [data-role=public] .caption")).to_have_count(1)

    # keys and slider
    assert step_number(page) == 0
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert step_number(page) == 2
    page.keyboard.press("ArrowLeft")
    assert step_number(page) == 1
    page.keyboard.press("End")
    assert step_number(page) == steps - 1
    page.keyboard.press("Home")
    assert step_number(page) == 0
    page.locator(SLIDER).fill(str(steps // 2))
    assert step_number(page) == steps // 2
    expect(page.locator(STEP)).to_have_text(f"Step {steps // 2 + 1} of {steps}")
    page.locator("[data-nav=next]").click()
    assert step_number(page) == steps // 2 + 1

    # the next flagged decision (random clicking makes some), with its options, bars and sentence
    # (a decision at action i is shown at the step of action i - 1; "next" looks after the step shown)
    step_of = {s["index"]: n for n, s in enumerate(data["steps"])}
    flagged = [d for d in data["review"]["decisions"] if d["flag"] and step_of[d["index"] - 1] > 0]
    page.locator("[data-nav=start]").click()
    page.locator("[data-nav=flag]").click()
    judgement = page.locator(f"{REVIEW} [data-role=judgement]")
    if flagged:
        first = flagged[0]
        assert step_number(page) == step_of[first["index"] - 1]
        expect(judgement.locator(".flag")).to_have_attribute("data-flag", first["flag"])
        expect(judgement.locator("li.option")).to_have_count(len(first["legal"]))
        expect(judgement.locator("li.option[data-chosen]")).to_have_count(1)
        expect(judgement.locator("li.option[data-best]")).to_have_count(1)
        assert (judgement.locator(".why").text_content() or "").endswith(".")
    else:
        expect(page.locator(STEP)).to_have_text("No flagged decision after this step.")
    # every hand, then what the seat could see then (the others' hands hidden mid-deal)
    page.locator("[data-nav=start]").click()
    page.keyboard.press("ArrowRight")
    all_cards = page.locator(f"{REVIEW} [data-role=table] svg.card").count()
    page.locator(f"{REVIEW} [data-role=seen]").check()
    assert page.locator(f"{REVIEW} [data-role=table] svg.card").count() < all_cards
    page.locator(f"{REVIEW} [data-role=seen]").uncheck()
    # what to work on: the flagged decisions by kind, the costliest kind first; a button shows one
    decisions = data["review"]["decisions"]
    expect(page.locator(f"{REVIEW} .points-lost")).to_contain_text("Expected tun lost to your choices")
    flags = [d for d in decisions if d["flag"]]
    kinds = page.locator(f"{REVIEW} .review-kinds li.kind")
    expect(kinds).to_have_count(len({d["kind"] for d in flags}))
    if flags:
        cost = {k: sum(d["points_loss"] for d in flags if d["kind"] == k) for k in {d["kind"] for d in flags}}
        shown = [kinds.nth(i).get_attribute("data-kind") for i in range(kinds.count())]
        assert [cost[k] for k in shown] == sorted(cost.values(), reverse=True)
        worst = max((d for d in flags if d["kind"] == shown[0]), key=lambda d: d["points_loss"])
        kinds.first.locator("button").first.click()
        assert step_number(page) == step_of[worst["index"] - 1]
        expect(judgement.locator(".flag")).to_have_attribute("data-flag", worst["flag"])
        expect(judgement.locator(".points-loss")).to_contain_text("Expected tun lost")
    # the graph and its text
    expect(page.locator(f"{REVIEW} .review-graph svg[role=img]")).to_have_count(1)
    assert page.locator(f"{REVIEW} .graph-text li").count() == len(data["review"]["decisions"])
    if flagged:
        page.locator("[data-nav=start]").click()
        page.locator("[data-nav=flag]").click()
    assert serious_violations(page) == []
    page.screenshot(path=str(artifacts / "review-1280x720.png"))
    page.screenshot(path=str(artifacts / "review-1280-full.png"), full_page=True)

    # a second visit is instant: the stored review comes with the page's first answer
    page.reload()
    expect(page.locator(MAIN)).to_be_visible(timeout=5_000)

    # the record file, uploaded on /review, from another seat
    record = page.evaluate("(u) => fetch(u).then((r) => r.json())", table_url + "/record")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    upload = context.new_page()
    upload.goto(server + "/review")
    assert serious_violations(upload) == []
    upload.locator(f"{REVIEW} input[type=file]").set_input_files(str(path))
    upload.locator(f"{REVIEW} select[name=seat]").select_option("1")
    upload.locator(f"{REVIEW} form button[type=submit]").click()
    expect(upload.locator(MAIN)).to_be_visible(timeout=60_000)
    expect(upload.locator(f"{REVIEW} .accuracy")).to_contain_text("Accuracy")
    upload.keyboard.press("End")
    assert serious_violations(upload) == []
    # a bad file is answered in words
    bad = tmp_path / "bad.json"
    bad.write_text("{not a record", encoding="utf-8")
    other = context.new_page()
    other.goto(server + "/review")
    other.locator(f"{REVIEW} input[type=file]").set_input_files(str(bad))
    other.locator(f"{REVIEW} form button[type=submit]").click()
    expect(other.locator(f"{REVIEW} [data-role=status]")).to_contain_text("could not be reviewed")

    # a phone, in Czech (long words): nothing overflows
    with phone_page(browser, server, "cs") as small:
        mine = [c for c in context.cookies() if c["name"].startswith("cardavia_t_")]
        small.context.add_cookies(cast(Any, mine))
        small.goto(table_url + "/review")
        expect(small.locator(MAIN)).to_be_visible(timeout=10_000)
        small.locator("[data-nav=flag]").click()
        width = small.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 360, f"the review is {width} px wide on a 360 px screen"
        assert overflowing(small) == []
        assert serious_violations(small) == []
        small.screenshot(path=str(artifacts / "review-cs-360.png"), full_page=True)
    # Chinese: every step in the table's words too, and every glyph drawn
    with phone_page(browser, server, "zh") as small:
        mine = [c for c in context.cookies() if c["name"].startswith("cardavia_t_")]
        small.context.add_cookies(cast(Any, mine))
        small.goto(table_url + "/review")
        expect(small.locator(MAIN)).to_be_visible(timeout=10_000)
        assert raw_words(small, data) == []
        expect(small.locator(f"{REVIEW} [data-role=log] .words").first).to_have_text(re.compile("^新"))
        small.locator("[data-nav=flag]").click()
        assert missing_glyphs(small)["missing"] == []
        assert overflowing(small) == []
        small.screenshot(path=str(artifacts / "review-zh-360.png"), full_page=True)
    # the upload page in every other language: no overflow at 360 px, every glyph drawn
    for lang in ("es", "da", "zh"):
        with phone_page(browser, server, lang) as phone:
            phone.goto(server + "/review")
            assert overflowing(phone) == []
            assert missing_glyphs(phone)["missing"] == []
            assert serious_violations(phone) == []
            phone.screenshot(path=str(artifacts / f"review-upload-{lang}-360.png"), full_page=True)


def test_a_si_se_pai_review_reads_in_the_tables_words(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    """Four seats around the table (one opposite), Sì Sè Pái's captions and log lines: no message
    key and no generic line at any step, in either view."""
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    table_url = start_table(page, server, "sisepai")
    assert play_until(page, lambda _page, _actions: False, seed=3) is False  # to the end
    page.goto(table_url + "/review")
    expect(page.locator(MAIN)).to_be_visible(timeout=60_000)
    data = review_data(page, table_url + "/review/data")
    assert raw_words(page, data) == []
    expect(page.locator(f"{REVIEW} [data-role=seats] .seat")).to_have_count(3)
    expect(page.locator(f"{REVIEW} [data-role=seats] .seat-top")).to_have_count(1)
    page.locator("[data-nav=flag]").click()
    assert serious_violations(page) == []
    page.screenshot(path=str(artifacts / "review-sisepai-1280x720.png"))
