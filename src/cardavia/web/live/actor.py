"""A live table: one actor per table takes its inputs one at a time and commits them.

The actor owns the authoritative ``Game``. Every action — a person's or a computer's — is played
on a copy, appended to the database and only then made live; nothing is shown before it is
stored. Its collaborators do the rest:

* ``SeatControl`` (``seats.py``) says who plays each seat — a person, or a computer (its own seat,
  or a person's it covers for now);
* ``ComputerSeats`` (``computer_seats.py``) asks the computers off the loop and holds an answer
  given while a person is asked in the same window (unplayed, unseen) until the person has
  answered or their time is up; then all are stored in one step;
* ``Pacer`` (``pacer.py``) releases each person's frames (``frames.FrameBuilder``: one per step
  they should see, cut from the events their seat sees) at a pace set by their kinds and the
  person's own actions only, so neither messages nor timing tell whether a computer had an option;
* ``Countdown`` (``clock.py``) times a person's claim decision; ``Publisher`` (``publisher.py``)
  sends the frames to the sockets; the ``TablePolicy`` (``policy.py``: free play, or a
  ``lessons.Lesson``) admits moves, explains refusals and may hold the table on a tip.

Each person at the table is a ``Viewer`` (``viewer.py``): their own frames, pace, sockets and
countdown. A person may act only on the decision of the last frame released to them; the window
number they send back is that frame's number, never the engine's.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any

from cardavia.engine.errors import CardaviaError, IllegalAction
from cardavia.engine.game import Decision, Event, Game
from cardavia.web.config import WebConfig
from cardavia.web.errors import ActionRefused, JoinRefused
from cardavia.web.live.clock import Countdown
from cardavia.web.live.computer_seats import ComputerSeats
from cardavia.web.live.computers import BUDGET, AiRunner
from cardavia.web.live.facts import FactsTracker, facts_of
from cardavia.web.live.frames import Frame, FrameBuilder
from cardavia.web.live.friends import REACTIONS, Company
from cardavia.web.live.inputs import (
    AiAnswer,
    HintAsk,
    HintReady,
    HumanAct,
    Input,
    Join,
    Lobbying,
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
from cardavia.web.live.table_info import TableInfo, ai_root, hash_secret, new_secret
from cardavia.web.live.viewer import Viewer
from cardavia.web.storage.players import new_token
from cardavia.web.storage.rooms import RoomRow, Rooms, add_result
from cardavia.web.storage.store import Lease, Store
from cardavia.web.wire import Hint, LobbyMessage, Player, Ref, Refusal, StateMessage, WireEvent

log = logging.getLogger("cardavia.web.live.actor")


Played = list[tuple[list[Event], int | None]]
"""Actions played in one step: each one's events, and the seat whose time ran out (or None)."""


