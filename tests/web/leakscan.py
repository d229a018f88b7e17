"""The leak scanner: nothing the human's seat receives tells what it may not know.

Two parts.

**Cards.** Each message is matched to the frame a replay of the finished deal's record builds at
its version (``replay_steps``): its view must be that frame's, and it leaks (``scan``) when

* a field only the referee has appears (``answers``, ``seed``, ``hands``, ...), or the stock is
  anything but a count, or another seat's concealed hand is anything but a count;
* another seat's concealed cards (two or more, before or after the step) appear as a list or as a
  run in the text, or four cards of the stock still to come appear in order (a run counts where it
  stands alone: not inside a longer run of codes in one string, such as a public group, and not
  in the seat's own hand, whose cards may match other copies in the stock by chance; the stock to
  come is each frame's own, after the cards drawn in it);
* at the end of an engine step, the view changes when the hidden cards are dealt otherwise
  (``determinize``).

**Side channels.** ``twin`` builds, from a finished deal, another deal that differs only in what
the computers could have claimed: two computers exchange concealed cards that never leave their
hands, and the public actions are replayed, each at the same public moment, with every computer
passing wherever the first deal has nothing for it — so the public actions, the public state
before each of them and the human's own options are the same, while where the computers were
asked is not. ``stream`` is what the human received, minus what may differ (the table id, the
countdown's milliseconds, the two seats' cards and chou once the end shows everything). Two such
deals must give the same stream: the same versions, steps, events, window numbers, views and
order of messages. ``ScriptedAi`` makes the computers play a record's answers at a live table, so
both deals can be played through a real server.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from starlette.testclient import TestClient

from cardavia.engine.game import Game
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.web.live.frames import Frame, FrameBuilder

from .helpers import Player, answering, app_state, portal, table_socket

REFEREE_ONLY = ("answers", "seed", "hands", "deck", "wall", "record", "secret")
STOCK_RUN = 4


@dataclass
class Step:
    """A frame of the replayed deal and the referee's state before and after the action behind it."""

    frame: Frame
    before: Game
    after: Game
    future_stock: list[str]  # the stock still to come before that action, top first
    settled: bool  # the last frame of its action: the engine stood still here


def position_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """A record's starting position (everything but its actions)."""
    return {k: v for k, v in record.items() if k != "actions"}


def replay_steps(record: Mapping[str, Any], seat: int) -> list[Step]:
    """Every frame ``seat`` is shown in ``record``, with the referee around it."""
    spec = get_spec(record["game"])
    game = spec.from_position({**position_of(record), "actions": []})
    builder = FrameBuilder(spec, position_of(record), seat)
    drawn = [str(e.params["card"]) for e in game.opening_events() if e.kind.endswith(".draw")]
    stock = [*drawn, *_stock_codes(game)]
    start = game.clone()
    builder.events(game.opening_events())
    steps = _steps(builder.settle(game), start, game.clone(), stock)
    for line in record["actions"]:
        before = game.clone()
        future = _stock_codes(game)
        actor, action = split_line(line, spec.seats)
        builder.events(game.apply(actor, action))
        steps += _steps(builder.settle(game), before, game.clone(), future)
    return steps


def _steps(frames: list[Frame], before: Game, after: Game, future: list[str]) -> list[Step]:
    """One action's frames; each frame's stock still to come leaves out the cards drawn in it and
    in the frames before it (one action can draw several: each shown in its own frame)."""
    steps = []
    for i, frame in enumerate(frames):
        left = [e["params"]["stock"] for e in frame.events
                if e["kind"].endswith(".draw") and "stock" in e["params"]]
        if left:
            future = future[len(future) - int(str(left[-1])):]
        steps.append(Step(frame, before, after, future, i == len(frames) - 1))
    return steps


def _stock_codes(game: Game) -> list[str]:
    """The stock still to come, top first (the referee may look)."""
    record = game.record()
    stock = [str(c) for c in record.get("stock", [])]
    drawn = game.view(None)["stock"]
    return stock[len(stock) - int(drawn):]


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


def _concealed(game: Game, seat: int) -> dict[int, list[str]]:
    truth: Any = game.view(None)
    return {s: sorted(truth["seats"][s]["hand"]) for s in range(game.spec.seats) if s != seat}


