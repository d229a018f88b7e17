"""Reading game records (records-and-cli.md section 4) and replaying them."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from itertools import accumulate
from typing import Any

from cardavia.engine.errors import CardaviaError, RecordError
from cardavia.engine.game import Game, GameSpec
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec

COMMON_FIELDS = frozenset(
    {"game", "engine", "rules", "dealer", "seed", "hands", "melds", "stock", "next", "actions"}
)
"""The fields every game's record may have; a game declares its own extra ones (``record_fields``)."""

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects ``load_json`` reads (a record nests 4 deep)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep the arrays and objects of JSON text nest, found without parsing it: brackets inside
    strings do not count (those of an unterminated string do, so the answer is never too low)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def load_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text from a user; ``RecordError`` when it is not JSON, nests deeper than
    ``max_depth`` or holds an integer of more digits than Python converts (4,300 by default).
    Time and memory stay linear in the text's length, whatever it holds."""
    if json_depth(text) > max_depth:
        raise RecordError(f"JSON nested deeper than {max_depth} levels (the most Cardavia reads)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError:  # the only other error of json.loads on text: int's limit on digits
        digits = sys.get_int_max_str_digits()
        raise RecordError(f"not valid JSON: an integer of more than {digits} digits") from None


def parse_json(text: str) -> dict[str, Any]:
    """Read a record's JSON text; ``RecordError`` unless it is one JSON object (see ``load_json``)."""
    data = load_json(text)
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    return data


def check_common(record: Mapping[str, Any], spec: GameSpec) -> None:
    """Check the fields every game shares: names, ``engine``, ``dealer``, ``seed``, ``actions``."""
    unknown = sorted(set(record) - COMMON_FIELDS - set(spec.record_fields))
    if unknown:
        raise RecordError(f"unknown field {unknown[0]!r} in the record")
    engine = record.get("engine")
    if engine is not None and not isinstance(engine, str):
        raise RecordError(f"'engine' must be a string naming the program that wrote it, got {engine!r}")
    dealer = record.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < spec.seats:
        raise RecordError(f"'dealer' must be a seat number 0-{spec.seats - 1}, got {dealer!r}")
    seed = record.get("seed")
    if seed is not None and type(seed) is not int:
        raise RecordError(f"'seed' must be an integer, got {seed!r}")
    if "hands" not in record and seed is None:
        raise RecordError("a record needs 'hands' (and 'stock') or a 'seed'")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("'actions' must be a list of strings")


def start(record: Mapping[str, Any]) -> Game:
    """Return the starting state of ``record`` (its actions not played)."""
    spec = get_spec(record.get("game"))
    check_common(record, spec)
    if "rules" in record:
        spec = spec.with_rules(record["rules"])
    return spec.from_position(record)


def replay(record: Mapping[str, Any]) -> Game:
    """Replay a whole record. An illegal action raises ``RecordError`` naming its index and text."""
    game = start(record)
    for i, line in enumerate(record["actions"]):
        try:
            seat, action = split_line(line, game.spec.seats)
            game.apply(seat, action)
        except CardaviaError as exc:
            raise RecordError(f"action {i} {line!r} is illegal: {exc}") from None
    return game


def replay_text(text: str) -> Game:
    """``replay`` on a record's JSON text."""
    return replay(parse_json(text))
