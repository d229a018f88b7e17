"""The database side of table ownership on a shared PostgreSQL (tables ``nodes`` and ``leases``).

Each server process registers itself as a node: a row with an expiry that it pushes forward every
second or so (its heartbeat). A table's lease names one node and an epoch; it is valid while that
node's row has not expired. Every expiry is judged by the database's clock (``now()``), never by
a process's. A node whose row has expired cannot renew it: it must register again under a new
owner id, so nothing it held before counts any more.

Taking a lease bumps its epoch, and succeeds only when the lease is free (released, or its node
expired or gone) or already this node's. The statement locks the lease row, so it waits for any
append in flight under the old lease (``store.fenced_insert`` holds a share lock on it) and a table
never changes hands in the middle of an append. A node that wants a table another live node holds
sets ``handoff``; the holder lets it go between two of the table's inputs.

Every function runs one statement on the connection it is given; nothing here holds a session
lock, so a transaction-pooling proxy in front of the database is safe.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection

FIRST_EPOCH = 1
"""A lease's epoch when it is taken for the first time: no process has held its table before."""

_REGISTER = text(
    "INSERT INTO nodes (owner, expires_at) VALUES (:owner, now() + make_interval(secs => :ttl))"
)
_FORGET = text("DELETE FROM nodes WHERE expires_at < now() - interval '1 day'")
_HEARTBEAT = text(
    "UPDATE nodes SET expires_at = now() + make_interval(secs => :ttl)"
    " WHERE owner = :owner AND expires_at > now()"
)
_RETIRE = text("UPDATE nodes SET expires_at = now() WHERE owner = :owner")
# The lock timeout is set (for this statement's transaction) before the insert can wait on the row.
_ACQUIRE = text(
    f"""
    WITH me AS (SELECT 1 FROM nodes WHERE owner = :owner AND expires_at > now()
                AND set_config('lock_timeout', '2s', true) IS NOT NULL)
    INSERT INTO leases (table_id, owner, epoch, handoff)
    SELECT :table_id, :owner, {FIRST_EPOCH}, false FROM me
    ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, epoch = leases.epoch + 1, handoff = false
    WHERE leases.owner IS NULL OR leases.owner = excluded.owner
       OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.owner = leases.owner AND n.expires_at > now())
    RETURNING epoch
    """
)
_WANT = text(
    "UPDATE leases SET handoff = true WHERE table_id = :table_id AND owner <> :owner AND NOT handoff"
)
_WANTED = text("SELECT table_id, epoch FROM leases WHERE owner = :owner AND handoff")
_RELEASE = text(
    "UPDATE leases SET owner = NULL, handoff = false"
    " WHERE table_id = :table_id AND owner = :owner AND epoch = :epoch"
)


async def register(conn: AsyncConnection, owner: str, ttl: float) -> None:
    """Enter ``owner`` as a live node for ``ttl`` seconds (and forget nodes dead for a day)."""
    await conn.execute(_FORGET)
    await conn.execute(_REGISTER, {"owner": owner, "ttl": ttl})


async def heartbeat(conn: AsyncConnection, owner: str, ttl: float) -> bool:
    """Keep ``owner`` alive ``ttl`` seconds more; False if it had already expired (then every lease
    it held may have been taken, and it stays dead)."""
    result = await conn.execute(_HEARTBEAT, {"owner": owner, "ttl": ttl})
    return bool(result.rowcount)


def retire(conn: Connection, owner: str) -> None:
    """End ``owner`` now: every lease it holds is free at once (a writer's operation)."""
    conn.execute(_RETIRE, {"owner": owner})


async def acquire(conn: AsyncConnection, table_id: str, owner: str) -> int | None:
    """Take the lease of ``table_id`` for ``owner`` (a live node); its new epoch, or None while
    another live node holds it. Waits at most 2 s for an append in flight under the old lease (then
    raises). One statement: on a connection of ``Store.single``, a transaction of its own."""
    epoch = (await conn.execute(_ACQUIRE, {"table_id": table_id, "owner": owner})).scalar()
    return None if epoch is None else int(epoch)


async def request_handoff(conn: AsyncConnection, table_id: str, owner: str) -> None:
    """Ask the node holding ``table_id`` (if not ``owner``) to let it go."""
    await conn.execute(_WANT, {"table_id": table_id, "owner": owner})


async def handoffs(conn: AsyncConnection, owner: str) -> list[tuple[str, int]]:
    """The tables (and epochs) ``owner`` holds that another node has asked for."""
    result = await conn.execute(_WANTED, {"owner": owner})
    return [(str(table_id), int(epoch)) for table_id, epoch in result]


def release(conn: Connection, table_id: str, owner: str, epoch: int) -> None:
    """Let go of ``table_id`` if ``owner`` still holds it under ``epoch`` (a writer's operation)."""
    conn.execute(_RELEASE, {"table_id": table_id, "owner": owner, "epoch": epoch})
