"""A real ``cardtable serve`` process for the tests: started on a free loopback port,
killed by the test."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(
    db: str | None, port: int, home: Path, workers: int = 1, extra: tuple[str, ...] = ()
) -> subprocess.Popen[str]:
    """``cardtable serve`` on loopback with its data folder in ``home`` (``db`` None: the
    embedded default there); returns once it answers."""
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(home / "data"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli.main", "serve", "--port", str(port),
         *(("--database", db) if db else ()), "--agent-workers", str(workers), "--lang", "en",
         *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except httpx2.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")
