"""How the site shows Paohuzi's groups and wins (the registration's ``"display"`` floor).

Pure functions of the game's own facts; words come from the caller's ``term`` (a glossary key ->
its text in the reader's language), so nothing here depends on the web layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from cardavia.engine.display import ClientDisplay, Gettext, NGettext
from cardavia.engine.game import JSON, View
from cardavia.games.paohuzi import SPEC, cards

KINDS = ("chi", "peng", "wei", "pao", "ti", "kan", "pair")
_CHI_TERMS = {
    "123": "paohuzi.one_two_three",
    "2710": "paohuzi.two_seven_ten",
    "sequence": "paohuzi.sequence",
    "mixed": "paohuzi.mixed",
}
_SIZES = {"pair": 2, "peng": 3, "wei": 3, "kan": 3, "pao": 4, "ti": 4}

CLIENT: ClientDisplay = {"unit": "huxi", "tun": True}
"""What the browser client needs to word the game's values (``engine.display``)."""

def group_kind(words: list[str]) -> tuple[str, list[str]]:
    """The glossary key of a group's kind and its card codes, from its text (``"chi s1 s2 s3"``)."""
    if words and words[0] in KINDS:
        return f"paohuzi.{words[0]}", words[1:]
    return "paohuzi.chi", words


def _groups() -> Iterator[tuple[str, tuple[int, ...]]]:
    """Every group a holding may score, as (kind, sorted card kinds)."""
    chi: set[tuple[int, int, int]] = set()
    for card in range(cards.KINDS):
        chi.update(cards.chi_groups_with(card))
        for kind, size in _SIZES.items():
            yield kind, (card,) * size
    for group in sorted(chi):
        yield "chi", group


def group_table(term: Callable[[str], str]) -> dict[str, dict[str, Any]]:
    """Every group the game scores, by its text (kind then cards): name and huxi."""
    table: dict[str, dict[str, Any]] = {}
    for kind, group in _groups():
        if kind == "chi":
            name = term(_CHI_TERMS[str(cards.group_type(group))])
            value = cards.chi_huxi(group)
        else:
            name = term(f"paohuzi.{kind}")
            value = cards.identical_huxi(kind, group[0])
        table[f"{kind} {cards.DECK.format(group)}"] = {"name": name, "value": value}
    return table


def win_value(view: View, seat: int) -> JSON | None:
    """What the win ``seat`` may claim now would score (``{"huxi", "tun", "groups"}``), or None."""
    mine = view["seats"][seat]
    hand = mine.get("hand")
    if not isinstance(hand, list):
        return None  # not a hand the viewer sees
    query: dict[str, Any] = {"hand": " ".join(hand), "melds": list(mine.get("melds", []))}
    public = view.get("public")
    if public:
        query["new"] = public["card"]
        query["from"] = "own" if public["owner"] == seat else "other"
    found = SPEC.analyze(query)
    if not found["win"]:
        return None
    return {"huxi": found["huxi"], "tun": found["tun"], "groups": found["groups"]}


def verdict(result: Mapping[str, Any], gettext: Gettext, ngettext: NGettext) -> str:
    """What a complete holding of a worked example is worth: its huxi, and its tun when it wins."""
    huxi = int(result["huxi"])
    if not result.get("win"):
        return ngettext(
            "Seven groups, but only %(num)d huxi: not enough to win.",
            "Seven groups, but only %(num)d huxi: not enough to win.",
            huxi,
        ) % {"num": huxi}
    tun = int(result["tun"])
    return gettext("A win with {huxi} huxi, worth {tun} tun from each opponent.").format(huxi=huxi, tun=tun)


def new_card(query: Mapping[str, Any], gettext: Gettext) -> str:
    """The caption of a worked example's new card: who revealed it (``from``)."""
    if query.get("from") == "own":
        return gettext("New card, revealed by the player himself:")
    return gettext("New card, revealed by another player:")
