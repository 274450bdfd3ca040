"""The database: its URL (``--database``, ``CARDTABLE_DATABASE_URL``, else a SQLite file in
the per-user data folder), the engine, and the Alembic migrations run at start-up."""

from __future__ import annotations

import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from cardtable.core.files import data_dir

ENV_URL = "CARDTABLE_DATABASE_URL"
MIGRATIONS = Path(__file__).with_name("migrations")


def default_url() -> str:
    """The embedded default: ``cardtable.db`` in the user's data folder (made if missing;
    ``CARDTABLE_DATA_DIR`` names another)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'cardtable.db'}"


def database_url(given: str | None = None) -> str:
    """The URL to use: the one given, else the environment's, else the embedded default."""
    return given or os.environ.get(ENV_URL) or default_url()


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    # WAL with NORMAL sync: a committed action survives the server's kill (it is in the
    # log file); only a crash of the whole machine may lose the last ones
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def connect(url: str) -> Engine:
    """An engine for ``url`` with the schema migrated to the newest revision."""
    sqlite = url.startswith("sqlite")
    engine = create_engine(url, pool_pre_ping=not sqlite)  # (a file needs no ping)
    if sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    upgrade(engine)
    return engine


def upgrade(engine: Engine) -> None:
    """Run the Alembic migrations up to the newest revision on ``engine``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions bound to ``engine`` (objects stay readable after commit)."""
    return sessionmaker(engine, expire_on_commit=False)
