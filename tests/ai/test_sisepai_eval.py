"""The Sì Sè Pái evaluator against the engine's exhaustive partition search."""

from __future__ import annotations

from cardavia.ai.sisepai import eval as ev
from cardavia.engine.rng import Rng
from cardavia.games.sisepai import melds
from cardavia.games.sisepai.cards import DECK, KINDS, is_single


def random_group(rng: Rng) -> list[int]:
    c = rng.below(4)
    shape = rng.below(9)
    if shape == 0:
        return [7 * c]
    if shape == 1:
        return [28 + rng.below(5)]
    if shape in (2, 3, 4):
        return [7 * c + 1 + rng.below(6)] * (shape)
    if shape == 5:
        return [7 * c, 7 * c + 1, 7 * c + 2]
    if shape == 6:
        return [7 * c + 3, 7 * c + 4, 7 * c + 5]
    if shape == 7:
        colours = [0, 1, 2, 3]
        rng.shuffle(colours)
        return [7 * x + 6 for x in colours[:3]]
    return [6, 13, 20, 27]


def complete_hand(rng: Rng) -> list[int]:
    """A random 21-card holding that splits into groups, within the deck's copies."""
    while True:
        cards: list[int] = []
        while len(cards) < 21:
            cards += random_group(rng)
        counts = DECK.counts(cards)
        if len(cards) == 21 and all(counts[k] <= DECK.copies[k] for k in range(KINDS)):
            return counts


def test_complete_with_agrees_with_the_engine_on_random_hands() -> None:
    rng = Rng(3)
    full = DECK.full_deck()
    for _ in range(150):
        rng.shuffle(full)
        hand = DECK.counts(full[:20])
        judged = ev.Hand(hand)
        for k in range(KINDS):
            if hand[k] < DECK.copies[k]:
                after = list(hand)
                after[k] += 1
                assert judged.complete_with(k) == (melds.best_score(after) is not None)


def test_one_card_short_of_a_complete_hand_is_distance_one_with_the_best_points() -> None:
    rng = Rng(4)
    for _ in range(300):
        counts = complete_hand(rng)
        held = [k for k in range(KINDS) if counts[k]]
        k = held[rng.below(len(held))]
        hand = list(counts)
        hand[k] -= 1
        judged = ev.Hand(hand)
        assert judged.judge().distance == 1
        assert judged.complete_with(k)
        assert judged.changed(k, +1, 0).points == melds.best_score(counts)


def test_distance_grows_by_at_most_one_per_replaced_card() -> None:
    rng = Rng(5)
    movable = [k for k in range(KINDS) if not is_single(k)]
    for _ in range(200):
        counts = complete_hand(rng)
        held = [k for k in range(KINDS) if counts[k]]
        hand = list(counts)
        hand[held[rng.below(len(held))]] -= 1
        for swaps in range(1, 3):
            out = [k for k in movable if hand[k]]
            if not out:
                break
            hand[out[rng.below(len(out))]] -= 1
            free = [k for k in movable if hand[k] < DECK.copies[k]]
            hand[free[rng.below(len(free))]] += 1
            assert 1 <= ev.Hand(hand).judge().distance <= 1 + swaps


def test_useful_cards_are_exactly_the_winning_cards_of_a_ready_hand() -> None:
    rng = Rng(6)
    for _ in range(100):
        counts = complete_hand(rng)
        held = [k for k in range(KINDS) if counts[k]]
        hand = list(counts)
        hand[held[rng.below(len(held))]] -= 1
        unseen = [DECK.copies[k] - hand[k] for k in range(KINDS)]
        total, kinds = ev.Hand(hand).useful(unseen)
        winners = [k for k in range(KINDS) if unseen[k] and melds.best_score(
            [hand[i] + (i == k) for i in range(KINDS)]) is not None]
        assert kinds == winners
        assert total == sum(unseen[k] for k in winners)
