"""Reading a data file: bytes, then UTF-8 text, then a YAML, JSON or TOML document.

Every loader of the project (card data, what-if files, positions, replays and saves,
results files) reads through here, so a bad file always ends in the same way: one
``CardtableError`` of the class the loader names (``PositionError``, ``CardDataError``,
…), giving the file and where in it the problem is:

- a file that cannot be read: ``file_missing`` / ``file_unreadable``;
- bytes that are not UTF-8: ``file_encoding`` with the byte offset (a UTF-8 byte-order
  mark is allowed and dropped);
- a syntax error: ``file_syntax`` with the line and column the parser gives (every
  parser's error, and numbers too long to read or nesting too deep, end here);
- a document whose top level is not a mapping: ``file_not_mapping`` (``read_mapping``).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any, Literal

import yaml

from cardtable.core.errors import CardtableError, Message

Kind = Literal["yaml", "json", "toml"]
KINDS: dict[str, Kind] = {".toml": "toml", ".json": "json", ".jsonl": "json", ".yaml": "yaml"}
_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_END = re.compile(r"\s*\(at end of document\)\s*$")


def kind_of(path: str | Path, default: Kind = "yaml") -> Kind:
    """The document kind a file name says (``.toml``, ``.json``, ``.jsonl``; else ``default``)."""
    return KINDS.get(Path(path).suffix.lower(), default)


def read_bytes(path: str | Path, error: type[CardtableError] = CardtableError) -> bytes:
    """A file's bytes; a missing or unreadable file is an ``error`` naming it."""
    p = Path(path)
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise error.msg("file_missing", path=str(p)) from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise error.msg("file_unreadable", path=str(p), reason=reason) from None


def decode(data: bytes, source: str, error: type[CardtableError] = CardtableError) -> str:
    """UTF-8 text of ``data`` (a leading byte-order mark dropped); anything else is an
    ``error`` naming ``source``, the byte offset and the byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = exc.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        bad = data[start : start + 1].hex().upper() if start < len(data) else "EOF"
        line = data.count(b"\n", 0, start) + 1
        raise error.msg("file_encoding", path=source, offset=start, byte=bad, line=line) from None


def read_text(path: str | Path, error: type[CardtableError] = CardtableError) -> str:
    """A file's text (UTF-8); errors as ``read_bytes`` and ``decode``."""
    return decode(read_bytes(path, error), str(path), error)


def parse(
    text: str,
    kind: Kind,
    source: str,
    error: type[CardtableError] = CardtableError,
    line_offset: int = 0,
) -> Any:
    """The document in ``text``; a syntax error is an ``error`` naming ``source``, the line
    and column (``line_offset`` is added to the line: a JSON-lines file parses line by line)."""
    try:
        if kind == "json":
            return json.loads(text)
        if kind == "toml":
            return tomllib.loads(text)
        return yaml.safe_load(text)
    except json.JSONDecodeError as exc:
        raise _syntax(error, source, kind, exc.msg, exc.lineno + line_offset, exc.colno) from None
    except tomllib.TOMLDecodeError as exc:
        reason, line, column = _toml_where(str(exc), text)
        raise _syntax(error, source, kind, reason, line + line_offset, column) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        reason = str(exc.problem or exc.context or "bad syntax")
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        raise _syntax(error, source, kind, reason, line + line_offset, column) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        reason = f"character U+{char:04X} is not allowed"
        raise _syntax(error, source, kind, reason, line + line_offset, column) from None
    except yaml.YAMLError as exc:
        raise _syntax(error, source, kind, str(exc), 1 + line_offset, 1) from None
    except RecursionError:
        raise error.msg("file_too_deep", path=source) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise _syntax(error, source, kind, str(exc), 1 + line_offset, 1) from None


def read_data(
    path: str | Path, kind: Kind | None = None, error: type[CardtableError] = CardtableError
) -> Any:
    """A file's document: bytes, UTF-8 text, then ``kind`` (by default from the name:
    ``.toml``, ``.json``, anything else YAML), every failure an ``error`` naming the file."""
    text = read_text(path, error)
    return parse(text, kind or kind_of(path), str(path), error)


def read_mapping(
    path: str | Path, kind: Kind | None = None, error: type[CardtableError] = CardtableError
) -> dict[str, Any]:
    """``read_data`` for documents that are mappings at the top level (with text keys)."""
    data = read_data(path, kind, error)
    return as_mapping(data, str(path), error)


def as_mapping(
    data: Any, source: str, error: type[CardtableError] = CardtableError
) -> dict[str, Any]:
    """``data`` if it is a mapping with text keys, else an ``error`` naming ``source``."""
    if not isinstance(data, dict):
        raise error.msg("file_not_mapping", path=source, got=type_name(data))
    for k in data:
        if not isinstance(k, str):
            raise error.msg("file_key_not_text", path=source, key=repr(k))
    return data


def type_name(value: Any) -> Message:
    """The kind of a parsed value as files call it (for messages): a mapping, a list, text, …"""
    if value is None:
        key = "null"
    elif isinstance(value, bool):
        key = "bool"
    elif isinstance(value, int | float):
        key = "number"
    elif isinstance(value, str):
        key = "text"
    elif isinstance(value, list | tuple):
        key = "list"
    elif isinstance(value, dict):
        key = "mapping"
    else:
        key = "other"
    return Message(f"kind_{key}")


def _toml_where(message: str, text: str) -> tuple[str, int, int]:
    found = _TOML_WHERE.search(message)
    if found:
        return message[: found.start()], int(found.group(1)), int(found.group(2))
    if _TOML_END.search(message):
        lines = text.splitlines() or [""]
        return _TOML_END.sub("", message), len(lines), len(lines[-1]) + 1
    return message, 1, 1


def _syntax(
    error: type[CardtableError], source: str, kind: Kind, reason: str, line: int, column: int
) -> CardtableError:
    return error.msg(
        "file_syntax",
        path=source,
        kind=kind.upper(),
        line=line,
        column=column,
        reason=" ".join(reason.split()),
    )
