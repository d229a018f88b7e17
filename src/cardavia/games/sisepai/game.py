"""The Sì Sè Pái deal as a state machine (rules section 5-7) on the kernel's claim windows.

Automatic steps (draws, windows nobody can use, forced takes of drawn Generals and flowers, dead
cards, the end) run inside ``apply`` and at the start; the game stops only where a seat must answer.

Events (``Event.kind``: params; every seat sees them unless an audience is named). Every public
card gets the same public events whether or not anybody may claim it, so the events a seat sees
never tell whether another seat had an option:

* ``sisepai.deal``: dealer, stock — ``opening_events()`` holds what happened before the first decision;
* ``sisepai.draw``: seat, card, stock (cards left);
* ``sisepai.window``: card, owner, window (W1/W2/WD) — the card is open to claims. An untaken W1
  card always gets its W2 window;
* ``sisepai.why_not``: seat, card, reason and its params — audience: that seat only: it holds
  related cards (a copy, or the mates of a mixed group) but is not asked, and this is why;
* ``sisepai.answer``: seat, action — audience: that seat only (answers stay hidden);
* ``sisepai.resolve``: card, window, seat (who takes or wins it, or None) — the window is over;
* ``sisepai.outranked``: seat, card, by, rule — audience: that seat only: its claim lost to seat
  ``by``'s by ``rule`` (``drawer_win``, ``win``, ``identical``, ``drawer_group``, ``nearer``);
* ``sisepai.take``: seat, card, group, forced (the drawer's forced take of a General or flower);
  the taker must discard next (``decision()`` says so; the answers themselves stay hidden);
* ``sisepai.discard``: seat, card;
* ``sisepai.dead``: seat, card — nobody took the card; it joins that seat's dead cards;
* ``sisepai.win``: seat, card, score, groups;  ``sisepai.end``: status (win or draw), winner.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from itertools import compress
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from cardavia.engine.base import BaseGame
from cardavia.engine.claims import ClaimWindow, resolve
from cardavia.engine.errors import IllegalAction, NotationError
from cardavia.engine.game import Event, Outcome, View
from cardavia.engine.notation import read_action
from cardavia.engine.reasons import Reason
from cardavia.engine.rng import Rng
from cardavia.games.sisepai.cards import (
    CODES,
    DECK,
    HAND_SIZE,
    KINDS,
    SEATS,
    is_single,
    mates,
)
from cardavia.games.sisepai.determinize import place, sample
from cardavia.games.sisepai.explain import explain, outranked, why_not
from cardavia.games.sisepai.melds import (
    COMPONENT,
    UNKNOWN,
    WEIGHT,
    Group,
    best_partition,
    component_keys,
    component_value,
    group_points,
    group_type,
)
from cardavia.games.sisepai.melds import (
    TABLES as _TABLES,
)
from cardavia.games.sisepai.position import DISCARD_STEP, Start, write_record
from cardavia.games.sisepai.rules import (
    IDENTICAL_TAKES,
    MIXED_TAKES,
    TAKE_GROUPS,
    TAKE_PARTNERS,
    W1,
    W2,
    WD,
    priority_key,
    role,
    role_refusal,
)
from cardavia.games.sisepai.views import build_view

if TYPE_CHECKING:
    from cardavia.games.sisepai.spec import SisepaiSpec

PASS, WIN, TAKE, DISCARD = "pass", "win", "take", "discard"
ONGOING, WON, DRAWN = "ongoing", "win", "draw"


class Phase(StrEnum):
    """What the deal waits for: answers in a claim ``window``, the ``actor``'s ``discard``, or
    nothing (``over``)."""

    WINDOW = "window"
    DISCARD = "discard"
    OVER = "over"


# The phases as module names: Python 3.11 reads a member from its Enum class several times slower.
_WINDOW, _DISCARD, _OVER = Phase.WINDOW, Phase.DISCARD, Phase.OVER


class SisepaiGame(BaseGame):
    """One deal. Hands are lists of 33 counts; see ``cardavia.engine.game.Game`` for the contract.

    ``phase`` is what the deal waits for (``Phase``) and ``actor`` who must discard; ``card``,
    ``owner`` and ``kind`` are the public card of the open claim ``window``, ``forced`` whether the
    drawer must take it. ``stock[top]`` is the next card to draw.

    Kept in step with the hands by ``_move`` (seat bitmasks have bit ``s`` for seat ``s``):
    ``_keys`` the component keys of each hand, ``_bad`` each hand's components that do not split
    into groups, ``_pairs[k]`` the seats holding at least two concealed ``k``, and ``_near`` the
    seats with at most one bad component (only they can be one card from a complete hand).
    """

    SEATS = SEATS
    FIELDS: ClassVar[Mapping[str, str]] = {
        "dealer": "share",
        "hands": "rows",
        "_sizes": "list",
        "_keys": "rows",
        "_bad": "list",
        "_pairs": "list",
        "_near": "share",
        "melds": "rows",
        "exposed": "list",
        "stock": "share",
        "top": "share",
        "discards": "rows",
        "phase": "share",
        "card": "share",
        "owner": "share",
        "kind": "share",
        "forced": "share",
    }
    __slots__ = tuple(FIELDS)

    def __init__(self, spec: SisepaiSpec, start: Start, events: bool = True) -> None:
        """Deal ``start`` and play its automatic steps."""
        position = write_record(start, [])
        del position["actions"]
        super().__init__(spec, position, events)
        self.dealer = start.dealer
        self.hands: list[list[int]] = []
        self._keys: list[list[int]] = []
        self._pairs: list[int] = [0] * KINDS
        for seat, cards in enumerate(start.hands):
            counts, keys = [0] * KINDS, [0] * 6
            for k in cards:
                counts[k] += 1
                keys[COMPONENT[k]] += WEIGHT[k]
                if counts[k] == 2:
                    self._pairs[k] |= 1 << seat
            self.hands.append(counts)
            self._keys.append(keys)
        self._sizes: list[int] = [len(h) for h in start.hands]
        self._bad: list[int] = [self._bad_mask(k) for k in self._keys]
        self._near = sum(1 << seat for seat, bad in enumerate(self._bad) if _at_most_one_bit(bad))
        self.melds: list[list[Group]] = [list(m) for m in start.melds]
        self.exposed: list[int] = [sum(len(g) for g in m) for m in start.melds]
        self.stock: tuple[int, ...] = start.stock
        self.top = 0
        self.discards: list[list[int]] = [[] for _ in range(SEATS)]
        self.phase = _WINDOW
        self.card = -1
        self.owner = -1
        self.kind = ""
        self.forced = False
        self._emit("sisepai.deal", {"dealer": start.dealer, "stock": len(start.stock)})
        if start.next_step == DISCARD_STEP:
            self._await_discard(start.next_seat)
        else:
            self._run(-1, start.next_seat, "")
        self._opened()

    # --- the rules the kernel asks for -------------------------------------------------------------

    def _legal(self, seat: int) -> list[str]:
        """Sorted canonical actions of ``seat`` when no window is open: the discards of the seat
        that must discard."""
        if self.phase == _DISCARD and seat == self.actor:
            return list(compress(_SORTED_DISCARD_TEXT, _discardable_counts(self.hands[seat])))
        return []

    def _play(self, seat: int, action: str) -> str:
        """Check and play ``action``; its canonical text. Refusals change nothing."""
        window = self.window
        if window is not None:
            # The quick way for an answer given as one of the seat's options, in canonical text.
            options = window.options.get(seat)
            if options is not None and action in options and seat not in window.answers:
                # A take by a seat whose hand is complete is its win (section 6.4).
                answer = WIN if action[0] == "t" and options[-1] == WIN else action
                self._answer(window, seat, answer)
                return answer
        else:
            card = _DISCARDS.get(action, -1)
            if seat == self.actor and card >= 0 and self.hands[seat][card]:
                self._discard(seat, card)
                return action
        parsed = read_action(action, DECK)
        if parsed.verb not in (PASS, WIN, TAKE, DISCARD):
            raise NotationError(f"unknown verb {parsed.verb!r} in {action!r}: use pass, win, take or discard")
        if self.phase == _DISCARD:
            return self._apply_discard(seat, parsed.verb, parsed.groups)
        return self._apply_answer(seat, parsed.verb, parsed.groups)

    def explain(self, seat: int, action: str) -> Reason | None:
        """Why ``seat`` may not play ``action`` now (``explain.explain``), or ``None``."""
        return explain(self, seat, action)

    def view(self, seat: int | None) -> View:
        """The replay document as ``seat`` may see it (``None``: the referee)."""
        return build_view(self, seat)

    def _sample_hidden(self, seat: int, rng: Rng) -> list[int]:
        return sample(self, seat, rng)

    def _place_hidden(self, dealt: list[int], seat: int) -> None:
        place(self, dealt, seat)

    # --- read-only accessors for views, analysis and tests --------------------------------------

    def stock_count(self) -> int:
        """Cards still in the stock."""
        return len(self.stock) - self.top

    def secret_stock(self) -> tuple[int, ...]:
        """The stock still to be drawn, top first (secret: never in a seat's view)."""
        return self.stock[self.top:]

    @property
    def public(self) -> tuple[int, int, str] | None:
        """``(card, owner, window kind)`` of the claimable card, or ``None``."""
        return (self.card, self.owner, self.kind) if self.phase == _WINDOW else None

    @property
    def status(self) -> str:
        """``ongoing``, ``win`` or ``draw``."""
        if self.result is None:
            return ONGOING
        return DRAWN if self.result["winner"] is None else WON

    def can_win(self, seat: int, card: int) -> bool:
        """True when ``seat``'s concealed hand plus ``card`` splits into groups (with 21 cards)."""
        if self._sizes[seat] + self.exposed[seat] != HAND_SIZE:
            return False
        comp = COMPONENT[card]
        if self._bad[seat] & ~(1 << comp):
            return False
        return component_value(comp, self._keys[seat][comp] + WEIGHT[card]) >= 0

    # --- hands -----------------------------------------------------------------------------------

    @staticmethod
    def _bad_mask(keys: list[int]) -> int:
        """The components (bit ``c`` for component ``c``) that do not split into groups."""
        mask = 0
        for comp in range(5):
            v = _TABLES[comp][keys[comp]]
            if v == UNKNOWN:
                v = component_value(comp, keys[comp])
            if v < 0:
                mask |= 1 << comp
        return mask

    def _set_hand(self, seat: int, counts: list[int]) -> None:
        self.hands[seat] = counts
        self._sizes[seat] = sum(counts)
        self._keys[seat] = component_keys(counts)
        self._bad[seat] = bad = self._bad_mask(self._keys[seat])
        bit = 1 << seat
        self._pairs = [p | bit if counts[k] >= 2 else p & ~bit for k, p in enumerate(self._pairs)]
        self._near = self._near | bit if _at_most_one_bit(bad) else self._near & ~bit

    def _move(self, seat: int, card: int, delta: int) -> None:
        """Add ``delta`` concealed ``card`` to ``seat``'s hand; keep sizes, keys and masks in step."""
        hand = self.hands[seat]
        hand[card] += delta
        self._sizes[seat] += delta
        bit = 1 << seat
        self._pairs[card] = self._pairs[card] | bit if hand[card] >= 2 else self._pairs[card] & ~bit
        comp = COMPONENT[card]
        keys = self._keys[seat]
        key = keys[comp] = keys[comp] + delta * WEIGHT[card]
        v = _TABLES[comp][key]
        if v == UNKNOWN:
            v = component_value(comp, key)
        bad = self._bad[seat]
        self._bad[seat] = bad = bad | (1 << comp) if v < 0 else bad & ~(1 << comp)
        near = bad & (bad - 1) == 0  # ``_at_most_one_bit``, inlined in this hot path
        self._near = self._near | bit if near else self._near & ~bit

    # --- the automatic flow ----------------------------------------------------------------------

    def _run(self, card: int, owner: int, kind: str, reuse: dict[int, tuple[str, ...]] | None = None) -> None:
        """From a draw by ``owner`` (``kind`` empty) or a public card: play on until a decision.

        ``reuse`` carries the options of a W1 window into its W2 window: hands have not changed,
        and every seat but the drawer has the same role in both. So a W1 window nobody can use
        is followed by a W2 window nobody can use, and the card goes dead at once.
        """
        while True:
            if not kind:
                if self.top == len(self.stock):
                    self._end(None)
                    return
                card = self.stock[self.top]
                self.top += 1
                kind = W1
                if self._events is not None:
                    self._events.append(_shared_event("sisepai.draw", owner, card, self.stock_count()))
            if self._open(card, owner, kind, reuse):
                return
            self._dead(card, owner)
            owner = (owner + 1) % SEATS
            kind = ""
            reuse = None

    def _open(self, card: int, owner: int, kind: str, reuse: dict[int, tuple[str, ...]] | None) -> bool:
        """Open a window; False when nobody can claim the card there (nor in a W2 after it)."""
        self.card, self.owner, self.kind = card, owner, kind
        self.decision_id += 1
        forced = self.forced = kind == W1 and _SINGLE[card]
        events = self._events
        if events is not None:
            events.append(Event("sisepai.window", {"card": CODES[card], "owner": owner, "window": kind}))
        if forced and self.can_win(owner, card):
            if events is not None:
                events.append(_resolve_event(card, kind, owner))
            self._win(owner, card)
            return True
        if reuse is not None:
            options = {s: o for s, o in reuse.items() if s != owner}
        else:
            options = self._ask(card, owner, kind, forced)
        self.phase = _WINDOW
        if events is not None and kind != W2:
            self._tell_why_not(card, owner, kind, options)
        if options:
            self.window = ClaimWindow(self.decision_id, options)
            return True
        self.window = None
        if forced:
            self._resolve()
            return True
        if events is not None:  # the same public steps as when every asked seat passes
            events.append(_resolve_event(card, kind, None))
            if kind == W1:
                events.append(Event("sisepai.window", {"card": CODES[card], "owner": owner, "window": W2}))
                events.append(_resolve_event(card, W2, None))
        return False  # nobody could claim: the card dies

    def _tell_why_not(self, card: int, owner: int, kind: str, options: dict[int, tuple[str, ...]]) -> None:
        """Tell each seat not asked on ``card`` (the owner only in W1) why, if it holds related cards."""
        assert self._events is not None
        for seat in range(SEATS):
            if seat in options or (seat == owner and kind != W1) or not self._explains(seat):
                continue
            reason = why_not(self, seat, (card, owner, kind))
            if reason is not None:
                params = {"seat": seat, "card": CODES[card], "reason": reason.code, **reason.params}
                self._events.append(Event("sisepai.why_not", params, _AUDIENCE[seat]))

    def _ask(self, card: int, owner: int, kind: str, forced: bool) -> dict[int, tuple[str, ...]]:
        """The options of every eligible seat that has something other than ``pass``.

        Only seats that might claim are examined: those near a complete hand, and unless the card
        is forced, those holding a pair of it or (drawer in W1, next player) a partner for a mixed
        group. ``_options`` decides exactly.
        """
        if forced:
            maybe = self._near & _OTHERS[owner]
        else:
            maybe = (self._near | self._pairs[card]) & (_ALL_SEATS if kind == W1 else _OTHERS[owner])
            a, b, c, soldier = _MIX[card]
            for seat in _MIXED_TAKERS[owner][kind == W1]:
                hand = self.hands[seat]
                if (hand[a] and hand[b]) or (soldier and hand[c] and (hand[a] or hand[b])):
                    maybe |= 1 << seat
        options: dict[int, tuple[str, ...]] = {}
        for seat in _SEATS_IN[maybe]:  # ascending, so that the asked seats come out in order
            opts = self._options(seat, card, (seat - owner) % SEATS)
            if opts is not None:
                options[seat] = opts
        return options

    def _options(self, seat: int, card: int, distance: int) -> tuple[str, ...] | None:
        """The sorted options of ``seat`` at ``distance`` from the owner, or ``None`` if only ``pass``."""
        hand = self.hands[seat]
        if distance <= 1:
            a, b, c = TAKE_PARTNERS[card]
            held = (hand[a] > 0) + 2 * (hand[b] > 0) + 4 * (hand[c] > 0)
            takes = MIXED_TAKES[card][hand[card] + 4 * held]
        else:
            takes = IDENTICAL_TAKES[card][hand[card]]
        # "pass" < "take …" < "win" as plain strings, and the takes are sorted by text.
        if self.can_win(seat, card):
            return (PASS, *takes, WIN)
        if self.forced:
            return None
        if takes and self._sizes[seat] + self.exposed[seat] != HAND_SIZE:
            takes = tuple(text for text in takes if self._leaves_discard(seat, TAKE_GROUPS[text], card))
        if not takes:
            return None
        return (PASS, *takes)

    def _leaves_discard(self, seat: int, group: Group, card: int) -> bool:
        """A non-winning take must leave a card that may be discarded (only short hands lack one)."""
        hand = self.hands[seat]
        used = list(group)
        used.remove(card)
        free = sum(hand[k] for k in range(KINDS) if not is_single(k))
        return free - sum(1 for k in used if not is_single(k)) > 0

    def _priority(self, seat: int, answer: str) -> tuple[int, ...] | None:
        return priority_key(self.owner, self.kind, seat, answer)

    def _resolve(self) -> None:
        """Resolve the complete window and play on."""
        window = self.window
        answers = {} if window is None else window.answers
        card, owner, kind = self.card, self.owner, self.kind
        if self.forced:
            answers = {**answers, owner: _take_text((card,))}
        claims = [(seat, answer) for seat, answer in answers.items() if answer != PASS]
        # One claim wins alone; the priority table is needed only between several.
        winner = resolve(answers, self._priority) if len(claims) > 1 else claims[0] if claims else None
        if self._events is not None:
            self._events.append(_resolve_event(card, kind, None if winner is None else winner[0]))
            if winner is not None:
                for seat, answer in claims:
                    if seat != winner[0] and not (self.forced and seat == owner):
                        rule = outranked(owner, kind, winner, seat, answer)
                        params = {"seat": seat, "card": CODES[card], "by": winner[0], "rule": rule}
                        self._events.append(Event("sisepai.outranked", params, _AUDIENCE[seat]))
        if winner is None:
            if kind == W1 and window is not None:
                self._run(card, owner, W2, window.options)
            else:
                self._dead(card, owner)
                self._run(-1, (owner + 1) % SEATS, "")
            return
        seat, answer = winner
        if answer == WIN:
            self._win(seat, card)
        else:
            self._take(seat, TAKE_GROUPS[answer], card)

    def _take(self, seat: int, group: Group, card: int) -> None:
        used = list(group)
        used.remove(card)
        for k in used:
            self._move(seat, k, -1)
        self.melds[seat].append(group)
        self.exposed[seat] += len(group)
        if self._events is not None:
            self._events.append(Event("sisepai.take", {
                "seat": seat, "card": CODES[card], "group": [CODES[k] for k in group],
                "forced": self.forced and seat == self.owner}))
        self._await_discard(seat)

    def _await_discard(self, seat: int) -> None:
        self.phase = _DISCARD
        self.actor = seat
        self.window = None
        self.decision_id += 1

    def _dead(self, card: int, owner: int) -> None:
        self.discards[owner].append(card)
        if self._events is not None:
            self._events.append(_shared_event("sisepai.dead", owner, card))

    def _win(self, seat: int, card: int) -> None:
        self._move(seat, card, 1)
        found = best_partition(self.hands[seat])
        assert found is not None, "a win needs a complete hand"
        score, concealed = found
        groups = sorted(concealed + self.melds[seat])
        total = score + sum(group_points(g) for g in self.melds[seat])
        self.result = {
            "winner": seat,
            "card": DECK.codes[card],
            "score": total,
            "groups": [DECK.format(g) for g in groups],
            "window": self.kind,
            "owner": self.owner,
        }
        self._emit("sisepai.win", {"seat": seat, "card": DECK.codes[card], "score": total,
                                   "groups": list(self.result["groups"])})
        self._end(self.result)

    def _end(self, result: Outcome | None) -> None:
        self.phase = _OVER
        self.window = None
        self.result = result if result is not None else {"winner": None}
        self._emit("sisepai.end", {"status": self.status, "winner": self.result.get("winner")})

    # --- answers and discards --------------------------------------------------------------------

    def _answer(self, window: ClaimWindow, seat: int, answer: str) -> None:
        window.answers[seat] = answer
        if self._events is not None:
            self._events.append(Event("sisepai.answer", {"seat": seat, "action": answer}, _AUDIENCE[seat]))
        if len(window.answers) == len(window.options):
            self._resolve()

    def _apply_answer(self, seat: int, verb: str, groups: tuple[tuple[int, ...], ...]) -> str:
        window = self.window
        assert window is not None
        card, where = self.card, f"{DECK.codes[self.card]} in {self.kind}"
        if verb == DISCARD:
            raise IllegalAction(f"no discard is awaited: {where} is open to claims")
        if seat not in window.options:
            raise IllegalAction(f"seat {seat} is not asked to claim {where}")
        if seat in window.answers:
            raise IllegalAction(f"seat {seat} has already answered for {where}")
        complete = self.can_win(seat, card)
        if verb in (PASS, WIN):
            if groups:
                raise NotationError(f"'{verb}' takes no cards")
            if verb == WIN and not complete:
                raise IllegalAction(f"seat {seat}'s hand is not complete with {DECK.codes[card]}")
            answer = verb
        else:
            if len(groups) != 1:
                raise NotationError("'take' needs exactly one group of cards")
            group = groups[0]
            answer = self._check_take(seat, group, card, complete)
        window.answer(seat, answer)  # checks it against the options once more
        window.answers.pop(seat)
        self._answer(window, seat, answer)
        return answer

    def _check_take(self, seat: int, group: tuple[int, ...], card: int, complete: bool) -> str:
        """The answer a take stands for (``win`` when it completes the hand), or ``IllegalAction``."""
        text = f"take {DECK.format(group)}"
        who = role(seat, self.owner, self.kind)
        if group_type(group) is None:
            raise IllegalAction(f"'{text}' is not a legal group")
        if card not in group:
            raise IllegalAction(f"'{text}' does not contain the public card {DECK.codes[card]}")
        used = list(group)
        used.remove(card)
        need = DECK.counts(used)
        hand = self.hands[seat]
        short = [DECK.codes[k] for k in range(KINDS) if need[k] > hand[k]]
        if short:
            raise IllegalAction(f"'{text}': seat {seat} does not hold enough concealed {', '.join(short)}")
        if complete:
            return WIN
        refusal = role_refusal(group, card, who)
        if refusal is not None:
            raise IllegalAction(f"'{text}' is not allowed: {refusal}")
        if text not in self._window_options(seat):
            raise IllegalAction(f"'{text}' would leave seat {seat} nothing to discard")
        return text

    def _window_options(self, seat: int) -> tuple[str, ...]:
        assert self.window is not None
        return self.window.options.get(seat, ())

    def _apply_discard(self, seat: int, verb: str, groups: tuple[tuple[int, ...], ...]) -> str:
        taker = self.actor
        if seat != taker:
            raise IllegalAction(f"seat {seat} cannot act now: seat {taker} must discard")
        if verb != DISCARD:
            raise IllegalAction(f"seat {taker} must discard a concealed card, not '{verb}'")
        if len(groups) != 1 or len(groups[0]) != 1:
            raise NotationError("'discard' needs exactly one card")
        card = groups[0][0]
        if is_single(card):
            raise IllegalAction(f"{DECK.codes[card]} cannot be discarded: Generals and flowers never are")
        if not self.hands[seat][card]:
            raise IllegalAction(f"seat {seat} holds no concealed {DECK.codes[card]}")
        self._discard(seat, card)
        return _DISCARD_TEXT[card]

    def _discard(self, seat: int, card: int) -> None:
        self._move(seat, card, -1)
        if self._events is not None:
            self._events.append(_shared_event("sisepai.discard", seat, card))
        self._run(card, seat, WD)



_AUDIENCE = tuple(frozenset((seat,)) for seat in range(SEATS))
_SINGLE: tuple[bool, ...] = tuple(is_single(k) for k in range(KINDS))
"""``is_single`` of every card kind."""

_ALL_SEATS = (1 << SEATS) - 1
_OTHERS: tuple[int, ...] = tuple(_ALL_SEATS & ~(1 << owner) for owner in range(SEATS))
"""Seat bitmasks (bit ``s`` for seat ``s``): every seat but the owner."""
_SEATS_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(SEATS) if mask >> s & 1) for mask in range(1 << SEATS))
"""The seats of each seat bitmask, ascending."""
_MIXED_TAKERS: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    (((owner + 1) % SEATS,), (owner, (owner + 1) % SEATS)) for owner in range(SEATS))
"""Per owner, the seats that may take a mixed group: ``[owner][False]`` the next player,
``[owner][True]`` (a W1 window) the drawer too."""


