"""The interface every Cardavia game implements (OpenSpiel-style contracts).

Actions are canonical text without the seat prefix (``"take RH RH RH"``, ``"pass"``); see
records-and-cli.md section 3. Decisions are sets of seats, not "the current player".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypedDict

from cardavia.engine.cards import Deck
from cardavia.engine.reasons import Reason
from cardavia.engine.rng import Rng

JSON = dict[str, Any]


class PublicCard(TypedDict):
    """The card open to claims: its code, its owner and the window kind (each game names its
    own kinds: a drawn card, a discard, ...)."""

    card: str
    owner: int
    window: str


class SeatView(TypedDict, total=False):
    """One seat in a view. ``hand``: the concealed cards (canonical codes) where the viewer may
    see them; another seat's hand is shown as its count, in ``hand`` or ``hand_count``."""

    hand: list[str] | int
    hand_count: int
    melds: list[str]
    discards: list[str]
    chou: list[str]
    shown: str | None
    dead: bool


class Outcome(TypedDict, total=False):
    """The ``result`` of an ended deal (records-and-cli.md section 5): ``winner`` None for a draw."""

    winner: int | None
    card: str | None
    score: int
    groups: list[str]
    tun: int
    payments: list[int]
    window: str
    owner: int


def seat_result(result: Outcome, seat: int) -> float:
    """What an ended deal gave ``seat``: its payment when the game pays (a balance), else the
    score of its win (0 when it did not win)."""
    payments = result.get("payments")
    if isinstance(payments, list):
        return float(payments[seat])
    if result.get("winner") == seat:
        return float(result.get("score") or 0)
    return 0.0


def own_hand(entry: SeatView) -> list[str]:
    """The concealed cards of a seat entry the viewer may see (its own, or any after the deal);
    ``ValueError`` for another seat's hidden hand."""
    hand = entry.get("hand")
    if not isinstance(hand, list):
        raise ValueError("this seat's hand is not shown in the view")
    return hand


class View(TypedDict, total=False):
    """The replay document of records-and-cli.md section 5 as one seat (or the referee) sees it."""

    game: str
    status: str
    to_act: list[int]
    public: PublicCard | None
    legal: dict[str, list[str]]
    seats: list[SeatView]
    stock: int
    result: Outcome | None
    dealer: int
    viewer: int | None
    answers: dict[str, str]


class Decision(NamedTuple):
    """The seats whose answer the engine waits for (ascending), and the id of the window they answer in.

    ``window`` grows by at least one every time a new decision opens, so an action that names an
    older window is stale. Immutable; a named tuple because one is built for every decision and
    it is the cheapest immutable value to build.
    """

    seats: tuple[int, ...]
    window: int


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs and the table. ``audience`` None means every seat.

    ``kind`` is a message key (``"<game>.draw"``); ``params`` holds codes and numbers only, never
    words, so every reader can see it in his own language.
    """

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int) -> bool:
        """True when ``seat`` may see this event."""
        return self.audience is None or seat in self.audience


class Game(Protocol):
    """A deal in progress. Every method is deterministic; only ``determinize`` invents cards."""

    @property
    def spec(self) -> GameSpec:
        """The game's rules module (name, seats, deck)."""
        ...

    def decision(self) -> Decision | None:
        """``None`` when the deal is over; otherwise who must answer now and in which window."""
        ...

    def legal_actions(self, seat: int) -> list[str]:
        """Sorted, unique; empty for a seat that is not asked (or has already answered)."""
        ...

    def apply(self, seat: int, action: str) -> list[Event]:
        """Validate and play ``action`` for ``seat``; return what happened.

        Accepts any text that reads as a legal action (cards in any order). Raises
        ``IllegalAction`` or ``NotationError`` with a precise message and changes nothing.
        """
        ...

    def explain(self, seat: int, action: str) -> Reason | None:
        """``None`` when ``apply(seat, action)`` would play ``action`` now; otherwise why not, as
        a reason code of records-and-cli.md section 7 (the first that applies, in its table's
        order). ``NotationError`` for text that does not read as an action."""
        ...

    def opening_events(self) -> list[Event]:
        """What happened before the first decision (the deal's automatic steps), as events."""
        ...

    def explain_to(self, seats: Collection[int] | None) -> None:
        """Make the events that tell a seat why it may not claim a public card (``why_not``, the
        costliest to make) only for ``seats`` — those somebody watches; None (the default): for
        every seat. Every other event is made as before; copies keep the setting."""
        ...

    def actions(self) -> list[str]:
        """The actions played so far, with seat prefixes, in canonical text."""
        ...

    def view(self, seat: int | None) -> View:
        """The replay document of records-and-cli.md section 5 as ``seat`` may see it.

        ``None`` is the all-knowing referee. A seat's view lists only the fields it may see:
        other seats' concealed cards appear as counts, the stock as a count, and other seats'
        options and hidden answers not at all. After the deal, every hand is shown.
        """
        ...

    def outcome(self) -> Outcome | None:
        """``None`` while ongoing; otherwise the ``result`` object of records-and-cli.md."""
        ...

    def record(self) -> JSON:
        """The game record (starting position plus actions) that replays to this state."""
        ...

    def determinize(self, seat: int, rng: Rng) -> Game:
        """A full state consistent with ``view(seat)``, hidden cards dealt at random from ``rng``."""
        ...

    def clone(self) -> Game:
        """An independent copy, cheap (no deepcopy)."""
        ...


class Tracker(Protocol):
    """One seat's view of a deal, built from nothing but the events that seat sees.

    It shows every step between two decisions (the engine never stops there). Wherever the
    engine waits, ``view()`` is ``game.view(seat)`` with ``to_act`` and ``legal`` left empty.
    """

    def apply(self, event: Event) -> None:
        """Fold in the next event the seat sees."""
        ...

    def view(self) -> View:
        """The seat's view now."""
        ...


class GameSpec(Protocol):
    """A game's rules module, as registered in ``cardavia.engine.registry``."""

    name: str
    seats: int
    deck: Deck
    record_fields: tuple[str, ...]
    """The record fields of this game beyond the common ones (a game's own piles)."""

    def new_game(self, seed: int, dealer: int | None = None, events: bool = True) -> Game:
        """Deal a new game from ``seed`` with the pinned shuffle; the dealer is drawn from the seed
        when not given. ``events=False`` makes ``apply`` return no events (for rollouts and
        benchmarks); the game itself is the same."""
        ...

    def from_position(self, record: Mapping[str, Any], events: bool = True) -> Game:
        """Build the starting state of a record (everything but ``actions``); raise
        ``RecordError``/``NotationError`` on a malformed or impossible position."""
        ...

    def rules_fields(self) -> JSON:
        """What a record says of this spec's rule options: ``{"rules": {...}}``, or ``{}`` for a
        game without options."""
        ...

    def with_rules(self, rules: Mapping[str, Any]) -> GameSpec:
        """The spec of this game under a record's ``rules`` (``RecordError`` for unknown ones)."""
        ...

    def dealt(self, seed: int) -> JSON:
        """The position of the seeded deal (what ``new_game(seed)`` deals) written out card by
        card, without the seed: a record without ``actions``."""
        ...

    def tracker(self, position: Mapping[str, Any], seat: int) -> Tracker:
        """``seat``'s view of a deal from the record ``position`` on, followed from the events that
        seat sees (``Tracker``)."""
        ...

    def analyze(self, query: Mapping[str, Any]) -> JSON:
        """Answer one ``analyze`` query (the ``--batch`` line form of records-and-cli.md): is this
        holding complete, and what does it score?"""
        ...
