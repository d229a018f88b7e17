"""Card art: one SVG ``<symbol>`` per card kind of each game, and the cards' accessible names.

Every symbol has the id ``"<game>-<code>"`` (``sisepai-RH``, ``paohuzi-b7``) and a 40 × 64 view box. The
sprites are written to ``static/cards/<game>.svg`` (``write_sprites``; a test keeps them in step with
this module), so pages and the table script show a card as
``<svg role="img" aria-label="…"><use href="/static/cards/sisepai.svg#sisepai-RH"/></svg>``.

Chinese characters are ``<text lang="zh-Hans">`` with an explicit CJK serif font stack, so a page in a
Latin-script language still gets Chinese glyph forms, not Japanese ones. Colour is never the only cue:
each Sì Sè Pái colour has its own corner mark and the white cards have hollow characters; Paohuzi cards
carry their number in digits and big cards a double frame.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape

GAMES = ("sisepai", "paohuzi")
WIDTH, HEIGHT = 40, 64
CJK_FONTS = "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','STSong','SimSun',serif"
DIGIT_FONTS = "'DejaVu Sans','Liberation Sans',Arial,sans-serif"
STATIC_CARDS = Path(__file__).resolve().parent.parent / "static" / "cards"

Gettext = Callable[[str], str]

# Sì Sè Pái (rules/sisepai.md 1.2-1.4): red and yellow print the red-side Xiangqi characters, white and
# green the black-side ones.
SISEPAI_COLOURS = "RYWG"
SISEPAI_RANKS = "GAECHNS"
_RED_SIDE = dict(zip(SISEPAI_RANKS, "帥仕相俥傌炮兵", strict=True))
_BLACK_SIDE = dict(zip(SISEPAI_RANKS, "將士象車馬包卒", strict=True))
FLOWERS = {"F1": "公", "F2": "侯", "F3": "伯", "F4": "子", "F5": "男"}

# Paohuzi (rules/paohuzi.md 1.2): small 一…十, big 壹…拾; 2, 7 and 10 are printed red.
SMALL = "一二三四五六七八九十"
BIG = "壹贰叁肆伍陆柒捌玖拾"
RED_NUMBERS = frozenset({2, 7, 10})


def sisepai_codes() -> list[str]:
    """The 33 Sì Sè Pái codes in canonical order."""
    return [c + r for c in SISEPAI_COLOURS for r in SISEPAI_RANKS] + list(FLOWERS)


def paohuzi_codes() -> list[str]:
    """The 20 Paohuzi codes in canonical order."""
    return [f"s{n}" for n in range(1, 11)] + [f"b{n}" for n in range(1, 11)]


def codes(game: str) -> list[str]:
    """Every card code of ``game``, canonical order; ``KeyError`` for an unknown game."""
    return {"sisepai": sisepai_codes, "paohuzi": paohuzi_codes}[game]()


def character(game: str, code: str) -> str:
    """The Chinese character printed on a card."""
    if game == "sisepai":
        if code in FLOWERS:
            return FLOWERS[code]
        side = _RED_SIDE if code[0] in "RY" else _BLACK_SIDE
        return side[code[1]]
    number = int(code[1:])
    return (SMALL if code[0] == "s" else BIG)[number - 1]


# --- palettes -----------------------------------------------------------------------------------------

# colour letter -> (card face, frame, character fill, character outline)
_SISEPAI_PALETTE = {
    "R": ("#fdeceb", "#c0262d", "#b3141c", "#b3141c"),
    "Y": ("#fff5cc", "#d9a400", "#9c6a00", "#9c6a00"),
    "W": ("#f1f4f8", "#56657a", "#ffffff", "#2d3a4f"),
    "G": ("#e6f3e8", "#23844a", "#14673a", "#14673a"),
}
_INK, _RED_INK = "#1c1a17", "#c0161d"


def _corner_mark(colour: str, fill: str) -> str:
    """A small shape per colour, so that colour is never the only difference between cards."""
    if colour == "R":
        return f'<circle cx="7" cy="7" r="3" fill="{fill}"/>'
    if colour == "Y":
        return f'<path d="M7 3.6 L10.4 9.8 H3.6 Z" fill="{fill}"/>'
    if colour == "W":
        return f'<path d="M7 3.4 L10.6 7 L7 10.6 L3.4 7 Z" fill="none" stroke="{fill}" stroke-width="1.3"/>'
    return f'<rect x="4" y="4" width="6" height="6" fill="{fill}"/>'


def _glyph(char: str, y: float, size: float, fill: str, stroke: str | None = None, width: float = 0) -> str:
    outline = f' stroke="{stroke}" stroke-width="{width}" paint-order="stroke"' if stroke else ""
    return (
        f'<text lang="zh-Hans" x="20" y="{y}" text-anchor="middle" font-family="{CJK_FONTS}" '
        f'font-weight="700" font-size="{size}" fill="{fill}"{outline}>{escape(char)}</text>'
    )


def _face(fill: str, frame: str, double: bool = False) -> str:
    parts = [
        f'<rect x="0.75" y="0.75" width="38.5" height="62.5" rx="4" fill="{fill}" stroke="{frame}" '
        'stroke-width="1.5"/>'
    ]
    if double:
        parts.append(
            f'<rect x="3.5" y="3.5" width="33" height="57" rx="2.5" fill="none" stroke="{frame}" '
            'stroke-width="0.8"/>'
        )
    return "".join(parts)


def _sisepai_body(code: str) -> str:
    char = character("sisepai", code)
    if code in FLOWERS:
        petals = "".join(
            f'<circle cx="{20 + 4.2 * dx:.2f}" cy="{52 + 4.2 * dy:.2f}" r="2.6" fill="#d9a400"/>'
            for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))
        )
        return (
            _face("#fff3d6", "#a2761b", double=True)
            + _glyph(char, 35, 26, "#7a1f5c")
            + petals
            + '<circle cx="20" cy="52" r="2" fill="#7a1f5c"/>'
        )
    colour, rank = code[0], code[1]
    face, frame, fill, outline = _SISEPAI_PALETTE[colour]
    hollow = colour == "W"
    body = _face(face, frame, double=rank == "G")
    body += _corner_mark(colour, frame)
    body += _glyph(char, 44, 28, fill, outline, 1.4) if hollow else _glyph(char, 44, 28, fill)
    body += f'<rect x="12" y="54" width="16" height="3" rx="1.5" fill="{frame}"/>'
    return body


def _paohuzi_body(code: str) -> str:
    big = code[0] == "b"
    number = int(code[1:])
    ink = _RED_INK if number in RED_NUMBERS else _INK
    body = _face("#fbf7ee", "#6b5a45", double=big)
    body += (
        f'<text x="{6 if number < 10 else 5}" y="{12 if big else 10}" font-family="{DIGIT_FONTS}" '
        f'font-size="8" font-weight="700" fill="{ink}">{number}</text>'
    )
    body += _glyph(character("paohuzi", code), 44, 27 if big else 30, ink)
    return body


def symbol(game: str, code: str) -> str:
    """The ``<symbol>`` of one card."""
    body = _sisepai_body(code) if game == "sisepai" else _paohuzi_body(code)
    return f'<symbol id="{game}-{code}" viewBox="0 0 {WIDTH} {HEIGHT}">{body}</symbol>'


def back_symbol(game: str) -> str:
    """The ``<symbol>`` of a card's back (``<game>-back``), for hidden cards."""
    return (
        f'<symbol id="{game}-back" viewBox="0 0 {WIDTH} {HEIGHT}">'
        '<rect x="0.75" y="0.75" width="38.5" height="62.5" rx="4" fill="#7c2d23" stroke="#4b1a14" '
        'stroke-width="1.5"/>'
        '<rect x="4" y="4" width="32" height="56" rx="2.5" fill="none" stroke="#e8c37a" stroke-width="1"/>'
        '<path d="M20 14 L30 32 L20 50 L10 32 Z" fill="none" stroke="#e8c37a" stroke-width="1.2"/>'
        '<circle cx="20" cy="32" r="3" fill="#e8c37a"/>'
        "</symbol>"
    )


