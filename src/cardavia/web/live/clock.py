"""A table's countdown: how long a person has to answer a claim decision before it is answered for
them (``pass``, through the actor's inbox)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any


class Countdown:
    """One running countdown at most, on the decision of frame ``v``.

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

    def arm(self, v: int) -> None:
        """Start the countdown of frame ``v``'s decision, unless it runs already."""
        if self.seconds <= 0:
            return
        if self._deadline is None or self._deadline[0] != v:
            self._deadline = (v, time.monotonic() + self.seconds)
            self._spawn(self._timer(v), "countdown")

    def clear(self) -> None:
        """The decision was answered: no time is shown any more (its timer finds nothing open)."""
        self._deadline = None

    def ms(self, v: int) -> int | None:
        """Milliseconds left on frame ``v``'s decision, or None when it has no countdown."""
        if self._deadline is None or self._deadline[0] != v:
            return None
        return max(0, int((self._deadline[1] - time.monotonic()) * 1000))

    async def _timer(self, v: int) -> None:
        await asyncio.sleep(self.seconds)
        await self._expire(v)
