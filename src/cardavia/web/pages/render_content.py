"""The three globals a rules fragment may call (contract C): ``cards``, ``example`` and ``term``.

They render in the language of the current request (``i18n.current_language()``); card pictures are
the art of ``cardavia.web.pages.art``, the same the table shows, named for screen readers. ``example`` asks
the engine (``SPEC.analyze``) for the groups and the score, so a page can never show a result the
engine disagrees with; a test checks the ``expect`` of every example against the same call.
"""

from __future__ import annotations

import html
import re
from typing import Any

from babel.numbers import format_percent
from markupsafe import Markup

from cardavia.content import load_examples, load_glossary
from cardavia.engine.display import display_hooks
from cardavia.engine.registry import registration
from cardavia.web.i18n import DEFAULT_LANG, current_language, gettext, ngettext
from cardavia.web.pages import art

BABEL_LOCALES = {"en": "en", "es": "es", "da": "da", "cs": "cs", "zh": "zh_Hans"}
_GROUPS = '<p class="caption">{0}</p><div class="groups" role="group" aria-label="{0}">{1}</div>'
_H2 = re.compile(r'<h2[^>]*\bid="([^"]+)"[^>]*>(.*?)</h2>', re.S)
_TAG = re.compile(r"<[^>]+>")


def glossary() -> dict[str, dict[str, str]]:
    """``content/glossary.json``: term key -> {lang: text}."""
    return load_glossary()


def examples() -> dict[str, Any]:
    """``content/examples.json``: example id -> {game, query, expect}."""
    return load_examples()


def card_names(game: str) -> dict[str, str]:
    """The accessible names of ``game``'s cards in the current language."""
    return art.card_names(game, gettext)


def card(game: str, code: str, css_class: str = "card") -> Markup:
    """One card picture; ``ValueError`` for a code the game does not have."""
    names = card_names(game)
    if code not in names:
        raise ValueError(f"unknown {game} card code {code!r}")
    return Markup(art.card_svg(game, code, names[code], css_class))


def cards(codes: str, game: str) -> Markup:
    """Inline pictures of ``codes`` (space separated, shown in the given order), in one row."""
    pictures = Markup("").join(card(game, code) for code in codes.split())
    return Markup('<span class="cards-row" data-game="{}">{}</span>').format(game, pictures)


def term(key: str) -> str:
    """A glossary term in the page's language (English when missing; the key itself when unknown)."""
    entry = glossary().get(key)
    if not isinstance(entry, dict):
        return key
    text = entry.get(current_language()) or entry.get(DEFAULT_LANG)
    return text if isinstance(text, str) and text else key


def _group(game: str, text: str) -> Markup:
    kind, codes = display_hooks(game).group_kind(text.split())
    pictures = Markup("").join(card(game, code) for code in codes)
    return Markup(
        '<span class="group"><span class="cards">{}</span><span class="label">{}</span></span>'
    ).format(pictures, term(kind))


def _verdict(game: str, result: dict[str, Any]) -> str:
    if not result.get("complete"):
        return gettext("Not complete: these cards cannot all be split into legal groups.")
    return display_hooks(game).verdict(result, gettext, ngettext)


def _holding(game: str, query: dict[str, Any]) -> Markup:
    rows = [
        Markup('<div class="holding"><span class="caption">{}</span> {}</div>').format(
            gettext("Concealed hand:"), cards(str(query.get("hand", "")), game)
        )
    ]
    shown = query.get(registration(game).groups_field)
    if shown:
        groups = Markup(" ").join(_group(game, str(g)) for g in shown)
        rows.append(
            Markup(
                '<div class="holding"><span class="caption">{}</span> <span class="groups">{}</span></div>'
            ).format(gettext("Exposed groups:"), groups)
        )
    new = query.get("new")
    if new:
        source = display_hooks(game).new_card(query, gettext)
        rows.append(
            Markup('<div class="holding"><span class="caption">{}</span> {}</div>').format(
                source, cards(str(new), game)
            )
        )
    return Markup("").join(rows)


def example(example_id: str) -> Markup:
    """A worked example: the holding, the engine's best groups and its score, in the page's language.

    ``KeyError`` for an unknown id, so a page that names a missing example fails loudly in tests.
    """
    from cardavia.engine.registry import get_spec

    entry = examples()[example_id]
    game = str(entry["game"])
    query = dict(entry["query"])
    result = get_spec(game).analyze(query)
    groups = result.get("groups") or []
    parts = [
        Markup('<figure class="example" data-example="{}">').format(example_id),
        _holding(game, query),
    ]
    if groups:
        parts.append(
            Markup(_GROUPS).format(
                gettext("Best split into groups"), Markup("").join(_group(game, str(g)) for g in groups)
            )
        )
    parts.append(
        Markup('<figcaption class="verdict">{}</figcaption></figure>').format(_verdict(game, result))
    )
    return Markup("").join(parts)


def outline(fragment: str) -> list[tuple[str, str]]:
    """The ``(id, text)`` of every ``<h2 id=…>`` of a rendered rules fragment, for its contents list."""
    entries = []
    for match in _H2.finditer(str(fragment)):
        text = html.unescape(_TAG.sub("", match.group(2))).strip()
        if text:
            entries.append((match.group(1), text))
    return entries


_PIECE = re.compile(r"<h3\b[^>]*>.*?</h3>|<table\b.*?</table>|<ol\b.*?</ol>", re.S)
_ID = re.compile(r'\s+id="[^"]*"')
# What the quick reference at the table takes from the rules: their group tables and claim priority.
REFERENCE_SECTIONS: tuple[tuple[str, str], ...] = (("groups", "table"), ("priority", "ol"))


def reference(fragment: str) -> list[tuple[str, Markup]]:
    """The quick reference of a rendered rules fragment: ``(heading, body)`` for the groups (their
    tables, under their own small headings) and the claim priority (its list), in the rules' words.
    Anchors are dropped, so the pieces may stand on a page beside other content."""
    sections = []
    for anchor, tag in REFERENCE_SECTIONS:
        section = rf'<h2[^>]*\bid="{re.escape(anchor)}"[^>]*>(.*?)</h2>(.*?)(?=<h2\b|$)'
        match = re.search(section, str(fragment), re.S)
        if not match:
            continue
        pieces = [p for p in _PIECE.findall(match.group(2)) if p.startswith(("<h3", f"<{tag}"))]
        if pieces:
            heading = html.unescape(_TAG.sub("", match.group(1))).strip()
            sections.append((heading, Markup(_ID.sub("", "\n".join(pieces)))))
    return sections


def percent(value: int) -> str:
    """A 0-100 setting written as a percentage the way the current language writes it."""
    locale = BABEL_LOCALES.get(current_language(), "en")
    return format_percent(value / 100, locale=locale)


def register(env_globals: dict[str, Any]) -> None:
    """Install the content helpers (``cards``, ``example``, ``term`` and the page helpers) into Jinja2."""
    env_globals.update(
        cards=cards, example=example, term=term, card_names=card_names, percent=percent, outline=outline,
        reference=reference,
    )
