"""The table's wire: every message the server sends and accepts on ``/ws/tables/{id}``, and the
review document (PROTOCOL.md and records-and-cli.md section 7), as types.

These types are the contract: the producers (``web/live``, ``web/pages/review.py``) build them,
``tests/web/wire_check.py`` checks every message of whole deals against them, and
``scripts/wire_types.py`` derives the browser's typedefs from them. A field's values are JSON:
codes, numbers, message keys and parameters, never words (but ``error``'s ``text``).

No ``from __future__ import annotations`` here: the types are read at run time (which keys are
``NotRequired``), so their annotations must be evaluated when the classes are made.
"""

from typing import Literal, NotRequired, TypedDict

from cardavia.engine.game import Outcome, View

Ref = int | str | None
"""The client's ``id`` of a request, echoed in its answer."""

Scalar = str | int | float | bool | None
"""A parameter of an event, a reason, a tip or a hint: a code, a seat, a number."""

Param = Scalar | list[Scalar] | list[list[Scalar]] | dict[str, Scalar]

Step = Literal["deal", "draw", "window", "claim", "meld", "discard", "dead", "win", "end", "step", "decision"]
"""A frame's kind (``web/live/frames.py``)."""


class WireEvent(TypedDict):
    """An event as the seat sees it: its kind (``<game>.<name>`` or ``timeout``) and its params."""

    kind: str
    params: dict[str, Param]


class Keyed(TypedDict):
    """Words by catalogue key: a hint's reason, a review's why."""

    key: str
    params: dict[str, Param]


class Tip(TypedDict):
    """A lesson's tip (``hold``: the table waits for the player's Continue)."""

    key: str
    params: dict[str, Param]
    hold: bool


class Reason(TypedDict):
    """Why the engine refused an action: its code and params."""

    code: str
    params: dict[str, Param]


class Wait(TypedDict):
    """A card that would complete the human's holding, what it scores, and the copies he has not
    seen (a game's ``score``, or its ``own`` and ``other`` values when it counts who revealed the card)."""

    card: str
    unseen: int
    score: NotRequired[int]
    own: NotRequired[dict[str, int] | None]
    other: NotRequired[dict[str, int] | None]


class Player(TypedDict):
    """Who plays a seat of a friends' table: a person (their name, whether a computer plays for
    them now, whether a socket of theirs is open) or a computer."""

    seat: int
    name: str | None
    kind: Literal["human", "computer"]
    auto: bool
    connected: bool


class LobbySeat(TypedDict):
    """A seat of a lobby: a person's (with their name) or still empty."""

    seat: int
    name: str | None
    kind: Literal["human", "empty"]


class Lobby(TypedDict):
    """The seats of a lobby in turn order, and (the host's messages only) the invite link."""

    seats: list[LobbySeat]
    invite: NotRequired[str]


class LobbyMessage(TypedDict):
    """A friends' table before its deal starts (``state`` with ``step`` ``lobby``)."""

    type: Literal["state"]
    step: Literal["lobby"]
    table: str
    game: str
    seat: int
    seats: int
    difficulty: str
    turn: int
    host: int
    players: list[Player]
    totals: list[int]
    lobby: Lobby


class StateMessage(TypedDict):
    """One frame for the human (``state``); ``log`` only in snapshots, ``lesson`` and the rest only
    at a lesson table, ``players``, ``totals`` and ``turn`` only at a friends' table."""

    type: Literal["state"]
    v: int
    step: Step
    table: str
    game: str
    seat: int
    seats: int
    difficulty: str
    window: int | None
    legal: list[str]
    countdown_ms: int | None
    view: View
    events: list[WireEvent]
    outcome: Outcome | None
    record_url: str | None
    waits: list[Wait]
    log: NotRequired[list[WireEvent]]
    lesson: NotRequired[str]
    tip: NotRequired[Tip | None]
    lesson_done: NotRequired[bool]
    lesson_move: NotRequired[str | None]
    lesson_try: NotRequired[str | None]
    lesson_next: NotRequired[str | None]
    players: NotRequired[list[Player]]
    totals: NotRequired[list[int]]
    turn: NotRequired[int]


class AckMessage(TypedDict):
    """The human's action is stored and live; ``v`` is the last frame released."""

    type: Literal["ack"]
    id: Ref
    v: int


class Hint(TypedDict):
    """What the hard tier would play on the open decision of frame ``window``, and why."""

    window: int
    action: str
    reason: Keyed


class HintAnswer(TypedDict):
    """A hint before it is tied to a frame: the tier's action and its reason."""

    action: str
    reason: Keyed


class HintMessage(Hint):
    """The answer to a ``hint`` request."""

    type: Literal["hint"]
    id: Ref


