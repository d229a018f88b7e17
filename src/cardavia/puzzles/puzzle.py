"""A puzzle file (JSON Lines, one puzzle a line) and its check.

Each line is an object with at least ``id`` (unique in the file), ``game``, ``record`` (a game record
whose ``actions`` stop at the decision), ``seat`` (the seat that decides), ``options`` (its legal
actions there, in the engine's order), ``answer`` (one of them), ``values`` (each option's value,
the seat's chance to win after it as the review counts it) and ``theme`` (one of ``THEMES``). The
builder adds ``view`` (the seat's view at the decision; when present it must be the record's),
``deep`` (the deeper search's win rate of the options it compared), ``margin`` (the answer's lead over
the closest of them, with a 95% interval), ``why`` (the judge's reason, a message key and params, as in
a review) and ``rating`` (the puzzle's starting rating).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from cardavia.engine import record as records
from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import Game

THEMES = ("take_it", "let_it_go", "which_group", "safe_discard", "shape", "plan")
"""What a puzzle asks: take the card (a claim beats passing), let it go (passing beats a claim), which
group to make with it (one claim beats another), which discard is safe (the answer keeps back a card
another seat could use), which keeps the hand's shape (closer to a win, more outs, partners, points),
or which plays the better plan (the searches' own results)."""

FIELDS = ("id", "game", "record", "seat", "options", "answer", "values", "theme")
MAX_LINE = 64 * 1024
"""A line longer than this is refused unread (a puzzle's record prefix is a few hundred bytes)."""


@dataclass(frozen=True)
class Puzzle:
    """One checked puzzle (its line's fields, ``extra`` holding the builder's others)."""

    id: str
    game: str
    record: Mapping[str, Any]
    seat: int
    options: tuple[str, ...]
    answer: str
    values: Mapping[str, float]
    theme: str
    extra: Mapping[str, Any]

    def position(self) -> Game:
        """The deal at the decision (its record replayed)."""
        return records.replay(self.record)

    def line(self) -> dict[str, Any]:
        """The puzzle as its file line holds it."""
        return {
            "id": self.id, "game": self.game, "record": dict(self.record), "seat": self.seat,
            "options": list(self.options), "answer": self.answer, "values": dict(self.values),
            "theme": self.theme, **self.extra,
        }


def parse(text: str, game: str) -> Puzzle:
    """One line of a puzzle file of ``game``, checked: its fields and their types, the record's
    position replays, the seat is asked there, ``options`` are exactly its legal actions, the answer
    is one of them and every option has a value. ``CardaviaError`` naming the first fault."""
    if len(text) > MAX_LINE:
        raise CardaviaError(f"a line of over {MAX_LINE} characters")
    data = records.load_json(text)
    if not isinstance(data, dict):
        raise CardaviaError("a puzzle is a JSON object")
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise CardaviaError(f"missing {', '.join(missing)}")
    pid, options, answer, values = data["id"], data["options"], data["answer"], data["values"]
    seat = data["seat"]
    if not isinstance(pid, str) or not pid:
        raise CardaviaError("id must be a non-empty string")
    if data["game"] != game:
        raise CardaviaError(f"game is {data['game']!r}, not {game!r}")
    if not isinstance(data["record"], dict) or data["record"].get("game") != game:
        raise CardaviaError(f"record must be a record of {game}")
    if type(seat) is not int:
        raise CardaviaError("seat must be an integer")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options) or len(options) < 2:
        raise CardaviaError("options must list two or more actions")
    if data["theme"] not in THEMES:
        raise CardaviaError(f"theme must be one of {', '.join(THEMES)}")
    if not isinstance(values, dict) or sorted(values) != sorted(options) or not all(
        isinstance(v, int | float) and 0 <= v <= 1 for v in values.values()
    ):
        raise CardaviaError("values must give each option a chance from 0 to 1")
    position = records.replay(data["record"])
    decision = position.decision()
    if decision is None or seat not in decision.seats:
        raise CardaviaError(f"seat {seat} is not asked at the end of the record")
    legal = position.legal_actions(seat)
    if list(legal) != options:
        raise CardaviaError(f"options are not seat {seat}'s legal actions there: {list(legal)}")
    if answer not in legal:
        raise CardaviaError(f"answer {answer!r} is not legal there")
    if "view" in data and data["view"] != json.loads(json.dumps(position.view(seat))):
        raise CardaviaError(f"view is not seat {seat}'s view at the end of the record")
    return _puzzle(data)


def _puzzle(data: Mapping[str, Any]) -> Puzzle:
    """A puzzle line's fields as a ``Puzzle`` (unchecked)."""
    extra = {k: v for k, v in data.items() if k not in FIELDS}
    return Puzzle(
        data["id"], data["game"], data["record"], data["seat"], tuple(data["options"]), data["answer"],
        data["values"], data["theme"], extra,
    )


def check(text: str, game: str) -> tuple[list[Puzzle], list[str]]:
    """Every line of a puzzle file: the good puzzles, and one error per bad line (``line N: ...``),
    a repeated id counted as bad."""
    good: list[Puzzle] = []
    errors: list[str] = []
    seen: set[str] = set()
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            puzzle = parse(line, game)
        except CardaviaError as exc:
            errors.append(f"line {n}: {exc}")
            continue
        if puzzle.id in seen:
            errors.append(f"line {n}: id {puzzle.id!r} repeats an earlier line's")
            continue
        seen.add(puzzle.id)
        good.append(puzzle)
    return good, errors


def dumps(puzzle: Puzzle) -> str:
    """The puzzle as one line of its file."""
    return json.dumps(puzzle.line(), ensure_ascii=False, separators=(",", ":"))


def shipped_text(game: str) -> str:
    """The text of the puzzle file that ships with the site for ``game`` (empty when it has none)."""
    source = resources.files("cardavia.content").joinpath(f"puzzles/{game}.jsonl")
    return source.read_text(encoding="utf-8") if source.is_file() else ""


@cache
def shipped(game: str) -> tuple[Puzzle, ...]:
    """The puzzles that ship with the site for ``game``, read as they are: CI checks the file
    (``check``), so the site does not replay every position when it first serves a puzzle."""
    return tuple(_puzzle(json.loads(line)) for line in shipped_text(game).splitlines() if line.strip())


@cache
def by_id(game: str) -> dict[str, Puzzle]:
    """The shipped puzzles of ``game`` by id."""
    return {p.id: p for p in shipped(game)}

