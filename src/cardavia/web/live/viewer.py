"""What one person at a table is shown and may do: their seat's frames and the pace they are
released at, their sockets and log, the decision open to them and its countdown.

Each person's frames are cut from what their own seat sees (``frames.FrameBuilder``) and paced on
their own (``pacer.Pacer``), so nothing one person receives depends on another's hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.web.live.clock import Countdown
from cardavia.web.live.frames import Frame, FrameBuilder
from cardavia.web.live.pacer import Pacer
from cardavia.web.live.publisher import Publisher


@dataclass(eq=False)
class Viewer:
    """The person at ``seat``: ``last`` is the frame last released to them; ``decision`` the
    released frame whose decision they may answer now (None when nothing is open to them)."""

    seat: int
    builder: FrameBuilder
    pacer: Pacer
    publisher: Publisher
    clock: Countdown
    last: Frame
    decision: Frame | None = None

    def countdown_ms(self) -> int | None:
        """Milliseconds left to answer the open claim decision, or None."""
        return None if self.decision is None else self.clock.ms(self.decision.v)
