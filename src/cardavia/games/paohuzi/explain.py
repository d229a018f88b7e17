"""Why an action is not allowed in a Paohuzi deal: reason codes (records-and-cli.md section 7).

``explain(game, seat, text)`` gives ``None`` exactly when ``game.apply(seat, text)`` would play it,
and otherwise the first reason of section 7's table that rules it out. ``why_not`` and
``outranked`` give the reasons the table tells a seat on its own: why it could not claim a card it
holds related cards for, and which rule let another claim beat its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.engine.reasons import Reason
from cardavia.games.paohuzi.cards import CODES, DECK, KINDS, SEATS, group_type
from cardavia.games.paohuzi.huxi import NO_SPLIT
from cardavia.games.paohuzi.melds import target_size, win_huxi
from cardavia.games.paohuzi.rules import MIN_HUXI, PAO, chi_plans

if TYPE_CHECKING:
    from cardavia.games.paohuzi.game import PaohuziGame

LEVELS = {"win": 3, "pao": 2, "peng": 2}
"""Claims by level (5.6); a chi is level 1."""


def explain(game: PaohuziGame, seat: int, text: str) -> Reason | None:
    """``None`` when ``seat`` may play ``text`` now, else why not. ``NotationError`` for text
    that does not read as an action."""
    text = game.canonical(text)
    if game.result is not None:
        return Reason("deal_over")
    if text in game.legal_actions(seat):
        return None
    verb = text.split(" ", 1)[0]
    if game.phase != "window":
        return _decision(game, seat, verb, text)
    window = game.window
    assert window is not None
    if seat in window.answers:
        return Reason("not_asked")
    if verb in ("discard", "tianhu"):
        return Reason("wrong_step", {"step": "claim"})
    if verb == "pass":
        return Reason("not_asked")
    return claim_reason(game, seat, text) or Reason("not_asked")


def _decision(game: PaohuziGame, seat: int, verb: str, text: str) -> Reason:
    """A discard, a tianhu offer or a revealer's win decision: only its seat decides, one kind."""
    if seat != game.actor:
        return Reason("not_asked")
    step = {"discard": "discard", "tianhu": "tianhu", "win": "win"}[game.phase]
    if verb == "discard" and step == "discard":
        card = DECK.card(text.split()[1])
        held = game.hands[seat][card]
        if not held:
            return Reason("not_in_hand", {"cards": [CODES[card]]})
        return Reason("kan_locked", {"card": CODES[card]})
    if verb == step:
        return Reason("not_complete")
    return Reason("wrong_step", {"step": step})


def claim_reason(game: PaohuziGame, seat: int, text: str) -> Reason | None:
    """Why ``seat`` may not make the claim ``text`` (win, peng, pao or a chi plan) on the public
    card now, or ``None`` when nothing rules it out."""
    card, owner, kind = game.card, game.owner, game.kind
    verb = text.split(" ", 1)[0]
    if game.dead[seat] and verb != "pao":
        return Reason("dead_hand")
    hand = game.hands[seat]
    code = CODES[card]
    if verb == "win":
        huxi = win_huxi(game.melds[seat], hand, card, seat != owner, game.rules.own_wei_upgrade == PAO)
        if huxi == NO_SPLIT:
            return Reason("not_complete")
        if kind != "reveal":
            return Reason("win_on_discard", {"card": code})
        return Reason("below_min_huxi", {"huxi": huxi, "min": MIN_HUXI}) if huxi < MIN_HUXI else None
    if verb == "pao":
        return _pao_reason(game, seat)
    if verb == "peng":
        if hand[card] < 2:
            return Reason("not_in_hand", {"cards": [code] * (2 - hand[card])})
        if hand[card] == 3:
            return Reason("kan_locked", {"card": code})
        if game.chou[seat] >> card & 1:
            return Reason("chou", {"card": code})
        if _needs_discard(game, seat) and game.base(seat).free_cards < 3:
            return Reason("no_discard_left")
        return None
    return _chi_reason(game, seat, [DECK.parse(g) for g in text[4:].split(" / ")])


def _pao_reason(game: PaohuziGame, seat: int) -> Reason | None:
    """A pao grows a kan in the hand, a wei or (on a revealed card) a peng; the compulsory cases
    (the seat's own reveal on its kan or wei) never open a window."""
    card = game.card
    if game.hands[seat][card] == 3:
        return None
    kinds = {m.kind for m in game.melds[seat] if m.card == card and m.kind in ("wei", "peng")}
    if not kinds:
        return Reason("not_in_hand", {"cards": [CODES[card]] * 3})
    if kinds == {"peng"} and game.kind != "reveal":
        return Reason("pao_needs_reveal", {"card": CODES[card]})
    return None


def _chi_reason(game: PaohuziGame, seat: int, groups: list[list[int]]) -> Reason | None:
    card, owner, kind = game.card, game.owner, game.kind
    code = CODES[card]
    hand = game.hands[seat]
    used = [c for g in groups for c in g]
    if card in used:
        used.remove(card)
    need = DECK.counts(used)
    missing = [CODES[k] for k in range(KINDS) for _ in range(max(0, need[k] - hand[k]))]
    if missing:
        return Reason("not_in_hand", {"cards": missing})
    if any(group_type(g) is None or card not in g for g in groups):
        return Reason("not_a_group", {"cards": DECK.format_list(c for g in groups for c in g)})
    locked = [k for k in range(KINDS) if (need[k] or k == card) and hand[k] >= 3]
    if locked:
        return Reason("kan_locked", {"card": CODES[locked[0]]})
    if game.chou[seat] >> card & 1:
        return Reason("chou", {"card": code})
    if not (seat == owner and kind == "reveal") and seat != (owner + 1) % SEATS:
        return Reason("chi_wrong_source", {"card": code})
    if sum(g.count(card) for g in groups) != hand[card] + 1:
        return Reason("bi_impossible", {"card": code})
    if _needs_discard(game, seat) and game.base(seat).free_cards - len(used) < 1:
        return Reason("no_discard_left")
    return None


def _needs_discard(game: PaohuziGame, seat: int) -> bool:
    """A claim now makes ``owed = 1``: a free card must remain to discard (6.5)."""
    base = game.base(seat)
    return base.cards + base.kan_cards + base.free_cards >= target_size(base.fours)


def why_not(game: PaohuziGame, seat: int) -> Reason | None:
    """Why ``seat``, not asked on the public card, could not claim it although it holds related
    cards (its hand would win with it, or holds two copies, or a chi of it); ``None`` otherwise."""
    card = game.card
    hand = game.hands[seat]
    tries = ["win"]
    if hand[card] == 2:
        tries.append("peng")
    plans = chi_plans(hand, card, False)
    if plans:
        tries.append("chi " + " / ".join(DECK.format(g) for g in plans[0]))
    for text in tries:
        reason = claim_reason(game, seat, text)
        if reason is not None and not (text == "win" and reason.code == "not_complete"):
            return reason
    return None


def outranked(owner: int, kind: str, winner: tuple[int, str], action: str) -> str:
    """The rule by which ``winner`` (seat, claim) beat the claim ``action``: ``win``, ``pao_peng``
    or, at the same level, ``nearer`` (the revealer's own chi, then turn order from the owner)."""
    won, lost = LEVELS.get(winner[1], 1), LEVELS.get(action, 1)
    if won > lost:
        return "win" if won == 3 else "pao_peng"
    return "nearer"
