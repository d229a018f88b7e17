"""Every page in every language, language negotiation, and the settings form (no JavaScript)."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from cardavia.engine.registry import game_names
from cardavia.web.i18n import negotiate, normalize, parse_accept_language

from .helpers import start_table

LANG_ATTR = {"en": "en", "es": "es", "da": "da", "cs": "cs", "zh": "zh-Hans"}
PAGES = ["/", "/games/sisepai", "/games/paohuzi", "/games/sisepai/rules", "/games/paohuzi/rules", "/settings"]


def _html_lang(text: str) -> str:
    match = re.search(r'<html[^>]*\blang="([^"]+)"', text)
    assert match, "no lang attribute on <html>"
    return match.group(1)


@pytest.mark.parametrize("lang", sorted(LANG_ATTR))
def test_every_page_in_every_language(client: TestClient, lang: str) -> None:
    client.cookies.set("lang", lang)
    for path in PAGES:
        response = client.get(path)
        assert response.status_code == 200, (path, lang)
        assert _html_lang(response.text) == LANG_ATTR[lang], (path, lang)
        assert response.headers["content-language"] == LANG_ATTR[lang]
    table_id = start_table(client, "paohuzi")
    response = client.get(f"/tables/{table_id}")
    assert response.status_code == 200
    assert _html_lang(response.text) == LANG_ATTR[lang]
    assert 'id="table-messages"' in response.text and "/static/table.js" in response.text


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("zh-CN,en;q=0.5", "zh"),
        ("zh-TW", "zh"),
        ("zh-HK;q=0.9, cs;q=0.95", "cs"),
        ("fr-FR, de;q=0.9", "en"),
        ("fr, da;q=0.3", "da"),
        ("es-MX;q=0", "en"),
        ("", "en"),
    ],
)
def test_browser_language_is_followed_until_chosen(client: TestClient, header: str, expected: str) -> None:
    response = client.get("/", headers={"accept-language": header})
    assert _html_lang(response.text) == LANG_ATTR[expected]
    assert "Accept-Language" in response.headers["vary"]
    client.cookies.set("lang", "da")
    response = client.get("/", headers={"accept-language": header})
    assert _html_lang(response.text) == "da"


def test_negotiation_helpers() -> None:
    assert normalize("zh_Hant_TW") == "zh" and normalize("CS") == "cs" and normalize("klingon") is None
    assert parse_accept_language("en;q=0.1, es;q=0.8, cs") == ["cs", "es", "en"]
    assert negotiate("xx", "es") == "es"
    assert negotiate(None, None) == "en"


def test_settings_form_without_javascript(client: TestClient) -> None:
    response = client.post(
        "/settings",
        data={"lang": "cs", "contrast": "80", "grain": "0", "temperature": "100", "next": "/games/paohuzi"},
        follow_redirects=False,
    )
    assert response.status_code == 303 and response.headers["location"] == "/games/paohuzi"
    page = client.get("/games/paohuzi")
    assert _html_lang(page.text) == "cs"
    for key, value in (("contrast", 80), ("grain", 0), ("temperature", 100)):
        assert _slider(page.text, key) == value


def _slider(text: str, key: str) -> int:
    match = re.search(rf'<input[^>]*name="{key}"[^>]*value="(\d+)"', text)
    assert match, f"no {key} slider"
    return int(match.group(1))


def test_settings_default_to_fifty(client: TestClient) -> None:
    page = client.get("/").text
    for key in ("contrast", "grain", "temperature"):
        assert _slider(page, key) == 50


@pytest.mark.parametrize(
    "form",
    [
        {"lang": "tlh"},
        {"contrast": "101"},
        {"grain": "-1"},
        {"temperature": "warm"},
        {"contrast": "²"},  # str.isdigit() says yes, int() says no
        {"grain": "٣"},  # an Arabic-Indic 3: int() reads it, but it is no ASCII digit
        {"temperature": "9" * 5000},  # more digits than int() reads
        {"contrast": "0050"},
        {"waits": "maybe"},
        {"hints": "sometimes"},
    ],
)
def test_bad_settings_change_nothing(client: TestClient, form: dict[str, str]) -> None:
    response = client.post("/settings", data={**form, "next": "/"}, follow_redirects=False)
    assert response.status_code == 400
    assert "set-cookie" not in response.headers
    assert 'role="alert"' in response.text


def test_the_table_settings_are_stored_and_decide_the_hint_button(client: TestClient) -> None:
    """``waits`` (on, off) and ``hints`` (auto: on at easy and normal; on; off), stored in cookies
    like the display settings; the table page says whether it offers the hint button."""
    page = client.get("/").text
    assert '<option value="on" selected>' in page and '<option value="auto" selected>' in page
    offered = {}
    for difficulty in ("easy", "normal", "hard"):
        table = client.get(f"/tables/{start_table(client, 'paohuzi', difficulty)}").text
        offered[difficulty] = re.search(r'data-hints="(on|off)"', table).group(1)
        assert 'data-waits="on"' in table and "Quick reference" in table
    assert offered == {"easy": "on", "normal": "on", "hard": "off"}
    form = {"waits": "off", "hints": "on", "next": "/"}
    response = client.post("/settings", data=form, follow_redirects=False)
    assert response.status_code == 303
    assert client.cookies.get("waits") == "off" and client.cookies.get("hints") == "on"
    table = client.get(f"/tables/{start_table(client, 'paohuzi', 'hard')}").text
    assert 'data-hints="on"' in table and 'data-waits="off"' in table
    client.post("/settings", data={"hints": "off", "next": "/"})
    table = client.get(f"/tables/{start_table(client, 'paohuzi', 'easy')}").text
    assert 'data-hints="off"' in table


def test_settings_never_redirect_off_site(client: TestClient) -> None:
    for target in ("https://example.org/", "//example.org/", "/\\example.org"):
        response = client.post("/settings", data={"lang": "en", "next": target}, follow_redirects=False)
        assert response.headers["location"] == "/"


def test_unknown_game_pages(client: TestClient) -> None:
    assert client.get("/games/chess").status_code == 404
    assert client.get("/games/chess/rules").status_code == 404


def test_the_table_page_carries_its_words_in_the_page_language(client: TestClient) -> None:
    client.cookies.set("lang", "cs")
    table_id = start_table(client, "sisepai")
    page = client.get(f"/tables/{table_id}").text
    match = re.search(r'<script type="application/json" id="table-messages">(.*?)</script>', page, re.S)
    assert match
    messages = json.loads(match.group(1))
    # Czech has three plural forms for whole numbers, keyed by CLDR category for Intl.PluralRules.
    assert set(messages["plural.countdown"]) >= {"one", "few", "other"}
    assert len(set(messages["plural.countdown"].values())) == 3
    assert all("{n}" in text for text in messages["plural.countdown"].values())
    # Every card of the game has a name, for screen readers.
    assert len(messages["names"]) == 33
    assert messages["names"]["RG"] != "RG"
    for key in ("action.pass", "action.take", "end.download", "error.stale", "log.sisepai.draw"):
        assert isinstance(messages[key], str) and messages[key]


@pytest.mark.parametrize("game", game_names())
def test_each_tier_says_what_a_solid_player_wins_against_it(client: TestClient, game: str) -> None:
    from cardavia.ai import labels

    page = client.get(f"/games/{game}", headers={"Accept-Language": "en"}).text
    felt = re.findall(r'value="(\w+)"[^>]*>[^<]*<small class="tier-felt">([^<]*)</small>', page)
    # A tier that plays about as well as normal is no level of its own: it is left out, and the page says why.
    assert [tier for tier, _ in felt] == list(labels.levels(game))
    alike = [tier for tier in ("easy", "normal", "hard") if labels.label(game, tier)[0] == "like_normal"]
    assert [tier for tier, _ in felt] == [t for t in ("easy", "normal", "hard") if t not in alike]
    assert ("Why no harder level?" in page) == ("hard" in alike)
    for tier, text in felt:
        _, numbers = labels.label(game, tier)
        assert f"{numbers['share']}%" in text
    zh = client.get(f"/games/{game}", headers={"Accept-Language": "zh"}).text
    assert "水平扎实的玩家" in zh


@pytest.mark.parametrize("game", game_names())
def test_a_deal_starts_only_at_a_level_the_game_offers_and_the_table_names_it(
    client: TestClient, game: str
) -> None:
    from cardavia.ai import labels

    for tier in ("easy", "normal", "hard"):
        response = client.post(f"/games/{game}/start", data={"difficulty": tier}, follow_redirects=False)
        assert response.status_code == (303 if tier in labels.levels(game) else 400), tier
        if response.status_code == 303:
            page = client.get(response.headers["location"], headers={"Accept-Language": "en"}).text
            assert f"Level: {tier.capitalize()}" in page
    assert labels.levels("paohuzi") == ("easy", "normal", "hard")
    assert labels.levels("sisepai") == ("easy", "normal")
