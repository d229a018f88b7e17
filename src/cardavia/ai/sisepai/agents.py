"""Sì Sè Pái tiers: greedy (distance, then useful cards), easy, normal (one-step expected value).

Every agent reads only its ``Observation``: its own hand from the view, public melds, dead cards
and the public card. ``unseen`` counts the copies of each kind this seat cannot see anywhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardavia.ai.agent import Observation
from cardavia.ai.common import ScoringAgent, best_of, winning_action
from cardavia.ai.sisepai.eval import Hand
from cardavia.engine.game import own_hand
from cardavia.engine.rng import Rng
from cardavia.games.sisepai.cards import DECK, KINDS, STOCK, is_single, mates
from cardavia.games.sisepai.melds import group_points

USEFUL_WEIGHT = 0.6
USEFUL_HALF = 30.0
DANGER = 0.5
TAKE_BONUS = 0.02
FRIEND_TIE = 0.05  # discards: fewer groupmates in hand first (measured: +0.034 win share vs random)


@dataclass(frozen=True)
class Situation:
    """What one seat knows, as count arrays."""

    seat: int
    hand: tuple[int, ...]
    exposed_points: int
    unseen: tuple[int, ...]
    unseen_total: int
    stock: int
    public: int | None
    owner: int | None
    window: str | None
    hand_counts: tuple[int, ...]


def situation(obs: Observation) -> Situation:
    """Read ``obs.view`` into count arrays."""
    view = obs.view
    seats = view["seats"]
    hand = DECK.counts(DECK.parse_list(own_hand(seats[obs.seat])))
    seen = list(hand)
    exposed_points = 0
    for s, entry in enumerate(seats):
        for text in entry["melds"]:
            group = DECK.parse(text)
            for c in group:
                seen[c] += 1
            if s == obs.seat:
                exposed_points += group_points(group)
        for code in entry["discards"]:
            seen[DECK.card(code)] += 1
    public = view.get("public")
    card = owner = window = None
    if public:
        card = DECK.card(public["card"])
        owner = int(public["owner"])
        window = str(public["window"])
        seen[card] += 1
    unseen = tuple(max(0, DECK.copies[k] - seen[k]) for k in range(KINDS))
    counts = tuple(
        int(e["hand_count"]) if "hand_count" in e else len(e["hand"]) if isinstance(e["hand"], list) else 0
        for e in seats
    )
    return Situation(
        obs.seat, tuple(hand), exposed_points, unseen, sum(unseen), int(view["stock"]), card, owner,
        window, counts,
    )


@lru_cache(maxsize=1 << 14)
def hand_of(counts: tuple[int, ...]) -> Hand:
    """A cached ``Hand`` for these counts."""
    return Hand(counts)


def win_chance(useful: int, sit: Situation) -> float:
    """Chance that one of ``useful`` winning copies turns up before the stock runs out."""
    if sit.unseen_total <= 0:
        return 0.0
    reveals = sit.stock + 0.25 * (sit.unseen_total - sit.stock) * sit.stock / STOCK
    return 1.0 - math.exp(-useful * reveals / sit.unseen_total)


def hand_value(counts: tuple[int, ...], exposed_points: int, sit: Situation) -> float:
    """Worth of holding ``counts``, in distance steps (one step = one card still needed).

    Distance dominates; useful copies and reachable points refine it; a ready hand adds its chance
    to win before the stock runs out.
    """
    hand = hand_of(counts)
    j = hand.judge()
    if j.distance >= 99:
        return -99.0
    useful, _ = hand.useful(sit.unseen)
    value = -j.distance + USEFUL_WEIGHT * useful / (useful + USEFUL_HALF)
    value += 0.005 * (j.points + exposed_points)
    if j.distance == 1:
        value += 0.5 * win_chance(useful, sit)
    return value


def discard_danger(card: int, sit: Situation) -> float:
    """How much a discard may feed an opponent (a win or a triple), growing as the stock runs down."""
    late = 1.0 - sit.stock / STOCK
    return DANGER * late * (0.03 + 0.04 * sit.unseen[card])


def friends(counts: Sequence[int], card: int) -> int:
    """How many other concealed cards can share a group with ``card`` (copies count double)."""
    return 2 * (counts[card] - 1) + sum(counts[m] for m in mates(card))


def parse_take(action: str) -> tuple[int, ...]:
    """The cards of a ``take`` action's group."""
    return tuple(DECK.parse(action.split(" ", 1)[1]))


def after_take(hand: Sequence[int], group: Sequence[int], card: int) -> tuple[int, ...]:
    """The concealed hand after taking ``card`` into ``group``."""
    out = list(hand)
    for c in group:
        out[c] -= 1
    out[card] += 1
    return tuple(out)


def discard_choices(counts: Sequence[int]) -> list[int]:
    """The kinds that may be discarded from ``counts``."""
    return [k for k in range(KINDS) if counts[k] and not is_single(k)]


@lru_cache(maxsize=1 << 12)
def _shortlist(counts: tuple[int, ...], choices: tuple[int, ...], slack: int) -> list[int]:
    hand = hand_of(counts)
    dist = [(hand.changed(k, -1, 1).distance, k) for k in choices]
    best = min(d for d, _ in dist)
    return [k for d, k in dist if d <= best + slack]