def scan(text: str, step: Step, seat: int, check_worlds: bool = True) -> list[str]:
    """Every way ``text`` (one message to ``seat`` at ``step``) could reveal what it may not see."""
    problems: list[str] = []
    message = json.loads(text)
    if step.frame.kind == "end":
        return problems  # after the deal every hand is shown to everybody
    hidden = {s: cards for game in (step.before, step.after) for s, cards in _concealed(game, seat).items()}
    hidden_before = _concealed(step.before, seat)
    for path, key, value in _keys(message):
        if key in REFEREE_ONLY:
            problems.append(f"referee-only field {path}.{key}")
        if key == "stock" and not isinstance(value, int):
            problems.append(f"the stock at {path} is not a count")
    view = message.get("view")
    own = None
    if isinstance(view, dict):
        for s, seat_view in enumerate(view.get("seats", [])):
            if s != seat and isinstance(seat_view.get("hand"), list):
                problems.append(f"seat {s}'s concealed hand is listed")
        own = view["seats"][seat].get("hand")
    for items in _lists(message):
        codes = _codes(items)
        if codes is None or items is own:
            continue
        for s, cards in (*hidden.items(), *hidden_before.items()):
            if len(cards) >= 2 and sorted(codes) == cards:
                problems.append(f"seat {s}'s concealed hand appears as a list")
        problems.extend(_stock_runs(codes, step.future_stock))
    # The text, without the seat's own hand (its own cards; a run of them may match other copies
    # in the stock by chance): concealed cards and the stock's order in any string or list.
    searched = _without_own_hand(message, seat)
    deck = set(step.before.spec.deck.codes)
    for s, cards in (*hidden.items(), *hidden_before.items()):
        if len(cards) >= 2 and _alone(searched, " ".join(cards), deck):
            problems.append(f"seat {s}'s concealed hand appears in the text")
    future = step.future_stock
    for i in range(len(future) - STOCK_RUN + 1):
        run = future[i : i + STOCK_RUN]
        forms = (" ".join(run), '", "'.join(run), '","'.join(run))
        if any(_alone(searched, joined, deck) for joined in forms):
            problems.append(f"the stock order {run} appears in the text")
            break
    if check_worlds and step.settled and isinstance(view, dict) and message.get("type") == "state":
        for k in range(2):
            world = step.after.determinize(seat, Rng(1000 + k))
            if _settled_view(world.view(seat)) != _settled_view(view):
                problems.append("the view changes when the hidden cards are dealt otherwise")
                break
    return problems


def _without_own_hand(message: dict[str, Any], seat: int) -> str:
    """``message`` as sent, its ``seat``'s own concealed hand left out."""
    view = message.get("view")
    if isinstance(view, dict) and isinstance(view.get("seats"), list) and len(view["seats"]) > seat:
        seats = list(view["seats"])
        seats[seat] = {**seats[seat], "hand": "own"}
        message = {**message, "view": {**view, "seats": seats}}
    return json.dumps(message, ensure_ascii=False)


def _alone(text: str, run: str, codes: set[str]) -> bool:
    """True when ``run`` (card codes) appears in ``text`` as whole codes and not inside a longer
    run of codes in one string: two concealed cards ``b8 b9`` are no leak in a public
    ``chi b7 b8 b9``, nor ``b1 b1`` in ``b1 b10``."""
    for found in re.finditer(f"(?={re.escape(run)})", text):  # overlapping ones too
        left, right = text[: found.start()], text[found.start() + len(run):]
        if re.search(r"[A-Za-z0-9]$", left) or re.match(r"[A-Za-z0-9]", right):
            continue  # part of a longer code
        before = re.search(r"([A-Za-z0-9]+) $", left)
        after = re.match(r" ([A-Za-z0-9]+)", right)
        if (before and before.group(1) in codes) or (after and after.group(1) in codes):
            continue  # part of a longer run
        return True
    return False


def _settled_view(view: Mapping[str, Any]) -> dict[str, Any]:
    return {**view, "to_act": [], "legal": {}}


