"""Determinization: the cards one seat cannot see, dealt again (for AI search).

Hidden from a seat: the other hands, the stock order, and in a claim window the other seats'
options and answers. Any deal of those cards into hands of the same sizes keeps the rules, so
``sample`` never fails; ``place`` puts a deal into a copy of the game (the package's own helpers
of ``SisepaiGame`` keep its hand tables in step). ``view(seat)`` stays the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.engine.claims import ClaimWindow
from cardavia.engine.rng import Rng
from cardavia.games.sisepai.cards import DECK, SEATS
from cardavia.games.sisepai.rules import W1

if TYPE_CHECKING:
    from cardavia.games.sisepai.game import SisepaiGame

PASS = "pass"


def sample(game: SisepaiGame, seat: int, rng: Rng) -> list[int]:
    """Every card ``seat`` cannot see (the other hands and the stock), in a random order."""
    pool: list[int] = list(game.secret_stock())
    for other in range(SEATS):
        if other != seat:
            pool += DECK.expand(game.hands[other])
    pool.sort()  # the sample must depend on view(seat) and rng only, not on the hidden order
    rng.shuffle(pool)
    return pool


def place(world: SisepaiGame, dealt: list[int], seat: int) -> None:
    """Deal ``dealt`` into the other hands (sizes kept) and the stock of ``world`` (a copy of the
    game seen by ``seat``). In an open window every other eligible seat is asked afresh from its
    new hand (with ``pass`` always available), so the structure of the window reveals nothing
    about the real hands; ``seat``'s own answer is kept."""
    at = 0
    for other in range(SEATS):
        if other != seat:
            size = world._sizes[other]
            world._set_hand(other, DECK.counts(dealt[at:at + size]))
            at += size
    world.stock = tuple(dealt[at:])
    world.top = 0
    old = world.window
    public = world.public
    if old is None or public is None:
        return
    card, owner, kind = public
    options: dict[int, tuple[str, ...]] = {}
    answers: dict[int, str] = {}
    for other in range(SEATS):  # ascending, as ``decision`` expects
        distance = (other - owner) % SEATS
        if other == seat:
            if seat in old.options:
                options[seat] = old.options[seat]
                if seat in old.answers:
                    answers[seat] = old.answers[seat]
        elif distance or (kind == W1 and not world.forced):
            options[other] = world._options(other, card, distance) or (PASS,)
    world.window = ClaimWindow(old.window, options, answers)
