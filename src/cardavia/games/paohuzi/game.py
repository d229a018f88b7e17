"""The Paohuzi deal as a state machine (rules section 5).

``PaohuziGame`` implements the kernel's ``Game`` protocol. Automatic steps (initial ti, reveals,
compulsory wei/ti, windows nobody can use, cards dying, chou, the dead hand, the end) run inside
``apply`` and are reported as events; only real choices are actions. Seats: 0 = Y, 1 = C1, 2 = C2.

Events (``Event.kind``: params; every seat sees them unless an audience is named). Every card open
to claims gets the same public events whether or not anybody may claim it:

* ``paohuzi.deal``: dealer, shown, stock;  ``paohuzi.initial_ti``: seat (and card, for that seat);
* ``paohuzi.draw``: seat, card, stock — a stock card revealed;
* ``paohuzi.wei`` / ``paohuzi.ti``: seat, card (ti also ``from``: kan or wei) — compulsory melds;
* ``paohuzi.window``: card, owner, window (reveal or discard) — the card is open to claims;
* ``paohuzi.why_not``: seat, card, reason and its params — audience: that seat only: it holds
  related cards (a winning hand, a pair, a chi) but is not asked, and this is why;
* ``paohuzi.answer``: seat, action — audience: that seat only;
* ``paohuzi.resolve``: card, window, seat, action (the claim that won, or None) — the window is over;
* ``paohuzi.outranked``: seat, card, by, rule — audience: that seat only: its claim lost to seat
  ``by``'s by ``rule`` (``win``, ``pao_peng``, ``nearer``);
* ``paohuzi.chi`` (groups), ``paohuzi.peng``, ``paohuzi.pao`` (``from``): seat, card — claims;
* ``paohuzi.discard``: seat, card;  ``paohuzi.dead``: seat, card — nobody took the card;
* ``paohuzi.chou``: seat, card — public when it follows the seat's own discard or unclaimed
  reveal; audience: that seat only when it follows a refused chi or peng (the refusal is hidden);
* ``paohuzi.dead_hand``: seat;  ``paohuzi.tianhu``: seat, huxi;  ``paohuzi.win``: seat, card,
  huxi, tun;  ``paohuzi.end``: status (win or draw), winner, payments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from cardavia.engine.base import BaseGame
from cardavia.engine.claims import PASS, ClaimWindow, resolve
from cardavia.engine.errors import IllegalAction, NotationError, RecordError
from cardavia.engine.game import Outcome, View
from cardavia.engine.notation import read_action, write_action
from cardavia.engine.reasons import Reason
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import CODES, DECK, KINDS, SEATS, identical_huxi, tun
from cardavia.games.paohuzi.determinize import Dealt, place, sample, solve
from cardavia.games.paohuzi.explain import explain, outranked, why_not
from cardavia.games.paohuzi.huxi import NO_SPLIT, pack
from cardavia.games.paohuzi.melds import (
    Base,
    Meld,
    MeldPart,
    base_from,
    free_of,
    hand_owed,
    huxi_bound,
    identical,
    meld_part,
    scored_groups,
    win_huxi,
)
from cardavia.games.paohuzi.position import Position
from cardavia.games.paohuzi.rules import MIN_HUXI, PAO, Plan, Rules, chi_options
from cardavia.games.paohuzi.views import build_view

if TYPE_CHECKING:
    from cardavia.games.paohuzi.spec import PaohuziSpec




class Phase(StrEnum):
    """What the deal waits for: the ``actor``'s answer to a ``tianhu`` offer, its ``discard`` or
    its ``win`` decision after a compulsory meld, answers in a claim ``window``, or nothing
    (``over``)."""

    TIANHU = "tianhu"
    DISCARD = "discard"
    WINDOW = "window"
    WIN = "win"
    OVER = "over"


# The phases as module names: Python 3.11 reads a member from its Enum class several times slower.
_TIANHU, _DISCARD, _WINDOW, _WIN, _OVER = Phase.TIANHU, Phase.DISCARD, Phase.WINDOW, Phase.WIN, Phase.OVER
REVEAL, DISCARDED = "reveal", "discard"  # the kinds of claim window: on a revealed or a discarded card

DISCARD_TEXT = tuple(f"discard {code}" for code in CODES)
_DISCARD_ORDER = sorted(range(KINDS), key=lambda k: DISCARD_TEXT[k])  # kinds in text order
_DISCARD_KIND = {text: k for k, text in enumerate(DISCARD_TEXT)}
_LOW = sum(1 << (2 * k) for k in range(KINDS))
_HALF = KINDS // 2  # kinds in a series
_DISCARDS: tuple[dict[int, tuple[str, ...]], ...] = ({}, {})  # by series: at most 1024 entries each


def _discards(series: int, present: int) -> tuple[str, ...]:
    """The discards of the kinds of a series (0: small, 1: big) held as ``present`` (bit 2j for
    its j-th kind), in text order."""
    texts = _DISCARDS[series].get(present)
    if texts is None:
        first = series * _HALF
        held = [k for k in _DISCARD_ORDER if first <= k < first + _HALF and present >> 2 * (k - first) & 1]
        texts = _DISCARDS[series][present] = tuple(DISCARD_TEXT[k] for k in held)
    return texts


_SIMPLE_VERBS = frozenset({"pass", "win", "tianhu", "peng", "pao"})


_OTHERS = tuple(tuple(s for s in range(SEATS) if s != owner) for owner in range(SEATS))
_NO_CHI: Mapping[str, Plan] = {}
_PAO_OPTION, _PENG_OPTION, _WIN_OPTION = ((), ("pao",)), ((), ("peng",)), ((), ("win",))


def nxt(seat: int) -> int:
    """The seat after ``seat`` in turn order."""
    return (seat + 1) % SEATS


def _level(action: str) -> int:
    if action == "win":
        return 3
    if action in ("pao", "peng"):
        return 2
    return 1


class PaohuziGame(BaseGame):
    """One deal of Paohuzi. Build it with ``PaohuziSpec.new_game`` or ``from_position``.

    ``phase`` is what the deal waits for (``Phase``) and ``actor`` who, outside a claim window;
    ``card``, ``owner`` and ``kind`` are the public card of a window (or the revealed card of a win
    decision). ``stock[top]`` is the next card to reveal. ``chou`` holds every seat's chou kinds
    (bitmasks), ``chou_shown`` the part that follows from public events.
    """

    SEATS = SEATS
    FIELDS: ClassVar[Mapping[str, str]] = {
        "rules": "share",
        "dealer": "share",
        "hands": "rows",
        "melds": "rows",
        "discards": "rows",
        "chou": "list",
        "chou_shown": "list",
        "dead": "list",
        "stock": "share",
        "top": "share",
        "shown": "share",
        "phase": "share",
        "queue": "share",
        "card": "share",
        "owner": "share",
        "kind": "share",
        "plans": "dict",
        "_bases": "list",
        "_parts": "list",
        "_packs": "list",
    }
    __slots__ = tuple(FIELDS)
    spec: PaohuziSpec

    def __init__(self, spec: PaohuziSpec, position: Position, events: bool = True) -> None:
        """Set up ``position`` and play its automatic steps up to the first decision."""
        super().__init__(spec, position.record, events)
        self.rules: Rules = spec.rules
        self.dealer = position.dealer
        self.hands = [list(h) for h in position.hands]
        self.melds = [list(m) for m in position.melds]
        self.discards: list[list[int]] = [[] for _ in range(SEATS)]
        self.chou = list(position.chou)  # per seat, a bitmask of card kinds
        self.chou_shown = list(position.chou)  # the part every seat knows (not the refusals)
        self.dead = [False] * SEATS
        self.stock = position.stock
        self.top = 0
        self.shown = position.shown
        self.phase = _OVER
        self.queue: tuple[int, ...] = ()
        self.card = -1
        self.owner = -1
        self.kind = REVEAL
        self.plans: dict[int, Mapping[str, Plan]] = {}
        self._bases: list[Base | None] = [None] * SEATS
        self._parts: list[MeldPart | None] = [None] * SEATS  # meld_part per seat
        self._packs: list[int | None] = [None] * SEATS  # packed hand per seat
        if position.next is None:
            self._begin()
        else:
            seat, step = position.next
            if step == "discard" and not self.has_free(seat):
                raise RecordError(f"seat {seat} has no free card to discard")
            self._resume(seat, step)
        self._opened()

    # ----- the rules the kernel asks for ------------------------------------------------------

    def _legal(self, seat: int) -> list[str]:
        """Sorted canonical actions of ``seat`` when no window is open; empty when it is not asked."""
        if self.phase == _OVER or seat != self.actor:
            return []
        if self.phase == _DISCARD:
            b = self._bases[seat]
            free = b.free if b is not None else free_of(self._packed(seat))
            present = (free | free >> 1) & _LOW  # bit 2k: kind k held outside a kan
            small = present & ((1 << 2 * _HALF) - 1)
            return [*_discards(1, present >> 2 * _HALF), *_discards(0, small)]  # "discard b…" first
        if self.phase == _TIANHU:
            # Only a qualifying seat is ever offered tianhu; the check matters for determinized states.
            return [PASS, "tianhu"] if self._tianhu_qualifies(seat) else [PASS]
        wins = win_huxi(self.melds[seat], self.hands[seat], None, False, base=self.base(seat))
        return [PASS, "win"] if wins >= MIN_HUXI else [PASS]

    def _play(self, seat: int, action: str) -> str:
        """Check and play ``action``; its canonical text. Refusals change nothing."""
        legal = self._legal_now(seat)
        text = action if action in legal else self.canonical(action)
        if text not in legal:
            raise IllegalAction(self._why_illegal(seat, text, legal))
        if self.phase == _WINDOW:
            self._answer(seat, text)
        elif self.phase == _DISCARD:
            self._discard(seat, _DISCARD_KIND[text])
        elif self.phase == _TIANHU:
            self._tianhu_answer(seat, text)
        else:
            self._win_answer(seat, text)
        return text

    def explain(self, seat: int, action: str) -> Reason | None:
        """Why ``seat`` may not play ``action`` now (``explain.explain``), or ``None``."""
        return explain(self, seat, action)

    def view(self, seat: int | None) -> View:
        """The replay document as ``seat`` may see it (``None``: the referee)."""
        return build_view(self, seat)

    def _sample_hidden(self, seat: int, rng: Rng) -> Dealt | None:
        return sample(self, seat, rng)

    def _solve_hidden(self, seat: int, rng: Rng) -> Dealt | None:
        return solve(self, seat, rng)

    def _place_hidden(self, dealt: Dealt, seat: int) -> None:
        place(self, dealt, seat)

    @property
    def public(self) -> tuple[int, int, str] | None:
        """``(card, owner, window kind)`` of the card open to claims, or ``None``."""
        return (self.card, self.owner, self.kind) if self.phase == _WINDOW else None

    @property
    def awaits_discard(self) -> bool:
        """True when a seat must discard (who must, ``actor``, is public)."""
        return self.phase == _DISCARD

    # ----- counts (rules section 4) -----------------------------------------------------------

    def base(self, seat: int) -> Base:
        """The cached ``holding_base`` of ``seat``."""
        b = self._bases[seat]
        if b is None:
            b = self._bases[seat] = base_from(self._part(seat), self._packed(seat))
        return b

    def _part(self, seat: int) -> MeldPart:
        part = self._parts[seat]
        if part is None:
            part = self._parts[seat] = meld_part(self.melds[seat])
        return part

    def _packed(self, seat: int) -> int:
        packed = self._packs[seat]
        if packed is None:
            packed = self._packs[seat] = pack(self.hands[seat])
        return packed

    def fours(self, seat: int) -> int:
        """F: number of ti and pao melds of ``seat``."""
        return self.base(seat).fours

    def held(self, seat: int) -> int:
        """T: cards in the holdings (melds + hand)."""
        b = self.base(seat)
        return b.cards + b.kan_cards + b.free_cards

    def owed(self, seat: int) -> int:
        """T - target(F)."""
        b = self._bases[seat]  # the base if it is there, else only the counts it would give
        return b.owed if b is not None else hand_owed(self._part(seat), self._packed(seat))

    def has_free(self, seat: int) -> bool:
        """True if the hand holds a card outside a kan."""
        b = self._bases[seat]
        return (b.free if b is not None else free_of(self._packed(seat))) != 0

    def stock_count(self) -> int:
        """Cards still in the stock."""
        return len(self.stock) - self.top

    def secret_stock(self) -> tuple[int, ...]:
        """The stock still to be revealed, top first (secret: never in a seat's view)."""
        return self.stock[self.top:]

    # ----- starting ---------------------------------------------------------------------------

    def _begin(self) -> None:
        """The normal start: initial ti, tianhu offers, then the dealer's opening discard."""
        shown = CODES[self.shown] if self.shown >= 0 else None
        self._emit("paohuzi.deal", {"dealer": self.dealer, "shown": shown, "stock": self.stock_count()})
        for seat in range(SEATS):
            hand = self.hands[seat]
            if 4 not in hand:
                continue
            for k in range(KINDS):
                if hand[k] == 4:
                    was_shown = seat == self.dealer and k == self.shown  # then its kind is no secret
                    self._take(seat, k, 4)
                    self._add_meld(seat, identical("ti", k, hidden=True))
                    self._emit("paohuzi.initial_ti", {"seat": seat, "card": CODES[k]}, {seat})
                    others = {s for s in range(SEATS) if s != seat}
                    params = {"seat": seat, "card": CODES[k]} if was_shown else {"seat": seat}
                    self._emit("paohuzi.initial_ti", params, others)
        order = (self.dealer, nxt(self.dealer), nxt(nxt(self.dealer)))
        self.queue = tuple(s for s in order if self._tianhu_qualifies(s))
        if self.queue:
            self._open(_TIANHU, self.queue[0])
        else:
            self._after_tianhu()

    def _resume(self, seat: int, step: str) -> None:
        """Start at a recorded ``next`` step: ``"draw"`` (reveal) or ``"discard"``."""
        if step == "discard":
            self._open(_DISCARD, seat)
        else:
            self._turn(seat)

    def _tianhu_qualifies(self, seat: int) -> bool:
        ti = sum(1 for m in self.melds[seat] if m.kind == "ti")
        kan = self.hands[seat].count(3)
        return ti >= 3 or kan >= 5 or (self.rules.tianhu_ti_counts_as_kan and ti + kan >= 5)

    def _after_tianhu(self) -> None:
        d = self.dealer
        if self.owed(d) >= 1:
            if self.has_free(d):
                self._open(_DISCARD, d)
                return
            self._kill(d)
        self._turn(nxt(d))

    # ----- helpers ----------------------------------------------------------------------------

    def _open(self, phase: Phase, actor: int) -> None:
        self.phase = phase
        self.actor = actor
        self.decision_id += 1

    def _take(self, seat: int, kind: int, n: int) -> None:
        self.hands[seat][kind] -= n
        self._bases[seat] = None
        packed = self._packs[seat]
        if packed is not None:
            self._packs[seat] = packed - (n << (2 * kind))
        if seat == self.dealer and kind == self.shown:
            self.shown = -1

    def _add_meld(self, seat: int, meld: Meld) -> None:
        self.melds[seat].append(meld)
        self._parts[seat] = self._bases[seat] = None

    def _set_meld(self, seat: int, i: int, meld: Meld) -> None:
        self.melds[seat][i] = meld
        self._parts[seat] = self._bases[seat] = None

    def _kill(self, seat: int) -> None:
        self.dead[seat] = True
        self._emit("paohuzi.dead_hand", {"seat": seat})

    def _add_chou(self, seat: int, card: int, public: bool) -> None:
        """Make ``seat`` chou on ``card``; ``public`` when it follows from public events."""
        bit = 1 << card
        if public and not self.chou_shown[seat] & bit:
            self.chou_shown[seat] |= bit
            if self.events_enabled:
                audience = None if not self.chou[seat] & bit else {s for s in range(SEATS) if s != seat}
                self._emit("paohuzi.chou", {"seat": seat, "card": CODES[card]}, audience)
            self.chou[seat] |= bit
        elif not self.chou[seat] & bit:
            self.chou[seat] |= bit
            if self.events_enabled:
                self._emit("paohuzi.chou", {"seat": seat, "card": CODES[card]}, {seat})

    def canonical(self, action: str) -> str:
        """The canonical text of ``action``; ``NotationError`` when it does not read as one."""
        parsed = read_action(action, DECK)
        verb = parsed.verb
        if verb in _SIMPLE_VERBS:
            if parsed.groups:
                raise NotationError(f"{verb!r} takes no cards: {action!r}")
            return verb
        if verb == "discard":
            if len(parsed.groups) != 1 or len(parsed.groups[0]) != 1:
                raise NotationError(f"'discard' takes exactly one card: {action!r}")
            return DISCARD_TEXT[parsed.groups[0][0]]
        if verb == "chi":
            if not parsed.groups:
                raise NotationError(f"'chi' needs its groups: {action!r}")
            return write_action("chi", parsed.groups, DECK)
        raise NotationError(
            f"unknown action {verb!r}; Paohuzi actions are pass, win, tianhu, discard, peng, pao, chi"
        )

    def _why_illegal(self, seat: int, text: str, legal: Sequence[str]) -> str:
        if self.phase == _OVER:
            return "the deal is over"
        if not legal:
            if self.phase == _WINDOW and self.window is not None and seat in self.window.answers:
                return f"seat {seat} has already answered in this window"
            return f"seat {seat} is not asked now"
        if text.startswith("discard "):
            k = DECK.card(text.split()[1])
            n = self.hands[seat][k]
            reason = "is not in the hand" if n == 0 else "is part of a kan (locked)"
            return f"cannot discard {CODES[k]}: it {reason}"
        if text.startswith("chi ") and any(a.startswith("chi ") for a in legal):
            plans = "; ".join(a[4:] for a in legal if a.startswith("chi "))
            return f"{text!r} is not a legal chi plan; legal plans: {plans}"
        return f"{text!r} is not legal for seat {seat} now; legal: {', '.join(legal)}"

    # ----- decisions --------------------------------------------------------------------------

    def _tianhu_answer(self, seat: int, text: str) -> None:
        if text == "tianhu":
            self._tianhu_win(seat)
            return
        self.queue = self.queue[1:]
        if self.queue:
            self._open(_TIANHU, self.queue[0])
        else:
            self._after_tianhu()

    def _win_answer(self, seat: int, text: str) -> None:
        if text == "win":
            self._normal_win(seat, self.card, None, False)
            return
        if self.has_free(seat):
            self._open(_DISCARD, seat)
            return
        self._kill(seat)
        self._turn(nxt(seat))

    def _discard(self, seat: int, card: int) -> None:
        self._take(seat, card, 1)
        if self.events_enabled:
            self._emit("paohuzi.discard", {"seat": seat, "card": CODES[card]})
        self._add_chou(seat, card, True)
        if not self._open_window(card, seat, DISCARDED):
            self._dies(seat, card, False)
            self._turn(nxt(seat))

    def _answer(self, seat: int, text: str) -> None:
        window = self.window
        assert window is not None
        window.answer(seat, text)
        if self.events_enabled:
            self._emit("paohuzi.answer", {"seat": seat, "action": text}, {seat})
        if not window.complete:
            return
        card, owner, kind = self.card, self.owner, self.kind
        offset = 0 if kind == REVEAL else 1

        def priority(s: int, a: str) -> tuple[int, ...] | None:
            return None if a == PASS else (-_level(a), (s - owner) % SEATS - offset)

        best = resolve(window.answers, priority)
        self._emit_resolve(card, kind, best)
        if best is not None and self.events_enabled:
            for s, a in sorted(window.answers.items()):
                if a != PASS and s != best[0]:
                    rule = outranked(owner, kind, best, a)
                    params = {"seat": s, "card": CODES[card], "by": best[0], "rule": rule}
                    self._emit("paohuzi.outranked", params, {s})
        for s, a in sorted(window.answers.items()):
            offered = window.options[s]  # sorted: any chi comes first
            if a == PASS and ("peng" in offered or offered[0].startswith("chi ")):
                self._add_chou(s, card, False)
        self.window = None
        if best is None:
            self._dies(owner, card, kind == REVEAL)
            self._turn(nxt(owner))
            return
        claimer, action = best
        if action == "win":
            self._normal_win(claimer, card, card, claimer != owner)
            return
        self._execute(claimer, action, card)
        if self.owed(claimer) >= 1 and not self.dead[claimer] and self.has_free(claimer):
            self._open(_DISCARD, claimer)
        else:
            self._turn(nxt(claimer))

    def _execute(self, seat: int, action: str, card: int) -> None:
        melds = self.melds[seat]
        if action == "pao":
            if self.hands[seat][card] == 3:
                self._take(seat, card, 3)
                self._add_meld(seat, identical("pao", card))
                source = "kan"
            else:
                i = next(i for i, m in enumerate(melds) if m.card == card and m.kind in ("wei", "peng"))
                source = melds[i].kind
                self._set_meld(seat, i, identical("pao", card))
            if self.events_enabled:
                self._emit("paohuzi.pao", {"seat": seat, "card": CODES[card], "from": source})
        elif action == "peng":
            self._take(seat, card, 2)
            self._add_meld(seat, identical("peng", card))
            if self.events_enabled:
                self._emit("paohuzi.peng", {"seat": seat, "card": CODES[card]})
        else:
            plan = self.plans[seat][action]
            used = [c for g in plan for c in g]
            used.remove(card)
            for c in used:
                self._take(seat, c, 1)
            for g in plan:
                self._add_meld(seat, Meld("chi", g))
            if self.events_enabled:
                groups = [DECK.format(g) for g in plan]
                self._emit("paohuzi.chi", {"seat": seat, "card": CODES[card], "groups": groups})

    def _dies(self, seat: int, card: int, revealed: bool) -> None:
        self.discards[seat].append(card)
        if self.events_enabled:
            self._emit("paohuzi.dead", {"seat": seat, "card": CODES[card]})
        if revealed:
            self._add_chou(seat, card, True)

    # ----- reveals, compulsory melds, windows -------------------------------------------------

    def _turn(self, seat: int) -> None:
        """``seat`` must reveal; run every automatic step until a decision opens or the deal ends."""
        while True:
            if self.top >= len(self.stock):
                self._draw_end()
                return
            card = self.stock[self.top]
            self.top += 1
            if self.events_enabled:
                self._emit("paohuzi.draw", {"seat": seat, "card": CODES[card], "stock": self.stock_count()})
            if self._compulsory(seat, card):
                if self._after_compulsory(seat, card):
                    return
            elif self._open_window(card, seat, REVEAL):
                return
            else:
                self._dies(seat, card, True)
            seat = nxt(seat)

    def _compulsory(self, seat: int, card: int) -> bool:
        hand, melds = self.hands[seat], self.melds[seat]
        n = hand[card]
        if n == 3:
            self._take(seat, card, 3)
            self._add_meld(seat, identical("ti", card))
            self._emit("paohuzi.ti", {"seat": seat, "card": CODES[card], "from": "kan"})
            return True
        base = self._bases[seat] or self.base(seat)
        if n < 2 and not base.upgradable >> (2 * card) & 1:
            return False  # no pair, no wei: nothing compulsory
        if self.rules.own_wei_upgrade != PAO:
            for i, m in enumerate(melds):
                if m.kind == "wei" and m.card == card:
                    self._set_meld(seat, i, identical("ti", card))
                    self._emit("paohuzi.ti", {"seat": seat, "card": CODES[card], "from": "wei"})
                    return True
        if hand[card] == 2:
            self._take(seat, card, 2)
            self._add_meld(seat, identical("wei", card))
            self._emit("paohuzi.wei", {"seat": seat, "card": CODES[card]})
            return True
        return False

    def _after_compulsory(self, seat: int, card: int) -> bool:
        """Rules 5.4; True when a decision (win or discard) has opened."""
        if self.dead[seat] or self.owed(seat) <= 0:
            return False
        self.card = card
        if win_huxi(self.melds[seat], self.hands[seat], None, False, base=self.base(seat)) >= MIN_HUXI:
            self._open(_WIN, seat)
            return True
        if self.has_free(seat):
            self._open(_DISCARD, seat)
            return True
        self._kill(seat)
        return False

    def _open_window(self, card: int, owner: int, kind: str) -> bool:
        """Compute every seat's options on ``card``; open the window if anybody has one.

        Every public card takes one window number, asked or not, so the numbers (which every seat
        sees) never tell whether somebody could claim.
        """
        self.decision_id += 1
        if self.events_enabled:
            self._emit("paohuzi.window", {"card": CODES[card], "owner": owner, "window": kind})
        options, plans = self.options(card, owner, kind)
        self.card, self.owner, self.kind, self.plans = card, owner, kind, plans
        if self.events_enabled:
            self._tell_why_not(options)
        if not options:
            self._emit_resolve(card, kind, None)  # as if every asked seat had passed
            return False
        self.window = ClaimWindow(self.decision_id, options)
        self.phase, self.actor = _WINDOW, -1
        return True

    def _tell_why_not(self, options: dict[int, tuple[str, ...]]) -> None:
        """Tell each live seat not asked on the public card why, if it holds related cards."""
        for seat in range(SEATS):
            if seat in options or self.dead[seat] or (seat == self.owner and self.kind != REVEAL):
                continue
            if not self._explains(seat):
                continue
            reason = why_not(self, seat)
            if reason is not None:
                params = {"seat": seat, "card": CODES[self.card], "reason": reason.code, **reason.params}
                self._emit("paohuzi.why_not", params, {seat})

    def _emit_resolve(self, card: int, kind: str, best: tuple[int, str] | None) -> None:
        if not self.events_enabled:
            return
        seat, action = (None, None) if best is None else best
        self._emit("paohuzi.resolve", {"card": CODES[card], "window": kind, "seat": seat, "action": action})

    def options(
        self, card: int, owner: int, kind: str
    ) -> tuple[dict[int, tuple[str, ...]], dict[int, Mapping[str, Plan]]]:
        """Rules 5.5: each seat's sorted options on ``card`` (seats with none left out), and the
        chi plans behind each seat's ``chi`` texts."""
        options: dict[int, tuple[str, ...]] = {}
        plans: dict[int, Mapping[str, Plan]] = {}
        reveal = kind == REVEAL
        bit = 1 << card
        shift = 2 * card
        chi_seat = nxt(owner)  # and the owner, on a reveal
        hands, deads, chou, bases = self.hands, self.dead, self.chou, self._bases
        for p in range(SEATS) if reveal else _OTHERS[owner]:
            base = bases[p] or self.base(p)
            n = hands[p][card]
            live = not deads[p]
            win = reveal and live and base.win_cards >> shift & 1 == 1 and self._wins(p, card, owner, base)
            if n == 3:
                pao = p != owner
            else:
                pao = base.upgradable >> shift & 1 == 1 and self._upgrades(p, card, owner, reveal)
            peng = False
            chis: Mapping[str, Plan] = _NO_CHI
            if live and not chou[p] & bit:
                # 6.5: a peng that makes owed = 1 must leave a free card to discard.
                peng = n == 2 and p != owner and (base.owed < 0 or base.free_cards >= 3)
                if n < 3 and (p == chi_seat or (reveal and p == owner)) and base.chi_cards >> shift & 1:
                    chis = chi_options(base.free, card, base.owed >= 0, base.free_cards)
                    if chis:
                        plans[p] = chis
            if win or pao or peng or chis:
                # In text order: chi ... < pao < pass < peng < win.
                options[p] = (*sorted(chis), *_PAO_OPTION[pao], PASS, *_PENG_OPTION[peng], *_WIN_OPTION[win])
        return options, plans

    def _wins(self, seat: int, card: int, owner: int, base: Base) -> bool:
        """Whether ``seat`` wins with the revealed ``card`` of ``owner`` (the cheap bound first)."""
        own_wei_pao = self.rules.own_wei_upgrade == PAO
        return huxi_bound(base, card) >= MIN_HUXI and (
            win_huxi(self.melds[seat], self.hands[seat], card, seat != owner, own_wei_pao, base) >= MIN_HUXI
        )

    def _upgrades(self, seat: int, card: int, owner: int, reveal: bool) -> bool:
        """Whether ``seat`` may make its wei (or, on a reveal, its peng) of ``card`` a pao."""
        wei_pao = seat != owner or self.rules.own_wei_upgrade == PAO
        return any(
            m.card == card and ((m.kind == "wei" and wei_pao) or (m.kind == "peng" and reveal))
            for m in self.melds[seat]
        )

    # ----- the end ----------------------------------------------------------------------------

    def _finish(self, result: Outcome) -> None:
        self.result = result
        self.phase = _OVER
        self.actor = -1
        self.window = None
        self.decision_id += 1
        winner = result.get("winner")
        status = "draw" if winner is None else "win"
        payments = result.get("payments", [])
        self._emit("paohuzi.end", {"status": status, "winner": winner, "payments": payments})

    def _draw_end(self) -> None:
        self._finish({"winner": None, "payments": [0] * SEATS})

    def _pay(self, winner: int, huxi: int, card: int | None, groups: list[str]) -> None:
        t = tun(huxi)
        payments = [2 * t if s == winner else -t for s in range(SEATS)]
        code = None if card is None else CODES[card]
        self._emit("paohuzi.win", {"seat": winner, "huxi": huxi, "tun": t, "card": code})
        self._finish(
            {
                "winner": winner,
                "card": None if card is None else CODES[card],
                "score": huxi,
                "tun": t,
                "groups": groups,
                "payments": payments,
            }
        )

    def _normal_win(self, seat: int, card: int, new: int | None, from_other: bool) -> None:
        """``seat`` wins on the revealed ``card`` (``new`` None: it is already in his melds)."""
        scored = scored_groups(
            self.melds[seat], self.hands[seat], new, from_other, self.rules.own_wei_upgrade == PAO
        )
        assert scored is not None and scored[0] != NO_SPLIT
        self._pay(seat, scored[0], card, scored[1])

    def _tianhu_win(self, seat: int) -> None:
        groups: list[str] = []
        huxi = 0
        for m in self.melds[seat]:
            if m.kind == "ti":
                groups.append(m.text())
                huxi += m.huxi()
        for k in range(KINDS):
            if self.hands[seat][k] == 3:
                groups.append(f"kan {DECK.format((k, k, k))}")
                huxi += identical_huxi("kan", k)
        self._emit("paohuzi.tianhu", {"seat": seat, "huxi": huxi})
        self._pay(seat, huxi, None, groups)
