"""Sì Sè Pái's computer players: ``TIERS`` builds each tier (``cardavia.ai.tiers.make_agent``).

``eval`` judges a holding (groups, distance, points), ``agents`` holds the greedy, easy and normal
tiers, ``defend`` the hard tier (normal that does not feed the other seats, judged on worlds sampled
from its view). ``hard`` is the determinized search that was the hard tier before (normal plus
playouts by ``sim`` on close decisions), kept as ``search_agent`` for ``scripts/bounds.py`` and its
tests: on the player's side it was no harder than normal (``STRENGTH.md``).
"""

from __future__ import annotations

from collections.abc import Callable

from cardavia.ai.agent import Agent
from cardavia.ai.sisepai.agents import EasyAgent, GreedyAgent, NormalAgent
from cardavia.ai.sisepai.defend import DefensiveAgent
from cardavia.ai.sisepai.hard import GameKit, HardAgent
from cardavia.ai.sisepai.sim import playout


def search_agent() -> HardAgent:
    """The former hard tier: searches normal's best candidates by playouts in sampled worlds."""
    return HardAgent(GameKit(NormalAgent().scores, playout))


def hard_agent() -> DefensiveAgent:
    """The hard tier: normal, less what each discard may feed any other seat."""
    return DefensiveAgent("hard")


TIERS: dict[str, Callable[[], Agent]] = {
    "greedy": GreedyAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": hard_agent,
}
