"""A self-contained, seedable PRNG and Fisher-Yates shuffle.

Python promises only that ``random.random()`` stays the same across versions, not ``shuffle`` or
``randrange``; every shuffle that a record or a test depends on therefore goes through this module.
The generator is SplitMix64 (Steele, Lea & Flood 2014); ``below`` uses rejection sampling, so it is
unbiased. Outputs for fixed seeds are pinned by tests and must never change.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
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
        self._state = z = (self._state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``; ``n`` must be between 1 and 2**64."""
        limit = _LIMITS[n] if 0 < n < _SMALL else _rejection_limit(n)
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
        """Shuffle in place with Fisher-Yates (Durstenfeld), from the last position down.

        Each position ``i`` swaps with ``below(i + 1)``; the generator step of ``next64`` is
        written out here because it is nearly all of a deal's shuffling time.
        """
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < _SMALL else _rejection_limit(n)
            while True:
                state = z = (state + _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = state

    def fork(self, *labels: int) -> Rng:
        """Return an independent generator derived from this one's seed material and ``labels``.

        Used to give each seat or each deal its own stream without consuming this generator.
        """
        state = self._state
        for label in labels:
            state = Rng(state ^ ((label + 1) * 0xD1B54A32D192ED03 & _MASK)).next64()
        return Rng(state)
