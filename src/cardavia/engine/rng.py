"""A self-contained, seedable PRNG and Fisher-Yates shuffle.

Python promises only that ``random.random()`` stays the same across versions, not ``shuffle`` or
``randrange``; every shuffle that a record or a test depends on therefore goes through this module.
The generator is SplitMix64 (Steele, Lea & Flood 2014); ``below`` uses rejection sampling, so it is
unbiased. Outputs for fixed seeds are pinned by tests and must never change.
"""

from __future__ import annotations

import struct
from collections.abc import MutableSequence, Sequence
from functools import cache
from typing import TypeVar

_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_GAMMA = 0x9E3779B97F4A7C15
_SMALL = 1024
T = TypeVar("T")


def _rejection_limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**64: ``below(n)`` redraws outputs at or above it."""
    if not 0 < n <= _TWO64:
        raise ValueError(f"below() needs 1 <= n <= 2**64, got {n}")
    return (_TWO64 // n) * n


_LIMITS: tuple[int, ...] = (0, *(_rejection_limit(n) for n in range(1, _SMALL)))
"""``_LIMITS[n]`` is ``_rejection_limit(n)`` for ``0 < n < _SMALL`` (deck sizes, option counts)."""

_MAX_LANES = 128
"""Outputs computed at once by ``_outputs_after`` (so ``_lanes`` caches at most 128 entries)."""


@cache
def _lanes(k: int) -> tuple[int, int, int, struct.Struct]:
    """Constants for ``k`` 128-bit lanes of one integer: 1 in every lane, 2**64 - 1 in every lane,
    ``(i + 1) * GAMMA`` in lane ``i``, and the struct that reads every lane's low 64 bits."""
    ones = sum(1 << (128 * i) for i in range(k))
    steps = sum(((i + 1) * _GAMMA) << (128 * i) for i in range(k))
    return ones, _MASK * ones, steps, struct.Struct("<" + "Q8x" * k)


def _outputs_after(state: int, k: int) -> tuple[int, ...]:
    """The next ``k`` outputs (``k <= _MAX_LANES``) of a generator in ``state``, all at once.

    A SplitMix64 state only advances by a constant, and each output is a fixed mix of its state,
    so lane ``i`` of one big integer can carry state ``i + 1`` through the mix while the other
    lanes do the same: a 64-bit value times a 64-bit constant fits in its 128-bit lane, and the
    masks drop what a shift brings in from the next lane. Same values as ``next64``, k times.
    """
    ones, low, steps, reader = _lanes(k)
    z = (state * ones + steps) & low
    z = ((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9 & low
    z = ((z ^ (z >> 27)) & low) * 0x94D049BB133111EB & low
    return reader.unpack((z ^ (z >> 31)).to_bytes(16 * k, "little"))


def _next_output(state: int) -> int:
    """The plain definition of one SplitMix64 output: that of the state after ``state``."""
    z = (state + _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 generator.

    One output costs about a dozen operations on 64- to 128-bit integers, which Python allocates
    one by one; ``_outputs_after`` computes a block of them in as many operations on one large
    integer, at a fifth of the cost each. So outputs are computed ahead in blocks (``_ahead``,
    the outputs after state ``_state``, of which ``_used`` are handed out): one output the first
    time, then blocks doubling up to ``_MAX_LANES``, so a generator drawn from a few times
    computes few. The stream is the same as one output at a time.

    >>> Rng(1).next64()
    10451216379200822465
    """

    __slots__ = ("_ahead", "_state", "_used")

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK
        self._ahead: tuple[int, ...] = ()
        self._used = 0

    def _now(self) -> int:
        """The generator's state: the one after the last output handed out."""
        return (self._state + self._used * _GAMMA) & _MASK

    def _drop_ahead(self) -> None:
        """Forget the outputs computed ahead, keeping the state (for code that reads ``_state``)."""
        self._state = self._now()
        self._ahead, self._used = (), 0

    def _refill(self) -> tuple[int, ...]:
        """Compute the next block of outputs ahead, from the current state."""
        self._state = state = self._now()
        size = min(2 * len(self._ahead), _MAX_LANES)
        # A fresh generator's first output alone, the plain way: many draw only once or twice.
        self._ahead = ahead = _outputs_after(state, size) if size else (_next_output(state),)
        self._used = 0
        return ahead

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        used, ahead = self._used, self._ahead
        if used == len(ahead):
            used, ahead = 0, self._refill()
        self._used = used + 1
        return ahead[used]

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``; ``n`` must be between 1 and 2**64."""
        limit = _LIMITS[n] if 0 < n < _SMALL else _rejection_limit(n)
        while True:
            used, ahead = self._used, self._ahead  # ``next64``, written out: random players call this
            if used == len(ahead):
                used, ahead = 0, self._refill()
            self._used = used + 1
            x = ahead[used]
            if x < limit:
                return x % n

    def random(self) -> float:
        """Return a float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place with Fisher-Yates (Durstenfeld), from the last position down.

        Position ``i`` swaps with ``below(i + 1)``. The outputs are drawn in blocks; a block in
        which ``below`` would reject an output (about once in 2**57 shuffles) is redrawn one by one.
        """
        self._drop_ahead()
        i = len(items) - 1
        while i > 0:
            k = min(i, _MAX_LANES)
            outputs = _outputs_after(self._state, k)
            if max(outputs) < _TWO64 - (i + 1):  # below(n) keeps every output under 2**64 - n
                self._state = (self._state + k * _GAMMA) & _MASK
                for z in outputs:
                    j = z % (i + 1)
                    items[i], items[j] = items[j], items[i]
                    i -= 1
            else:
                for _ in range(k):
                    j = self.below(i + 1)
                    items[i], items[j] = items[j], items[i]
                    i -= 1
                self._drop_ahead()

    def fork(self, *labels: int) -> Rng:
        """Return an independent generator derived from this one's seed material and ``labels``.

        Used to give each seat or each deal its own stream without consuming this generator.
        """
        state = self._now()
        for label in labels:
            state = _next_output(state ^ ((label + 1) * 0xD1B54A32D192ED03 & _MASK))
        return Rng(state)
