"""Paohuzi's card art (the site's art floor, ``web/pages/art.py``): its card codes, the symbol
body of each card and the cards' accessible names.

Small cards print 一…十, big ones 壹…拾; 2, 7 and 10 are printed red (rules 1.2). Each card also
carries its number in digits and big cards a double frame, so neither colour nor script is the only
cue.
"""

from __future__ import annotations

from cardavia.web.pages.art import DIGIT_FONTS, INK, RED_INK, Gettext, face, glyph

SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
RED_NUMBERS = frozenset({2, 7, 10})


def codes() -> list[str]:
    """The 20 card codes in canonical order."""
    return [f"s{n}" for n in range(1, 11)] + [f"b{n}" for n in range(1, 11)]


def character(code: str) -> str:
    """The Chinese character printed on a card."""
    return (SMALL if code[0] == "s" else BIG)[int(code[1:]) - 1]


def body(code: str) -> str:
    """The inside of the card's ``<symbol>`` (40 × 64)."""
    big = code[0] == "b"
    number = int(code[1:])
    ink = RED_INK if number in RED_NUMBERS else INK
    out = face("#fbf7ee", "#6b5a45", double=big)
    out += (
        f'<text x="{6 if number < 10 else 5}" y="{12 if big else 10}" font-family="{DIGIT_FONTS}" '
        f'font-size="8" font-weight="700" fill="{ink}">{number}</text>'
    )
    out += glyph(character(code), 44, 27 if big else 30, ink)
    return out


def names(_: Gettext) -> dict[str, str]:
    """Accessible names of the cards, translated by ``_``."""
    return {
        "s1": _("small one"), "s2": _("small two"), "s3": _("small three"), "s4": _("small four"),
        "s5": _("small five"), "s6": _("small six"), "s7": _("small seven"), "s8": _("small eight"),
        "s9": _("small nine"), "s10": _("small ten"),
        "b1": _("big one"), "b2": _("big two"), "b3": _("big three"), "b4": _("big four"),
        "b5": _("big five"), "b6": _("big six"), "b7": _("big seven"), "b8": _("big eight"),
        "b9": _("big nine"), "b10": _("big ten"),
    }  # fmt: skip