def _at_most_one_bit(mask: int) -> bool:
    """True when a hand's bad-component mask leaves a win possible with one more card."""
    return mask & (mask - 1) == 0
_SHARED_EVENTS: dict[tuple[str, int, int, int], Event] = {}


def _shared_event(kind: str, seat: int, card: int, stock: int = -1) -> Event:
    """A public ``{seat, card[, stock]}`` event. They repeat a lot, so each is built once and
    shared; the params are a read-only mapping."""
    key = (kind, seat, card, stock)
    event = _SHARED_EVENTS.get(key)
    if event is None:
        params: dict[str, int | str] = {"seat": seat, "card": CODES[card]}
        if stock >= 0:
            params["stock"] = stock
        event = _SHARED_EVENTS[key] = Event(kind, MappingProxyType(params))
    return event
def _resolve_event(card: int, kind: str, seat: int | None) -> Event:
    """The public end of a window on ``card``: who takes or wins it (``seat``), or nobody."""
    return Event("sisepai.resolve", {"card": CODES[card], "window": kind, "seat": seat})


_TAKE_TEXTS: dict[Group, str] = {}


def _take_text(group: Group) -> str:
    text = _TAKE_TEXTS.get(group)
    if text is None:
        text = _TAKE_TEXTS[group] = f"{TAKE} {DECK.format(group)}"
    return text


