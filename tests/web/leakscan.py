"""The leak scanner: proves that a payload sent to the human's seat reveals no hidden card.

For a payload sent at version ``v`` (after ``v`` stored actions) the referee state is the record's
first ``v`` actions replayed. A payload leaks when any of these holds:

* a structural leak: another seat's concealed hand as anything but a count, the stock as anything
  but a count, or a field that only the referee has (``answers``, ``seed``, ``hands``);
* a wrong count: another seat's hand size or the stock size differs from the referee's;
* content: another seat's concealed multiset (two cards or more) appears as any list in the payload
  or as a run in its text; or four or more consecutive cards of the stock still to come appear in
  order in any list or in the text;
* the view is not a function of the seat's information: ``determinize(seat)`` (other hands and the
  stock dealt at random, consistently with the seat's view) must give the same view and the same
  legal actions.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from cardavia.engine.game import Game
from cardavia.engine.notation import split_line
from cardavia.engine.record import start
from cardavia.engine.rng import Rng

REFEREE_ONLY = ("answers", "seed", "hands", "deck", "wall", "record")
DRAW_KINDS = ("sisepai.draw", "paohuzi.draw")
STOCK_RUN = 4


def replay_states(record: dict[str, Any]) -> tuple[list[Game], list[str]]:
    """The referee state after every prefix of the record's actions, and the stock cards in the
    order they came out of the stock (draws and reveals, including those at the deal's start)."""
    game = start(record)
    drawn: list[str] = []
    states = [game.clone()]
    for line in record["actions"]:
        seat, action = split_line(line, game.spec.seats)
        for event in game.apply(seat, action):
            if event.kind in DRAW_KINDS:
                drawn.append(str(event.params["card"]))
        states.append(game.clone())
    return states, drawn


def _lists(node: Any) -> Iterator[list[Any]]:
    if isinstance(node, dict):
        for value in node.values():
            yield from _lists(value)
    elif isinstance(node, list):
        yield node
        for value in node:
            yield from _lists(value)


def _keys(node: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield path, str(key), value
            yield from _keys(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _keys(value, f"{path}[{i}]")


def _codes(items: list[Any]) -> list[str] | None:
    return items if items and all(isinstance(x, str) and " " not in x for x in items) else None


def _hidden_hand_size(seat_view: dict[str, Any]) -> int | None:
    for key in ("hand_count", "hand"):
        if isinstance(seat_view.get(key), int):
            return int(seat_view[key])
    return None


def scan(
    text: str, referee: Game, seat: int, future_stock: list[str], check_worlds: bool = True
) -> list[str]:
    """Every way ``text`` (one message to ``seat``) could reveal what ``seat`` may not see."""
    problems: list[str] = []
    message = json.loads(text)
    if referee.decision() is None:
        return problems  # after the deal every hand is shown to everybody
    truth = referee.view(None)
    hidden = {
        s: sorted(truth["seats"][s]["hand"]) for s in range(referee.spec.seats) if s != seat
    }
    for path, key, value in _keys(message):
        if key in REFEREE_ONLY:
            problems.append(f"referee-only field {path}.{key}")
        if key == "stock" and not isinstance(value, int):
            problems.append(f"the stock at {path} is not a count")
    view = message.get("view")
    if isinstance(view, dict):
        for s, seat_view in enumerate(view.get("seats", [])):
            if s == seat:
                continue
            if isinstance(seat_view.get("hand"), list):
                problems.append(f"seat {s}'s concealed hand is listed")
            if _hidden_hand_size(seat_view) != len(hidden[s]):
                problems.append(f"seat {s}'s hand size is not the referee's")
        if view.get("stock") != truth["stock"]:
            problems.append("the stock count is not the referee's")
    own = view["seats"][seat].get("hand") if isinstance(view, dict) else None
    for items in _lists(message):
        codes = _codes(items)
        if codes is None or items is own:
            continue
        for s, cards in hidden.items():
            if len(cards) >= 2 and sorted(codes) == cards:
                problems.append(f"seat {s}'s concealed hand appears as a list")
        problems.extend(_stock_runs(codes, future_stock))
    for s, cards in hidden.items():
        if len(cards) >= 2 and " ".join(cards) in text:
            problems.append(f"seat {s}'s concealed hand appears in the text")
    for i in range(len(future_stock) - STOCK_RUN + 1):
        run = future_stock[i : i + STOCK_RUN]
        if " ".join(run) in text or '", "'.join(run) in text or '","'.join(run) in text:
            problems.append(f"the stock order {run} appears in the text")
            break
    if check_worlds and isinstance(view, dict) and message.get("type") == "state":
        for k in range(2):
            world = referee.determinize(seat, Rng(1000 + k))
            if world.view(seat) != view:
                problems.append("the view changes when the hidden cards are dealt otherwise")
                break
            if world.legal_actions(seat) != message["legal"]:
                problems.append("the legal actions change when the hidden cards are dealt otherwise")
                break
    return problems


def _stock_runs(codes: list[str], future_stock: list[str]) -> list[str]:
    if len(codes) < STOCK_RUN or len(future_stock) < STOCK_RUN:
        return []
    runs = {tuple(future_stock[i : i + STOCK_RUN]) for i in range(len(future_stock) - STOCK_RUN + 1)}
    for i in range(len(codes) - STOCK_RUN + 1):
        if tuple(codes[i : i + STOCK_RUN]) in runs:
            return [f"the stock order {codes[i:i + STOCK_RUN]} appears as a list"]
    return []
