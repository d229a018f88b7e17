"""The comparison of an Origin (or Referer) with the Host: what counts as this site."""

from __future__ import annotations

import pytest

from cardavia.web.origin import same_origin


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("http://testserver", "testserver"),
        ("https://Example.org", "example.org:443"),
        ("http://example.org:80", "example.org"),
        ("https://example.org:8443", "example.org:8443"),
        ("http://127.0.0.1:8000/games/sisepai?x=1", "127.0.0.1:8000"),
        ("http://[::1]:8000", "[::1]:8000"),
    ],
)
def test_the_same_host_and_port(url: str, host: str) -> None:
    assert same_origin(url, host)


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("https://evil.example", "example.org"),
        ("https://example.org.evil.example", "example.org"),
        ("http://example.org", "example.org:8000"),
        ("https://example.org", "example.org:80"),
        ("http://example.org:99999", "example.org"),
        ("null", "example.org"),
        ("ftp://example.org", "example.org"),
        ("example.org", "example.org"),
        ("http://example.org", ""),
    ],
)
def test_another_host_or_port_or_nonsense(url: str, host: str) -> None:
    assert not same_origin(url, host)
