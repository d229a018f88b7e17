"""The Paohuzi planner: its memoised search against a plain enumeration of every plan, and its sense."""

from __future__ import annotations

import itertools
import math

import pytest

from cardavia.ai.paohuzi import plan
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK, KINDS, chi_huxi, group_type, identical_huxi

from .test_paohuzi_eval import random_group

Option = tuple[int, float]


def completions(a: int, b: int) -> list[tuple[int, int, bool | None]]:
    """(missing kind, huxi, by peng; None for a wei) for the block ``a, b``, from the group rules."""
    out: list[tuple[int, int, bool | None]] = []
    for m in range(KINDS):
        cards = sorted((a, b, m))
        if a == b == m:
            out.append((m, identical_huxi("peng", m), True))
            out.append((m, identical_huxi("wei", m), None))
        elif group_type(cards) is not None:
            out.append((m, chi_huxi(cards), False))
    return out


def block_choices(a: int, b: int, per: list[float], chou: frozenset[int]) -> list[Option]:
    opts = completions(a, b)
    out = []
    for level in {h for _, h, _ in opts}:
        rate = 0.0
        for m, h, peng in opts:
            if h < level:
                continue
            if peng is None:
                rate += per[m] * plan.WEI_SHARE
            elif m not in chou:
                rate += per[m] * (1.0 if peng else plan.CHI_SHARE)
        if rate > 0:
            out.append((level, 1.0 - math.exp(-rate)))
    return out


Unit = tuple[tuple[int, ...], list[Option], str]


def all_units(pair: bool, per: list[float], chou: frozenset[int]) -> list[Unit]:
    """Every unit a plan may use: (cards, (huxi, chance) choices, kind)."""
    units: list[Unit] = []
    for cards in itertools.combinations_with_replacement(range(KINDS), 3):
        if group_type(list(cards)) is not None:
            units.append((cards, [(chi_huxi(list(cards)), 1.0)], "group"))
    for a, b in itertools.combinations_with_replacement(range(KINDS), 2):
        units.append(((a, b), block_choices(a, b, per, chou), "block"))
    if pair:
        for k in range(KINDS):
            units.append(((k, k), [(0, 1.0)], "pair"))
            units.append(((k,), [(0, 1.0 - math.exp(-per[k] * plan.SEED_SHARE))], "seed"))
    return units


def brute_force(free: list[int], groups: int, pair: bool, needed: int, unseen: list[int], reveals: int,
                chou: frozenset[int] = frozenset()) -> float:
    """The best plan's chance, by trying every multiset of units and every choice of completions."""
    total = sum(unseen)
    per = [unseen[m] / total * reveals if total and reveals else 0.0 for m in range(KINDS)]
    units = all_units(pair, per, chou)
    best = 0.0

    def fits(chosen: list[int]) -> bool:
        used = [0] * KINDS
        for i in chosen:
            for c in units[i][0]:
                used[c] += 1
        return all(used[k] <= free[k] for k in range(KINDS))

    def score(chosen: list[int]) -> None:
        nonlocal best
        pairs = sum(units[i][2] in ("pair", "seed") for i in chosen)
        if pairs != (1 if pair else 0):
            return
        for picks in itertools.product(*(units[i][1] for i in chosen)):
            if sum(h for h, _ in picks) >= needed:
                best = max(best, math.prod(p for _, p in picks))

    def search(start: int, chosen: list[int]) -> None:
        if len(chosen) == groups:
            score(chosen)
            return
        for i in range(start, len(units)):
            chosen.append(i)
            if fits(chosen):
                search(i, chosen)
            chosen.pop()

    search(0, [])
    return best


