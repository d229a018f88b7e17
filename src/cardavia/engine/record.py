"""Reading game records (records-and-cli.md section 4) and replaying them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from cardavia.engine.errors import CardaviaError, RecordError
from cardavia.engine.game import Game, GameSpec
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec

KNOWN_FIELDS = frozenset(
    {"game", "dealer", "seed", "hands", "melds", "stock", "chou", "next", "actions"}
)


def parse_json(text: str) -> dict[str, Any]:
    """Read a record's JSON text; ``RecordError`` unless it is one JSON object."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    return data


def check_common(record: Mapping[str, Any], spec: GameSpec) -> None:
    """Check the fields every game shares: names, ``dealer``, ``seed``, ``actions``."""
    unknown = sorted(set(record) - KNOWN_FIELDS)
    if unknown:
        raise RecordError(f"unknown field {unknown[0]!r} in the record")
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
