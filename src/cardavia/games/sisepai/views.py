"""Per-seat views: the replay document of records-and-cli.md section 5, built by listing allowed fields.

A seat sees its own concealed cards and options, every public fact (melds, dead cards, the public
card, counts, who must discard), and nothing else: not other hands, not the stock order, not
whether other seats are asked in a claim window nor what they answered, and not another seat's
legal discards (they would spell out its hand). When the deal is over, every hand is shown.
The referee view (``seat`` None) adds ``answers``: the hidden answers given so far in the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.engine.game import SeatView, View
from cardavia.games.sisepai.cards import DECK, SEATS

if TYPE_CHECKING:
    from cardavia.games.sisepai.game import SisepaiGame


def build_view(game: SisepaiGame, seat: int | None) -> View:
    """The document ``seat`` may see (``None``: the all-knowing referee)."""
    everything = seat is None or game.result is not None
    decision = game.decision()
    public = game.public
    if decision is None:
        to_act: list[int] = []
    elif everything or public is None:
        to_act = list(decision.seats)  # who must discard is public knowledge
    else:
        to_act = [seat] if seat in decision.seats else []
    shown_legal = to_act if everything else [s for s in to_act if s == seat]
    seats = []
    for s in range(SEATS):
        entry: SeatView = {}
        if everything or s == seat:
            entry["hand"] = DECK.format_list(DECK.expand(game.hands[s]))
        entry["hand_count"] = sum(game.hands[s])
        entry["melds"] = [DECK.format(g) for g in game.melds[s]]
        entry["discards"] = [DECK.codes[k] for k in game.discards[s]]
        entry["chou"] = []
        seats.append(entry)
    doc: View = {
        "game": "sisepai",
        "status": game.status,
        "to_act": to_act,
        "public": None if public is None
        else {"card": DECK.codes[public[0]], "owner": public[1], "window": public[2]},
        "legal": {str(s): game.legal_actions(s) for s in shown_legal},
        "seats": seats,
        "stock": game.stock_count(),
        "result": game.outcome(),
        "dealer": game.dealer,
        "viewer": seat,
    }
    window = game.window
    if seat is None and window is not None:
        doc["answers"] = {str(s): window.answers[s] for s in sorted(window.answers)}
    return doc
