"""A table's countdown: how long a person has to answer a claim decision before it is answered for
them (``pass``, through the actor's inbox)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any


class Countdown:
    """One running countdown at most, on the decision of frame ``v``; it stands still while the
    person's table is paused (``suspend``, ``resume``).

    ``seconds`` (0: no countdown); ``spawn`` starts a task the table owns; ``expire(v)`` is awaited
    when the time of frame ``v``'s decision runs out (it may have been answered since).
    """

    def __init__(
        self,
        seconds: float,
        spawn: Callable[[Coroutine[Any, Any, None], str], None],
        expire: Callable[[int], Awaitable[None]],
    ) -> None:
        self.seconds = seconds
        self._spawn = spawn
        self._expire = expire
        self._deadline: tuple[int, float] | None = None  # (frame v, time.monotonic() deadline)
        self._left: float | None = None  # seconds left while suspended
        self._timer_id = 0  # only the newest timer may expire the decision

    def arm(self, v: int) -> None:
        """Start the countdown of frame ``v``'s decision, unless it runs (or stands) already."""
        if self.seconds <= 0:
            return
        if self._deadline is None or self._deadline[0] != v:
            self._left = None
            self._start(v, self.seconds)

    def _start(self, v: int, seconds: float) -> None:
        self._deadline = (v, time.monotonic() + seconds)
        self._timer_id += 1
        self._spawn(self._timer(v, seconds, self._timer_id), "countdown")

    def clear(self) -> None:
        """The decision was answered: no time is shown any more (its timer finds nothing open)."""
        self._deadline = None
        self._left = None
        self._timer_id += 1

    def suspend(self) -> None:
        """Stop the clock where it stands (the table is paused)."""
        if self._deadline is not None and self._left is None:
            self._left = max(0.0, self._deadline[1] - time.monotonic())
            self._timer_id += 1

    def resume(self) -> None:
        """Let the clock run on from where it stood."""
        if self._deadline is not None and self._left is not None:
            left, self._left = self._left, None
            self._start(self._deadline[0], left)

    def ms(self, v: int) -> int | None:
        """Milliseconds left on frame ``v``'s decision, or None when it has no countdown."""
        if self._deadline is None or self._deadline[0] != v:
            return None
        left = self._left if self._left is not None else self._deadline[1] - time.monotonic()
        return max(0, int(left * 1000))

    async def _timer(self, v: int, seconds: float, timer_id: int) -> None:
        await asyncio.sleep(seconds)
        if timer_id == self._timer_id:
            await self._expire(v)
