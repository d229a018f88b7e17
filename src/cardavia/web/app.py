"""The application factory: ``create_app(config)`` builds the ASGI app of the site."""

from __future__ import annotations

import functools
import gc
import os
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from cardavia.web.config import WebConfig
from cardavia.web.guards import BodyLimit, CrossSiteGuard
from cardavia.web.live import socket as live
from cardavia.web.live.computers import AiRunner
from cardavia.web.live.manager import TableManager
from cardavia.web.live.ownership import LeaseOwnership, SoloOwnership
from cardavia.web.pages import daily as daily_pages
from cardavia.web.pages import friends as friends_pages
from cardavia.web.pages import me as me_pages
from cardavia.web.pages import puzzles as puzzle_pages
from cardavia.web.pages import review as review_pages
from cardavia.web.pages import routes as pages
from cardavia.web.pages import shared as shared_pages
from cardavia.web.rate_limit import TokenBuckets
from cardavia.web.storage.pars import Pars
from cardavia.web.storage.players import Players
from cardavia.web.storage.puzzle_book import PuzzleBook
from cardavia.web.storage.reviews import Reviews
from cardavia.web.storage.store import Store

STATIC_DIR = Path(__file__).resolve().parent / "static"


COLLECTOR_THRESHOLDS = (50_000, 20, 20)
"""The garbage collector's thresholds in a server: a frame allocates many short-lived dicts, and
the default (700, 10, 10) collects so often that it cost a quarter of the server's time under load
(web/CAPACITY.md)."""


@functools.cache
def _tune_collector() -> None:
    """Once per process: what startup loaded (code, tables of values) is moved out of the garbage
    collector's way for good, and young objects are collected less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def create_app(config: WebConfig | None = None) -> FastAPI:
    """The site. The database is opened (and its schema created or migrated) at startup.

    On a shared database (PostgreSQL) the process takes part in table ownership: it holds the
    tables it serves by lease (``ownership.py``); nothing else is shared between processes in memory.

    Every request passes ``CrossSiteGuard`` and ``BodyLimit`` before any route.
    """
    config = config or WebConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        _tune_collector()
        store = await Store.open(config.db_url)
        ai = AiRunner(config.ai_executor, config.ai_workers)
        ai.warm(config.ai_workers)
        node = config.node or f"{socket.gethostname()}-{os.getpid()}"
        ownership = LeaseOwnership(store, node, config.lease_ttl) if store.shared else SoloOwnership()
        tables = TableManager(store, config, ai, ownership)
        await tables.start()
        app.state.store, app.state.tables, app.state.ai = store, tables, ai
        app.state.reviews = reviews = Reviews(store, ai)
        app.state.players = players = Players(store)
        app.state.puzzle_book = book = PuzzleBook(store)
        reviews.on_stored = book.queue_review
        app.state.pars = pars = Pars(store, players, ai, config.par_runs, config.ai_tier_override)
        tables.on_finished = pars.poke
        pars.start()
        try:
            yield
        finally:
            await pars.close()
            await reviews.close()
            await tables.close()
            ai.close()
            await store.close()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.config = config
    app.state.clock = time.time  # what today's deal calls today (tests move it)
    rate = config.start_rate_per_minute
    app.state.start_limits = TokenBuckets(rate, config.start_burst) if rate else None
    app.add_middleware(BodyLimit, larger={"/me/import": me_pages.IMPORT_LIMIT + 64 * 1024})
    app.add_middleware(CrossSiteGuard)  # the outer one: a foreign post is refused before its body counts
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.include_router(pages.router)
    app.include_router(live.router)
    app.include_router(review_pages.router)
    app.include_router(me_pages.router)
    app.include_router(daily_pages.router)
    app.include_router(shared_pages.router)
    app.include_router(friends_pages.router)
    app.include_router(puzzle_pages.router)
    return app
