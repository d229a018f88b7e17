"""The fast memoised max-huxi search against a slow, obviously correct brute force."""

from itertools import combinations_with_replacement

import pytest

from cardavia.engine.rng import Rng
from cardavia.games.paohuzi import SPEC
from cardavia.games.paohuzi.cards import KINDS, chi_huxi, group_type, identical_huxi
from cardavia.games.paohuzi.huxi import CACHE_SIZE, NO_SPLIT, best_split, cache_info, pack, split_groups
from cardavia.games.paohuzi.melds import full_size, huxi_bound, win_huxi

# Every group a free card may be in: each chi-type group, each identical triple, each pair.
GROUPS = (
    [(g, chi_huxi(g), False) for g in combinations_with_replacement(range(KINDS), 3) if group_type(g)]
    + [((k, k, k), identical_huxi("peng", k), False) for k in range(KINDS)]
    + [((k, k), 0, True) for k in range(KINDS)]
)


def brute_split(counts: list[int], need_pair: bool, start: int = 0) -> int:
    """Try every multiset of GROUPS (each group index non-decreasing) that uses the cards exactly."""
    if not any(counts):
        return NO_SPLIT if need_pair else 0
    best = NO_SPLIT
    for i in range(start, len(GROUPS)):
        cards, huxi, is_pair = GROUPS[i]
        if is_pair and not need_pair:
            continue
        if all(counts[c] >= cards.count(c) for c in set(cards)):
            for c in cards:
                counts[c] -= 1
            rest = brute_split(counts, need_pair and not is_pair, i)
            for c in cards:
                counts[c] += 1
            if rest != NO_SPLIT:
                best = max(best, rest + huxi)
    return best


def random_free(rng: Rng, size: int) -> list[int]:
    """A random multiset of free cards: counts <= 2 except at most one kind with 3."""
    counts = [0] * KINDS
    triple = rng.below(4) == 0
    while sum(counts) < size:
        k = rng.below(KINDS)
        limit = 3 if triple and not any(n == 3 for n in counts) else 2
        if counts[k] < limit:
            counts[k] += 1
    return counts


def test_groups_table_has_every_group():
    assert sum(1 for _g, _h, pair in GROUPS if pair) == 20
    assert len(GROUPS) == 16 + 2 + 20 + 20 + 20  # sequences, 2-7-10, mixed, triples, pairs


@pytest.mark.parametrize("size", [2, 3, 5, 6, 8, 9, 11, 12, 14])
def test_fast_search_equals_brute_force(size):
    rng = Rng(size)
    wins = 0
    for _ in range(150):
        counts = random_free(rng, size)
        for need_pair in (False, True):
            fast = best_split(pack(counts), need_pair)
            assert fast == brute_split(list(counts), need_pair), (counts, need_pair)
            if fast != NO_SPLIT:
                wins += 1
                groups = split_groups(pack(counts), need_pair)
                used = [0] * KINDS
                for _label, cards in groups:
                    for c in cards:
                        used[c] += 1
                assert used == counts
                assert sum(1 for label, _ in groups if label == "pair") == int(need_pair)
    if size in (3, 5, 6):
        assert wins > 0


def test_splittable_hands_agree_too():
    """Random hands built from groups (so most of them split) exercise the positive side."""
    rng = Rng(99)
    checked = 0
    for _ in range(300):
        counts = [0] * KINDS
        need_pair = rng.below(2) == 1
        picks = [g for g in GROUPS if not g[2]]
        for _ in range(3):
            cards, _h, _p = picks[rng.below(len(picks))]
            for c in cards:
                counts[c] += 1
        if need_pair:
            k = rng.below(KINDS)
            counts[k] += 2
        if max(counts) > 3 or sum(1 for n in counts if n == 3) > 1:
            continue
        fast = best_split(pack(counts), need_pair)
        assert fast == brute_split(list(counts), need_pair)
        assert fast != NO_SPLIT
        checked += 1
    assert checked > 100


