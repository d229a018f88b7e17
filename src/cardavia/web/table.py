"""Live tables: one actor per table processes its inputs one at a time.

The actor owns the authoritative ``Game``. A human action is checked against the current window,
played on a copy, appended to the database and only then made live and acknowledged. Computer
seats are asked off the event loop; in a claim window where the human is asked too, their answers
are held back (unplayed, unseen) until the human has answered or his time is up, so nothing about
them can show before the window resolves. Everything sent to the human is built from
``game.view(seat)`` and the events his seat may see.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardavia.engine import record as records
from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import Event, Game
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.web.ai_runner import AiRunner
from cardavia.web.config import WebConfig
from cardavia.web.store import Store

log = logging.getLogger("cardavia.web.table")

LOG_LIMIT = 300
OUTBOX_LIMIT = 256
FLUSH_DELAY = 0.05  # seconds a burst of computer moves may wait to go out as one message


class ActionRefused(Exception):
    """A human input that changes nothing; ``key`` is an error catalogue key."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(key)
        self.key = key
        self.detail = detail


def hash_secret(secret: str) -> str:
    """The stored form of a table secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    """A fresh per-table secret for the owner's cookie."""
    return secrets.token_urlsafe(24)


def seed_of(table_id: str) -> int:
    """The deal's seed, taken from the table id (so the id is enough to rebuild the deal)."""
    return int(table_id[:15], 16)


def event_json(event: Event) -> dict[str, Any]:
    """An event as plain JSON: its kind and its params (codes and numbers)."""
    return {"kind": event.kind, "params": _plain(dict(event.params))}


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        items = [_plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, frozenset | set) else items
    return value


@dataclass(eq=False)
class Subscriber:
    """One socket of the table's owner: a bounded outbox its writer task drains."""

    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    closed: bool = False

    def push(self, message: dict[str, Any]) -> None:
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


