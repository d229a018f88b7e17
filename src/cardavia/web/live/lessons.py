"""Guided deals ("Learn by playing"): a fixed, recorded deal the human plays move by move, with tips.

A game's lessons are ``content/lessons/<game>.json`` (the first: it joins a deal near its end
and teaches taking and winning) and ``content/lessons/<game>-<topic>.json`` (the next ones, e.g.
``-opening``: a whole deal from the shuffle). A lesson is named by its file. Each holds

* ``record``: a starting position (it may start mid-deal, with ``next`` and a short stock) and
  every seat's actions to the end, the human always at seat 0;
* ``tips``: each a message key (``lesson_words``) with params (card codes, seat numbers and
  numbers, never words) attached to a moment of the human's stream of frames: ``"start"`` (the
  first frame), ``"end"`` (the last), ``{"decision": n}`` (the frame that asks his n-th move) or
  ``{"event": kind, "nth": n, ...}`` (the frame holding the n-th event of that kind he sees whose
  params match the other fields);
* ``refusals``: at one of his decisions, the illegal move its tip invites (``try``), the reason
  code the engine gives for it and the tip that explains it.

``load`` replays the record once with the frames machinery, so every tip is pinned to the frame
number ``v`` the table shows it at (a table's frames are a function of what the human sees, so a
live lesson shows the same frames). At a lesson table the computers play the record's answers
(``LessonAi``) and the human may play only the record's move (``Lesson.check``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from cardavia.content.marks import _
from cardavia.engine.errors import IllegalAction
from cardavia.engine.game import JSON, Decision, Game
from cardavia.engine.notation import split_line
from cardavia.engine.reasons import Reason
from cardavia.engine.registry import floor, game_names, get_spec
from cardavia.web import i18n, wire
from cardavia.web.errors import ActionRefused
from cardavia.web.live.computers import AiRunner
from cardavia.web.live.frames import Frame, FrameBuilder
from cardavia.web.wire import HintAnswer

HUMAN = 0


def _found() -> dict[str, str]:
    files = resources.files("cardavia.content").joinpath("lessons").iterdir()
    names = sorted(item.name.removesuffix(".json") for item in files if item.name.endswith(".json"))
    return {
        name: game
        for game in game_names()
        for name in [game, *(other for other in names if other.startswith(f"{game}-"))]
        if name in names
    }


LESSONS: dict[str, str] = _found()
"""Every lesson's name and its game, each game's in the order they are offered (its first, then
the others by name)."""
DIFFICULTY = "easy"
"""The difficulty a lesson table is stored with (its computers play the record, not a tier)."""


@dataclass(frozen=True)
class Tip:
    """A message key of ``lesson_words`` and its params."""

    key: str
    params: Mapping[str, Any]

    def to_json(self, hold: bool = False) -> wire.Tip:
        """``{"key", "params", "hold"}``: ``hold`` when the table waits for the player to read it."""
        return {"key": self.key, "params": dict(self.params), "hold": hold}


@dataclass(frozen=True)
class Refusal:
    """At one decision: the illegal move the tip invites, the engine's reason code for it, and
    the tip that explains the refusal (the reason's params are added to the tip's)."""

    attempt: str
    code: str
    tip: Tip


@dataclass(frozen=True)
class Lesson:
    """A lesson, pinned to the frames a table shows it in.

    ``tips`` by frame number; ``asks`` the frames that ask the human something; ``expected`` the
    human's move and ``refusals`` by engine window; ``answers`` the computers' answers by
    (engine window, seat); ``moves`` how many moves the human makes.
    """

    name: str
    game: str
    position: JSON
    actions: tuple[str, ...]
    tips: Mapping[int, Tip]
    asks: frozenset[int]
    last: int
    expected: Mapping[int, str]
    refusals: Mapping[int, Refusal]
    answers: Mapping[tuple[int, int], str]

    @property
    def record(self) -> JSON:
        """The whole recorded deal."""
        return {**self.position, "actions": list(self.actions)}

    @property
    def moves(self) -> int:
        """How many moves the human makes."""
        return len(self.expected)

    def tip(self, v: int) -> wire.Tip | None:
        """The tip of frame ``v`` as the ``state`` message carries it, or None. A tip on a frame
        that asks nothing (and is not the end) holds the table until the player has read it."""
        tip = self.tips.get(v)
        return None if tip is None else tip.to_json(hold=self.holds(v))

    countdown = False  # a newcomer reads the tips at his own pace

    def holds(self, v: int) -> bool:
        """True when the table pauses after releasing frame ``v`` (see ``tip``)."""
        return v in self.tips and v not in self.asks and v != self.last

    @property
    def following(self) -> str | None:
        """The name of the game's next lesson, if there is one."""
        names = lessons_of(self.game)
        at = names.index(self.name)
        return names[at + 1] if at + 1 < len(names) else None

    def annotate(self, message: wire.StateMessage, frame: Frame, decision: Decision | None) -> None:
        """The lesson's name, the frame's tip, whether it is done, the move it asks for, and the
        game's next lesson."""
        message["lesson"] = self.name
        message["lesson_next"] = self.following
        message["tip"] = self.tip(frame.v)
        message["lesson_done"] = frame.kind == "end"
        message["lesson_move"] = None if decision is None else self.expected.get(decision.window)
        refusal = None if decision is None else self.refusals.get(decision.window)
        message["lesson_try"] = None if refusal is None else refusal.attempt

    def check(self, game: Game, seat: int, action: str) -> None:
        """Refuse a legal ``action`` of the human that is not the lesson's move here
        (``ActionRefused`` ``error.lesson``, naming the move). An illegal one raises the engine's
        ``IllegalAction`` or ``NotationError``, changing nothing."""
        decision = game.decision()
        expected = None if decision is None else self.expected.get(decision.window)
        trial = game.clone()
        trial.apply(seat, action)
        played = split_line(trial.actions()[-1], game.spec.seats)[1]
        if played != expected:
            detail = f"this lesson's move here is {expected!r}, not {played!r}"
            raise ActionRefused("error.lesson", detail, {"expected": expected})

    def refusal_tip(self, game: Game, reason: Reason) -> wire.Tip | None:
        """The tip explaining the engine's refusal ``reason`` at the open decision, if the lesson
        has one for it there."""
        decision = game.decision()
        refusal = None if decision is None else self.refusals.get(decision.window)
        if refusal is None or refusal.code != reason.code:
            return None
        return Tip(refusal.tip.key, {**reason.params, **refusal.tip.params}).to_json()


