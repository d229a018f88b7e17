"""Sì Sè Pái's card art (the site's art floor, ``web/pages/art.py``): its card codes, the symbol
body of each card and the cards' accessible names.

Red and yellow print the red-side Xiangqi characters, white and green the black-side ones (rules
1.2-1.4). Colour is never the only cue: each colour has its own corner mark and the white cards
have hollow characters.
"""

from __future__ import annotations

from cardavia.web.pages.art import Gettext, face, glyph

COLOURS = "RYWG"
RANKS = "GAECHNS"
_RED_SIDE = dict(zip(RANKS, "帥仕相俥傌炮兵", strict=True))
_BLACK_SIDE = dict(zip(RANKS, "將士象車馬包卒", strict=True))
FLOWERS = {"F1": "公", "F2": "侯", "F3": "伯", "F4": "子", "F5": "男"}

# colour letter -> (card face, frame, character fill, character outline)
_PALETTE = {
    "R": ("#fdeceb", "#c0262d", "#b3141c", "#b3141c"),
    "Y": ("#fff5cc", "#d9a400", "#9c6a00", "#9c6a00"),
    "W": ("#f1f4f8", "#56657a", "#ffffff", "#2d3a4f"),
    "G": ("#e6f3e8", "#23844a", "#14673a", "#14673a"),
}


def codes() -> list[str]:
    """The 33 card codes in canonical order."""
    return [c + r for c in COLOURS for r in RANKS] + list(FLOWERS)


def character(code: str) -> str:
    """The Chinese character printed on a card."""
    if code in FLOWERS:
        return FLOWERS[code]
    side = _RED_SIDE if code[0] in "RY" else _BLACK_SIDE
    return side[code[1]]


def _corner_mark(colour: str, fill: str) -> str:
    """A small shape per colour, so that colour is never the only difference between cards."""
    if colour == "R":
        return f'<circle cx="7" cy="7" r="3" fill="{fill}"/>'
    if colour == "Y":
        return f'<path d="M7 3.6 L10.4 9.8 H3.6 Z" fill="{fill}"/>'
    if colour == "W":
        return f'<path d="M7 3.4 L10.6 7 L7 10.6 L3.4 7 Z" fill="none" stroke="{fill}" stroke-width="1.3"/>'
    return f'<rect x="4" y="4" width="6" height="6" fill="{fill}"/>'


def body(code: str) -> str:
    """The inside of the card's ``<symbol>`` (40 × 64)."""
    char = character(code)
    if code in FLOWERS:
        petals = "".join(
            f'<circle cx="{20 + 4.2 * dx:.2f}" cy="{52 + 4.2 * dy:.2f}" r="2.6" fill="#d9a400"/>'
            for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))
        )
        return (
            face("#fff3d6", "#a2761b", double=True)
            + glyph(char, 35, 26, "#7a1f5c")
            + petals
            + '<circle cx="20" cy="52" r="2" fill="#7a1f5c"/>'
        )
    colour, rank = code[0], code[1]
    card, frame, fill, outline = _PALETTE[colour]
    hollow = colour == "W"
    out = face(card, frame, double=rank == "G")
    out += _corner_mark(colour, frame)
    out += glyph(char, 44, 28, fill, outline, 1.4) if hollow else glyph(char, 44, 28, fill)
    out += f'<rect x="12" y="54" width="16" height="3" rx="1.5" fill="{frame}"/>'
    return out


def names(_: Gettext) -> dict[str, str]:
    """Accessible names of the cards, translated by ``_``."""
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
