"""Persistence: every table's starting position and its append-only action log.

SQLite by default, PostgreSQL by URL (SQLAlchemy Core, async). Writes go through one writer task
that commits whatever has queued up in a single transaction (group commit), so an action is
durable when ``append`` returns and many tables never contend for SQLite's write lock. A batch's
operations are synchronous (``Op``): on a SQLite file the whole batch runs in one call into a
thread of its own on a plain connection, elsewhere in one ``run_sync`` on the asynchronous driver.
Durable means on disk: SQLite runs with ``synchronous=FULL``, so a commit survives a power cut too,
not only a crash of the process.
The schema is created or migrated when the store opens. A SQLite file serves one server at a time:
the store holds an exclusive lock on the file ``<db>.lock`` beside it while it is open.

A PostgreSQL database may be shared by several servers. There every append is fenced: it names the
lease (``leases.py``) under which its process holds the table, and the insert stores it only if that
lease is still the table's current one and its process is alive — checked by the database, in the
insert itself, under a share lock on the lease row, so no other process can take the table over
while the append is in flight. ``(table_id, seq)`` stays the primary key, a backstop behind the rule.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from cardavia.engine.game import Outcome, seat_result

SCHEMA_VERSION = 6
Facts = tuple[int, bool]  # what a deal says of a seat: the claims it made, whether it fed a win
_MIGRATION_LOCK = 0x63617264  # the advisory lock that serializes migrations on PostgreSQL

log = logging.getLogger("cardavia.web.storage.store")

metadata = MetaData()
schema_info = Table("cardavia_schema", metadata, Column("version", Integer, nullable=False))
tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(16), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("difficulty", String(16), nullable=False),
    Column("secret_hash", String(64), nullable=False),
    Column("position", Text, nullable=False),
    # The deal's secret: the seed of its cards and of the computers' randomness. Only the server
    # reads it; tables stored before schema 2 have none (their id was their seed).
    Column("secret", String(64), nullable=True),
    Column("finished", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
    Column("hints", Integer, nullable=False, default=0, server_default="0"),  # hints the owner asked for
)
actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("line", Text, nullable=False),
    Column("timeout", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
    # The lease epoch the action was stored under (PostgreSQL; None in a SQLite file): once a table
    # changes hands, no later action carries an older epoch.
    Column("epoch", Integer, nullable=True),
    PrimaryKeyConstraint("table_id", "seq"),
)
# Which process holds which live table (a shared PostgreSQL; empty in a SQLite file). A lease is
# valid while its owner's row in ``nodes`` has not expired, by the database's clock; ``epoch`` grows
# with every change of hands; ``handoff`` asks the holder to let the table go.
nodes = Table(
    "nodes",
    metadata,
    Column("owner", String(80), primary_key=True),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)
leases = Table(
    "leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(80), nullable=True),  # None: released
    Column("epoch", Integer, nullable=False),
    Column("handoff", Boolean, nullable=False, default=False),
    Index("leases_handoff", "owner", postgresql_where=text("handoff")),
)


class LeaseLost(RuntimeError):
    """An append was refused: its process no longer holds the table's lease (or never did)."""


@dataclass(frozen=True)
class Lease:
    """How a process holds a table on a shared database: its own id and the lease's epoch."""

    owner: str
    epoch: int


