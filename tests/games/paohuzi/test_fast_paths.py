"""The engine's shortcuts against their plain definitions: the necessary conditions that skip win
searches and chi look-ups (``huxi.reach``), the memoised chi plans from bit tests, the counts read
without a holding's base, and the discard list from tables."""

from __future__ import annotations

from cardavia.engine.playout import random_playout
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi import SPEC, rules
from cardavia.games.paohuzi.cards import KINDS
from cardavia.games.paohuzi.game import DISCARD_TEXT, Phase
from cardavia.games.paohuzi.huxi import NO_SPLIT, best_split, pack, reach
from cardavia.games.paohuzi.melds import free_of, hand_owed, meld_part, target_size
from cardavia.games.paohuzi.rules import CHI_MEMO_SIZE, chi_options, chi_plans, plan_text


def random_free(rng: Rng) -> list[int]:
    """Free cards as a hand holds them outside kans: 1-17 cards, at most two of a kind."""
    counts = [0] * KINDS
    size = rng.below(17) + 1
    while sum(counts) < size:
        k = rng.below(KINDS)
        if counts[k] < 2:
            counts[k] += 1
    return counts


def grouped_free(rng: Rng) -> list[int]:
    """Sequences (and a pair, half the time) less one of their cards: that card completes them."""
    while True:
        counts = [0] * KINDS
        for _ in range(1 + rng.below(4)):
            a = rng.below(8) + 10 * rng.below(2)
            for k in (a, a + 1, a + 2):
                counts[k] += 1
        if rng.below(2):
            counts[rng.below(KINDS)] += 2
        held = [k for k in range(KINDS) if counts[k]]
        counts[held[rng.below(len(held))]] -= 1
        if max(counts) <= 2:
            return counts


def test_reach_never_rules_out_a_card_that_completes_or_can_be_chied() -> None:
    rng = Rng(41)
    completes = skipped = chied = 0
    for i in range(3000):
        counts = grouped_free(rng) if i % 2 else random_free(rng)
        win_cards, chi_cards = reach(pack(counts))
        for card in range(KINDS):
            added = pack(counts) + (1 << (2 * card))
            if any(best_split(added, need_pair) != NO_SPLIT for need_pair in (False, True)):
                completes += 1
                assert win_cards >> (2 * card) & 1, (counts, card)
            elif not win_cards >> (2 * card) & 1:
                skipped += 1
            if chi_plans(counts, card, False):
                chied += 1
                assert chi_cards >> (2 * card) & 1, (counts, card)
    assert completes > 500 and skipped > 10_000 and chied > 10_000


def test_free_cards_with_a_lonely_card_have_no_partition() -> None:
    rng = Rng(42)
    for _ in range(3000):
        counts = random_free(rng)
        if any(best_split(pack(counts), need_pair) != NO_SPLIT for need_pair in (False, True)):
            # then every card of theirs has a group, so one more card of any kind may help
            assert reach(pack(counts))[0] == sum(1 << (2 * k) for k in range(KINDS))


def test_chi_options_equal_chi_plans() -> None:
    rng = Rng(43)
    for _ in range(20_000):
        hand = [0] * KINDS
        for _ in range(rng.below(22)):
            k = rng.below(KINDS)
            if hand[k] < 3:
                hand[k] += 1
        card = rng.below(KINDS)
        if hand[card] == 3:
            continue  # the claim checks never ask for a chi on a kan's kind
        free_cards = sum(n for n in hand if n < 3)
        for needs_discard in (False, True):
            plans = chi_plans(hand, card, needs_discard, free_cards)
            offered = chi_options(free_of(pack(hand)), card, needs_discard, free_cards)
            assert list(offered.items()) == [(plan_text(p), p) for p in plans]


def test_counts_without_a_base_and_the_discard_list_follow_their_definitions() -> None:
    rng = Rng(44)
    discards = 0
    for seed in range(60):
        game = SPEC.new_game(seed, events=False)
        while (decision := game.decision()) is not None:
            for s in range(3):
                hand, melds = game.hands[s], game.melds[s]
                packed = pack(hand)
                base = game.base(s)
                assert hand_owed(meld_part(melds), packed) == base.owed
                assert base.owed == game.held(s) - target_size(game.fours(s))
                assert (free_of(packed) != 0) == any(0 < n < 3 for n in hand)
            seat = decision.seats[0]
            if game.phase == Phase.DISCARD:
                discards += 1
                hand = game.hands[seat]
                plain = sorted(DISCARD_TEXT[k] for k in range(KINDS) if 0 < hand[k] < 3)
                assert game.legal_actions(seat) == plain
            options = game.legal_actions(seat)
            game.apply(seat, options[rng.below(len(options))])
    assert discards > 500


def test_the_chi_memo_is_bounded() -> None:
    rng = Rng(46)
    for seed in range(100):
        random_playout(SPEC.new_game(seed, events=False), rng)
    assert all(len(memo) <= CHI_MEMO_SIZE for by_copies in rules._CHI_MEMO for memo in by_copies)