def _stock_runs(codes: list[str], future_stock: list[str]) -> list[str]:
    if len(codes) < STOCK_RUN or len(future_stock) < STOCK_RUN:
        return []
    runs = {tuple(future_stock[i : i + STOCK_RUN]) for i in range(len(future_stock) - STOCK_RUN + 1)}
    for i in range(len(codes) - STOCK_RUN + 1):
        if tuple(codes[i : i + STOCK_RUN]) in runs:
            return [f"the stock order {codes[i:i + STOCK_RUN]} appears as a list"]
    return []


# --- side channels ---------------------------------------------------------------------------------


def stream(texts: list[str], masked: Mapping[int, object] | None = None) -> list[dict[str, Any]]:
    """The messages the human received, as they must be equal between two twin deals: without the
    table id and the countdown's milliseconds, and with the hands of the ``masked`` seats hidden
    once the end shows them."""
    out = []
    for text in texts:
        message = json.loads(text)
        message.pop("table", None)
        message.pop("record_url", None)
        if message.get("countdown_ms") is not None:
            message["countdown_ms"] = "running"
        if message.get("type") == "state" and message.get("step") == "end" and masked:
            for s in masked:  # their cards, and the chou their refusals made, differ
                message["view"]["seats"][s]["hand"] = "masked"
                message["view"]["seats"][s]["chou"] = "masked"
        out.append(message)
    return out


def public_digest(game: Game) -> Any:
    """What every seat may know of a deal now, read from the referee (not from any event):
    exposed groups, dead cards, the public card, the counts; no concealed card, no chou (a
    refused claim makes chou that is not public)."""
    view = game.view(None)
    seats = []
    for entry in view["seats"]:
        hand = entry.get("hand")
        seats.append({
            **{k: v for k, v in entry.items() if k not in ("hand", "chou", "hand_count")},
            "size": len(hand) if isinstance(hand, list) else hand,
        })
    return {"public": view["public"], "stock": view["stock"], "status": view["status"], "seats": seats}


def _is_hidden_pass(line: str, seats: int, human: int) -> bool:
    seat, action = split_line(line, seats)
    return seat != human and action == "pass"


Skeleton = list[tuple[Any, str, list[str]]]


def _replay_public(record: Mapping[str, Any], human: int) -> tuple[Skeleton, Any]:
    """Every public action, with the public digest before it and, for the human's own, his legal
    actions then; and the public digest at the end."""
    spec = get_spec(record["game"])
    game = spec.from_position({**position_of(record), "actions": []})
    out = []
    for line in record["actions"]:
        seat, action = split_line(line, spec.seats)
        if not _is_hidden_pass(line, spec.seats, human):
            mine = game.legal_actions(human) if seat == human else []
            out.append((public_digest(game), line, mine))
        game.apply(seat, action)
    return out, public_digest(game)


def asked_pattern(record: Mapping[str, Any], human: int) -> tuple[list[int], list[bool]]:
    """Where the computers had hidden options: before each public action, how many hidden passes
    there were; and at each decision of the human, whether a computer was asked with him."""
    spec = get_spec(record["game"])
    game = spec.from_position({**position_of(record), "actions": []})
    passes, shared, hidden = [], [], 0
    for line in record["actions"]:
        seat, action = split_line(line, spec.seats)
        decision = game.decision()
        assert decision is not None
        if seat == human:
            shared.append(len(decision.seats) > 1)
        if _is_hidden_pass(line, spec.seats, human):
            hidden += 1
        else:
            passes.append(hidden)
            hidden = 0
        game.apply(seat, action)
    return passes, shared


def hidden_passes_of(record: Mapping[str, Any], human: int, seat: int) -> list[int]:
    """Before each public action, how many hidden passes ``seat`` made: where it was asked."""
    spec = get_spec(record["game"])
    out, hidden = [], 0
    for line in record["actions"]:
        if _is_hidden_pass(line, spec.seats, human):
            hidden += split_line(line, spec.seats)[0] == seat
        else:
            out.append(hidden)
            hidden = 0
    return out


