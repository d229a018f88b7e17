"""The rules fragments: present for every game and language, valid Jinja2, balanced HTML, and only
known examples, glossary terms and card codes."""

from __future__ import annotations

import re

import pytest

from cardavia.content import GAMES, LANGS, load_examples, rules_source
from cardavia.content.check import (
    find_calls,
    fragment_problems,
    html_problems,
    render_with_stubs,
)
from cardavia.engine.registry import get_spec
from cardavia.web.pages import art

PAGES = [(game, lang) for game in GAMES for lang in LANGS]


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_fragment_has_no_problems(game: str, lang: str) -> None:
    assert fragment_problems(game, lang) == []


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_fragment_is_a_real_rules_page(game: str, lang: str) -> None:
    source = rules_source(game, lang)
    html = render_with_stubs(source)
    assert "{% extends" not in source and "{% block" not in source
    assert len(re.findall(r"<h2[ >]", html)) >= 8
    assert "<ol>" in html and "<table>" in html
    calls = find_calls(source)
    assert len(calls.cards) >= 10 and len(calls.examples) >= 4


@pytest.mark.parametrize("game", GAMES)
def test_all_languages_show_the_same_examples(game: str) -> None:
    ids = {lang: sorted(set(find_calls(rules_source(game, lang)).examples)) for lang in LANGS}
    assert all(v == ids["en"] for v in ids.values()), ids
    examples = load_examples()
    assert set(ids["en"]) == {k for k, v in examples.items() if v["game"] == game}


@pytest.mark.parametrize("game", GAMES)
def test_all_languages_have_the_same_sections_in_the_same_order(game: str) -> None:
    def sections(lang: str) -> list[str]:
        html = render_with_stubs(rules_source(game, lang))
        return re.findall(r'<h[23] id="([a-z0-9-]+)"', html)

    assert len(sections("en")) >= 10
    for lang in LANGS:
        assert sections(lang) == sections("en"), lang


@pytest.mark.parametrize("game", GAMES)
def test_all_languages_use_the_same_terms(game: str) -> None:
    terms = {lang: sorted(set(find_calls(rules_source(game, lang)).terms)) for lang in LANGS}
    assert all(v == terms["en"] for v in terms.values()), terms


def test_checker_finds_unbalanced_and_forbidden_markup() -> None:
    assert html_problems("<p>ok</p><ul><li>x</li></ul>") == []
    assert html_problems("<p><b>x</p>")
    assert html_problems("<div>")
    assert html_problems('<p style="color:red">x</p>')
    assert html_problems("<script>x</script>")


def test_checker_reads_the_calls() -> None:
    calls = find_calls('{{ cards("RG RA", "sisepai") }} {{ example("e") }} {{ term("t") }} {{ term(x) }}')
    assert calls.cards == [("RG RA", "sisepai")] and calls.examples == ["e"] and calls.terms == ["t"]
    assert calls.problems == ["term() called with non-literal arguments"]


@pytest.mark.parametrize("game", GAMES)
def test_the_art_draws_every_card_of_the_engines_deck(game: str) -> None:
    assert art.codes(game) == list(get_spec(game).deck.codes)


ENGLISH_WORDS = re.compile(r"\b(the|and|cards?|players?|with|you|your|groups?)\b", re.IGNORECASE)


@pytest.mark.parametrize(("game", "lang"), [p for p in PAGES if p[1] != "en"])
def test_translated_pages_carry_no_english_text(game: str, lang: str) -> None:
    html = render_with_stubs(rules_source(game, lang))
    text = re.sub(r"<[^>]+>|\[[a-z_.]+\]", " ", html)
    assert ENGLISH_WORDS.findall(text) == []
