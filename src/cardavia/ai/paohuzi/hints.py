"""What a hint says of a Paohuzi action: how many cards the holding still misses after it."""

from __future__ import annotations

from cardavia.ai.agent import Observation
from cardavia.ai.paohuzi import agents
from cardavia.games.paohuzi.cards import DECK


def missing(obs: Observation, action: str) -> int:
    """Cards the holding still misses after ``action`` (and its best discard after a claim)."""
    sit = agents.situation(obs)
    if action.startswith("discard "):
        return agents.distance(agents.without(sit.holding, DECK.card(action.split()[1])))
    holding = agents.after_action(action, sit) or sit.holding
    options = agents.discards(holding)
    if sum(holding.free) > holding.rest_size() and options:
        return min(agents.distance(agents.without(holding, k)) for k in options)
    return agents.distance(holding)
