"""Random-play throughput and the median cost of the hot checks, for ``cardavia bench``.

A benchmarked game's spec also offers ``Benchmarked``: holdings to time and the check to time.
"""

from __future__ import annotations

import os
import resource
import statistics
import time
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from cardavia.engine.game import Game, GameSpec
from cardavia.engine.playout import random_playout
from cardavia.engine.rng import Rng

TIMED_DEALS = 200


@runtime_checkable
class Benchmarked(GameSpec, Protocol):
    """A game spec that can be benchmarked."""

    def bench_probes(self, game: Game) -> list[Any]:
        """Holdings taken from ``game`` for timing ``complete_check``."""
        ...

    def complete_check(self, probe: Any) -> object:
        """The complete-hand (Sì Sè Pái) or win-and-huxi (Paohuzi) check timed by ``bench``."""
        ...


def _median_us(samples_ns: list[int]) -> float:
    return round(statistics.median(samples_ns) / 1000, 2) if samples_ns else 0.0


def run(
    spec: Benchmarked,
    deals: int,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` random deals on this process (one core) and time the hot checks.

    Deals are played without events, as AI rollouts play them; the web table's games build them.
    """
    rng = Rng(seed)
    actions = 0
    t0, cpu0 = time.perf_counter(), time.process_time()
    for i in range(deals):
        actions += random_playout(spec.new_game(seed + i, events=False), rng)
        if progress is not None:
            progress(i + 1, deals)
    elapsed = time.perf_counter() - t0
    cpu = max(time.process_time() - cpu0, 1e-9)

    legal_ns: list[int] = []
    check_ns: list[int] = []
    probes: list[Any] = []
    for i in range(min(deals, TIMED_DEALS)):
        game = spec.new_game(seed + i)
        while (decision := game.decision()) is not None:
            for seat in decision.seats:
                start = time.perf_counter_ns()
                options = game.legal_actions(seat)
                legal_ns.append(time.perf_counter_ns() - start)
                game.apply(seat, options[rng.below(len(options))])
            probes.extend(spec.bench_probes(game))
    for probe in probes:
        start = time.perf_counter_ns()
        spec.complete_check(probe)
        check_ns.append(time.perf_counter_ns() - start)

    figures: dict[str, Any] = {
        "game": spec.name,
        "deals": deals,
        "deals_per_s": round(deals / elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
        # Throughput per second of this process's own CPU time: what one core does, whatever else
        # the machine is running (compare with the load average below).
        "deals_per_cpu_s": round(deals / cpu, 1),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "complete_check_us_median": _median_us(check_ns),
        "legal_actions_us_median": _median_us(legal_ns),
        "complete_checks_timed": len(check_ns),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    # Optional: a game may add its own figures (e.g. the size and bound of a memo cache).
    extra = getattr(spec, "bench_stats", None)
    if callable(extra):
        figures.update(extra())
    return figures
