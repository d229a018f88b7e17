"""Who plays a table and its secrets: each person's cookie secret (stored hashed), the deal's
secret (the seed of its cards and of the computers' randomness, kept in the database only)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TableInfo:
    """Who plays a table and how: its id, the owner's seat, the tier asked for, the secrets.

    ``guests`` are the people at the other seats a person plays (seat -> hashed secret); every
    seat nobody sits at is a computer's.
    """

    id: str
    seat: int
    difficulty: str
    secret_hash: str  # of the owner's cookie
    secret: str | None  # the deal's secret (None for tables stored before secrets existed)
    hints: int = 0  # hints the people at the table asked for so far
    guests: Mapping[int, str] = field(default_factory=dict)

    @property
    def people(self) -> dict[int, str]:
        """Every seat a person sits at, with the hash of their secret (the owner's first)."""
        return {self.seat: self.secret_hash, **{s: h for s, h in self.guests.items() if s != self.seat}}

    def seat_of(self, secret: str | None) -> int | None:
        """The seat of the person whose cookie secret is ``secret``, or None."""
        if secret is None:
            return None
        hashed = hash_secret(secret)
        found = None
        for seat, stored in self.people.items():  # every seat compared, in constant time each
            if secrets.compare_digest(hashed, stored):
                found = seat
        return found


def hash_secret(secret: str) -> str:
    """The stored form of a person's table secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    """A fresh per-table secret for a person's cookie."""
    return secrets.token_urlsafe(24)


def deal_seed(secret: str) -> int:
    """The seed of a deal's cards, from the deal's secret (kept in the database only)."""
    return int(secret[:16], 16)


def ai_root(secret: str | None, table_id: str) -> int:
    """The root of the computers' randomness: from the deal's secret, or for a table stored before
    secrets existed, from its id (its deal was its id's, already in the database)."""
    return int(secret[16:32], 16) if secret else int(table_id[:15], 16)
