"""Paohuzi tiers: greedy (distance, then useful cards), easy, normal (one-step expected value).

Every agent reads only its ``Observation``: its hand and melds from the view, public melds, discard
rows, the public card and the dealer's shown card. ``unseen`` counts the copies this seat cannot
see anywhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from cardavia.ai.agent import Observation
from cardavia.ai.common import ScoringAgent, winning_action
from cardavia.ai.paohuzi.eval import FAR, raw_distance, winning_kinds
from cardavia.engine.game import own_hand
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK, KINDS, chi_huxi, identical_huxi
from cardavia.games.paohuzi.rules import MIN_HUXI as WIN_HUXI
from cardavia.games.paohuzi.spec import STOCK_CARDS as STOCK

HUXI_WEIGHT = 0.01
CLAIM_BONUS = 0.01
READY_WEIGHT = 0.4
TOUCH_WEIGHT = 0.3
DANGER = 1.0
FOURS = ("ti", "pao")
FRIEND_TIE = 0.05  # discards: fewer friends in hand first (measured: +0.09 win share vs random)
WAYS_WEIGHT = 0.05  # a ready holding: more winning copies are better, up to WAYS_CAP of them
WAYS_CAP = 8
TOUCH_HALF = 40.0  # unseen copies touching the free cards at which the touch term is half its weight
DANGER_BASE = 0.02  # feeding danger of a discard late in the deal, and per unseen copy past the first
DANGER_PER_COPY = 0.03
GREEDY_TOUCH = 0.01  # greedy's tie-break: unseen copies touching its free cards
EASY_SLIP = 0.25  # easy: how often it throws a worse discard, and hesitates before a claim
EASY_TIMID = 0.3


@dataclass(frozen=True)
class Holding:
    """One seat's holding as the evaluator needs it."""

    free: tuple[int, ...]
    kans: tuple[int, ...]
    groups: int  # groups still to build from free cards (7 - melds - kans)
    fours: int
    huxi: int  # huxi of melds and kans

    @property
    def pair(self) -> bool:
        return self.fours >= 1

    @property
    def needed(self) -> int:
        return WIN_HUXI - self.huxi

    def rest_size(self) -> int:
        """Free cards held at rest (one short of the target)."""
        return 3 * self.groups - (1 if self.pair else 0) - 1


@dataclass(frozen=True)
class Situation:
    """What one seat knows."""

    seat: int
    holding: Holding
    unseen: tuple[int, ...]
    unseen_total: int
    stock: int
    public: int | None
    owner: int | None
    window: str | None
    melds: tuple[tuple[str, int], ...]  # (kind, card) of our identical melds


def holding_of(hand: Sequence[int], melds: Sequence[tuple[str, tuple[int, ...]]]) -> Holding:
    """Build a ``Holding`` from hand counts and (kind, cards) melds."""
    kans = tuple(k for k in range(KINDS) if hand[k] >= 3)
    free = tuple(0 if hand[k] >= 3 else hand[k] for k in range(KINDS))
    huxi = sum(identical_huxi("kan", k) for k in kans)
    fours = 0
    for kind, cards in melds:
        huxi += chi_huxi(cards) if kind == "chi" else identical_huxi(kind, cards[0])
        fours += kind in FOURS
    return Holding(free, kans, 7 - len(melds) - len(kans), fours, huxi)


def situation(obs: Observation) -> Situation:
    """Read ``obs.view`` into count arrays."""
    view = obs.view
    seats = view["seats"]
    me = seats[obs.seat]
    hand = DECK.counts(DECK.parse_list(own_hand(me)))
    seen = list(hand)
    my_melds: list[tuple[str, tuple[int, ...]]] = []
    for s, entry in enumerate(seats):
        for text in entry["melds"]:
            words = text.split()
            if len(words) < 2:
                continue  # another seat's initial ti: its kind is hidden
            cards = tuple(DECK.parse(" ".join(words[1:])))
            for c in cards:
                seen[c] += 1
            if s == obs.seat:
                my_melds.append((words[0], cards))
        for code in entry["discards"]:
            seen[DECK.card(code)] += 1
        shown = entry.get("shown")
        if shown and s != obs.seat:
            seen[DECK.card(shown)] += 1
    public = view.get("public")
    card = owner = window = None
    if public:
        card = DECK.card(public["card"])
        owner = int(public["owner"])
        window = str(public["window"])
        seen[card] += 1
    unseen = tuple(max(0, 4 - seen[k]) for k in range(KINDS))
    identical = tuple((kind, cards[0]) for kind, cards in my_melds if kind != "chi")
    return Situation(
        obs.seat, holding_of(hand, my_melds), unseen, sum(unseen), int(view["stock"]), card, owner,
        window, identical,
    )


