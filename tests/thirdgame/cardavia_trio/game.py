"""One deal of Trio on the kernel's ``BaseGame`` (the rules are in the package's docstring)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardavia.engine.base import BaseGame
from cardavia.engine.claims import PASS, ClaimWindow, resolve
from cardavia.engine.errors import IllegalAction, NotationError
from cardavia.engine.game import JSON, GameSpec, SeatView, View
from cardavia.engine.reasons import Reason
from cardavia.engine.rng import Rng
from cardavia_trio.cards import DECK, SEATS, complete

WINDOW = "discard"


class TrioGame(BaseGame):
    """A deal of Trio: ``hands`` card counts by seat, ``melds`` exposed triples, ``discards`` dead
    cards, ``stock`` still to draw (front first), ``public`` the discard open to claims (card,
    owner), ``must_discard`` after a take."""

    __slots__ = ("dealer", "discards", "hands", "melds", "must_discard", "public", "stock")
    SEATS = SEATS
    FIELDS: ClassVar[Mapping[str, str]] = {
        "dealer": "share",
        "hands": "rows",
        "melds": "rows",
        "discards": "rows",
        "stock": "list",
        "public": "share",
        "must_discard": "share",
    }

    def __init__(self, spec: GameSpec, start: JSON, events: bool) -> None:
        super().__init__(spec, start, events)
        self.dealer: int = start["dealer"]
        self.hands = [DECK.counts(DECK.parse_list(h)) for h in start["hands"]]
        self.melds: list[list[tuple[int, ...]]] = [[] for _ in range(SEATS)]
        self.discards: list[list[int]] = [[] for _ in range(SEATS)]
        self.stock = [DECK.card(code) for code in start["stock"]]  # in order: drawn from the front
        self.public: tuple[int, int] | None = None
        self.must_discard = False
        self._emit("trio.deal", {"dealer": self.dealer, "stock": len(self.stock)})
        self._turn(self.dealer)
        self._opened()

    # -- the rules ------------------------------------------------------------------------------

    def _turn(self, seat: int) -> None:
        """``seat`` draws the front card of the stock, or the deal ends when there is none."""
        self.actor = seat
        if not self.stock:
            self.result = {"winner": None}
            self._emit("trio.end", {"status": "draw", "winner": None})
            return
        card = self.stock.pop(0)
        self.hands[seat][card] += 1
        self._emit("trio.draw", {"seat": seat, "card": DECK.codes[card], "stock": len(self.stock)}, {seat})
        others = [s for s in range(SEATS) if s != seat]
        self._emit("trio.draw", {"seat": seat, "stock": len(self.stock)}, others)
        self.decision_id += 1

    def _legal(self, seat: int) -> Sequence[str]:
        if seat != self.actor:
            return ()
        hand = self.hands[seat]
        options = [f"discard {DECK.codes[k]}" for k, n in enumerate(hand) if n]
        if not self.must_discard and complete(hand):
            options.append("win")
        return tuple(options)

    def _options(self, seat: int, card: int) -> tuple[str, ...]:
        """What ``seat`` may answer on the discard ``card``: pass, take, win."""
        hand = self.hands[seat]
        code = DECK.codes[card]
        options = [PASS]
        if hand[card] >= 2:
            options.append(f"take {code} {code} {code}")
        hand[card] += 1
        if complete(hand):
            options.append("win")
        hand[card] -= 1
        return tuple(sorted(options))

    def _play(self, seat: int, action: str) -> str:
        text = " ".join(action.split())
        if self.window is not None:
            self.window.answer(seat, text)  # raises, changing nothing, when it is not an option
            self._emit("trio.answer", {"seat": seat, "action": text}, {seat})
            if self.window.complete:
                self._resolve()
            return text
        if text not in self._legal(seat):
            verb = text.split(" ", 1)[0]
            if verb not in ("discard", "win", "take", PASS):
                raise NotationError(f"unknown action {action!r}")
            raise IllegalAction(f"{text!r} is not legal for seat {seat} now")
        if text == "win":
            self._win(seat, None)
            return text
        card = DECK.card(text.split(" ", 1)[1])
        self.hands[seat][card] -= 1
        self.must_discard = False
        self._emit("trio.discard", {"seat": seat, "card": DECK.codes[card]})
        self._open(seat, card)
        return text

    def _open(self, owner: int, card: int) -> None:
        """A claim window on ``owner``'s discard, for the seats that can claim it."""
        options = {}
        for seat in range(SEATS):
            if seat != owner:
                mine = self._options(seat, card)
                if mine != (PASS,):
                    options[seat] = mine
        self._emit("trio.window", {"card": DECK.codes[card], "owner": owner, "window": WINDOW})
        self.public = (card, owner)
        self.decision_id += 1
        if options:
            self.window = ClaimWindow(self.decision_id, options)
        else:
            self._resolve()

    def _resolve(self) -> None:
        assert self.public is not None
        card, owner = self.public
        answers = {} if self.window is None else self.window.answers
        self.window = None

        def priority(seat: int, action: str) -> tuple[int, ...] | None:
            if action == PASS:
                return None
            return (0 if action == "win" else 1, (seat - owner) % SEATS)

        won = resolve(answers, priority)
        self._emit(
            "trio.resolve",
            {"card": DECK.codes[card], "window": WINDOW, "seat": None if won is None else won[0]},
        )
        if won is None:
            self.public = None
            self.discards[owner].append(card)
            self._emit("trio.dead", {"seat": owner, "card": DECK.codes[card]})
            self._turn((owner + 1) % SEATS)
            return
        seat, action = won
        if action == "win":
            self.hands[seat][card] += 1
            self._win(seat, card)
            return
        self.public = None
        self.hands[seat][card] -= 2
        self.melds[seat].append((card, card, card))
        code = DECK.codes[card]
        self._emit("trio.take", {"seat": seat, "card": code, "group": [code] * 3})
        self.actor = seat
        self.must_discard = True
        self.decision_id += 1

    def _win(self, seat: int, card: int | None) -> None:
        """``seat`` wins on ``card`` (a discard; None: the card he drew)."""
        self.public = None
        score = 1 + len(self.melds[seat]) + (1 if card is None else 0)
        groups = [DECK.format(m) for m in self.melds[seat]]
        self.result = {"winner": seat, "card": None if card is None else DECK.codes[card], "score": score,
                       "groups": groups}  # fmt: skip
        self._emit(
            "trio.win", {"seat": seat, "card": None if card is None else DECK.codes[card], "score": score}
        )
        self._emit("trio.end", {"status": "won", "winner": seat})

    # -- what a seat sees, and why not --------------------------------------------------------

    @property
    def status(self) -> str:
        """``ongoing``, ``won`` or ``draw``."""
        if self.result is None:
            return "ongoing"
        return "draw" if self.result.get("winner") is None else "won"

    def explain(self, seat: int, action: str) -> Reason | None:
        """Why ``seat`` may not play ``action`` now (``None`` when it may)."""
        if action in self.legal_actions(seat):
            return None
        if self.result is not None:
            return Reason("deal_over")
        decision = self.decision()
        if decision is None or seat not in decision.seats:
            return Reason("not_asked")
        verb, _, rest = action.partition(" ")
        if verb == "discard" and self.window is None:
            return Reason("not_in_hand", {"card": rest})
        if verb == "win":
            return Reason("not_complete")
        return Reason("wrong_step")

    def view(self, seat: int | None) -> View:
        everything = seat is None or self.result is not None
        decision = self.decision()
        if decision is None:
            to_act: list[int] = []
        elif self.window is None or everything:
            to_act = list(decision.seats)  # whose turn it is is public
        else:
            to_act = [seat] if seat in decision.seats else []
        shown = to_act if everything else [s for s in to_act if s == seat]
        seats = []
        for s in range(SEATS):
            entry: SeatView = {}
            if everything or s == seat:
                entry["hand"] = DECK.format_list(DECK.expand(self.hands[s]))
            entry["hand_count"] = sum(self.hands[s])
            entry["melds"] = [DECK.format(m) for m in self.melds[s]]
            entry["discards"] = [DECK.codes[k] for k in self.discards[s]]
            entry["chou"] = []
            seats.append(entry)
        public = self.public
        doc: View = {
            "game": "trio",
            "status": self.status,
            "to_act": to_act,
            "public": None
            if public is None
            else {"card": DECK.codes[public[0]], "owner": public[1], "window": WINDOW},
            "legal": {str(s): self.legal_actions(s) for s in shown},
            "seats": seats,
            "stock": len(self.stock),
            "result": self.outcome(),
            "dealer": self.dealer,
            "viewer": seat,
        }
        if seat is None and self.window is not None:
            doc["answers"] = {str(s): self.window.answers[s] for s in sorted(self.window.answers)}
        return doc

    # -- determinize ----------------------------------------------------------------------------

    def _sample_hidden(self, seat: int, rng: Rng) -> Any:
        hidden = [k for s in range(SEATS) if s != seat for k in DECK.expand(self.hands[s])] + self.stock
        rng.shuffle(hidden)
        return hidden

    def _place_hidden(self, dealt: Any, seat: int) -> None:
        cards = list(dealt)
        for s in range(SEATS):
            if s != seat:
                size = sum(self.hands[s])
                self.hands[s] = DECK.counts(cards[:size])
                cards = cards[size:]
        self.stock = cards
        window, public = self.window, self.public
        if window is not None and public is not None:  # the others' options follow their new hands
            options = {s: self._options(s, public[0]) for s in range(SEATS) if s != public[1]}
            options = {
                s: o for s, o in options.items() if o != (PASS,) or (s == seat and s in window.options)
            }
            answers = {s: a for s, a in window.answers.items() if a in options.get(s, ())}
            self.window = ClaimWindow(window.window, options, answers)


