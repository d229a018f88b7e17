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


# --- outputs drawn in blocks must equal outputs drawn one by one, rejections included -------------

_GAMMA = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def _unxorshift(z: int, k: int) -> int:
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x


def _seed_whose_output(t: int, value: int) -> int:
    """A seed whose ``t``-th output (1-based) is ``value``: SplitMix64's mix run backwards."""
    z = _unxorshift(value, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    state = _unxorshift(z, 30)
    return (state - t * _GAMMA) & _MASK


def _one_by_one_shuffle(rng: Rng, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def test_seed_construction_gives_the_wanted_output():
    rng = Rng(_seed_whose_output(3, _MASK))
    assert [rng.next64() == _MASK for _ in range(3)] == [False, False, True]


def test_below_rejects_an_output_above_its_limit_and_draws_again():
    seed = _seed_whose_output(1, _MASK)  # 2**64 - 1 is at or above the limit for n = 3
    rng, twin = Rng(seed), Rng(seed)
    assert twin.next64() == _MASK
    assert rng.below(3) == twin.next64() % 3
    assert rng.next64() == twin.next64()


def _check_shuffle(seed: int, size: int) -> None:
    items, expected = list(range(size)), list(range(size))
    rng, reference = Rng(seed), Rng(seed)
    rng.shuffle(items)
    _one_by_one_shuffle(reference, expected)
    assert items == expected
    assert rng.next64() == reference.next64()  # same generator state afterwards


def test_shuffle_equals_below_one_by_one_for_many_seeds_and_sizes():
    for size in (*range(0, 20), 79, 80, 117, 128, 129, 130, 256, 300):
        for seed in (0, 1, size, 2**63 + size, _MASK - size):
            _check_shuffle(seed, size)


def test_shuffle_with_a_rejected_output_equals_below_one_by_one():
    # Size 50: the 10th draw is below(41), which rejects 2**64 - 1; every later swap moves by one.
    _check_shuffle(_seed_whose_output(10, _MASK), 50)
    # Size 300: a rejection inside the second block of outputs.
    _check_shuffle(_seed_whose_output(140, _MASK), 300)
    # Size 100: 2**64 - 1 for below(64) is kept (64 divides 2**64), yet the block is redrawn.
    _check_shuffle(_seed_whose_output(37, _MASK), 100)
    # A value just under the limit of below(41) is kept.
    _check_shuffle(_seed_whose_output(10, (1 << 64) // 41 * 41 - 1), 50)


# --- outputs computed ahead in blocks must equal the plain definition, whatever the calls ---------


class _Plain:
    """SplitMix64 one output at a time, as written in the paper: the definition ``Rng`` keeps."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) // n * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n


def test_outputs_computed_ahead_equal_the_plain_stream_across_blocks() -> None:
    rng, plain = Rng(99), _Plain(99)
    # 600 draws cross the blocks of 1, 2, 4, ... 128 outputs and several full ones.
    assert [rng.next64() for _ in range(600)] == [plain.next64() for _ in range(600)]


def test_mixed_calls_equal_the_plain_stream() -> None:
    picker = Rng(5)
    for seed in (0, 1, 7, 2**63, _MASK):
        rng, plain = Rng(seed), _Plain(seed)
        for _ in range(300):
            what = picker.below(5)
            if what == 0:
                assert rng.next64() == plain.next64()
            elif what == 1:
                n = 1 + picker.below(1000)
                assert rng.below(n) == plain.below(n)
            elif what == 2:
                assert rng.random() == (plain.next64() >> 11) * (1.0 / (1 << 53))
            elif what == 3:
                size = picker.below(140)
                items, expected = list(range(size)), list(range(size))
                rng.shuffle(items)
                for i in range(size - 1, 0, -1):
                    j = plain.below(i + 1)
                    expected[i], expected[j] = expected[j], expected[i]
                assert items == expected
            else:
                label = picker.below(4)
                forked = _Plain(plain.state ^ ((label + 1) * 0xD1B54A32D192ED03 & _MASK)).next64()
                assert rng.fork(label).next64() == _Plain(forked).next64()


def test_below_rejection_inside_a_block_equals_the_plain_stream() -> None:
    seed = _seed_whose_output(20, _MASK)  # the 20th output falls inside the block of 16
    rng, plain = Rng(seed), _Plain(seed)
    assert [rng.below(3) for _ in range(40)] == [plain.below(3) for _ in range(40)]
