"""Card kinds of a game's deck: codes, canonical order and counts.

Cards are ints (indices into ``Deck.codes``), which is also their canonical order. Holdings are
tuples of counts per kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardavia.engine.errors import NotationError, RecordError


class Deck:
    """The card kinds of one game: ``codes[i]`` is kind ``i``; ``copies[i]`` how many the deck has."""

    __slots__ = ("codes", "copies", "index", "size")

    def __init__(self, codes: Sequence[str], copies: Sequence[int]) -> None:
        if len(codes) != len(copies) or len(set(codes)) != len(codes):
            raise ValueError("codes must be distinct and match copies")
        self.codes: tuple[str, ...] = tuple(codes)
        self.copies: tuple[int, ...] = tuple(copies)
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        self.size: int = sum(self.copies)

    @property
    def kinds(self) -> int:
        """Number of distinct card kinds."""
        return len(self.codes)

    def card(self, code: str) -> int:
        """Return the kind of ``code``; raise ``NotationError`` for an unknown code."""
        try:
            return self.index[code]
        except KeyError:
            raise NotationError(f"unknown card code {code!r}") from None

    def parse(self, text: str) -> list[int]:
        """Read whitespace-separated codes, in any order; return them sorted canonically."""
        return sorted(self.card(code) for code in text.split())

    def parse_list(self, codes: Iterable[object]) -> list[int]:
        """Read a JSON list of code strings; return them sorted canonically."""
        cards = []
        for code in codes:
            if not isinstance(code, str):
                raise NotationError(f"card codes must be strings, got {code!r}")
            cards.append(self.card(code))
        return sorted(cards)

    def format(self, cards: Iterable[int]) -> str:
        """Write cards in canonical order, separated by single spaces."""
        return " ".join(self.codes[c] for c in sorted(cards))

    def format_list(self, cards: Iterable[int]) -> list[str]:
        """Return the codes of ``cards`` in canonical order."""
        return [self.codes[c] for c in sorted(cards)]

    def full_deck(self) -> list[int]:
        """Return every physical card of the deck, in canonical order."""
        return [kind for kind, n in enumerate(self.copies) for _ in range(n)]

    def counts(self, cards: Iterable[int]) -> list[int]:
        """Return a count per kind for ``cards``."""
        counts = [0] * len(self.codes)
        for c in cards:
            counts[c] += 1
        return counts

    def expand(self, counts: Sequence[int]) -> list[int]:
        """Inverse of ``counts``: the cards, in canonical order."""
        return [kind for kind, n in enumerate(counts) for _ in range(n)]

    def check_copies(self, counts: Sequence[int], what: str = "the position") -> None:
        """Raise ``RecordError`` if ``counts`` holds more copies of a kind than the deck has."""
        for kind, n in enumerate(counts):
            if n > self.copies[kind]:
                raise RecordError(
                    f"{what} holds {n} copies of {self.codes[kind]}; "
                    f"the deck has {self.copies[kind]}"
                )
