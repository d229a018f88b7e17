"""Paohuzi's computer players: ``TIERS`` builds each tier (``cardavia.ai.tiers.make_agent``).

``eval`` measures how far a holding is from a win, ``agents`` holds the greedy, easy and normal
tiers, ``plan`` counts the chance that a holding still wins, which the hard tier (``hard``) plays by.
"""

from __future__ import annotations

from collections.abc import Callable

from cardavia.ai.agent import Agent
from cardavia.ai.paohuzi.agents import EasyAgent, GreedyAgent, NormalAgent
from cardavia.ai.paohuzi.felt import FELT as FELT  # how each tier feels (cardavia.ai.labels)
from cardavia.ai.paohuzi.felt import SENTENCE as SENTENCE
from cardavia.ai.paohuzi.hard import PlannerAgent
from cardavia.ai.paohuzi.hints import missing as missing  # what a hint says (cardavia.ai.hints)

TIERS: dict[str, Callable[[], Agent]] = {
    "greedy": GreedyAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": PlannerAgent,
}
