"""What the site keeps of puzzles: each shipped puzzle's rating, each player's rating per game (both
Glicko-2, ``puzzles.rating``), every answer, and each player's own mistakes queued to come back.

A puzzle's rating starts from its file's ``rating`` (its deeper search's margin) with deviation
``PUZZLE_DEVIATION``; a player's from ``rating.START``. Only a player's first answer to a shipped
puzzle moves the two ratings; later ones are practice.

Own mistakes: when a deal's review is stored, every decision flagged a mistake or a blunder of the
players who played that seat is queued as a puzzle, due ``WAITS[0]`` (1) day later. After its k-th
answer (right or wrong) it is due again ``WAITS[min(k, 2)]`` days later (3, then 7, 7, ...), until it
has been answered right twice; then it is done. Every read and write is by the player's key.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, and_, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from cardavia.puzzles.rating import Rating, game
from cardavia.web.storage.store import (
    Store,
    mistakes,
    player_deals,
    player_puzzle_ratings,
    puzzle_answers,
    puzzle_ratings,
)

DAY = 24 * 3600.0
WAITS = (1, 3, 7)
"""Days until a queued mistake comes back: after the review, then after each answer (the last repeats)."""
RIGHTS_TO_LEARN = 2
PUZZLE_DEVIATION = 200.0
FLAGS = ("mistake", "blunder")


@dataclass(frozen=True)
class Answered:
    """What a rated answer moved: the player's rating ``before`` and after (``player``), and the
    puzzle's after."""

    before: Rating
    player: Rating
    puzzle: Rating


def _upsert(conn: Connection, table: Any, keys: dict[str, Any], values: dict[str, Any]) -> None:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    insert = dialect.insert(table).values(**keys, **values)
    conn.execute(insert.on_conflict_do_update(index_elements=list(keys), set_=values))


def _rating(row: Any) -> Rating:
    return Rating(float(row.rating), float(row.deviation), float(row.volatility))


def _player_row(player: str, game_name: str) -> Select[Any]:
    """The query of the player's rating row in ``game_name`` (none: no row)."""
    return select(player_puzzle_ratings).where(
        (player_puzzle_ratings.c.player == player) & (player_puzzle_ratings.c.game == game_name)
    )


