"""The Paohuzi hard tier: every action judged by the planner's chance of winning.

Normal estimates how many cards a holding lacks; hard asks ``paohuzi_plan`` for the chance that
the holding after each action (a claim with its best follow-up discard) still wins before the stock
runs out, over every way to build it, with the seat's chou and the unseen copies. Normal's own
score breaks near ties (a hopeless holding is still steered closer). The search is exhaustive (a
few milliseconds for most decisions, a few hundred for a full opening hand); a ``deadline``
(``time.monotonic()``) is checked between holdings, and when it comes first hard plays normal's
choice.
"""

from __future__ import annotations

import time

from cardavia.ai.agent import Observation
from cardavia.ai.common import best_of, obvious_action
from cardavia.ai.paohuzi_agents import (
    Holding,
    NormalAgent,
    after_action,
    danger,
    discards,
    situation,
    without,
)
from cardavia.ai.paohuzi_plan import Planner
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK

DANGER = 0.1  # of normal's feeding danger, in chance units
TIE = 0.001  # weight of normal's score (about minus the distance)
SAFETY = 0.01  # seconds kept in hand before a deadline


class Late(Exception):
    """The deadline came before every action was valued."""


class PlannerAgent:
    """Paohuzi hard: the action whose holding has the best chance to win (see the module text)."""

    def __init__(self, name: str = "hard") -> None:
        self.name = name
        self.normal = NormalAgent("normal")

    def act(self, obs: Observation, rng: Rng, deadline: float | None = None) -> str:
        """Choose from ``obs.legal``; answers by ``deadline`` when one is given."""
        obvious = obvious_action(obs.legal)
        if obvious is not None:
            return obvious
        try:
            return best_of(self.scores(obs, deadline), rng)
        except Late:
            return self.normal.act(obs, rng)

    def scores(self, obs: Observation, deadline: float | None = None) -> list[tuple[float, str]]:
        """Every legal action with its value: chance to win, less feeding danger, plus normal's
        score as a tie-break. Raises ``Late`` when ``deadline`` passes first."""
        sit = situation(obs)
        chou = frozenset(DECK.card(code) for code in obs.view["seats"][obs.seat]["chou"])
        planner = Planner(sit.unseen, sit.stock, chou)

        def chance(h: Holding, planner: Planner = planner) -> float:
            if deadline is not None and time.monotonic() >= deadline - SAFETY:
                raise Late
            return planner.chance(h.free, h.groups, h.pair, h.needed)

        def value(action: str) -> float:
            if action.startswith("discard "):
                k = DECK.card(action.split()[1])
                return chance(without(sit.holding, k)) - DANGER * danger(k, sit)
            after = after_action(action, sit)
            if after is None:
                offered = any(a == "peng" or a.startswith("chi ") for a in obs.legal)
                if offered and sit.public is not None:  # refusing puts the card in the seat's chou
                    return chance(sit.holding, Planner(sit.unseen, sit.stock, chou | {sit.public}))
                return chance(sit.holding)
            if sum(after.free) <= after.rest_size() or not discards(after):
                return chance(after)
            return max(chance(without(after, k)) - DANGER * danger(k, sit) for k in discards(after))

        normal = {action: score for score, action in self.normal.scores(obs)}
        return [(value(action) + TIE * normal[action], action) for action in obs.legal]
