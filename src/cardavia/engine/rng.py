"""A self-contained, seedable PRNG and Fisher-Yates shuffle.

Python promises only that ``random.random()`` stays the same across versions, not ``shuffle`` or
``randrange``; every shuffle that a record or a test depends on therefore goes through this module.
The generator is SplitMix64 (Steele, Lea & Flood 2014); ``below`` uses rejection sampling, so it is
unbiased. Outputs for fixed seeds are pinned by tests and must never change.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """SplitMix64 generator.

    >>> Rng(1).next64()
    10451216379200822465
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``; ``n`` must be between 1 and 2**64."""
        if not 0 < n <= 1 << 64:
            raise ValueError(f"below() needs 1 <= n <= 2**64, got {n}")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """Return a float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place with Fisher-Yates (Durstenfeld), from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, *labels: int) -> Rng:
        """Return an independent generator derived from this one's seed material and ``labels``.

        Used to give each seat or each deal its own stream without consuming this generator.
        """
        state = self._state
        for label in labels:
            state = Rng(state ^ ((label + 1) * 0xD1B54A32D192ED03 & _MASK)).next64()
        return Rng(state)
