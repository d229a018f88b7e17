"""The helpers rules pages call: card pictures, worked examples checked by the engine, terms."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from markupsafe import Markup

from cardavia.web import i18n
from cardavia.web.pages.render_content import cards, example, examples, outline, percent, term

LANGS = i18n.LANGS
KINDS = {"chi", "peng", "wei", "pao", "ti", "kan", "pair"}
USE = re.compile(r'#(?:sisepai|paohuzi)-(\w+)"')


@pytest.fixture()
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    token = i18n.set_language(request.param)
    yield request.param
    i18n._current.reset(token)


def group_codes(rendered: str) -> list[list[str]]:
    """The card codes of every group in the 'best split' part of a rendered example."""
    best = rendered.split('class="groups" role="group"', 1)[1]
    return [USE.findall(part) for part in best.split('<span class="group">')[1:]]


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_cards_are_named_in_the_page_language(lang: str) -> None:
    row = cards("RH F1", "sisepai")
    assert isinstance(row, Markup)
    names = re.findall(r'aria-label="([^"]+)"', row)
    expected = {"en": "red Horse", "es": "caballo rojo", "da": "rød hest", "cs": "červený kůň", "zh": "红傌"}
    assert names[0] == expected[lang]
    assert USE.findall(row) == ["RH", "F1"]


def test_cards_refuses_an_unknown_code() -> None:
    with pytest.raises(ValueError, match="XX"):
        cards("RH XX", "sisepai")
    with pytest.raises(ValueError, match="RH"):
        cards("RH", "paohuzi")


@pytest.mark.parametrize("example_id", sorted(examples()))
def test_every_example_shows_the_groups_the_engine_expects(example_id: str) -> None:
    entry = examples()[example_id]
    expect = entry["expect"]
    for code in LANGS:
        token = i18n.set_language(code)
        try:
            rendered = str(example(example_id))
        finally:
            i18n._current.reset(token)
        assert f'data-example="{example_id}"' in rendered
        if expect.get("groups"):
            shown = sorted(sorted(g) for g in group_codes(rendered))
            wanted = sorted(sorted(c for c in g.split() if c not in KINDS) for g in expect["groups"])
            assert shown == wanted, code
        if "score" in expect and expect["score"] is not None and code == "en":
            assert f"worth {expect['score']} point" in rendered
        if "huxi" in expect and expect.get("complete") and code == "en":
            assert f"{expect['huxi']} huxi" in rendered


def test_an_incomplete_example_says_so() -> None:
    incomplete = [k for k, v in examples().items() if v["expect"].get("complete") is False]
    assert incomplete, "the examples should include a holding that is not complete"
    assert "Not complete" in str(example(incomplete[0]))


def test_unknown_example_fails_loudly() -> None:
    with pytest.raises(KeyError):
        example("no-such-example")


@pytest.mark.parametrize("lang", ["zh"], indirect=True)
def test_term_is_in_the_page_language_and_unknown_keys_show_themselves(lang: str) -> None:
    assert term("paohuzi.huxi") == "胡息"
    assert term("no.such.term") == "no.such.term"


def test_sisepai_group_kinds() -> None:
    from cardavia.games.sisepai.display import group_kind

    def kind(codes: list[str]) -> str:
        return group_kind(codes)[0]

    assert kind(["RG"]) == "sisepai.single_general"
    assert kind(["F3"]) == "sisepai.single_flower"
    assert kind(["YS", "YS"]) == "sisepai.pair"
    assert kind(["WE", "WE", "WE", "WE"]) == "sisepai.quad"
    assert kind(["GG", "GA", "GE"]) == "sisepai.command_group"
    assert kind(["RC", "RH", "RN"]) == "sisepai.field_group"
    assert kind(["RS", "YS", "WS"]) == "sisepai.three_soldiers"
    assert kind(["RS", "YS", "WS", "GS"]) == "sisepai.four_soldiers"


def test_outline_lists_the_second_level_headings() -> None:
    html = '<h2 id="a">One &amp; <em>two</em></h2><p>x</p><h3 id="b">no</h3><h2 class="c" id="d">Three</h2>'
    assert outline(html) == [("a", "One & two"), ("d", "Three")]


@pytest.mark.parametrize("lang", ["cs"], indirect=True)
def test_percent_uses_the_language_s_format(lang: str) -> None:
    assert percent(50).replace("\xa0", " ") == "50 %"
