"""What would the computer do? The hard tier's choice from a seat's own view, with one reason.

``hint(game, seat, deadline)`` observes ``game`` from ``seat`` (``observe``: its own view, worlds that
never hold a real hidden card), asks the hard tier, and names the reason in the evaluators' own
terms: cards still missing to complete the hand, the unseen cards that would complete it, the
danger of feeding another seat. The randomness is seeded from the seat's view and legal actions,
so the same view always gives the same hint.

Reasons (``Hint.key``, worded as ``hint.<key>`` in the catalogues):

* ``win``: the action wins the deal now;
* ``ready``: the hand stays one card from complete, ``outs`` unseen cards would complete it;
* ``claim_closer``: the claim brings the hand from ``before`` to ``after`` cards missing;
* ``pass_keeps``: no claim would bring the hand closer (``missing`` cards missing); passing keeps it;
* ``discard_least``: ``card`` helps the hand least (``missing`` cards missing after it);
* ``discard_safe``: of the discards that help least, ``card`` feeds the other seats least;
* ``only``: there is nothing else sensible to do.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

from cardavia.ai.agent import Observation, observe
from cardavia.ai.tiers import make_agent
from cardavia.engine.game import Game, own_hand
from cardavia.engine.registry import floor, registration
from cardavia.engine.rng import Rng
from cardavia.engine.seen import unseen_counts

BUDGET = 0.8  # seconds the hard tier may think for a hint, as it may at the table
WINNING = frozenset({"win", "tianhu"})


@dataclass(frozen=True)
class Hint:
    """The action the hard tier would play and why (a ``hint.<key>`` message with ``params``)."""

    action: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"action", "reason": {"key", "params"}}`` as the table sends it."""
        return {"action": self.action, "reason": {"key": f"hint.{self.key}", "params": dict(self.params)}}


def view_seed(obs: Observation) -> int:
    """A seed from what the seat sees and may do, so that the same view gives the same hint."""
    text = json.dumps([obs.view, list(obs.legal)], sort_keys=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def hint(game: Game, seat: int, budget: float = BUDGET) -> Hint:
    """The hard tier's choice for ``seat`` now, and its reason. ``CardaviaError`` when the seat
    is not asked."""
    obs = observe(game, seat)
    action = make_agent(obs.game, "hard").act(obs, Rng(view_seed(obs)), time.monotonic() + budget)
    if action not in obs.legal:
        action = obs.legal[0]
    return Hint(action, *reason(obs, action))


def reason(obs: Observation, action: str) -> tuple[str, dict[str, Any]]:
    """Why ``action`` is good for the seat of ``obs``: a reason key and its params."""
    if action in WINNING:
        return "win", {}
    if len(obs.legal) == 1:
        return "only", {}
    missing = floor(obs.game, "ai").missing  # cards the hand still misses after an action
    after = {a: missing(obs, a) for a in obs.legal if a not in WINNING}
    chosen = after[action]
    if action.startswith("discard "):
        card = action.split()[1]
        best = min(after.values())
        if chosen == 1:
            return "ready", {"outs": _outs(obs, action)}
        ties = [a for a, d in after.items() if d == chosen and a != action]
        if chosen <= best and ties:
            return "discard_safe", {"card": card}
        return "discard_least", {"card": card, "missing": chosen}
    if action == "pass":
        return "pass_keeps", {"missing": chosen}
    before = after.get("pass", chosen)
    if chosen == 1:
        return "ready", {"outs": _outs(obs, action)}
    return "claim_closer", {"before": before, "after": chosen}


def _outs(obs: Observation, action: str) -> int:
    """Unseen copies (from the seat's view: public counts only) of the cards that would complete
    the hand the seat keeps after ``action`` (a discard, or a pass)."""
    me = obs.view["seats"][obs.seat]
    hand = own_hand(me)
    if action.startswith("discard "):
        hand = list(hand)
        hand.remove(action.split()[1])
    game = registration(obs.game)
    query = {"hand": " ".join(hand), game.groups_field: list(me["melds"]), "waits": True}
    waits = game.spec.analyze(query)["waits"]
    unseen = unseen_counts(obs.view, obs.seat)
    return sum(unseen[w["card"]] for w in waits)
