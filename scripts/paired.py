#!/usr/bin/env python3
"""Paired A/B test of an agent's constants on the same decks (the "±" figures of STRENGTH.md).

    .venv/bin/python scripts/paired.py paohuzi --challenger hard --reference normal \\
        --decks 400 --seed 8000 --b paohuzi.hard.UPGRADE=0 [--a ...] [--workers 2]

plays the duplicate match of ``cardavia arena`` twice on the same decks: A with the constants of
``--a`` (none: the code as it is), B with those of ``--b``. Each is ``module.NAME=value`` for a
module of ``cardavia.ai``, set in this process before the match (forked workers inherit it). Prints
both win shares and the mean per-deck difference B − A with its 95 % interval; a paired difference
is far tighter than comparing two arena runs, since both sides see the same cards.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType

from cardavia.ai.arena import Match, clustered_ci95, deck_win_share, play_decks
from cardavia.ai.tiers import make_agent
from cardavia.engine.errors import CardaviaError


class SettingError(ValueError):
    """A ``module.NAME=value`` that does not name a numeric constant of ``cardavia.ai``."""


def parse_setting(text: str) -> tuple[ModuleType, str, float]:
    """``module.NAME=value`` -> (module, NAME, value); raises ``SettingError``."""
    target, sep, value = text.partition("=")
    module_name, dot, name = target.rpartition(".")
    if not sep or not dot:
        raise SettingError(f"{text!r}: expected module.NAME=value, e.g. paohuzi.hard.UPGRADE=0")
    try:
        module = importlib.import_module(f"cardavia.ai.{module_name}")
    except ImportError:
        raise SettingError(f"{text!r}: no module cardavia.ai.{module_name}") from None
    old = getattr(module, name, None)
    if isinstance(old, bool) or not isinstance(old, (int, float)):
        raise SettingError(f"{text!r}: cardavia.ai.{module_name} has no numeric constant {name}")
    try:
        return module, name, float(value)
    except ValueError:
        raise SettingError(f"{text!r}: {value!r} is not a number") from None


@contextmanager
def settings(items: Sequence[tuple[ModuleType, str, float]]) -> Iterator[None]:
    """Set the constants for the duration of the block, then put the old values back."""
    old = [(module, name, getattr(module, name)) for module, name, _ in items]
    try:
        for module, name, value in items:
            setattr(module, name, value)
        yield
    finally:
        for module, name, value in reversed(old):
            setattr(module, name, value)


def main(argv: Sequence[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("game")
    parser.add_argument("--challenger", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--decks", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--a", action="append", default=[], metavar="module.NAME=value")
    parser.add_argument("--b", action="append", default=[], metavar="module.NAME=value")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        for tier in (args.challenger, args.reference):
            make_agent(args.game, tier)
        sides = [[parse_setting(s) for s in args.a], [parse_setting(s) for s in args.b]]
    except (SettingError, CardaviaError) as exc:
        print(f"paired: {exc}", file=sys.stderr)
        return 2
    if args.decks < 2:
        print("paired: --decks must be at least 2 (the interval needs two decks)", file=sys.stderr)
        return 2
    match = Match(args.game, args.challenger, args.reference, args.seed)
    shares = []
    for side in sides:
        with settings(side):
            shares.append([deck_win_share(deck) for deck in play_decks(match, args.decks, args.workers)])
    a, b = shares
    diff = [y - x for x, y in zip(a, b, strict=True)]
    low, high = clustered_ci95(diff) or (0.0, 0.0)
    mean = sum(diff) / len(diff)
    print(f"A {' '.join(args.a) or '(as is)'}: {sum(a) / len(a):.4f}")
    print(f"B {' '.join(args.b) or '(as is)'}: {sum(b) / len(b):.4f}")
    print(f"B - A: {mean:+.4f} ± {(high - low) / 2:.4f} (95%, {args.decks} decks, seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