def new_start(seed: int, dealer: int | None) -> JSON:
    """The starting position of the seeded deal, card by card."""
    rng = Rng(seed)
    cards = DECK.full_deck()
    rng.shuffle(cards)
    first = rng.below(SEATS) if dealer is None else dealer
    hands = [DECK.format_list(cards[i * 4 : (i + 1) * 4]) for i in range(SEATS)]
    return {
        "game": "trio",
        "seed": seed,
        "dealer": first,
        "hands": hands,
        "stock": [DECK.codes[c] for c in cards[12:]],
    }


def read_start(record: Mapping[str, Any]) -> JSON:
    """The starting position of a record: its ``seed``, or its ``hands`` and ``stock``."""
    from cardavia.engine.errors import RecordError

    if "hands" not in record:
        return new_start(int(record["seed"]), record["dealer"])
    hands, stock = record["hands"], record.get("stock")
    if not isinstance(hands, list) or len(hands) != SEATS or not isinstance(stock, list):
        raise RecordError(f"'hands' must be {SEATS} lists of cards and 'stock' a list of cards")
    if not all(isinstance(c, str) for c in stock):
        raise RecordError("'stock' must be a list of card codes")
    counts = DECK.counts([*(DECK.card(c) for c in stock), *(k for h in hands for k in DECK.parse_list(h))])
    DECK.check_copies(counts)
    if sum(counts) != sum(DECK.copies) or any(len(h) != 4 for h in hands):
        raise RecordError("a Trio position deals the whole deck: 4 cards a seat, the rest in the stock")
    start = {
        "game": "trio",
        "dealer": record["dealer"],
        "hands": [list(h) for h in hands],
        "stock": list(stock),
    }
    if "seed" in record:
        start["seed"] = record["seed"]
    return start
