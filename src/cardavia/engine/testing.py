"""A conformance suite every registered game passes (OpenSpiel's random-simulation test as model).

``check_deal`` plays one seeded deal with random-legal players and checks at every step:

* card conservation: every card of the deck is exactly once in a hand, a group, a dead pile, the
  public spot or the stock still to come;
* the asked seats are in ascending order, and a seat is asked exactly when it has legal actions,
  which are sorted and unique;
* ``clone`` gives an equal state that does not move when the copy is played on;
* the record, through JSON text, replays to the same state;
* ``determinize`` keeps the seat's view and legal actions, and really varies the hidden cards;
* the deal ends within ``max_actions``.

Each check raises ``ConformanceError`` naming the deal, the step and what broke. ``perft`` counts
the distinct action sequences from a position (chess engines' move-generation check), and
``playthrough`` writes a seeded deal out step by step (the golden files of the tests).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import Game, GameSpec, own_hand
from cardavia.engine.notation import join_line
from cardavia.engine.record import replay
from cardavia.engine.rng import Rng

REPLAY_EVERY = 7  # steps between record round trips (each replays the deal so far)
WORLDS = 3  # determinizations per seat and step


class ConformanceError(AssertionError):
    """A game broke the engine contract."""


def _cards_of(text: str, deck_codes: frozenset[str]) -> list[str]:
    return [word for word in text.split() if word in deck_codes]


def card_count(game: Game) -> Counter[str]:
    """Every card the referee sees, by code: hands, groups, dead piles, the public card, the stock
    still to come and the card the deal was won on."""
    view = game.view(None)
    codes = frozenset(game.spec.deck.codes)
    seen: Counter[str] = Counter()
    for seat in view["seats"]:
        seen.update(own_hand(seat))
        for meld in seat["melds"]:
            seen.update(_cards_of(meld, codes))
        seen.update(seat["discards"])
    if view["public"] is not None:  # while its window is open it lies in no hand or pile
        seen[view["public"]["card"]] += 1
    start = game.record()["stock"]
    seen.update(start[len(start) - int(view["stock"]):])
    result = view["result"]
    won_on = result.get("card") if result is not None and result.get("winner") is not None else None
    if won_on and seen[won_on] < _deck(game.spec)[won_on]:
        seen[won_on] += 1  # a card won on from a window may lie in the result alone (Paohuzi)
    return seen


def _deck(spec: GameSpec) -> Counter[str]:
    return Counter({code: n for code, n in zip(spec.deck.codes, spec.deck.copies, strict=True)})


def check_step(game: Game, deal: int, step: int, rng: Rng) -> None:
    """Every per-step check of the module docstring on ``game`` as it stands."""
    where = f"deal {deal}, step {step}"
    spec = game.spec
    count = card_count(game)
    if count != _deck(spec):
        extra, missing = count - _deck(spec), _deck(spec) - count
        raise ConformanceError(f"{where}: the cards are not the deck's: {extra} too many, {missing} missing")
    decision = game.decision()
    if decision is not None and list(decision.seats) != sorted(set(decision.seats)):
        raise ConformanceError(f"{where}: the asked seats {decision.seats} are not ascending and unique")
    for seat in range(spec.seats):
        legal = game.legal_actions(seat)
        asked = decision is not None and seat in decision.seats
        if asked != bool(legal):
            raise ConformanceError(f"{where}: seat {seat} asked={asked} but legal={legal}")
        if legal != sorted(set(legal)):
            raise ConformanceError(f"{where}: seat {seat}'s legal actions are not sorted and unique")
    referee = game.view(None)
    copy = game.clone()
    if copy.view(None) != referee or copy.actions() != game.actions():
        raise ConformanceError(f"{where}: the clone differs from the game")
    if decision is not None:
        seat = decision.seats[0]
        options = copy.legal_actions(seat)
        copy.apply(seat, options[rng.below(len(options))])
        if game.view(None) != referee:
            raise ConformanceError(f"{where}: playing on the clone changed the game")
    if step % REPLAY_EVERY == 0 or decision is None:
        again = replay(json.loads(json.dumps(game.record())))
        if again.view(None) != referee:
            raise ConformanceError(f"{where}: the record does not replay to the same state")
    if decision is not None:
        _check_worlds(game, where, rng)


def _check_worlds(game: Game, where: str, rng: Rng) -> None:
    referee = game.view(None)
    for seat in range(game.spec.seats):
        view, legal = game.view(seat), game.legal_actions(seat)
        hidden = [s for s in range(game.spec.seats) if s != seat and referee["seats"][s]["hand"]]
        varied = not hidden
        for k in range(WORLDS):
            world = game.determinize(seat, rng.fork(seat, k))
            if world.view(seat) != view or world.legal_actions(seat) != legal:
                raise ConformanceError(f"{where}: determinize changed seat {seat}'s view or options")
            truth = world.view(None)
            varied = varied or any(truth["seats"][s]["hand"] != referee["seats"][s]["hand"] for s in hidden)
        if not varied and _can_vary(game, seat):
            raise ConformanceError(f"{where}: determinize for seat {seat} never varied the hidden cards")


def _can_vary(game: Game, seat: int) -> bool:
    """More than one kind of card is hidden from ``seat`` (else every deal of them is the same)."""
    referee = game.view(None)
    hidden: set[str] = set()
    for s, entry in enumerate(referee["seats"]):
        if s != seat:
            hidden.update(own_hand(entry))
    start = game.record().get("stock", [])
    hidden.update(start[len(start) - int(referee["stock"]):])
    return len(hidden) > 1


def check_deal(spec: GameSpec, seed: int, max_actions: int) -> int:
    """Play the deal of ``seed`` (written out card by card) with random-legal players, checking
    every step; the actions played. ``ConformanceError`` on the first broken rule of the contract."""
    game = spec.from_position({**spec.dealt(seed), "actions": []})
    rng = Rng(seed).fork(7)
    step = 0
    while True:
        check_step(game, seed, step, rng)
        decision = game.decision()
        if decision is None:
            return step
        if step >= max_actions:
            raise ConformanceError(f"deal {seed}: no end after {max_actions} actions")
        seat = decision.seats[rng.below(len(decision.seats))]
        legal = game.legal_actions(seat)
        try:
            game.apply(seat, legal[rng.below(len(legal))])
        except CardaviaError as exc:
            raise ConformanceError(f"deal {seed}, step {step}: a legal action was refused: {exc}") from exc
        step += 1


def perft(game: Game, depth: int) -> int:
    """How many distinct sequences of ``depth`` actions can be played from ``game`` (each by a
    seat the engine asks; a sequence that reaches the end of the deal stops there)."""
    decision = game.decision()
    if depth == 0 or decision is None:
        return 1
    total = 0
    for seat in decision.seats:
        for action in game.legal_actions(seat):
            child = game.clone()
            child.apply(seat, action)
            total += perft(child, depth - 1)
    return total


def playthrough(spec: GameSpec, seed: int) -> list[str]:
    """The deal of ``seed`` played by random-legal players (``Rng(seed)``), one JSON line per step:
    the action, the events and what the referee sees after it (hands as sizes)."""
    game = spec.from_position({**spec.dealt(seed), "actions": []})
    rng = Rng(seed)
    lines = [_line(game, None, game.opening_events())]
    while (decision := game.decision()) is not None:
        seat = decision.seats[rng.below(len(decision.seats))]
        legal = game.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        lines.append(_line(game, join_line(seat, action), game.apply(seat, action)))
    return lines


def _line(game: Game, action: str | None, events: list[Any]) -> str:
    view = game.view(None)
    seats = [{**{k: v for k, v in s.items() if k != "hand"}, "hand": len(own_hand(s))} for s in view["seats"]]
    step = {
        "action": action,
        "events": [[e.kind, dict(e.params), e.audience and sorted(e.audience)] for e in events],
        "to_act": view["to_act"],
        "public": view["public"],
        "stock": view["stock"],
        "seats": seats,
        "result": view["result"],
    }
    return json.dumps(step, sort_keys=True, ensure_ascii=False)
