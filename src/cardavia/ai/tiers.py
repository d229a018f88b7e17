"""``make_agent``: every game's computer players, by tier. Each game's package under ``cardavia.ai``
registers its tiers in ``TIERS`` (name -> a function building the agent); ``random`` is shared."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cardavia.ai import paohuzi, sisepai
from cardavia.ai.agent import TIERS, Agent, RandomAgent
from cardavia.engine.errors import CardaviaError

GAMES: Mapping[str, Mapping[str, Callable[[], Agent]]] = {"sisepai": sisepai.TIERS, "paohuzi": paohuzi.TIERS}


def make_agent(game_name: str, tier: str) -> Agent:
    """Return an agent of ``tier`` for game ``game_name``; ``CardaviaError`` if either is unknown."""
    if tier not in TIERS:
        raise CardaviaError(f"unknown tier {tier!r}; tiers are {', '.join(TIERS)}")
    if game_name not in GAMES:
        raise CardaviaError(f"unknown game {game_name!r}; known games: {', '.join(sorted(GAMES))}")
    if tier == "random":
        return RandomAgent()
    return GAMES[game_name][tier]()
