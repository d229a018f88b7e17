"""The review of a finished deal from one seat's side (records-and-cli.md section 7, ``cardavia review``).

The record is replayed; at every action of the seat that chose among two or more legal actions the
seat's ``Observation`` is built there (``observe``: its view only, hidden cards only through
``obs.worlds``), and the game's judge (``JUDGES``) gives every legal action the hard tier's raw
score. The game's calibration (``calibration.load``) turns a raw score into the chance that the
seat wins the deal after that action; an action that wins the deal at once is worth 1.

* ``best`` is the action of highest value (the chosen one when it ties); ``loss`` =
  value(best) - value(chosen), both as printed (3 decimals).
* ``points``: each action's value in the game's own points, the seat's expected result after it
  (``calibration.points``: chance x a win's mean result + (1 - chance) x the mean result of a deal
  not won); ``points_loss`` = points(best) - points(chosen) (2 decimals).
* ``flag`` by loss: ``inaccuracy`` from ``INACCURACY``, ``mistake`` from ``MISTAKE``, ``blunder``
  from ``BLUNDER``, else ``null``.
* ``counted``: false when every option is worth the same within the judge's own error (the
  values' spread at most the judge's ``even``); such decisions are left out of the accuracy.
* ``kind``: what a chosen action that was not the best did (``KINDS``), else ``null``.
* ``accuracy``: over the counted decisions, 100 x the sum of (value(chosen) - mean value) over the
  sum of (value(best) - mean value), where the mean is that of every legal action (what picking
  at random keeps on average): 100 when every choice is best, about 0 for random choices; kept
  within 0-100, one decimal, 100 when no decision counts.
* ``why``: a message key and params saying what the best action gains over the chosen one (over the
  runner-up when the best was chosen), from the judge's own terms.

Sampling is seeded from the seat's view at the decision (``decision_rng``), never from the record's
hidden cards, the action count or global state: the same record and seat always give the same
output, and so does a record that differs only in cards the seat never saw.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardavia.ai.agent import Observation, observe
from cardavia.ai.common import WIN_VERBS, winning_action
from cardavia.engine import record as records
from cardavia.engine.errors import CardaviaError, RecordError
from cardavia.engine.game import Game, View
from cardavia.engine.notation import split_line
from cardavia.engine.registry import floor, game_names, has_floor
from cardavia.engine.rng import Rng
from cardavia.review.calibration import Calibration, Points, load, points

INACCURACY = 0.02
MISTAKE = 0.05
BLUNDER = 0.10
DIGITS = 3
"""Values and losses are printed (and compared) with this many decimals."""
POINT_DIGITS = 2
"""Points and points lost are printed with this many decimals."""
KINDS = (
    "missed_win", "fed_win", "refused_claim", "needless_claim", "other_claim", "missed_wait",
    "broke_group", "weaker_discard", "other",
)
"""The kinds of a decision whose choice was not the best, in the order they are tested (``kind_of``):
a win left untaken, a discard another seat won on at once, a pass where a claim was better, a claim
where passing was better, another claim than the best, a choice that left the hand further from
ready than the best (one card missing), a discard that left more cards missing than the best, a
discard as far from complete as the best but worth less, anything else."""

Progress = Callable[[int, int], None]
Why = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Option:
    """One legal action as a judge sees it: the hard tier's ``raw`` score (higher is better),
    whether it ``wins`` the deal at once, and the named ``terms`` the explanation compares."""

    action: str
    raw: float
    wins: bool = False
    terms: Mapping[str, float] = field(default_factory=dict)
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Judged:
    """A judged decision: every option and the stock share left (0-1) for the calibration."""

    options: tuple[Option, ...]
    stock: float


class Judge(Protocol):
    """A game's judge: values every legal action of an observation, explains a preference.
    ``even``: two values closer than this are the same within the judge's own error."""

    even: float

    def judge(self, obs: Observation, rng: Rng) -> Judged:
        """Every legal action of ``obs`` with its raw score; randomness only from ``rng``."""
        ...

    def why(self, best: Option, other: Option) -> Why:
        """The message key and params saying what ``best`` gains over ``other``."""
        ...


