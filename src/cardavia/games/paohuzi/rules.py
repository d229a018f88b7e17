"""Ruleset options (rules section 9, "engine configuration flags") and the count rules of section 4."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import reduce
from itertools import combinations_with_replacement
from operator import or_

from cardavia.engine.notation import write_action
from cardavia.games.paohuzi.cards import DECK, KINDS, chi_groups_with

MIN_HUXI = 15  # a win needs at least this many huxi
TI = "ti"
PAO = "pao"


@dataclass(frozen=True, slots=True)
class Rules:
    """The two configurable points of the spec, with its defaults.

    ``own_wei_upgrade``: own reveal + own wei is a compulsory ``"ti"`` (default) or an optional
    ``"pao"`` (A3). ``tianhu_ti_counts_as_kan``: ti + kan >= 5 also qualifies for tianhu (A17).
    """

    own_wei_upgrade: str = TI
    tianhu_ti_counts_as_kan: bool = False

    def __post_init__(self) -> None:
        if self.own_wei_upgrade not in (TI, PAO):
            raise ValueError(f"own_wei_upgrade must be 'ti' or 'pao', got {self.own_wei_upgrade!r}")
        if type(self.tianhu_ti_counts_as_kan) is not bool:
            got = self.tianhu_ti_counts_as_kan
            raise ValueError(f"tianhu_ti_counts_as_kan must be true or false, got {got!r}")

    def to_json(self) -> dict[str, object]:
        """The options as a record's ``rules`` object."""
        return {
            "own_wei_upgrade": self.own_wei_upgrade,
            "tianhu_ti_counts_as_kan": self.tianhu_ti_counts_as_kan,
        }

    @classmethod
    def from_json(cls, value: object) -> Rules:
        """Read a record's ``rules`` object (options left out keep their defaults); ``ValueError``
        or ``TypeError`` naming a bad one."""
        if not isinstance(value, Mapping):
            raise TypeError("it must be an object of rule options")
        unknown = sorted(set(value) - {"own_wei_upgrade", "tianhu_ti_counts_as_kan"})
        if unknown:
            raise ValueError(f"unknown rule option {unknown[0]!r}")
        return cls(**value)


DEFAULT_RULES = Rules()

Plan = tuple[tuple[int, ...], ...]

# For each claimed kind and number of copies to place (hand copies + the claimed one): every
# multiset of chi-type groups holding exactly that many copies, each group holding at least one,
# with the hand cards it uses as (kind, count) pairs and their total.
_Candidate = tuple[Plan, tuple[tuple[int, int], ...], int]


def _candidates(card: int, copies: int) -> list[_Candidate]:
    out: list[_Candidate] = []
    groups = chi_groups_with(card)
    for size in range(1, copies + 1):
        for combo in combinations_with_replacement(groups, size):
            need: dict[int, int] = {}
            for g in combo:
                for k in g:
                    need[k] = need.get(k, 0) + 1
            if need[card] != copies:
                continue
            need[card] -= 1
            uses = tuple((k, n) for k, n in sorted(need.items()) if n)
            out.append((tuple(sorted(combo)), uses, sum(n for _k, n in uses)))
    return out


_CANDIDATES = [[_candidates(c, copies) if copies else [] for copies in range(4)] for c in range(KINDS)]


_PLAN_TEXT: dict[Plan, str] = {}  # bounded by the finite set of plans (a few thousand)


def plan_text(plan: Plan) -> str:
    """The canonical action text of a chi plan (``"chi s1 s2 s3 / s3 s4 s5"``)."""
    text = _PLAN_TEXT.get(plan)
    if text is None:
        text = _PLAN_TEXT[plan] = write_action("chi", plan, DECK)
    return text


