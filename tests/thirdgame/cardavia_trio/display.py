"""How the site shows Trio (its ``display`` floor)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardavia.engine.display import ClientDisplay, Gettext, NGettext
from cardavia.engine.game import JSON, View
from cardavia_trio.cards import DECK, complete

CLIENT: ClientDisplay = {"unit": "points", "tun": False}


def group_kind(words: list[str]) -> tuple[str, list[str]]:
    """Every Trio group is a triple: the glossary key and its cards."""
    return "trio.triple", words


def group_table(term: Callable[[str], str]) -> dict[str, dict[str, Any]]:
    """Each exposed triple scores 1."""
    return {" ".join([code] * 3): {"name": term("trio.triple"), "value": 1} for code in DECK.codes}


def win_value(view: View, seat: int) -> JSON | None:
    """What a win on the public card would score, or None."""
    public = view.get("public")
    entry = view.get("seats", [])[seat]
    hand = entry.get("hand")
    if public is None or not isinstance(hand, list):
        return None
    counts = DECK.counts(DECK.parse_list([*hand, public["card"]]))
    return {"score": 1 + len(entry.get("melds", []))} if complete(counts) else None


def verdict(result: Mapping[str, Any], gettext: Gettext, ngettext: NGettext) -> str:
    """A complete holding scores 1."""
    return gettext("Complete hand.")


def new_card(query: Mapping[str, Any], gettext: Gettext) -> str:
    """The new card's caption."""
    return gettext("New card taken:")
