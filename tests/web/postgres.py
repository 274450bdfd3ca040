"""A real PostgreSQL server for the web tests, started from the machine's Debian package
(``make test`` installs it where missing) in a temporary folder, on a Unix socket only,
and stopped at the end. As root the server runs as the ``postgres`` user (PostgreSQL
refuses root)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg


def server_bin() -> Path | None:
    """The folder of ``initdb``/``pg_ctl`` (Debian keeps them out of PATH), or None."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


@contextmanager
def running_server() -> Iterator[tuple[str, int]]:
    """A started server: (socket folder, port); stopped and removed afterwards."""
    bindir = server_bin()
    if bindir is None:
        raise RuntimeError("no PostgreSQL server binaries (Debian package postgresql)")
    root = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    data, sockets = root / "data", root / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        for p in (root, sockets):
            os.chown(p, user.pw_uid, user.pw_gid)
    port = _free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    subprocess.run(
        _as_server_user(
            [str(bindir / "initdb"), "-D", str(data), "-U", "cardtable", "--auth=trust", "-E",
             "UTF8", "--no-sync"]
        ),
        **quiet,  # type: ignore[arg-type]
    )  # fmt: skip
    options = f"-k {sockets} -p {port} -c listen_addresses='' -c fsync=off"
    subprocess.run(
        _as_server_user(
            [str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-l",
             str(root / "log"), "start"]
        ),
        **quiet,  # type: ignore[arg-type]
    )  # fmt: skip
    try:
        yield str(sockets), port
    finally:
        subprocess.run(
            _as_server_user([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(root, ignore_errors=True)


def new_database(sockets: str, port: int, name: str) -> str:
    """An empty database on the server; its SQLAlchemy URL."""
    with psycopg.connect(
        host=sockets, port=port, user="cardtable", dbname="postgres", autocommit=True
    ) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql+psycopg://cardtable@/{name}?host={sockets}&port={port}"
