"""Fixtures of rules/sisepai.md section 9 as data, position builders, and the brute-force partition."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from cardavia.games.sisepai import SPEC
from cardavia.games.sisepai.cards import DECK
from cardavia.games.sisepai.game import SisepaiGame
from cardavia.games.sisepai.melds import POINTS, group_type

# seat -> (exposed groups, concealed cards)
Fixture = dict[int, tuple[list[str], str]]

FIXTURE_A: Fixture = {
    0: ([], "RH YC YH GS WS RA WE GC RG WA WA WA RE RE RE YE YE YE YE YG"),
    1: (["RC RC RC"], "WC WH YS WS GA GE RA YH GH GH GH F2 YG GN GN GN GN"),
    2: (["WE WE WE"], "RH RH YN YN GC WH RN GA GE GE GE YA YA YA WG GS GS"),
    3: (["F1", "YG"], "RC RN WC WH YC WA RG WS WS YS YS YS RE YA WG GH RA YC"),
}
FIXTURE_B: Fixture = {
    0: ([], "RG YG RC RH RN YA YA YA GS RS YS WS WE WE WE F1 GN GN GN WH"),
    1: (["RC RC RC"], "YC WC GA RA RH YH WN GS WE YA WA GH YN RS YE WS GC"),
    2: ([], "WG YC YH YN RA RA RA GA GA GA RE RE RE RE F2 YE YE YE GG WH"),
    3: ([], "RG GC GH GN YS YS YS WA WA WA RN RN RN GE GE GE GE F3 YG WH"),
}
FIXTURE_C: Fixture = {
    0: ([], "RH YC GS WS RA WE GC RG WA YE YE YE RE RE RE GN GN GN GN F4"),
    1: ([], "YA YE WC RC GA WH RS RS WN GH GH GH WG RE YS YS YS F3 RN YN"),
    2: ([], "RG GG RC RH RN WA WA WA YS GS WS GE GE GE GE F1 YN YN YN WG"),
    3: (["RA RA RA"], "WC WH WN GC GC GC YH YH YH YH F2 RC RC WE WE WE GG"),
}
_D_OTHERS: Fixture = {
    1: ([], "YA YE WC RC GA YH RS WN GH GH GH WG WH WH WH F3 RA YN GA GE"),
    2: (["F1"], "RH RH YN YN GC WH GA GE GE WA WA WA RS RS RS YG YC YS GS"),
    3: (["WE WE WE"], "RC RN WG GG YC YH YN GC GC GC YA YA YA F2 GS WS YS"),
}
FIXTURE_D: Fixture = {0: ([], "RH YC GS WS RA WE WC RG WA YE YE YE RE RE RE GN GN GN GN F4"), **_D_OTHERS}
FIXTURE_D2: Fixture = {0: ([], "RH RG YE YE YE RE RE GN GN GN GN F4 WN WN WN RA RA YG WG GG"), **_D_OTHERS}
FIXTURE_E: Fixture = {
    0: ([], ""),
    1: (["RC RC RC", "YS WS GS", "F1", "GG", "YC YH YN", "WN WN WN WN", "YG"], "WA WA RG F2"),
    2: ([], ""),
    3: ([], ""),
}


def record(
    fixture: Fixture, stock: str, seat: int = 0, step: str = "draw", actions: list[str] | None = None
) -> dict[str, Any]:
    """A record starting at ``fixture`` with ``seat`` to ``step``; ``stock`` top first."""
    return {
        "game": "sisepai",
        "dealer": 0,
        "hands": [fixture[s][1].split() for s in range(4)],
        "melds": [fixture[s][0] for s in range(4)],
        "stock": stock.split(),
        "next": {"seat": seat, "step": step},
        "actions": actions or [],
    }


def position(fixture: Fixture, stock: str, seat: int = 0, step: str = "draw") -> SisepaiGame:
    """The game at the start of ``record(...)``."""
    return SPEC.from_position(record(fixture, stock, seat, step))


def counts(text: str) -> list[int]:
    """Counts of whitespace-separated codes."""
    return DECK.counts(DECK.parse(text))


def card_total(game: SisepaiGame) -> int:
    """Every card the state holds: hands, exposed groups, stock, dead cards and the public card."""
    total = sum(sum(h) for h in game.hands) + sum(game.exposed) + game.stock_count()
    total += sum(len(d) for d in game.discards)
    return total + (1 if game.public is not None else 0)


# --- the brute force of rules section 4.4 ---------------------------------------------------------

def _sub_multisets(counts: tuple[int, ...], first: int, size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` cards from ``counts`` that contains ``first`` (which is the smallest)."""
    kinds = [k for k in range(first, len(counts)) if counts[k]]
    out = []
    for rest in combinations_with_replacement(kinds, size - 1):
        group = (first, *rest)
        if all(group.count(k) <= counts[k] for k in set(group)):
            out.append(group)
    return out


@cache
def brute_best(counts: tuple[int, ...]) -> int | None:
    """Max points over all partitions into legal groups, by trying every group with the smallest card."""
    if not any(counts):
        return 0
    first = next(k for k, n in enumerate(counts) if n)
    best: int | None = None
    for size in (1, 2, 3, 4):
        for group in _sub_multisets(counts, first, size):
            kind_code = group_type(group)
            if kind_code is None:
                continue
            rest = list(counts)
            for k in group:
                rest[k] -= 1
            sub = brute_best(tuple(rest))
            if sub is not None and (best is None or POINTS[kind_code] + sub > best):
                best = POINTS[kind_code] + sub
    return best
