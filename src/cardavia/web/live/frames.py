"""What the human at a table is shown, step by step: frames built from the events his seat sees.

A frame is one step a person should see (a card drawn, a claim, a discard, a card that dies, ...)
with the seat's view after it, and the seat's legal actions when that step asks him something.
Frames are cut from the sequence of visible events alone, never from how the engine happened to
stop in between (a computer's hidden pass is an engine action but no step), so the frames — their
number, order, events and views — are a function of what the seat may know. ``FrameBuilder`` is
pure: the table actor feeds it and paces out what it builds.

How events split into frames (by the part of the kind after the game's prefix):

* a *step* opens a new frame (``deal``, ``draw``, claims, compulsory melds, ``discard``,
  ``dead``, ``win``, ``end``, ``tianhu``);
* a *lead* (``answer``, ``resolve``, ``dead_hand``, the table's ``timeout``) closes the open frame
  and goes into the next one, with whatever follows it up to that frame's step;
* a *tail* (``window``, ``chou``, ``initial_ti``, and the seat's own ``why_not`` and
  ``outranked``) joins the open frame, or the next one after a lead; a ``window`` with nothing
  open (Sì Sè Pái's second chance, W2) is a step of its own.

The engines emit a tail in the same ``apply`` as the step it follows, so a frame is complete when
an ``apply`` ends.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from cardavia.engine.game import Event, Game, GameSpec, View, own_hand
from cardavia.engine.registry import registration
from cardavia.engine.seen import unseen_counts
from cardavia.web.wire import Step, Wait, WireEvent

LEADS = frozenset({"answer", "resolve", "dead_hand", "timeout"})
TAILS = frozenset({"window", "chou", "initial_ti", "why_not", "outranked"})
STEP_KINDS: Mapping[str, Step] = {
    "deal": "deal",
    "draw": "draw",
    "window": "window",
    "take": "claim",
    "chi": "claim",
    "peng": "claim",
    "pao": "claim",
    "wei": "meld",
    "ti": "meld",
    "discard": "discard",
    "dead": "dead",
    "win": "win",
    "tianhu": "win",
    "end": "end",
}
"""The frame kind each step opens (the pace of a frame depends on its kind)."""


@dataclass
class Frame:
    """One step the seat sees: its events, the seat's view after them, and what it may do there.

    ``v`` numbers the frames of a deal from 1. ``legal`` is empty unless the seat is asked at this
    frame (then ``kind`` may be ``decision``: asked with no step in between, e.g. after a tianhu
    offer the seat declined).
    """

    v: int
    kind: Step
    events: list[WireEvent] = field(default_factory=list)
    view: View = field(default_factory=lambda: View())
    legal: tuple[str, ...] = ()


_SCALARS = frozenset({str, int, bool, float, type(None)})


def event_json(event: Event) -> WireEvent:
    """An event as plain JSON: its kind and its params (codes and numbers)."""
    params = {}
    for key, value in event.params.items():
        params[str(key)] = value if type(value) in _SCALARS else _plain(value)
    return {"kind": event.kind, "params": params}


def _plain(value: Any) -> Any:  # an event's param: codes and numbers, maybe in collections
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        items = [_plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, frozenset | set) else items
    return value


class FrameBuilder:
    """Builds the frames of one seat from a deal's start (``position``, a record without actions).

    Call ``events`` with the events of the opening or of one ``apply`` (all of them: the builder
    keeps those the seat sees), then ``settle`` with the game as it stands; ``settle`` returns the
    frames completed by that ``apply``.
    """

    def __init__(self, spec: GameSpec, position: Mapping[str, Any], seat: int) -> None:
        self.seat = seat
        self._tracker = spec.tracker(position, seat)
        self._prefix = len(spec.name) + 1
        self._count = 0
        self._open: Frame | None = None
        self._lead: list[WireEvent] = []
        self._done: list[Frame] = []
        self._asked_in: int | None = None  # the engine window in which the seat was last asked

    def events(self, events: Sequence[Event], timeout: bool = False) -> None:
        """Take in what happened (``timeout``: the seat's own answer was its time running out)."""
        if timeout:
            self._lead.append({"kind": "timeout", "params": {"seat": self.seat}})
            self._close()
        for event in events:
            if event.visible_to(self.seat):
                self._take(event)

    def settle(self, game: Game) -> list[Frame]:
        """The frames completed so far; the last one carries the seat's decision if it is asked."""
        decision = game.decision()
        if decision is None:
            if self._open is not None:
                self._open.view = game.view(self.seat)  # the deal is over: every hand is shown
            self._close()
        else:
            legal = game.legal_actions(self.seat) if self.seat in decision.seats else []
            if legal and decision.window != self._asked_in:
                self._asked_in = decision.window
                if self._open is None:
                    self._open = self._new("decision")
                self._open.legal = tuple(legal)
                self._open.view = {**self._tracker.view(), "to_act": [self.seat],
                                   "legal": {str(self.seat): legal}}
            self._close()
        done, self._done = self._done, []
        return done

    def _take(self, event: Event) -> None:
        name = event.kind[self._prefix:]
        item = event_json(event)
        if name in LEADS:
            self._close()
            self._lead.append(item)
        elif name in TAILS and (self._open is not None or name != "window"):
            (self._open.events if self._open is not None else self._lead).append(item)
        else:
            kind = STEP_KINDS.get(name, "step")
            if kind == "end" and self._open is not None and self._open.kind == "win":
                self._open.kind = "end"  # a win and the end of the deal are one step
            else:
                self._close()
                self._open = self._new(kind)
            self._open.events.append(item)
        self._tracker.apply(event)

    def _new(self, kind: Step) -> Frame:
        self._count += 1
        frame = Frame(self._count, kind, self._lead)
        self._lead = []
        return frame

    def _close(self) -> None:
        if self._open is not None:
            if not self._open.view:
                self._open.view = self._tracker.view()
            self._done.append(self._open)
            self._open = None


def waits_of(view: View, seat: int) -> list[Wait]:
    """The cards that would complete ``seat``'s holding in ``view`` (one card short), each with what
    it scores (``analyze --waits``) and ``unseen``: the copies the seat has not seen. Empty when the
    holding is not one card short. Public information and the seat's own cards only."""
    me = view["seats"][seat]
    found = holding_waits(view["game"], tuple(sorted(own_hand(me))), tuple(me.get("melds", [])))
    unseen = unseen_counts(view, seat) if found else {}
    return [cast(Wait, {**w, "unseen": unseen[w["card"]]}) for w in found]


@functools.lru_cache(maxsize=4096)
def holding_waits(game: str, hand: tuple[str, ...], melds: tuple[str, ...]) -> tuple[Mapping[str, Any], ...]:
    """``analyze --waits`` of a holding (``hand`` sorted): a holding changes far less often than
    the frames that show it, so each is analysed once (the answers are shared: read, never change)."""
    registered = registration(game)
    query = {"hand": " ".join(hand), registered.groups_field: list(melds), "waits": True}
    return tuple(registered.spec.analyze(query)["waits"])