class Refusal(TypedDict, total=False):
    """What an ``error`` may carry beyond its key: the engine's reason, a lesson's tip or expected
    move, when to ask for a hint again."""

    reason: Reason | None
    tip: Tip
    expected: str | None
    retry_ms: int


class ErrorMessage(Refusal):
    """The message changed nothing: its catalogue key, its text in the socket's language and the
    engine's English detail."""

    type: Literal["error"]
    key: str
    text: str
    detail: str
    id: Ref


class CloseMessage(TypedDict):
    """Not sent: tells a socket's writer to close it (with ``code``, default 1000)."""

    type: Literal["close"]
    code: NotRequired[int]


class PlayersMessage(TypedDict):
    """Who plays each seat of a friends' table changed (someone left, came back, is played for)."""

    type: Literal["players"]
    players: list[Player]


class ReactMessage(TypedDict):
    """A person at the table sent one of the preset reactions (``key``)."""

    type: Literal["react"]
    seat: int
    key: str


class NextMessage(TypedDict):
    """The next deal of a friends' table is dealt, at ``url``."""

    type: Literal["next"]
    url: str


ServerMessage = (
    StateMessage | LobbyMessage | AckMessage | HintMessage | ErrorMessage | PlayersMessage | ReactMessage
    | NextMessage
)
"""Every message the server sends on the table socket."""

Outgoing = ServerMessage | CloseMessage
"""What a subscriber's outbox holds."""


class ActIntent(TypedDict):
    """Play one of ``legal`` in the decision of frame ``window``."""

    type: Literal["act"]
    window: int
    action: str
    id: NotRequired[Ref]


class SyncIntent(TypedDict):
    """Ask for a fresh snapshot."""

    type: Literal["sync"]


class HintIntent(TypedDict):
    """Ask what the hard tier would play."""

    type: Literal["hint"]
    id: NotRequired[Ref]


class PaceIntent(TypedDict):
    """Change the table's speed or pause it."""

    type: Literal["pace"]
    speed: NotRequired[Literal["slow", "normal", "fast"]]
    paused: NotRequired[bool]


class StartIntent(TypedDict):
    """The host starts a lobby's deal (its empty seats become computers)."""

    type: Literal["start"]


class InviteIntent(TypedDict):
    """The host makes a new invite link (the old one opens nothing any more)."""

    type: Literal["invite"]


class NextIntent(TypedDict):
    """After the end: deal again with the same people."""

    type: Literal["next"]


class ReactIntent(TypedDict):
    """Send one of the preset reactions to everyone at the table."""

    type: Literal["react"]
    key: str


class BackIntent(TypedDict):
    """Take one's seat back from the computer playing it."""

    type: Literal["back"]


ClientMessage = (
    ActIntent | SyncIntent | HintIntent | PaceIntent | StartIntent | InviteIntent | NextIntent | ReactIntent
    | BackIntent
)
"""Every message the browser sends on the table socket."""


# The review document (records-and-cli.md section 7) and the review page's data.


class Assessment(TypedDict):
    """One decision judged: the legal actions, the chosen and best ones, each one's chance, the
    loss, its flag, why the best is best, each one's expected points and the points lost, whether
    it counts in the accuracy and the kind of a choice that was not the best."""

    legal: list[str]
    chosen: str
    best: str
    values: dict[str, float]
    loss: float
    flag: str | None
    why: Keyed
    points: dict[str, float]
    points_loss: float
    counted: bool
    kind: str | None


class ReviewedDecision(Assessment):
    """A decision of the review, at its index in the record's actions."""

    index: int


class ReviewDoc(TypedDict):
    """The review of a finished deal from one seat's side."""

    game: str
    seat: int
    accuracy: float
    points_lost: float
    counted: int
    decisions: list[ReviewedDecision]


class ReplayStep(TypedDict):
    """One step of the review page's replay: the last action in it (``index``, -1 for the deal),
    the referee's view (``full``), the seat's view (``mine``) and the events the seat saw."""

    index: int
    full: View
    mine: View
    events: list[WireEvent]


class ReviewPage(TypedDict):
    """What the review page draws: the review, the replay steps and the record's actions."""

    game: str
    seat: int
    review: ReviewDoc
    steps: list[ReplayStep]
    actions: list[str]


class ReviewReady(ReviewPage):
    """The review data once judged."""

    status: Literal["ready"]


class ReviewRunning(TypedDict):
    """The review data while it is being judged: parts done of all."""

    status: Literal["running"]
    done: int
    total: int


class ReviewFailed(TypedDict):
    """The review could not be judged."""

    status: Literal["failed"]
    error: str


ReviewStatus = ReviewReady | ReviewRunning | ReviewFailed
"""The answer of ``/tables/{id}/review/data``."""