def sprite(game: str) -> str:
    """The whole sprite document of ``game``: every card's symbol plus the back."""
    symbols = "\n".join([symbol(game, code) for code in codes(game)] + [back_symbol(game)])
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" style="display:none">\n'
        f"<!-- Generated by cardavia.web.pages.art; do not edit. -->\n{symbols}\n</svg>\n"
    )


def sprite_url(game: str) -> str:
    """The static URL of ``game``'s sprite."""
    return f"/static/cards/{game}.svg"


def write_sprites(folder: Path = STATIC_CARDS) -> list[Path]:
    """Write ``<game>.svg`` for every game into ``folder``; return the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in GAMES:
        path = folder / f"{game}.svg"
        path.write_text(sprite(game), encoding="utf-8")
        written.append(path)
    return written


# --- accessible names ---------------------------------------------------------------------------------


def sisepai_names(_: Gettext) -> dict[str, str]:
    """Accessible names of the Sì Sè Pái cards, translated by ``_``."""
    return {
        "RG": _("red General"), "RA": _("red Advisor"), "RE": _("red Elephant"), "RC": _("red Chariot"),
        "RH": _("red Horse"), "RN": _("red Cannon"), "RS": _("red Soldier"),
        "YG": _("yellow General"), "YA": _("yellow Advisor"), "YE": _("yellow Elephant"),
        "YC": _("yellow Chariot"), "YH": _("yellow Horse"), "YN": _("yellow Cannon"),
        "YS": _("yellow Soldier"),
        "WG": _("white General"), "WA": _("white Advisor"), "WE": _("white Elephant"),
        "WC": _("white Chariot"), "WH": _("white Horse"), "WN": _("white Cannon"),
        "WS": _("white Soldier"),
        "GG": _("green General"), "GA": _("green Advisor"), "GE": _("green Elephant"),
        "GC": _("green Chariot"), "GH": _("green Horse"), "GN": _("green Cannon"),
        "GS": _("green Soldier"),
        "F1": _("Duke flower"), "F2": _("Marquis flower"), "F3": _("Count flower"),
        "F4": _("Viscount flower"), "F5": _("Baron flower"),
    }  # fmt: skip


def paohuzi_names(_: Gettext) -> dict[str, str]:
    """Accessible names of the Paohuzi cards, translated by ``_``."""
    return {
        "s1": _("small one"), "s2": _("small two"), "s3": _("small three"), "s4": _("small four"),
        "s5": _("small five"), "s6": _("small six"), "s7": _("small seven"), "s8": _("small eight"),
        "s9": _("small nine"), "s10": _("small ten"),
        "b1": _("big one"), "b2": _("big two"), "b3": _("big three"), "b4": _("big four"),
        "b5": _("big five"), "b6": _("big six"), "b7": _("big seven"), "b8": _("big eight"),
        "b9": _("big nine"), "b10": _("big ten"),
    }  # fmt: skip


def card_names(game: str, gettext: Gettext) -> dict[str, str]:
    """Every card's accessible name in ``gettext``'s language, keyed by code."""
    return sisepai_names(gettext) if game == "sisepai" else paohuzi_names(gettext)


def card_svg(game: str, code: str, name: str, css_class: str = "card") -> str:
    """An inline ``<svg>`` showing one card by reference to the sprite, named for screen readers."""
    return (
        f'<svg class="{css_class}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(name)}">'
        f'<title>{escape(name)}</title><use href="{sprite_url(game)}#{game}-{code}"/></svg>'
    )


if __name__ == "__main__":
    for written in write_sprites():
        print(written.name)
