"""A fast playout of a sampled Sì Sè Pái world, for the hard tier's search.

The world is a determinization (its hidden hands and stock order are invented, consistent with the
searching seat's view). The playout follows the stock draw by draw: a seat whose hand completes
with the public card wins (the drawer first, then turn order from him, as in section 6.5); otherwise
the first seat, by the priority levels, whose distance a take would shorten takes it and discards
its least useful card, and the next draw passes to the seat after the taker; a card nobody takes
dies and the seat after its owner draws. Every seat plays the same simple rule from its own hand.
"""

from __future__ import annotations

from cardavia.ai.sisepai.agents import discard_choices, hand_of, parse_take, shortlist
from cardavia.engine.game import Game, own_hand
from cardavia.games.sisepai.cards import DECK, SEATS, SOLDIER, is_single, mates
from cardavia.games.sisepai.rules import W1, W2, WD

DRAW_VALUE = 0.0


def _complete(hand: tuple[int, ...], card: int) -> bool:
    return hand_of(hand).complete_with(card)


def _improves(hand: tuple[int, ...], card: int) -> bool:
    h = hand_of(hand)
    return h.changed(card, +1, 0).distance < h.judge().distance


def _group_for(hand: tuple[int, ...], card: int, role: str) -> tuple[int, ...] | None:
    """A take this role may make with ``card`` (identical first), if the hand has the cards."""
    if is_single(card):
        return (card,) if role == "drawer" else None
    if hand[card] >= 2:
        return (card,) * (4 if hand[card] >= 3 else 3)
    if role not in ("drawer", "next"):
        return None
    partners = mates(card)
    if card % 7 == SOLDIER:
        others = [m for m in partners if hand[m]]
        return (card, *others[:3]) if len(others) >= 2 else None
    return (card, *partners) if all(hand[k] for k in partners) else None


def _take(hand: tuple[int, ...], group: tuple[int, ...], card: int) -> tuple[tuple[int, ...], int]:
    """Hand after taking ``card`` into ``group`` and discarding the least useful card."""
    after = list(hand)
    for k in group:
        after[k] -= 1
    after[card] += 1
    choices = discard_choices(after)
    if not choices:
        return tuple(after), -1
    d = shortlist(tuple(after), choices)[0]
    after[d] -= 1
    return tuple(after), d


def _winner(hands: list[tuple[int, ...]], card: int, owner: int, window: str, skip: int = -1) -> int | None:
    first = owner if window == W1 else (owner + 1) % SEATS
    order = [(first + i) % SEATS for i in range(SEATS)]
    for s in order:
        if s == skip or (s == owner and window != W1):
            continue
        if _complete(hands[s], card):
            return s
    return None


def _claim(
    hands: list[tuple[int, ...]], card: int, owner: int, window: str, skip: int = -1
) -> tuple[int, tuple[int, ...]] | None:
    """The take that wins the window among seats whose distance it shortens (levels L3, L4, L5).

    A drawn General or flower is always taken by its drawer (the forced take).
    """
    if window == W1 and is_single(card):
        return (owner, (card,))
    best: tuple[int, int, tuple[int, ...]] | None = None
    for s in range(SEATS):
        if s == skip or (s == owner and window != W1):
            continue
        distance = (s - owner) % SEATS
        role = "drawer" if distance == 0 else "next" if distance == 1 else "other"
        group = _group_for(hands[s], card, role)
        if group is None or not _improves(hands[s], card):
            continue
        level = 3 if len(group) >= 3 and len(set(group)) == 1 else 4 if role == "drawer" else 5
        if best is None or level < best[0]:
            best = (level, s, group)
    return None if best is None else (best[1], best[2])


def playout(world: Game, seat: int, action: str) -> float:
    """Play ``action`` for ``seat`` in ``world`` and follow the simple model to the end.

    Returns 1 when ``seat`` wins, 0 when another seat does, ``DRAW_VALUE`` for an exhausted stock.
    """
    state = world.view(None)
    hands = [tuple(DECK.counts(DECK.parse_list(own_hand(s)))) for s in state["seats"]]
    stock = list(world.secret_stock())  # type: ignore[attr-defined]
    public = state.get("public")
    card = DECK.card(public["card"]) if public else None
    owner = int(public["owner"]) if public else seat
    window = str(public["window"]) if public else WD

    def discarded(by: int, d: int) -> tuple[int | None, int]:
        """A discard is public: someone may win or take it. Returns (winner, next drawer)."""
        cur_card, cur_owner = d, by
        while True:
            w = _winner(hands, cur_card, cur_owner, WD)
            if w is not None:
                return w, -1
            claim = _claim(hands, cur_card, cur_owner, WD)
            if claim is None:
                return None, (cur_owner + 1) % SEATS
            taker, group = claim
            hands[taker], nd = _take(hands[taker], group, cur_card)
            if nd < 0:
                return None, (taker + 1) % SEATS
            cur_card, cur_owner = nd, taker

    verb = action.split(" ", 1)[0]
    drawer: int
    if verb == "discard":
        d = DECK.card(action.split()[1])
        after = list(hands[seat])
        after[d] -= 1
        hands[seat] = tuple(after)
        w, drawer = discarded(seat, d)
        if w is not None:
            return 1.0 if w == seat else 0.0
    elif card is not None:
        w = _winner(hands, card, owner, window, skip=seat)
        if w is not None:
            return 0.0
        if verb == "take":
            hands[seat], d = _take(hands[seat], parse_take(action), card)
            if d < 0:
                drawer = (seat + 1) % SEATS
            else:
                w, drawer = discarded(seat, d)
                if w is not None:
                    return 1.0 if w == seat else 0.0
        else:
            claim = _claim(hands, card, owner, window, skip=seat)
            if claim is not None:
                taker, group = claim
                hands[taker], d = _take(hands[taker], group, card)
                w, drawer = discarded(taker, d) if d >= 0 else (None, (taker + 1) % SEATS)
                if w is not None:
                    return 1.0 if w == seat else 0.0
            else:
                drawer = (owner + 1) % SEATS
    else:
        drawer = (seat + 1) % SEATS

    for drawn in stock:
        w = _winner(hands, drawn, drawer, W1)
        if w is not None:
            return 1.0 if w == seat else 0.0
        claim = _claim(hands, drawn, drawer, W1) or _claim(hands, drawn, drawer, W2)
        if claim is None:
            drawer = (drawer + 1) % SEATS
            continue
        taker, group = claim
        hands[taker], d = _take(hands[taker], group, drawn)
        if d < 0:
            drawer = (taker + 1) % SEATS
            continue
        w, drawer = discarded(taker, d)
        if w is not None:
            return 1.0 if w == seat else 0.0
    return DRAW_VALUE
