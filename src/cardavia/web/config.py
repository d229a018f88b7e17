"""Server configuration and the reader's display settings (cookies)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_DB = "sqlite+aiosqlite:///cardavia.db"
DISPLAY_KEYS: tuple[str, ...] = ("contrast", "grain", "temperature")
DISPLAY_DEFAULT = 50
DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "hard")
COOKIE_MAX_AGE = 365 * 24 * 3600
# Table settings (cookies): the strip of cards the player waits for, the hint button ("auto": on
# at the easy and normal tiers, off at hard), and the sound cues (off unless chosen).
TABLE_SETTINGS: dict[str, tuple[str, ...]] = {
    "waits": ("on", "off"), "hints": ("auto", "on", "off"), "sound": ("off", "on")
}
HINTS_BY_DEFAULT: tuple[str, ...] = ("easy", "normal")


@dataclass(frozen=True)
class WebConfig:
    """How one server runs.

    ``ai_delay`` is the time (seconds) a step of play stays on screen at normal speed before the
    next one (each kind of step a multiple of it, ``pacer.STEP_TIME``; 0 turns pacing off, for
    tests and benchmarks); ``claim_timeout``
    the seconds a human has in a claim window before a timeout passes for him; ``ai_executor`` is
    ``process`` (a process pool: search never holds the event loop's GIL), ``thread`` or ``inline``.
    ``ai_tier_override`` makes every computer seat use that tier (benchmarks use ``random``).
    ``start_rate_per_minute`` is how many new tables one client (IP address) may deal a minute, with
    up to ``start_burst`` at once; 0 sets no limit.
    On a shared PostgreSQL, ``node`` names this process (in logs and in its leases; empty: the host
    name and process id) and ``lease_ttl`` is how many seconds its tables stay its own after its last
    heartbeat: how long they wait, should it die, before another process takes them over.
    ``par_runs`` is how many times the hard tier plays a finished deal to set its par (0: no pars,
    for benchmarks that measure the tables alone).
    At a table for friends, ``friends_grace`` is how many seconds after a person's last socket
    closed a computer starts playing their seat, and ``abandon_after`` how long a deal (or lobby)
    whose people have all gone waits before it is ended as abandoned; ``turn_seconds`` (tests)
    replaces the time per decision the host chose.
    """

    db_url: str = DEFAULT_DB
    ai_delay: float = 0.7
    claim_timeout: float = 30.0
    ai_executor: str = "process"
    ai_workers: int = 2
    ai_tier_override: str | None = None
    secure_cookies: bool = False
    idle_unload: float = 600.0  # seconds a table with nobody watching and nothing to do stays in memory
    table_seed: int | None = None  # tests: table ids and deal secrets from this seed, not at random
    start_rate_per_minute: int = 10
    start_burst: int = 5
    node: str = ""
    lease_ttl: float = 5.0
    par_runs: int = 4
    friends_grace: float = 20.0
    abandon_after: float = 600.0
    turn_seconds: float | None = None


def database_url(value: str | None) -> str:
    """Turn a ``--db`` value into an async SQLAlchemy URL.

    A plain path is a SQLite file; ``postgresql://`` URLs use asyncpg; full SQLAlchemy URLs pass.
    """
    if not value:
        return DEFAULT_DB
    if value.startswith(("postgresql://", "postgres://")):
        return "postgresql+asyncpg://" + value.split("://", 1)[1]
    if value.startswith("sqlite:///"):
        return "sqlite+aiosqlite:///" + value[len("sqlite:///") :]
    if "://" in value:
        return value
    return "sqlite+aiosqlite:///" + value


def clamp_percent(value: object) -> int | None:
    """An integer 0-100 read from a cookie or a form field; None when it is not one.

    A string must be one to three ASCII digits (spaces around them allowed).
    """
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and re.fullmatch(r"[0-9]{1,3}", value.strip()):
        number = int(value.strip())
    else:
        return None
    return number if 0 <= number <= 100 else None


def display_settings(cookies: Mapping[str, str]) -> dict[str, int]:
    """Contrast, grain and colour temperature (0-100, default 50) from the request's cookies."""
    result: dict[str, int] = {}
    for key in DISPLAY_KEYS:
        value = clamp_percent(cookies.get(key))
        result[key] = DISPLAY_DEFAULT if value is None else value
    return result


def table_settings(cookies: Mapping[str, str]) -> dict[str, str]:
    """The table settings from the request's cookies (the first choice of each when unset or unknown)."""
    result: dict[str, str] = {}
    for key, choices in TABLE_SETTINGS.items():
        value = cookies.get(key)
        result[key] = value if value in choices else choices[0]
    return result


def hints_on(setting: str, difficulty: str) -> bool:
    """Does the table offer the hint button, for this ``hints`` setting and the deal's tier?"""
    return setting == "on" or (setting == "auto" and difficulty in HINTS_BY_DEFAULT)
