"""Languages of the site: negotiation and gettext catalogues read from ``.po`` files at run time.

Catalogues live in ``cardavia/i18n/locale/<lang>/LC_MESSAGES/messages.po`` (msgids in English). They
are compiled in memory on first use (no ``.mo`` files, no build step); a missing catalogue means the
English msgids are shown as they are. The request's language travels in a context variable, so
concurrent requests never mix languages.
"""

from __future__ import annotations

import contextvars
import io
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LANGS: tuple[str, ...] = ("en", "es", "da", "cs", "zh")
DEFAULT_LANG = "en"
# The language selector shows each language in itself (endonyms).
LANG_NAMES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "da": "Dansk",
    "cs": "Čeština",
    "zh": "中文",
}
# BCP 47 tags for the ``lang`` attribute and ``Intl`` in the browser.
HTML_LANG: dict[str, str] = {"en": "en", "es": "es", "da": "da", "cs": "cs", "zh": "zh-Hans"}

LOCALE_DIR = Path(__file__).resolve().parent.parent / "i18n" / "locale"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("cardavia_lang", default=DEFAULT_LANG)


def normalize(tag: object) -> str | None:
    """Map a language tag to one of ``LANGS`` by its primary subtag (``zh-TW`` -> ``zh``); else None."""
    if not isinstance(tag, str):
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGS else None


def parse_accept_language(header: str | None) -> list[str]:
    """The site languages an ``Accept-Language`` header asks for, best first (q-values honoured)."""
    if not header:
        return []
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        pieces = part.strip().split(";")
        q = 1.0
        for param in pieces[1:]:
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        lang = normalize(pieces[0])
        if lang is not None and q > 0:
            ranked.append((-q, index, lang))
    seen: list[str] = []
    for _, _, lang in sorted(ranked):
        if lang not in seen:
            seen.append(lang)
    return seen


def negotiate(cookie: str | None, accept_language: str | None) -> str:
    """The page language: the ``lang`` cookie if valid, else the browser's preference, else English."""
    chosen = normalize(cookie)
    if chosen is not None:
        return chosen
    wanted = parse_accept_language(accept_language)
    return wanted[0] if wanted else DEFAULT_LANG


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalogue of ``lang`` (cached); identity translations when it has none."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT_LANG or not path.is_file():
        return NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang.replace("zh", "zh_Hans"))
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(fp=buffer)


def set_language(lang: str) -> contextvars.Token[str]:
    """Make ``lang`` the language of the current request (or task)."""
    return _current.set(lang if lang in LANGS else DEFAULT_LANG)


def current_language() -> str:
    """The language of the current request."""
    return _current.get()


def gettext(message: str) -> str:
    """Translate ``message`` into the current language."""
    return translations(_current.get()).ugettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate with the plural form the current language uses for ``n``."""
    return translations(_current.get()).ungettext(singular, plural, n)


def plural_categories(singular: str, plural: str, lang: str) -> dict[str, str]:
    """A plural message keyed by CLDR category (``one``, ``few``, ``many``, ``other``) for the browser.

    The browser picks the form with ``Intl.PluralRules(lang).select(n)``; a sample number of each
    category that ``lang`` uses is passed through gettext's plural rule here.
    """
    from babel.core import Locale

    locale = Locale.parse(lang.replace("zh", "zh_Hans"))
    rule = locale.plural_form
    catalogue = translations(lang)
    forms: dict[str, str] = {}
    for n in range(0, 200):
        category = rule(n)
        if category not in forms:
            forms[category] = catalogue.ungettext(singular, plural, n)
    for n in (1000000,):
        category = rule(n)
        if category not in forms:
            forms[category] = catalogue.ungettext(singular, plural, n)
    forms.setdefault("other", catalogue.ungettext(singular, plural, 5))
    return forms
