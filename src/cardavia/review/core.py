"""The review of a finished deal from one seat's side (records-and-cli.md section 7, ``cardavia review``).

The record is replayed; at every action of the seat that chose among two or more legal actions the
seat's ``Observation`` is built there (``observe``: its view only, hidden cards only through
``obs.worlds``), and the game's judge (``JUDGES``) gives every legal action the hard tier's raw
score. The game's calibration (``calibration.load``) turns a raw score into the chance that the
seat wins the deal after that action; an action that wins the deal at once is worth 1.

* ``best`` is the action of highest value (the chosen one when it ties); ``loss`` =
  value(best) - value(chosen), both as printed (3 decimals).
* ``flag`` by loss: ``inaccuracy`` from ``INACCURACY``, ``mistake`` from ``MISTAKE``, ``blunder``
  from ``BLUNDER``, else ``null``.
* ``accuracy`` = 100 x the mean over the decisions of exp(-loss / ``ACCURACY_SCALE``), one decimal
  (100 when every choice is best, and for a deal without decisions).
* ``why``: a message key and params saying what the best action gains over the chosen one (over the
  runner-up when the best was chosen), from the judge's own terms.

Sampling is seeded from the seat's view at the decision (``decision_rng``), never from the record's
hidden cards, the action count or global state: the same record and seat always give the same
output, and so does a record that differs only in cards the seat never saw.
"""

from __future__ import annotations

import hashlib
import json
import math
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
from cardavia.review.calibration import Calibration, load

INACCURACY = 0.02
MISTAKE = 0.05
BLUNDER = 0.10
ACCURACY_SCALE = 0.10
DIGITS = 3
"""Values and losses are printed (and compared) with this many decimals."""

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
    """A game's judge: values every legal action of an observation, explains a preference."""

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


def accuracy_of(losses: Sequence[float]) -> float:
    """The deal's accuracy from its losses (see the module text)."""
    if not losses:
        return 100.0
    return round(100.0 * sum(math.exp(-loss / ACCURACY_SCALE) for loss in losses) / len(losses), 1)


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


def assess(judge: Judge, judged: Judged, cal: Calibration, chosen: str) -> dict[str, Any]:
    """One decision's entry (without ``index``): legal, chosen, best, values, loss, flag, why."""
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
    return {
        "legal": legal, "chosen": chosen, "best": best, "values": values, "loss": loss,
        "flag": flag_of(loss), "why": {"key": key, "params": params},
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
    name = check(record, seat).spec.name
    judge = judges()[name]
    cal = load(name)
    decisions = [
        {"index": i, **assess(judge, judged, cal, chosen)}
        for i, judged, chosen in judged_decisions(record, seat, progress)
    ]
    return {
        "game": name,
        "seat": seat,
        "accuracy": accuracy_of([d["loss"] for d in decisions]),
        "decisions": decisions,
    }


def _canonical(game: Game, seat: int, action: str, index: int, line: str) -> str:
    """The legal action's canonical text for what the record wrote (cards may come in any order)."""
    trial = game.clone()
    try:
        trial.apply(seat, action)
    except CardaviaError as exc:
        raise RecordError(f"action {index} {line!r} is illegal: {exc}") from None
    return split_line(trial.actions()[-1], game.spec.seats)[1]
