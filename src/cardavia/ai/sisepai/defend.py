"""Defence for Sì Sè Pái's hard tier: what a discard may give the other seats, from the view alone.

``risk`` samples hidden worlds consistent with the view (``obs.worlds``, the only way to see hidden
cards, and only invented ones) and asks, for each kind this seat might throw, how often another seat
would win on it or take it to come nearer a win. Every other seat is treated alike. A uniform world
deals the other hands at random, but real hands are built to win, so a sampled hand counts with
weight ``e^(-NEAR · distance)``: the near hands the view allows say the most about what is wanted.
The sampler is seeded from the view itself, so the same view always gives the same risk.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Sequence

from cardavia.ai.agent import Observation
from cardavia.ai.sisepai import agents
from cardavia.ai.sisepai.agents import (
    NormalAgent,
    after_take,
    discard_choices,
    discard_danger,
    hand_of,
    hand_value,
    parse_take,
    shortlist,
    situation,
)
from cardavia.engine.rng import Rng
from cardavia.games.sisepai.cards import DECK, KINDS, SEATS
from cardavia.games.sisepai.claims import NEXT, OTHER, allowed_takes
from cardavia.games.sisepai.melds import group_points
from cardavia.games.sisepai.state import SisepaiGame

WORLDS = 16  # sampled worlds per decision
FEED_WIN = 5.0  # distance steps lost per (weighted) sampled seat the card would complete
FEED_TAKE = 0.0  # per sampled seat that may take the card and come nearer a win
NEAR = 0.0  # weight e^(-NEAR · distance) of a sampled hand


def view_seed(obs: Observation) -> int:
    """A seed that depends on the view only."""
    return zlib.crc32(json.dumps(obs.view, sort_keys=True, default=str).encode())


def risk(obs: Observation, kinds: Sequence[int]) -> dict[int, float]:
    """Each kind's feeding cost (distance steps) if this seat throws it now."""
    cost = dict.fromkeys(kinds, 0.0)
    if not kinds or (FEED_WIN == 0.0 and FEED_TAKE == 0.0):
        return cost
    rng = Rng(view_seed(obs))
    weight_sum = 0.0
    for w in range(WORLDS):
        world = obs.worlds(rng.fork(w))
        if not isinstance(world, SisepaiGame):
            return cost
        for other in range(SEATS):
            if other == obs.seat:
                continue
            hand = tuple(world.hands[other])
            held = hand_of(hand) if NEAR or FEED_TAKE else None
            distance = held.judge().distance if held is not None else 0
            weight = math.exp(-NEAR * distance) if NEAR else 1.0
            weight_sum += weight
            who = NEXT if other == (obs.seat + 1) % SEATS else OTHER
            for k in kinds:
                if world.can_win(other, k):
                    cost[k] += FEED_WIN * weight
                elif (
                    held is not None
                    and FEED_TAKE
                    and allowed_takes(hand, k, who)
                    and held.changed(k, +1, 0).distance < distance
                ):
                    cost[k] += FEED_TAKE * weight
    if weight_sum <= 0.0:
        return cost
    # a mean over the other seats' sampled hands, times the seats that might be fed
    scale = (SEATS - 1) / weight_sum
    return {k: v * scale for k, v in cost.items()}


class DefensiveAgent(NormalAgent):
    """Normal, less every discard's feeding ``risk`` (alone, or as the discard after a take)."""

    def __init__(self, name: str = "defensive") -> None:
        super().__init__(name)

    def value_all(self, obs: Observation) -> list[tuple[float, str]]:
        """Normal's values, discards and takes charged with what their discard may feed."""
        sit = situation(obs)
        kinds: set[int] = set()
        takes: dict[str, tuple[tuple[int, ...], list[int]]] = {}
        for action in obs.legal:
            verb = action.split(" ", 1)[0]
            if verb == "discard":
                kinds.add(DECK.card(action.split()[1]))
            elif verb == "take" and sit.public is not None:
                hand = after_take(sit.hand, parse_take(action), sit.public)
                choices = shortlist(hand, discard_choices(hand))
                takes[action] = (hand, choices)
                kinds.update(choices)
        cost = risk(obs, sorted(k for k in kinds if k < KINDS))
        scored: list[tuple[float, str]] = []
        for action in obs.legal:
            verb = action.split(" ", 1)[0]
            if verb == "discard":
                k = DECK.card(action.split()[1])
                after = list(sit.hand)
                after[k] -= 1
                scored.append((self._discard_value(tuple(after), k, sit) - cost.get(k, 0.0), action))
            elif action in takes:
                hand, choices = takes[action]
                exposed = sit.exposed_points + group_points(parse_take(action))
                value = max(
                    hand_value((*hand[:k], hand[k] - 1, *hand[k + 1:]), exposed, sit)
                    - discard_danger(k, sit)
                    - cost.get(k, 0.0)
                    for k in choices
                )
                scored.append((value + agents.TAKE_BONUS, action))
            else:
                scored.append((hand_value(sit.hand, sit.exposed_points, sit), action))
        return scored
