"""Fixtures of the web tests: a TestClient (with its lifespan) on a temporary SQLite file."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.web.app import create_app

from .helpers import web_config


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "cardavia-test.db"


@pytest.fixture
def client_for(db_path: Path) -> Iterator[Callable[..., TestClient]]:
    """``client_for(**config)`` opens a TestClient (with its lifespan) on the test database."""
    opened: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        client = TestClient(create_app(web_config(db_path, **overrides)))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(client_for: Callable[..., TestClient]) -> TestClient:
    return client_for()