def rebuild(
    position: Mapping[str, Any], skeleton: Skeleton, human: int
) -> list[str] | None:
    """The actions that play the public actions of ``skeleton`` (``_replay_public``) from
    ``position``, each at the same public moment, every computer passing wherever the skeleton
    has nothing for it; None when the skeleton does not fit."""
    spec = get_spec(position["game"])
    game = spec.from_position({**position, "actions": []})
    out: list[str] = []
    i = 0
    while (decision := game.decision()) is not None and len(out) < 2000:
        if i < len(skeleton):
            before, line, _ = skeleton[i]
            seat, action = split_line(line, spec.seats)
            ready = seat in decision.seats and action in game.legal_actions(seat)
            if ready and public_digest(game) == before:
                game.apply(seat, action)
                out.append(line)
                i += 1
                continue
        passer = next((s for s in decision.seats if s != human and "pass" in game.legal_actions(s)), None)
        if passer is None:
            return None
        game.apply(passer, "pass")
        out.append(f"S{passer} pass")
    return out if i == len(skeleton) and game.decision() is None else None


def twin(
    record: Mapping[str, Any], human: int, rng: Rng, shared: bool = False, person: int | None = None
) -> tuple[dict[str, Any], list[int]] | None:
    """A deal that differs from ``record`` only in the computers' hidden options — in where they
    were asked, and with ``shared`` also in whether one was asked together with the human — and
    the two computers whose concealed cards differ; None when no exchange of two such cards gives
    one. The exchanges are tried in an order drawn from ``rng``.

    ``person``: a second person's seat, to be one of the two whose cards differ, and asked where
    it was not (their own concealed cards and options differ; ``human`` must not be able to tell)."""
    spec = get_spec(record["game"])
    final = get_spec(record["game"]).from_position(position_of(record))
    for line in record["actions"]:
        final.apply(*split_line(line, spec.seats))
    result = final.outcome() or {}
    end_hands: Any = final.view(None)["seats"]
    kept = [s for s in range(spec.seats) if s not in (human, result.get("winner")) and end_hands[s]["hand"]]
    if len(kept) < 2:
        return None
    public = _replay_public(record, human)
    passes, with_human = asked_pattern(record, human)
    position = position_of(record)
    exchanges = sorted({
        (c, x, d, y)
        for c in kept for d in kept if c < d
        for x in end_hands[c]["hand"] for y in end_hands[d]["hand"] if x != y
    })
    rng.shuffle(exchanges)
    for c, x, d, y in exchanges:
        if person is not None and person not in (c, d):
            continue
        swapped = _swap(position, c, x, d, y)
        if swapped is None:
            continue
        actions = rebuild(swapped, public[0], human)
        if actions is None:
            continue
        other = {**swapped, "actions": actions}
        other_passes, other_with_human = asked_pattern(other, human)
        if other_passes == passes or (shared and other_with_human == with_human):
            continue
        asked = hidden_passes_of(record, human, person) if person is not None else None
        if person is not None and hidden_passes_of(other, human, person) == asked:
            continue
        if _replay_public(other, human) == public:
            return other, [c, d]
    return None


def _swap(position: Mapping[str, Any], c: int, x: str, d: int, y: str) -> dict[str, Any] | None:
    """``position`` with seat ``c``'s ``x`` and seat ``d``'s ``y`` exchanged (a dealer's face-up
    last card stays where it is)."""
    hands = [list(h) for h in position["hands"]]
    for seat, give in ((c, x), (d, y)):
        hand = hands[seat]
        fixed = position["game"] == "paohuzi" and seat == position["dealer"] and "next" not in position
        candidates = [i for i, code in enumerate(hand) if code == give and not (fixed and i == len(hand) - 1)]
        if not candidates:
            return None
    hands[c][hands[c].index(x)] = y
    hands[d][hands[d].index(y)] = x
    try:
        get_spec(position["game"]).from_position({**position, "hands": hands, "actions": []})
    except Exception:
        return None
    return {**position, "hands": hands}


class ScriptedAi:
    """An ``AiRunner`` whose computers play the answers of a record, decision by decision."""

    def __init__(self, record: Mapping[str, Any], human: int, think: float = 0.0) -> None:
        self.think = think
        spec = get_spec(record["game"])
        game = spec.from_position({**position_of(record), "actions": []})
        self.answers: dict[tuple[int, int], str] = {}
        for line in record["actions"]:
            seat, action = split_line(line, spec.seats)
            decision = game.decision()
            assert decision is not None
            if seat != human:
                self.answers[(decision.window, seat)] = action
            game.apply(seat, action)
        self.human_actions = [split_line(a, spec.seats)[1] for a in record["actions"]
                              if split_line(a, spec.seats)[0] == human]

    async def choose(self, game: Game, seat: int, tier: str, seed: int) -> str:
        """The record's answer of ``seat`` at this decision (after ``think`` seconds)."""
        if self.think:
            await asyncio.sleep(self.think)
        decision = game.decision()
        assert decision is not None
        return self.answers[(decision.window, seat)]

    def warm(self, workers: int) -> None:
        """Nothing to start."""

    def close(self) -> None:
        """Nothing to stop."""


