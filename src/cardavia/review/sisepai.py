"""The Sì Sè Pái judge: the hard tier's score for every legal action.

Hard scores an action as normal's value (in distance steps: the cards still missing, refined by
useful unseen copies, points, feeding danger and card company) plus ``WEIGHT`` times its mean
playout result in sampled worlds. The judge does the same for every legal action: normal's value
of each (a discard that lengthens the distance, which normal rates only as -50, gets its full value,
capped ``BELOW_SHORTEST`` under the shortest discard's, so hard's order is kept), and playouts with
the fast simulator (``sim.playout``) in ``WORLDS`` worlds shared by every candidate (common random
numbers) for normal's best ``CANDIDATES`` within hard's margin (at least two). Actions outside them
get the candidates' mean playout result. A win (or a take that completes the hand) wins at once.
"""

from __future__ import annotations

from typing import Any

from cardavia.ai.agent import Observation
from cardavia.ai.sisepai.agents import (
    FRIEND_TIE,
    TAKE_BONUS,
    USEFUL_WEIGHT,
    NormalAgent,
    Situation,
    after_take,
    best_discard_value,
    discard_danger,
    friends,
    hand_of,
    parse_take,
    situation,
    win_chance,
)
from cardavia.ai.sisepai.hard import Budget
from cardavia.ai.sisepai.sim import playout
from cardavia.engine.rng import Rng
from cardavia.games.sisepai.cards import DECK, STOCK
from cardavia.games.sisepai.melds import group_points
from cardavia.review.core import Judged, Option, Why, winning_actions

WORLDS = Budget().worlds
CANDIDATES = 4
MARGIN = Budget().margin
WEIGHT = Budget().weight
LENGTHENS = -40.0  # normal's scores below this are its -50 for a discard that lengthens the distance
BELOW_SHORTEST = 0.05

# Term -> message key: what the better action gains (``why``).
KEYS = {
    "distance": "review.closer_to_win",
    "outs": "review.more_outs",
    "points": "review.more_points",
    "danger": "review.avoids_feeding",
    "company": "review.keeps_company",
    "take": "review.takes_group",
    "playouts": "review.wins_more_playouts",
}


def _terms(counts: tuple[int, ...], exposed: int, sit: Situation) -> tuple[dict[str, float], dict[str, Any]]:
    """Normal's ``hand_value`` of a holding split into its terms, and the facts behind them."""
    hand = hand_of(counts)
    j = hand.judge()
    useful, _ = hand.useful(sit.unseen)
    outs = USEFUL_WEIGHT * useful / (useful + 30.0)
    if j.distance == 1:
        outs += 0.5 * win_chance(useful, sit)
    terms = {"distance": -float(j.distance), "outs": outs, "points": 0.005 * (j.points + exposed)}
    return terms, {"missing": j.distance, "outs": useful, "points": j.points + exposed}


def _option_terms(action: str, sit: Situation) -> tuple[dict[str, float], dict[str, Any]]:
    """The terms of normal's value of ``action`` (before playouts), and facts for the explanation."""
    verb = action.split(" ", 1)[0]
    if verb == "discard":
        k = DECK.card(action.split()[1])
        after = list(sit.hand)
        after[k] -= 1
        terms, facts = _terms(tuple(after), sit.exposed_points, sit)
        terms["danger"] = -discard_danger(k, sit)
        terms["company"] = -FRIEND_TIE * friends(sit.hand, k)
        return terms, {**facts, "throws": DECK.codes[k]}
    if verb == "take" and sit.public is not None:
        group = parse_take(action)
        after_hand = after_take(sit.hand, group, sit.public)
        exposed = sit.exposed_points + group_points(group)
        _, k = best_discard_value(after_hand, exposed, sit)
        if k < 0:  # nothing left to discard
            terms, facts = _terms(after_hand, exposed, sit)
            terms["danger"], terms["take"] = 0.0, TAKE_BONUS
            return terms, {**facts, "throws": None, "group": DECK.format(group)}
        rest = list(after_hand)
        rest[k] -= 1
        terms, facts = _terms(tuple(rest), exposed, sit)
        terms["danger"] = -discard_danger(k, sit)
        terms["take"] = TAKE_BONUS
        return terms, {**facts, "throws": DECK.codes[k], "group": DECK.format(group)}
    return _terms(sit.hand, sit.exposed_points, sit)