class TableActor:
    """One live table. ``game`` is always the stored state; each person's ``Viewer`` holds what
    they last saw."""

    def __init__(
        self,
        info: TableInfo,
        game: Game,
        views: Mapping[int, tuple[FrameBuilder, list[Frame]]],
        shown: int | None,
        store: Store,
        config: WebConfig,
        ai: AiRunner,
        lease: Lease | None = None,
        lesson: Lesson | None = None,
        room: RoomRow | None = None,
    ) -> None:
        """Take each person's frame builder and frames so far (not empty), by seat: each has
        seen the first ``shown`` (None: all of them), the rest are released at their pace.
        ``lease`` is how this process holds the table on a shared database (every append is
        stored under it, or refused). ``lesson``: the table plays that lesson (``ai`` then plays
        its computers). ``room``: the table is a deal of that friends' room (``friends.py``)."""
        self.info = info
        self.lease = lease
        self.lesson = lesson
        self.policy: TablePolicy = FREE_PLAY if lesson is None else lesson
        self.id = info.id
        self.seat = info.seat  # the owner's
        self.difficulty = info.difficulty
        self.game = game
        self._store = store
        self._config = config
        tier = config.ai_tier_override or info.difficulty
        self.seats = SeatControl(game.spec.seats, info.people)
        self.company = None if room is None else Company(room, info.seat, game.spec.seats)
        self._rooms = Rooms(store)
        self.computers = ComputerSeats(ai, ai_root(info.secret, info.id), tier, self._spawn, self._deliver)
        self._inbox: asyncio.Queue[Input] = asyncio.Queue()
        self._tasks: set[asyncio.Task[None]] = set()
        self.viewers = {seat: self._viewer(seat, *views[seat], shown) for seat in sorted(info.people)}
        game.explain_to(self.viewers)  # nobody is shown a computer's reasons
        self.hints = info.hints  # hints the people at the table asked for, stored with the table
        self.broken = False  # an action could not be stored: the table must be reloaded
        self._facts: FactsTracker | None = None  # the deal's facts, followed once the first action is stored
        self.last_active = time.monotonic()
        self.on_broken: Callable[[TableActor], None] | None = None
        self.on_finished: Callable[[str], None] | None = None  # the end of this table's deal is stored
        self.on_next: Callable[[TableActor], Awaitable[str]] | None = None  # deals a room's next table
        self.finished_noted = False

    def _viewer(self, seat: int, builder: FrameBuilder, frames: list[Frame], shown: int | None) -> Viewer:
        seen, policy = len(frames) if shown is None else shown, self.policy
        last = frames[seen - 1]
        held = self.policy.holds(last.v)  # as after releasing it
        budget = BUDGET.get(self.computers.tier, 0.5)
        pacer = Pacer(self._config.ai_delay, budget, frames[seen:], last.kind, held)
        seconds = self._config.claim_timeout if self.policy.countdown else 0
        if self.company is not None:
            seconds = self._config.turn_seconds or self.company.room.turn

        async def expire(v: int) -> None:
            await self._inbox.put(Timeout(seat, v))

        spec = self.game.spec
        publisher = Publisher(self.id, spec.name, spec.seats, seat, self.difficulty, policy, frames[:seen])
        viewer = Viewer(seat, builder, pacer, publisher, Countdown(seconds, self._spawn, expire), last)
        if last.legal and self.game.legal_actions(seat):
            viewer.decision = last
        return viewer

    # -- identity -------------------------------------------------------------------------------

    def seat_of(self, secret: str | None) -> int | None:
        """The seat of the person whose table secret is ``secret``, or None."""
        return self.info.seat_of(secret)

    @property
    def tier(self) -> str:
        """The agent tier of the computer seats."""
        return self.computers.tier

    @property
    def last(self) -> Frame:
        """The frame last released to the owner."""
        return self.viewers[self.seat].last

    @property
    def over(self) -> bool:
        """True once the owner has been shown the end of the deal."""
        return self.shown_end(self.seat)

    def shown_end(self, seat: int) -> bool:
        """True once the person at ``seat`` has been shown the end of the deal (its record may then
        be shown to them)."""
        return self.viewers[seat].last.kind == "end"

    @property
    def subscribers(self) -> set[Subscriber]:
        """The sockets watching the table, everyone's."""
        return {sub for viewer in self.viewers.values() for sub in viewer.publisher.subscribers}

    @property
    def paused(self) -> bool:
        """True while the owner's frames are held (by the owner, or by a lesson's tip)."""
        return self.viewers[self.seat].pacer.paused

    @property
    def late(self) -> int:
        """Steps released after their time because a computer was still thinking."""
        return sum(viewer.pacer.late for viewer in self.viewers.values())

    # -- life cycle -----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the actor's loop and each person's publishing (a lobby's: when its deal starts)."""
        self._spawn(self._run(), "loop")
        if self.company is None or not self.company.lobby:
            for viewer in self.viewers.values():
                self._publish(viewer)

    def _publish(self, viewer: Viewer) -> None:
        """Start releasing ``viewer``'s frames. At a friends' table they go out whether or not the
        person watches, so their decisions open and their time runs (nobody stalls the table)."""
        release = functools.partial(self._release, viewer)
        watched = viewer.publisher.watched if self.company is None else _always
        self._spawn(viewer.pacer.run(release, watched, self.id), "publisher")
        self._arm_countdown(viewer)

    async def stop(self) -> None:
        """Stop the loop and every helper task, waiting for them. The actions still waiting are
        refused (``error.busy``): no socket waits for an answer that cannot come."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        while not self._inbox.empty():
            _refuse(self._inbox.get_nowait())
        for sub in self.subscribers:
            sub.push({"type": "close"})

    def idle_for(self, now: float) -> float:
        """Seconds since the last input, or 0 while someone watches or a computer is thinking, or
        while a friends' deal is on (its people come back to it, or it is abandoned)."""
        if self.subscribers or self.computers.thinking or not self._inbox.empty():
            return 0.0
        if self.company is not None and self.game.decision() is not None:
            return 0.0
        return now - self.last_active

    def deserted_for(self, now: float) -> float:
        """Seconds since the last person left a friends' table whose deal is on (or is a lobby);
        0 while one of them watches, and at any other table."""
        if self.company is None or self.game.decision() is None or self.subscribers:
            return 0.0
        return now - self.company.last_seen

    # -- inputs (called from sockets) -----------------------------------------------------------

    async def act(
        self, seat: int, window: object, action: object, ack_to: Subscriber | None = None, ref: Ref = None
    ) -> int:
        """Play the ``action`` of the person at ``seat`` on the decision of their frame ``window``;
        return the version (the last frame released to them) once it is stored.

        With ``ack_to``, its ``ack`` (carrying ``ref``) is queued before any frame the action
        leads to. Raises ``ActionRefused`` (state unchanged) when it is malformed, stale or illegal.
        """
        reply: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        await self._inbox.put(HumanAct(seat, window, action, reply, ack_to, ref))
        return await reply

    def subscribe(self, seat: int) -> Subscriber:
        """A new outbox for a socket of the person at ``seat``; the actor primes it with a full
        snapshot."""
        sub = Subscriber(seat)
        self.request_snapshot(sub)
        return sub

    def request_snapshot(self, sub: Subscriber) -> None:
        """Have the actor send ``sub`` a full snapshot (with the log) between two inputs."""
        self._inbox.put_nowait(Snapshot(sub))

    def unsubscribe(self, sub: Subscriber) -> None:
        """Forget a socket's outbox. At a friends' table, a person whose last socket closed is
        played for by a computer after ``WebConfig.friends_grace`` seconds, unless one opens again."""
        sub.closed = True
        publisher = self.viewers[sub.seat].publisher
        publisher.discard(sub)
        if self.company is not None and not publisher.watched():
            self.company.last_seen = time.monotonic()
            self._players_changed()
            self._spawn(self._grace(sub.seat), "grace")

    async def _grace(self, seat: int) -> None:
        await asyncio.sleep(self._config.friends_grace)
        await self._inbox.put(Lobbying(seat, "gone"))

    async def join(self, token: str, name: str) -> tuple[int, str]:
        """Seat someone who opened the invite link ``token`` at the next empty seat of the lobby,
        as ``name``; return their seat and secret (for their cookie). ``JoinRefused`` otherwise."""
        reply: asyncio.Future[tuple[int, str]] = asyncio.get_running_loop().create_future()
        await self._inbox.put(Join(token, name, reply))
        return await reply

    async def lobbying(self, seat: int, what: str) -> None:
        """The person at ``seat`` asks to ``start`` the deal, for a new ``invite`` link or for the
        ``next`` deal (``inputs.Lobbying``); ``ActionRefused`` when they may not."""
        reply: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._inbox.put(Lobbying(seat, what, reply))
        await reply

    def react(self, seat: int, key: object) -> None:
        """Show everyone at a friends' table that the person at ``seat`` sent reaction ``key``."""
        if self.company is None or not isinstance(key, str) or key not in REACTIONS:
            raise ActionRefused("error.reaction", f"a reaction is one of {', '.join(REACTIONS)}")
        for viewer in self.viewers.values():
            viewer.publisher.broadcast({"type": "react", "seat": seat, "key": key})

    async def hint(self, seat: int) -> Hint:
        """What the hard tier would play on the open decision of the person at ``seat``, from their
        own view, and why: ``{"window", "action", "reason": {"key", "params"}}``. ``ActionRefused``
        when nothing is open. An input like the others: the decision is read between two inputs,
        the search runs off the loop (the table goes on meanwhile), and the hint is counted in
        ``hints`` and in the store before it is answered."""
        reply: asyncio.Future[Hint] = asyncio.get_running_loop().create_future()
        await self._inbox.put(HintAsk(seat, reply))
        return await reply

    def set_pace(self, seat: int, speed: str | None = None, paused: bool | None = None) -> None:
        """Change how fast the steps of the person at ``seat`` are released (``pacer.SPEEDS``) or
        hold them (``paused``: the countdown of their open decision stands still meanwhile)."""
        viewer = self.viewers[seat]
        viewer.pacer.set_pace(speed, paused)
        if paused is True:
            viewer.clock.suspend()
        elif paused is False:
            viewer.clock.resume()

    def hand_over(self, seat: int) -> None:
        """A computer plays the person's ``seat`` from now on (an open decision of theirs is then
        answered by it), until ``take_back``."""
        self._inbox.put_nowait(SeatChange(seat, cover=True))

    def take_back(self, seat: int) -> None:
        """The person plays ``seat`` again, from the decision open for it now (their page is sent
        it again) or the next one the game asks of it."""
        self._inbox.put_nowait(SeatChange(seat, cover=False))

    # -- the loop -------------------------------------------------------------------------------

    async def _run(self) -> None:
        self._ask_computers()
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
                    for viewer in self.viewers.values():
                        viewer.publisher.subscribers.clear()
                    # After the refused action's error has gone out (its socket wakes first).
                    asyncio.get_running_loop().call_soon(_close_all, subs)
                    if self.on_broken is not None:
                        self.on_broken(self)
                    return
            self._ask_computers()

    def _ask_computers(self) -> None:
        """Ask the computers the game waits for; at a friends' table only once its deal has started
        and while one of its people is there (with nobody there it waits, or is abandoned)."""
        if self.company is not None and (self.company.lobby or not self.subscribers):
            return
        self.computers.ask(self.game, self.seats)

    async def _take(self, item: Input) -> None:
        if isinstance(item, HumanAct):
            await self._on_human(item)
        elif isinstance(item, AiAnswer):
            await self._on_ai(item)
        elif isinstance(item, Timeout):
            await self._on_timeout(item)
        elif isinstance(item, HintAsk):
            self._on_hint_ask(item)
        elif isinstance(item, HintReady):
            await self._on_hint_ready(item)
        elif isinstance(item, SeatChange):
            self._on_seat_change(item)
        elif isinstance(item, Join):
            await self._on_join(item)
        elif isinstance(item, Lobbying):
            await self._on_lobbying(item)
        elif not item.sub.closed:
            viewer = self.viewers[item.sub.seat]
            first = not viewer.publisher.watched()
            viewer.publisher.add(item.sub)
            item.sub.push(self._snapshot(viewer))
            viewer.pacer.poke()
            if self.company is not None and first:
                self._players_changed()

    def _snapshot(self, viewer: Viewer) -> StateMessage | LobbyMessage:
        """What a socket of ``viewer``'s person is sent first: the lobby, or their last frame with the log."""
        if self.company is not None and self.company.lobby:
            return self.lobby_message(viewer.seat)
        return self.state_message(viewer, viewer.last, events=[], snapshot=True)

    async def _on_human(self, item: HumanAct) -> None:
        viewer = self.viewers[item.seat]
        if self.company is not None and self.seats.covered(item.seat):
            self._back(item.seat)  # any action of a person played for hands them their seat back
        try:
            if type(item.window) is not int or not isinstance(item.action, str):
                raise ActionRefused("error.malformed", "'window' must be an integer and 'action' a string")
            decision = viewer.decision
            if decision is None:
                raise ActionRefused("error.finished" if self.shown_end(item.seat) else "error.not_your_turn")
            if item.window != decision.v:
                detail = f"window {item.window} is not the open window {decision.v}"
                raise ActionRefused("error.stale", detail)
            try:
                self.policy.check(self.game, item.seat, item.action)
                trial = self.game.clone()
                events = trial.apply(item.seat, item.action)  # an illegal action raises, changing nothing
            except CardaviaError as exc:
                raise ActionRefused("error.illegal", str(exc), self._refusal(exc)) from None
        except ActionRefused as refused:
            if not item.reply.done():
                item.reply.set_exception(refused)
            return
        await self._answer(viewer, trial, events)
        if item.ack_to is not None:
            item.ack_to.push({"type": "ack", "id": item.ref, "v": viewer.last.v})
        if not item.reply.done():
            item.reply.set_result(viewer.last.v)

    async def _on_ai(self, item: AiAnswer) -> None:
        self.computers.answered(item.window, item.seat)
        decision = self.game.decision()
        if decision is None or item.window != decision.window or not self.game.legal_actions(item.seat):
            return
        if self.seats.person_plays(item.seat):
            return  # given back to its person while the computer was thinking
        if self._people_asked(self.game):
            self.computers.hold(item.seat, item.action)  # hidden until the people asked have answered
            return
        trial = self.game.clone()
        played: Played = [(trial.apply(item.seat, item.action), self._timed_out(item.seat))]
        await self._commit(trial, played + self._play_held(trial, decision))  # held: a person was covered

    def _people_asked(self, game: Game) -> bool:
        """True when ``game`` waits for a seat a person plays."""
        return any(game.legal_actions(seat) for seat in self.seats.playing())

    def _on_hint_ask(self, item: HintAsk) -> None:
        decision = self.viewers[item.seat].decision
        if decision is None:
            item.reply.set_exception(ActionRefused("error.not_your_turn"))
            return
        self._spawn(self._think_hint(item.seat, decision.v, self.game.clone(), item.reply), "hint")

    async def _think_hint(self, seat: int, v: int, game: Game, reply: asyncio.Future[Hint]) -> None:
        try:
            answer = await self.computers.ai.hint(game, seat)
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

    async def _on_timeout(self, item: Timeout) -> None:
        viewer = self.viewers[item.seat]
        decision = viewer.decision
        if decision is None or decision.v != item.v:
            return
        if self.company is not None:
            # A computer at the table's difficulty answers for them (asked after this input); its
            # action is stored flagged as their timeout.
            self.company.timing_out.add(item.seat)
            if self.company.missed(item.seat):
                self._players_changed()
            self._cover(viewer)
            return
        if "pass" not in decision.legal:
            return
        trial = self.game.clone()
        await self._answer(viewer, trial, trial.apply(item.seat, "pass"), timeout=True)

    def _timed_out(self, seat: int) -> int | None:
        """``seat`` when the action a computer plays for it answers a person's timeout, else None."""
        return seat if self.company is not None and seat in self.company.timing_out else None

    def _on_seat_change(self, item: SeatChange) -> None:
        viewer = self.viewers.get(item.seat)
        if viewer is None:
            return
        if not item.cover:
            self._back(item.seat)
            if viewer.decision is not None:  # their page shows the decision's options again
                viewer.publisher.broadcast(self.state_message(viewer, viewer.last, [], snapshot=True))
            return
        self._cover(viewer)

    def _cover(self, viewer: Viewer) -> None:
        """A computer plays ``viewer``'s seat (an open decision of theirs is answered by it)."""
        self.seats.cover(viewer.seat)
        if viewer.decision is not None:
            viewer.decision = None  # the computer answers it (asked after this input)
            viewer.clock.clear()

    def _back(self, seat: int) -> None:
        """The person plays ``seat`` again, from the decision on their screen if it is still open
        (a computer's answer to it, held for another person's, is dropped: theirs counts)."""
        if self.company is not None:
            self.company.auto.discard(seat)
            self.company.timing_out.discard(seat)
            self.company.acted(seat)
            self._players_changed()
        self.seats.uncover(seat)
        self.computers.drop_held(seat)
        self._open_decision(self.viewers[seat], self.viewers[seat].last)

    async def _on_join(self, item: Join) -> None:
        try:
            company = self.company
            if company is None or not company.invite_is(item.token):
                raise JoinRefused(404)
            empty = [s for s in range(self.game.spec.seats) if s not in self.seats.people]
            if not company.lobby or not empty:
                raise JoinRefused(409)
        except JoinRefused as refused:
            item.reply.set_exception(refused)
            return
        seat, secret = empty[0], new_secret()
        hashed = hash_secret(secret)
        await self._rooms.join(company.room.id, seat, item.name, hashed)
        self.seats.sit(seat)
        self.info = dataclasses.replace(self.info, guests={**self.info.guests, seat: hashed})
        company.room.names[seat] = item.name
        record = self.game.record()
        builder = FrameBuilder(self.game.spec, {k: v for k, v in record.items() if k != "actions"}, seat)
        builder.events(self.game.opening_events())
        self.viewers[seat] = self._viewer(seat, builder, builder.settle(self.game), 1)
        self.game.explain_to(self.viewers)
        self._lobby_changed()
        item.reply.set_result((seat, secret))

    async def _on_lobbying(self, item: Lobbying) -> None:
        try:
            await self._lobby_step(item.seat, item.what)
        except ActionRefused as refused:
            if item.reply is not None:
                item.reply.set_exception(refused)
            return
        if item.reply is not None:
            item.reply.set_result(None)

    async def _lobby_step(self, seat: int, what: str) -> None:
        company = self.company
        if company is None:
            raise ActionRefused("error.not_friends", "only a table for friends has a lobby and a next deal")
        room = company.room
        if what == "gone":
            viewer = self.viewers[seat]
            if not company.lobby and not viewer.publisher.watched() and self.seats.person_plays(seat):
                company.auto.add(seat)
                self._cover(viewer)
                self._players_changed()
        elif what == "next":
            if not self.shown_end(seat):
                raise ActionRefused("error.not_over", "the next deal is dealt once this one is over")
            if room.next_table is None:
                assert self.on_next is not None
                room.next_table = await self.on_next(self)
            url = company.next_url
            assert url is not None
            for viewer in self.viewers.values():
                viewer.publisher.broadcast({"type": "next", "url": url})
        elif seat != company.host or not company.lobby:
            detail = "only the host starts the deal or makes a new link, in the lobby"
            raise ActionRefused("error.not_host", detail)
        elif what == "invite":
            token = new_token()
            await self._rooms.set_invite(room.id, token)
            room.invite = token
            self._lobby_changed()
        elif what == "start":
            await self._rooms.start(room.id)
            room.status, room.invite = "playing", None
            company.last_seen = time.monotonic()
            for viewer in self.viewers.values():
                viewer.publisher.broadcast(self.state_message(viewer, viewer.last, [], snapshot=True))
                self._publish(viewer)

    def _lobby_changed(self) -> None:
        for viewer in self.viewers.values():
            viewer.publisher.broadcast(self.lobby_message(viewer.seat))

    def _players_changed(self) -> None:
        """Tell everyone at a friends' table who plays each seat now."""
        if self.company is None or self.company.lobby:
            return
        players = self.players()
        for viewer in self.viewers.values():
            viewer.publisher.broadcast({"type": "players", "players": players})

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

    async def _answer(self, viewer: Viewer, trial: Game, events: list[Event], timeout: bool = False) -> None:
        """The person of ``viewer`` has answered their open decision (played on ``trial``, with its
        ``events``): unless another person is still asked in the same window, play the computers'
        answers held for it after theirs; store them all in one step and queue what they lead to.
        So the work and the waits between an answer and what its person is sent next are the same
        whether a computer was asked with them or not.

        Their own step shows to them at once, except in a window they may pass (the only kind
        computers share with people): what follows it waits for the window step's time as if
        they had not answered, time enough for a computer still thinking to answer
        (``Pacer.step_time``).
        """
        decision = viewer.decision
        assert decision is not None
        asked = self.game.decision()
        played: Played = [(events, viewer.seat if timeout else None)]
        if self.company is not None:
            self.company.acted(viewer.seat)
        if not self._people_asked(trial):
            played += self._play_held(trial, asked)
        viewer.decision = None
        viewer.clock.clear()
        if "pass" not in decision.legal:
            viewer.pacer.at_once()
        await self._commit(trial, played)

    def _play_held(self, trial: Game, asked: Decision | None) -> Played:
        """Play on ``trial`` the computers' answers held for the window ``asked`` (each one's events)."""
        played: Played = []
        held = self.computers.take_held()
        for seat in sorted(held):
            now = trial.decision()
            if asked and now and now.window == asked.window and trial.legal_actions(seat):
                played.append((trial.apply(seat, held[seat]), self._timed_out(seat)))
        return played

    async def _commit(self, trial: Game, played: Played) -> None:
        """Store the actions played on ``trial`` since ``game`` in one step, then make them live and
        queue for each person the frames they complete. Raises (changing nothing) on a failed store.
        """
        first = len(self.game.actions())
        if self._facts is None:
            self._facts = facts_of(self.game)  # once; then followed action by action
        lines = zip(trial.actions()[first:], [timed_out is not None for _, timed_out in played], strict=True)
        try:
            await self._store.append_many(self.id, first, list(lines), self.lease)
        except Exception:
            # Not stored, so it must not count: the table is dropped and reloaded from the database.
            self.broken = True
            raise
        for events, _ in played:
            self._facts.add(events)
        if trial.decision() is None and not self.finished_noted:
            try:
                facts = {s: (f.claims, f.fed) for s, f in self._facts.facts(self.viewers).items()}
                # Before anyone is shown the end.
                await self._store.mark_finished(self.id, trial.outcome(), facts)
                outcome = trial.outcome()
                if self.company is not None and outcome is not None:
                    await self._rooms.finish(self.id, outcome)
                    add_result(self.company.room.totals, outcome)
                self.finished_noted = True
                if self.on_finished is not None:
                    self.on_finished(self.id)
            except Exception:  # the next load of the table notes it
                log.exception("table %s: the end of the deal could not be noted", self.id)
        self.game = trial
        for viewer in self.viewers.values():
            for events, timed_out in played:
                viewer.builder.events(events, timeout=timed_out == viewer.seat)
            viewer.pacer.queue(viewer.builder.settle(trial))
        for _, timed_out in played:
            if self.company is not None and timed_out is not None:
                self.company.timing_out.discard(timed_out)
                if timed_out not in self.company.auto:
                    self.seats.uncover(timed_out)  # their next decision is theirs again

    async def _deliver(self, window: int, seat: int, action: str) -> None:
        await self._inbox.put(AiAnswer(window, seat, action))

    # -- releasing frames -----------------------------------------------------------------------

    def _release(self, viewer: Viewer, frame: Frame) -> None:
        """``frame`` goes out to ``viewer``'s person (their pacer says when): it may open their
        decision, and the policy may hold their table on it (until a ``pace`` message resumes)."""
        viewer.last = frame
        viewer.publisher.released(frame)
        self._open_decision(viewer, frame)
        if self.policy.holds(frame.v):
            viewer.pacer.set_pace(paused=True)
        viewer.publisher.broadcast(self.state_message(viewer, frame, frame.events))

    def _open_decision(self, viewer: Viewer, frame: Frame) -> None:
        """Let the person act on ``frame``'s decision when it asks their seat and they play it."""
        if frame.legal and self.seats.person_plays(viewer.seat) and self.game.legal_actions(viewer.seat):
            viewer.decision = frame
            self._arm_countdown(viewer)

    def _arm_countdown(self, viewer: Viewer) -> None:
        """Start the person's countdown on a released decision where they may pass (at a friends'
        table, on every decision)."""
        decision = viewer.decision
        if decision is not None and ("pass" in decision.legal or self.company is not None):
            viewer.clock.arm(decision.v)

    def _spawn(self, coro: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(coro, name=f"table-{self.id}-{name}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(log_crash)

    # -- what each person sees ------------------------------------------------------------------

    def countdown_ms(self) -> int | None:
        """Milliseconds left to answer the owner's open claim decision, or None."""
        return self.viewers[self.seat].countdown_ms()

    def state_message(
        self, viewer: Viewer, frame: Frame, events: list[WireEvent], snapshot: bool = False
    ) -> StateMessage:
        """The ``state`` message of ``frame`` for ``viewer``'s seat (see PROTOCOL.md)."""
        asked = self.game.decision() if frame is viewer.decision else None
        message = viewer.publisher.state_message(frame, events, asked, viewer.countdown_ms(), snapshot)
        if self.company is not None:
            message["players"] = self.players()
            message["totals"] = self.company.totals()
            message["turn"] = self.company.room.turn
        return message

    def players(self) -> list[Player]:
        """Who plays each seat of a friends' table (``[]`` at any other)."""
        if self.company is None:
            return []
        connected = {seat for seat, viewer in self.viewers.items() if viewer.publisher.watched()}
        return self.company.players(self.seats.people, connected)

    def lobby_message(self, seat: int) -> LobbyMessage:
        """The lobby as the person at ``seat`` sees it (PROTOCOL.md)."""
        company = self.company
        assert company is not None
        spec = self.game.spec
        return {
            "type": "state", "step": "lobby", "table": self.id, "game": spec.name, "seat": seat,
            "seats": spec.seats, "difficulty": self.difficulty, "turn": company.room.turn,
            "host": company.host, "players": self.players(), "totals": company.totals(),
            "lobby": company.lobby_view(seat),
        }  # fmt: skip


def _always() -> bool:
    return True


def _refuse(item: Input) -> None:
    reply = getattr(item, "reply", None)  # every input a socket waits on has one
    if reply is not None and not reply.done():
        reply.set_exception(ActionRefused("error.busy"))


def _close_all(subs: list[Subscriber]) -> None:
    for sub in subs:
        sub.push({"type": "close"})


def log_crash(task: asyncio.Task[Any]) -> None:
    """Log the exception a finished background task died of, if any."""
    if not task.cancelled() and task.exception() is not None:
        log.error("task %s died", task.get_name(), exc_info=task.exception())
