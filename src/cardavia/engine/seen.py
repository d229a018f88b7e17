"""What one seat has seen of the cards: counted from its view alone (public information)."""

from __future__ import annotations

from collections.abc import Mapping

from cardavia.engine.game import View, own_hand
from cardavia.engine.registry import get_spec


def unseen_counts(view: View, seat: int, copies: Mapping[str, int] | None = None) -> dict[str, int]:
    """How many copies of each card ``seat`` has not seen, from its ``view`` alone: the deck's
    copies less its own hand, every visible group and dead card, the public card and the dealer's
    face-up card. (An initial ti shown only as ``"ti"`` hides its kind, so it counts as unseen.)"""
    deck = get_spec(view["game"]).deck
    left = dict(zip(deck.codes, deck.copies, strict=True)) if copies is None else dict(copies)
    seen: list[str] = list(own_hand(view["seats"][seat]))
    for entry in view["seats"]:
        for text in entry.get("melds", []):
            seen += [word for word in text.split() if word in left]
        seen += entry.get("discards", [])
        shown = entry.get("shown")
        if shown and entry is not view["seats"][seat]:
            seen.append(shown)
    public = view.get("public")
    if public:
        seen.append(public["card"])
    for code in seen:
        left[code] = max(0, left[code] - 1)
    return left
