"""The Paohuzi evaluator: exact readiness against the engine, sane estimates farther out."""

from __future__ import annotations

from cardavia.ai.paohuzi import eval as ev
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK, KINDS
from cardavia.games.paohuzi.huxi import NO_SPLIT, best_split, pack


def random_group(rng: Rng) -> list[int]:
    """A random chi-type group: a run, a 2-7-10 or a jiao."""
    base = 10 * rng.below(2)
    shape = rng.below(3)
    if shape == 0:
        start = rng.below(8)
        return [base + start, base + start + 1, base + start + 2]
    if shape == 1:
        return [base + 1, base + 6, base + 9]
    n = rng.below(10)
    return [n, n, n + 10] if rng.below(2) else [n, n + 10, n + 10]


def random_seven(rng: Rng) -> list[int] | None:
    """Seven random chi-type groups (or None if they need a kind four times)."""
    cards: list[int] = []
    for _ in range(7):
        cards += random_group(rng)
    counts = DECK.counts(cards)
    return counts if all(n <= 3 for n in counts) else None


def test_a_complete_hand_minus_one_card_is_ready_and_names_its_winning_cards() -> None:
    rng = Rng(8)
    checked = 0
    while checked < 150:
        counts = random_seven(rng)
        if counts is None:
            continue
        value = best_split(pack(counts), False)
        held = [k for k in range(KINDS) if counts[k]]
        k = held[rng.below(len(held))]
        hand = list(counts)
        hand[k] -= 1
        wins = ev.winning_kinds(tuple(hand), 7, False, min(value, 15))
        assert k in wins
        for w in wins:
            more = list(hand)
            more[w] += 1
            split = best_split(pack(more), False) if max(more) <= 3 else NO_SPLIT
            assert split != NO_SPLIT and split >= min(value, 15)
        assert ev.distance(tuple(hand), 7, False, 0) == 1 <= ev.raw_distance(tuple(hand), 7, False, 0)
        checked += 1


def test_estimates_never_claim_ready_falsely_and_grow_with_swaps() -> None:
    rng = Rng(9)
    full = DECK.full_deck()
    for _ in range(200):
        rng.shuffle(full)
        hand = tuple(min(n, 2) for n in DECK.counts(full[:20]))
        size = sum(hand)
        groups = (size + 1) // 3
        if 3 * groups != size + 1:
            continue
        d = ev.raw_distance(hand, groups, False, 0)
        ready = bool(ev.winning_kinds(hand, groups, False, 0))
        assert d >= 1
        assert ready == (d == 1) or (not ready and d >= 2)