class TableActor:
    """One live table."""

    def __init__(
        self,
        table_id: str,
        game: Game,
        seat: int,
        difficulty: str,
        secret_hash: str,
        store: Store,
        config: WebConfig,
        ai: AiRunner,
    ) -> None:
        self.id = table_id
        self.game = game
        self.seat = seat
        self.difficulty = difficulty
        self.secret_hash = secret_hash
        self._store = store
        self._config = config
        self._ai = ai
        self.version = len(game.actions())  # one change per stored action, so it survives restarts
        self.log: list[dict[str, Any]] = []
        self.subscribers: set[Subscriber] = set()
        self._inbox: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._helpers: set[asyncio.Task[None]] = set()
        self._thinking: set[tuple[int, int]] = set()
        self._held: dict[int, str] = {}
        self._deadline: tuple[int, float] | None = None  # (window, time.monotonic() deadline)
        self._unsent: list[dict[str, Any]] = []  # events of changes not yet sent to the owner
        self._dirty = False  # a change not yet sent
        self.broken = False  # an action could not be stored: the table must be reloaded
        self.last_active = time.monotonic()
        self.on_broken: Callable[[TableActor], None] | None = None
        self._flush_handle: asyncio.TimerHandle | None = None
        self.finished_noted = False

    # -- identity -------------------------------------------------------------------------------

    def owns(self, secret: str | None) -> bool:
        """True when ``secret`` is this table's owner secret."""
        return secret is not None and secrets.compare_digest(hash_secret(secret), self.secret_hash)

    @property
    def tier(self) -> str:
        """The agent tier of the computer seats."""
        return self._config.ai_tier_override or self.difficulty

    # -- life cycle -----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the actor's loop."""
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")
        self._task.add_done_callback(_log_crash)

    async def stop(self) -> None:
        """Stop the loop and every helper task, waiting for them."""
        tasks = [t for t in (self._task, *self._helpers) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for sub in self.subscribers:
            sub.push({"type": "close"})

    def idle_for(self, now: float) -> float:
        """Seconds since the last input, or 0 while someone watches or a computer is thinking."""
        if self.subscribers or self._thinking or not self._inbox.empty():
            return 0.0
        return now - self.last_active

    # -- inputs (called from sockets) -----------------------------------------------------------

    async def act(
        self, window: object, action: object, ack_to: Subscriber | None = None, ref: Any = None
    ) -> int:
        """Play the human's ``action`` in ``window``; return the new version once it is stored.

        With ``ack_to``, its ``ack`` (carrying ``ref``) is queued right after the ``state`` the action
        caused, before anything that follows it. Raises ``ActionRefused`` (state unchanged) when it is
        malformed, stale or illegal.
        """
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        await self._inbox.put(("human", (window, action, future, ack_to, ref)))
        return await future

    def subscribe(self) -> Subscriber:
        """A new outbox for one of the owner's sockets; the actor primes it with a full snapshot."""
        sub = Subscriber()
        self.request_snapshot(sub)
        return sub

    def request_snapshot(self, sub: Subscriber) -> None:
        """Have the actor send ``sub`` a full snapshot (with the log) between two inputs."""
        self._inbox.put_nowait(("snapshot", sub))

    def unsubscribe(self, sub: Subscriber) -> None:
        """Forget a socket's outbox."""
        sub.closed = True
        self.subscribers.discard(sub)

    # -- the loop -------------------------------------------------------------------------------

    async def _run(self) -> None:
        self._schedule()
        while True:
            kind, payload = await self._inbox.get()
            self.last_active = time.monotonic()
            try:
                if kind == "human":
                    await self._on_human(*payload)
                elif kind == "ai":
                    await self._on_ai(*payload)
                elif kind == "timeout":
                    await self._on_timeout(payload)
                elif kind == "snapshot":
                    self._flush()  # the others get what is pending; the new socket starts after it
                    if not payload.closed:
                        self.subscribers.add(payload)
                        payload.push(self.state_message(events=[], snapshot=True))
            except Exception:
                log.exception("table %s: input %s failed", self.id, kind)
                if kind == "human" and not payload[2].done():
                    payload[2].set_exception(ActionRefused("error.busy"))
                if self.broken:
                    if self.on_broken is not None:
                        self.on_broken(self)
                    # Closed after the refused action's error has gone out; browsers reconnect
                    # and get the table as stored.
                    asyncio.get_running_loop().call_soon(_close_all, list(self.subscribers))
                    return
            self._schedule()
            self._maybe_flush()

    def _maybe_flush(self) -> None:
        """Send the owner what changed: at once when he is asked or the deal is over or nobody is
        thinking; otherwise within ``FLUSH_DELAY`` so a burst of computer moves goes as one message."""
        if not self._dirty:
            return
        if not self._thinking or self.game.decision() is None or self.game.legal_actions(self.seat):
            self._flush()
        elif self._flush_handle is None:
            self._flush_handle = asyncio.get_running_loop().call_later(FLUSH_DELAY, self._flush)

    def _flush(self) -> None:
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if self._dirty:
            events, self._unsent, self._dirty = self._unsent, [], False
            self._broadcast(self.state_message(events=events))

    def _window(self) -> int | None:
        decision = self.game.decision()
        return None if decision is None else decision.window

    async def _on_human(
        self, window: object, action: object, reply: asyncio.Future[int], ack_to: Subscriber | None, ref: Any
    ) -> None:
        try:
            if type(window) is not int or not isinstance(action, str):
                raise ActionRefused("error.malformed", "'window' must be an integer and 'action' a string")
            decision = self.game.decision()
            if decision is None:
                raise ActionRefused("error.finished")
            if window != decision.window:
                raise ActionRefused(
                    "error.stale", f"window {window} is not the current window {decision.window}"
                )
            if self.seat not in decision.seats or not self.game.legal_actions(self.seat):
                raise ActionRefused("error.not_your_turn")
            try:
                version = await self._commit(self.seat, action)
            except CardaviaError as exc:
                raise ActionRefused("error.illegal", str(exc)) from None
        except ActionRefused as refused:
            if not reply.done():
                reply.set_exception(refused)
            return
        self._flush()  # the state this action caused goes out before its ack
        if ack_to is not None:
            ack_to.push({"type": "ack", "id": ref, "v": version})
        if not reply.done():
            reply.set_result(version)
        await self._release_held()

    async def _on_ai(self, window: int, seat: int, action: str) -> None:
        self._thinking.discard((window, seat))
        if window != self._window() or not self.game.legal_actions(seat):
            return
        if self.seat in self._asked() and self.game.legal_actions(self.seat):
            self._held[seat] = action  # hidden until the human has answered
            return
        await self._commit(seat, action)

    async def _on_timeout(self, window: int) -> None:
        if self._deadline is None or self._deadline[0] != window or window != self._window():
            return
        legal = self.game.legal_actions(self.seat)
        if "pass" in legal:
            await self._commit(self.seat, "pass", timeout=True)
            await self._release_held()

    async def _release_held(self) -> None:
        held, self._held = self._held, {}
        window = self._window()
        for seat in sorted(held):
            if self._window() == window and self.game.legal_actions(seat):
                await self._commit(seat, held[seat])

    def _asked(self) -> tuple[int, ...]:
        decision = self.game.decision()
        return () if decision is None else decision.seats

    async def _commit(self, seat: int, action: str, timeout: bool = False) -> int:
        """Play, store, then queue what the owner sees. Raises (changing nothing) on an illegal action.

        Nothing reads the game between the play and the store: the actor's inputs (snapshots too)
        are handled one at a time.
        """
        events = self.game.apply(seat, action)  # an illegal action raises and changes nothing
        lines = self.game.actions()
        try:
            await self._store.append(self.id, len(lines) - 1, lines[-1], timeout)
        except Exception:
            # Not stored, so it must not count: the table is dropped and reloaded from the database.
            self.broken = True
            raise
        visible = [event_json(e) for e in events if e.visible_to(self.seat)]
        if timeout:
            visible.insert(0, {"kind": "timeout", "params": {"seat": seat}})
        self.log.extend(visible)
        del self.log[:-LOG_LIMIT]
        self.version = len(lines)
        self._arm_countdown()
        self._unsent.extend(visible)
        self._dirty = True
        if self.game.decision() is None and not self.finished_noted:
            self.finished_noted = True
            await self._store.mark_finished(self.id)
        return self.version

    # -- scheduling computer seats and the human's countdown ------------------------------------

    def _schedule(self) -> None:
        decision = self.game.decision()
        if decision is None:
            self._deadline = None
            return
        window = decision.window
        for seat in decision.seats:
            if seat == self.seat or (window, seat) in self._thinking or seat in self._held:
                continue
            if not self.game.legal_actions(seat):
                continue
            self._thinking.add((window, seat))
            self._spawn(self._think(window, seat, self.game.clone()))
        self._arm_countdown()

    def _arm_countdown(self) -> None:
        """Start the human's countdown when a claim window (one where he may pass) opens for him."""
        decision = self.game.decision()
        if decision is None:
            self._deadline = None
            return
        window = decision.window
        human_legal = self.game.legal_actions(self.seat) if self.seat in decision.seats else []
        if "pass" in human_legal and self._config.claim_timeout > 0:
            if self._deadline is None or self._deadline[0] != window:
                self._deadline = (window, time.monotonic() + self._config.claim_timeout)
                self._spawn(self._timer(window, self._config.claim_timeout))
        elif self._deadline is not None and self._deadline[0] != window:
            self._deadline = None

    def _spawn(self, coro: Any) -> None:
        task: asyncio.Task[None] = asyncio.create_task(coro)
        self._helpers.add(task)
        task.add_done_callback(self._helpers.discard)
        task.add_done_callback(_log_crash)

    async def _think(self, window: int, seat: int, game: Game) -> None:
        started = time.monotonic()
        seed = Rng(seed_of(self.id)).fork(seat, window).next64()
        action = await self._ai.choose(game, seat, self.tier, seed)
        # Moves are paced for reading, but a pass is not: a window a computer declines must go by
        # as fast as one it was never asked in, or the pause would tell that it could have claimed.
        pause = self._config.ai_delay - (time.monotonic() - started)
        if pause > 0 and action != "pass":
            await asyncio.sleep(pause)
        await self._inbox.put(("ai", (window, seat, action)))

    async def _timer(self, window: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self._inbox.put(("timeout", window))

    # -- what the owner sees --------------------------------------------------------------------

    def countdown_ms(self) -> int | None:
        """Milliseconds left to answer the current claim window, or None."""
        window = self._window()
        if self._deadline is None or self._deadline[0] != window:
            return None
        if not self.game.legal_actions(self.seat):
            return None
        return max(0, int((self._deadline[1] - time.monotonic()) * 1000))

    def state_message(self, events: list[dict[str, Any]], snapshot: bool = False) -> dict[str, Any]:
        """The ``state`` message for the owner's seat (see PROTOCOL.md)."""
        decision = self.game.decision()
        message: dict[str, Any] = {
            "type": "state",
            "v": self.version,
            "table": self.id,
            "game": self.game.spec.name,
            "seat": self.seat,
            "seats": self.game.spec.seats,
            "difficulty": self.difficulty,
            "window": None if decision is None else decision.window,
            "legal": self.game.legal_actions(self.seat) if decision is not None else [],
            "countdown_ms": self.countdown_ms(),
            "view": self.game.view(self.seat),
            "events": events,
            "outcome": self.game.outcome(),
            "record_url": f"/tables/{self.id}/record" if decision is None else None,
        }
        if snapshot:
            message["log"] = list(self.log)
        return message

    def _broadcast(self, message: dict[str, Any]) -> None:
        for sub in list(self.subscribers):
            sub.push(message)
            if sub.closed:
                self.subscribers.discard(sub)


def _close_all(subs: list[Subscriber]) -> None:
    for sub in subs:
        sub.push({"type": "close"})


def _log_crash(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("task %s died", task.get_name(), exc_info=task.exception())


def _replay_with_log(
    record: dict[str, Any], seat: int, timeouts: frozenset[int] = frozenset()
) -> tuple[Game, list[dict[str, Any]]]:
    """Replay a stored table, collecting the events ``seat`` saw, so a resumed table shows its log."""
    game = records.start(record)
    log = [event_json(e) for e in game.opening_events() if e.visible_to(seat)]
    for index, line in enumerate(record["actions"]):
        try:
            actor_seat, action = split_line(line, game.spec.seats)
            events = game.apply(actor_seat, action)
        except CardaviaError as exc:
            raise CardaviaError(f"stored action {index} {line!r} does not replay: {exc}") from None
        if index in timeouts:
            log.append({"kind": "timeout", "params": {"seat": actor_seat}})
        log.extend(event_json(e) for e in events if e.visible_to(seat))
    return game, log


class TableManager:
    """Creates, loads (by replaying the stored record) and keeps the live tables of a server."""

    def __init__(self, store: Store, config: WebConfig, ai: AiRunner) -> None:
        self._store = store
        self._config = config
        self._ai = ai
        self._live: dict[str, TableActor] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._ids = None if config.table_seed is None else Rng(config.table_seed)
        self._sweeper: asyncio.Task[None] | None = None

    @property
    def live(self) -> dict[str, TableActor]:
        """The tables in memory, by id."""
        return self._live

    async def create(self, game_name: str, difficulty: str, seat: int = 0) -> tuple[TableActor, str]:
        """Deal a new table; return it and the owner's secret (for his cookie)."""
        spec = get_spec(game_name)
        if self._ids is None:
            table_id = secrets.token_hex(16)
        else:
            table_id = f"{self._ids.next64():016x}{self._ids.next64():016x}"
        game = spec.new_game(seed_of(table_id))
        secret = new_secret()
        position = game.record()
        position["actions"] = []
        await self._store.create_table(table_id, game_name, seat, difficulty, hash_secret(secret), position)
        actor = TableActor(
            table_id, game, seat, difficulty, hash_secret(secret), self._store, self._config, self._ai
        )
        actor.log = [event_json(e) for e in game.opening_events() if e.visible_to(seat)]
        self._adopt(actor)
        return actor, secret

    async def get(self, table_id: str) -> TableActor | None:
        """The live table ``table_id``, resumed from the database if needed; None if unknown.

        Loads are serialized per table, so sockets arriving together start one actor, not several.
        """
        actor = self._live.get(table_id)
        if actor is not None:
            return actor
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                actor = self._live.get(table_id)
                if actor is None:
                    actor = await self._load(table_id)
                return actor
        finally:
            # Safe to forget: from now on the table is live (found above) or unknown.
            if not lock.locked() and self._locks.get(table_id) is lock:
                del self._locks[table_id]

    async def _load(self, table_id: str) -> TableActor | None:
        row = await self._store.load(table_id)
        if row is None:
            return None
        game, log = _replay_with_log({**row.position, "actions": list(row.lines)}, row.seat, row.timeouts)
        actor = TableActor(
            row.id, game, row.seat, row.difficulty, row.secret_hash, self._store, self._config, self._ai
        )
        actor.log = log[-LOG_LIMIT:]
        actor.finished_noted = row.finished
        self._adopt(actor)
        return actor

    async def resume_unfinished(self) -> int:
        """Load every table whose deal is not over (after a restart); return how many."""
        ids = await self._store.unfinished_ids()
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    def start_sweeper(self) -> None:
        """Unload tables nobody has watched for ``idle_unload`` seconds (they reload on demand)."""
        self._sweeper = asyncio.create_task(self._sweep(), name="cardavia-table-sweeper")
        self._sweeper.add_done_callback(_log_crash)

    async def _sweep(self) -> None:
        limit = self._config.idle_unload
        while True:
            await asyncio.sleep(max(0.05, min(60.0, limit / 2)))
            now = time.monotonic()
            for actor in [a for a in self._live.values() if a.idle_for(now) > limit]:
                if self._live.get(actor.id) is actor:
                    del self._live[actor.id]
                    await actor.stop()

    def _adopt(self, actor: TableActor) -> None:
        self._live[actor.id] = actor
        actor.on_broken = self._drop
        actor.start()

    def _drop(self, actor: TableActor) -> None:
        if self._live.get(actor.id) is actor:
            del self._live[actor.id]

    async def close(self) -> None:
        """Stop every table."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        actors = list(self._live.values())
        self._live.clear()
        await asyncio.gather(*(a.stop() for a in actors), return_exceptions=True)
