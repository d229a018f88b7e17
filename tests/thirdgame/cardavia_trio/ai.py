"""Trio's computer players (its ``ai`` floor): ``TIERS`` and ``missing`` for hints.

A holding waiting for a card (4 or 1 concealed cards) is judged by ``missing``: how many of its
cards must change before one more card completes it. ``normal`` wins when it can, takes a discard
that brings it no further from a win, and discards what it misses least; ``easy`` discards at random
among its loose cards; ``greedy`` takes whatever it can; ``hard`` is ``normal`` (a tiny game).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardavia.ai.agent import Agent, Observation
from cardavia.engine.game import own_hand
from cardavia.engine.rng import Rng
from cardavia_trio.cards import DECK


def distance(counts: Sequence[int]) -> int:
    """Cards of a holding waiting for its last card (4 or 1) that must change before one card
    completes it (4 cards: a triple and a pair with one short; 1 card: a pair with one short)."""
    size = sum(counts)
    if size <= 1:
        return 0
    best = max(
        min(counts[a], 3) + min(counts[b], 2)
        for a in range(len(counts))
        for b in range(len(counts))
        if a != b
    )
    return max(0, 4 - best)


def _hand(obs: Observation) -> list[int]:
    return DECK.counts(DECK.parse_list(own_hand(obs.view["seats"][obs.seat])))


def missing(obs: Observation, action: str) -> int:
    """Cards the hand still misses after ``action`` (and its best discard after a take)."""
    counts = _hand(obs)
    verb, _, rest = action.partition(" ")
    if verb == "discard":
        counts[DECK.card(rest)] -= 1
        return distance(counts)
    if verb == "take":
        counts[DECK.card(rest.split()[0])] -= 2
        return min(distance(_less(counts, k)) for k, n in enumerate(counts) if n) if sum(counts) else 0
    if sum(counts) in (5, 2):
        return min(distance(_less(counts, k)) for k, n in enumerate(counts) if n)
    return distance(counts)


def _less(counts: Sequence[int], kind: int) -> list[int]:
    out = list(counts)
    out[kind] -= 1
    return out


class Player:
    """One tier: ``loose`` discards at random, ``grabs`` takes every discard it can."""

    def __init__(self, name: str, loose: bool = False, grabs: bool = False) -> None:
        self.name = name
        self.loose = loose
        self.grabs = grabs

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """The win when legal, else a take or a discard as the tier plays."""
        legal = obs.legal
        if "win" in legal:
            return "win"
        takes = [a for a in legal if a.startswith("take ")]
        if takes:
            now = missing(obs, "pass")
            return takes[0] if self.grabs or missing(obs, takes[0]) <= now else "pass"
        if "pass" in legal:
            return "pass"
        if self.loose:
            return legal[rng.below(len(legal))]
        return min(legal, key=lambda a: (missing(obs, a), a))


TIERS: dict[str, Callable[[], Agent]] = {
    "greedy": lambda: Player("greedy", grabs=True),
    "easy": lambda: Player("easy", loose=True),
    "normal": lambda: Player("normal"),
    "hard": lambda: Player("hard"),
}
