"""Trio's deck and the shapes of a winning hand."""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.engine.cards import Deck

SEATS = 3
DECK = Deck([f"c{n}" for n in range(1, 10)], [4] * 9)
DEALT = 4


def complete(counts: Sequence[int]) -> bool:
    """True when the cards (counts by kind) split into triples and exactly one pair."""
    pairs = [k for k, n in enumerate(counts) if n >= 2]
    return any(all(n % 3 == 0 for n in _minus(counts, k, 2)) for k in pairs)


def _minus(counts: Sequence[int], kind: int, n: int) -> list[int]:
    out = list(counts)
    out[kind] -= n
    return out
