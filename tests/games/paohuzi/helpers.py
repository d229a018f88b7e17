"""Building Paohuzi positions for tests, in the notation of the rules' conformance cases."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardavia.engine.game import Event
from cardavia.games.paohuzi import SPEC, PaohuziSpec
from cardavia.games.paohuzi.cards import DECK
from cardavia.games.paohuzi.game import PaohuziGame

Y, C1, C2 = 0, 1, 2

# Filler melds (0-huxi sequences), used to bring a short test hand to T = 20.
_FILLERS = [
    f"chi {a} {b} {c}"
    for size in ("s", "b")
    for n in (4, 5, 6, 7, 8, 3)
    for a, b, c in [(f"{size}{n}", f"{size}{n + 1}", f"{size}{n + 2}")]
]


def seat(hand: str, *melds: str) -> dict[str, Any]:
    """One seat: ``hand`` codes and meld texts."""
    return {"hand": hand.split(), "melds": list(melds)}


def position(
    seats: list[dict[str, Any]],
    stock: str = "",
    next_: tuple[int, str] | None = None,
    dealer: int = 0,
    chou: list[str] | None = None,
    pad: tuple[int, ...] = (),
    spec: PaohuziSpec = SPEC,
) -> PaohuziGame:
    """Build a position; seats listed in ``pad`` get filler chi melds up to T = 20."""
    hands = [list(s["hand"]) for s in seats]
    melds = [list(s["melds"]) for s in seats]
    used = DECK.counts(DECK.parse(" ".join(" ".join(h) for h in hands) + " " + stock))
    for ms in melds:
        for m in ms:
            for c in DECK.parse(" ".join(m.split()[1:])):
                used[c] += 1
    for s in pad:
        total = len(hands[s]) + sum(len(m.split()) - 1 for m in melds[s])
        for filler in _FILLERS:
            if total >= 20:
                break
            cards = DECK.parse(" ".join(filler.split()[1:]))
            if all(used[c] < 4 for c in cards):
                for c in cards:
                    used[c] += 1
                melds[s].append(filler)
                total += 3
        assert total == 20, f"cannot pad seat {s}"
    record: dict[str, Any] = {
        "game": "paohuzi",
        "dealer": dealer,
        "hands": hands,
        "melds": melds,
        "stock": stock.split(),
        "actions": [],
    }
    if next_ is not None:
        record["next"] = {"seat": next_[0], "step": next_[1]}
    if chou is not None:
        record["chou"] = [c.split() for c in chou]
    return spec.from_position(record)


def legal(game: PaohuziGame) -> dict[int, list[str]]:
    """Every asked seat's legal actions."""
    decision = game.decision()
    return {} if decision is None else {s: game.legal_actions(s) for s in decision.seats}


def kinds(events: Sequence[Event]) -> list[str]:
    """The event kinds, in order."""
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Event:
    """The first event of ``kind``."""
    return next(e for e in events if e.kind == kind)


def view_seat(game: PaohuziGame, s: int) -> dict[str, Any]:
    """The referee's document of seat ``s``."""
    doc: dict[str, Any] = dict(game.view(None)["seats"][s])
    return doc