# A finished deal's review from its human seat (the JSON of ``cardavia review``). A table of its
# own, created whenever it is missing (every schema version may lack it; no version number moves).
reviews = Table(
    "reviews",
    metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("doc", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
)

# The people at a table besides its owner (``tables.seat``): each seat's hashed secret. Created
# whenever it is missing, like ``reviews``.
guests = Table(
    "table_guests",
    metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("secret_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
)


# A player without an account: the hash of the random id in the ``cardavia_player`` cookie, and an
# optional display name. Each deal they played is a ``player_deals`` row; created when missing.
players = Table(
    "players",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("name", String(40), nullable=True),
    Column("created_at", Float, nullable=False),
)
player_deals = Table(
    "player_deals",
    metadata,
    Column("player", String(64), nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("game", String(16), nullable=False),
    Column("difficulty", String(16), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # solo, daily, shared, friends
    Column("day", String(10), nullable=True),  # today's deal: its date (UTC)
    Column("started", Float, nullable=False),
    Column("ended", Float, nullable=True),
    Column("status", String(8), nullable=False),  # live, won, lost, draw, dropped (abandoned)
    Column("result", Float, nullable=True),  # engine.game.seat_result
    Column("outcome", Text, nullable=True),  # the deal's result object (JSON)
    Column("scored", Boolean, nullable=False, default=False),  # today's deal: the first finished attempt
    Column("claims", Integer, nullable=True),  # the claims the seat made
    Column("fed", Boolean, nullable=True),  # another seat won on a card the seat put out
    Column("origin", String(32), nullable=True),  # a shared deal played again: the table it came from
    Column("accuracy", Float, nullable=True),  # from the deal's review, once it is stored
    PrimaryKeyConstraint("player", "table_id"),
    Index("player_deals_by_player", "player", "started"),
    Index("player_deals_by_day", "game", "day"),
)
_DEALS_BY_TABLE = Index("player_deals_by_table", player_deals.c.table_id)  # its players, when a deal ends
# A finished deal's par from a seat: the mean result of the hard tier playing it in that seat.
pars = Table(
    "pars",
    metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("par", Float, nullable=False),
    Column("results", Text, nullable=False),  # each run's result (JSON list)
    Column("created_at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
)
# A finished deal shared read-only: the hash of the link's token, the deal and seat, who made it.
shares = Table(
    "shares",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("player", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("revoked", Boolean, nullable=False, default=False),
)
# Secrets of the site itself (today's deals are drawn from one), the same for every process.
site_secrets = Table(
    "site_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(64), nullable=False),
)
# A table for friends (``rooms.py``): its lobby is the table ``id`` before its deal starts; the
# people who sat down (names and hashed secrets, the same at every deal of the evening); its deals in
# order, each with its outcome once over (the running score) or marked abandoned.
rooms = Table(
    "rooms",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(16), nullable=False),
    Column("difficulty", String(16), nullable=False),
    Column("turn", Integer, nullable=False),  # seconds per decision
    Column("invite", String(64), nullable=True),  # the invite link's token; None: no link opens a seat
    Column("status", String(10), nullable=False),  # lobby, playing, abandoned
    Column("created_at", Float, nullable=False),
)
room_people = Table(
    "room_people",
    metadata,
    Column("room_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=True),
    Column("secret_hash", String(64), nullable=False),
    PrimaryKeyConstraint("room_id", "seat"),
)
room_deals = Table(
    "room_deals",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("room_id", String(32), nullable=False),
    Column("number", Integer, nullable=False),
    Column("outcome", Text, nullable=True),
    Column("abandoned", Boolean, nullable=False, default=False),
    Index("room_deals_by_room", "room_id", "number", unique=True),
)
# Puzzles (``puzzle_book.py``): each shipped puzzle's rating once answered, each player's rating per
# game, every answer, and the player's own mistakes queued to come back as puzzles.
def _rating_columns() -> list[Column[Any]]:
    """A Glicko-2 rating and the answers behind it."""
    return [Column(name, Float, nullable=False) for name in ("rating", "deviation", "volatility")] + [
        Column(name, Integer, nullable=False) for name in ("answers", "right")
    ]


puzzle_ratings = Table(
    "puzzle_ratings",
    metadata,
    Column("game", String(16), nullable=False),
    Column("puzzle", String(32), nullable=False),
    *_rating_columns(),
    PrimaryKeyConstraint("game", "puzzle"),
)
player_puzzle_ratings = Table(
    "player_puzzle_ratings",
    metadata,
    Column("player", String(64), nullable=False),
    Column("game", String(16), nullable=False),
    *_rating_columns(),
    PrimaryKeyConstraint("player", "game"),
)
puzzle_answers = Table(
    "puzzle_answers",
    metadata,
    Column("player", String(64), nullable=False),
    Column("game", String(16), nullable=False),
    Column("puzzle", String(32), nullable=False),
    Column("answer", String(80), nullable=False),
    Column("right", Boolean, nullable=False),
    Column("at", Float, nullable=False),
    Index("puzzle_answers_by_player", "player", "game", "puzzle"),
)
mistakes = Table(
    "mistakes",
    metadata,
    Column("player", String(64), nullable=False),
    Column("id", String(32), nullable=False),  # the puzzle id of the position, m-<hash>
    Column("game", String(16), nullable=False),
    Column("puzzle", Text, nullable=False),  # the position as a puzzle file's line (JSON)
    Column("due", Float, nullable=False),
    Column("step", Integer, nullable=False),  # which wait comes next (puzzle_book.WAITS)
    Column("right", Integer, nullable=False),  # right answers so far
    Column("done", Boolean, nullable=False, default=False),
    PrimaryKeyConstraint("player", "id"),
    Index("mistakes_due", "player", "game", "done", "due"),
)
LATER_TABLES = (
    reviews, guests, players, player_deals, pars, shares, site_secrets, rooms, room_people, room_deals,
    puzzle_ratings, player_puzzle_ratings, puzzle_answers, mistakes,
)
"""The tables made whenever they are missing, whatever the schema's version."""


@dataclass(frozen=True)
class DealStart:
    """What playing a stored deal again from its start needs (no action is read)."""

    id: str
    difficulty: str
    position: dict[str, Any]
    secret: str | None


@dataclass(frozen=True)
class TableRow:
    """A stored table: who plays which seat, the starting position and the actions so far."""

    id: str
    game: str
    seat: int
    difficulty: str
    secret_hash: str
    position: dict[str, Any]
    finished: bool
    lines: tuple[str, ...]
    timeouts: frozenset[int] = frozenset()  # the seqs of passes made by a human's timeout
    secret: str | None = None
    hints: int = 0
    guests: Mapping[int, str] = field(default_factory=dict)  # seat -> hashed secret of its person


@dataclass(frozen=True)
class TableSummary:
    """What the game page lists of a stored table: its game and difficulty, when it was dealt, how
    many actions it has, whether its deal is over, and the hash of its owner's secret."""

    id: str
    game: str
    difficulty: str
    created_at: float
    actions: int
    finished: bool
    secret_hash: str
    position: dict[str, Any] = field(default_factory=dict)
    """The starting position (a lesson's table is known by it)."""


Op = Callable[[Connection], None]
"""A write run in the writer's transaction (synchronous: a batch is one call into the writer's
thread on a SQLite file, one ``run_sync`` elsewhere)."""


@dataclass(frozen=True)
class _Item:
    """A queued write: an operation, or action rows (with their lease) for the batch insert, and
    who waits for it."""

    op: Op | None
    rows: tuple[dict[str, Any], ...]
    lease: Lease | None
    future: asyncio.Future[None]


# Every action of a batch in one statement, each stored only under its table's current lease.
_FENCED_INSERT = text(
    """
    INSERT INTO actions (table_id, seq, line, timeout, created_at, epoch)
    SELECT r.table_id, r.seq, r.line, r.timeout, r.created_at, l.epoch
    FROM unnest(CAST(:table_ids AS VARCHAR[]), CAST(:seqs AS INTEGER[]), CAST(:lines AS TEXT[]),
                CAST(:timeouts AS BOOLEAN[]), CAST(:created AS DOUBLE PRECISION[]),
                CAST(:owners AS VARCHAR[]), CAST(:epochs AS INTEGER[]))
         AS r(table_id, seq, line, timeout, created_at, owner, epoch)
    JOIN leases l ON l.table_id = r.table_id AND l.owner = r.owner AND l.epoch = r.epoch
    JOIN nodes n ON n.owner = l.owner AND n.expires_at > now()
    FOR SHARE OF l
    RETURNING actions.table_id, actions.seq
    """
)


def fenced_insert(conn: Connection, appends: list[tuple[dict[str, Any], Lease]]) -> set[tuple[str, int]]:
    """Insert action rows (PostgreSQL), each under the lease beside it; return the (table, seq) of
    those refused because that lease is no longer the table's or its process has expired."""
    rows = [row for row, _ in appends]
    held = [lease for _, lease in appends]
    result = conn.execute(
        _FENCED_INSERT,
        {
            "table_ids": [r["table_id"] for r in rows],
            "seqs": [r["seq"] for r in rows],
            "lines": [r["line"] for r in rows],
            "timeouts": [r["timeout"] for r in rows],
            "created": [r["created_at"] for r in rows],
            "owners": [lease.owner for lease in held],
            "epochs": [lease.epoch for lease in held],
        },
    )
    stored = {(str(t), int(q)) for t, q in result}
    return {(r["table_id"], r["seq"]) for r in rows} - stored


async def _migrate(conn: AsyncConnection) -> None:
    """Create the schema, or bring an older one up to ``SCHEMA_VERSION``."""
    await conn.run_sync(lambda sync: schema_info.create(sync, checkfirst=True))
    version = (await conn.execute(select(schema_info.c.version))).scalar()
    if version is None:
        await conn.run_sync(lambda sync: metadata.create_all(sync, checkfirst=True))
        await conn.execute(schema_info.insert().values(version=SCHEMA_VERSION))
        return
    if version > SCHEMA_VERSION:
        raise RuntimeError(f"the database has schema {version}, newer than this program's {SCHEMA_VERSION}")
    if version < 2:
        await conn.execute(text("ALTER TABLE tables ADD COLUMN secret VARCHAR(64)"))
    if version < 3:
        await conn.execute(text("ALTER TABLE actions ADD COLUMN epoch INTEGER"))
        await conn.run_sync(lambda sync: metadata.create_all(sync, tables=[nodes, leases], checkfirst=True))
    if version < 4:
        await conn.execute(text("ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0"))
    await conn.run_sync(lambda sync: metadata.create_all(sync, tables=LATER_TABLES, checkfirst=True))
    if version < 5:
        # Reviews judged before the accuracy was redefined (and before points and kinds): dropped,
        # with the accuracies they gave; a deal's review is judged again, the same way, when asked.
        await conn.execute(reviews.delete())
        await conn.execute(update(player_deals).values(accuracy=None))
    if version < 6:
        await conn.run_sync(lambda sync: _DEALS_BY_TABLE.create(sync, checkfirst=True))
    if version < SCHEMA_VERSION:
        await conn.execute(update(schema_info).values(version=SCHEMA_VERSION))


class Store:
    """The database of one server. Open with ``await Store.open(url)``; ``await close()`` at the end.

    ``shared`` is True on PostgreSQL, where several servers may use the database at once and
    every append needs the table's lease.
    """

    def __init__(self, engine: AsyncEngine, lock: int | None = None) -> None:
        self._engine = engine
        self._lock = lock  # the descriptor of the SQLite file's lock file, closed by ``close``
        self._queue: asyncio.Queue[_Item] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.shared = engine.dialect.name == "postgresql"
        # A statement that needs no transaction around it commits by itself on PostgreSQL: no BEGIN,
        # COMMIT or ROLLBACK, each a round trip through the event loop.
        self._single = engine.execution_options(isolation_level="AUTOCOMMIT") if self.shared else engine
        # On a SQLite file the writer's batches run in a thread of their own on a plain connection:
        # one hop a batch, where the asynchronous driver takes a few for every statement.
        self._sync: Engine | None = None
        self._thread: ThreadPoolExecutor | None = None
        if _lock_path(str(engine.url)) is not None:
            self._sync = create_engine(engine.url.set(drivername="sqlite+pysqlite"), pool_size=1)
            event.listen(self._sync, "connect", _sqlite_pragmas)
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="cardavia-store")

    @classmethod
    async def open(cls, url: str) -> Store:
        """Lock a SQLite file (``LockError`` if another server has it), connect, migrate the schema
        and start the writer. Servers starting together on one PostgreSQL migrate one at a time."""
        lock = _take_lock(url)
        try:
            options: dict[str, Any] = {}
            if make_url(url).get_backend_name() == "postgresql":
                # A process stopped inside a transaction (paused, cut off) must not keep the lease
                # rows it locked: the server ends such a session and its transaction.
                settings = {"idle_in_transaction_session_timeout": "10000"}
                options["connect_args"] = {"server_settings": settings}
            engine = create_async_engine(
                url, json_serializer=lambda o: json.dumps(o, ensure_ascii=False), **options
            )
            if engine.dialect.name == "sqlite":
                event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
            async with engine.begin() as conn:
                if engine.dialect.name == "postgresql":
                    await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
                await _migrate(conn)
        except BaseException:
            if lock is not None:
                os.close(lock)
            raise
        store = cls(engine, lock)
        store._writer = asyncio.create_task(store._write_loop(), name="cardavia-store-writer")
        return store

    async def close(self) -> None:
        """Finish queued writes, stop the writer, dispose of the connections and release the lock."""
        if self._writer is not None:
            await self._queue.join()
            self._writer.cancel()
            await asyncio.gather(self._writer, return_exceptions=True)
            self._writer = None
        if self._thread is not None:
            self._thread.shutdown(wait=True)
            self._thread = None
        if self._sync is not None:
            self._sync.dispose()
        await self._engine.dispose()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def begin(self) -> contextlib.AbstractAsyncContextManager[AsyncConnection]:
        """A transaction of its own, outside the writer's batches (committed on leaving)."""
        return self._engine.begin()

    def single(self) -> contextlib.AbstractAsyncContextManager[AsyncConnection]:
        """A connection on which each statement is a transaction of its own on PostgreSQL (no BEGIN,
        COMMIT or ROLLBACK, a round trip each): for reads, and on a shared database for a write of
        one statement. Each statement sees what was committed when it began."""
        return self._single.connect()

    def side_engine(self) -> AsyncEngine:
        """A new engine on the same database with one connection of its own (for a task that must
        not wait behind the others for a connection); the caller disposes of it."""
        return create_async_engine(self._engine.url, pool_size=1, max_overflow=0)

    async def write(self, op: Op) -> None:
        """Run ``op`` in the writer's next transaction, after every write queued before it."""
        await self._write(op)

    async def _write(
        self, op: Op | None, rows: tuple[dict[str, Any], ...] = (), lease: Lease | None = None
    ) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._queue.put(_Item(op, rows, lease, future))
        await future

    async def _write_loop(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                _settle(batch, await self._transaction(batch))
            except Exception:
                # One bad write must not sink the others: redo them one transaction each.
                for item in batch:
                    try:
                        _settle([item], await self._transaction([item]))
                    except Exception as exc:
                        if not item.future.done():
                            item.future.set_exception(exc)
            finally:
                for _ in batch:
                    self._queue.task_done()

    async def _transaction(self, batch: list[_Item]) -> set[tuple[str, int]]:
        """Run a batch in one transaction, committed when this returns (``_apply``)."""
        if self._sync is not None:
            return await asyncio.get_running_loop().run_in_executor(self._thread, self._apply_alone, batch)
        if self.shared and all(item.op is None for item in batch):  # appends only: one statement
            async with self._single.connect() as conn:
                return await conn.run_sync(self._apply, batch)
        async with self._engine.begin() as conn:
            return await conn.run_sync(self._apply, batch)

    def _apply_alone(self, batch: list[_Item]) -> set[tuple[str, int]]:
        assert self._sync is not None
        with self._sync.begin() as conn:
            return self._apply(conn, batch)

    def _apply(self, conn: Connection, batch: list[_Item]) -> set[tuple[str, int]]:
        """Run a batch: every appended action in one multi-row insert (fenced on a shared
        database), then the operations; return the (table, seq) of the actions refused for want
        of a lease."""
        rows = [(row, item.lease) for item in batch for row in item.rows]
        refused: set[tuple[str, int]] = set()
        if rows and self.shared:
            refused = fenced_insert(conn, [(row, lease) for row, lease in rows if lease is not None])
        elif rows:
            conn.execute(actions.insert(), [row for row, _ in rows])
        for item in batch:
            if item.op is not None:
                item.op(conn)
        return refused

    async def create_table(
        self,
        table_id: str,
        game: str,
        seat: int,
        difficulty: str,
        secret_hash: str,
        position: dict[str, Any],
        secret: str,
        guest_hashes: Mapping[int, str] | None = None,
        also: Op | None = None,
    ) -> None:
        """Store a new table, its starting position, its deal's secret and the hashed secrets of
        the people at its other seats (``guest_hashes``, by seat); ``also`` is written in the same
        transaction (a room's rows)."""
        row = {
            "id": table_id,
            "game": game,
            "seat": seat,
            "difficulty": difficulty,
            "secret_hash": secret_hash,
            "position": json.dumps(position, ensure_ascii=False),
            "finished": False,
            "created_at": time.time(),
            "secret": secret,
        }

        now = row["created_at"]
        seated = [{"table_id": table_id, "seat": seat, "secret_hash": hashed, "created_at": now}
                  for seat, hashed in sorted((guest_hashes or {}).items())]

        def op(conn: Connection) -> None:
            conn.execute(tables.insert(), row)
            if seated:
                conn.execute(guests.insert(), seated)
            if also is not None:
                also(conn)

        await self._write(op)

    async def import_table(
        self,
        table_id: str,
        game: str,
        seat: int,
        difficulty: str,
        secret_hash: str,
        position: dict[str, Any],
        lines: Sequence[str],
    ) -> None:
        """Store a finished deal brought from elsewhere (an import): its table, already over, and
        every action, in one transaction. It has no deal secret (its cards are the record's)."""
        now = time.time()
        row = {"id": table_id, "game": game, "seat": seat, "difficulty": difficulty,
               "secret_hash": secret_hash, "position": json.dumps(position, ensure_ascii=False),
               "finished": True, "created_at": now, "secret": None}
        rows = [{"table_id": table_id, "seq": i, "line": line, "timeout": False, "created_at": now,
                 "epoch": None} for i, line in enumerate(lines)]

        def op(conn: Connection) -> None:
            conn.execute(tables.insert().values(**row))
            if rows:
                conn.execute(actions.insert(), rows)

        await self._write(op)

    async def append(
        self, table_id: str, seq: int, line: str, timeout: bool = False, lease: Lease | None = None
    ) -> None:
        """Append action number ``seq`` (0-based) of a table; durable when this returns.

        On a shared database ``lease`` must be the table's current lease, or ``LeaseLost`` is
        raised and nothing is stored. The (table, seq) key refuses a second writer of the same action.
        """
        await self.append_many(table_id, seq, [(line, timeout)], lease)

    async def append_many(
        self, table_id: str, seq: int, lines: Sequence[tuple[str, bool]], lease: Lease | None = None
    ) -> None:
        """Append actions number ``seq``, ``seq + 1``, ... of a table (each line with whether it was
        a timeout) in one transaction: all of them are durable when this returns, or none is stored
        (``LeaseLost`` or the key refusing one, as for ``append``)."""
        if self.shared and lease is None:
            raise LeaseLost(f"table {table_id}: an append on a shared database needs the table's lease")
        now = time.time()
        rows = tuple(
            {"table_id": table_id, "seq": seq + i, "line": line, "timeout": timeout, "created_at": now,
             "epoch": None}
            for i, (line, timeout) in enumerate(lines)
        )
        await self._write(None, rows, lease)

    async def flush(self) -> None:
        """Return once every write queued before this call is stored (or refused)."""

        def op(conn: Connection) -> None:
            return None

        await self._write(op)

    async def mark_finished(
        self, table_id: str, outcome: Outcome | None = None, facts: Mapping[int, Facts] | None = None
    ) -> None:
        """Note that a table's deal is over (it is no longer resumed at start) and, with its
        ``outcome``, what it gave each player who played it (``player_deals``): won, lost or draw,
        their ``seat_result``, ``facts`` by seat (claims made, fed a win), and for today's deal
        whether it is the player's first finished attempt of the day (the one that counts)."""

        def op(conn: Connection) -> None:
            conn.execute(_FINISH, {"table_id": table_id})
            if outcome is not None:
                _settle_deals(conn, table_id, outcome, facts or {})

        await self._write(op)

    async def count_hint(self, table_id: str) -> None:
        """Add one to the hints a table's owner asked for."""

        def op(conn: Connection) -> None:
            conn.execute(update(tables).where(tables.c.id == table_id).values(hints=tables.c.hints + 1))

        await self._write(op)

    async def has_table(self, table_id: str) -> bool:
        """Whether a table of this id is stored."""
        async with self.single() as conn:
            found = await conn.execute(select(tables.c.id).where(tables.c.id == table_id))
            return found.first() is not None

    async def load(self, table_id: str) -> TableRow | None:
        """A stored table with its actions in order, or None."""
        key = {"table_id": table_id}
        async with self.single() as conn:
            row = (await conn.execute(_TABLE, key)).first()
            if row is None:
                return None
            stored = list(await conn.execute(_ACTIONS, key))
            guest_hashes = {int(r.seat): str(r.secret_hash) for r in await conn.execute(_GUESTS, key)}
        lines = tuple(str(r.line) for r in stored)
        timeouts = frozenset(int(r.seq) for r in stored if r.timeout)
        return TableRow(
            id=row.id,
            game=row.game,
            seat=row.seat,
            difficulty=row.difficulty,
            secret_hash=row.secret_hash,
            position=json.loads(row.position),
            finished=bool(row.finished),
            lines=lines,
            timeouts=timeouts,
            secret=row.secret,
            hints=int(row.hints),
            guests=guest_hashes,
        )

    async def deal_start(self, table_id: str) -> DealStart | None:
        """A stored table's difficulty, starting position and secret, or None."""
        async with self.single() as conn:
            row = (await conn.execute(_TABLE, {"table_id": table_id})).first()
        if row is None:
            return None
        return DealStart(row.id, row.difficulty, json.loads(row.position), row.secret)

    async def summaries(self, ids: Sequence[str]) -> list[TableSummary]:
        """The stored tables among ``ids`` (unknown ids are left out), newest first."""
        if not ids:
            return []
        counts = (
            select(actions.c.table_id, func.count().label("n"))
            .where(actions.c.table_id.in_(list(ids)))
            .group_by(actions.c.table_id)
            .subquery()
        )
        query = (
            select(tables.c.id, tables.c.game, tables.c.difficulty, tables.c.created_at, tables.c.finished,
                   tables.c.secret_hash, tables.c.position, func.coalesce(counts.c.n, 0).label("n"))
            .select_from(tables.outerjoin(counts, counts.c.table_id == tables.c.id))
            .where(tables.c.id.in_(list(ids)))
            .order_by(tables.c.created_at.desc())
        )  # fmt: skip
        async with self.single() as conn:
            rows = list(await conn.execute(query))
        return [
            TableSummary(str(r.id), str(r.game), str(r.difficulty), float(r.created_at), int(r.n),
                         bool(r.finished), str(r.secret_hash), json.loads(r.position))
            for r in rows
        ]  # fmt: skip

    async def save_review(self, table_id: str, seat: int, doc: Mapping[str, object]) -> None:
        """Keep a finished deal's review (a second save of the same review is refused by the key),
        and its accuracy with the deal in the lists of the players who played it from ``seat``."""
        row = {"table_id": table_id, "seat": seat, "doc": json.dumps(doc, ensure_ascii=False),
               "created_at": time.time()}
        accuracy = doc.get("accuracy")
        played = (player_deals.c.table_id == table_id) & (player_deals.c.seat == seat)

        def op(conn: Connection) -> None:
            conn.execute(reviews.insert().values(**row))
            if isinstance(accuracy, int | float):
                conn.execute(update(player_deals).where(played).values(accuracy=float(accuracy)))

        await self._write(op)

    async def load_review(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """The stored review of a table from ``seat``'s side, or None."""
        async with self.single() as conn:
            query = select(reviews.c.doc).where(reviews.c.table_id == table_id, reviews.c.seat == seat)
            doc = (await conn.execute(query)).scalar()
        if doc is None:
            return None
        loaded: dict[str, Any] = json.loads(doc)
        return loaded


# The statements of a table's load, built once (building a statement costs more than running it).
_TABLE = select(tables).where(tables.c.id == bindparam("table_id"))
_ACTIONS = select(actions.c.seq, actions.c.line, actions.c.timeout).where(
    actions.c.table_id == bindparam("table_id")
).order_by(actions.c.seq)
_GUESTS = select(guests.c.seat, guests.c.secret_hash).where(guests.c.table_id == bindparam("table_id"))
# The statements of a deal's end.
_FINISH = update(tables).where(tables.c.id == bindparam("table_id")).values(finished=True)
_LIVE_DEALS = select(
    player_deals.c.player, player_deals.c.seat, player_deals.c.kind, player_deals.c.game, player_deals.c.day
).where(player_deals.c.table_id == bindparam("table_id"), player_deals.c.status == "live")
_SCORED_THAT_DAY = select(player_deals.c.table_id).where(
    player_deals.c.player == bindparam("player"), player_deals.c.game == bindparam("game"),
    player_deals.c.day == bindparam("day"), player_deals.c.scored,
).limit(1)
_SETTLE_DEAL = update(player_deals).where(
    player_deals.c.player == bindparam("key"), player_deals.c.table_id == bindparam("table")
)


def _settle_deals(conn: Connection, table_id: str, outcome: Outcome, facts: Mapping[int, Facts]) -> None:
    """Write ``outcome`` into the still live ``player_deals`` rows of ``table_id``."""
    live = conn.execute(_LIVE_DEALS, {"table_id": table_id}).all()
    now = time.time()
    winner = outcome.get("winner")
    outcome_text = json.dumps(outcome, ensure_ascii=False)
    settled = []
    for row in live:
        status = "draw" if winner is None else "won" if winner == row.seat else "lost"
        scored = False
        if row.kind == "daily":
            day = {"player": row.player, "game": row.game, "day": row.day}
            scored = conn.execute(_SCORED_THAT_DAY, day).first() is None
        claims, fed = facts.get(row.seat, (None, None))
        settled.append({"key": row.player, "table": table_id, "status": status, "ended": now,
                        "result": seat_result(outcome, row.seat), "outcome": outcome_text, "scored": scored,
                        "claims": claims, "fed": fed})
    if settled:
        conn.execute(_SETTLE_DEAL, settled)


def _settle(batch: list[_Item], refused: set[tuple[str, int]]) -> None:
    """Answer the writes of a committed batch: done, or ``LeaseLost`` for a refused append."""
    for item in batch:
        if item.future.done():
            continue
        lost = [row for row in item.rows if (row["table_id"], row["seq"]) in refused]
        if lost:
            row = lost[0]
            log.warning("table %s: action %d refused: %s no longer holds the table", row["table_id"],
                        row["seq"], item.lease.owner if item.lease else "this process")
            item.future.set_exception(LeaseLost(f"table {row['table_id']}: the lease is lost"))
        else:
            item.future.set_result(None)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # WAL synced at every commit: see the module docstring
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


class LockError(RuntimeError):
    """A SQLite file's lock cannot be taken: another server holds it, or it cannot be created."""


_claimed: dict[str, int] = {}
"""Locks taken by ``claim`` that no ``Store.open`` has taken over yet: lock file -> descriptor."""


def _lock_path(url: str) -> str | None:
    """The lock file ``<db>.lock`` of a SQLite database file; None for memory and other databases."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return f"{parsed.database}.lock"


def _lock(path: str) -> int:
    """Lock ``path`` (created if need be) and write this process's id in it; return its descriptor
    (``LockError`` naming the holder's pid if another open file holds it).

    The lock lasts until the descriptor is closed or the process ends, however it ends.
    """
    database = path.removesuffix(".lock")
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise LockError(f"cannot lock the database {database}: {path}: {exc.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except BlockingIOError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip()
        os.close(fd)
        pid = f" (pid {holder})" if holder.isdigit() else ""
        raise LockError(f"the database {database} is in use by another cardavia server{pid}") from None
    except OSError as exc:
        os.close(fd)
        raise LockError(f"cannot lock the database {database}: {path}: {exc.strerror}") from None
    return fd


def _take_lock(url: str) -> int | None:
    """The lock of ``url``'s SQLite file: the one ``claim`` took, or a new one; None if no file."""
    path = _lock_path(url)
    if path is None:
        return None
    claimed = _claimed.pop(path, None)
    return _lock(path) if claimed is None else claimed


def claim(url: str) -> contextlib.ExitStack:
    """Lock ``url``'s SQLite file now, for the ``Store.open(url)`` this process is about to make.

    ``cardavia serve`` calls it before it starts, so that a second server refuses at once with
    ``LockError``; the store takes the lock over and releases it when it closes. Leaving the
    returned context releases the lock if no store took it over.
    """
    path = _lock_path(url)
    stack = contextlib.ExitStack()
    if path is not None:
        _claimed[path] = _lock(path)
        stack.callback(_release_claim, path)
    return stack


def _release_claim(path: str) -> None:
    fd = _claimed.pop(path, None)
    if fd is not None:
        os.close(fd)