def _partners(card: int) -> tuple[int, ...]:
    """The cards whose presence makes a mixed group with ``card`` possible."""
    # A drawn General is taken by force, and Generals are never discarded.
    return () if is_single(card) else mates(card)


_DISCARD_TEXT: tuple[str, ...] = tuple(f"{DISCARD} {code}" for code in DECK.codes)
_DISCARDS: dict[str, int] = {text: k for k, text in enumerate(_DISCARD_TEXT) if not is_single(k)}
_DISCARD_ORDER: tuple[int, ...] = tuple(sorted(_DISCARDS.values(), key=lambda k: _DISCARD_TEXT[k]))
"""The kinds that may be discarded, in the plain-string order of their discard actions."""
_SORTED_DISCARD_TEXT: tuple[str, ...] = tuple(_DISCARD_TEXT[k] for k in _DISCARD_ORDER)
"""The discard actions in that order."""
_discardable_counts = itemgetter(*_DISCARD_ORDER)
"""A hand's counts of the ``_DISCARD_ORDER`` kinds, as a tuple."""
def _mix(card: int) -> tuple[int, int, int, bool]:
    """``(a, b, c, soldier)``: a mixed group with ``card`` is possible only if the hand holds ``a``
    and ``b`` (the two partners of a command or field group), or for a soldier any two of the
    other colours' soldiers ``a``, ``b``, ``c``. Generals and flowers, always taken by force, are
    never asked for one; their entry only has to be harmless (``_options`` decides exactly)."""
    partners = _partners(card)
    if not partners:
        return card, card, card, False
    if len(partners) == 2:
        return partners[0], partners[1], partners[0], False
    return partners[0], partners[1], partners[2], True


_MIX: tuple[tuple[int, int, int, bool], ...] = tuple(_mix(k) for k in range(KINDS))

