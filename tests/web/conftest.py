"""Fixtures of the web tests: an app on a fresh SQLite file, and clients with their own
cookies (each client is another person)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.web.app import Settings, create_app
from tests.web.postgres import new_database, running_server, server_bin

NO_SERVER = "PostgreSQL server not installed (Debian package postgresql; make test installs it)"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[tuple[str, int]]:
    """One real PostgreSQL server per test process (a visible skip where none can run)."""
    if server_bin() is None:
        pytest.skip(NO_SERVER)
    with running_server() as found:
        yield found


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind: a SQLite file, a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.db'}"
    sockets, port = request.getfixturevalue("pg_server")
    return new_database(sockets, port, f"t_{uuid.uuid4().hex[:12]}")


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
