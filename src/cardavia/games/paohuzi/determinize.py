"""Determinization: the cards one seat cannot see, dealt again (for AI search).

Hidden from a seat: the other hands (except the dealer's shown card), the other seats' initial ti,
the stock order, and in a claim window the other seats' options and answers. ``sample`` deals them
at random and may break a rule (a four in a hand, a dead hand that is not all kans, a seat owing a
discard without a free card); ``solve`` searches for a deal that breaks none, in a random order,
and finds one in every reachable position (the real deal is one); ``place`` puts a deal into a
copy of the game. Everything in ``view(seat)`` stays the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.engine.claims import PASS, ClaimWindow
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import KINDS, SEATS
from cardavia.games.paohuzi.melds import identical

if TYPE_CHECKING:
    from cardavia.games.paohuzi.game import PaohuziGame

Dealt = tuple[list[list[int]], list[list[int]], list[int]]
"""The hidden ti kinds of each seat, every hand (counts) and the stock (top first)."""


def _visible_counts(game: PaohuziGame, seat: int) -> list[int]:
    seen = list(game.hands[seat])
    for s in range(SEATS):
        for m in game.melds[s]:
            if s == seat or not m.hidden:
                for c in m.cards:
                    seen[c] += 1
        for c in game.discards[s]:
            seen[c] += 1
    if game.public is not None:
        seen[game.card] += 1
    if game.shown >= 0 and game.dealer != seat:
        seen[game.shown] += 1
    return seen


def _fixed_hand(game: PaohuziGame, s: int) -> tuple[list[int], int]:
    """What ``seat`` knows of ``s``'s hand (the dealer's shown card) and how many cards are unknown."""
    hand = [0] * KINDS
    size = sum(game.hands[s])
    if s == game.dealer and game.shown >= 0:
        hand[game.shown] = 1
        size -= 1
    return hand, size


def _fits(game: PaohuziGame, s: int, hand: list[int]) -> bool:
    """The rules a hand of another seat must keep: no four, a dead hand all kans, a seat owing a
    discard holds a free card."""
    if game.dead[s]:
        return all(n in (0, 3) for n in hand)
    if any(n > 3 for n in hand):
        return False
    return not (game.awaits_discard and game.actor == s and not any(0 < n < 3 for n in hand))


def sample(game: PaohuziGame, seat: int, rng: Rng) -> Dealt | None:
    """A random deal of what ``seat`` cannot see; None if it broke a rule."""
    pool = [max(0, 4 - n) for n in _visible_counts(game, seat)]
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
        hand, size = _fixed_hand(game, s)
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
        if not _fits(game, s, hand):
            return None
        hands[s] = hand
    rest = [k for k in range(KINDS) for _ in range(pool[k])]
    rng.shuffle(rest)
    return ti_kinds, hands, rest[: game.stock_count()]


def solve(game: PaohuziGame, seat: int, rng: Rng) -> Dealt | None:
    """A deal of what ``seat`` cannot see that breaks no rule, by a depth-first search over the
    kinds in a random order; None only when there is none (an unreachable position)."""
    pool = [max(0, 4 - n) for n in _visible_counts(game, seat)]
    others = [s for s in range(SEATS) if s != seat]
    order = list(range(KINDS))
    rng.shuffle(order)
    tis = [(s, sum(1 for m in game.melds[s] if m.hidden)) for s in others]
    ti_kinds: list[list[int]] = [[] for _ in range(SEATS)]
    hands: list[list[int]] = [list(h) for h in game.hands]

    def seats_from(i: int) -> bool:
        if i == len(others):
            return True
        s = others[i]
        hand, size = _fixed_hand(game, s)
        return fill(i, s, hand, 0, size)

    def fill(i: int, s: int, hand: list[int], at: int, left: int) -> bool:
        if left == 0:
            if not _fits(game, s, hand):
                return False
            hands[s] = hand[:]
            return seats_from(i + 1)
        if at == len(order) or sum(pool[k] for k in order[at:]) < left:
            return False
        k = order[at]
        counts = (3, 0) if game.dead[s] else (1, 2, 3, 0) if rng.below(2) else (0, 1, 2, 3)
        for n in counts:
            if n > left or n > pool[k] or hand[k] + n > 3:
                continue
            hand[k] += n
            pool[k] -= n
            if fill(i, s, hand, at + 1, left - n):
                return True
            hand[k] -= n
            pool[k] += n
        return False

    def ti_from(j: int, need: int) -> bool:
        if j == len(tis):
            return seats_from(0)
        s, count = tis[j]
        if need == count:
            return ti_from(j + 1, 0)
        for k in order:
            if pool[k] == 4:
                pool[k] = 0
                ti_kinds[s].append(k)
                if ti_from(j, need + 1):
                    return True
                ti_kinds[s].pop()
                pool[k] = 4
        return False

    if not ti_from(0, 0):
        return None
    rest = [k for k in range(KINDS) for _ in range(pool[k])]
    rng.shuffle(rest)
    return ti_kinds, hands, rest[: game.stock_count()]


def place(world: PaohuziGame, dealt: Dealt, seat: int) -> None:
    """Put ``dealt`` into ``world`` (a copy of the game seen by ``seat``): hidden ti kinds, hands,
    the stock, the other seats' chou as the public part only, and in a claim window every other
    seat asked afresh from its new hand (its own answer kept)."""
    ti_kinds, hands, stock = dealt
    for s in range(SEATS):
        if s != seat:
            kinds = iter(ti_kinds[s])
            world.melds[s] = [identical("ti", next(kinds), hidden=True) if m.hidden else m
                              for m in world.melds[s]]
    world.hands = hands
    world.chou = [c if s == seat else world.chou_shown[s] for s, c in enumerate(world.chou)]
    world.stock = tuple(world.stock[: world.top]) + tuple(stock)
    world._bases = [None] * SEATS
    world._parts = [None] * SEATS
    world._packs = [None] * SEATS
    real = world.window
    if real is not None:
        options, plans = world.options(world.card, world.owner, world.kind)
        asked: dict[int, tuple[str, ...]] = {}
        for s in range(SEATS):
            if s == seat:
                if s in real.options:
                    asked[s] = real.options[s]
            elif s in options or s in real.options:
                asked[s] = options.get(s, (PASS,))
        answers = {seat: real.answers[seat]} if seat in real.answers else {}
        world.window = ClaimWindow(real.window, asked, answers)
        world.plans = {s: (world.plans.get(s, {}) if s == seat else plans.get(s, {})) for s in range(SEATS)}
