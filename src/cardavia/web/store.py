"""Persistence: every table's starting position and its append-only action log.

SQLite by default, PostgreSQL by URL (SQLAlchemy Core, async). Writes go through one writer task
that commits whatever has queued up in a single transaction (group commit), so an action is
durable when ``append`` returns and many tables never contend for SQLite's write lock.
The schema is created or migrated when the store opens. A SQLite file serves one server at a time:
the store holds an exclusive lock on the file ``<db>.lock`` beside it while it is open.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    event,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

SCHEMA_VERSION = 2

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
)
actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("line", Text, nullable=False),
    Column("timeout", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "seq"),
)
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


Op = Callable[[AsyncConnection], Awaitable[None]]
# A queued write: an operation, or an action row for the batch insert, and who waits for it.
_Item = tuple[Op | None, dict[str, Any] | None, asyncio.Future[None]]


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
    if version < SCHEMA_VERSION:
        await conn.execute(update(schema_info).values(version=SCHEMA_VERSION))
    await conn.run_sync(lambda sync: reviews.create(sync, checkfirst=True))


class Store:
    """The database of one server. Open with ``await Store.open(url)``; ``await close()`` at the end."""

    def __init__(self, engine: AsyncEngine, lock: int | None = None) -> None:
        self._engine = engine
        self._lock = lock  # the descriptor of the SQLite file's lock file, closed by ``close``
        self._queue: asyncio.Queue[_Item] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str) -> Store:
        """Lock a SQLite file (``LockError`` if another server has it), connect, migrate the schema
        and start the writer."""
        lock = _take_lock(url)
        try:
            engine = create_async_engine(url, json_serializer=lambda o: json.dumps(o, ensure_ascii=False))
            if engine.dialect.name == "sqlite":
                event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
            async with engine.begin() as conn:
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
        await self._engine.dispose()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    async def _write(self, op: Op | None, row: dict[str, Any] | None = None) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._queue.put((op, row, future))
        await future

    async def _write_loop(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                async with self._engine.begin() as conn:
                    await self._apply(conn, batch)
                for _, _, future in batch:
                    if not future.done():
                        future.set_result(None)
            except Exception:
                # One bad write must not sink the others: redo them one transaction each.
                for item in batch:
                    try:
                        async with self._engine.begin() as conn:
                            await self._apply(conn, [item])
                        if not item[2].done():
                            item[2].set_result(None)
                    except Exception as exc:
                        if not item[2].done():
                            item[2].set_exception(exc)
            finally:
                for _ in batch:
                    self._queue.task_done()

    @staticmethod
    async def _apply(conn: AsyncConnection, batch: list[_Item]) -> None:
        """Run a batch in one transaction: every appended action in one multi-row insert."""
        rows = [row for _, row, _ in batch if row is not None]
        if rows:
            await conn.execute(actions.insert(), rows)
        for op, _, _ in batch:
            if op is not None:
                await op(conn)

    async def create_table(
        self,
        table_id: str,
        game: str,
        seat: int,
        difficulty: str,
        secret_hash: str,
        position: dict[str, Any],
        secret: str,
    ) -> None:
        """Store a new table, its starting position and its deal's secret."""
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

        async def op(conn: AsyncConnection) -> None:
            await conn.execute(tables.insert().values(**row))

        await self._write(op)

    async def append(self, table_id: str, seq: int, line: str, timeout: bool = False) -> None:
        """Append action number ``seq`` (0-based) of a table; durable when this returns.

        The (table, seq) key refuses a second writer of the same action.
        """
        row = {"table_id": table_id, "seq": seq, "line": line, "timeout": timeout, "created_at": time.time()}
        await self._write(None, row)

    async def mark_finished(self, table_id: str) -> None:
        """Note that a table's deal is over (it is no longer resumed at start)."""

        async def op(conn: AsyncConnection) -> None:
            await conn.execute(update(tables).where(tables.c.id == table_id).values(finished=True))

        await self._write(op)

    async def load(self, table_id: str) -> TableRow | None:
        """A stored table with its actions in order, or None."""
        async with self._engine.connect() as conn:
            row = (await conn.execute(select(tables).where(tables.c.id == table_id))).first()
            if row is None:
                return None
            result = await conn.execute(
                select(actions.c.seq, actions.c.line, actions.c.timeout)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.seq)
            )
            stored = list(result)
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
        )

    async def save_review(self, table_id: str, seat: int, doc: dict[str, Any]) -> None:
        """Keep a finished deal's review (a second save of the same review is refused by the key)."""
        row = {"table_id": table_id, "seat": seat, "doc": json.dumps(doc, ensure_ascii=False),
               "created_at": time.time()}

        async def op(conn: AsyncConnection) -> None:
            await conn.execute(reviews.insert().values(**row))

        await self._write(op)

    async def load_review(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """The stored review of a table from ``seat``'s side, or None."""
        async with self._engine.connect() as conn:
            query = select(reviews.c.doc).where(reviews.c.table_id == table_id, reviews.c.seat == seat)
            doc = (await conn.execute(query)).scalar()
        if doc is None:
            return None
        loaded: dict[str, Any] = json.loads(doc)
        return loaded

    async def table_summaries(self, ids: list[str]) -> list[dict[str, Any]]:
        """For these table ids (those that exist): id, game, finished, created_at, newest first."""
        if not ids:
            return []
        async with self._engine.connect() as conn:
            query = select(tables.c.id, tables.c.game, tables.c.finished, tables.c.created_at).where(
                tables.c.id.in_(ids)
            )
            rows = list(await conn.execute(query))
        found = [{"id": str(r.id), "game": str(r.game), "finished": bool(r.finished),
                  "created_at": float(r.created_at)} for r in rows]
        return sorted(found, key=lambda r: -r["created_at"])

    async def unfinished_ids(self) -> list[str]:
        """The ids of every table whose deal is not over."""
        async with self._engine.connect() as conn:
            result = await conn.execute(select(tables.c.id).where(tables.c.finished.is_(False)))
            return [str(r[0]) for r in result]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
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
