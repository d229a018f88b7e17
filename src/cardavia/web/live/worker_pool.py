"""A process pool that outlives its workers.

A ``ProcessPoolExecutor`` whose worker dies (killed by the out-of-memory killer, say) is broken for
good: every later call fails with ``BrokenProcessPool``. ``RenewingPool`` replaces it with a fresh
one and runs the call again there.

Every worker ends with the server that started it, however the server ends: a worker watches its
parent and exits when the parent is gone (a ``kill -9`` of the server leaves no orphans behind).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger("cardavia.web.live.worker_pool")

T = TypeVar("T")
PARENT_POLL_S = 0.5  # how often a worker looks whether its server is still there


def watch_parent(parent: int, poll_s: float = PARENT_POLL_S) -> None:
    """Run in each worker as it starts: a daemon thread ends the worker at once when its parent
    ``parent`` is gone (the worker is then reparented, so ``os.getppid()`` changes)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll_s)
        os._exit(0)

    threading.Thread(target=watch, name="cardavia-parent-watch", daemon=True).start()


class RenewingPool:
    """``workers`` spawned processes, replaced by a fresh pool whenever the pool breaks.

    However many calls were waiting on a pool when it broke, it is replaced once and the breakage is
    logged once (one warning). Every pool starts all its workers at once, each first given
    ``warm_up`` (a picklable function): a pool that started workers one by one, on demand, could
    start one into a pool that is breaking, which then neither runs nor stops.
    """

    def __init__(self, workers: int, warm_up: Callable[[], object], retries: int = 2) -> None:
        self.workers = max(1, workers)
        self.retries = retries
        self._warm_up = warm_up
        self._lock = threading.Lock()
        self._executor = self._new_executor()
        self._started = False

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )

    @property
    def executor(self) -> ProcessPoolExecutor:
        """The pool in use now (a later call may find another one)."""
        return self._executor

    def start(self) -> None:
        """Start every worker now, in the background (``run`` does it first if nobody did)."""
        with self._lock:
            if not self._started:
                self._start_workers(self._executor)
                self._started = True

    def _start_workers(self, executor: ProcessPoolExecutor) -> None:
        for _ in range(self.workers):
            executor.submit(self._warm_up)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker; when the pool breaks, again on a fresh pool, ``retries`` times.

        Raises ``BrokenProcessPool`` when the pool broke on every try.
        """
        loop = asyncio.get_running_loop()
        retried = 0
        while True:
            executor = self._executor
            try:
                self.start()
                return await loop.run_in_executor(executor, fn, *args)
            except BrokenProcessPool:
                self._renew(executor)
                if retried == self.retries:
                    raise
                retried += 1

    def _renew(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is not broken:
                return  # another caller has replaced it already
            fresh = self._new_executor()
            self._start_workers(fresh)
            self._executor, self._started = fresh, True
        log.warning("a worker process died and broke the pool of %d; started a fresh pool", self.workers)
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers."""
        self._executor.shutdown(wait=False, cancel_futures=True)
