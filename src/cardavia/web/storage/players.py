"""Players without accounts and what the site keeps for them: their deals, the pars of those
deals, the links they made to share one.

A player is known by a random id in their ``cardavia_player`` cookie; the database holds only its
hash (``key``), so nothing stored or shown lets anyone make another player's cookie. Every read
here is by that key, a share link's token (also stored hashed) or a table id the caller already
holds a secret of.
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, bindparam, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.sql.dml import Insert

from cardavia.web.storage.store import (
    Store,
    mistakes,
    pars,
    player_deals,
    player_puzzle_ratings,
    players,
    puzzle_answers,
    shares,
    site_secrets,
    tables,
)

KINDS = ("solo", "daily", "shared", "friends")
STATUSES = ("live", "won", "lost", "draw", "dropped")  # dropped: a friends' deal ended as abandoned


def player_key(token: str) -> str:
    """What the database holds of a player's cookie id."""
    return hashlib.sha256(b"player:" + token.encode()).hexdigest()


def new_token() -> str:
    """A fresh random id for a player's cookie, or a share link's token."""
    return secrets.token_urlsafe(24)


def well_formed(token: str) -> bool:
    """True when ``token`` could be one ``new_token`` made (URL-safe, 16 to 64 characters)."""
    return 16 <= len(token) <= 64 and token.isascii() and all(c.isalnum() or c in "-_" for c in token)


def share_key(token: str) -> str:
    """What the database holds of a share link's token."""
    return hashlib.sha256(b"share:" + token.encode()).hexdigest()


@dataclass(frozen=True)
class PlayerDeal:
    """One deal of a player: the table, its game and difficulty, the kind (``KINDS``), the seat,
    today's deal's date, when it started and ended, its ``status`` (``STATUSES``), what it gave
    the seat (``result``, ``engine.game.seat_result``), the deal's result object, whether it is
    the scored attempt of its day, and its par (None until computed)."""

    table: str
    game: str
    difficulty: str
    kind: str
    seat: int
    day: str | None
    started: float
    ended: float | None
    status: str
    result: float | None
    outcome: dict[str, Any] | None
    scored: bool
    par: float | None
    hints: int = 0
    claims: int | None = None
    fed: bool | None = None
    accuracy: float | None = None  # from the deal's review, when there is one

    @property
    def above_par(self) -> float | None:
        """The result less the par, once both are known."""
        return None if self.result is None or self.par is None else self.result - self.par


def _deal(row: Any) -> PlayerDeal:
    return PlayerDeal(
        table=row.table_id, game=row.game, difficulty=row.difficulty, kind=row.kind, seat=int(row.seat),
        day=row.day, started=float(row.started), ended=None if row.ended is None else float(row.ended),
        status=row.status, result=None if row.result is None else float(row.result),
        outcome=None if row.outcome is None else json.loads(row.outcome), scored=bool(row.scored),
        par=None if row.par is None else float(row.par), hints=int(row.hints or 0),
        claims=None if row.claims is None else int(row.claims),
        fed=None if row.fed is None else bool(row.fed),
        accuracy=None if row.accuracy is None else float(row.accuracy),
    )


_WITHOUT_PAR = (
    select(player_deals.c.table_id, player_deals.c.seat)
    .select_from(player_deals.outerjoin(
        pars, (pars.c.table_id == player_deals.c.table_id) & (pars.c.seat == player_deals.c.seat)
    ))
    .where(player_deals.c.status != "live", pars.c.par.is_(None))
    .group_by(player_deals.c.table_id, player_deals.c.seat)
    .order_by(func.min(player_deals.c.ended))
)
_WITHOUT_PAR_OF_TABLE = _WITHOUT_PAR.where(player_deals.c.table_id == bindparam("table"))


