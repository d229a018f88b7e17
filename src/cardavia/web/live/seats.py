"""Who plays each seat of a table: a person (through their own sockets) or a computer.

A person's seat can be handed to a computer mid-deal (``cover``: the person is gone or too slow)
and given back (``uncover``); it is never given to someone else. A table with one person and
computers in the other seats is one configuration of it.
"""

from __future__ import annotations

from collections.abc import Iterable


class SeatControl:
    """The seats of a table of ``seats`` seats where ``people`` sit; every other seat is a computer's."""

    def __init__(self, seats: int, people: Iterable[int]) -> None:
        self.seats = seats
        self.people = frozenset(people)
        if not all(0 <= seat < seats for seat in self.people):
            raise ValueError(f"a person's seat must be one of 0..{seats - 1}: {sorted(self.people)}")
        self._covered: set[int] = set()

    def person_plays(self, seat: int) -> bool:
        """True when a person sits at ``seat`` and plays it now (no computer plays for them)."""
        return seat in self.people and seat not in self._covered

    def computer_plays(self, seat: int) -> bool:
        """True when a computer plays ``seat`` now (its own, or a person's it covers)."""
        return not self.person_plays(seat)

    def playing(self) -> list[int]:
        """The seats people play now, in order."""
        return [seat for seat in sorted(self.people) if seat not in self._covered]

    def sit(self, seat: int) -> None:
        """A person sits down at ``seat`` (a lobby's empty seat); ``ValueError`` if it is not one."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"a person's seat must be one of 0..{self.seats - 1}: {seat}")
        self.people = self.people | {seat}

    def cover(self, seat: int) -> None:
        """A computer plays the person's ``seat`` from now on; ``ValueError`` if nobody sits there."""
        if seat not in self.people:
            raise ValueError(f"nobody sits at seat {seat}")
        self._covered.add(seat)

    def uncover(self, seat: int) -> None:
        """The person plays ``seat`` again."""
        self._covered.discard(seat)

    def covered(self, seat: int) -> bool:
        """True when a computer plays for the person at ``seat``."""
        return seat in self._covered
