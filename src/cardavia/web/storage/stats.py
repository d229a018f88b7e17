"""A player's statistics, counted from their stored deals (``players.PlayerDeal``) and nothing else.

Per game and difficulty: finished deals, wins with the share's 95% interval (Wilson), draws, the
mean result (``engine.game.seat_result``), the best winning hand, claims made, deals that fed
another seat's win, hints asked, the mean accuracy of the reviewed deals, and the score above par
over the last ``PAR_WINDOW`` deals with a par, with its 95% interval. The *evening* is the run of
the latest deals each started less than ``EVENING_GAP`` seconds after the one before ended.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardavia.web.storage.players import PlayerDeal

PAR_WINDOW = 50
EVENING_GAP = 30 * 60
Z95 = 1.959964


def wilson(successes: int, n: int) -> list[float] | None:
    """The 95% Wilson interval of a share ``successes / n`` (None for no trials)."""
    if n == 0:
        return None
    p = successes / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def mean_interval(values: Sequence[float]) -> dict[str, Any] | None:
    """The mean of ``values`` with its 95% interval (normal approximation; None without values,
    no interval for a single one)."""
    if not values:
        return None
    n = len(values)
    mean = sum(values) / n
    if n == 1:
        return {"deals": 1, "mean": round(mean, 3), "interval": None}
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return {"deals": n, "mean": round(mean, 3), "interval": [round(mean - half, 3), round(mean + half, 3)]}


def _best(deals: Sequence[PlayerDeal]) -> float | None:
    scores = [float(d.outcome.get("score") or 0) for d in deals if d.status == "won" and d.outcome]
    return max(scores) if scores else None


def summary(deals: Sequence[PlayerDeal]) -> dict[str, Any]:
    """The statistics of ``deals`` (finished or not; only finished ones count), newest first."""
    done = [d for d in deals if d.status != "live" and d.result is not None]
    won = sum(d.status == "won" for d in done)
    reviewed = [d.accuracy for d in done if d.accuracy is not None]
    par = [d.above_par for d in done if d.above_par is not None][:PAR_WINDOW]
    results = [d.result for d in done if d.result is not None]
    return {
        "deals": len(done),
        "won": won,
        "draws": sum(d.status == "draw" for d in done),
        "win_share": round(won / len(done), 4) if done else None,
        "win_interval": wilson(won, len(done)),
        "mean_result": round(sum(results) / len(results), 3) if results else None,
        "total_result": round(sum(results), 3),
        "best_hand": _best(done),
        "claims": sum(d.claims or 0 for d in done),
        "fed": sum(bool(d.fed) for d in done),
        "hints": sum(d.hints for d in done),
        "accuracy": round(sum(reviewed) / len(reviewed), 1) if reviewed else None,
        "above_par": mean_interval(par),
    }


def evening(deals: Sequence[PlayerDeal]) -> list[PlayerDeal]:
    """The latest run of finished deals (newest first) each started less than ``EVENING_GAP``
    after the one before it ended."""
    done = [d for d in deals if d.ended is not None]
    run: list[PlayerDeal] = []
    for deal in done:
        if run and (deal.ended or 0) < run[-1].started - EVENING_GAP:
            break
        run.append(deal)
    return run


def statistics(deals: Sequence[PlayerDeal]) -> dict[str, Any]:
    """``{"games": {game: {difficulty: summary}}, "evening": summary}`` of a player's deals."""
    games: dict[str, dict[str, list[PlayerDeal]]] = {}
    for deal in deals:
        games.setdefault(deal.game, {}).setdefault(deal.difficulty, []).append(deal)
    return {
        "games": {g: {d: summary(v) for d, v in sorted(by.items())} for g, by in sorted(games.items())},
        "evening": summary(evening(deals)),
    }


def trend(deals: Sequence[PlayerDeal]) -> list[float]:
    """The scores above par of the last ``PAR_WINDOW`` deals that have one, oldest first (a chart)."""
    return [d.above_par for d in deals if d.above_par is not None][:PAR_WINDOW][::-1]
