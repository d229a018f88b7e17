"""Why an action is not allowed: reason codes with parameters (records-and-cli.md section 7).

A ``Reason`` is a code and its params (codes and numbers only, never words); the site words it in
the player's language. ``CODES`` lists the codes every engine gives, in the table's order: where
several apply, an engine gives the first. Engines may add finer codes (``FINER``), never rename one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

CODES: tuple[str, ...] = (
    "deal_over",
    "not_asked",
    "wrong_step",
    "dead_hand",
    "not_in_hand",
    "not_a_group",
    "not_complete",
    "cannot_discard",
    "drawer_no_pair",
    "role_forbids",
    "kan_locked",
    "chou",
    "chi_wrong_source",
    "bi_impossible",
    "no_discard_left",
    "win_on_discard",
    "below_min_huxi",
)
FINER: tuple[str, ...] = ("pao_needs_reveal",)
"""Paohuzi: a peng grows into a pao only on a revealed card (``params.card``)."""


@dataclass(frozen=True)
class Reason:
    """A reason code (one of ``CODES`` or ``FINER``) and its params."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in CODES and self.code not in FINER:
            raise ValueError(f"unknown reason code {self.code!r}")

    def to_json(self) -> dict[str, Any]:
        """``{"legal": false, "reason": code, "params": {...}}`` (records-and-cli.md section 7).

        >>> Reason("chou", {"card": "s7"}).to_json()
        {'legal': False, 'reason': 'chou', 'params': {'card': 's7'}}
        """
        return {"legal": False, "reason": self.code, "params": dict(self.params)}
