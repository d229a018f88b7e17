"""The precomputed take tables must give exactly the candidates a hand can afford."""

from cardavia.engine.rng import Rng
from cardavia.games.sisepai.rules import (
    IDENTICAL_CANDIDATES,
    IDENTICAL_TAKES,
    MIXED_CANDIDATES,
    MIXED_TAKES,
    TAKE_PARTNERS,
)


def _affordable(candidates, hand):
    return tuple(text for text, _, need in candidates if all(hand[k] >= n for k, n in need))


def test_take_tables_equal_filtering_the_candidates():
    rng = Rng(20261130)
    offered = 0
    for _ in range(20000):
        card = rng.below(33)
        hand = [rng.below(5) if rng.below(2) else 0 for _ in range(28)] + [rng.below(2) for _ in range(5)]
        hand[card] = rng.below(4) if card < 28 else 0  # one copy of the card is public
        a, b, c = TAKE_PARTNERS[card]
        key = hand[card] + 4 * ((hand[a] > 0) + 2 * (hand[b] > 0) + 4 * (hand[c] > 0))
        mixed = MIXED_TAKES[card][key]
        assert mixed == _affordable(MIXED_CANDIDATES[card], hand)
        assert IDENTICAL_TAKES[card][hand[card]] == _affordable(IDENTICAL_CANDIDATES[card], hand)
        offered += bool(mixed)
    assert offered > 1000  # the hands do reach takes, so the comparison is not empty


def test_partners_of_command_and_soldier_cards():
    # RA (kind 1): command group with RG (0) and RE (2); RS (6): the other colours' soldiers.
    assert TAKE_PARTNERS[1] == (0, 2, 0)
    assert TAKE_PARTNERS[6] == (13, 20, 27)
    assert MIXED_TAKES[1][0 + 4 * (1 + 2 * 1 + 4 * 1)] == ("take RG RA RE",)
