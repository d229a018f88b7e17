"""The seats computers play at one table: who is asked, what they answered, what waits.

Each seat the game waits for and a computer plays (``SeatControl``) is asked once per engine
window, off the loop, seeded by the deal, the seat and the window, so a resumed table chooses
exactly as it would have. An answer given while a person is asked in the same window is held,
unplayed and unseen, until they have answered (the actor then plays them all in one step).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from cardavia.engine.game import Game
from cardavia.engine.rng import Rng
from cardavia.web.live.computers import AiRunner
from cardavia.web.live.seats import SeatControl


class ComputerSeats:
    """``ai`` chooses for ``tier`` from the deal's ``root`` seed; ``spawn`` starts a task the table
    owns; ``deliver(window, seat, action)`` hands an answer back to the table's inbox."""

    def __init__(
        self,
        ai: AiRunner,
        root: int,
        tier: str,
        spawn: Callable[[Coroutine[Any, Any, None], str], None],
        deliver: Callable[[int, int, str], Awaitable[None]],
    ) -> None:
        self.ai = ai
        self.tier = tier
        self._root = root
        self._spawn = spawn
        self._deliver = deliver
        self._thinking: set[tuple[int, int]] = set()  # (engine window, seat)
        self._held: dict[int, str] = {}

    @property
    def thinking(self) -> bool:
        """True while a computer is choosing."""
        return bool(self._thinking)

    @property
    def holding(self) -> bool:
        """True when an answer waits for a person's."""
        return bool(self._held)

    def ask(self, game: Game, seats: SeatControl) -> None:
        """Ask every seat a computer plays that ``game`` waits for (once per engine window).
        ``game`` is the table's, which is never changed in place (the table moves on to a new one)."""
        decision = game.decision()
        if decision is None:
            return
        window = decision.window
        for seat in decision.seats:
            if seats.person_plays(seat) or (window, seat) in self._thinking or seat in self._held:
                continue
            if not game.legal_actions(seat):
                continue
            self._thinking.add((window, seat))
            self._spawn(self._think(window, seat, game), "think")

    def answered(self, window: int, seat: int) -> None:
        """``seat``'s answer in ``window`` has come back to the table."""
        self._thinking.discard((window, seat))

    def hold(self, seat: int, action: str) -> None:
        """Keep ``seat``'s answer until the person asked in the same window has answered."""
        self._held[seat] = action

    @property
    def held(self) -> frozenset[int]:
        """The seats whose answers wait for a person's."""
        return frozenset(self._held)

    def drop_held(self, seat: int) -> None:
        """Forget ``seat``'s held answer (its person answers the window themselves)."""
        self._held.pop(seat, None)

    def take_held(self) -> dict[int, str]:
        """The answers held so far, by seat (none are held afterwards)."""
        held, self._held = self._held, {}
        return held

    async def _think(self, window: int, seat: int, game: Game) -> None:
        seed = Rng(self._root).fork(seat, window).next64()
        action = await self.ai.choose(game, seat, self.tier, seed)
        await self._deliver(window, seat, action)
