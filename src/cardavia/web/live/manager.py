"""The live tables of one server: dealing new ones, loading stored ones by replay, unloading idle ones.

On a shared database a table is loaded only under its lease (``ownership.py``), and leaves memory
when the process lets it go: when it is idle, when another process asks for it, or when this
process has lost its leases. Its sockets are then closed with ``CLOSE_MOVED`` and reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import Game, GameSpec
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.web.config import WebConfig
from cardavia.web.live import lessons
from cardavia.web.live.actor import TableActor, log_crash
from cardavia.web.live.computers import AiRunner
from cardavia.web.live.facts import deal_facts
from cardavia.web.live.frames import Frame, FrameBuilder
from cardavia.web.live.lessons import Lesson, LessonAi
from cardavia.web.live.ownership import LeaseOwnership, SoloOwnership
from cardavia.web.live.seats import SeatControl
from cardavia.web.live.table_info import TableInfo, deal_seed, hash_secret, new_secret
from cardavia.web.rate_limit import TokenBuckets
from cardavia.web.storage.leases import FIRST_EPOCH
from cardavia.web.storage.players import new_token
from cardavia.web.storage.rooms import RoomRow, Rooms
from cardavia.web.storage.store import Lease, Op, Store, TableRow

CLOSE_MOVED = 4409  # the socket's table left this process (handed over, or its lease lost): reconnect
BORN_KEPT = 1000  # new deals stored here whose first load may skip reading them back (shared database)


def replay_frames(
    spec: GameSpec,
    position: Mapping[str, Any],
    seat: int,
    lines: list[str],
    timeouts: frozenset[int] = frozenset(),
) -> tuple[Game, FrameBuilder, list[Frame]]:
    """Replay a stored table: the game now, its frame builder and every frame of ``seat`` so far."""
    game, views = replay_views(spec, position, [seat], lines, timeouts)
    return game, *views[seat]


def replay_views(
    spec: GameSpec,
    position: Mapping[str, Any],
    seats: Iterable[int],
    lines: list[str],
    timeouts: frozenset[int] = frozenset(),
) -> tuple[Game, dict[int, tuple[FrameBuilder, list[Frame]]]]:
    """Replay a stored table once for the people at ``seats``: the game now and, by seat, the frame
    builder and every frame so far (``timeouts``: the indices of the lines a person's time ran out on)."""
    game = spec.from_position({**position, "actions": []})
    opening = game.opening_events()
    views: dict[int, tuple[FrameBuilder, list[Frame]]] = {}
    for seat in seats:
        builder = FrameBuilder(spec, position, seat)
        builder.events(opening)
        views[seat] = (builder, builder.settle(game))
    for index, line in enumerate(lines):
        try:
            actor_seat, action = split_line(line, spec.seats)
            events = game.apply(actor_seat, action)
        except CardaviaError as exc:
            raise CardaviaError(f"stored action {index} {line!r} does not replay: {exc}") from None
        for seat, (builder, frames) in views.items():
            builder.events(events, timeout=index in timeouts and actor_seat == seat)
            frames += builder.settle(game)
    return game, views


@dataclass
class _Gate:
    """The lock that serializes loading and letting go of one table, and how many use it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


HINTS_PER_MINUTE = 30
HINT_BURST = 5
REACTIONS_PER_MINUTE = 12
REACTION_BURST = 3


class TableManager:
    """Creates, loads (by replaying the stored record) and keeps the live tables of a server."""

    def __init__(
        self,
        store: Store,
        config: WebConfig,
        ai: AiRunner,
        ownership: SoloOwnership | LeaseOwnership | None = None,
    ) -> None:
        self._store = store
        self._config = config
        self._ai = ai
        self._owner = ownership or SoloOwnership()
        self._live: dict[str, TableActor] = {}
        self._gates: dict[str, _Gate] = {}
        self._ids = None if config.table_seed is None else Rng(config.table_seed)
        self._born: dict[str, TableRow] = {}
        """The newest deals this process stored on a shared database, as a load would read them back
        while nobody has held them (oldest first; see ``_read``)."""
        self._sweeper: asyncio.Task[None] | None = None
        self.on_finished: Callable[[str], None] | None = None
        """Called with a live table's id when its deal has ended and its end is stored (its pars are
        computed then)."""
        self.hint_limits = TokenBuckets(per_minute=HINTS_PER_MINUTE, burst=HINT_BURST)
        """The hints each table may ask for: a hard-tier search in a worker and a write each."""
        self.reaction_limits = TokenBuckets(per_minute=REACTIONS_PER_MINUTE, burst=REACTION_BURST)
        """The reactions each person at a table may send."""
        self.rooms = Rooms(store)

    @property
    def live(self) -> dict[str, TableActor]:
        """The tables in memory, by id."""
        return self._live

    def _token(self) -> str:
        """32 hex digits: at random, or (tests) the next from ``table_seed``."""
        if self._ids is None:
            return secrets.token_hex(16)
        return f"{self._ids.next64():016x}{self._ids.next64():016x}"

    async def start(self) -> None:
        """Start keeping this process's leases and unloading idle tables."""
        await self._owner.start(self._hand_over, self._drop_all)
        self._sweeper = asyncio.create_task(self._sweep(), name="cardavia-table-sweeper")
        self._sweeper.add_done_callback(log_crash)

    async def _store_new(
        self,
        game_name: str,
        difficulty: str,
        seat: int,
        position: Mapping[str, Any] | None,
        guests: Sequence[int] = (),
        secret: str | None = None,
        hashes: Mapping[int, str] | None = None,
        also: Callable[[str], Op] | None = None,
    ) -> tuple[TableInfo, Mapping[str, Any], dict[int, str]]:
        """Store a new table; its info, starting position and each person's secret by seat (the
        owner at ``seat``, ``guests`` at theirs). ``secret``: the deal's secret (its cards, unless
        ``position`` is given, and its computers' randomness); a fresh one without. ``hashes``:
        the people's hashed secrets by seat when they have them already (a room's next deal; no
        secret is returned then). ``also(table_id)`` is written with the table."""
        spec = get_spec(game_name)
        table_id, secret = self._token(), secret or self._token()
        if position is None:
            position = spec.dealt(deal_seed(secret))
        people = {} if hashes is not None else {s: new_secret() for s in [seat, *guests]}
        if hashes is None:
            hashes = {s: hash_secret(p) for s, p in people.items()}
        guest_hashes = {s: h for s, h in hashes.items() if s != seat}
        info = TableInfo(table_id, seat, difficulty, hashes[seat], secret, guests=guest_hashes)
        SeatControl(spec.seats, hashes)  # refuses a seat the game does not have
        await self._store.create_table(
            table_id, game_name, seat, difficulty, info.secret_hash, dict(position), secret, guest_hashes,
            None if also is None else also(table_id),
        )
        return info, position, people

    async def open_friends(
        self, game_name: str, difficulty: str, turn: int, name: str | None,
        position: Mapping[str, Any] | None = None,
    ) -> tuple[str, str]:
        """Open a table for friends in its lobby, the host (``name``) at seat 0: nothing is played
        until the host starts it. Return its id and the host's secret (stored like ``deal``).
        ``position``: the cards, when they are not a fresh deal's (tests)."""
        invite, host = new_token(), new_secret()

        def opening(table_id: str) -> Op:
            return Rooms.opening(table_id, game_name, difficulty, turn, 0, name, hash_secret(host), invite)

        info, _, _ = await self._store_new(game_name, difficulty, 0, position, hashes={0: hash_secret(host)},
                                           also=opening)
        return info.id, host

    async def _next_deal(self, actor: TableActor) -> str:
        """Deal the next table of ``actor``'s room, with the same people at the same seats."""
        assert actor.company is not None
        room = actor.company.room
        info, _, _ = await self._store_new(
            actor.game.spec.name, actor.difficulty, actor.seat, None, hashes=actor.info.people,
            also=lambda table_id: Rooms.next_deal(room.id, table_id, room.number + 1),
        )
        return info.id

    async def create(
        self,
        game_name: str,
        difficulty: str,
        seat: int = 0,
        position: Mapping[str, Any] | None = None,
        lesson: Lesson | None = None,
        guests: Sequence[int] = (),
        secret: str | None = None,
    ) -> tuple[TableActor, dict[int, str]]:
        """Deal a new table (or set out ``position``, a record without actions, or ``lesson``'s,
        its computers playing that lesson) and make it live here; return it and the secret of
        each person at it by seat (for their cookies): the owner at ``seat`` and ``guests`` at
        theirs. The other seats are the computers'.

        The deal comes from a secret of its own, kept in the database only; the table's id is
        drawn apart from it, so nothing the browser gets tells the cards.
        """
        if lesson is not None:
            position = lesson.position
        info, position, people = await self._store_new(game_name, difficulty, seat, position, guests, secret)
        async with self._gate(info.id):
            lease = await self._owner.claim(info.id)
            game, views = replay_views(get_spec(game_name), position, people, [])
            ai = self._runner(lesson)
            actor = TableActor(info, game, views, 1, self._store, self._config, ai, lease, lesson)
            self._adopt(actor)
        return actor, people

    async def deal(
        self,
        game_name: str,
        difficulty: str,
        secret: str | None = None,
        seat: int = 0,
        position: Mapping[str, Any] | None = None,
    ) -> tuple[str, str]:
        """Deal a new table for a browser; return its id and the owner's secret. ``secret``: the
        deal's own (today's deal, a shared deal played again), else a fresh one; ``seat`` the
        owner's; ``position`` the cards when they are not the secret's.

        On a shared database it is only stored: the process that the table's own requests are
        routed to takes it on the first of them. Otherwise it is made live here at once.
        """
        if not self._store.shared:
            actor, people = await self.create(game_name, difficulty, seat, position, secret=secret)
            return actor.id, people[seat]
        return await self._store_routed(game_name, difficulty, seat, position, secret)

    async def learn(self, lesson: Lesson) -> tuple[str, str]:
        """Set out ``lesson``'s table for a browser, like ``deal``; return its id and the owner's
        secret. It is stored as a position (seat and difficulty the lesson's) and known again by
        it when loaded, here or on whichever process its requests are routed to."""
        name, difficulty, seat = lesson.game, lessons.DIFFICULTY, lessons.HUMAN
        if not self._store.shared:
            actor, people = await self.create(name, difficulty, seat, lesson=lesson)
            return actor.id, people[seat]
        return await self._store_routed(name, difficulty, seat, lesson.position)

    async def _store_routed(
        self, game_name: str, difficulty: str, seat: int, position: Mapping[str, Any] | None,
        secret: str | None = None,
    ) -> tuple[str, str]:
        """Store a new table of one person for whichever process its requests are routed to, and
        remember it in case that is this one; its id and the owner's secret."""
        info, position, people = await self._store_new(game_name, difficulty, seat, position, secret=secret)
        self._born[info.id] = TableRow(
            info.id, game_name, info.seat, info.difficulty, info.secret_hash, dict(position), False, (),
            secret=info.secret, guests=info.guests,
        )
        if len(self._born) > BORN_KEPT:
            del self._born[next(iter(self._born))]
        return info.id, people[seat]

    def _runner(self, lesson: Lesson | None) -> AiRunner:
        """Who plays a table's computers: the lesson's record, or the server's agents."""
        return self._ai if lesson is None else LessonAi(lesson)

    async def get(self, table_id: str) -> TableActor | None:
        """The live table ``table_id``, resumed from the database if needed; None if unknown.

        Loads are serialized per table, so sockets arriving together start one actor, not several.
        On a shared database the table's lease is taken first (``ownership.Unavailable`` when
        another process keeps it too long).
        """
        actor = self._live.get(table_id)
        if actor is not None:
            return actor
        async with self._gate(table_id):
            actor = self._live.get(table_id)
            if actor is None:
                actor = await self._load(table_id)
            return actor

    @contextlib.asynccontextmanager
    async def _gate(self, table_id: str) -> AsyncIterator[None]:
        gate = self._gates.setdefault(table_id, _Gate())
        gate.users += 1
        try:
            async with gate.lock:
                yield
        finally:
            gate.users -= 1
            if gate.users == 0:
                del self._gates[table_id]

    async def _load(self, table_id: str) -> TableActor | None:
        born = self._born.pop(table_id, None)
        if born is None and not await self._store.has_table(table_id):
            return None
        lease = await self._owner.claim(table_id)
        try:
            found = await self._read(table_id, lease, born)
            if found is None:
                await self._owner.release(table_id, lease)
                return None
            row, room = found
            spec = get_spec(row.game)
            position = dict(row.position)
            if "hands" not in position:  # stored before positions were written out card by card
                position = {**spec.dealt(position["seed"]), "dealer": position["dealer"]}
            info = TableInfo(
                row.id, row.seat, row.difficulty, row.secret_hash, row.secret, row.hints, row.guests
            )
            game, views = replay_views(spec, position, info.people, list(row.lines), row.timeouts)
            if game.decision() is None and not row.finished:  # its last server died before noting it
                facts = {s: (f.claims, f.fed) for s, f in deal_facts(game, views).items()}
                await self._store.mark_finished(row.id, game.outcome(), facts)
        except BaseException:
            await self._owner.release(table_id, lease)
            raise
        lesson = lessons.match(row.game, row.seat, position)  # a lesson is known by its position
        ai = self._runner(lesson)
        lobby = room is not None and room.status == "lobby"
        shown = 1 if lobby else None  # a lobby's deal is shown from its start
        actor = TableActor(info, game, views, shown, self._store, self._config, ai, lease, lesson, room)
        actor.finished_noted = game.decision() is None
        self._adopt(actor)
        return actor

    async def _read(
        self, table_id: str, lease: Lease | None, born: TableRow | None
    ) -> tuple[TableRow, RoomRow | None] | None:
        """The stored table and its room, read under ``lease``; None if there is none to play (unknown,
        or its friends left it). A deal this process stored (``born``) is not read back when its lease
        is the first ever taken: nobody can have played or changed it since, and it has no room."""
        if born is not None and lease is not None and lease.epoch == FIRST_EPOCH:
            return born, None
        row = await self._store.load(table_id)  # every stored action
        if row is None:
            return None
        room = await self.rooms.load(table_id)
        if room is not None and room.abandoned:
            return None
        return row, room

    async def _sweep(self) -> None:
        """Unload tables nobody has watched for ``idle_unload`` seconds (they reload on demand); end
        the friends' tables everyone left ``abandon_after`` seconds ago as abandoned."""
        limit = self._config.idle_unload
        while True:
            await asyncio.sleep(max(0.05, min(60.0, limit / 2, self._config.abandon_after / 2)))
            now = time.monotonic()
            for actor in [a for a in self._live.values() if a.deserted_for(now) > self._config.abandon_after]:
                async with self._gate(actor.id):
                    if self._live.get(actor.id) is actor and actor.company is not None:
                        await self.rooms.abandon(actor.company.room.id, actor.id)
                        del self._live[actor.id]
                        await actor.stop()
                        await self._owner.release(actor.id, actor.lease)
            for actor in [a for a in self._live.values() if a.idle_for(now) > limit]:
                async with self._gate(actor.id):
                    if self._live.get(actor.id) is actor:
                        del self._live[actor.id]
                        await actor.stop()
                        await self._owner.release(actor.id, actor.lease)

    async def _hand_over(self, table_id: str, lease: Lease) -> None:
        """Another process asks for ``table_id``: let it go between two of its inputs."""
        async with self._gate(table_id):
            actor = self._live.get(table_id)
            if actor is not None and actor.lease == lease:
                await self._evict(actor)
            await self._owner.release(table_id, lease)

    async def _drop_all(self) -> None:
        """Every lease is lost: drop every table (a stale one must not be served)."""
        await asyncio.gather(*(self._evict(actor) for actor in list(self._live.values())))

    async def _evict(self, actor: TableActor) -> None:
        """Take a table out of memory; its sockets close with ``CLOSE_MOVED``."""
        if self._live.get(actor.id) is actor:
            del self._live[actor.id]
        for sub in list(actor.subscribers):
            sub.push({"type": "close", "code": CLOSE_MOVED})
        await actor.stop()
        if not self._store.shared:  # (a shared store's lease is released after every queued write)
            await self._store.flush()  # an append stopped halfway is stored before the table loads again

    def _adopt(self, actor: TableActor) -> None:
        self._live[actor.id] = actor
        actor.on_broken = self._drop
        actor.on_finished = self.on_finished
        actor.on_next = self._next_deal
        actor.start()

    def _drop(self, actor: TableActor) -> None:
        if self._live.get(actor.id) is actor:
            del self._live[actor.id]

    async def close(self) -> None:
        """Stop every table, then let go of every lease."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        actors = list(self._live.values())
        self._live.clear()
        await asyncio.gather(*(a.stop() for a in actors), return_exceptions=True)
        await self._owner.close()