def random_case(rng: Rng) -> tuple[list[int], int, bool, int, list[int], int, frozenset[int]]:
    """A small holding built from random groups, some one card short, plus loose cards."""
    groups = 1 + rng.below(3)
    pair = rng.below(2) == 1
    size = 3 * groups - (1 if pair else 0) - 1 + rng.below(2)
    free = [0] * KINDS
    cards: list[int] = []
    for _ in range(groups):
        group = random_group(rng)
        if rng.below(2):
            group.pop(rng.below(3))
        cards += group
    deck = DECK.full_deck()
    rng.shuffle(deck)
    for c in cards + deck:
        if sum(free) == size:
            break
        if free[c] < 2:
            free[c] += 1
    unseen = [rng.below(5) for _ in range(KINDS)]
    chou = frozenset(k for k in range(KINDS) if rng.below(6) == 0)
    return free, groups, pair, rng.below(10), unseen, rng.below(20), chou


def test_the_memoised_search_finds_exactly_the_best_plan_of_a_plain_enumeration() -> None:
    rng = Rng(41)
    positive = 0
    for _ in range(60):
        free, groups, pair, needed, unseen, reveals, chou = random_case(rng)
        expected = brute_force(free, groups, pair, needed, unseen, reveals, chou)
        got = plan.Planner(unseen, reveals, chou).chance(free, groups, pair, needed)
        assert got == pytest.approx(expected, abs=1e-12), (free, groups, pair, needed, unseen, reveals)
        positive += expected > 0
    assert positive >= 20  # the cases are not all hopeless


def test_a_ready_hand_wins_by_its_waits_and_more_reveals_help() -> None:
    # s1 s2 s3 (3 huxi) + s5 s6 waiting on s4 / s7; 3 huxi needed, one group short.
    free = [0] * KINDS
    for code in ("s1", "s2", "s3", "s5", "s6"):
        free[DECK.card(code)] += 1
    unseen = [2] * KINDS
    each = 2 / sum(unseen) * 10  # expected reveals of one kind
    p = plan.Planner(unseen, 10).chance(free, 2, False, 3)
    assert p == pytest.approx(1 - math.exp(-2 * each * plan.CHI_SHARE))  # valued as a chi would be
    assert plan.Planner(unseen, 15).chance(free, 2, False, 3) > p
    assert plan.Planner(unseen, 10).chance(free, 2, False, 4) == 0.0  # no plan is worth 4 huxi
    gone = list(unseen)
    gone[DECK.card("s4")] = gone[DECK.card("s7")] = 0
    assert plan.Planner(gone, 10).chance(free, 2, False, 3) == 0.0


def test_a_complete_set_of_groups_is_certain_and_a_missing_group_is_hopeless() -> None:
    free = [0] * KINDS
    for code in ("b1", "b2", "b3", "s2", "s7", "s10"):
        free[DECK.card(code)] += 1
    assert plan.Planner([0] * KINDS, 0).chance(free, 2, False, 9) == 1.0
    loose = [0] * KINDS
    for code in ("s1", "s5", "s9", "b3", "b8"):
        loose[DECK.card(code)] += 1
    assert plan.Planner([4] * KINDS, 19).chance(loose, 2, False, 0) == 0.0  # a single never grows
    assert plan.Planner([4] * KINDS, 19).chance(loose, 1, True, 0) > 0.0  # but it can pair the winning card


def test_chou_takes_away_a_peng_but_not_the_wei_or_a_chi_with_another_kind() -> None:
    free = [0] * KINDS
    for code in ("b5", "b5", "s1", "s2"):
        free[DECK.card(code)] += 1
    unseen = [1] * KINDS
    b5 = frozenset({DECK.card("b5")})
    open_ = plan.Planner(unseen, 12).chance(free, 2, False, 0)
    stinking = plan.Planner(unseen, 12, b5).chance(free, 2, False, 0)
    assert 0 < stinking < open_
    alone = [0] * KINDS
    alone[DECK.card("b5")] = 2
    each = 1 / sum(unseen) * 12
    others = plan.WEI_SHARE + plan.CHI_SHARE  # a wei of b5, a chi with s5
    free_to_peng = plan.Planner(unseen, 12).chance(alone, 1, False, 0)
    no_peng = plan.Planner(unseen, 12, b5).chance(alone, 1, False, 0)
    assert free_to_peng == pytest.approx(1 - math.exp(-each * (1 + others)))
    assert no_peng == pytest.approx(1 - math.exp(-each * others))
