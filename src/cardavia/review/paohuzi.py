"""The Paohuzi judge: the hard tier's score for every legal action.

Hard (``ai/paohuzi/hard.PlannerAgent``) values every legal action already: the planner's chance
that the holding after it still wins before the stock runs out (a claim with its best follow-up
discard, the gains of fours averaged in), less ``DANGER`` times a discard's feeding danger, plus
``TIE`` times normal's score. The judge takes those scores as they are (no deadline) and splits
them into terms for the explanation: the plan's chance, the danger of the card thrown, and normal's
tie-break (about minus the cards still missing). A win or tianhu wins at once.
"""

from __future__ import annotations

from typing import Any

from cardavia.ai.agent import Observation
from cardavia.ai.common import WIN_VERBS
from cardavia.ai.paohuzi.agents import (
    Holding,
    NormalAgent,
    Situation,
    after_action,
    danger,
    discards,
    distance,
    situation,
    without,
)
from cardavia.ai.paohuzi.hard import DANGER, TIE, PlannerAgent
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK
from cardavia.games.paohuzi.spec import STOCK_CARDS
from cardavia.review.core import Judged, Option, Why, winning_actions

CLAIMS = ("peng", "pao", "chi")


def _settled_missing(h: Holding) -> int:
    """Cards still missing after a claim, with the follow-up discard that keeps it closest."""
    if sum(h.free) <= h.rest_size() or not discards(h):
        return distance(h)
    return min(distance(without(h, k)) for k in discards(h))


def _facts(action: str, sit: Situation) -> dict[str, Any]:
    """What the explanation may name: cards still missing after the action, the card thrown."""
    if action.startswith("discard "):
        k = DECK.card(action.split()[1])
        return {"missing": distance(without(sit.holding, k)), "throws": DECK.codes[k]}
    after = after_action(action, sit)
    if after is None:
        return {"missing": distance(sit.holding)}
    facts: dict[str, Any] = {"missing": _settled_missing(after)}
    verb = action.split(" ", 1)[0]
    if sit.public is not None and verb in CLAIMS:
        card = DECK.codes[sit.public]
        group = action.split(" ", 1)[1] if verb == "chi" else f"{verb} {card} {card} {card}"
        facts["group"] = group if verb != "chi" else f"chi {group}"
    return facts


class PaohuziJudge:
    """``Judge`` for Paohuzi (see the module text). ``even``: the printed precision, as the
    planner samples nothing (the same decision always gets the same values)."""

    even = 0.001

    def __init__(self) -> None:
        self.hard = PlannerAgent()
        self.normal = NormalAgent()

    def judge(self, obs: Observation, rng: Rng) -> Judged:
        """Every legal action with hard's score."""
        sit = situation(obs)
        stock = sit.stock / STOCK_CARDS
        offered = any(a in WIN_VERBS for a in obs.legal)
        wins = winning_actions(obs, obs.worlds(rng)) if offered else set()
        normal = {a: s for s, a in self.normal.value_all(obs)}
        options = []
        for score, a in self.hard.scores(obs):
            if a in wins:
                options.append(Option(a, 1.0, wins=True))
                continue
            tie = TIE * normal[a]
            threat = -DANGER * danger(DECK.card(a.split()[1]), sit) if a.startswith("discard ") else 0.0
            terms = {"plan": score - tie - threat, "danger": threat, "tie": tie}
            options.append(Option(a, score, terms=terms, facts=_facts(a, sit)))
        return Judged(tuple(options), stock)

    def why(self, best: Option, other: Option) -> Why:
        """The term in which ``best`` gains most over ``other``, as a message key with params."""
        if best.wins:
            return "review.wins_now", {}
        gains = {t: best.terms.get(t, 0.0) - other.terms.get(t, 0.0) for t in ("plan", "danger", "tie")}
        term = max(gains, key=lambda t: gains[t])
        b, o = best.facts, other.facts
        verb, other_verb = best.action.split(" ", 1)[0], other.action.split(" ", 1)[0]
        if term == "danger":
            return "review.avoids_feeding", {"card": o.get("throws")}
        if verb in CLAIMS and other_verb == "pass":
            return "review.takes_group", {"group": b.get("group")}
        if verb == "pass" and other_verb in CLAIMS:
            return "review.pass_keeps_hand", {"missing": b["missing"], "other_missing": o["missing"]}
        if b["missing"] < o["missing"]:
            return "review.closer_to_win", {"missing": b["missing"], "other_missing": o["missing"]}
        return "review.better_plan", {}


JUDGE = PaohuziJudge()