def chi_plans(hand: list[int], card: int, needs_discard: bool, free_cards: int = -1) -> list[Plan]:
    """Every distinct legal chi plan on ``card`` for ``hand`` (rules 6.1), sorted.

    A plan is a sorted tuple of chi-type groups, each holding ``card``, that together hold the
    claimed card and every hand copy of it; the other cards come from free hand cards (kan cards
    are locked). ``needs_discard``: the chi makes ``owed = 1``, so a free card must remain (6.5).
    ``free_cards``: the number of free hand cards, if the caller knows it.
    """
    held = hand[card]
    if held >= 3:
        return []
    free_total = free_cards
    plans = []
    for plan, uses, used in _CANDIDATES[card][held + 1]:
        for k, n in uses:
            have = hand[k]
            if have < n or have >= 3:
                break
        else:
            if needs_discard:
                if free_total < 0:
                    free_total = sum(n for n in hand if n < 3)
                if free_total - used < 1:
                    continue
            plans.append(plan)
    return sorted(plans)


_LOW = sum(1 << (2 * k) for k in range(KINDS))
_HIGH = _LOW << 1


def _mask(uses: tuple[tuple[int, int], ...], least: int) -> int:
    return sum(1 << (2 * k) for k, n in uses if n >= least)


# ``_CANDIDATES`` in plan order as bit tests: (kinds used once or more, kinds used twice, as bit
# 2k; hand cards used; the plan), by claimed kind and hand copies. A plan using three cards of a
# kind is left out: three in the hand are a kan, and locked.
_CHI_TESTS = [
    [
        [
            (_mask(uses, 1), _mask(uses, 2), used, plan)
            for plan, uses, used in sorted(cands)
            if all(n <= 2 for _k, n in uses)
        ]
        for cands in _CANDIDATES[c][1:]
    ]
    for c in range(KINDS)
]
# What those tests read, by claimed kind and hand copies: bit 2k for the kinds some plan uses, bit
# 2k + 1 for those some plan uses twice.
_CHI_READS = [
    [reduce(or_, (one | two << 1 for one, two, *_rest in tests), 0) for tests in by_copies]
    for by_copies in _CHI_TESTS
]

# The plans on a claimed card for what their tests read of a hand: {text: plan} in plan order, the
# hand cards each plan uses and the most any plan uses (-1 without plans).
_ChiTable = tuple[Mapping[str, Plan], tuple[int, ...], int]
CHI_MEMO_SIZE = 1 << 12
"""The most entries of one claimed kind and number of copies in the chi memo (then it starts over)."""
_CHI_MEMO: list[list[dict[int, _ChiTable]]] = [[{}, {}, {}] for _ in range(KINDS)]


def _chi_table(card: int, held: int, seen: int) -> _ChiTable:
    texts: dict[str, Plan] = {}
    used: list[int] = []
    for one, two, n, plan in _CHI_TESTS[card][held]:
        if seen & one == one and (seen >> 1) & two == two:
            texts[plan_text(plan)] = plan
            used.append(n)
    return texts, tuple(used), max(used, default=-1)


def chi_options(free: int, card: int, needs_discard: bool, free_cards: int) -> Mapping[str, Plan]:
    """``chi_plans`` as ``{plan_text(plan): plan}`` in plan order, for a hand whose free cards are
    ``free`` (packed, as ``Base.free``; ``free_cards`` of them) and that holds no kan of ``card``.

    Memoised on what the plans' tests read of the hand: which kinds it holds once or twice.
    """
    held = (free >> (2 * card)) & 3
    seen = (((free | free >> 1) & _LOW) | (free & _HIGH)) & _CHI_READS[card][held]
    memo = _CHI_MEMO[card][held]
    table = memo.get(seen)
    if table is None:
        if len(memo) >= CHI_MEMO_SIZE:
            memo.clear()
        table = memo[seen] = _chi_table(card, held, seen)
    texts, used, most = table
    if needs_discard and most >= free_cards:  # 6.5: a free card must remain
        return {t: plan for (t, plan), n in zip(texts.items(), used, strict=True) if n < free_cards}
    return texts
