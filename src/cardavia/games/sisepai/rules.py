"""Who may take a public card for which group, and at what priority (rules section 6).

Roles are relative to the window's owner: the drawer (the owner, in W1 only), the next player,
and the two others. Priority keys sort ascending: ``(level, turn distance from the owner)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardavia.games.sisepai.cards import SEATS, SOLDIER, is_single, mates, rank
from cardavia.games.sisepai.melds import IDENTICAL, Group, group_type

W1, W2, WD = "W1", "W2", "WD"

DRAWER, NEXT, OTHER, OWNER = "drawer", "next", "other", "owner"

# Priority levels of section 6.5.
L1_DRAWER_WIN = 1
L2_WIN = 2
L3_IDENTICAL = 3
L4_DRAWER_GROUP = 4
L5_NEXT_MIXED = 5

def role(seat: int, owner: int, window: str) -> str:
    """The role of ``seat`` in a window owned by ``owner``."""
    distance = (seat - owner) % SEATS
    if distance == 0:
        return DRAWER if window == W1 else OWNER
    return NEXT if distance == 1 else OTHER


def identical_takes(hand: Sequence[int], card: int) -> list[Group]:
    """Triples and quads of ``card`` with concealed copies (allowed to every eligible role)."""
    if is_single(card):
        return []
    have = hand[card]
    return [(card,) * n for n in (3, 4) if have >= n - 1]


def mixed_takes(hand: Sequence[int], card: int) -> list[Group]:
    """Command, field and soldier groups completed by ``card`` (drawer and next player only)."""
    partners = mates(card)
    if not partners:
        return []
    if rank(card) == SOLDIER:
        others = [m for m in partners if hand[m]]
        groups: list[Group] = [tuple(sorted([card, *pair])) for pair in combinations(others, 2)]
        if len(others) == 3:
            groups.append(tuple(sorted([card, *others])))
        return groups
    if all(hand[p] for p in partners):
        return [tuple(sorted([card, *partners]))]
    return []


def allowed_takes(hand: Sequence[int], card: int, who: str) -> list[Group]:
    """Every non-winning take the rules allow ``who`` (section 6.3), except a forced single."""
    if who == OWNER:
        return []
    takes = identical_takes(hand, card)
    if who in (DRAWER, NEXT):
        takes += mixed_takes(hand, card)
    return takes


def take_level(group: Sequence[int], who: str) -> int:
    """The priority level of a non-winning take."""
    if len(group) >= 3 and group[0] == group[-1]:  # TR or QD
        return L3_IDENTICAL
    return L4_DRAWER_GROUP if who == DRAWER else L5_NEXT_MIXED


def role_refusal(group: Sequence[int], card: int, who: str) -> str | None:
    """Why ``who`` may not take ``card`` into the legal ``group`` without winning; ``None`` if allowed."""
    kind_code = group_type(group)
    if who == OWNER:
        return "the owner of the card may not claim it"
    if kind_code in IDENTICAL:
        return None
    if who == DRAWER:
        return "the drawer may not take his own drawn card for a pair" if kind_code == "PR" else None
    if who == NEXT:
        if kind_code in ("PR", "SG", "SF"):
            return "the next player may take only a triple, a quad or a mixed group"
        return None
    return "a player other than the drawer or the next player may take only an identical triple or quad"


# --- precomputed take candidates, for speed ------------------------------------------------------

Candidate = tuple[str, Group, tuple[tuple[int, int], ...]]
"""``(canonical take text, group, ((kind, concealed count needed), …))``."""


def _candidate(group: Group, card: int) -> Candidate:
    from cardavia.games.sisepai.cards import DECK

    used = list(group)
    used.remove(card)
    need = tuple((k, used.count(k)) for k in sorted(set(used)))
    return f"take {DECK.format(group)}", group, need


def _candidates(card: int, mixed: bool) -> tuple[Candidate, ...]:
    full = [4] * 28 + [1] * 5
    full[card] = 3
    groups = identical_takes(full, card) + (mixed_takes(full, card) if mixed else [])
    return tuple(sorted(_candidate(g, card) for g in groups))


MIXED_CANDIDATES: tuple[tuple[Candidate, ...], ...] = tuple(_candidates(k, True) for k in range(33))
"""Per public card: every take the drawer (W1) or the next player might make, sorted by text."""
IDENTICAL_CANDIDATES: tuple[tuple[Candidate, ...], ...] = tuple(_candidates(k, False) for k in range(33))
"""Per public card: the triples and quads any eligible player might make, sorted by text."""


def _passes(candidate: Candidate, hand: Sequence[int]) -> bool:
    return all(hand[k] >= n for k, n in candidate[2])


def _take_partners(card: int) -> tuple[int, int, int]:
    """The kinds besides ``card`` that its candidates need (one of each), padded to three by
    repeating the first; ``(card, card, card)`` when there are none."""
    needs = {need for candidate in MIXED_CANDIDATES[card] for need in candidate[2]}
    kinds = sorted(k for k, n in needs if k != card)
    assert all(n == 1 for k, n in needs if k != card)
    kinds = kinds or [card]
    a, b, c = kinds + [kinds[0]] * (3 - len(kinds))
    return a, b, c


TAKE_PARTNERS: tuple[tuple[int, int, int], ...] = tuple(_take_partners(k) for k in range(33))
"""Per public card ``k``: the partner kinds ``(a, b, c)`` that, with the concealed count of ``k``
(0-3: one copy is public), decide which candidates a hand passes; see ``MIXED_TAKES``."""


def _takes_by_key(card: int, candidates: tuple[Candidate, ...]) -> tuple[tuple[str, ...], ...]:
    table = []
    for key in range(32):
        hand = [0] * 33
        for bit, partner in enumerate(TAKE_PARTNERS[card]):
            if key >> (2 + bit) & 1:
                hand[partner] = 1
        hand[card] = key & 3
        table.append(tuple(c[0] for c in candidates if _passes(c, hand)))
    return tuple(table)


MIXED_TAKES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    _takes_by_key(k, MIXED_CANDIDATES[k]) for k in range(33))
"""``MIXED_TAKES[k][n + 4 * (A + 2 * B + 4 * C)]``: the texts of the ``MIXED_CANDIDATES[k]`` that a
hand passes when it holds ``n`` concealed ``k`` and ``A``, ``B``, ``C`` (1 or 0) tell whether it
holds the partners ``TAKE_PARTNERS[k]``. Sorted by text."""
IDENTICAL_TAKES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    _takes_by_key(k, IDENTICAL_CANDIDATES[k])[:4] for k in range(33))
"""``IDENTICAL_TAKES[k][n]``: the texts of the ``IDENTICAL_CANDIDATES[k]`` open to ``n`` concealed ``k``."""
TAKE_GROUPS: dict[str, Group] = {text: g for cands in MIXED_CANDIDATES for text, g, _ in cands}
"""The group of every canonical take text."""
for _single in (*range(0, 28, 7), *range(28, 33)):
    TAKE_GROUPS[_candidate((_single,), _single)[0]] = (_single,)


def priority_key(owner: int, window: str, seat: int, answer: str) -> tuple[int, int] | None:
    """Section 6.5 as a sort key (lower wins): ``(level, turn distance from the owner)``.

    ``answer`` is ``pass`` (no claim), ``win``, or a canonical take text. Only wins can tie on the
    level; the distance then gives turn order from ``next(owner)``, the drawer's own win first.
    """
    if answer == "pass":
        return None
    distance = (seat - owner) % SEATS
    if answer == "win":
        return (L1_DRAWER_WIN, 0) if distance == 0 and window == W1 else (L2_WIN, distance)
    group = TAKE_GROUPS[answer]
    return take_level(group, role(seat, owner, window)), distance
