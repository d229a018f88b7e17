"""The Paohuzi hard tier: every action judged by the planner's chance of winning.

Normal estimates how many cards a holding lacks; hard asks ``plan`` for the chance that
the holding after each action (a claim with its best follow-up discard) still wins before the stock
runs out, over every way to build it, with the seat's chou and the unseen copies. A kan, wei or peng
whose fourth copy is still unseen may yet become a four worth more huxi, so the chance is averaged
over those gains (``gains``, ``upgraded_chance``). Normal's own score breaks near ties (a hopeless
holding is still steered closer). The search is exhaustive (a few milliseconds for most decisions,
a few hundred for a full opening hand); a ``deadline`` (``time.monotonic()``) is checked between
holdings, and when it comes first hard plays normal's choice.
"""

from __future__ import annotations

import math
import time

from cardavia.ai.agent import Observation
from cardavia.ai.common import best_of, obvious_action
from cardavia.ai.paohuzi.agents import (
    Holding,
    NormalAgent,
    Situation,
    after_action,
    danger,
    discards,
    situation,
    without,
)
from cardavia.ai.paohuzi.plan import Planner
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK, identical_huxi

DANGER = 0.1  # of normal's feeding danger, in chance units
TIE = 0.001  # weight of normal's score (about minus the distance)
SAFETY = 0.01  # seconds kept in hand before a deadline
# The rate at which a triple's fourth copy comes, per reveal, as a share of an unseen card's (a
# peng's block rate); 0.5 and 1 measured alike, 2 worse (STRENGTH.md).
UPGRADE = 1.0

# Huxi gain -> chance.
Gains = dict[int, float]


def triples(action: str, sit: Situation) -> list[tuple[str, int]]:
    """The seat's kans, weis and pengs, as (group, kind), once ``action`` is played."""
    out = [("kan", k) for k in sit.holding.kans] + [m for m in sit.melds if m[0] in ("wei", "peng")]
    verb = action.split(" ", 1)[0]
    if verb == "peng" and sit.public is not None:
        out.append(("peng", sit.public))
    if verb == "pao":
        out = [m for m in out if m[1] != sit.public]
    return out


def gains(groups: list[tuple[str, int]], sit: Situation) -> Gains:
    """The chances of the huxi ``groups`` gain by becoming fours before the stock runs out: a kan or a
    wei by a pao on another seat's card, or a ti on the seat's own reveal (one reveal in three); a
    peng by a pao on any reveal. Only a group whose fourth copy is unseen may gain."""
    dist: Gains = {0: 1.0}
    if sit.unseen_total <= 0:
        return dist
    comes = 1.0 - math.exp(-UPGRADE * sit.stock / sit.unseen_total)
    for group, k in groups:
        if sit.unseen[k] != 1:
            continue
        pao = identical_huxi("pao", k) - identical_huxi(group, k)
        ways = {pao: comes}
        if group != "peng":
            ways = {pao: comes * 2 / 3, identical_huxi("ti", k) - identical_huxi(group, k): comes / 3}
        spread: Gains = {}
        for total, p in dist.items():
            spread[total] = spread.get(total, 0.0) + p * (1.0 - comes)
            for gain, q in ways.items():
                spread[total + gain] = spread.get(total + gain, 0.0) + p * q
        dist = spread
    return dist


def upgraded_chance(planner: Planner, h: Holding, dist: Gains) -> float:
    """The planner's chance for ``h``, averaged over the huxi gains ``dist``. A first four makes the
    seat need a pair (and owe one more discard, which the planner's dead weight absorbs); a pao may
    be declined, so the holding then takes the better of the two (a ti may not, but is taken alike:
    it needs the seat's own reveal of the one copy left)."""
    plain = planner.chance(h.free, h.groups, h.pair, h.needed)
    total = 0.0
    for gain, p in dist.items():
        if gain == 0:
            total += p * plain
            continue
        four = planner.chance(h.free, h.groups, True, h.needed - gain)
        total += p * (four if h.pair else max(plain, four))
    return total


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

    def planner(self, obs: Observation, sit: Situation, chou: frozenset[int]) -> Planner:
        """The planner for this decision: the unseen copies may be revealed, ``chou`` never claimed.
        (``scripts/bounds.py`` overrides it to measure what knowing the stock would be worth.)"""
        return Planner(sit.unseen, sit.stock, chou)

    def scores(self, obs: Observation, deadline: float | None = None) -> list[tuple[float, str]]:
        """Every legal action with its value: chance to win, less feeding danger, plus normal's
        score as a tie-break. Raises ``Late`` when ``deadline`` passes first."""
        sit = situation(obs)
        chou = frozenset(DECK.card(code) for code in obs.view["seats"][obs.seat]["chou"])
        planner = self.planner(obs, sit, chou)

        def value(action: str) -> float:
            dist = gains(triples(action, sit), sit)

            def chance(h: Holding, planner: Planner = planner) -> float:
                if deadline is not None and time.monotonic() >= deadline - SAFETY:
                    raise Late
                return upgraded_chance(planner, h, dist)

            if action.startswith("discard "):
                k = DECK.card(action.split()[1])
                return chance(without(sit.holding, k)) - DANGER * danger(k, sit)
            after = after_action(action, sit)
            if after is None:
                offered = any(a == "peng" or a.startswith("chi ") for a in obs.legal)
                if offered and sit.public is not None:  # refusing puts the card in the seat's chou
                    return chance(sit.holding, self.planner(obs, sit, chou | {sit.public}))
                return chance(sit.holding)
            if sum(after.free) <= after.rest_size() or not discards(after):
                return chance(after)
            return max(chance(without(after, k)) - DANGER * danger(k, sit) for k in discards(after))

        normal = {action: score for score, action in self.normal.scores(obs)}
        return [(value(action) + TIE * normal[action], action) for action in obs.legal]