def distance(h: Holding) -> int:
    """Cards still needed to win (1 = ready)."""
    if h.groups < 0:
        return FAR
    if winning_kinds(h.free, h.groups, h.pair, h.needed):
        return 1
    return max(2, raw_distance(h.free, h.groups, h.pair, h.needed))


def _neighbours(k: int) -> tuple[int, ...]:
    base = 10 if k >= 10 else 0
    n = k % 10 + 1
    out = {k, k + 10 if k < 10 else k - 10}
    for d in (-2, -1, 1, 2):
        if 1 <= n + d <= 10:
            out.add(base + n + d - 1)
    if n in (2, 7, 10):
        out.update(base + m - 1 for m in (2, 7, 10))
    return tuple(sorted(out))


_NEIGHBOURS = [_neighbours(k) for k in range(KINDS)]


def connected_unseen(h: Holding, unseen: Sequence[int]) -> int:
    """A cheap count of unseen copies that touch the free cards (a proxy for useful cards)."""
    touching: set[int] = set()
    for k in range(KINDS):
        if h.free[k]:
            touching.update(_NEIGHBOURS[k])
    return sum(unseen[k] for k in touching)


@lru_cache(maxsize=1 << 14)
def _value(h: Holding, unseen: tuple[int, ...], stock: int, unseen_total: int) -> float:
    d = distance(h)
    if d >= FAR:
        return -FAR
    value = -float(d) + HUXI_WEIGHT * min(h.huxi, 30)
    if d == 1:
        wins = winning_kinds(h.free, h.groups, h.pair, h.needed)
        ways = sum(unseen[k] for k in wins)
        value += READY_WEIGHT * (1.0 - math.exp(-ways * stock / max(1, unseen_total)))
        value += WAYS_WEIGHT * min(ways, WAYS_CAP) / WAYS_CAP
    else:
        touch = connected_unseen(h, unseen)
        value += TOUCH_WEIGHT * touch / (touch + TOUCH_HALF)
    return value


def hand_value(h: Holding, sit: Situation) -> float:
    """Worth of a holding in distance steps: distance first, then winning chances and huxi."""
    return _value(h, sit.unseen, sit.stock, sit.unseen_total)


def without(h: Holding, kind: int, n: int = 1) -> Holding:
    """The holding with ``n`` free cards of ``kind`` removed."""
    free = list(h.free)
    free[kind] -= n
    return replace(h, free=tuple(free))


def discards(h: Holding) -> list[int]:
    """Kinds that may be discarded (free cards)."""
    return [k for k in range(KINDS) if h.free[k]]


def settle(h: Holding, sit: Situation, width: int = 4) -> float:
    """Value after an intake: with the best discard when one is owed (among the ``width`` discards
    that keep the estimated distance lowest)."""
    if sum(h.free) <= h.rest_size() or not discards(h):
        return hand_value(h, sit)
    ranked = sorted(discards(h), key=lambda k: raw_distance(*_key(without(h, k))))
    return max(hand_value(without(h, k), sit) - danger(k, sit) for k in ranked[:width])


def _key(h: Holding) -> tuple[tuple[int, ...], int, bool, int]:
    return h.free, h.groups, h.pair, h.needed


def danger(kind: int, sit: Situation) -> float:
    """How much a discard may feed an opponent's peng, pao or chi, growing as the stock runs down."""
    late = 1.0 - sit.stock / STOCK
    return DANGER * late * (DANGER_BASE + DANGER_PER_COPY * max(0, sit.unseen[kind] - 1))


