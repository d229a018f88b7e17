import random

import pytest

from cardavia.engine.rng import Rng


def test_splitmix64_reference_value():
    # Published SplitMix64 reference: seed 0 gives 0xE220A8397B1DCDAF first.
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_pinned_stream_and_shuffle():
    rng = Rng(2026)
    assert [rng.below(100) for _ in range(8)] == PINNED_BELOW
    cards = list(range(20))
    Rng(7).shuffle(cards)
    assert cards == PINNED_SHUFFLE


def test_unaffected_by_global_random_state():
    a = list(range(50))
    Rng(5).shuffle(a)
    random.seed(999)
    random.random()
    b = list(range(50))
    Rng(5).shuffle(b)
    assert a == b


def test_below_is_in_range_and_covers_it():
    rng = Rng(3)
    seen = {rng.below(7) for _ in range(500)}
    assert seen == set(range(7))
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_is_roughly_uniform():
    counts = [[0] * 4 for _ in range(4)]
    rng = Rng(11)
    for _ in range(8000):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        for pos, item in enumerate(items):
            counts[item][pos] += 1
    for row in counts:
        for n in row:
            assert 1700 < n < 2300


def test_fork_is_independent_and_deterministic():
    base = Rng(42)
    assert base.fork(1).next64() == Rng(42).fork(1).next64()
    assert base.fork(1).next64() != base.fork(2).next64()
    before = Rng(42)
    base.fork(3)
    assert base.next64() == before.next64()


PINNED_BELOW = [51, 1, 34, 86, 41, 19, 6, 97]
PINNED_SHUFFLE = [4, 1, 2, 15, 16, 18, 9, 6, 13, 3, 8, 5, 19, 12, 17, 10, 11, 0, 14, 7]
