"""Computer opponents: the agent contract and the tiers of every game.

An agent decides from an ``Observation`` only (its seat's view, its legal actions and sampled
hidden worlds consistent with that view) and draws randomness only from the ``Rng`` it is given.
"""

from __future__ import annotations

from cardavia.ai.agent import TIERS, Agent, Observation, observe
from cardavia.ai.tiers import make_agent

__all__ = ["TIERS", "Agent", "Observation", "make_agent", "observe"]