class Players:
    """The players' side of the database (``store``)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._site_secrets: dict[str, str] = {}  # they never change once made

    async def name(self, key: str) -> str | None:
        """The player's display name, or None."""
        async with self._store.begin() as conn:
            found = await conn.execute(select(players.c.name).where(players.c.key == key))
            return found.scalar()

    async def set_name(self, key: str, name: str | None) -> None:
        """Keep the player (and their display name)."""

        def op(conn: Connection) -> None:
            _ensure(conn, key)
            conn.execute(update(players).where(players.c.key == key).values(name=name))

        await self._store.write(op)

    async def add_deal(
        self, key: str, table: str, game: str, difficulty: str, seat: int, kind: str, day: str | None = None,
        origin: str | None = None,
    ) -> None:
        """Note that the player plays ``table`` from ``seat`` (``origin``: the shared deal it plays again)."""
        row = {"player": key, "table_id": table, "game": game, "difficulty": difficulty, "seat": seat,
               "kind": kind, "day": day, "started": time.time(), "status": "live", "scored": False,
               "origin": origin}

        def op(conn: Connection) -> None:
            _ensure(conn, key)
            conn.execute(player_deals.insert(), row)

        await self._store.write(op)

    async def add_finished(self, key: str, deal: PlayerDeal) -> None:
        """Keep an imported deal, finished as it was."""
        row = {"player": key, "table_id": deal.table, "game": deal.game, "difficulty": deal.difficulty,
               "seat": deal.seat, "kind": deal.kind, "day": deal.day, "started": deal.started,
               "ended": deal.ended, "status": deal.status, "result": deal.result,
               "outcome": json.dumps(deal.outcome, ensure_ascii=False), "scored": False,
               "claims": deal.claims, "fed": deal.fed, "accuracy": deal.accuracy}

        def op(conn: Connection) -> None:
            _ensure(conn, key)
            conn.execute(player_deals.insert().values(**row))

        await self._store.write(op)

    async def deals(
        self, key: str, offset: int = 0, limit: int | None = None, daily: tuple[str, str] | None = None
    ) -> list[PlayerDeal]:
        """The player's deals, newest first (``limit`` of them from ``offset``; all without);
        ``daily``: only their attempts at that (game, day)'s deal."""
        query = (
            select(player_deals, pars.c.par, tables.c.hints)
            .select_from(
                player_deals.outerjoin(
                    pars, (pars.c.table_id == player_deals.c.table_id) & (pars.c.seat == player_deals.c.seat)
                ).outerjoin(tables, tables.c.id == player_deals.c.table_id)
            )
            .where(player_deals.c.player == key)
            .order_by(player_deals.c.started.desc(), player_deals.c.table_id)
            .offset(offset)
        )
        if daily is not None:
            game, day = daily
            query = query.where(
                player_deals.c.kind == "daily", player_deals.c.game == game, player_deals.c.day == day
            )
        if limit is not None:
            query = query.limit(limit)
        async with self._store.begin() as conn:
            return [_deal(row) for row in await conn.execute(query)]

    async def original(self, key: str, table: str) -> tuple[float | None, float | None] | None:
        """For the player's replay of a shared deal: the original's result and par (None when
        ``table`` is not such a replay)."""
        mine = (player_deals.c.player == key) & (player_deals.c.table_id == table)
        async with self._store.begin() as conn:
            row = (await conn.execute(select(player_deals.c.origin, player_deals.c.seat).where(mine))).first()
            if row is None or row.origin is None:
                return None
            query = (
                select(player_deals.c.result, pars.c.par)
                .select_from(player_deals.outerjoin(
                    pars, (pars.c.table_id == player_deals.c.table_id) & (pars.c.seat == player_deals.c.seat)
                ))
                .where(player_deals.c.table_id == row.origin, player_deals.c.seat == row.seat)
                .limit(1)
            )
            found = (await conn.execute(query)).first()
        if found is None:
            return (None, None)
        return (found.result, found.par)

    async def seat_at(self, key: str, table: str) -> int | None:
        """The seat the player plays at ``table``, or None when it is not one of theirs."""
        async with self._store.begin() as conn:
            mine = (player_deals.c.player == key) & (player_deals.c.table_id == table)
            found = await conn.execute(select(player_deals.c.seat).where(mine))
            seat = found.scalar()
            return None if seat is None else int(seat)

    async def forget(self, key: str) -> None:
        """Delete the player, their deals' list, their share links and what is kept of their puzzles
        (the tables themselves stay, each reachable by its own secret only)."""

        def op(conn: Connection) -> None:
            for table in (player_puzzle_ratings, puzzle_answers, mistakes):
                conn.execute(delete(table).where(table.c.player == key))
            conn.execute(delete(shares).where(shares.c.player == key))
            conn.execute(delete(player_deals).where(player_deals.c.player == key))
            conn.execute(delete(players).where(players.c.key == key))

        await self._store.write(op)

    # -- par ------------------------------------------------------------------------------------

    async def par(self, table: str, seat: int) -> float | None:
        """The stored par of ``table`` from ``seat``, or None."""
        async with self._store.begin() as conn:
            query = select(pars.c.par).where((pars.c.table_id == table) & (pars.c.seat == seat))
            found = await conn.execute(query)
            value = found.scalar()
            return None if value is None else float(value)

    async def save_par(self, table: str, seat: int, results: Sequence[float]) -> None:
        """Keep the par of ``table`` from ``seat``: the mean of ``results`` (a second one is ignored)."""
        row = {"table_id": table, "seat": seat, "par": sum(results) / len(results),
               "results": json.dumps(list(results)), "created_at": time.time()}

        def op(conn: Connection) -> None:
            _insert_once(conn, pars, row, ("table_id", "seat"))

        await self._store.write(op)

    async def finished_without_par(self, limit: int = 20, table: str | None = None) -> list[tuple[str, int]]:
        """Finished deals of players whose par is still to be computed (oldest first); with
        ``table``, that deal's only (its seats a player played)."""
        if table is None:
            query, params = _WITHOUT_PAR.limit(limit), {}
        else:
            query, params = _WITHOUT_PAR_OF_TABLE, {"table": table}
        async with self._store.single() as conn:
            return [(str(r.table_id), int(r.seat)) for r in await conn.execute(query, params)]

    # -- today's deal ---------------------------------------------------------------------------

    async def field(self, game: str, day: str) -> list[float]:
        """The results of every scored attempt at ``game``'s deal of ``day``."""
        query = select(player_deals.c.result).where(
            player_deals.c.game == game, player_deals.c.day == day, player_deals.c.scored
        )
        async with self._store.begin() as conn:
            return [float(r) for r in (await conn.execute(query)).scalars() if r is not None]

    async def days_played(self, key: str, game: str) -> list[str]:
        """The days the player finished ``game``'s deal of the day, newest first."""
        query = (
            select(player_deals.c.day)
            .where(player_deals.c.player == key, player_deals.c.game == game, player_deals.c.scored)
            .order_by(player_deals.c.day.desc())
        )
        async with self._store.begin() as conn:
            return [str(d) for d in (await conn.execute(query)).scalars()]

    async def site_secret(self, name: str) -> str:
        """The site's secret ``name`` (made at random the first time, then the same for every
        process on the database)."""
        known = self._site_secrets.get(name)
        if known is not None:
            return known
        row = {"name": name, "value": secrets.token_hex(32)}

        def op(conn: Connection) -> None:
            _insert_once(conn, site_secrets, row, ("name",))

        await self._store.write(op)
        async with self._store.begin() as conn:
            found = await conn.execute(select(site_secrets.c.value).where(site_secrets.c.name == name))
            self._site_secrets[name] = value = str(found.scalar_one())
            return value

    # -- share links ----------------------------------------------------------------------------

    async def share(self, key: str, table: str, seat: int) -> str:
        """A new share link's token for the player's ``table``, seen from ``seat``."""
        token = new_token()
        row = {"token_hash": share_key(token), "table_id": table, "seat": seat, "player": key,
               "created_at": time.time(), "revoked": False}

        def op(conn: Connection) -> None:
            conn.execute(shares.insert().values(**row))

        await self._store.write(op)
        return token

    async def shared(self, token: str) -> tuple[str, int, str] | None:
        """The table, seat and maker's key of a share link not revoked, or None."""
        query = select(shares.c.table_id, shares.c.seat, shares.c.player).where(
            shares.c.token_hash == share_key(token), shares.c.revoked.is_(False)
        )
        async with self._store.begin() as conn:
            row = (await conn.execute(query)).first()
            return None if row is None else (str(row.table_id), int(row.seat), str(row.player))

    async def revoke(self, token: str) -> None:
        """The link answers no more."""

        def op(conn: Connection) -> None:
            link = shares.c.token_hash == share_key(token)
            conn.execute(update(shares).where(link).values(revoked=True))

        await self._store.write(op)


def _ensure(conn: Connection, key: str) -> None:
    _insert_once(conn, players, {"key": key, "name": None, "created_at": time.time()}, ("key",))


def _insert_once(conn: Connection, table: Table, row: dict[str, Any], keys: tuple[str, ...]) -> None:
    """Insert ``row`` unless a row with the same ``keys`` exists."""
    conn.execute(_insert_once_statement(conn.dialect.name, table, keys), row)


@functools.cache
def _insert_once_statement(dialect: str, table: Table, keys: tuple[str, ...]) -> Insert:
    """The statement of ``_insert_once``, built once (building one costs more than running it)."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return insert(table).on_conflict_do_nothing(index_elements=keys)
