"""A live table: one actor per table takes its inputs one at a time and paces what its owner sees.

The actor owns the authoritative ``Game``. Every action — the human's or a computer's — is played
on a copy, appended to the database and only then made live; nothing is shown before it is
stored. Computer seats are asked off the event loop as soon as the game reaches them; in a claim
window where the human is asked too, their answers are held back (unplayed, unseen) until he has
answered or his time is up, then stored with his in one step.

What the human sees is a stream of frames (``frames.FrameBuilder``): one per step a person should
see, each with his view after it, cut from the events his seat sees and nothing else. The actor
releases them at a pace set by the frame kinds and the human's own actions only — each step stays
on screen for its time, and his own step shows at once — while the computers think ahead, so
neither the messages nor their timing tell whether a computer had an option. He may act only on
the decision of the last frame released to him; the window number he sends back is that frame's
number, never the engine's.

A lesson table (``lessons.Lesson``) plays a recorded deal: its computers answer from the record,
the human may make only the record's move, each frame carries its tip, a tip on a frame that asks
nothing pauses the table until the owner resumes it, and there is no countdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from cardavia.engine.errors import CardaviaError, IllegalAction
from cardavia.engine.game import Event, Game
from cardavia.engine.rng import Rng
from cardavia.web.config import WebConfig
from cardavia.web.errors import ActionRefused
from cardavia.web.live.computers import BUDGET, AiRunner
from cardavia.web.live.frames import Frame, FrameBuilder, waits_of
from cardavia.web.live.lessons import Lesson
from cardavia.web.storage.store import Lease, Store
from cardavia.web.wire import Hint, HintAnswer, Outgoing, Ref, Refusal, ServerMessage, StateMessage, WireEvent

log = logging.getLogger("cardavia.web.live.actor")

LOG_LIMIT = 300
OUTBOX_LIMIT = 256
SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
# How long each kind of step stays on screen, in units of ``WebConfig.ai_delay`` (scaled by the
# speed). A step that asks the human waits for him; the end stays.
STEP_TIME: dict[str, float] = {
    "deal": 1.5,
    "draw": 1.0,
    "window": 1.0,
    "claim": 1.4,
    "meld": 1.2,
    "discard": 1.0,
    "dead": 0.7,
    "win": 1.0,
    "decision": 0.0,
    "end": 0.0,
}
THINK_MARGIN = 0.15  # seconds over a tier's thinking budget that every paced step lasts at least
LATE = 0.02  # a step released this much after its time is counted as late


def hash_secret(secret: str) -> str:
    """The stored form of a table's owner secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    """A fresh per-table secret for the owner's cookie."""
    return secrets.token_urlsafe(24)


def deal_seed(secret: str) -> int:
    """The seed of a deal's cards, from the deal's secret (kept in the database only)."""
    return int(secret[:16], 16)


def ai_root(secret: str | None, table_id: str) -> int:
    """The root of the computers' randomness: from the deal's secret, or for a table stored before
    secrets existed, from its id (its deal was its id's, already in the database)."""
    return int(secret[16:32], 16) if secret else int(table_id[:15], 16)


@dataclass(eq=False)
class Subscriber:
    """One socket of the table's owner: a bounded outbox its writer task drains."""

    outbox: asyncio.Queue[Outgoing] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    closed: bool = False

    def push(self, message: Outgoing) -> None:
        """Queue ``message``; a socket that cannot keep up is dropped (it reconnects for a snapshot)."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.closed = True
            while not self.outbox.empty():  # what it has not read is dropped: it gets a snapshot
                self.outbox.get_nowait()
            self.outbox.put_nowait({"type": "close"})


# The actor's inputs, handled one at a time.


@dataclass(frozen=True)
class HumanAct:
    """The owner's ``act`` message; ``reply`` gets the version or an ``ActionRefused``."""

    window: object
    action: object
    reply: asyncio.Future[int]
    ack_to: Subscriber | None = None
    ref: Ref = None


@dataclass(frozen=True)
class AiAnswer:
    """A computer seat's chosen action in engine window ``window``."""

    window: int
    seat: int
    action: str


@dataclass(frozen=True)
class Timeout:
    """The human's time ran out on the decision of frame ``v``."""

    v: int


@dataclass(frozen=True)
class Snapshot:
    """A socket wants a full snapshot (it is subscribed first)."""

    sub: Subscriber


@dataclass(frozen=True)
class HintAsk:
    """The owner asks what the hard tier would play; ``reply`` gets the hint or an ``ActionRefused``."""

    reply: asyncio.Future[Hint]


@dataclass(frozen=True)
class HintReady:
    """The hint on the decision of frame ``v``, thought out off the loop, to be counted and sent."""

    v: int
    answer: HintAnswer
    reply: asyncio.Future[Hint]


Input = HumanAct | AiAnswer | Timeout | Snapshot | HintAsk | HintReady


@dataclass(frozen=True)
class TableInfo:
    """Who plays a table and how: its id, the human's seat, the tier asked for, the secrets."""

    id: str
    seat: int
    difficulty: str
    secret_hash: str  # of the owner's cookie
    secret: str | None  # the deal's secret (None for tables stored before secrets existed)
    hints: int = 0  # hints the owner asked for so far


class TableActor:
    """One live table. ``game`` is always the stored state; ``last`` is what its owner last saw."""

    def __init__(
        self,
        info: TableInfo,
        game: Game,
        builder: FrameBuilder,
        frames: list[Frame],
        shown: int,
        store: Store,
        config: WebConfig,
        ai: AiRunner,
        lease: Lease | None = None,
        lesson: Lesson | None = None,
    ) -> None:
        """Take a table's ``frames`` so far (not empty): the owner has seen the first ``shown``,
        the rest are released at their pace. ``lease`` is how this process holds the table on a
        shared database (every append is stored under it, or refused). ``lesson``: the table
        plays that lesson (``ai`` then plays its computers)."""
        self.info = info
        self.lease = lease
        self.lesson = lesson
        self.id = info.id
        self.seat = info.seat
        self.difficulty = info.difficulty
        self.game = game
        self._builder = builder
        self._store = store
        self._config = config
        self._ai = ai
        self._ai_root = ai_root(info.secret, info.id)
        self.last: Frame = frames[shown - 1]
        self.log: list[WireEvent] = [e for frame in frames[:shown] for e in frame.events][-LOG_LIMIT:]
        now = time.monotonic()
        # Built, not yet released, with when each was built.
        self._pending: deque[tuple[Frame, float]] = deque((frame, now) for frame in frames[shown:])
        asked = bool(self.last.legal and game.legal_actions(self.seat))
        self._decision: Frame | None = self.last if asked else None
        self.subscribers: set[Subscriber] = set()
        self._inbox: asyncio.Queue[Input] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._thinking: set[tuple[int, int]] = set()
        self._held: dict[int, str] = {}
        self._deadline: tuple[int, float] | None = None  # (frame v, time.monotonic() deadline)
        self.speed = "normal"
        self.paused = lesson is not None and lesson.holds(self.last.v)  # as after ``_release``
        self._release_at = now + self._step_time(self.last.kind)
        self.late = 0  # steps released after their time because a computer was still thinking
        self.hints = info.hints  # hints the owner asked for, stored with the table
        self.broken = False  # an action could not be stored: the table must be reloaded
        self.last_active = time.monotonic()
        self.on_broken: Callable[[TableActor], None] | None = None
        self.finished_noted = False

    # -- identity -------------------------------------------------------------------------------

    def owns(self, secret: str | None) -> bool:
        """True when ``secret`` is this table's owner secret."""
        return secret is not None and secrets.compare_digest(hash_secret(secret), self.info.secret_hash)

    @property
    def tier(self) -> str:
        """The agent tier of the computer seats."""
        return self._config.ai_tier_override or self.difficulty

    @property
    def over(self) -> bool:
        """True once the owner has been shown the end of the deal (the record may then be seen)."""
        return self.last.kind == "end"

    # -- life cycle -----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the actor's loop and its publisher."""
        self._spawn(self._run(), f"table-{self.id}")
        self._spawn(self._publish(), f"table-{self.id}-publisher")
        self._arm_countdown()

    async def stop(self) -> None:
        """Stop the loop and every helper task, waiting for them. The owner's actions still waiting
        are refused (``error.busy``): no socket waits for an answer that cannot come."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        while not self._inbox.empty():
            _refuse(self._inbox.get_nowait())
        for sub in self.subscribers:
            sub.push({"type": "close"})

    def idle_for(self, now: float) -> float:
        """Seconds since the last input, or 0 while someone watches or a computer is thinking."""
        if self.subscribers or self._thinking or not self._inbox.empty():
            return 0.0
        return now - self.last_active

    # -- inputs (called from sockets) -----------------------------------------------------------

    async def act(
        self, window: object, action: object, ack_to: Subscriber | None = None, ref: Ref = None
    ) -> int:
        """Play the human's ``action`` on the decision of frame ``window``; return the version
        (the last frame released) once it is stored.

        With ``ack_to``, its ``ack`` (carrying ``ref``) is queued before any frame the action
        leads to. Raises ``ActionRefused`` (state unchanged) when it is malformed, stale or illegal.
        """
        reply: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        await self._inbox.put(HumanAct(window, action, reply, ack_to, ref))
        return await reply

    def subscribe(self) -> Subscriber:
        """A new outbox for one of the owner's sockets; the actor primes it with a full snapshot."""
        sub = Subscriber()
        self.request_snapshot(sub)
        return sub

    def request_snapshot(self, sub: Subscriber) -> None:
        """Have the actor send ``sub`` a full snapshot (with the log) between two inputs."""
        self._inbox.put_nowait(Snapshot(sub))

    def unsubscribe(self, sub: Subscriber) -> None:
        """Forget a socket's outbox."""
        sub.closed = True
        self.subscribers.discard(sub)

    async def hint(self) -> Hint:
        """What the hard tier would play on the human's open decision, from his own view, and why:
        ``{"window", "action", "reason": {"key", "params"}}``. ``ActionRefused`` when nothing is
        open. An input like the others: the decision is read between two inputs, the search runs
        off the loop (the table goes on meanwhile), and the hint is counted in ``hints`` and in the
        store before it is answered."""
        reply: asyncio.Future[Hint] = asyncio.get_running_loop().create_future()
        await self._inbox.put(HintAsk(reply))
        return await reply

    def set_pace(self, speed: str | None = None, paused: bool | None = None) -> None:
        """Change how fast steps are released (``SPEEDS``) or hold them (``paused``)."""
        if speed is not None:
            self.speed = speed
        if paused is not None:
            self.paused = paused
        self._wake.set()

    # -- the loop -------------------------------------------------------------------------------

    async def _run(self) -> None:
        self._schedule()
        while True:
            item = await self._inbox.get()
            self.last_active = time.monotonic()
            try:
                if isinstance(item, HumanAct):
                    await self._on_human(item)
                elif isinstance(item, AiAnswer):
                    await self._on_ai(item)
                elif isinstance(item, Timeout):
                    await self._on_timeout(item.v)
                elif isinstance(item, HintAsk):
                    self._on_hint_ask(item)
                elif isinstance(item, HintReady):
                    await self._on_hint_ready(item)
                elif not item.sub.closed:
                    self.subscribers.add(item.sub)
                    item.sub.push(self.state_message(self.last, events=[], snapshot=True))
                    self._wake.set()
            except asyncio.CancelledError:  # stopped in the middle of this input
                _refuse(item)
                raise
            except Exception:
                log.exception("table %s: input %s failed", self.id, type(item).__name__)
                _refuse(item)
                if self.broken:
                    subs = list(self.subscribers)
                    self.subscribers.clear()
                    # After the refused action's error has gone out (its socket wakes first).
                    asyncio.get_running_loop().call_soon(_close_all, subs)
                    if self.on_broken is not None:
                        self.on_broken(self)
                    return
            self._schedule()

    async def _on_human(self, item: HumanAct) -> None:
        try:
            if type(item.window) is not int or not isinstance(item.action, str):
                raise ActionRefused("error.malformed", "'window' must be an integer and 'action' a string")
            decision = self._decision
            if decision is None:
                raise ActionRefused("error.finished" if self.over else "error.not_your_turn")
            if item.window != decision.v:
                detail = f"window {item.window} is not the open window {decision.v}"
                raise ActionRefused("error.stale", detail)
            try:
                if self.lesson is not None:
                    self.lesson.check(self.game, self.seat, item.action)
                trial = self.game.clone()
                events = trial.apply(self.seat, item.action)  # an illegal action raises, changing nothing
            except CardaviaError as exc:
                raise ActionRefused("error.illegal", str(exc), self._refusal(exc)) from None
        except ActionRefused as refused:
            if not item.reply.done():
                item.reply.set_exception(refused)
            return
        await self._answer(decision, trial, events)
        if item.ack_to is not None:
            item.ack_to.push({"type": "ack", "id": item.ref, "v": self.last.v})
        if not item.reply.done():
            item.reply.set_result(self.last.v)

    async def _on_ai(self, item: AiAnswer) -> None:
        self._thinking.discard((item.window, item.seat))
        decision = self.game.decision()
        if decision is None or item.window != decision.window or not self.game.legal_actions(item.seat):
            return
        if self.game.legal_actions(self.seat):
            self._held[item.seat] = item.action  # hidden until the human has answered
            return
        trial = self.game.clone()
        await self._commit(trial, [(trial.apply(item.seat, item.action), False)])

    def _on_hint_ask(self, item: HintAsk) -> None:
        decision = self._decision
        if decision is None:
            item.reply.set_exception(ActionRefused("error.not_your_turn"))
            return
        self._spawn(self._think_hint(decision.v, self.game.clone(), item.reply), "cardavia-hint")

    async def _think_hint(self, v: int, game: Game, reply: asyncio.Future[Hint]) -> None:
        try:
            answer = await self._ai.hint(game, self.seat)
        except Exception as exc:
            if not reply.done():
                reply.set_exception(exc)
            raise
        await self._inbox.put(HintReady(v, answer, reply))

    async def _on_hint_ready(self, item: HintReady) -> None:
        await self._store.count_hint(self.id)
        self.hints += 1
        if not item.reply.done():
            answer = item.answer
            item.reply.set_result({"window": item.v, "action": answer["action"], "reason": answer["reason"]})

    async def _on_timeout(self, v: int) -> None:
        decision = self._decision
        if decision is None or decision.v != v or "pass" not in decision.legal:
            return
        trial = self.game.clone()
        await self._answer(decision, trial, trial.apply(self.seat, "pass"), timeout=True)

    def _refusal(self, exc: CardaviaError) -> Refusal:
        """What an engine refusal's ``error`` carries: its ``reason`` (code and params; None for
        text that does not read as an action) and, in a lesson, the tip explaining it."""
        reason = exc.reason if isinstance(exc, IllegalAction) else None
        if reason is None:
            return {"reason": None}
        fields: Refusal = {"reason": {"code": reason.code, "params": dict(reason.params)}}
        tip = None if self.lesson is None else self.lesson.refusal_tip(self.game, reason)
        if tip is not None:
            fields["tip"] = tip
        return fields

    async def _answer(self, decision: Frame, trial: Game, events: list[Event], timeout: bool = False) -> None:
        """The human has answered ``decision`` (played on ``trial``, with its ``events``): play the
        computers' answers held for the same window after his, store them all in one step and queue
        what they lead to. So the work and the waits between his answer and what he is sent next
        are the same whether a computer was asked with him or not.

        His own step shows at once, except in a window he may pass (the only kind computers share
        with him): what follows it waits for the window step's time as if he had not answered, time
        enough for a computer still thinking to answer (``_step_time``).
        """
        asked = self.game.decision()
        played = [(events, timeout)]
        held, self._held = self._held, {}
        for seat in sorted(held):
            now = trial.decision()
            if asked and now and now.window == asked.window and trial.legal_actions(seat):
                played.append((trial.apply(seat, held[seat]), False))
        self._decision = None
        self._deadline = None
        if "pass" not in decision.legal:
            self._release_at = time.monotonic()
        await self._commit(trial, played)

    async def _commit(self, trial: Game, played: list[tuple[list[Event], bool]]) -> None:
        """Store the actions played on ``trial`` since ``game`` in one step (``played``: each one's
        events and whether it was the human's timeout), then make them live and queue the frames
        they complete. Raises (changing nothing) on a failed store.
        """
        first = len(self.game.actions())
        lines = zip(trial.actions()[first:], [timeout for _, timeout in played], strict=True)
        try:
            await self._store.append_many(self.id, first, list(lines), self.lease)
        except Exception:
            # Not stored, so it must not count: the table is dropped and reloaded from the database.
            self.broken = True
            raise
        if trial.decision() is None and not self.finished_noted:
            try:
                await self._store.mark_finished(self.id)  # before anyone is shown the end
                self.finished_noted = True
            except Exception:  # the next load of the table notes it
                log.exception("table %s: the end of the deal could not be noted", self.id)
        self.game = trial
        for events, timeout in played:
            self._builder.events(events, timeout=timeout)
        now = time.monotonic()
        self._pending.extend((frame, now) for frame in self._builder.settle(trial))
        self._wake.set()

    # -- computer seats -------------------------------------------------------------------------

    def _schedule(self) -> None:
        """Ask every computer seat the game now waits for (once per engine window)."""
        decision = self.game.decision()
        if decision is None:
            return
        window = decision.window
        for seat in decision.seats:
            if seat == self.seat or (window, seat) in self._thinking or seat in self._held:
                continue
            if not self.game.legal_actions(seat):
                continue
            self._thinking.add((window, seat))
            self._spawn(self._think(window, seat, self.game.clone()), f"table-{self.id}-think")

    async def _think(self, window: int, seat: int, game: Game) -> None:
        seed = Rng(self._ai_root).fork(seat, window).next64()
        action = await self._ai.choose(game, seat, self.tier, seed)
        await self._inbox.put(AiAnswer(window, seat, action))

    # -- releasing frames -----------------------------------------------------------------------

    async def _publish(self) -> None:
        """Release the built frames in order, each when the one before has had its time, while
        the owner watches (so that he sees every step from the deal on)."""
        while True:
            if not self._pending or self.paused or not self.subscribers:
                self._wake.clear()
                await self._wake.wait()
                continue
            frame, built = self._pending[0]
            wait = self._release_at - time.monotonic()
            if wait > 0:
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)
                continue
            self._pending.popleft()
            if self._config.ai_delay > 0 and built - self._release_at > LATE:
                self.late += 1
                log.info("table %s: step %d came %.3f s late", self.id, frame.v, built - self._release_at)
            self._release(frame)

    def _release(self, frame: Frame) -> None:
        self.last = frame
        self.log.extend(frame.events)
        del self.log[:-LOG_LIMIT]
        self._release_at = time.monotonic() + self._step_time(frame.kind)
        if frame.legal and self.game.legal_actions(self.seat):
            self._decision = frame
            self._arm_countdown()
        if self.lesson is not None and self.lesson.holds(frame.v):
            self.paused = True  # until the owner has read the tip (a ``pace`` message resumes)
        self._broadcast(self.state_message(frame, frame.events))

    def _step_time(self, kind: str) -> float:
        """Seconds a step of ``kind`` stays before the next one; never less than the computers may
        think (plus a margin), so that a computer's thinking never holds a step back."""
        unit = self._config.ai_delay
        if unit <= 0 or STEP_TIME[kind] == 0:
            return 0.0
        return max(unit * STEP_TIME[kind] * SPEEDS[self.speed], BUDGET.get(self.tier, 0.5) + THINK_MARGIN)

    def _arm_countdown(self) -> None:
        """Start the human's countdown on a released decision where he may pass."""
        decision = self._decision
        if decision is None or "pass" not in decision.legal or self._config.claim_timeout <= 0:
            return
        if self.lesson is not None:
            return  # none in a lesson: a newcomer reads its tips at his own pace
        if self._deadline is None or self._deadline[0] != decision.v:
            self._deadline = (decision.v, time.monotonic() + self._config.claim_timeout)
            self._spawn(self._timer(decision.v, self._config.claim_timeout), f"table-{self.id}-timer")

    async def _timer(self, v: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self._inbox.put(Timeout(v))

    def _spawn(self, coro: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(log_crash)

    # -- what the owner sees --------------------------------------------------------------------

    def countdown_ms(self) -> int | None:
        """Milliseconds left to answer the open claim decision, or None."""
        if self._decision is None or self._deadline is None or self._deadline[0] != self._decision.v:
            return None
        return max(0, int((self._deadline[1] - time.monotonic()) * 1000))

    def state_message(self, frame: Frame, events: list[WireEvent], snapshot: bool = False) -> StateMessage:
        """The ``state`` message of ``frame`` for the owner's seat (see PROTOCOL.md)."""
        asked = frame is self._decision
        view = frame.view
        if not asked and view.get("to_act") and view.get("status") == "ongoing":
            view = {**view, "to_act": [], "legal": {}}  # answered since
        message: StateMessage = {
            "type": "state",
            "v": frame.v,
            "step": frame.kind,
            "table": self.id,
            "game": self.game.spec.name,
            "seat": self.seat,
            "seats": self.game.spec.seats,
            "difficulty": self.difficulty,
            "window": frame.v if asked else None,
            "legal": list(frame.legal) if asked else [],
            "countdown_ms": self.countdown_ms() if asked else None,
            "view": view,
            "events": events,
            "outcome": view.get("result"),
            "record_url": f"/tables/{self.id}/record" if frame.kind == "end" else None,
            "waits": waits_of(view, self.seat) if view.get("status") == "ongoing" else [],
        }
        if self.lesson is not None:
            message["lesson"] = self.lesson.name
            message["tip"] = self.lesson.tip(frame.v)
            message["lesson_done"] = frame.kind == "end"
            decision = self.game.decision() if asked else None
            message["lesson_move"] = None if decision is None else self.lesson.expected.get(decision.window)
        if snapshot:
            message["log"] = list(self.log)
        return message

    def _broadcast(self, message: ServerMessage) -> None:
        for sub in list(self.subscribers):
            sub.push(message)
            if sub.closed:
                self.subscribers.discard(sub)


def _refuse(item: Input) -> None:
    if isinstance(item, HumanAct | HintAsk | HintReady) and not item.reply.done():
        item.reply.set_exception(ActionRefused("error.busy"))


def _close_all(subs: list[Subscriber]) -> None:
    for sub in subs:
        sub.push({"type": "close"})


def log_crash(task: asyncio.Task[Any]) -> None:
    """Log the exception a finished background task died of, if any."""
    if not task.cancelled() and task.exception() is not None:
        log.error("task %s died", task.get_name(), exc_info=task.exception())
