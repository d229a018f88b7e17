"""A fast playout of a sampled Paohuzi world, for the hard tier's search.

The world is a determinization consistent with the searching seat's view. The playout reveals the
stock card by card: the compulsory ti and wei happen first; then a seat that wins with the card
(revealer first, then turn order) wins; then pao and peng (taken whenever held), then chi by the
revealer or the next seat when a chi-type group with two free cards fits. A claimer discards his
least connected free card, which others may pao, peng or chi in turn. Every seat plays the same
simple rule from its own holding; pao placements of the winning card and chou are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardavia.ai.paohuzi_agents import FOURS, holding_of
from cardavia.ai.paohuzi_eval import complete, winning_kinds
from cardavia.engine.game import Game
from cardavia.games.paohuzi.cards import DECK, KINDS, chi_groups_with, chi_huxi, identical_huxi

SEATS = 3
DRAW_VALUE = 0.0


@dataclass
class Seat:
    """One seat's holding in the playout."""

    free: list[int]
    kans: set[int]
    groups: int
    fours: int
    huxi: int
    identical: dict[int, str] = field(default_factory=dict)  # kind -> peng / wei / pao / ti
    dead: bool = False

    def needed(self) -> int:
        return 15 - self.huxi

    def wins_with(self, card: int) -> bool:
        if self.dead or self.groups < 0:
            return False
        return card in winning_kinds(tuple(self.free), self.groups, self.fours >= 1, self.needed())

    def complete_now(self) -> bool:
        if self.dead or sum(self.free) != 3 * self.groups - (1 if self.fours >= 1 else 0):
            return False
        return complete(tuple(self.free), self.fours >= 1, self.needed())

    def owes(self) -> bool:
        return sum(self.free) > 3 * self.groups - (1 if self.fours >= 1 else 0) - 1

    def upgrade(self, card: int, to: str) -> None:
        old = self.identical.get(card)
        if old is None:
            self.kans.discard(card)
            self.huxi += identical_huxi(to, card) - identical_huxi("kan", card)
        else:
            self.huxi += identical_huxi(to, card) - identical_huxi(old, card)
        self.identical[card] = to
        self.fours += 1

    def least_connected(self) -> int:
        """The free card with the fewest free neighbours (ties: the lowest)."""
        best, best_score = -1, 1 << 30
        for k in range(KINDS):
            if not self.free[k]:
                continue
            score = 2 * (self.free[k] - 1)
            for group in chi_groups_with(k):
                if all(self.free[c] >= group.count(c) - (1 if c == k else 0) for c in group if c != k):
                    score += 1
            if score < best_score:
                best, best_score = k, score
        return best

    def chi_group(self, card: int) -> tuple[int, ...] | None:
        """A chi-type group of ``card`` and two free cards (none when bi would be needed)."""
        if self.dead or self.free[card]:
            return None
        best: tuple[int, ...] | None = None
        for group in chi_groups_with(card):
            rest = list(group)
            rest.remove(card)
            need = {c: rest.count(c) for c in rest}
            fits = all(self.free[c] >= n for c, n in need.items())
            if fits and (best is None or chi_huxi(group) > chi_huxi(best)):
                best = group
        return best


def _seats(world: Game) -> list[Seat]:
    state = world.view(None)
    out = []
    for entry in state["seats"]:
        hand = DECK.counts(DECK.parse_list(entry["hand"]))
        melds = []
        identical: dict[int, str] = {}
        for text in entry["melds"]:
            words = text.split()
            cards = tuple(DECK.parse(" ".join(words[1:])))
            melds.append((words[0], cards))
            if words[0] != "chi":
                identical[cards[0]] = words[0]
        h = holding_of(hand, melds)
        fours = sum(1 for kind, _ in melds if kind in FOURS)
        dead = bool(entry.get("dead"))
        out.append(Seat(list(h.free), set(h.kans), h.groups, fours, h.huxi, identical, dead))
    return out


