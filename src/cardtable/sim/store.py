"""Resumable results: one JSON line per finished task, written as it finishes.

The first line describes the run (its configuration); a later run with the same file
and the same configuration skips the tasks already recorded, so an interrupted batch
resumes where it stopped. A file written for another configuration is refused rather
than mixed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from cardtable.core.errors import SetupError


class ResultStore:
    """Records keyed by task key, persisted to a JSON-lines file (or kept in memory)."""

    def __init__(self, path: str | Path | None, config: Mapping[str, Any]) -> None:
        self.path = Path(path) if path is not None else None
        self.config = json.loads(json.dumps(dict(config)))  # plain data, as it reads back
        self.records: dict[str, dict[str, Any]] = {}
        self._out: TextIO | None = None
        if self.path is not None and self.path.exists() and self.path.stat().st_size:
            self._load(self.path)

    def _load(self, path: Path) -> None:
        lines = path.read_text(encoding="utf-8").splitlines()
        try:
            header = json.loads(lines[0])
        except (json.JSONDecodeError, IndexError):
            raise SetupError(f"{path}: not a cardtable results file (line 1)") from None
        if header.get("config") != self.config:
            raise SetupError(
                f"{path} holds results of another run (different game, agents, setup or "
                "seed): choose another output file or delete this one"
            )
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                if number == len(lines):  # a line cut short by an interruption
                    break
                raise SetupError(f"{path}: line {number} is not valid JSON") from None
            self.records[record["key"]] = record

    def __contains__(self, key: str) -> bool:
        return key in self.records

    def __len__(self) -> int:
        return len(self.records)

    def add(self, record: dict[str, Any]) -> None:
        """Keep a record and append it to the file at once."""
        self.records[record["key"]] = record
        if self.path is None:
            return
        if self._out is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fresh = not self.path.exists() or not self.path.stat().st_size
            if not fresh:
                self._trim_partial_line()
            self._out = self.path.open("a", encoding="utf-8")
            if fresh:
                self._out.write(json.dumps({"config": self.config}, sort_keys=True) + "\n")
        self._out.write(json.dumps(record, sort_keys=True) + "\n")
        self._out.flush()

    def _trim_partial_line(self) -> None:
        assert self.path is not None
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            self.path.write_bytes(data[: data.rfind(b"\n") + 1])

    def close(self) -> None:
        """Close the file."""
        if self._out is not None:
            self._out.close()
            self._out = None

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
