"""The agent contract (shared contract B): ``Observation``, ``Agent``, ``observe``, the random baseline."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import Game, View
from cardavia.engine.rng import Rng

TIERS = ("random", "greedy", "easy", "normal", "hard")


@dataclass(frozen=True)
class Observation:
    """What one seat may know when it must act.

    ``view`` is the seat's view: ``view_source`` is the view, or a function that returns it, called
    on the first read (an agent that never reads the view never pays for it). ``worlds(rng)``
    returns a full state sampled consistently with ``view`` (the real state's ``determinize``): the
    only way an agent may see hidden cards, and only invented ones.
    """

    game: str
    seat: int
    view_source: View | Callable[[], View]
    legal: tuple[str, ...]
    window: int
    worlds: Callable[[Rng], Game]

    @functools.cached_property
    def view(self) -> View:
        """The seat's view."""
        source = self.view_source
        return source() if callable(source) else source


class Agent(Protocol):
    """A player: returns one of ``obs.legal``; ``deadline`` is a ``time.monotonic()`` value."""

    name: str

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """Choose an action from ``obs.legal``."""
        ...


def observe(game: Game, seat: int, owned: bool = False) -> Observation:
    """The observation of ``seat`` in ``game`` now; raise ``CardaviaError`` if the seat is not asked.
    ``owned``: ``game`` is a copy of the caller's that nothing changes afterwards, so the
    observation may keep it rather than a copy of its own."""
    decision = game.decision()
    legal = tuple(game.legal_actions(seat))
    if decision is None or not legal:
        raise CardaviaError(f"seat {seat} has no decision to make")

    snapshot = game if owned else game.clone()  # the observation stays true if the live game moves on

    def worlds(rng: Rng) -> Game:
        return snapshot.determinize(seat, rng)

    return Observation(game.spec.name, seat, lambda: snapshot.view(seat), legal, decision.window, worlds)


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