class PuzzleBook:
    """The puzzles' side of the database (``store``)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def player_rating(self, player: str | None, game_name: str) -> Rating:
        """The player's rating in ``game_name`` (the start for a player without one)."""
        if player is None:
            return Rating()
        async with self._store.begin() as conn:
            row = (await conn.execute(_player_row(player, game_name))).first()
        return Rating() if row is None else _rating(row)

    async def standing(self, player: str, game_name: str) -> dict[str, Any]:
        """The player's puzzles in ``game_name``: ``rating`` (None before a rated answer), ``answers``,
        ``right`` and ``waiting`` (own mistakes not learned yet)."""
        async with self._store.begin() as conn:
            row = (await conn.execute(_player_row(player, game_name))).first()
        waiting, _ = await self.waiting(player, game_name)
        if row is None:
            return {"rating": None, "answers": 0, "right": 0, "waiting": waiting}
        return {"rating": round(float(row.rating)), "answers": int(row.answers), "right": int(row.right),
                "waiting": waiting}

    async def puzzle_ratings(self, game_name: str) -> dict[str, Rating]:
        """The ratings of the puzzles of ``game_name`` that have been answered."""
        async with self._store.begin() as conn:
            rows = await conn.execute(select(puzzle_ratings).where(puzzle_ratings.c.game == game_name))
            return {str(r.puzzle): _rating(r) for r in rows}

    async def answered(self, player: str | None, game_name: str) -> set[str]:
        """The puzzles of ``game_name`` the player has answered."""
        if player is None:
            return set()
        async with self._store.begin() as conn:
            rows = await conn.execute(select(puzzle_answers.c.puzzle).where(
                (puzzle_answers.c.player == player) & (puzzle_answers.c.game == game_name)
            ))
            return {str(r.puzzle) for r in rows}

    async def answer(
        self, player: str, game_name: str, pid: str, answer: str, right: bool, start: float, now: float
    ) -> Answered | None:
        """Keep an answer to a shipped puzzle; the first one moves both ratings (``start``: the
        puzzle's starting rating), a later one is practice (None)."""
        out: list[Answered | None] = []

        def op(conn: Connection) -> None:
            seen = (conn.execute(select(func.count()).select_from(puzzle_answers).where(
                (puzzle_answers.c.player == player) & (puzzle_answers.c.game == game_name)
                & (puzzle_answers.c.puzzle == pid)
            ))).scalar()
            conn.execute(puzzle_answers.insert().values(
                player=player, game=game_name, puzzle=pid, answer=answer[:80], right=right, at=now))
            if seen:
                out.append(None)
                return
            mine = conn.execute(_player_row(player, game_name)).first()
            its = (conn.execute(select(puzzle_ratings).where(
                (puzzle_ratings.c.game == game_name) & (puzzle_ratings.c.puzzle == pid)
            ))).first()
            before = Rating() if mine is None else _rating(mine)
            puzzle = Rating(start, PUZZLE_DEVIATION) if its is None else _rating(its)
            me, it = game(before, puzzle, right)
            counts = (0, 0) if mine is None else (int(mine.answers), int(mine.right))
            _upsert(conn, player_puzzle_ratings, {"player": player, "game": game_name}, {
                "rating": me.rating, "deviation": me.deviation, "volatility": me.volatility,
                "answers": counts[0] + 1, "right": counts[1] + int(right)})
            counts = (0, 0) if its is None else (int(its.answers), int(its.right))
            _upsert(conn, puzzle_ratings, {"game": game_name, "puzzle": pid}, {
                "rating": it.rating, "deviation": it.deviation, "volatility": it.volatility,
                "answers": counts[0] + 1, "right": counts[1] + int(right)})
            out.append(Answered(before, me, it))

        await self._store.write(op)
        return out[0]

    # -- one's own mistakes -------------------------------------------------------------------------

    async def queue_review(
        self, table_id: str, seat: int, record: Mapping[str, Any], doc: Mapping[str, Any],
        now: float | None = None,
    ) -> int:
        """Queue the mistakes and blunders of a stored review for every player who played ``seat`` of
        ``table_id``; how many positions were queued (each once per player)."""
        now = time.time() if now is None else now
        flagged = [d for d in doc.get("decisions", []) if d.get("flag") in FLAGS]
        if not flagged:
            return 0
        async with self._store.begin() as conn:
            keys = [str(r.player) for r in await conn.execute(select(player_deals.c.player).where(
                (player_deals.c.table_id == table_id) & (player_deals.c.seat == seat)))]
        if not keys:
            return 0
        rows = []
        for d in flagged:
            pid = mistake_id(table_id, seat, int(d["index"]))
            position = {**record, "actions": list(record["actions"][: d["index"]])}
            puzzle = {"id": pid, "game": record["game"], "record": position, "seat": seat,
                      "options": d["legal"], "answer": d["best"], "values": d["values"], "why": d["why"],
                      "kind": d.get("kind"), "chosen": d["chosen"], "flag": d["flag"]}
            text = json.dumps(puzzle, ensure_ascii=False, separators=(",", ":"))
            due = now + WAITS[0] * DAY
            rows += [{"player": k, "id": pid, "game": record["game"], "puzzle": text, "due": due, "step": 1,
                      "right": 0, "done": False} for k in keys]

        def op(conn: Connection) -> None:
            dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
            for row in rows:
                conn.execute(dialect.insert(mistakes).values(**row).on_conflict_do_nothing(
                    index_elements=["player", "id"]))

        await self._store.write(op)
        return len(flagged)

    async def due(self, player: str | None, game_name: str, now: float) -> list[dict[str, Any]]:
        """The player's own mistakes in ``game_name`` due by ``now``, the longest due first."""
        if player is None:
            return []
        async with self._store.begin() as conn:
            rows = await conn.execute(select(mistakes.c.puzzle).where(and_(
                mistakes.c.player == player, mistakes.c.game == game_name, ~mistakes.c.done,
                mistakes.c.due <= now,
            )).order_by(mistakes.c.due, mistakes.c.id))
            return [json.loads(r.puzzle) for r in rows]

    async def waiting(self, player: str | None, game_name: str) -> tuple[int, float | None]:
        """How many of the player's mistakes in ``game_name`` are not learned yet, and when the next
        is due."""
        if player is None:
            return 0, None
        async with self._store.begin() as conn:
            row = (await conn.execute(select(func.count(), func.min(mistakes.c.due)).where(and_(
                mistakes.c.player == player, mistakes.c.game == game_name, ~mistakes.c.done,
            )))).first()
        return (0, None) if row is None else (int(row[0]), None if row[1] is None else float(row[1]))

    async def answer_mistake(self, player: str, pid: str, right: bool, now: float) -> dict[str, Any] | None:
        """Note an answer to one of the player's due mistakes: its new schedule (``due``, ``done``,
        ``right``), or None when the player has no such mistake due."""
        found: list[dict[str, Any]] = []

        def op(conn: Connection) -> None:
            row = (conn.execute(select(mistakes).where(and_(
                mistakes.c.player == player, mistakes.c.id == pid, ~mistakes.c.done, mistakes.c.due <= now,
            )))).first()
            if row is None:
                return
            rights = int(row.right) + int(right)
            done = rights >= RIGHTS_TO_LEARN
            due = now + WAITS[min(int(row.step), len(WAITS) - 1)] * DAY
            conn.execute(update(mistakes).where(
                (mistakes.c.player == player) & (mistakes.c.id == pid)
            ).values(right=rights, done=done, due=due, step=int(row.step) + 1))
            found.append({"due": due, "done": done, "right": rights})

        await self._store.write(op)
        return found[0] if found else None


def mistake_id(table_id: str, seat: int, index: int) -> str:
    """The puzzle id of a decision of one's own: ``m`` and a hash of where it was."""
    return "m" + hashlib.blake2b(f"{table_id}|{seat}|{index}".encode(), digest_size=8).hexdigest()


def nearest(ratings: Sequence[tuple[str, float]], target: float) -> str | None:
    """The id whose rating is nearest ``target`` (the first of equals), None for none."""
    return min(ratings, key=lambda pair: abs(pair[1] - target))[0] if ratings else None
