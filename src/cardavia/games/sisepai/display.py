"""How the site shows Sì Sè Pái's groups and wins (the registration's ``"display"`` floor).

Pure functions of the game's own facts; words come from the caller's ``term`` (a glossary key ->
its text in the reader's language), so nothing here depends on the web layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from cardavia.engine.display import ClientDisplay, Gettext, NGettext
from cardavia.engine.game import JSON, View
from cardavia.games.sisepai import SPEC, cards, melds

CLIENT: ClientDisplay = {"unit": "points", "tun": False}
"""What the browser client needs to word the game's values (``engine.display``)."""

def group_kind(words: list[str]) -> tuple[str, list[str]]:
    """The glossary key of a group's type (rules section 3) and its card codes, from its text."""
    codes = words
    if len(codes) == 1:
        key = "sisepai.single_flower" if codes[0].startswith("F") else "sisepai.single_general"
    elif len(set(codes)) == 1:
        key = {2: "sisepai.pair", 3: "sisepai.triple"}.get(len(codes), "sisepai.quad")
    else:
        ranks = {code[1] for code in codes}
        if ranks == {"S"}:
            key = "sisepai.three_soldiers" if len(codes) == 3 else "sisepai.four_soldiers"
        else:
            key = "sisepai.command_group" if "G" in ranks else "sisepai.field_group"
    return key, codes


def _groups() -> Iterator[tuple[int, ...]]:
    """Every legal group, as sorted card kinds."""
    for card in range(cards.KINDS):
        if cards.is_single(card):
            yield (card,)
        else:
            for n in (2, 3, 4):
                yield (card,) * n
    for colour in range(4):
        for trio in ((0, 1, 2), (3, 4, 5)):
            yield tuple(cards.kind(colour, r) for r in trio)
    soldiers = [cards.kind(colour, cards.SOLDIER) for colour in range(4)]
    for left_out in soldiers:
        yield tuple(s for s in soldiers if s != left_out)
    yield tuple(soldiers)


def group_table(term: Callable[[str], str]) -> dict[str, dict[str, Any]]:
    """Every group the game scores, by its text (cards in canonical order): name and points."""
    table: dict[str, dict[str, Any]] = {}
    for group in _groups():
        text = cards.DECK.format(group)
        table[text] = {"name": term(group_kind(text.split())[0]), "value": melds.group_points(group)}
    return table


def win_value(view: View, seat: int) -> JSON | None:
    """What the win ``seat`` may claim now would score (``{"score", "groups"}``), or None."""
    mine = view["seats"][seat]
    hand = mine.get("hand")
    if not isinstance(hand, list):
        return None  # not a hand the viewer sees
    query: dict[str, Any] = {"hand": " ".join(hand), "exposed": list(mine.get("melds", []))}
    public = view.get("public")
    if public:
        query["new"] = public["card"]
    found = SPEC.analyze(query)
    return {"score": found["score"], "groups": found["groups"]} if found["complete"] else None


def verdict(result: Mapping[str, Any], gettext: Gettext, ngettext: NGettext) -> str:
    """What a complete holding of a worked example is worth: its points."""
    score = int(result["score"])
    return ngettext("Complete hand worth %(num)d point.", "Complete hand worth %(num)d points.", score) % {
        "num": score
    }


def new_card(query: Mapping[str, Any], gettext: Gettext) -> str:
    """The caption of a worked example's new card."""
    return gettext("New card taken:")
