"""Trio's cards (its ``art`` floor): a number on a plain face."""

from __future__ import annotations

from cardavia.web.pages.art import DIGIT_FONTS, INK, Gettext, face
from cardavia_trio.cards import DECK


def codes() -> list[str]:
    """The 9 card codes."""
    return list(DECK.codes)


def body(code: str) -> str:
    """A card: its number, large."""
    return face("#fbf7ee", "#6b5a45") + (
        f'<text x="20" y="42" text-anchor="middle" font-family="{DIGIT_FONTS}" font-size="24" '
        f'font-weight="700" fill="{INK}">{code[1:]}</text>'
    )


def names(_: Gettext) -> dict[str, str]:
    """The cards' accessible names (English: a test game)."""
    return {code: f"card {code[1:]}" for code in DECK.codes}