def winning_actions(obs: Observation, world: Game) -> set[str]:
    """The legal actions that claim the win, tried in ``world`` (a world of ``obs``): a win or
    tianhu, and in Sì Sè Pái any take the engine records as the win (the hand is complete). Empty
    unless a win is legal. (A seat before this one in the window's order may win on the same card;
    the seat cannot know it, and its claim is valued as the win.)"""
    if winning_action(obs.legal) is None:
        return set()
    out = set()
    for a in obs.legal:
        trial = world.clone()
        trial.apply(obs.seat, a)
        if split_line(trial.actions()[-1], trial.spec.seats)[1] in WIN_VERBS:
            out.add(a)
    return out


def decision_rng(view: View, seat: int) -> Rng:
    """The sampling stream of one decision: a hash of what the seat sees there, nothing else."""
    text = json.dumps(view, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"{seat}|{text}".encode(), digest_size=8).digest()
    return Rng(int.from_bytes(digest, "big"))


def flag_of(loss: float) -> str | None:
    """The flag of a loss (see the module text)."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def accuracy_of(decisions: Sequence[Mapping[str, Any]]) -> float:
    """The deal's accuracy from its decisions' ``values``, ``chosen`` and ``counted`` (see the
    module text)."""
    kept = edge = 0.0
    for d in decisions:
        if d["counted"]:
            values = d["values"]
            mean = sum(values.values()) / len(values)
            kept += values[d["chosen"]] - mean
            edge += max(values.values()) - mean
    if edge <= 0:
        return 100.0
    return round(100.0 * min(1.0, max(0.0, kept / edge)), 1)


def counted(values: Mapping[str, float], even: float) -> bool:
    """True when the options are not all worth the same within ``even``."""
    return max(values.values()) - min(values.values()) > even


def kind_of(by_action: Mapping[str, Option], chosen: str, best: str, fed: bool) -> str | None:
    """The kind of a decision (``KINDS``), None when the best was chosen. ``fed``: the chosen
    discard was won on by another seat at once."""
    if chosen == best:
        return None
    verb, best_verb = chosen.split(" ", 1)[0], best.split(" ", 1)[0]
    if by_action[best].wins:
        return "missed_win"
    if verb == "discard" and fed:
        return "fed_win"
    if verb == "pass" and best_verb != "discard":
        return "refused_claim"
    if verb not in ("discard", "pass"):
        return "needless_claim" if best_verb == "pass" else "other_claim"
    mine, theirs = by_action[chosen].facts.get("missing"), by_action[best].facts.get("missing")
    if isinstance(mine, int) and isinstance(theirs, int):
        if theirs == 1 < mine:
            return "missed_wait"
        if verb == "discard":
            return "broke_group" if mine > theirs else "weaker_discard"
    return "other"


def values_of(judged: Judged, cal: Calibration) -> dict[str, float]:
    """Every option's calibrated chance, rounded to ``DIGITS``."""
    return {
        o.action: 1.0 if o.wins else round(cal.chance(o.raw, judged.stock), DIGITS) for o in judged.options
    }


def _best(values: Mapping[str, float], legal: Sequence[str], chosen: str) -> str:
    top = max(values.values())
    if values[chosen] >= top:
        return chosen
    return next(a for a in legal if values[a] >= top)


def assess(
    judge: Judge, judged: Judged, cal: Calibration, chosen: str, worth: Points, fed: bool = False
) -> dict[str, Any]:
    """One decision's entry (without ``index``): legal, chosen, best, values, loss, flag, why,
    points, points_loss, counted, kind. ``fed``: the chosen discard was won on at once."""
    values = values_of(judged, cal)
    legal = [o.action for o in judged.options]
    best = _best(values, legal, chosen)
    loss = round(max(0.0, values[best] - values[chosen]), DIGITS)
    by_action = {o.action: o for o in judged.options}
    if best != chosen:
        other = chosen
    else:
        rivals = [a for a in legal if a != best]
        other = max(rivals, key=lambda a: (values[a], by_action[a].raw))
    key, params = judge.why(by_action[best], by_action[other])
    in_points = {a: round(worth.expected(v), POINT_DIGITS) for a, v in values.items()}
    return {
        "legal": legal, "chosen": chosen, "best": best, "values": values, "loss": loss,
        "flag": flag_of(loss), "why": {"key": key, "params": params},
        "points": in_points,
        "points_loss": round(max(0.0, in_points[best] - in_points[chosen]), POINT_DIGITS),
        "counted": counted(values, judge.even), "kind": kind_of(by_action, chosen, best, fed),
    }


