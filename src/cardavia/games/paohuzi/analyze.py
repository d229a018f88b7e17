"""``analyze`` for Paohuzi: is this holding complete, and what does it score? And with ``waits``:
which cards would make it a win (records-and-cli.md sections 5 and 7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.engine.errors import NotationError
from cardavia.engine.game import JSON
from cardavia.games.paohuzi.cards import DECK, tun
from cardavia.games.paohuzi.melds import (
    Meld,
    holding_base,
    huxi_bound,
    identical,
    parse_meld,
    scored_groups,
    win_huxi,
)
from cardavia.games.paohuzi.rules import MIN_HUXI, PAO, Rules


def analyze(query: Mapping[str, Any], rules: Rules) -> JSON:
    """Judge a holding: ``hand``, ``melds``, optional ``new`` and ``from`` (own|other, default other);
    with ``"waits": true`` (and no ``new``), ``waits``."""
    unknown = sorted(set(query) - {"hand", "melds", "new", "from", "waits"})
    if unknown:
        fields = "hand, melds, new, from, waits"
        raise NotationError(f"unknown field {unknown[0]!r}; Paohuzi queries take {fields}")
    asks = query.get("waits", False)
    if type(asks) is not bool:
        raise NotationError("'waits' must be true or false")
    if asks:
        return waits(query, rules)
    hand, melds = _holding(query)
    new_code = query.get("new")
    source = query.get("from")
    if source is not None and source not in ("own", "other"):
        raise NotationError(f"'from' must be 'own' or 'other', got {source!r}")
    if source is not None and new_code is None:
        raise NotationError("'from' needs 'new'")
    new = None if new_code is None else DECK.parse_list([new_code])[0]
    total = _total(hand, melds)
    if new is not None:
        total[new] += 1
    DECK.check_copies(total, "the holding")
    return _judge(hand, melds, new, source != "own", rules)


def _holding(query: Mapping[str, Any]) -> tuple[list[int], list[Meld]]:
    """The ``hand`` (counts by kind) and ``melds`` of a query; ``NotationError`` when malformed."""
    hand_text = query.get("hand")
    if not isinstance(hand_text, str):
        raise NotationError("'hand' must be a string of card codes")
    hand = DECK.counts(DECK.parse(hand_text))
    meld_texts = query.get("melds", [])
    if not isinstance(meld_texts, list):
        raise NotationError("'melds' must be a list of meld texts")
    return hand, [parse_meld(m) for m in meld_texts]


def _total(hand: list[int], melds: list[Meld]) -> list[int]:
    """Every card of a holding, counted by kind."""
    total = list(hand)
    for m in melds:
        for c in m.cards:
            total[c] += 1
    return total


def _judge(hand: list[int], melds: list[Meld], new: int | None, from_other: bool, rules: Rules) -> JSON:
    """The ``analyze`` answer for a possible holding and its ``new`` card (revealed by another seat
    when ``from_other``)."""
    own_wei_pao = rules.own_wei_upgrade == PAO
    if new is not None and not from_other:
        new, melds, hand = _own_reveal(new, melds, hand, own_wei_pao)
    scored = scored_groups(melds, hand, new, from_other, own_wei_pao)
    if scored is None:
        return {"complete": False, "huxi": None, "win": False, "tun": 0, "groups": None}
    huxi, groups = scored
    win = huxi >= MIN_HUXI
    return {"complete": True, "huxi": huxi, "win": win, "tun": tun(huxi) if win else 0, "groups": groups}


def _own_reveal(
    new: int, melds: list[Meld], hand: list[int], own_wei_pao: bool
) -> tuple[int | None, list[Meld], list[int]]:
    """Apply the compulsory ti/wei of rules 5.3 for a seat's own reveal; None card when it happened."""
    hand = list(hand)
    if hand[new] == 3:
        hand[new] = 0
        return None, [*melds, identical("ti", new)], hand
    if not own_wei_pao:
        for i, m in enumerate(melds):
            if m.kind == "wei" and m.card == new:
                return None, [*melds[:i], identical("ti", new), *melds[i + 1 :]], hand
    if hand[new] == 2:
        hand[new] = 0
        return None, [*melds, identical("wei", new)], hand
    return new, melds, hand


def waits(query: Mapping[str, Any], rules: Rules) -> JSON:
    """Every card that would make the holding of ``query`` (``hand``, ``melds``) a win: ``own``
    when the seat reveals it itself (its compulsory wei or ti first), ``other`` when another seat
    does; each ``{"huxi", "tun"}`` or None when that way is no win. The holding is read once; a
    card it holds every copy of (or a holding no deck has) completes nothing."""
    if query.get("new") is not None or query.get("from") is not None:
        raise NotationError("'waits' asks about every new card: give no 'new' or 'from'")
    hand, melds = _holding(query)
    total = _total(hand, melds)
    if any(n > most for n, most in zip(total, DECK.copies, strict=True)):
        return {"waits": []}
    own_wei_pao = rules.own_wei_upgrade == PAO
    base = holding_base(melds, hand)
    found = []
    for new, code in enumerate(DECK.codes):
        if total[new] >= DECK.copies[new]:
            continue
        # As ``_judge`` scores it, without writing out the groups of a holding that is no win, and
        # skipping the search where even the holding's upper bound is no win.
        possible = huxi_bound(base, new) >= MIN_HUXI
        card, own_melds, own_hand = _own_reveal(new, melds, hand, own_wei_pao)
        if card is None:  # the compulsory ti or wei changed the holding
            own = _win(win_huxi(own_melds, own_hand, None, False, own_wei_pao))
        else:
            own = _win(win_huxi(melds, hand, new, False, own_wei_pao, base)) if possible else None
        other = _win(win_huxi(melds, hand, new, True, own_wei_pao, base)) if possible else None
        if own or other:
            found.append({"card": code, "own": own, "other": other})
    return {"waits": found}


def _win(huxi: int) -> dict[str, int] | None:
    """A way to win worth ``huxi`` (``NO_SPLIT`` or too little: None)."""
    return {"huxi": huxi, "tun": tun(huxi)} if huxi >= MIN_HUXI else None
