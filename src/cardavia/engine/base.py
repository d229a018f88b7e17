"""``BaseGame``: what every game's deal does alike, so that a game supplies only its rules.

OpenSpiel's template methods are the model. The kernel owns the checks at the start of ``apply``
(the deal is on, the seat exists, the action is text), the action log, events on or off, the
decision (from the open claim window, else the one seat to act), cached legal lists, the opening
events, records (the starting position plus the log, the engine's version and the game's rules),
outcomes, ``clone`` by an explicit field list, and the ``determinize`` skeleton that raises rather
than ever return the real hidden cards.

A game subclasses it and supplies:

* ``SEATS`` and ``FIELDS`` (every attribute of its state and how ``clone`` copies it: ``share``,
  ``list``, ``dict``, ``rows`` or ``window``);
* ``_play(seat, action) -> str``: check and play the action (with the automatic steps after it),
  returning its canonical text; raise ``IllegalAction`` or ``NotationError`` changing nothing;
* ``_legal(seat) -> Sequence[str]``: the seat's sorted legal actions when no claim window is open
  (the kernel answers from the window's options when one is, and caches both);
* ``explain``, ``view``, and for ``determinize`` ``_sample_hidden`` / ``_place_hidden`` (and
  ``_solve_hidden`` when sampling can fail).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar

from cardavia import __version__
from cardavia.engine.claims import ClaimWindow
from cardavia.engine.errors import CardaviaError, IllegalAction, NotationError
from cardavia.engine.game import JSON, Decision, Event, GameSpec, Outcome, View
from cardavia.engine.notation import join_line
from cardavia.engine.reasons import Reason
from cardavia.engine.rng import Rng

ENGINE = f"cardavia {__version__}"
"""The ``engine`` field of the records this version writes."""
SAMPLES = 50
"""How many random deals ``determinize`` tries before it solves for one."""


class DeterminizeError(CardaviaError):
    """No full state is consistent with the seat's view: the position cannot be reached."""


def _rows(value: list[list[Any]]) -> list[list[Any]]:
    return [row[:] for row in value]


def _window(value: ClaimWindow | None) -> ClaimWindow | None:
    return None if value is None else value.copy()


COPY: Mapping[str, Callable[[Any], Any]] = {
    "share": lambda value: value,
    "list": lambda value: value[:],
    "dict": dict,
    "rows": _rows,
    "window": _window,
}
"""How ``clone`` copies a field: immutable (shared), a flat list or dict, a list of lists, a claim
window."""