class LessonAi(AiRunner):
    """The computers of a lesson table: each plays the record's answer at each decision, and a
    hint names the lesson's move."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__("inline", 1)
        self.lesson = lesson

    async def choose(self, game: Game, seat: int, tier: str, seed: int) -> str:
        """The record's answer of ``seat`` in this decision."""
        decision = game.decision()
        assert decision is not None
        return self.lesson.answers[(decision.window, seat)]

    async def hint(self, game: Game, seat: int) -> HintAnswer:
        """The lesson's move at this decision, with the reason ``hint.lesson``."""
        decision = game.decision()
        assert decision is not None
        action = self.lesson.expected[decision.window]
        return {"action": action, "reason": {"key": "hint.lesson", "params": {}}}


def lessons_of(game: str) -> list[str]:
    """The names of ``game``'s lessons, in the order they are offered (none: an empty list)."""
    return [name for name, of in LESSONS.items() if of == game]


@cache
def lesson(name: str) -> Lesson:
    """The lesson ``name`` (one of ``LESSONS``), loaded and checked once; ``KeyError`` for another
    name, ``ValueError`` when its record or a tip does not fit."""
    if name not in LESSONS:
        raise KeyError(f"no lesson {name!r}")
    text = resources.files("cardavia.content").joinpath(f"lessons/{name}.json").read_text(encoding="utf-8")
    return build(name, json.loads(text))


def match(game: str, seat: int, position: Mapping[str, Any]) -> Lesson | None:
    """The lesson a stored table plays: the one of ``game`` whose starting position it is (for the
    human at seat 0), or None for an ordinary deal."""
    if seat != HUMAN:
        return None
    for name in lessons_of(game):
        found = lesson(name)
        if dict(position) == found.position:
            return found
    return None


