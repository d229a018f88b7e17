"""A tiny game on the kernel's Game protocol, for testing the arena without the real engines.

Three seats, cards n0..n5 three times each. Each seat holds 2 cards; on his turn a seat draws the top
stock card into his hand and then either wins (three equal cards or a run n, n+1, n+2, score = the
sum of the numbers) or discards one card. An empty stock when a draw is due ends the deal as a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.engine.cards import Deck
from cardavia.engine.errors import IllegalAction
from cardavia.engine.game import Decision, Event
from cardavia.engine.rng import Rng

DECK = Deck([f"n{i}" for i in range(6)], [3] * 6)


class ToyGame:
    def __init__(self, hands: list[list[int]], stock: list[int], turn: int) -> None:
        self.hands = hands
        self.stock = stock
        self.turn = turn
        self.window = 1
        self.winner: int | None = None
        self.score = 0
        self.over = False
        self.log: list[str] = []
        self._draw()

    @property
    def spec(self) -> ToySpec:
        return SPEC

    def _draw(self) -> None:
        if not self.stock:
            self.over = True
            return
        self.hands[self.turn].append(self.stock.pop(0))
        self.window += 1

    def _wins(self, hand: list[int]) -> bool:
        a, b, c = sorted(hand)
        return a == b == c or (b == a + 1 and c == b + 1)

    def decision(self) -> Decision | None:
        return None if self.over else Decision((self.turn,), self.window)

    def legal_actions(self, seat: int) -> list[str]:
        if self.over or seat != self.turn:
            return []
        hand = self.hands[seat]
        options = {f"discard {DECK.codes[c]}" for c in hand}
        if self._wins(hand):
            options.add("win")
        return sorted(options)

    def apply(self, seat: int, action: str) -> list[Event]:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action!r} is not legal for seat {seat}")
        self.log.append(f"S{seat} {action}")
        if action == "win":
            self.winner, self.score, self.over = seat, sum(self.hands[seat]), True
            return [Event("toy.win", {"seat": seat})]
        self.hands[seat].remove(DECK.card(action.split()[1]))
        self.turn = (self.turn + 1) % 3
        self._draw()
        return [Event("toy.discard", {"seat": seat})]

    def actions(self) -> list[str]:
        return list(self.log)

    def view(self, seat: int | None) -> dict[str, Any]:
        seats = [
            {"hand": DECK.format_list(h)} if seat in (None, s) else {"hand": len(h)}
            for s, h in enumerate(self.hands)
        ]
        return {"game": "toy", "seats": seats, "stock": len(self.stock)}

    def outcome(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        if self.winner is None:
            return {"winner": None}
        return {"winner": self.winner, "score": self.score}

    def record(self) -> dict[str, Any]:
        return {"game": "toy", "actions": self.actions()}

    def determinize(self, seat: int, rng: Rng) -> ToyGame:
        raise NotImplementedError

    def clone(self) -> ToyGame:
        game = ToyGame.__new__(ToyGame)
        game.hands = [list(h) for h in self.hands]
        game.stock = list(self.stock)
        game.turn, game.window, game.winner = self.turn, self.window, self.winner
        game.score, game.over, game.log = self.score, self.over, list(self.log)
        return game


class ToySpec:
    name = "toy"
    seats = 3
    deck = DECK

    def new_game(self, seed: int, dealer: int | None = None) -> ToyGame:
        cards = DECK.full_deck()
        rng = Rng(seed)
        rng.shuffle(cards)
        return ToyGame([cards[0:2], cards[2:4], cards[4:6]], cards[6:], rng.below(3))

    def from_position(self, record: Mapping[str, Any]) -> ToyGame:
        raise NotImplementedError

    def analyze(self, query: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def bench_probes(self, game: Any) -> list[Any]:
        return []

    def complete_check(self, probe: Any) -> object:
        return None


SPEC = ToySpec()


class WinnerAgent:
    """Wins whenever it can, otherwise discards the card farthest from its others (a toy 'good' player)."""

    name = "toywinner"

    def act(self, obs: Any, rng: Rng, deadline: float | None = None) -> str:
        if "win" in obs.legal:
            return "win"
        hand = [DECK.card(c) for c in obs.view["seats"][obs.seat]["hand"]]

        def isolation(action: str) -> tuple[int, int]:
            card = DECK.card(action.split()[1])
            others = list(hand)
            others.remove(card)
            return (min(abs(card - o) for o in others), rng.below(1000))

        return str(max(obs.legal, key=isolation))


def toy_factory(game: str, tier: str) -> Any:
    """Agent factory for arena tests: ``toywinner``, ``toyloser`` or a random-legal player."""
    from cardavia.ai.agent import RandomAgent

    if tier == "toywinner":
        return WinnerAgent()
    if tier == "toyloser":
        return LoserAgent()
    return RandomAgent(tier)


class LoserAgent:
    """Never wins: always discards its lowest card."""

    name = "toyloser"

    def act(self, obs: Any, rng: Rng, deadline: float | None = None) -> str:
        return str(next(a for a in obs.legal if a != "win"))