def brute_win(melds, hand, card, from_other):
    """Rules 7.3 placements written out plainly, each scored by the brute-force split."""
    best = NO_SPLIT
    kans = [k for k in range(KINDS) if hand[k] >= 3]
    free = [n - 3 if n >= 3 else n for n in hand]
    meld_huxi = sum(m.huxi() for m in melds)
    meld_cards = sum(len(m.cards) for m in melds)
    fours = sum(1 for m in melds if m.kind in ("ti", "pao"))
    kan_huxi = sum(identical_huxi("kan", k) for k in kans)
    options = [(meld_huxi + kan_huxi, meld_cards + 3 * len(kans), fours, free[:])]
    options[0][3][card] += 1
    pao = identical_huxi("pao", card)
    if from_other and card in kans:
        options.append(
            (
                meld_huxi + kan_huxi - identical_huxi("kan", card) + pao,
                meld_cards + 3 * len(kans) + 1,
                fours + 1,
                free[:],
            )
        )
    for m in melds:
        if m.card == card and (m.kind == "peng" or (m.kind == "wei" and from_other)):
            options.append(
                (meld_huxi - m.huxi() + pao + kan_huxi, meld_cards + 3 * len(kans) + 1, fours + 1, free[:])
            )
    for fixed, cards, f, rest in options:
        if cards + sum(rest) != full_size(f) or max(rest) > 3:
            continue
        v = brute_split(rest, f >= 1)
        if v != NO_SPLIT:
            best = max(best, fixed + v)
    return best


def test_win_check_on_real_deal_holdings_equals_brute_force():
    """Holdings from random deals, with every card kind as the candidate, both sources."""
    rng = Rng(5)
    compared = found = 0
    for seed in range(30):
        game = SPEC.new_game(seed)
        while (decision := game.decision()) is not None:
            for s in range(3):
                if game.dead[s] or game.owed(s) != 0 or game.base(s).free_cards > 11:
                    continue
                for card in range(0, KINDS, 3):
                    if game.hands[s][card] + sum(m.cards.count(card) for m in game.melds[s]) >= 4:
                        continue
                    for from_other in (True, False):
                        fast = win_huxi(game.melds[s], game.hands[s], card, from_other)
                        assert fast == brute_win(game.melds[s], game.hands[s], card, from_other)
                        assert huxi_bound(game.base(s), card) >= fast  # the skip is safe
                        compared += 1
                        found += fast != NO_SPLIT
            seat = decision.seats[0]
            options = game.legal_actions(seat)
            game.apply(seat, options[rng.below(len(options))])
    assert compared > 1000 and found > 0


def test_memo_is_bounded():
    entries, bound = cache_info()
    assert bound == CACHE_SIZE and entries <= bound


def test_huxi_bound_never_undercuts_the_check():
    """The cheap bound used to skip win checks is an upper bound on every real-deal holding."""
    rng = Rng(17)
    reached = 0
    for seed in range(80):
        game = SPEC.new_game(seed)
        while (decision := game.decision()) is not None:
            for s in range(3):
                for card in range(KINDS):
                    if game.hands[s][card] + sum(m.cards.count(card) for m in game.melds[s]) >= 4:
                        continue
                    bound = huxi_bound(game.base(s), card)
                    for from_other in (True, False):
                        value = win_huxi(game.melds[s], game.hands[s], card, from_other)
                        assert bound >= value
                        reached += value >= 15
            seat = decision.seats[0]
            options = game.legal_actions(seat)
            game.apply(seat, options[rng.below(len(options))])
    assert reached > 0


def test_win_options_equal_the_unfiltered_check():
    """The claim options skip win searches by a bound; they must offer exactly the real wins."""
    rng = Rng(23)
    offered = 0
    for seed in range(40):
        game = SPEC.new_game(seed)
        while (decision := game.decision()) is not None:
            for card in range(KINDS):
                if (
                    sum(h[card] for h in game.hands)
                    + sum(m.cards.count(card) for ms in game.melds for m in ms)
                    >= 4
                ):
                    continue
                owner = seed % 3
                options, _plans = game.options(card, owner, "reveal")
                for p in range(3):
                    wins = not game.dead[p] and win_huxi(game.melds[p], game.hands[p], card, p != owner) >= 15
                    assert ("win" in options.get(p, ())) == wins
                    offered += wins
            seat = decision.seats[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.below(len(legal))])
    assert offered > 0
