"""``make_agent``: every game's computer players, by tier. Each game's package under ``cardavia.ai``
registers its tiers in ``TIERS`` (name -> a function building the agent); ``random`` is shared."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cardavia.ai.agent import TIERS, Agent, RandomAgent
from cardavia.engine.errors import CardaviaError
from cardavia.engine.registry import floor, game_names, has_floor


def tiers_of(game_name: str) -> Mapping[str, Callable[[], Agent]]:
    """The tiers game ``game_name`` registers in its ``"ai"`` floor (none if it has no such floor)."""
    if game_name not in game_names() or not has_floor(game_name, "ai"):
        return {}
    found: Mapping[str, Callable[[], Agent]] = floor(game_name, "ai").TIERS
    return found


def make_agent(game_name: str, tier: str) -> Agent:
    """Return an agent of ``tier`` for game ``game_name``; ``CardaviaError`` if either is unknown."""
    if tier not in TIERS:
        raise CardaviaError(f"unknown tier {tier!r}; tiers are {', '.join(TIERS)}")
    known = [name for name in game_names() if tiers_of(name)]
    if game_name not in known:
        raise CardaviaError(f"unknown game {game_name!r}; known games: {', '.join(known)}")
    if tier == "random":
        return RandomAgent()
    return tiers_of(game_name)[tier]()
