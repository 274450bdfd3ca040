"""Resumable results: one JSON line per finished task, written as it finishes.

The first line describes the run (its configuration); a later run with the same file
and the same configuration skips the tasks already recorded, so an interrupted batch
resumes where it stopped. A file written for another configuration is refused rather
than mixed.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import BaseModel, ConfigDict, ValidationError

from cardtable.core.carddata import schema_problem
from cardtable.core.datafile import decode, parse, read_bytes
from cardtable.core.errors import Message, SetupError
from cardtable.core.files import append_line, atomic_write_text


def _here(exc: SetupError) -> Any:
    """A syntax error's problem without the file (the message around it names the file)."""
    params = dict(exc.message.params) if isinstance(exc.message, Message) else {}
    if exc.key != "file_syntax":
        return exc
    params.pop("path", None)
    return Message("file_syntax_here", params)


class RecordDoc(BaseModel):
    """The fields every record of a results file has (``sim.tasks.play_task``); runs add
    fields of their own, kept as they are."""

    model_config = ConfigDict(extra="allow", strict=True)
    key: str
    seed: int
    specs: list[str]
    winners: list[int]
    reason: str
    first: int | None
    turns: int
    actions: int
    decisions: list[int]
    think_s: list[float]


class ResultStore:
    """Records keyed by task key, persisted to a JSON-lines file (or kept in memory)."""

    def __init__(self, path: str | Path | None, config: Mapping[str, Any]) -> None:
        self.path = Path(path) if path is not None else None
        self.config = json.loads(json.dumps(dict(config)))  # plain data, as it reads back
        self.records: dict[str, dict[str, Any]] = {}
        self._out: BinaryIO | None = None
        self._synced_at = -SYNC_EVERY
        if self.path is not None and self.path.exists() and self.path.stat().st_size:
            self._load(self.path)

    def _load(self, path: Path) -> None:
        """Read the records of an earlier run (the shared reader: bytes, UTF-8, JSON per
        line); a line cut short by an interruption at the end is dropped, anything else
        wrong is a SetupError naming the file and the line."""
        data = read_bytes(path, SetupError)
        whole, _, tail = data.rpartition(b"\n")
        if not whole and not _:
            whole, tail = data, b""  # one line without its newline
        lines = decode(whole, str(path), SetupError).split("\n") if whole else []
        if tail:
            with contextlib.suppress(SetupError):  # a last line without its newline: kept
                lines.append(decode(tail, str(path), SetupError))  # when it is whole
        header = self._line(path, lines, 1, header=True)
        if header.get("config") != self.config:
            raise SetupError.msg("results_other_run", path=str(path))
        for number in range(2, len(lines) + 1):
            if not lines[number - 1].strip():
                continue
            try:
                record = self._line(path, lines, number)
            except SetupError:
                if number == len(lines):  # a line cut short by an interruption
                    break
                raise
            self.records[record["key"]] = record

    @staticmethod
    def _line(path: Path, lines: list[str], number: int, header: bool = False) -> dict[str, Any]:
        """Line ``number`` (from 1) of a results file: the header ``{config: …}`` or a record
        with the fields every record has (``RecordDoc``)."""
        if not lines or not lines[0].strip():
            raise SetupError.msg(
                "results_not_results", path=str(path), line=1, problem=Message("results_empty")
            )
        try:
            value = parse(lines[number - 1], "json", str(path), SetupError, number - 1)
        except SetupError as exc:
            if header:
                raise SetupError.msg(
                    "results_not_results", path=str(path), line=1, problem=_here(exc)
                ) from None
            raise
        if header:
            if not isinstance(value, dict) or "config" not in value:
                raise SetupError.msg(
                    "results_not_results",
                    path=str(path),
                    line=1,
                    problem=Message("results_no_config"),
                )
            return value
        try:
            RecordDoc.model_validate(value)
        except ValidationError as exc:
            raise SetupError.msg(
                "results_bad_line", path=str(path), line=number, problem=schema_problem(exc)
            ) from None
        return dict(value)

    def __contains__(self, key: str) -> bool:
        return key in self.records

    def __len__(self) -> int:
        return len(self.records)

    def add(self, record: dict[str, Any]) -> None:
        """Keep a record and append it to the file at once: one write of the whole line
        (a new file starts with its header, written atomically), synced to disk at most
        every SYNC_EVERY seconds and on close (docs/saves.md, "Results files")."""
        self.records[record["key"]] = record
        if self.path is None:
            return
        if self._out is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists() or not self.path.stat().st_size:
                header = json.dumps({"config": self.config}, sort_keys=True) + "\n"
                atomic_write_text(self.path, header)
            else:
                repair_tail(self.path)
            self._out = self.path.open("ab", buffering=0)
        now = time.monotonic()
        sync = now - self._synced_at >= SYNC_EVERY
        append_line(self._out, json.dumps(record, sort_keys=True), sync=sync)
        if sync:
            self._synced_at = now

    def close(self) -> None:
        """Sync and close the file."""
        if self._out is not None:
            try:
                os.fsync(self._out.fileno())
            finally:
                self._out.close()
                self._out = None

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


SYNC_EVERY = 0.5
"""Seconds between fsyncs of a results file (a record not yet synced when the machine
itself stops is simply played again on resume)."""


def _tail(data: bytes) -> tuple[int, bool]:
    """Where the last line starts when the file does not end with a newline (else -1),
    and whether that line is whole JSON."""
    if not data or data.endswith(b"\n"):
        return -1, True
    cut = data.rfind(b"\n") + 1
    try:
        json.loads(data[cut:])
    except ValueError:
        return cut, False
    return cut, True


def torn_tail(path: str | Path) -> int | None:
    """The number (from 1) of a results file's last line when it was cut short by an
    interruption (no newline, not whole JSON), else None: such a line is dropped and its
    game played again."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    cut, whole = _tail(data)
    if cut < 0 or whole:
        return None
    return data.count(b"\n", 0, cut) + 1


def repair_tail(path: Path) -> None:
    """Make a results file end with a whole line before records are appended: a last
    line without its newline gets it when it is whole JSON, else is cut off (one
    truncate, synced)."""
    cut, whole = _tail(path.read_bytes())
    if cut < 0:
        return
    with path.open("r+b") as out:
        if whole:
            out.seek(0, os.SEEK_END)
            out.write(b"\n")
        else:
            out.truncate(cut)
        out.flush()
        os.fsync(out.fileno())
