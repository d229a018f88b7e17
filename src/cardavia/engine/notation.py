"""The action notation of records-and-cli.md section 3: ``S<seat> <verb> [cards…]``.

The kernel splits a line into seat, verb and groups; each game checks the verb and the cards and
writes the canonical text (cards sorted inside each group, groups sorted by their card lists).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cardavia.engine.cards import Deck
from cardavia.engine.errors import NotationError

_LINE = re.compile(r"S(\d+) (\S.*)")


@dataclass(frozen=True, slots=True)
class ActionText:
    """An action split into its parts: ``verb`` and zero or more groups of cards."""

    verb: str
    groups: tuple[tuple[int, ...], ...]


def split_line(line: str, seats: int) -> tuple[int, str]:
    """Split ``"S2 take RH RH RH"`` into ``(2, "take RH RH RH")``, checking the seat number.

    >>> split_line("S2 take RH RH RH", 4)
    (2, 'take RH RH RH')
    >>> split_line("S7 pass", 4)
    Traceback (most recent call last):
    ...
    cardavia.engine.errors.NotationError: action 'S7 pass' names seat 7; seats are 0-3
    """
    if not isinstance(line, str):
        raise NotationError(f"an action must be a string, got {line!r}")
    m = _LINE.fullmatch(line.strip())
    if m is None:
        raise NotationError(f"cannot read action {line!r}: expected 'S<seat> <verb> [cards]'")
    digits = m.group(1)
    if digits not in {str(seat) for seat in range(seats)}:  # compared as text: int() refuses 4,300 digits
        raise NotationError(f"action {line!r} names seat {digits}; seats are 0-{seats - 1}")
    return int(digits), m.group(2)


def join_line(seat: int, action: str) -> str:
    """Inverse of ``split_line``."""
    return f"S{seat} {action}"


def read_action(text: str, deck: Deck) -> ActionText:
    """Read ``"chi s1 s2 s3 / s3 s4 s5"`` into a verb and canonical groups of card kinds."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, rest = words[0], " ".join(words[1:])
    if not rest:
        return ActionText(verb, ())
    groups = []
    for part in rest.split("/"):
        cards = deck.parse(part)
        if not cards:
            raise NotationError(f"empty group in action {text!r}")
        groups.append(tuple(cards))
    return ActionText(verb, tuple(sorted(groups)))


def write_action(verb: str, groups: Sequence[Sequence[int]], deck: Deck) -> str:
    """Write an action canonically: groups sorted, each group's cards sorted.

    >>> deck = Deck(["c1", "c2", "c3", "c4", "c5"], [4] * 5)
    >>> write_action("chi", [[3, 4, 2], [4, 2, 3]], deck)
    'chi c3 c4 c5 / c3 c4 c5'
    """
    if not groups:
        return verb
    parts = sorted(tuple(sorted(g)) for g in groups)
    return verb + " " + " / ".join(deck.format(g) for g in parts)