def shortlist(counts: tuple[int, ...], choices: Sequence[int], slack: int = 0) -> list[int]:
    """The discards that keep the distance within ``slack`` of the best (a new list)."""
    return list(_shortlist(counts, tuple(choices), slack))


def best_discard_value(counts: tuple[int, ...], exposed: int, sit: Situation) -> tuple[float, int]:
    """The best discard by expected value minus danger, and its value."""
    scored = []
    for k in shortlist(counts, discard_choices(counts)):
        after = list(counts)
        after[k] -= 1
        scored.append((hand_value(tuple(after), exposed, sit) - discard_danger(k, sit), k))
    return max(scored)


class NormalAgent(ScoringAgent):
    """One-step expected value: every take is judged with its best follow-up discard."""

    def __init__(self, name: str = "normal") -> None:
        super().__init__(name)

    def value_all(self, obs: Observation) -> list[tuple[float, str]]:
        """Every legal action with its estimated value (higher is better)."""
        sit = situation(obs)
        scored: list[tuple[float, str]] = []
        for action in obs.legal:
            verb = action.split(" ", 1)[0]
            if verb == "discard":
                k = DECK.card(action.split()[1])
                after = list(sit.hand)
                after[k] -= 1
                scored.append((self._discard_value(tuple(after), k, sit), action))
            elif verb == "take" and sit.public is not None:
                group = parse_take(action)
                after_hand = after_take(sit.hand, group, sit.public)
                exposed = sit.exposed_points + group_points(group)
                value, _ = best_discard_value(after_hand, exposed, sit)
                scored.append((value + TAKE_BONUS, action))
            else:
                scored.append((hand_value(sit.hand, sit.exposed_points, sit), action))
        return scored

    def _discard_value(self, after: tuple[int, ...], card: int, sit: Situation) -> float:
        """Discards that lengthen the distance are not worth a full evaluation."""
        if card not in shortlist(sit.hand, discard_choices(sit.hand)):
            return -50.0 - hand_of(after).judge().distance
        value = hand_value(after, sit.exposed_points, sit) - discard_danger(card, sit)
        return value - FRIEND_TIE * friends(sit.hand, card)


class GreedyAgent(ScoringAgent):
    """Baseline: least distance, then most useful unseen copies; takes whatever keeps it closest."""

    def __init__(self, name: str = "greedy") -> None:
        super().__init__(name)

    def value_all(self, obs: Observation) -> list[tuple[float, str]]:
        """Every legal action with its value (higher is better)."""
        sit = situation(obs)
        scored: list[tuple[float, str]] = []
        for action in obs.legal:
            verb = action.split(" ", 1)[0]
            if verb == "discard":
                after = list(sit.hand)
                after[DECK.card(action.split()[1])] -= 1
                scored.append((self._score(tuple(after), sit), action))
            elif verb == "take" and sit.public is not None:
                after_hand = after_take(sit.hand, parse_take(action), sit.public)
                best = max(
                    self._score(tuple((*after_hand[:k], after_hand[k] - 1, *after_hand[k + 1:])), sit)
                    for k in discard_choices(after_hand)
                )
                scored.append((best, action))
            else:
                scored.append((self._score(sit.hand, sit), action))
        return scored

    @staticmethod
    def _score(counts: tuple[int, ...], sit: Situation) -> float:
        hand = hand_of(counts)
        useful, _ = hand.useful(sit.unseen)
        return -100.0 * hand.judge().distance + useful * 0.1


class EasyAgent:
    """A beginner: plays by distance alone, passes on some good takes, slips on some discards."""

    def __init__(self, name: str = "easy", slip: float = 0.25, timid: float = 0.3) -> None:
        self.name = name
        self.SLIP = slip
        self.TIMID = timid

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """Choose from ``obs.legal``."""
        win = winning_action(obs.legal)
        if win is not None:
            return win
        view = obs.view
        hand = tuple(DECK.counts(DECK.parse_list(own_hand(view["seats"][obs.seat]))))
        base = hand_of(hand)
        scored: list[tuple[float, str]] = []
        public = view.get("public")
        for action in obs.legal:
            verb = action.split(" ", 1)[0]
            if verb == "discard":
                k = DECK.card(action.split()[1])
                # Beginners hoard pairs and break runs: score by distance, prefer keeping pairs.
                score = -float(base.changed(k, -1, 1).distance) - (0.3 if hand[k] >= 2 else 0.0)
                scored.append((score, action))
            elif verb == "take" and public:
                group = parse_take(action)
                after = hand_of(after_take(hand, group, DECK.card(public["card"])))
                best = min(after.changed(k, -1, 1).distance for k in discard_choices(after.counts))
                scored.append((-float(best) + 0.1, action))
            else:
                scored.append((-float(base.judge().distance), action))
        if rng.random() < self.SLIP and len(scored) > 2 and scored[0][1].startswith("discard"):
            ordered = sorted(scored, key=lambda pair: -pair[0])
            return ordered[1 + rng.below(min(2, len(ordered) - 1))][1]
        choice = best_of(scored, rng)
        if choice.startswith("take") and "pass" in obs.legal and rng.random() < self.TIMID:
            return "pass"
        return choice
