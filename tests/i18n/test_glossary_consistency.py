"""The UI and the log name Paohuzi's game terms exactly as the glossary (and so the rules pages) do."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import cardavia

PACKAGE = Path(cardavia.__file__).resolve().parent
LANGS = ("en", "es", "da", "cs", "zh")
TERMS = ("chi", "peng", "wei", "pao", "ti", "huxi", "tun", "chou")


def _glossary_word(lang: str, term: str) -> str:
    """The glossary's own word for a term: the pinyin before " (…)", or the characters in Chinese."""
    glossary = json.loads((PACKAGE / "content" / "glossary.json").read_text(encoding="utf-8"))
    text: str = glossary[f"paohuzi.{term}"][lang]
    return text.split(" (")[0]


def _catalogue(lang: str) -> dict[str, str]:
    path = PACKAGE / "i18n" / "locale" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        catalog = read_po(f)
    return {
        m.id: m.string for m in catalog if m.id and isinstance(m.id, str) and isinstance(m.string, str)
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_naming_a_term_uses_the_glossary_word(lang: str) -> None:
    english, translated = _catalogue("en"), _catalogue(lang)
    checked = 0
    for term in TERMS:
        word = _glossary_word(lang, term)
        for msgid in english:
            words = re.sub(r"\{\w+\}", "", msgid)  # a placeholder named like a term is no word
            if re.search(rf"\b{term}\b", words) and msgid in translated:
                # a sentence may start with the term: its first letter is then a capital
                assert word.casefold() in translated[msgid].casefold(), (lang, term, msgid, translated[msgid])
                checked += 1
    assert checked >= 5, "the catalogue names the Paohuzi melds in several messages"