class BaseGame:
    """One deal of some game; see ``cardavia.engine.game.Game`` for the contract."""

    __slots__ = (
        "_decision_cache",
        "_events",
        "_legal_cache",
        "actor",
        "decision_id",
        "events_enabled",
        "explained_to",
        "history",
        "opening",
        "result",
        "spec",
        "start",
        "window",
    )
    SEATS: ClassVar[int]
    FIELDS: ClassVar[Mapping[str, str]]
    """The game's own attributes and how each is copied (see ``COPY``)."""
    KERNEL_FIELDS: ClassVar[Mapping[str, str]] = {
        "spec": "share",
        "events_enabled": "share",
        "explained_to": "share",
        "start": "share",
        "history": "list",
        "opening": "share",
        "window": "window",
        "actor": "share",
        "decision_id": "share",
        "result": "share",
    }

    def __init__(self, spec: GameSpec, start: JSON, events: bool) -> None:
        """The kernel's part of a new deal; the game sets up its own and then calls ``_opened``."""
        self.spec = spec
        self.events_enabled = events
        self.explained_to: frozenset[int] | None = None  # the seats told why not; None: every seat
        self.start = start
        self.history: list[str] = []
        self.opening: tuple[Event, ...] = ()
        self.window: ClaimWindow | None = None
        self.actor = -1
        self.decision_id = 0
        self.result: Outcome | None = None
        self._events: list[Event] | None = [] if events else None
        self._legal_cache: dict[int, Sequence[str]] = {}
        self._decision_cache: Decision | None = None

    def _opened(self) -> None:
        """The automatic steps before the first decision are done: keep their events."""
        self.opening = tuple(self._events or ())
        self._events = [] if self.events_enabled else None
        self._changed()

    def _changed(self) -> None:
        self._legal_cache = {}
        self._decision_cache = None

    # -- the Game protocol ----------------------------------------------------------------------

    def decision(self) -> Decision | None:
        """``None`` when the deal is over; else the open window's unanswered seats, or the one
        seat to act, and the window id."""
        cached = self._decision_cache
        if cached is None and self.result is None:
            window = self.window
            seats = (self.actor,) if window is None else window.pending()
            # ``tuple.__new__`` builds the named tuple without its Python-level ``__new__``, at
            # half the cost (one decision is built for every action of a playout).
            cached = self._decision_cache = tuple.__new__(Decision, (seats, self.decision_id))
        return cached

    def legal_actions(self, seat: int) -> list[str]:
        """Sorted, unique; empty for a seat that is not asked (or has already answered)."""
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> Sequence[str]:
        """``legal_actions`` cached, without the copy (callers must not change it): in an open
        window the seat's options, else the game's ``_legal``."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            window = self.window
            if self.result is not None:
                cached = ()
            elif window is not None:
                cached = window.legal(seat)
            else:
                cached = self._legal(seat)
            self._legal_cache[seat] = cached
        return cached

    def apply(self, seat: int, action: str) -> list[Event]:
        """Check and play ``action`` for ``seat``; the events of what happened. Raises
        ``IllegalAction`` (with its reason) or ``NotationError`` and changes nothing."""
        if self.result is not None:
            raise IllegalAction("the deal is over", Reason("deal_over"))
        if type(seat) is not int or not 0 <= seat < self.SEATS:
            message = f"there is no seat {seat!r}; seats are 0-{self.SEATS - 1}"
            raise IllegalAction(message, Reason("not_asked"))
        if not isinstance(action, str):
            raise NotationError(f"an action must be a string, got {action!r}")
        events: list[Event] | None = [] if self.events_enabled else None
        self._events = events
        try:
            text = self._play(seat, action)
        except IllegalAction as refused:
            if refused.reason is None:
                refused.reason = self.explain(seat, action)
            raise
        self.history.append(join_line(seat, text))
        self._legal_cache = {}  # ``_changed``, written out: this is the hottest path of a playout
        self._decision_cache = None
        return events if events is not None else []

    def opening_events(self) -> list[Event]:
        """What happened before the first decision (the deal's automatic steps), as events."""
        return list(self.opening)

    def actions(self) -> list[str]:
        """The actions played so far, ``S<n> …``, canonical."""
        return list(self.history)

    def outcome(self) -> Outcome | None:
        """``None`` while ongoing; otherwise a copy of the ``result`` object."""
        if self.result is None:
            return None
        copy = Outcome(**self.result)
        if "groups" in copy:
            copy["groups"] = list(copy["groups"])
        if "payments" in copy:
            copy["payments"] = list(copy["payments"])
        return copy

    def record(self) -> JSON:
        """The starting position, the engine and the rules, and every action played."""
        return {**self.start, "engine": ENGINE, **self.spec.rules_fields(), "actions": list(self.history)}

    def clone(self) -> Any:
        """An independent copy: every field of ``KERNEL_FIELDS`` and ``FIELDS``, each as declared."""
        other = object.__new__(type(self))
        for fields in (self.KERNEL_FIELDS, self.FIELDS):
            for name, how in fields.items():
                setattr(other, name, COPY[how](getattr(self, name)))
        other._events = [] if self.events_enabled else None
        other._legal_cache = {}
        other._decision_cache = None
        return other

    def determinize(self, seat: int, rng: Rng) -> Any:
        """A full state consistent with ``view(seat)``, every card ``seat`` cannot see dealt again
        from ``rng``. It never holds the real hidden cards by default: when no deal can be found
        (the position cannot be reached), ``DeterminizeError``."""
        world = self.clone()
        if self.result is not None:
            return world
        dealt = None
        for _ in range(SAMPLES):
            dealt = self._sample_hidden(seat, rng)
            if dealt is not None:
                break
        else:
            dealt = self._solve_hidden(seat, rng)
        if dealt is None:
            raise DeterminizeError(f"no deal of the hidden cards fits seat {seat}'s view")
        world._place_hidden(dealt, seat)
        world._changed()
        return world

    # -- what a game supplies -------------------------------------------------------------------

    def _play(self, seat: int, action: str) -> str:
        raise NotImplementedError

    def _legal(self, seat: int) -> Sequence[str]:
        """The seat's sorted legal actions when no claim window is open (the kernel answers from
        the window when one is)."""
        raise NotImplementedError

    def explain(self, seat: int, action: str) -> Reason | None:
        """Why ``seat`` may not play ``action`` now, or ``None`` (section 7's reason codes)."""
        raise NotImplementedError

    def view(self, seat: int | None) -> View:
        """The replay document as ``seat`` may see it (``None``: the referee)."""
        raise NotImplementedError

    def _sample_hidden(self, seat: int, rng: Rng) -> Any:
        """One random deal of what ``seat`` cannot see, or ``None`` when it broke a rule."""
        raise NotImplementedError

    def _solve_hidden(self, seat: int, rng: Rng) -> Any:
        """A deal of what ``seat`` cannot see that breaks no rule, found by search; ``None`` only
        when there is none. Games whose sampling cannot fail never need it."""
        return None

    def _place_hidden(self, dealt: Any, seat: int) -> None:
        """Put a deal of ``_sample_hidden`` into this state (a clone)."""
        raise NotImplementedError

    def explain_to(self, seats: Collection[int] | None) -> None:
        """See ``Game.explain_to``."""
        self.explained_to = None if seats is None else frozenset(seats)

    def _explains(self, seat: int) -> bool:
        """True when events are on and ``seat`` is told why it may not claim."""
        return self._events is not None and (self.explained_to is None or seat in self.explained_to)

    def _emit(self, kind: str, params: Mapping[str, Any], audience: Collection[int] | None = None) -> None:
        """Record an event (when events are on); ``audience`` None: every seat sees it."""
        if self._events is not None:
            self._events.append(Event(kind, params, None if audience is None else frozenset(audience)))
