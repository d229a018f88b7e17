"""Determinization: a full state consistent with what one seat may see (for AI search).

Hidden from a seat: the other hands (except the dealer's shown card), the other seats' initial ti,
the stock order, and in a claim window the other seats' options and answers. Those are dealt again
from the cards the seat cannot see; everything in ``view(seat)`` stays the same.
"""

from __future__ import annotations

from cardavia.engine.claims import PASS, ClaimWindow
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import KINDS
from cardavia.games.paohuzi.game import DISCARD, SEATS, WINDOW, PaohuziGame
from cardavia.games.paohuzi.melds import identical

ATTEMPTS = 50


def _visible_counts(game: PaohuziGame, seat: int) -> list[int]:
    seen = list(game.hands[seat])
    for s in range(SEATS):
        for m in game.melds[s]:
            if s == seat or not m.hidden:
                for c in m.cards:
                    seen[c] += 1
        for c in game.rows[s]:
            seen[c] += 1
    if game.phase == WINDOW:
        seen[game.card] += 1
    if game.shown >= 0 and game.dealer != seat:
        seen[game.shown] += 1
    return seen


Dealt = tuple[list[list[int]], list[list[int]], list[int]]


def _deal(game: PaohuziGame, seat: int, rng: Rng) -> Dealt | None:
    """Hidden ti kinds, hands and stock for the other seats; None if this attempt broke a rule."""
    seen = _visible_counts(game, seat)
    pool = [max(0, 4 - n) for n in seen]
    others = [s for s in range(SEATS) if s != seat]
    ti_kinds: list[list[int]] = [[] for _ in range(SEATS)]
    for s in others:
        for _m in (m for m in game.melds[s] if m.hidden):
            fours = [k for k in range(KINDS) if pool[k] == 4]
            if not fours:
                return None
            k = rng.choice(fours)
            pool[k] = 0
            ti_kinds[s].append(k)
    hands: list[list[int]] = [list(h) for h in game.hands]
    for s in others:
        size = sum(game.hands[s])
        hand = [0] * KINDS
        if s == game.dealer and game.shown >= 0:
            hand[game.shown] = 1
            size -= 1
        if game.dead[s]:
            triples = [k for k in range(KINDS) if pool[k] >= 3 and hand[k] == 0]
            rng.shuffle(triples)
            if len(triples) < size // 3:
                return None
            for k in triples[: size // 3]:
                hand[k] += 3
                pool[k] -= 3
        else:
            cards = [k for k in range(KINDS) for _ in range(pool[k])]
            rng.shuffle(cards)
            if len(cards) < size:
                return None
            for k in cards[:size]:
                hand[k] += 1
                pool[k] -= 1
            if any(n > 3 for n in hand):
                return None
            if game.phase == DISCARD and game.actor == s and not any(0 < n < 3 for n in hand):
                return None
        hands[s] = hand
    rest = [k for k in range(KINDS) for _ in range(pool[k])]
    rng.shuffle(rest)
    return ti_kinds, hands, rest[: game.stock_left()]


def determinize(game: PaohuziGame, seat: int, rng: Rng) -> PaohuziGame:
    """A clone of ``game`` with every card hidden from ``seat`` dealt again from ``rng``."""
    g = game.clone()
    if game.result is not None:
        return g
    dealt = None
    for _ in range(ATTEMPTS):
        dealt = _deal(game, seat, rng)
        if dealt is not None:
            break
    if dealt is None:  # pragma: no cover - needs an absurdly constrained position
        return g
    ti_kinds, hands, stock = dealt
    for s in range(SEATS):
        if s == seat:
            continue
        kinds = iter(ti_kinds[s])
        g.melds[s] = [identical("ti", next(kinds), True) if m.hidden else m for m in g.melds[s]]
    g.hands = hands
    g.chou = [c if s == seat else g.chou_shown[s] for s, c in enumerate(g.chou)]  # refusals unseen
    g.stock = tuple(g.stock[: g.top]) + tuple(stock)
    g._bases = [None] * SEATS
    g._parts = [None] * SEATS
    g._packs = [None] * SEATS
    g._legal = {}
    g._decision = None
    if game.phase == WINDOW and game.window is not None:
        real = game.window
        options, plans = g.options(game.card, game.owner, game.kind)
        asked: dict[int, tuple[str, ...]] = {}
        for s in range(SEATS):
            if s == seat:
                if s in real.options:
                    asked[s] = real.options[s]
            elif s in options or s in real.options:
                asked[s] = options.get(s, (PASS,))
        answers = {seat: real.answers[seat]} if seat in real.answers else {}
        g.window = ClaimWindow(real.window, asked, answers)
        g.plans = {s: (game.plans.get(s, {}) if s == seat else plans.get(s, {})) for s in range(SEATS)}
    return g
