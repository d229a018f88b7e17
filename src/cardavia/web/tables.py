"""The live tables of one server: dealing new ones, loading stored ones by replay, unloading idle ones."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Mapping
from typing import Any

from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import Game, GameSpec
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.web import lessons
from cardavia.web.ai_runner import AiRunner
from cardavia.web.config import WebConfig
from cardavia.web.frames import Frame, FrameBuilder
from cardavia.web.lessons import Lesson, LessonAi
from cardavia.web.store import Store
from cardavia.web.table import TableActor, TableInfo, deal_seed, hash_secret, log_crash, new_secret


def replay_frames(
    spec: GameSpec,
    position: Mapping[str, Any],
    seat: int,
    lines: list[str],
    timeouts: frozenset[int] = frozenset(),
) -> tuple[Game, FrameBuilder, list[Frame]]:
    """Replay a stored table: the game now, its frame builder and every frame of ``seat`` so far."""
    game = spec.from_position({**position, "actions": []})
    builder = FrameBuilder(spec, position, seat)
    builder.events(game.opening_events())
    frames = builder.settle(game)
    for index, line in enumerate(lines):
        try:
            actor_seat, action = split_line(line, spec.seats)
            events = game.apply(actor_seat, action)
        except CardaviaError as exc:
            raise CardaviaError(f"stored action {index} {line!r} does not replay: {exc}") from None
        builder.events(events, timeout=index in timeouts)
        frames += builder.settle(game)
    return game, builder, frames


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

    def _token(self) -> str:
        """32 hex digits: at random, or (tests) the next from ``table_seed``."""
        if self._ids is None:
            return secrets.token_hex(16)
        return f"{self._ids.next64():016x}{self._ids.next64():016x}"

    async def create(
        self,
        game_name: str,
        difficulty: str,
        seat: int = 0,
        position: Mapping[str, Any] | None = None,
        lesson: Lesson | None = None,
    ) -> tuple[TableActor, str]:
        """Deal a new table (or set out ``position``, a record without actions, or ``lesson``'s,
        its computers playing that lesson); return it and the owner's secret (for his cookie).

        The deal comes from a secret of its own, kept in the database only; the table's id is
        drawn apart from it, so nothing the browser gets tells the cards.
        """
        spec = get_spec(game_name)
        table_id, secret = self._token(), self._token()
        if lesson is not None:
            position = lesson.position
        if position is None:
            position = spec.dealt(deal_seed(secret))
        owner = new_secret()
        info = TableInfo(table_id, seat, difficulty, hash_secret(owner), secret)
        await self._store.create_table(
            table_id, game_name, seat, difficulty, info.secret_hash, dict(position), secret
        )
        game, builder, frames = replay_frames(spec, position, seat, [])
        ai = self._runner(lesson)
        actor = TableActor(info, game, builder, frames, 1, self._store, self._config, ai, lesson)
        self._adopt(actor)
        return actor, owner

    def _runner(self, lesson: Lesson | None) -> AiRunner:
        """Who plays a table's computers: the lesson's record, or the server's agents."""
        return self._ai if lesson is None else LessonAi(lesson)

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
        spec = get_spec(row.game)
        position = dict(row.position)
        if "hands" not in position:  # stored before positions were written out card by card
            position = {**spec.dealt(position["seed"]), "dealer": position["dealer"]}
        game, builder, frames = replay_frames(spec, position, row.seat, list(row.lines), row.timeouts)
        info = TableInfo(row.id, row.seat, row.difficulty, row.secret_hash, row.secret)
        lesson = lessons.match(row.game, row.seat, position)  # a lesson is known by its position
        actor = TableActor(
            info, game, builder, frames, len(frames), self._store, self._config, self._runner(lesson), lesson
        )
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
        self._sweeper.add_done_callback(log_crash)

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
