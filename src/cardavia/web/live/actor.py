"""A live table: one actor per table takes its inputs one at a time and commits them.

The actor owns the authoritative ``Game``. Every action — a person's or a computer's — is played
on a copy, appended to the database and only then made live; nothing is shown before it is
stored. Its collaborators do the rest:

* ``SeatControl`` (``seats.py``) says who plays each seat — a person, or a computer (its own seat,
  or a person's it covers for now);
* ``ComputerSeats`` (``computer_seats.py``) asks the computers off the loop and holds an answer
  given while a person is asked in the same window (unplayed, unseen) until the person has
  answered or their time is up; then all are stored in one step;
* ``Pacer`` (``pacer.py``) releases the frames (``frames.FrameBuilder``: one per step a person
  should see, cut from the events the viewing seat sees) at a pace set by their kinds and the
  person's own actions only, so neither messages nor timing tell whether a computer had an option;
* ``Countdown`` (``clock.py``) times a person's claim decision; ``Publisher`` (``publisher.py``)
  sends the frames to the sockets; the ``TablePolicy`` (``policy.py``: free play, or a
  ``lessons.Lesson``) admits moves, explains refusals and may hold the table on a tip.

A person may act only on the decision of the last frame released to them; the window number they
send back is that frame's number, never the engine's.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import Any

from cardavia.engine.errors import CardaviaError, IllegalAction
from cardavia.engine.game import Decision, Event, Game
from cardavia.web.config import WebConfig
from cardavia.web.errors import ActionRefused
from cardavia.web.live.clock import Countdown
from cardavia.web.live.computer_seats import ComputerSeats
from cardavia.web.live.computers import BUDGET, AiRunner
from cardavia.web.live.frames import Frame, FrameBuilder
from cardavia.web.live.inputs import (
    AiAnswer,
    HintAsk,
    HintReady,
    HumanAct,
    Input,
    SeatChange,
    Snapshot,
    Subscriber,
    Timeout,
)
from cardavia.web.live.lessons import Lesson
from cardavia.web.live.pacer import Pacer
from cardavia.web.live.policy import FREE_PLAY, TablePolicy
from cardavia.web.live.publisher import Publisher
from cardavia.web.live.seats import SeatControl
from cardavia.web.live.table_info import TableInfo, ai_root, hash_secret
from cardavia.web.storage.store import Lease, Store
from cardavia.web.wire import Hint, Ref, Refusal, StateMessage, WireEvent

log = logging.getLogger("cardavia.web.live.actor")


class TableActor:
    """One live table. ``game`` is always the stored state; ``last`` is what its watchers last saw."""

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
        self.policy: TablePolicy = FREE_PLAY if lesson is None else lesson
        self.id = info.id
        self.seat = info.seat
        self.difficulty = info.difficulty
        self.game = game
        self._builder = builder
        self._store = store
        self.last: Frame = frames[shown - 1]
        tier = config.ai_tier_override or info.difficulty
        self.seats = SeatControl(game.spec.seats, [info.seat])
        self.computers = ComputerSeats(ai, ai_root(info.secret, info.id), tier, self._spawn, self._deliver)
        held = self.policy.holds(self.last.v)  # as after releasing it
        self.pacer = Pacer(config.ai_delay, BUDGET.get(tier, 0.5), frames[shown:], self.last.kind, held)
        seconds = config.claim_timeout if self.policy.countdown else 0
        self.clock = Countdown(seconds, self._spawn, self._expire)
        self.publisher = Publisher(
            info.id, game.spec.name, game.spec.seats, info.seat, info.difficulty, self.policy, frames[:shown]
        )
        asked = bool(self.last.legal and game.legal_actions(self.seat))
        self._decision: Frame | None = self.last if asked else None
        self._inbox: asyncio.Queue[Input] = asyncio.Queue()
        self._tasks: set[asyncio.Task[None]] = set()
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
        return self.computers.tier

    @property
    def over(self) -> bool:
        """True once the owner has been shown the end of the deal (the record may then be seen)."""
        return self.last.kind == "end"

    @property
    def subscribers(self) -> set[Subscriber]:
        """The sockets watching the table."""
        return self.publisher.subscribers

    @property
    def paused(self) -> bool:
        """True while the frames are held (by the owner, or by a lesson's tip)."""
        return self.pacer.paused

    @property
    def late(self) -> int:
        """Steps released after their time because a computer was still thinking."""
        return self.pacer.late

    # -- life cycle -----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the actor's loop and its publishing."""
        self._spawn(self._run(), "loop")
        self._spawn(self.pacer.run(self._release, lambda: bool(self.subscribers), self.id), "publisher")
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
        if self.subscribers or self.computers.thinking or not self._inbox.empty():
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
        self.publisher.discard(sub)

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
        """Change how fast steps are released (``pacer.SPEEDS``) or hold them (``paused``)."""
        self.pacer.set_pace(speed, paused)

    def hand_over(self, seat: int) -> None:
        """A computer plays the person's ``seat`` from now on (an open decision of theirs is then
        answered by it), until ``take_back``."""
        self._inbox.put_nowait(SeatChange(seat, cover=True))

    def take_back(self, seat: int) -> None:
        """The person plays ``seat`` again, from the next decision the game asks of it."""
        self._inbox.put_nowait(SeatChange(seat, cover=False))

    # -- the loop -------------------------------------------------------------------------------

    async def _run(self) -> None:
        self.computers.ask(self.game, self.seats)
        while True:
            item = await self._inbox.get()
            self.last_active = time.monotonic()
            try:
                await self._take(item)
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
            self.computers.ask(self.game, self.seats)

    async def _take(self, item: Input) -> None:
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
        elif isinstance(item, SeatChange):
            self._on_seat_change(item)
        elif not item.sub.closed:
            self.publisher.add(item.sub)
            item.sub.push(self.state_message(self.last, events=[], snapshot=True))
            self.pacer.poke()

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
                self.policy.check(self.game, self.seat, item.action)
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
        self.computers.answered(item.window, item.seat)
        decision = self.game.decision()
        if decision is None or item.window != decision.window or not self.game.legal_actions(item.seat):
            return
        if self.seats.person_plays(item.seat):
            return  # given back to its person while the computer was thinking
        if any(self.game.legal_actions(seat) for seat in self.seats.playing()):
            self.computers.hold(item.seat, item.action)  # hidden until the person has answered
            return
        trial = self.game.clone()
        played = [(trial.apply(item.seat, item.action), False)]
        await self._commit(trial, played + self._play_held(trial, decision))  # held: a person was covered

    def _on_hint_ask(self, item: HintAsk) -> None:
        decision = self._decision
        if decision is None:
            item.reply.set_exception(ActionRefused("error.not_your_turn"))
            return
        self._spawn(self._think_hint(decision.v, self.game.clone(), item.reply), "hint")

    async def _think_hint(self, v: int, game: Game, reply: asyncio.Future[Hint]) -> None:
        try:
            answer = await self.computers.ai.hint(game, self.seat)
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

    def _on_seat_change(self, item: SeatChange) -> None:
        if item.seat not in self.seats.people:
            return
        if not item.cover:
            self.seats.uncover(item.seat)
            self._open_decision(self.last)
            return
        self.seats.cover(item.seat)
        if item.seat == self.seat and self._decision is not None:
            self._decision = None  # the computer answers it (asked after this input)
            self.clock.clear()

    def _refusal(self, exc: CardaviaError) -> Refusal:
        """What an engine refusal's ``error`` carries: its ``reason`` (code and params; None for
        text that does not read as an action) and the policy's tip explaining it, if any."""
        reason = exc.reason if isinstance(exc, IllegalAction) else None
        if reason is None:
            return {"reason": None}
        fields: Refusal = {"reason": {"code": reason.code, "params": dict(reason.params)}}
        tip = self.policy.refusal_tip(self.game, reason)
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
        enough for a computer still thinking to answer (``Pacer.step_time``).
        """
        asked = self.game.decision()
        played = [(events, timeout), *self._play_held(trial, asked)]
        self._decision = None
        self.clock.clear()
        if "pass" not in decision.legal:
            self.pacer.at_once()
        await self._commit(trial, played)

    def _play_held(self, trial: Game, asked: Decision | None) -> list[tuple[list[Event], bool]]:
        """Play on ``trial`` the computers' answers held for the window ``asked`` (each one's events)."""
        played: list[tuple[list[Event], bool]] = []
        held = self.computers.take_held()
        for seat in sorted(held):
            now = trial.decision()
            if asked and now and now.window == asked.window and trial.legal_actions(seat):
                played.append((trial.apply(seat, held[seat]), False))
        return played

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
        self.pacer.queue(self._builder.settle(trial))

    async def _deliver(self, window: int, seat: int, action: str) -> None:
        await self._inbox.put(AiAnswer(window, seat, action))

    async def _expire(self, v: int) -> None:
        await self._inbox.put(Timeout(v))

    # -- releasing frames -----------------------------------------------------------------------

    def _release(self, frame: Frame) -> None:
        """``frame`` goes out (the pacer says when): it may open the person's decision, and the
        policy may hold the table on it (until a ``pace`` message resumes)."""
        self.last = frame
        self.publisher.released(frame)
        self._open_decision(frame)
        if self.policy.holds(frame.v):
            self.pacer.set_pace(paused=True)
        self.publisher.broadcast(self.state_message(frame, frame.events))

    def _open_decision(self, frame: Frame) -> None:
        """Let the person act on ``frame``'s decision when it asks their seat and they play it."""
        if frame.legal and self.seats.person_plays(self.seat) and self.game.legal_actions(self.seat):
            self._decision = frame
            self._arm_countdown()

    def _arm_countdown(self) -> None:
        """Start the person's countdown on a released decision where they may pass."""
        decision = self._decision
        if decision is not None and "pass" in decision.legal:
            self.clock.arm(decision.v)

    def _spawn(self, coro: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(coro, name=f"table-{self.id}-{name}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(log_crash)

    # -- what the owner sees --------------------------------------------------------------------

    def countdown_ms(self) -> int | None:
        """Milliseconds left to answer the open claim decision, or None."""
        return None if self._decision is None else self.clock.ms(self._decision.v)

    def state_message(self, frame: Frame, events: list[WireEvent], snapshot: bool = False) -> StateMessage:
        """The ``state`` message of ``frame`` for the owner's seat (see PROTOCOL.md)."""
        asked = self.game.decision() if frame is self._decision else None
        return self.publisher.state_message(frame, events, asked, self.countdown_ms(), snapshot)


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
