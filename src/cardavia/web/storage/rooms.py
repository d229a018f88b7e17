"""Tables for friends: the lobby, the people who sat down and the deals of their evening.

A room is known by the id of the table its lobby opened as (its first deal). Each person's seat
secret is stored hashed, the same for every deal of the room, so the cookie they got when they sat
down opens their seat at the next deal too. The invite link's token is kept as it is (the host's
page shows it again after a restart), like a deal's secret readable by the server only; a new link
replaces it, and the old one opens nothing any more.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import Connection

from cardavia.engine.game import seat_result
from cardavia.engine.registry import get_spec
from cardavia.web.storage.store import Op, Store, guests, player_deals, room_deals, room_people, rooms, tables

TURNS = (15, 30, 60)
"""The seconds a friends' table may give each decision."""
NAME_LIMIT = 24


def invite_matches(token: str, stored: str | None) -> bool:
    """True when ``token`` is the room's current invite (compared in constant time)."""
    return stored is not None and secrets.compare_digest(token.encode(), stored.encode())


def clean_name(raw: str | None) -> str | None:
    """A display name as given (spaces around it dropped), or None when it is empty, longer than
    ``NAME_LIMIT`` characters or holds a control character."""
    name = (raw or "").strip()
    if not 1 <= len(name) <= NAME_LIMIT or any(not c.isprintable() for c in name):
        return None
    return name


@dataclass
class RoomRow:
    """A room as one of its tables sees it: the room's id, its settings and status, the people's
    names by seat, the table's number in the evening, the running score over the room's finished
    deals up to it, and the deal after it (once dealt). (The people's hashed secrets are the
    table's own, ``TableInfo``.)"""

    id: str
    game: str
    difficulty: str
    turn: int
    status: str
    invite: str | None
    names: dict[int, str | None]
    number: int
    totals: dict[int, int] = field(default_factory=dict)
    next_table: str | None = None
    abandoned: bool = False  # this table's deal was ended as abandoned


class Rooms:
    """The rooms' side of the database (``store``)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    @staticmethod
    def opening(
        room_id: str, game: str, difficulty: str, turn: int, host: int, name: str | None, hashed: str,
        invite: str,
    ) -> Op:
        """The write that opens room ``room_id`` in its lobby, the host sat at ``host``."""
        now = time.time()

        def op(conn: Connection) -> None:
            conn.execute(rooms.insert().values(
                id=room_id, game=game, difficulty=difficulty, turn=turn, invite=invite,
                status="lobby", created_at=now))
            conn.execute(room_people.insert().values(room_id=room_id, seat=host, name=name,
                                                           secret_hash=hashed))
            conn.execute(room_deals.insert().values(table_id=room_id, room_id=room_id, number=1,
                                                          abandoned=False))

        return op

    @staticmethod
    def next_deal(room_id: str, table_id: str, number: int) -> Op:
        """The write that makes ``table_id`` deal number ``number`` of the room."""

        def op(conn: Connection) -> None:
            conn.execute(room_deals.insert().values(table_id=table_id, room_id=room_id, number=number,
                                                          abandoned=False))

        return op

    async def load(self, table_id: str) -> RoomRow | None:
        """The room of table ``table_id`` as that table sees it, or None (a table of one person)."""
        async with self._store.single() as conn:
            deal = (await conn.execute(select(room_deals).where(room_deals.c.table_id == table_id))).first()
            if deal is None:
                return None
            room = (await conn.execute(select(rooms).where(rooms.c.id == deal.room_id))).one()
            people = list(await conn.execute(select(room_people).where(room_people.c.room_id == room.id)))
            deals = list(await conn.execute(
                select(room_deals).where(room_deals.c.room_id == room.id).order_by(room_deals.c.number)))
        totals = dict.fromkeys(range(get_spec(str(room.game)).seats), 0)
        next_table = None
        for row in deals:
            if row.number == deal.number + 1:
                next_table = str(row.table_id)
            if row.number <= deal.number and row.outcome is not None and not row.abandoned:
                add_result(totals, json.loads(row.outcome))
        return RoomRow(
            id=str(room.id), game=str(room.game), difficulty=str(room.difficulty), turn=int(room.turn),
            status=str(room.status), invite=room.invite,
            names={int(p.seat): p.name for p in people},
            number=int(deal.number), totals=totals, next_table=next_table, abandoned=bool(deal.abandoned),
        )

    async def join(self, room_id: str, seat: int, name: str, hashed: str) -> None:
        """Seat a person who came by the invite at ``seat`` of the room's lobby table."""
        now = time.time()

        def op(conn: Connection) -> None:
            conn.execute(room_people.insert().values(room_id=room_id, seat=seat, name=name,
                                                           secret_hash=hashed))
            conn.execute(guests.insert().values(table_id=room_id, seat=seat, secret_hash=hashed,
                                                      created_at=now))

        await self._store.write(op)

    async def set_invite(self, room_id: str, invite: str | None) -> None:
        """Replace the room's invite (None: no link opens a seat any more)."""
        await self._set(room_id, invite=invite)

    async def start(self, room_id: str) -> None:
        """The lobby's deal has started: nobody joins any more."""
        await self._set(room_id, status="playing", invite=None)

    async def _set(self, room_id: str, **values: Any) -> None:
        def op(conn: Connection) -> None:
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(**values))

        await self._store.write(op)

    async def finish(self, table_id: str, outcome: Mapping[str, Any]) -> None:
        """Keep a finished deal's outcome with the room (the running score counts it)."""

        def op(conn: Connection) -> None:
            conn.execute(update(room_deals).where(room_deals.c.table_id == table_id)
                               .values(outcome=json.dumps(outcome)))

        await self._store.write(op)

    async def abandon(self, room_id: str, table_id: str) -> None:
        """Every person left the table long ago: its deal is ended as abandoned (it is not resumed,
        and counts in nobody's score or results); a room still in its lobby is closed."""

        def op(conn: Connection) -> None:
            this_deal = room_deals.c.table_id == table_id
            conn.execute(update(room_deals).where(this_deal).values(abandoned=True))
            conn.execute(update(tables).where(tables.c.id == table_id).values(finished=True))
            conn.execute(update(player_deals)
                               .where(player_deals.c.table_id == table_id, player_deals.c.status == "live")
                               .values(status="dropped", ended=time.time()))
            conn.execute(update(rooms).where(rooms.c.id == room_id, rooms.c.status == "lobby")
                               .values(status="abandoned", invite=None))

        await self._store.write(op)

    async def abandoned(self, table_id: str) -> bool:
        """True when table ``table_id`` is a room's deal ended as abandoned."""
        async with self._store.begin() as conn:
            found = await conn.execute(select(func.count()).select_from(room_deals).where(
                room_deals.c.table_id == table_id, room_deals.c.abandoned))
            return bool(found.scalar())


def add_result(totals: dict[int, int], outcome: Mapping[str, Any]) -> None:
    """Add what a finished deal gave each seat of ``totals`` (``seat_result``: points won, or the
    payment's balance) to it."""
    for seat in totals:
        totals[seat] += round(seat_result(dict(outcome), seat))  # type: ignore[arg-type]
