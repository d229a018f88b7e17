"""What a hint says of a Sì Sè Pái action: how many cards the hand still misses after it."""

from __future__ import annotations

from cardavia.ai.agent import Observation
from cardavia.ai.sisepai import agents
from cardavia.games.sisepai.cards import DECK


def missing(obs: Observation, action: str) -> int:
    """Cards the hand still misses after ``action`` (and its best discard after a take)."""
    sit = agents.situation(obs)
    counts = sit.hand
    if action.startswith("discard "):
        return agents.hand_of(_less(counts, DECK.card(action.split()[1]))).judge().distance
    if action.startswith("take ") and sit.public is not None:
        taken = agents.after_take(counts, agents.parse_take(action), sit.public)
        choices = agents.discard_choices(taken)
        if not choices:
            return agents.hand_of(taken).judge().distance
        return min(agents.hand_of(_less(taken, k)).judge().distance for k in choices)
    return agents.hand_of(counts).judge().distance


def _less(counts: tuple[int, ...], kind: int) -> tuple[int, ...]:
    after = list(counts)
    after[kind] -= 1
    return tuple(after)
