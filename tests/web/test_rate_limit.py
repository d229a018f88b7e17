"""The token buckets behind the limit on new deals: rate, burst, waits, and bounded memory."""

from __future__ import annotations

import pytest

from cardavia.web.rate_limit import TokenBuckets


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_one_token_every_six_seconds_at_ten_a_minute() -> None:
    clock = Clock()
    buckets = TokenBuckets(10, 5, clock=clock)
    assert [buckets.take("a") for _ in range(5)] == [0.0] * 5
    assert buckets.take("a") == pytest.approx(6.0)
    clock.now += 3
    assert buckets.take("a") == pytest.approx(3.0)  # a refusal spends nothing
    clock.now += 3
    assert buckets.take("a") == 0.0
    assert buckets.take("a") == pytest.approx(6.0)
    assert buckets.take("b") == 0.0  # every client has his own bucket


def test_over_a_minute_no_more_than_the_burst_and_the_rate() -> None:
    clock = Clock()
    buckets = TokenBuckets(10, 5, clock=clock)
    granted = 0
    for _ in range(600):  # one try every 0.1 s for a minute
        granted += buckets.take("a") == 0.0
        clock.now += 0.1
    assert granted <= 5 + 10


def test_clients_are_forgotten_once_their_bucket_is_full_again() -> None:
    clock = Clock()
    buckets = TokenBuckets(10, 5, clock=clock)
    for n in range(100):
        buckets.take(f"10.0.0.{n}")
    assert len(buckets) == 100
    clock.now += 30  # 5 tokens at 10 a minute: every bucket is full again
    buckets.take("10.0.1.1")
    assert len(buckets) == 1


def test_at_most_max_clients_are_remembered() -> None:
    clock = Clock()
    buckets = TokenBuckets(10, 5, max_clients=50, clock=clock)
    for n in range(200):
        buckets.take(f"client {n}")
    assert len(buckets) == 50