def fed_win(record: Mapping[str, Any], index: int, seats: int) -> bool:
    """True when ``actions[index]`` is a discard another seat won on at once: the next action that
    is not a pass is another seat's win. (Lines after it are only read, never replayed: one that
    does not parse ends the search.)"""
    mover, action = split_line(record["actions"][index], seats)
    if not action.startswith("discard "):
        return False
    for line in record["actions"][index + 1:]:
        try:
            s, after = split_line(line, seats)
        except CardaviaError:
            return False
        if after != "pass":
            return s != mover and after.split(" ", 1)[0] in WIN_VERBS
    return False


def document(name: str, seat: int, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    """The review document of these decisions (all of the deal's, in order)."""
    return {
        "game": name,
        "seat": seat,
        "accuracy": accuracy_of(decisions),
        "points_lost": round(sum(d["points_loss"] for d in decisions if d["counted"]), POINT_DIGITS),
        "counted": sum(1 for d in decisions if d["counted"]),
        "decisions": decisions,
    }


def judges() -> Mapping[str, Judge]:
    """The judge of every game reviewed (imported here so the engines need no review code)."""
    return {name: floor(name, "review").JUDGE for name in game_names() if has_floor(name, "review")}


def check(record: Mapping[str, Any], seat: int) -> Game:
    """The finished deal of ``record``; ``CardaviaError`` for a record that does not replay, a deal
    that is not finished, a seat out of range or a game without a judge."""
    final = records.replay(record)
    spec = final.spec
    if type(seat) is not int or not 0 <= seat < spec.seats:
        raise CardaviaError(f"--seat must be 0-{spec.seats - 1}, got {seat}")
    if final.decision() is not None:
        raise CardaviaError("the deal is not finished: a review needs the whole deal")
    if spec.name not in judges():
        raise CardaviaError(f"no review for {spec.name}")
    return final


def evaluate(game: Game, seat: int) -> Judged:
    """``seat``'s decision in ``game`` now, judged from its observation (``observe``) alone, with
    sampling seeded by ``decision_rng``."""
    obs = observe(game, seat)
    return judges()[game.spec.name].judge(obs, decision_rng(obs.view, seat))


def judged_decisions(
    record: Mapping[str, Any], seat: int, progress: Progress | None = None
) -> Iterator[tuple[int, Judged, str]]:
    """Replay ``record`` (already ``check``-ed) and judge every decision of ``seat``: (index in
    ``actions``, judged options, the chosen action's canonical text). ``progress(done, total)``
    after each of the seat's actions."""
    game = records.start(record)
    seats = game.spec.seats
    lines: list[str] = record["actions"]
    total = sum(1 for line in lines if split_line(line, seats)[0] == seat)
    done = 0
    for i, line in enumerate(lines):
        s, action = split_line(line, seats)
        if s == seat and len(game.legal_actions(seat)) >= 2:
            yield i, evaluate(game, seat), _canonical(game, seat, action, i, line)
        game.apply(s, action)
        if s == seat:
            done += 1
            if progress is not None:
                progress(done, total)


def review(record: Mapping[str, Any], seat: int, progress: Progress | None = None) -> dict[str, Any]:
    """The review of a finished ``record`` from ``seat``'s side (the JSON of section 7).

    ``progress(done, total)`` is called after each of the seat's actions. Raises ``CardaviaError``
    as ``check`` does.
    """
    final = check(record, seat)
    name, seats = final.spec.name, final.spec.seats
    judge, cal, worth = judges()[name], load(name), points(name)
    decisions = [
        {"index": i, **assess(judge, judged, cal, chosen, worth, fed_win(record, i, seats))}
        for i, judged, chosen in judged_decisions(record, seat, progress)
    ]
    return document(name, seat, decisions)


def _canonical(game: Game, seat: int, action: str, index: int, line: str) -> str:
    """The legal action's canonical text for what the record wrote (cards may come in any order)."""
    trial = game.clone()
    try:
        trial.apply(seat, action)
    except CardaviaError as exc:
        raise RecordError(f"action {index} {line!r} is illegal: {exc}") from None
    return split_line(trial.actions()[-1], game.spec.seats)[1]