class Playout:
    """The state of one playout."""

    def __init__(self, world: Game) -> None:
        self.seats = _seats(world)
        self.stock: list[int] = list(world.stock[world.top:])  # type: ignore[attr-defined]

    def discard(self, who: int, card: int) -> int | None:
        """``who`` discards ``card``; others may claim. Returns the next revealer (None: dead end)."""
        s = self.seats[who]
        s.free[card] -= 1
        while True:
            claimer = self._identical_claim(card, owner=who, reveal=False)
            if claimer is None:
                nxt = (who + 1) % SEATS
                group = self.seats[nxt].chi_group(card)
                if group is None:
                    return nxt
                self._chi(nxt, card, group)
                claimer = nxt
            if not self.seats[claimer].owes():
                return (claimer + 1) % SEATS
            d = self.seats[claimer].least_connected()
            if d < 0:
                return (claimer + 1) % SEATS
            self.seats[claimer].free[d] -= 1
            who, card = claimer, d

    def _identical_claim(self, card: int, owner: int, reveal: bool) -> int | None:
        """Pao or peng of ``card`` by another seat (or the revealer's own peng upgrade); the claimer."""
        for i in range(SEATS):
            s = self.seats[i]
            if i == owner and not (reveal and s.identical.get(card) == "peng"):
                continue
            if card in s.kans or s.identical.get(card) in ("wei", "peng"):
                if s.identical.get(card) == "peng" and not reveal:
                    continue
                s.upgrade(card, "pao")
                return i
            if i != owner and not s.dead and s.free[card] == 2 and sum(s.free) > 2:
                s.free[card] = 0
                s.groups -= 1
                s.huxi += identical_huxi("peng", card)
                s.identical[card] = "peng"
                return i
        return None

    def _chi(self, who: int, card: int, group: tuple[int, ...]) -> None:
        s = self.seats[who]
        rest = list(group)
        rest.remove(card)
        for c in rest:
            s.free[c] -= 1
        s.groups -= 1
        s.huxi += chi_huxi(group)

    def reveal(self, who: int) -> tuple[int | None, int | None]:
        """Reveal the top card. Returns (winner, next revealer); both None when the stock is empty."""
        if not self.stock:
            return None, None
        card = self.stock.pop(0)
        s = self.seats[who]
        compulsory = None
        if card in s.kans or s.identical.get(card) == "wei":
            s.upgrade(card, "ti")
            compulsory = "ti"
        elif s.free[card] == 2:
            s.free[card] = 0
            s.groups -= 1
            s.huxi += identical_huxi("wei", card)
            s.identical[card] = "wei"
            compulsory = "wei"
        if compulsory is not None:
            if not s.owes():
                return None, (who + 1) % SEATS
            if s.complete_now():
                return who, None
            d = s.least_connected()
            if d < 0:
                s.dead = True
                return None, (who + 1) % SEATS
            return None, self.discard_after(who, d)
        for i in (who, (who + 1) % SEATS, (who + 2) % SEATS):
            if self.seats[i].wins_with(card):
                return i, None
        claimer = self._identical_claim(card, owner=who, reveal=True)
        if claimer is None:
            for i in (who, (who + 1) % SEATS):
                group = self.seats[i].chi_group(card)
                if group is not None:
                    self._chi(i, card, group)
                    claimer = i
                    break
        if claimer is None:
            return None, (who + 1) % SEATS
        c = self.seats[claimer]
        if not c.owes():
            return None, (claimer + 1) % SEATS
        d = c.least_connected()
        if d < 0:
            return None, (claimer + 1) % SEATS
        return None, self.discard_after(claimer, d)

    def discard_after(self, who: int, card: int) -> int:
        nxt = self.discard(who, card)
        return (who + 1) % SEATS if nxt is None else nxt

    def run(self, revealer: int) -> int | None:
        """Reveal until someone wins (his seat) or the stock runs out (None)."""
        who: int | None = revealer
        while who is not None:
            winner, who = self.reveal(who)
            if winner is not None:
                return winner
        return None


def playout(world: Game, seat: int, action: str) -> float:
    """Play ``action`` for ``seat`` in ``world`` and follow the simple model to the end.

    Returns 1 when ``seat`` wins, 0 when another seat does, ``DRAW_VALUE`` for an exhausted stock.
    """
    state = world.view(None)
    game = Playout(world)
    me = game.seats[seat]
    public = state.get("public")
    verb = action.split(" ", 1)[0]
    if verb == "discard":
        nxt = game.discard(seat, DECK.card(action.split()[1]))
        revealer = (seat + 1) % SEATS if nxt is None else nxt
    elif public is None:
        return DRAW_VALUE  # tianhu or a win decision: nothing to search
    else:
        card = DECK.card(public["card"])
        owner = int(public["owner"])
        reveal = public["window"] == "reveal"
        if reveal:
            for i in (owner, (owner + 1) % SEATS, (owner + 2) % SEATS):
                if i != seat and game.seats[i].wins_with(card):
                    return 0.0
        claimer: int | None = None
        if verb in ("peng", "pao"):
            if verb == "pao":
                me.upgrade(card, "pao")
            else:
                me.free[card] -= 2
                me.groups -= 1
                me.huxi += identical_huxi("peng", card)
                me.identical[card] = "peng"
            claimer = seat
        elif verb == "chi":
            groups = [tuple(DECK.parse(part)) for part in action.split(" ", 1)[1].split("/")]
            me.free[card] += 1
            for g in groups:
                for k in g:
                    me.free[k] -= 1
                me.groups -= 1
                me.huxi += chi_huxi(g)
            claimer = seat
        if claimer is None:
            revealer = (owner + 1) % SEATS
        elif me.owes() and me.least_connected() >= 0:
            revealer = game.discard_after(seat, me.least_connected())
        else:
            revealer = (seat + 1) % SEATS
    winner = game.run(revealer)
    if winner is None:
        return DRAW_VALUE
    return 1.0 if winner == seat else 0.0