class SisepaiJudge:
    """``Judge`` for Sì Sè Pái (see the module text). ``even``: about twice the spread of an
    option's value between two samplings of the worlds (its standard deviation over six samplings:
    median 0, 90th percentile 0.0046, on 901 options of 12 seeded deals; ai/STRENGTH.md)."""

    even = 0.01

    def __init__(self) -> None:
        self.normal = NormalAgent()

    def judge(self, obs: Observation, rng: Rng) -> Judged:
        """Every legal action with hard's score."""
        sit = situation(obs)
        stock = sit.stock / STOCK
        worlds = [obs.worlds(rng.fork(w)) for w in range(WORLDS)]
        wins = winning_actions(obs, worlds[0])
        rest = [a for a in obs.legal if a not in wins]
        scores = dict((a, s) for s, a in self.normal.value_all(obs) if a in rest)
        details = {a: _option_terms(a, sit) for a in rest}
        self._full_lengthening(scores, details, sit)
        ranked = sorted(rest, key=lambda a: -scores[a])
        top = scores[ranked[0]] if ranked else 0.0
        candidates = [a for a in ranked[:CANDIDATES] if scores[a] >= top - MARGIN] or ranked[:1]
        if len(candidates) < 2:
            candidates = ranked[:2]
        results = {a: sum(playout(w, obs.seat, a) for w in worlds) for a in candidates}
        mean = sum(results.values()) / (len(results) * WORLDS) if results else 0.0
        options = [Option(a, 1.0, wins=True) for a in obs.legal if a in wins]
        for a in rest:
            q = results[a] / WORLDS if a in results else mean
            terms, facts = details[a]
            terms = {**terms, "playouts": WEIGHT * q}
            facts = {**facts, "wins": results.get(a), "worlds": WORLDS}
            options.append(Option(a, scores[a] + WEIGHT * q, terms=terms, facts=facts))
        order = {a: i for i, a in enumerate(obs.legal)}
        options.sort(key=lambda o: order[o.action])
        return Judged(tuple(options), stock)

    @staticmethod
    def _full_lengthening(
        scores: dict[str, float], details: dict[str, tuple[dict[str, float], dict[str, Any]]], sit: Situation
    ) -> None:
        """Replace normal's -50 of a lengthening discard by its full value, kept under the shortest's."""
        short = [s for s in scores.values() if s > LENGTHENS]
        if not short:
            return
        cap = min(short) - BELOW_SHORTEST
        for a, s in scores.items():
            if s <= LENGTHENS:
                scores[a] = min(cap, sum(details[a][0].values()))

    def why(self, best: Option, other: Option) -> Why:
        """The term in which ``best`` gains most over ``other``, as a message key with params."""
        if best.wins:
            return "review.wins_now", {}
        gains = {t: best.terms.get(t, 0.0) - other.terms.get(t, 0.0) for t in KEYS}
        term = max(KEYS, key=lambda t: gains[t])
        b, o = best.facts, other.facts
        if best.action == "pass" and other.action.startswith("take") and term in ("distance", "outs"):
            keep = ("missing", "outs")
            return "review.pass_keeps_hand", {**{k: b[k] for k in keep}, **{f"other_{k}": o[k] for k in keep}}
        if term == "distance":
            return KEYS[term], {"missing": b["missing"], "other_missing": o["missing"]}
        if term == "outs":
            return KEYS[term], {"outs": b["outs"], "other_outs": o["outs"]}
        if term == "points":
            return KEYS[term], {"points": b["points"], "other_points": o["points"]}
        if term in ("danger", "company"):
            return KEYS[term], {"card": o.get("throws")}
        if term == "take":
            return KEYS[term], {"group": b.get("group")}
        return KEYS[term], {"wins": b.get("wins"), "other_wins": o.get("wins"), "worlds": WORLDS}


JUDGE = SisepaiJudge()
