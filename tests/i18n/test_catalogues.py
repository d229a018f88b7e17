"""The message catalogues: complete in every language, placeholders kept, plural forms right."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "src" / "cardavia" / "i18n" / "locale"
LANGS = ("en", "es", "da", "cs", "zh")
BABEL_LOCALE = {"en": "en", "es": "es", "da": "da", "cs": "cs", "zh": "zh_Hans"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")
# what the source holds, by extractor (mirrors src/cardavia/i18n/babel.cfg)
METHODS = [
    ("src/cardavia/**.py", "python"),
    ("src/cardavia/web/templates/**.html", "jinja2"),
    ("src/cardavia/web/static/**.js", "javascript"),
]
OPTIONS = {
    "src/cardavia/web/templates/**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"},
    "src/cardavia/web/static/**.js": {"parse_template_string": "true"},
}


def load(lang: str) -> Catalog:
    path = LOCALES / lang / "LC_MESSAGES" / "messages.po"
    assert path.is_file(), f"missing catalogue {path.relative_to(ROOT)}"
    with path.open("rb") as f:
        return read_po(f, locale=BABEL_LOCALE[lang])


def key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)


def forms(message: Message) -> list[str]:
    if isinstance(message.string, (tuple, list)):
        return [str(s) for s in message.string]
    return [str(message.string)]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def source_messages() -> dict[str, object]:
    found: dict[str, object] = {}
    for filename, _lineno, msg, _comments, _context in extract_from_dir(
        str(ROOT), METHODS, OPTIONS, keywords={**DEFAULT_KEYWORDS, "_n": (1, 2)}
    ):
        if "/tests/" in filename or filename.startswith("tests"):
            continue
        ident = msg[0] if isinstance(msg, tuple) else msg
        if ident:
            found[ident] = msg
    return found


ENGLISH = load("en")
MESSAGES = [m for m in ENGLISH if m.id]


def test_english_catalogue_holds_every_message_of_the_source() -> None:
    known = {key(m) for m in MESSAGES}
    missing = sorted(set(source_messages()) - known)
    assert not missing, f"run scripts/i18n.sh and translate: {missing[:10]}"


def test_english_catalogue_has_no_stale_messages() -> None:
    stale = sorted({key(m) for m in MESSAGES} - set(source_messages()))
    assert not stale, f"messages no longer in the source (run scripts/i18n.sh): {stale[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_has_the_plural_rule_of_its_language(lang: str) -> None:
    catalogue = load(lang)
    expected = get_plural(BABEL_LOCALE[lang])
    assert catalogue.num_plurals == expected.num_plurals
    assert catalogue.plural_expr.replace(" ", "") == expected.plural_expr.replace(" ", "")


def test_czech_has_three_plural_forms() -> None:
    assert load("cs").num_plurals == 3


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_message_is_translated(lang: str) -> None:
    catalogue = load(lang)
    problems = []
    for message in MESSAGES:
        translated = catalogue.get(message.id)
        if translated is None:
            problems.append(f"missing: {key(message)!r}")
        elif translated.fuzzy:
            problems.append(f"fuzzy: {key(message)!r}")
        elif any(not f.strip() for f in forms(translated)):
            problems.append(f"empty: {key(message)!r}")
        elif message.pluralizable and len(forms(translated)) != catalogue.num_plurals:
            problems.append(f"{len(forms(translated))} plural forms: {key(message)!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_the_same_in_every_language(lang: str) -> None:
    catalogue = load(lang)
    problems = []
    for message in MESSAGES:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(placeholders(str(i)) for i in ids))
        translated = catalogue.get(message.id)
        if translated is None:
            continue
        for form in forms(translated):
            if form and placeholders(form) != wanted:
                problems.append(f"{key(message)!r}: {form!r} has {sorted(placeholders(form))}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_compiles(lang: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, load(lang))
    assert buffer.tell() > 100


def test_placeholder_pattern_sees_both_styles() -> None:
    assert placeholders("%(num)d cards, {seat} and {n}") == {"%(num)d", "{seat}", "{n}"}
