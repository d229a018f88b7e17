"""How often one client may do a thing: a token bucket per client."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable


class TokenBuckets:
    """``per_minute`` tokens a minute for each client, at most ``burst`` of them saved up.

    Memory stays bounded: a client whose bucket has had time to fill up again is forgotten (a
    fresh bucket is the same), and past ``max_clients`` the one seen longest ago is.
    """

    def __init__(
        self,
        per_minute: float,
        burst: int,
        max_clients: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if per_minute <= 0 or burst < 1:
            raise ValueError("a token bucket needs a positive rate and a burst of at least 1")
        self._rate = per_minute / 60.0
        self._burst = float(burst)
        self._max_clients = max_clients
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, when)

    def take(self, client: str) -> float:
        """Spend one of ``client``'s tokens and return 0, or (spending none) the seconds until he has one."""
        now = self._clock()
        self._forget_full(now)
        tokens, when = self._buckets.pop(client, (self._burst, now))
        tokens = min(self._burst, tokens + (now - when) * self._rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self._rate
        self._buckets[client] = (tokens, now)
        while len(self._buckets) > self._max_clients:
            self._buckets.popitem(last=False)
        return wait

    def _forget_full(self, now: float) -> None:
        # Oldest first: stop at the first client seen too recently to be full for sure.
        refill = self._burst / self._rate
        while self._buckets:
            _, when = next(iter(self._buckets.values()))
            if now - when < refill:
                return
            self._buckets.popitem(last=False)

    def __len__(self) -> int:
        """How many clients are remembered."""
        return len(self._buckets)
