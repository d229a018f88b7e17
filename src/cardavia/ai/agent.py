"""The agent contract (shared contract B): ``Observation``, ``Agent``, ``observe``, ``make_agent``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import Game
from cardavia.engine.rng import Rng

TIERS = ("random", "greedy", "easy", "normal", "hard")


@dataclass(frozen=True)
class Observation:
    """What one seat may know when it must act.

    ``worlds(rng)`` returns a full state sampled consistently with ``view`` (the real state's
    ``determinize``): the only way an agent may see hidden cards, and only invented ones.
    """

    game: str
    seat: int
    view: dict[str, Any]
    legal: tuple[str, ...]
    window: int
    worlds: Callable[[Rng], Game]


class Agent(Protocol):
    """A player: returns one of ``obs.legal``; ``deadline`` is a ``time.monotonic()`` value."""

    name: str

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """Choose an action from ``obs.legal``."""
        ...


def observe(game: Game, seat: int) -> Observation:
    """The observation of ``seat`` in ``game`` now; raise ``CardaviaError`` if the seat is not asked."""
    decision = game.decision()
    legal = tuple(game.legal_actions(seat))
    if decision is None or not legal:
        raise CardaviaError(f"seat {seat} has no decision to make")

    snapshot = game.clone()  # the observation stays true even if the live game moves on

    def worlds(rng: Rng) -> Game:
        return snapshot.determinize(seat, rng)

    return Observation(game.spec.name, seat, game.view(seat), legal, decision.window, worlds)


class RandomAgent:
    """The random-legal baseline: claims a win (or tianhu) when legal, otherwise uniform."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """Win if possible, else pick uniformly from ``obs.legal``."""
        for verb in ("win", "tianhu"):
            if verb in obs.legal:
                return verb
        return obs.legal[rng.below(len(obs.legal))]


def make_agent(game_name: str, tier: str) -> Agent:
    """Return an agent of ``tier`` for game ``game_name``; ``CardaviaError`` if either is unknown."""
    if tier not in TIERS:
        raise CardaviaError(f"unknown tier {tier!r}; tiers are {', '.join(TIERS)}")
    if game_name not in ("sisepai", "paohuzi"):
        raise CardaviaError(f"unknown game {game_name!r}; known games: paohuzi, sisepai")
    if tier == "random":
        return RandomAgent()
    if game_name == "sisepai":
        from cardavia.ai import sisepai_agents as tiers
    else:
        from cardavia.ai import paohuzi_agents as tiers  # type: ignore[no-redef]
    if tier == "greedy":
        return tiers.GreedyAgent()
    if tier == "easy":
        return tiers.EasyAgent()
    if tier == "hard" and game_name == "paohuzi":
        from cardavia.ai.paohuzi_hard import PlannerAgent

        return PlannerAgent()
    if tier == "hard":
        from cardavia.ai import sisepai_agents
        from cardavia.ai.hard import GameKit, HardAgent

        return HardAgent(GameKit(sisepai_agents.NormalAgent().scores, sisepai_agents.PLAYOUT))
    return tiers.NormalAgent(tier)