def build(name: str, doc: Mapping[str, Any]) -> Lesson:
    """A ``Lesson`` from its document (see the module's docstring); ``ValueError`` naming what does
    not fit: an illegal action, a tip whose moment is no frame or comes out of order, a refusal
    the engine does not give."""
    record = dict(doc["record"])
    position = {k: v for k, v in record.items() if k != "actions"}
    spec = get_spec(record["game"])
    game = spec.from_position(position)
    builder = FrameBuilder(spec, position, HUMAN)
    builder.events(game.opening_events())
    frames = builder.settle(game)
    expected: dict[int, str] = {}
    answers: dict[tuple[int, int], str] = {}
    windows: list[int] = []  # the engine window of each of the human's decisions
    attempts: dict[int, str] = {}
    wanted = {r["decision"]: r for r in doc.get("refusals", [])}
    for line in record["actions"]:
        seat, action = split_line(line, spec.seats)
        decision = game.decision()
        if decision is None or seat not in decision.seats:
            raise ValueError(f"lesson {name}: {line!r} is played when it is not asked")
        if seat == HUMAN:
            windows.append(decision.window)
            expected[decision.window] = action
            refusal = wanted.get(len(windows))
            if refusal is not None:
                attempts[decision.window] = _check_refusal(name, game, refusal)
        else:
            answers[(decision.window, seat)] = action
        builder.events(game.apply(seat, action))
        frames += builder.settle(game)
    if game.decision() is not None:
        raise ValueError(f"lesson {name}: the record does not play the deal to its end")
    refusals = {
        windows[n - 1]: Refusal(attempts[windows[n - 1]], r["code"], Tip(r["key"], r.get("params", {})))
        for n, r in wanted.items()
        if n <= len(windows)
    }
    if len(refusals) != len(wanted):
        raise ValueError(f"lesson {name}: a refusal names a decision the human never makes")
    tips: dict[int, Tip] = {}
    for item in doc["tips"]:
        v = _frame_of(item["at"], frames)
        if v is None or (tips and v <= max(tips)):
            raise ValueError(f"lesson {name}: the tip {item['key']} is at no frame, or out of order")
        tips[v] = Tip(item["key"], item.get("params", {}))
    asks = frozenset(frame.v for frame in frames if frame.legal)
    actions = tuple(record["actions"])
    return Lesson(name, spec.name, position, actions, tips, asks, frames[-1].v, expected, refusals, answers)


def _check_refusal(name: str, game: Game, refusal: Mapping[str, Any]) -> str:
    """The move a refusal invites, once the engine is seen to refuse it with the refusal's code."""
    attempt: str = refusal["try"]
    try:
        game.clone().apply(HUMAN, attempt)
    except IllegalAction as exc:
        if exc.reason is not None and exc.reason.code == refusal["code"]:
            return attempt
    raise ValueError(f"lesson {name}: {attempt!r} is not refused with {refusal['code']!r}")


def _frame_of(at: object, frames: list[Frame]) -> int | None:
    """The number of the frame a tip's moment names (module docstring), or None."""
    if at == "start":
        return frames[0].v
    if at == "end":
        return frames[-1].v
    if not isinstance(at, Mapping):
        return None
    n = at.get("decision")
    if n is not None:
        asking = [frame.v for frame in frames if frame.legal]
        return asking[n - 1] if 0 < n <= len(asking) else None
    kind, nth = at.get("event"), at.get("nth", 1)
    wants = {k: v for k, v in at.items() if k not in ("event", "nth")}
    seen = 0
    for frame in frames:
        for event in frame.events:
            if event["kind"] == kind and all(event["params"].get(k) == v for k, v in wants.items()):
                seen += 1
                if seen == nth:
                    return frame.v
    return None


LESSON_MESSAGES: dict[str, str] = {
    # the words of every lesson; each game's own tips are its words floor's ``LESSON``
    "hint.lesson": _("This is the move the lesson shows here."),
    "lesson_ui.title": _("Tip"),
    "lesson_ui.continue": _("Continue"),
    "lesson_ui.read": _("Read the tip, then press Continue."),
    "lesson_ui.real_deal": _("Start a real deal"),
    "lesson_ui.next": _("Next lesson"),
}


def lesson_words(name: str) -> dict[str, str]:
    """The English msgids a table of lesson ``name`` needs beyond the table's own: every lesson's
    and its game's tips (the words floor's ``LESSON``)."""
    own: dict[str, str] = floor(LESSONS[name], "words").LESSON
    return {**LESSON_MESSAGES, **own}


def lesson_messages(lang: str, name: str) -> dict[str, str]:
    """The words a lesson table of ``name`` needs beyond the table's own, translated into ``lang``."""
    token = i18n.set_language(lang)
    try:
        return {key: i18n.gettext(text) for key, text in lesson_words(name).items()}
    finally:
        i18n._current.reset(token)