def after_action(action: str, sit: Situation) -> Holding | None:
    """The holding right after a claim (before any discard it owes); None if not a claim."""
    h = sit.holding
    c = sit.public
    verb = action.split(" ", 1)[0]
    if c is None:
        return None
    free = list(h.free)
    kans = list(h.kans)
    if verb == "peng":
        free[c] -= 2
        return Holding(tuple(free), h.kans, h.groups - 1, h.fours, h.huxi + identical_huxi("peng", c))
    if verb == "pao":
        old = next((kind for kind, k in sit.melds if k == c), None)
        if old is None and c in kans:
            kans.remove(c)
            huxi = h.huxi - identical_huxi("kan", c) + identical_huxi("pao", c)
            return Holding(h.free, tuple(kans), h.groups, h.fours + 1, huxi)
        if old is None:
            return None
        huxi = h.huxi - identical_huxi(old, c) + identical_huxi("pao", c)
        return Holding(h.free, h.kans, h.groups, h.fours + 1, huxi)
    if verb == "chi":
        groups = [tuple(DECK.parse(part)) for part in action.split(" ", 1)[1].split("/")]
        free[c] += 1
        huxi = h.huxi
        for g in groups:
            for k in g:
                free[k] -= 1
            huxi += chi_huxi(g)
        return Holding(tuple(free), h.kans, h.groups - len(groups), h.fours, huxi)
    return None


class NormalAgent(ScoringAgent):
    """One-step expected value: every claim is judged with its best follow-up discard."""

    def __init__(self, name: str = "normal") -> None:
        super().__init__(name)

    def value_all(self, obs: Observation) -> list[tuple[float, str]]:
        """Every legal action with its estimated value (higher is better)."""
        sit = situation(obs)
        scored: list[tuple[float, str]] = []
        for action in obs.legal:
            if action.startswith("discard "):
                k = DECK.card(action.split()[1])
                value = hand_value(without(sit.holding, k), sit) - danger(k, sit)
                scored.append((value - FRIEND_TIE * friends(sit.holding.free, k), action))
                continue
            after = after_action(action, sit)
            if after is None:
                scored.append((hand_value(sit.holding, sit), action))
            else:
                scored.append((settle(after, sit) + CLAIM_BONUS, action))
        return scored


class GreedyAgent(ScoringAgent):
    """Baseline: least distance, then most cards touching the hand; claims whatever keeps it closest."""

    def __init__(self, name: str = "greedy") -> None:
        super().__init__(name)

    def value_all(self, obs: Observation) -> list[tuple[float, str]]:
        """Every legal action with its value (higher is better)."""
        sit = situation(obs)

        def score(h: Holding) -> float:
            return -100.0 * distance(h) + GREEDY_TOUCH * connected_unseen(h, sit.unseen)

        def settled(h: Holding) -> float:
            if sum(h.free) <= h.rest_size() or not discards(h):
                return score(h)
            return max(score(without(h, k)) for k in discards(h))

        scored: list[tuple[float, str]] = []
        for action in obs.legal:
            if action.startswith("discard "):
                scored.append((score(without(sit.holding, DECK.card(action.split()[1]))), action))
                continue
            after = after_action(action, sit)
            scored.append((score(sit.holding) if after is None else settled(after), action))
        return scored


class EasyAgent:
    """A beginner: throws out the card with the fewest friends in hand, grabs pengs and pao, takes a
    chi when it does not break a pair, sometimes hesitates or slips. No counting, no lookahead."""

    def __init__(self, name: str = "easy", slip: float = EASY_SLIP, timid: float = EASY_TIMID) -> None:
        self.name = name
        self.SLIP = slip
        self.TIMID = timid

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """Choose from ``obs.legal``."""
        win = winning_action(obs.legal)
        if win is not None:
            return win
        hand = DECK.counts(DECK.parse_list(own_hand(obs.view["seats"][obs.seat])))
        free = [0 if n >= 3 else n for n in hand]
        if obs.legal[0].startswith("discard"):
            ranked = sorted(obs.legal, key=lambda a: (friends(free, DECK.card(a.split()[1])), a))
            if rng.random() < self.SLIP and len(ranked) > 2:
                return ranked[1 + rng.below(min(2, len(ranked) - 1))]
            return ranked[0]
        for verb in ("pao", "peng"):
            if verb in obs.legal and rng.random() >= self.TIMID:
                return verb
        chis = [a for a in obs.legal if a.startswith("chi ") and "/" not in a]
        for action in chis:
            cards = DECK.parse(action.split(" ", 1)[1])
            if all(free[c] < 2 for c in cards) and rng.random() >= self.TIMID:
                return action
        return "pass" if "pass" in obs.legal else obs.legal[0]


def friends(free: Sequence[int], kind: int) -> int:
    """How many free cards keep ``kind`` company (copies and chi-type neighbours)."""
    return 2 * (free[kind] - 1) + sum(free[k] for k in _NEIGHBOURS[kind] if k != kind)

