"""The table explains itself: the public card's caption names its window, claim buttons show the
groups they make (a chi with bi as separate groups) and their value, discard turns say how and
lock what cannot go, why a card could not be taken and why a claim lost are said in the rules'
words, chou is named and glossed. The states are ones the server could send, handed to the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .tables import TABLE, feed, messages, new_table_page, start_table, synthetic_state, wait_shown

SISEPAI_HAND = ["RG", "RC", "RH", "RS", "YS", "YE", "YE", "WS", "WN", "WN", "GA", "GC", "GH", "GS", "F2"]


def _table(context: BrowserContext, server: str, game: str, lang: str = "en") -> Page:
    page = new_table_page(context, lang, server)
    start_table(page, server, game)
    return page


def _show(page: Page, message: dict[str, Any]) -> None:
    feed(page, message)
    wait_shown(page, message["v"])


def _mine(hand: list[str], seats: int, **more: object) -> list[dict[str, Any]]:
    other = {
        "hand": 20,
        "hand_count": 20,
        "melds": [],
        "discards": [],
        "chou": [],
        "shown": None,
        "dead": False,
    }
    others = [dict(other) for _ in range(seats - 1)]
    return [{"hand": hand, "hand_count": len(hand), "melds": [], "discards": [], "chou": [], "shown": None,
             "dead": False, **more}, *others]  # fmt: skip


CAPTIONS = [
    ("sisepai", "W1", 2, "Drawn from the stock by Computer 2", "Drawn card"),
    (
        "sisepai",
        "W2",
        2,
        "Nobody took it: now it counts as a discard by Computer 2 (second chance)",
        "Second chance",
    ),
    ("sisepai", "WD", 3, "Discarded by Computer 3", "Discard"),
    ("sisepai", "W1", 0, "You drew it from the stock", "Drawn card"),
    ("paohuzi", "reveal", 1, "Revealed from the stock by Computer 1", "Revealed card"),
    ("paohuzi", "discard", 2, "Discarded by Computer 2: nobody can win on a discard", "Discard"),
]


def test_the_public_card_says_who_showed_it_and_how(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    pages = {game: _table(context, server, game) for game in ("sisepai", "paohuzi")}
    for i, (game, window, owner, caption, tag) in enumerate(CAPTIONS):
        page = pages[game]
        card = "RH" if game == "sisepai" else "b7"
        seats = 4 if game == "sisepai" else 3
        hand = SISEPAI_HAND if game == "sisepai" else ["s1", "s2", "b7", "b8"]
        _show(
            page,
            synthetic_state(
                game,
                9000 + i,
                view={
                    "public": {"card": card, "owner": owner, "window": window},
                    "seats": _mine(hand, seats),
                },
            ),
        )
        spot = page.locator(f"{TABLE} [data-role=public]")
        expect(spot.locator(".who")).to_have_text(caption)
        expect(spot.locator(".window-tag")).to_have_text(tag)
        expect(spot).to_have_attribute("data-window", window)
    pages["sisepai"].locator(f"{TABLE} .table-dock").screenshot(path=str(artifacts / "caption-sisepai.png"))


def test_claim_buttons_show_their_groups_and_values_and_pass_keeps_its_place(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    page = _table(context, server, "paohuzi")
    hand = ["s2", "s3", "s4", "s4", "s5", "s6", "b4", "b4", "b9", "b10"]
    legal = ["chi s2 s3 s4 / s4 s5 s6", "chi s4 s4 b4 / s4 s5 s6", "pass", "peng"]
    _show(
        page,
        synthetic_state(
            "paohuzi",
            9100,
            window=9100,
            legal=legal,
            countdown_ms=25000,
            view={"public": {"card": "s4", "owner": 2, "window": "discard"}, "seats": _mine(hand, 3)},
        ),
    )
    buttons = page.locator(f"{TABLE} [data-role=actions] button.action")
    expect(buttons).to_have_count(4)
    expect(page.locator(f"{TABLE} .pass-slot button")).to_have_attribute("data-action", "pass")
    bi = page.locator(f"{TABLE} button[data-action='chi s2 s3 s4 / s4 s5 s6']")
    expect(bi.locator(".made")).to_have_count(2)
    expect(bi.locator(".made.bi")).to_have_count(1)
    expect(bi.locator(".made").first.locator(".marked-card")).to_have_count(1)
    expect(bi.locator(".made.bi .marked-card")).to_have_count(0)
    expect(bi.locator(".value")).to_have_text("0 huxi")
    expect(bi).to_have_attribute(
        "aria-label",
        "Chi: sequence: small two, small three, and small four, "
        "and bi (比): sequence: small four, small five, and small six (0 huxi)",
    )
    peng = page.locator(f"{TABLE} button[data-action=peng]")
    expect(peng.locator(".value")).to_have_text("1 huxi")
    expect(peng.locator("svg.card")).to_have_count(3)
    # the verb names the group: its cards follow, not its name a second time ("Peng: peng (碰): …")
    expect(peng).to_have_attribute("aria-label", "Peng: small four, small four, and small four (1 huxi)")
    pass_box = page.locator(f"{TABLE} .pass-slot button").bounding_box()
    page.locator(f"{TABLE} [data-role=actions]").screenshot(path=str(artifacts / "buttons-paohuzi-bi.png"))
    # another question with other options: Pass is where it was
    _show(
        page,
        synthetic_state(
            "paohuzi",
            9101,
            window=9101,
            legal=["pass", "peng"],
            countdown_ms=25000,
            view={"public": {"card": "b4", "owner": 1, "window": "reveal"}, "seats": _mine(hand, 3)},
        ),
    )
    assert page.locator(f"{TABLE} .pass-slot button").bounding_box() == pass_box


def test_a_take_shows_its_points_and_a_discard_turn_says_how_and_locks_what_cannot_go(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    page = _table(context, server, "sisepai")
    view = {"public": {"card": "RN", "owner": 3, "window": "WD"}, "seats": _mine(SISEPAI_HAND, 4)}
    legal = ["pass", "take RC RH RN"]
    _show(page, synthetic_state("sisepai", 9200, window=9200, legal=legal, countdown_ms=20000, view=view))
    take = page.locator(f"{TABLE} button[data-action='take RC RH RN']")
    expect(take.locator(".value")).to_have_text("1 point")
    expect(take.locator(".marked-card")).to_have_count(1)
    expect(take).to_have_attribute(
        "aria-label", "Take it for Field group (车马炮): red Chariot, red Horse, and red Cannon (1 point)"
    )
    discards = [f"discard {c}" for c in SISEPAI_HAND if c not in ("RG", "F2")]
    _show(
        page,
        synthetic_state(
            "sisepai",
            9201,
            step="claim",
            window=9201,
            legal=sorted(set(discards)),
            view={"seats": _mine(SISEPAI_HAND, 4, melds=["RC RH RN"]), "to_act": [0]},
        ),
    )
    prompt = page.locator(f"{TABLE} [data-role=prompt]")
    expect(prompt).to_contain_text("click a card in your hand")
    expect(prompt).to_contain_text("Generals and flowers (with a lock) are never discarded")
    locked = page.locator(f"{TABLE} [data-role=hand] button.locked")
    expect(locked).to_have_count(2)
    expect(locked.locator("svg.lock")).to_have_count(2)
    expect(locked.first).to_have_attribute("aria-disabled", "true")
    expect(locked.first).to_have_attribute("aria-label", "red General: cannot be discarded")
    # the keyboard: arrows move along the hand (locked cards included), Enter on a locked card does nothing
    page.locator(f"{TABLE} [data-role=hand] button.card-button[tabindex='0']").focus()
    page.keyboard.press("Home")
    expect(page.locator(f"{TABLE} [data-role=hand] button.card-button").first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(f"{TABLE} [data-role=hand] button.card-button:enabled")).to_have_count(
        len(SISEPAI_HAND)
    )
    page.locator(f"{TABLE} .table-dock").screenshot(path=str(artifacts / "discard-turn-sisepai.png"))


WHY = [
    ("en", "sisepai", {"reason": "role_forbids", "role": "other", "group": "mixed"},
     "Only the next player may take a card for a mixed group."),
    ("en", "paohuzi", {"reason": "chou"},
     "This card is chou (臭牌) for you: you may no longer chi or peng it."),
    ("en", "paohuzi", {"reason": "below_min_huxi", "huxi": 13, "min": 15},
     "Your hand would be complete, but with 13 huxi, under the 15 needed to win."),
    ("cs", "sisepai", {"reason": "role_forbids", "role": "other", "group": "mixed"}, None),
    ("zh", "paohuzi", {"reason": "win_on_discard"}, None),
]  # fmt: skip
OUTRANKED = [
    ("en", "sisepai", "identical",
     "Your claim lost to Computer 2: an identical triple or quad comes before a mixed group and before a "
     "group of the player who drew the card."),
    ("en", "paohuzi", "pao_peng", "Your claim lost to Computer 1: a pao or a peng comes before a chi."),
    ("es", "paohuzi", "nearer", None),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "game", "params", "text"), WHY)
def test_why_a_card_could_not_be_taken(
    context: BrowserContext, server: str, lang: str, game: str, params: dict[str, Any], text: str | None
) -> None:
    page = _table(context, server, game, lang)
    catalogue = messages(page)
    key = (
        "reason.role_forbids.other.mixed"
        if params["reason"] == "role_forbids"
        else f"reason.{params['reason']}"
    )
    expected = text or catalogue[key]
    card = "GS" if game == "sisepai" else "s7"
    seats = 4 if game == "sisepai" else 3
    window = "WD" if game == "sisepai" else "discard"
    events = [{"kind": f"{game}.discard", "params": {"seat": 1, "card": card}},
              {"kind": f"{game}.window", "params": {"card": card, "owner": 1, "window": window}},
              {"kind": f"{game}.why_not", "params": {"seat": 0, "card": card, **params}}]  # fmt: skip
    _show(
        page,
        synthetic_state(
            game,
            9300,
            step="discard",
            events=events,
            view={
                "public": {"card": card, "owner": 1, "window": window},
                "seats": _mine(["s1"] if seats == 3 else ["RA"], seats),
            },
        ),
    )
    assert "{" not in expected and expected != key
    expect(page.locator(f"{TABLE} [data-role=notice]")).to_have_text(expected)
    # In the log once (the real deal on the page may have explained the same rule before this frame).
    expect(page.locator(f"{TABLE} [data-role=log] .why").filter(has_text=expected)).to_have_count(1)


@pytest.mark.parametrize(("lang", "game", "rule", "text"), OUTRANKED)
def test_why_a_claim_lost(
    context: BrowserContext, server: str, lang: str, game: str, rule: str, text: str | None
) -> None:
    page = _table(context, server, game, lang)
    by = 2 if game == "sisepai" else 1
    card = "RH" if game == "sisepai" else "b4"
    if game == "sisepai":
        taken = {
            "kind": "sisepai.take",
            "params": {"seat": by, "card": card, "group": [card] * 3, "forced": False},
        }
        answer = "take RC RH RN"
    else:
        taken = {"kind": "paohuzi.peng", "params": {"seat": by, "card": card}}
        answer = "chi b3 b4 b5"
    events = [
        {"kind": f"{game}.answer", "params": {"seat": 0, "action": answer}},
        {"kind": f"{game}.resolve", "params": {"card": card, "seat": by}},
        {"kind": f"{game}.outranked", "params": {"seat": 0, "card": card, "by": by, "rule": rule}},
        taken,
    ]
    _show(
        page,
        synthetic_state(
            game,
            9400,
            step="claim",
            events=events,
            view={"seats": _mine(["RA"] if game == "sisepai" else ["s1"], 4 if game == "sisepai" else 3)},
        ),
    )
    catalogue = messages(page)
    seat = catalogue["seat.computer"].replace("{n}", str(by))
    expected = text or catalogue[f"priority.{rule}"].replace("{seat}", seat)
    expect(page.locator(f"{TABLE} [data-role=notice]")).to_have_text(expected)
    expect(page.locator(f"{TABLE} [data-role=log] [data-v='9400'].why")).to_have_text(expected)


def test_chou_is_named_glossed_and_shown_as_cards(
    context: BrowserContext, server: str, artifacts: Path
) -> None:
    page = _table(context, server, "paohuzi", "da")
    seats = _mine(["s1", "s2"], 3)
    seats[1]["chou"] = ["s3", "b7"]
    _show(page, synthetic_state("paohuzi", 9500, view={"seats": seats}))
    catalogue = messages(page)
    row = page.locator(f"{TABLE} .seat[data-seat='1'] .row.chou")
    expect(row.locator(".label")).to_have_text(catalogue["table.chou"])
    assert catalogue["table.chou"].startswith("Chou (臭牌)") and "Afvist" not in catalogue["table.chou"]
    expect(row.locator("svg.card")).to_have_count(2)


def test_a_reason_that_tells_the_player_nothing_gets_no_line(context: BrowserContext, server: str) -> None:
    """The drawer of a General is told 'not_asked' (he takes it at once): no 'could not take it'."""
    page = _table(context, server, "sisepai")
    events = [
        {"kind": "sisepai.draw", "params": {"seat": 0, "card": "WG", "stock": 27}},
        {"kind": "sisepai.window", "params": {"card": "WG", "owner": 0, "window": "W1"}},
        {"kind": "sisepai.why_not", "params": {"seat": 0, "card": "WG", "reason": "not_asked"}},
    ]
    view = {"public": {"card": "WG", "owner": 0, "window": "W1"}, "seats": _mine(SISEPAI_HAND, 4)}
    _show(page, synthetic_state("sisepai", 9600, events=events, view=view))
    expect(page.locator(f"{TABLE} [data-role=notice]")).to_be_hidden()
    expect(page.locator(f"{TABLE} [data-role=log] [data-v='9600']")).to_have_count(1)  # the draw alone


def test_a_rule_is_explained_once_in_the_log_not_at_every_card(context: BrowserContext, server: str) -> None:
    """The same why-not sentence (a rule of who may take what) goes into the log the first time only."""
    page = _table(context, server, "sisepai")
    for i, card in enumerate(("GS", "YS", "GS")):
        events = [{"kind": "sisepai.discard", "params": {"seat": 1, "card": card}},
                  {"kind": "sisepai.window", "params": {"card": card, "owner": 1, "window": "WD"}},
                  {"kind": "sisepai.why_not", "params": {"seat": 0, "card": card, "reason": "role_forbids",
                                                         "role": "other", "group": "mixed"}}]  # fmt: skip
        view = {"public": {"card": card, "owner": 1, "window": "WD"}, "seats": _mine(["RA"], 4)}
        _show(page, synthetic_state("sisepai", 9500 + i, step="discard", events=events, view=view))
    expected = messages(page)["reason.role_forbids.other.mixed"]
    said = page.locator(f"{TABLE} [data-role=log] .why").filter(has_text=expected)
    expect(said).to_have_count(1)
    expect(page.locator(f"{TABLE} [data-role=notice]")).to_have_text(expected)  # the dock still says it