# --- at a live table --------------------------------------------------------------------------------


def scan_messages(received: list[str], record: dict[str, Any], seat: int) -> list[str]:
    """Every problem of the messages ``received`` by ``seat`` at the table that played ``record``."""
    steps = replay_steps(record, seat)
    problems: list[str] = []
    step = steps[0]
    for text in received:
        message = json.loads(text)
        if message["type"] == "state":
            step = steps[message["v"] - 1]
            expected = step.frame.view
            if not message["legal"] and expected.get("status") == "ongoing":
                expected = {**expected, "to_act": [], "legal": {}}
            if message["view"] != expected or message["step"] != step.frame.kind:
                problems.append(f"message v={message['v']} is not the replayed frame")
        problems.extend(scan(text, step, seat))
    return problems


@contextmanager
def scripted_table(
    client: TestClient, record: dict[str, Any], think: float = 0.0
) -> Iterator[tuple[Player, ScriptedAi]]:
    """A live table set out with ``record``'s position, its computers playing the record's answers
    (each after ``think`` seconds)."""
    manager = app_state(client).tables
    scripted = ScriptedAi(record, 0, think)
    real, manager._ai = manager._ai, scripted
    try:
        actor, people = portal(client).call(manager.create, record["game"], "easy", 0, position_of(record))
        secret = people[0]
    finally:
        manager._ai = real
    client.cookies.set(f"cardavia_t_{actor.id}", secret)
    with table_socket(client, actor.id) as player:
        yield player, scripted


def play_scripted(client: TestClient, record: dict[str, Any]) -> list[str]:
    """Play ``record`` at a live table (the human's actions as recorded); every message received."""
    with scripted_table(client, record) as (player, scripted):
        mine = iter(scripted.human_actions)
        player.until(lambda m: m["type"] == "state")
        while not player.over():
            if player.waiting_for_me():
                if player.act(next(mine))["type"] != "ack":
                    break  # refused: the streams show it
            else:
                player.until(lambda m: m["type"] == "state")
        return list(player.received)


