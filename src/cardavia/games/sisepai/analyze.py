"""``cardavia analyze sisepai``: is a holding complete, and what does it score? And with
``waits``: which cards would complete it (records-and-cli.md sections 5 and 7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.engine.errors import NotationError
from cardavia.engine.game import JSON
from cardavia.games.sisepai.cards import DECK, WIN_SIZE
from cardavia.games.sisepai.melds import best_partition, best_score, group_points, group_type

FIELDS = ("hand", "exposed", "new", "waits")


def analyze(query: Mapping[str, Any]) -> JSON:
    """Answer ``{"hand": "…", "exposed": ["…"], "new": "RH"}`` with ``complete``, ``score``, ``groups``;
    with ``"waits": true`` (and no ``new``), ``{"waits": [{"card", "score"}, …]}``: every card that
    would complete the holding, canonical order, none of which the holding has every copy.

    A holding of any size may be asked about; only 21 cards can be complete.
    """
    unknown = sorted(set(query) - set(FIELDS))
    if unknown:
        raise NotationError(f"unknown field {unknown[0]!r}; a Sì Sè Pái query has hand, exposed, new, waits")
    asks = query.get("waits", False)
    if type(asks) is not bool:
        raise NotationError("'waits' must be true or false")
    if asks:
        return waits(query)
    concealed, exposed = _holding(query)
    new = query.get("new")
    if new is not None:
        if not isinstance(new, str):
            raise NotationError("'new' must be one card code")
        concealed.append(DECK.card(new.strip()))
    everything = DECK.counts(concealed + [k for g in exposed for k in g])
    DECK.check_copies(everything, "the holding")
    if sum(everything) != WIN_SIZE:
        return {"complete": False, "score": None, "groups": None}
    found = best_partition(DECK.counts(concealed))
    if found is None:
        return {"complete": False, "score": None, "groups": None}
    score, groups = found
    score += sum(group_points(g) for g in exposed)
    return {"complete": True, "score": score, "groups": [DECK.format(g) for g in sorted(groups + exposed)]}


def _holding(query: Mapping[str, Any]) -> tuple[list[int], list[tuple[int, ...]]]:
    """The concealed cards and the exposed groups of a query; ``NotationError`` when malformed."""
    hand = query.get("hand")
    if not isinstance(hand, str):
        raise NotationError("'hand' must be a string of card codes")
    concealed = DECK.parse(hand)
    exposed_texts = query.get("exposed", [])
    if not isinstance(exposed_texts, list) or not all(isinstance(t, str) for t in exposed_texts):
        raise NotationError("'exposed' must be a list of groups like \"RC RC RC\"")
    exposed = []
    for text in exposed_texts:
        group = tuple(DECK.parse(text))
        if group_type(group) is None:
            raise NotationError(f"exposed group {text!r} is not a legal group")
        exposed.append(group)
    return concealed, exposed


def waits(query: Mapping[str, Any]) -> JSON:
    """The cards that would complete the holding of ``query`` (``hand``, ``exposed``), each with
    its best score. The holding is read once; a card it holds every copy of (or a holding no deck
    has) completes nothing."""
    if query.get("new") is not None:
        raise NotationError("'waits' asks about every new card: give no 'new'")
    concealed, exposed = _holding(query)
    counts = DECK.counts(concealed)
    everything = DECK.counts(concealed + [k for g in exposed for k in g])
    impossible = any(n > most for n, most in zip(everything, DECK.copies, strict=True))
    if impossible or sum(everything) != WIN_SIZE - 1:
        return {"waits": []}
    points = sum(group_points(g) for g in exposed)
    found = []
    for new, code in enumerate(DECK.codes):
        if everything[new] >= DECK.copies[new]:
            continue
        counts[new] += 1
        best = best_score(counts)
        counts[new] -= 1
        if best is not None:
            found.append({"card": code, "score": best + points})
    return {"waits": found}
