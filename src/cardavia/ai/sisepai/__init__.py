"""Sì Sè Pái's computer players: ``TIERS`` builds each tier (``cardavia.ai.tiers.make_agent``).

``eval`` judges a holding (groups, distance, points), ``agents`` holds the greedy, easy and normal
tiers, ``sim`` plays a deal out fast for the hard tier's search (``hard``).
"""

from __future__ import annotations

from collections.abc import Callable

from cardavia.ai.agent import Agent
from cardavia.ai.sisepai.agents import EasyAgent, GreedyAgent, NormalAgent
from cardavia.ai.sisepai.felt import FELT as FELT  # how each tier feels (cardavia.ai.labels)
from cardavia.ai.sisepai.felt import SENTENCE as SENTENCE
from cardavia.ai.sisepai.hard import GameKit, HardAgent
from cardavia.ai.sisepai.hints import missing as missing  # what a hint says (cardavia.ai.hints)
from cardavia.ai.sisepai.sim import playout


def hard_agent() -> HardAgent:
    """The hard tier: searches the normal tier's best candidates by playouts in sampled worlds."""
    return HardAgent(GameKit(NormalAgent().scores, playout))


TIERS: dict[str, Callable[[], Agent]] = {
    "greedy": GreedyAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": hard_agent,
}
