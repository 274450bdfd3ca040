"""Fixtures of the web tests: an app on a fresh SQLite file, and clients with their own
cookies (each client is another person)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.web.app import Settings, create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def make_client(db_url: str) -> Iterator[Callable[..., TestClient]]:
    """``make_client()``: a new person's browser on one app (``fresh=True``: on a new app
    over the same database, as after a restart)."""
    opened: list[TestClient] = []
    apps: list[object] = []

    def make(fresh: bool = False) -> TestClient:
        if fresh or not apps:
            apps.append(create_app(Settings(database=db_url, secret="test", agent_workers=0)))
        client = TestClient(apps[-1])  # type: ignore[arg-type]
        client.__enter__()
        opened.append(client)
        client.get("/")  # the page sets the cookie
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)