def differences(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> list[str]:
    """Where two streams part (empty when they are the same)."""
    if len(a) != len(b):
        return [f"{len(a)} messages against {len(b)}", *differences(a[: len(b)], b[: len(a)])]
    pairs = enumerate(zip(a, b, strict=True))
    return [f"message {i} differs: {x} / {y}"[:300] for i, (x, y) in pairs if x != y]


# --- timing of the human's own claim windows -------------------------------------------------------


@dataclass
class WindowGap:
    """One claim window the human passed and nobody claimed in: whether a computer was asked in it
    too (the hidden fact), the milliseconds from his answer to its ``ack`` and from the ``ack`` to
    the next ``state``."""

    shared: bool
    ack_ms: float
    next_ms: float


def passed_windows(record: Mapping[str, Any], human: int) -> list[tuple[bool, bool]]:
    """For each of the human's actions in ``record``: (whether it was a pass in a window where every
    seat asked passed, whether a computer was asked in that window too)."""
    spec = get_spec(record["game"])
    game = spec.from_position({**position_of(record), "actions": []})
    lines = [split_line(line, spec.seats) for line in record["actions"]]
    out: list[tuple[bool, bool]] = []
    i = 0
    while i < len(lines):
        decision = game.decision()
        assert decision is not None
        window = []
        while i < len(lines):
            now = game.decision()
            if now is None or now.window != decision.window:
                break
            window.append(lines[i])
            game.apply(*lines[i])
            i += 1
        all_passed = all(action == "pass" for _, action in window)
        for seat, action in window:
            if seat == human:
                out.append((all_passed and action == "pass", len(decision.seats) > 1))
    return out


def window_gaps(client: TestClient, game: str, seed: int) -> list[WindowGap]:
    """Play one deal at a (paced) table, passing wherever the human may, else a seeded legal action;
    time each answer's ``ack`` and the ``state`` after it, and keep the windows where he passed and
    the card died, each with whether a computer was asked with him (from the finished record)."""
    response = client.post(f"/games/{game}/start", data={"difficulty": "easy"}, follow_redirects=False)
    table_id = response.headers["location"].removeprefix("/tables/")
    rng, timed = Rng(seed), list[tuple[float, float]]()
    with table_socket(client, table_id, seed) as player:
        player.until(lambda m: m["type"] == "state")
        while not player.over():
            if not player.waiting_for_me():
                player.until(lambda m: m["type"] == "state")
                continue
            assert player.state is not None
            legal = player.state["legal"]
            action = "pass" if "pass" in legal else legal[rng.below(len(legal))]
            ref = len(timed)
            sent = time.perf_counter()
            player.send({"type": "act", "window": player.state["window"], "action": action, "id": ref})
            answer = player.until(answering(ref, "ack", "error"))
            acked = time.perf_counter()
            assert answer["type"] == "ack", answer
            player.state = {**player.state, "legal": [], "window": None}
            player.until(lambda m: m["type"] == "state")
            timed.append(((acked - sent) * 1000, (time.perf_counter() - acked) * 1000))
    record = client.get(f"/tables/{table_id}/record").json()
    windows = passed_windows(record, 0)
    assert len(windows) == len(timed), "each of the human's actions is timed once"
    return [WindowGap(shared, ack, nxt) for (died, shared), (ack, nxt) in zip(windows, timed, strict=True)
            if died]


def rank_test(a: list[float], b: list[float]) -> float:
    """The two-sided p-value of the Mann-Whitney U test that ``a`` and ``b`` come from one
    distribution (normal approximation with ties averaged; 1.0 when either is empty)."""
    if not a or not b:
        return 1.0
    ranked = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    ranks = [0.0] * len(ranked)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        i = j + 1
    n, m = len(a), len(b)
    u = sum(r for r, (_, group) in zip(ranks, ranked, strict=True) if group == 0) - n * (n + 1) / 2
    sigma = math.sqrt(n * m * (n + m + 1) / 12)
    z = abs(u - n * m / 2) / sigma if sigma else 0.0
    return math.erfc(z / math.sqrt(2))


def _spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3) if ordered else 0.0

    return {"p10": at(0.1), "p50": at(0.5), "p90": at(0.9)}


TIMING_P = 0.001  # a difference between the groups this unlikely by chance is a finding ...
TIMING_MS = 0.5  # ... when their medians also differ by this much (far below a network's jitter)


def timing_report(gaps: list[WindowGap]) -> dict[str, Any]:
    """Compare the windows where a computer was asked with those where the human was alone: for
    the ``ack`` and for the next ``state``, each group's spread, the difference of the medians and
    the rank test's p-value; ``findings`` lists the measures that tell the groups apart."""
    report: dict[str, Any] = {"windows": len(gaps), "shared": sum(g.shared for g in gaps),
                              "alone": sum(not g.shared for g in gaps), "findings": []}
    for name in ("ack_ms", "next_ms"):
        shared = [getattr(g, name) for g in gaps if g.shared]
        alone = [getattr(g, name) for g in gaps if not g.shared]
        delta = _spread(shared)["p50"] - _spread(alone)["p50"]
        p = rank_test(shared, alone)
        report[name] = {"shared": _spread(shared), "alone": _spread(alone),
                        "median_difference": round(delta, 3), "p": float(f"{p:.3g}")}
        if p < TIMING_P and abs(delta) >= TIMING_MS:
            report["findings"].append(f"{name}: medians differ by {delta:.2f} ms (p={p:.2g})")
    return report


def plant_per_answer_stores(monkeypatch: Any, commit_ms: float) -> None:
    """The channel of old: each answer of a window stored in a commit of its own, each costing
    ``commit_ms`` (a disk's sync), before the human is answered."""
    from cardavia.web.storage.store import Store

    original = Store.append_many

    async def one_by_one(self: Store, table_id: str, seq: int, lines: Any, lease: Any = None) -> None:
        for i, line in enumerate(lines):
            await asyncio.sleep(commit_ms / 1000)
            await original(self, table_id, seq + i, [line], lease)

    monkeypatch.setattr(Store, "append_many", one_by_one)
