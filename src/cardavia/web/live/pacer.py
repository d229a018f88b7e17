"""The pace of a table: its built frames wait in order and each is released when the one before has
had its time on screen.

A step's time depends on its kind and the table's speed only (``STEP_TIME`` in units of
``WebConfig.ai_delay``, never less than the computers' thinking budget plus ``THINK_MARGIN``), so
neither the release times nor the gaps between messages tell whether a computer had an option or
how long it thought. The human's own step may be released at once (``at_once``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable

from cardavia.web.live.frames import Frame

log = logging.getLogger("cardavia.web.live.pacer")

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
# How long each kind of step stays on screen, in units of ``WebConfig.ai_delay`` (scaled by the
# speed). A step that asks the human waits for him; the end stays.
STEP_TIME: dict[str, float] = {
    "deal": 1.5,
    "draw": 1.0,
    "window": 1.0,
    "claim": 1.4,
    "meld": 1.2,
    "discard": 1.0,
    "dead": 0.7,
    "win": 1.0,
    "decision": 0.0,
    "end": 0.0,
}
THINK_MARGIN = 0.15  # seconds over a tier's thinking budget that every paced step lasts at least
LATE = 0.02  # a step released this much after its time is counted as late


class Pacer:
    """The frames of one table not yet released, and when the next may go.

    ``unit``: ``WebConfig.ai_delay`` (0 releases every frame at once); ``budget``: the computers'
    thinking budget in seconds. ``shown_kind`` is the kind of the frame on screen now.
    """

    def __init__(
        self, unit: float, budget: float, frames: Iterable[Frame], shown_kind: str, paused: bool
    ) -> None:
        self.unit = unit
        self.budget = budget
        self.speed = "normal"
        self.paused = paused
        now = time.monotonic()
        self._pending: deque[tuple[Frame, float]] = deque((frame, now) for frame in frames)  # with when built
        self._release_at = now + self.step_time(shown_kind)
        self._wake = asyncio.Event()
        self.late = 0  # steps released after their time because a computer was still thinking

    def step_time(self, kind: str) -> float:
        """Seconds a step of ``kind`` stays before the next one."""
        if self.unit <= 0 or STEP_TIME[kind] == 0:
            return 0.0
        return max(self.unit * STEP_TIME[kind] * SPEEDS[self.speed], self.budget + THINK_MARGIN)

    def queue(self, frames: Iterable[Frame]) -> None:
        """Add newly built frames, to be released after those already waiting."""
        now = time.monotonic()
        self._pending.extend((frame, now) for frame in frames)
        self._wake.set()

    def at_once(self) -> None:
        """Let the next frame go now (the human's own step shows at once)."""
        self._release_at = time.monotonic()

    def set_pace(self, speed: str | None = None, paused: bool | None = None) -> None:
        """Change the speed (``SPEEDS``) or hold the frames (``paused``)."""
        if speed is not None:
            self.speed = speed
        if paused is not None:
            self.paused = paused
        self._wake.set()

    def poke(self) -> None:
        """Look again whether a frame may go (someone started watching)."""
        self._wake.set()

    async def run(self, release: Callable[[Frame], None], watched: Callable[[], bool], name: str) -> None:
        """Release the frames in order through ``release``, each when the one before has had its
        time, while ``watched()`` (so that a watcher sees every step from the deal on)."""
        while True:
            if not self._pending or self.paused or not watched():
                self._wake.clear()
                await self._wake.wait()
                continue
            frame, built = self._pending[0]
            wait = self._release_at - time.monotonic()
            if wait > 0:
                self._wake.clear()
                timer = asyncio.get_running_loop().call_later(wait, self._wake.set)  # (no task per wait)
                try:
                    await self._wake.wait()
                finally:
                    timer.cancel()
                continue
            self._pending.popleft()
            if self.unit > 0 and built - self._release_at > LATE:
                self.late += 1
                log.info("table %s: step %d came %.3f s late", name, frame.v, built - self._release_at)
            self._release_at = time.monotonic() + self.step_time(frame.kind)
            release(frame)
