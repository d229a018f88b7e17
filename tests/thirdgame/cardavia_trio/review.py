"""Trio's judge (its ``review`` floor): every legal action valued by the cards the hand still
misses after it (``ai.missing``), a win at once. Its calibration is declared here, not fitted: a
plain logistic of the raw score (``CALIBRATION``), enough for a test game."""

from __future__ import annotations

from cardavia.ai.agent import Observation
from cardavia.engine.rng import Rng
from cardavia.review.core import Judged, Option, Why
from cardavia_trio.ai import missing

CALIBRATION = {"features": ["bias", "stock", "raw", "raw_stock"], "coef": [-1.0, 0.0, 1.0, 0.0], "knots": []}


class Judge:
    """Values every legal action; ``why`` compares what each leaves missing. Samples nothing, so
    its error is the printed precision (``even``)."""

    even = 0.001

    def judge(self, obs: Observation, rng: Rng) -> Judged:
        """Every legal action with its raw score (minus the cards still missing)."""
        options = tuple(
            Option(a, 1.0, wins=True) if a == "win" else
            Option(a, -float(missing(obs, a)), terms={"distance": -float(missing(obs, a))},
                   facts={"missing": missing(obs, a)})
            for a in obs.legal
        )  # fmt: skip
        return Judged(options, min(1.0, int(obs.view.get("stock", 0)) / 24))

    def why(self, best: Option, other: Option) -> Why:
        """What ``best`` gains: a win, or fewer cards missing."""
        if best.wins:
            return "review.wins_now", {}
        if best.facts.get("missing") != other.facts.get("missing"):
            return "review.closer_to_win", {
                "missing": best.facts["missing"],
                "other_missing": other.facts["missing"],
            }
        return "review.better", {}


JUDGE = Judge()
