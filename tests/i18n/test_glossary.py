"""Each language says the site's key terms one way: the glossary (``cardavia/i18n/terms.json``)
names each language's words and what it must not say instead, and every translation is checked —
the message catalogues, and the content's own texts (the catalogue of games, the rules, the game
terms)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "i18n"
CONTENT = ROOT.parent / "content"
GLOSSARY = json.loads((ROOT / "terms.json").read_text(encoding="utf-8"))
LANGS = [lang for lang in GLOSSARY if not lang.startswith("_")]


def translations(lang: str) -> dict[str, list[str]]:
    """Every message's translation(s) in ``lang``, by its English text."""
    path = ROOT / "locale" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        catalogue = read_po(f, locale="zh_Hans" if lang == "zh" else lang)
    out: dict[str, list[str]] = {}
    for message in catalogue:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out[key] = [str(s) for s in strings if s]
    return out


def content_texts(lang: str) -> dict[str, list[str]]:
    """The content's texts in ``lang``: each game's catalogue entry and term, and its rules page."""
    out: dict[str, list[str]] = {}

    def walk(node: object, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == lang and isinstance(value, str):
                    out[path] = [value]
                else:
                    walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}[{i}]")

    for name in ("catalogue.json", "glossary.json"):
        walk(json.loads((CONTENT / name).read_text(encoding="utf-8")), name)
    for page in sorted(CONTENT.glob(f"rules/*/{lang}.html")):
        out[str(page.relative_to(CONTENT))] = [re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))]
    return out


def problems(lang: str, texts: dict[str, list[str]]) -> list[str]:
    entry = GLOSSARY[lang]
    found = []
    for pattern, why in entry.get("avoid", {}).items():
        for msgid, strings in texts.items():
            if any(re.search(pattern, s) for s in strings):
                found.append(f"{lang}: {msgid[:60]!r} says {pattern!r} ({why})")
    for msgid, words in entry.get("wrong", {}).items():
        for word in words:
            if any(word in s for s in texts.get(msgid, [])):
                found.append(f"{lang}: {msgid[:60]!r} must not say {word!r}")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_keeps_to_the_glossary(lang: str) -> None:
    texts = translations(lang)
    assert problems(lang, {**texts, **content_texts(lang)}) == []
    assert content_texts(lang), "the content's texts were read"
    # The glossary's own words are the ones the catalogue uses (it is not left behind).
    used = " ".join(s for strings in texts.values() for s in strings)
    missing = [term for term in GLOSSARY[lang]["terms"].values() if term not in used]
    assert missing == []
    assert all(msgid in texts for msgid in GLOSSARY[lang].get("wrong", {}))


def test_the_check_finds_a_planted_slip() -> None:
    texts = translations("es")
    slipped = {**texts, "New deal": ["Nueva partida"], "Computer {n}": ["Máquina {n}", "máquina {n}"]}
    found = problems("es", slipped)
    assert any("New deal" in line for line in found) and any("Computer" in line for line in found)
    zh = {**translations("zh"), "Next player": ["下家"]}
    assert any("Next player" in line for line in problems("zh", zh))
