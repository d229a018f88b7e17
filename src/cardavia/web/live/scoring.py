"""Scoring as the table shows it: every group a game scores with its name and value, and what a win
the human may claim now is worth.

The values come from the games' own public functions (Sì Sè Pái ``group_points``, Paohuzi
``chi_huxi``/``identical_huxi``, each spec's ``analyze``), so the browser only looks them up and
adds them for display; it decides nothing. Group texts are written as the engines print them:
Sì Sè Pái cards in canonical order (``"RC RH RN"``), Paohuzi kind then cards (``"chi s1 s2 s3"``,
``"kan b2 b2 b2"``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardavia.engine.game import JSON, View
from cardavia.engine.registry import get_spec
from cardavia.games.paohuzi import cards as paohuzi_cards
from cardavia.games.sisepai import cards as sisepai_cards
from cardavia.games.sisepai import melds as sisepai_melds
from cardavia.web.pages.render_content import sisepai_group_kind, term

_PAOHUZI_CHI_TERMS = {
    "123": "paohuzi.one_two_three",
    "2710": "paohuzi.two_seven_ten",
    "sequence": "paohuzi.sequence",
    "mixed": "paohuzi.mixed",
}
_PAOHUZI_SIZES = {"pair": 2, "peng": 3, "wei": 3, "kan": 3, "pao": 4, "ti": 4}


def _sisepai_groups() -> Iterator[tuple[int, ...]]:
    """Every legal Sì Sè Pái group, as sorted card kinds."""
    for card in range(sisepai_cards.KINDS):
        if sisepai_cards.is_single(card):
            yield (card,)
        else:
            for n in (2, 3, 4):
                yield (card,) * n
    for colour in range(4):
        for trio in ((0, 1, 2), (3, 4, 5)):
            yield tuple(sisepai_cards.kind(colour, r) for r in trio)
    soldiers = [sisepai_cards.kind(colour, sisepai_cards.SOLDIER) for colour in range(4)]
    for left_out in soldiers:
        yield tuple(s for s in soldiers if s != left_out)
    yield tuple(soldiers)


def _paohuzi_groups() -> Iterator[tuple[str, tuple[int, ...]]]:
    """Every group a Paohuzi holding may score, as (kind, sorted card kinds)."""
    chi: set[tuple[int, int, int]] = set()
    for card in range(paohuzi_cards.KINDS):
        chi.update(paohuzi_cards.chi_groups_with(card))
        for kind, size in _PAOHUZI_SIZES.items():
            yield kind, (card,) * size
    for group in sorted(chi):
        yield "chi", group


def group_table(game: str) -> dict[str, dict[str, Any]]:
    """Every group ``game`` scores, by its text: ``{"name": …, "value": points or huxi}``.

    Names are glossary terms in the current language.
    """
    table: dict[str, dict[str, Any]] = {}
    if game == "sisepai":
        deck = sisepai_cards.DECK
        for group in _sisepai_groups():
            text = deck.format(group)
            name = term(sisepai_group_kind(text.split()))
            table[text] = {"name": name, "value": sisepai_melds.group_points(group)}
        return table
    deck = paohuzi_cards.DECK
    for kind, group in _paohuzi_groups():
        if kind == "chi":
            name = term(_PAOHUZI_CHI_TERMS[str(paohuzi_cards.group_type(group))])
            value = paohuzi_cards.chi_huxi(group)
        else:
            name = term(f"paohuzi.{kind}")
            value = paohuzi_cards.identical_huxi(kind, group[0])
        table[f"{kind} {deck.format(group)}"] = {"name": name, "value": value}
    return table


def win_value(game: str, view: View, seat: int) -> JSON | None:
    """What the win ``seat`` may claim now would score (``view`` is his), or None when it is not one.

    Sì Sè Pái: ``{"score": …, "groups": […]}``; Paohuzi: ``{"huxi": …, "tun": …, "groups": […]}``.
    The holding is the seat's own (hand and groups) with the public card, as ``analyze`` reads it.
    """
    mine = view["seats"][seat]
    hand = mine.get("hand")
    if not isinstance(hand, list):
        return None  # not a hand the viewer sees
    public = view.get("public")
    query: dict[str, Any] = {"hand": " ".join(hand)}
    if game == "sisepai":
        query["exposed"] = list(mine.get("melds", []))
        if public:
            query["new"] = public["card"]
        found = get_spec(game).analyze(query)
        return {"score": found["score"], "groups": found["groups"]} if found["complete"] else None
    query["melds"] = list(mine.get("melds", []))
    if public:
        query["new"] = public["card"]
        query["from"] = "own" if public["owner"] == seat else "other"
    found = get_spec(game).analyze(query)
    if not found["win"]:
        return None
    return {"huxi": found["huxi"], "tun": found["tun"], "groups": found["groups"]}
