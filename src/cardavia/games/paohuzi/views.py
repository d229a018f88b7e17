"""Views of a Paohuzi deal (records-and-cli.md section 5), built by listing allowed fields.

The referee (``seat`` None) sees everything the replay document has. A seat sees its own hand,
every public thing, other hands as counts, never the stock order, never another seat's options or
hidden answers: in a claim window, a tianhu offer or a win decision it learns only whether it is
asked itself. After the deal every hand and every initial ti is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.engine.game import PublicCard, SeatView, View
from cardavia.games.paohuzi.cards import CODES, DECK, KINDS, SEATS

if TYPE_CHECKING:
    from cardavia.games.paohuzi.game import PaohuziGame

def _status(game: PaohuziGame) -> str:
    if game.result is None:
        return "ongoing"
    return "draw" if game.result["winner"] is None else "win"


def _seat_doc(game: PaohuziGame, s: int, seat: int | None, over: bool) -> SeatView:
    sees_all = seat is None or seat == s or over
    hand: list[str] | int = DECK.format_list(DECK.expand(game.hands[s])) if sees_all else sum(game.hands[s])
    melds = [m.text() if sees_all or not m.hidden else m.kind for m in game.melds[s]]
    shown = game.shown if s == game.dealer and game.shown >= 0 else None
    chou = game.chou[s] if sees_all else game.chou_shown[s]  # a refused chi or peng stays hidden
    return {
        "hand": hand,
        "melds": melds,
        "discards": [CODES[c] for c in game.discards[s]],
        "chou": [CODES[k] for k in range(KINDS) if chou >> k & 1],
        "shown": None if shown is None else CODES[shown],
        "dead": game.dead[s],
    }


def build_view(game: PaohuziGame, seat: int | None) -> View:
    """The replay document of ``game`` as ``seat`` may see it."""
    over = game.result is not None
    decision = game.decision()
    to_act: list[int] = []
    if decision is not None:
        if seat is None or game.awaits_discard:
            to_act = list(decision.seats)
        elif seat in decision.seats:
            to_act = [seat]
    legal = {str(s): game.legal_actions(s) for s in to_act if seat is None or s == seat}
    public = game.public
    public_doc: PublicCard | None = None
    if public is not None:
        public_doc = {"card": CODES[public[0]], "owner": public[1], "window": public[2]}
    return {
        "game": "paohuzi",
        "dealer": game.dealer,
        "status": _status(game),
        "to_act": to_act,
        "public": public_doc,
        "legal": legal,
        "seats": [_seat_doc(game, s, seat, over) for s in range(SEATS)],
        "stock": game.stock_count(),
        "result": game.outcome(),
    }
