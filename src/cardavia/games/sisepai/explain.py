"""Why an action is not allowed in a Sì Sè Pái deal: reason codes (records-and-cli.md section 7).

``explain(game, seat, text)`` gives ``None`` exactly when ``game.apply(seat, text)`` would play it,
and otherwise the first reason of section 7's table that rules it out. ``why_not`` and
``outranked`` give the reasons the table tells a seat on its own: why it could not take a card it
holds related cards for, and which rule let another claim beat its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.engine.errors import NotationError
from cardavia.engine.notation import read_action
from cardavia.engine.reasons import Reason
from cardavia.games.sisepai.cards import DECK, KINDS, SOLDIER, is_single, mates
from cardavia.games.sisepai.melds import IDENTICAL, MIXED, PR, SF, SG, Group, group_type
from cardavia.games.sisepai.rules import (
    DRAWER,
    L1_DRAWER_WIN,
    L2_WIN,
    L3_IDENTICAL,
    L4_DRAWER_GROUP,
    NEXT,
    OTHER,
    OWNER,
    W1,
    priority_key,
    role,
)

if TYPE_CHECKING:
    from cardavia.games.sisepai.game import SisepaiGame

VERBS = ("pass", "win", "take", "discard")
GROUP_NAMES = {PR: "pair", SG: "single", SF: "single", **dict.fromkeys(IDENTICAL, "identical"),
               **dict.fromkeys(MIXED, "mixed")}
"""The ``group`` param of ``role_forbids``: what kind of group the role may not take."""
RULES = {L1_DRAWER_WIN: "drawer_win", L2_WIN: "win", L3_IDENTICAL: "identical",
         L4_DRAWER_GROUP: "drawer_group"}
"""The ``rule`` of ``outranked``: the level of the claim that won (``nearer``: the same level)."""


def explain(game: SisepaiGame, seat: int, text: str) -> Reason | None:
    """``None`` when ``seat`` may play ``text`` now, else why not. ``NotationError`` for text
    that does not read as an action."""
    parsed = read_action(text, DECK)
    if parsed.verb not in VERBS:
        raise NotationError(f"unknown verb {parsed.verb!r} in {text!r}: use pass, win, take or discard")
    if parsed.verb in ("pass", "win") and parsed.groups:
        raise NotationError(f"'{parsed.verb}' takes no cards")
    if parsed.verb == "take" and len(parsed.groups) != 1:
        raise NotationError("'take' needs exactly one group of cards")
    if parsed.verb == "discard" and (len(parsed.groups) != 1 or len(parsed.groups[0]) != 1):
        raise NotationError("'discard' needs exactly one card")
    if game.decision() is None:
        return Reason("deal_over")
    group = parsed.groups[0] if parsed.groups else ()
    if game.public is None:
        return _discard_step(game, seat, parsed.verb, group)
    return _claim(game, seat, parsed.verb, group)


def _discard_step(game: SisepaiGame, seat: int, verb: str, group: Group) -> Reason | None:
    decision = game.decision()
    assert decision is not None
    if seat not in decision.seats:
        return Reason("not_asked")
    if verb != "discard":
        return Reason("wrong_step", {"step": "discard"})
    card = group[0]
    if not game.hands[seat][card]:
        return Reason("not_in_hand", {"cards": [DECK.codes[card]]})
    if is_single(card):
        return Reason("cannot_discard", {"card": DECK.codes[card]})
    return None


def _claim(game: SisepaiGame, seat: int, verb: str, group: Group) -> Reason | None:
    window = game.window
    public = game.public
    assert window is not None and public is not None
    card, owner, kind = public
    options = window.options.get(seat)
    if seat in window.answers:
        return Reason("not_asked")
    if verb == "discard":
        return Reason("wrong_step", {"step": "claim"})
    if verb == "pass":
        return None if options is not None else Reason("not_asked")
    who = role(seat, owner, kind)
    if verb == "win":
        if not game.can_win(seat, card):
            return Reason("not_complete")
        return None if options is not None else _role_forbids(who, None)
    return take_reason(game, seat, group, public, options)


def take_reason(
    game: SisepaiGame,
    seat: int,
    group: Group,
    public: tuple[int, int, str],
    options: tuple[str, ...] | None,
) -> Reason | None:
    """Why ``seat`` may not take the public card (``(card, owner, window)``) into ``group``, given
    its ``options`` in that window (None: not asked), or ``None`` when it may."""
    card, owner, kind = public
    used = list(group)
    if card in used:
        used.remove(card)
    hand = game.hands[seat]
    need = DECK.counts(used)
    missing = [DECK.codes[k] for k in range(KINDS) for _ in range(max(0, need[k] - hand[k]))]
    if missing:
        return Reason("not_in_hand", {"cards": missing})
    gtype = group_type(group)
    if gtype is None or card not in group:
        return Reason("not_a_group", {"cards": DECK.format_list(group)})
    complete = game.can_win(seat, card)
    if complete and options is not None:
        return None  # any completing take is the win
    who = role(seat, owner, kind)
    forced = kind == W1 and is_single(card)
    if forced and who != DRAWER:
        return Reason("not_complete")
    if forced or who == OWNER:
        return Reason("not_asked") if forced else _role_forbids(OWNER, gtype)
    if who == DRAWER and gtype == PR:
        return Reason("drawer_no_pair", {"card": DECK.codes[card]})
    if (who == NEXT and gtype in (PR, SG, SF)) or (who == OTHER and gtype not in IDENTICAL):
        return _role_forbids(who, gtype)
    if options is None or f"take {DECK.format(group)}" not in options:
        return Reason("no_discard_left")
    return None


def _role_forbids(who: str, gtype: str | None) -> Reason:
    return Reason("role_forbids", {"role": who, "group": None if gtype is None else GROUP_NAMES[gtype]})


def why_not(game: SisepaiGame, seat: int, public: tuple[int, int, str]) -> Reason | None:
    """Why ``seat``, not asked on the public card, could not take it although it holds related
    cards (a copy, or the mates of a mixed group); ``None`` when it holds none."""
    card = public[0]
    hand = game.hands[seat]
    groups: list[Group] = []
    if hand[card] and not is_single(card):
        groups.append((card,) * (hand[card] + 1))
    partners = [m for m in mates(card) if hand[m]]
    if partners and (len(partners) == len(mates(card)) or (len(partners) >= 2 and card % 7 == SOLDIER)):
        groups.append(tuple(sorted((card, *partners[:3]))))
    for group in groups:
        reason = take_reason(game, seat, group, public, None)
        if reason is not None:
            return reason
    return None


def outranked(owner: int, kind: str, winner: tuple[int, str], seat: int, answer: str) -> str:
    """The rule by which ``winner`` (seat, answer) beat ``seat``'s claim ``answer``."""
    won = priority_key(owner, kind, *winner)
    lost = priority_key(owner, kind, seat, answer)
    assert won is not None and lost is not None and won < lost
    return RULES[won[0]] if won[0] < lost[0] else "nearer"
