"""Who plays a table and its secrets: the owner's cookie secret (stored hashed), the deal's secret
(the seed of its cards and of the computers' randomness, kept in the database only)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass


@dataclass(frozen=True)
class TableInfo:
    """Who plays a table and how: its id, the human's seat, the tier asked for, the secrets."""

    id: str
    seat: int
    difficulty: str
    secret_hash: str  # of the owner's cookie
    secret: str | None  # the deal's secret (None for tables stored before secrets existed)
    hints: int = 0  # hints the owner asked for so far


def hash_secret(secret: str) -> str:
    """The stored form of a table's owner secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    """A fresh per-table secret for the owner's cookie."""
    return secrets.token_urlsafe(24)


def deal_seed(secret: str) -> int:
    """The seed of a deal's cards, from the deal's secret (kept in the database only)."""
    return int(secret[:16], 16)


def ai_root(secret: str | None, table_id: str) -> int:
    """The root of the computers' randomness: from the deal's secret, or for a table stored before
    secrets existed, from its id (its deal was its id's, already in the database)."""
    return int(secret[16:32], 16) if secret else int(table_id[:15], 16)
