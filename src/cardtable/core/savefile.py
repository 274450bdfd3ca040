"""Saved games and replays on disk: a format version and a hash of the content
(``docs/saves.md``).

Every replay or saved game cardtable writes carries ``format`` ("cardtable-save"),
``format_version`` and ``hash`` ("sha256:" and the hex digest of the document's
canonical JSON without the ``hash`` field), and is written atomically. Reading one
checks it: a format or engine version newer than this cardtable, a hash that does not
match, or (when a game is expected) a save of another game is a problem (a catalog
``Message`` naming the file). A caller refuses the file on the first problem, or with
``force`` loads it anyway and says what is wrong. A document without ``format_version`` (a replay written by hand or by an older
cardtable) has no hash to check; replaying its actions still checks every one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable import __version__
from cardtable.core.datafile import read_text
from cardtable.core.errors import Message, ReplayError
from cardtable.core.files import atomic_write_text

FORMAT = "cardtable-save"
FORMAT_VERSION = 1
HASH_PREFIX = "sha256:"
FORCEABLE = (
    "save_bad_format",
    "save_future_format",
    "save_future_engine",
    "save_no_hash",
    "save_hash_mismatch",
    "save_wrong_game",
)
"""The problems ``force`` gets past (a file that cannot be read stays refused)."""


class SaveFileError(ReplayError):
    """A saved game or replay that is refused; ``problem`` says why (in any language)."""

    def __init__(self, problem: Message) -> None:
        super().__init__(problem)
        self.problem = problem


def content_hash(doc: Mapping[str, Any]) -> str:
    """'sha256:…' of the document's canonical JSON, its ``hash`` field left out."""
    body = {k: v for k, v in doc.items() if k != "hash"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return HASH_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()


def stamp(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The document with its format, format version and hash (recomputed)."""
    out = {k: v for k, v in doc.items() if k != "hash"}
    out["format"] = FORMAT
    out["format_version"] = FORMAT_VERSION
    out["hash"] = content_hash(out)
    return out


def dumps(doc: Mapping[str, Any]) -> str:
    """The stamped document as the text of a file."""
    return json.dumps(stamp(doc), ensure_ascii=False, indent=1) + "\n"


def write(path: str | Path, doc: Mapping[str, Any], sync_dir: bool = True) -> Path:
    """Write the stamped document atomically (OSError if it cannot be written;
    ``sync_dir`` as in ``files.atomic_write_bytes``)."""
    return atomic_write_text(path, dumps(doc), sync_dir=sync_dir)


def version_key(version: str) -> tuple[int, ...] | None:
    """'0.1.0' -> (0, 1, 0); the leading numeric parts of a version, None if none."""
    parts: list[int] = []
    for piece in str(version).split("."):
        digits = ""
        for ch in piece:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        parts.append(int(digits))
        if len(digits) != len(piece):
            break
    return tuple(parts) if parts else None


def newer_than_engine(version: str, engine: str = __version__) -> bool:
    """Whether a document's engine version is newer than this cardtable's (an
    unreadable version is not: replaying checks the document anyway)."""
    mine, theirs = version_key(engine), version_key(version)
    if mine is None or theirs is None:
        return False
    width = max(len(mine), len(theirs))
    return theirs + (0,) * (width - len(theirs)) > mine + (0,) * (width - len(mine))


def problems(doc: Mapping[str, Any], path: str, game: str | None = None) -> list[Message]:
    """Everything wrong with a saved document, most fundamental first (empty: fine)."""
    found: list[Message] = []
    fmt = doc.get("format_version")
    if fmt is not None:
        if not isinstance(fmt, int) or isinstance(fmt, bool):
            found.append(Message("save_bad_format", {"path": path, "found": fmt}))
        elif fmt > FORMAT_VERSION:
            found.append(
                Message(
                    "save_future_format",
                    {"path": path, "found": fmt, "supported": FORMAT_VERSION},
                )
            )
    version = doc.get("version")
    if version is not None and newer_than_engine(str(version)):
        found.append(
            Message("save_future_engine", {"path": path, "found": version, "ours": __version__})
        )
    saved_hash = doc.get("hash")
    if saved_hash is None:
        if fmt is not None:
            found.append(Message("save_no_hash", {"path": path}))
    elif saved_hash != content_hash(doc):
        found.append(Message("save_hash_mismatch", {"path": path}))
    if game is not None and "game" in doc and str(doc["game"]) != game:
        found.append(
            Message("save_wrong_game", {"path": path, "found": doc["game"], "wanted": game})
        )
    return found


def read(path: str | Path) -> dict[str, Any]:
    """The JSON object in a file (SaveFileError naming the file if there is none)."""
    name = str(path)
    text = read_text(path, SaveFileError)  # the shared reader: missing, unreadable, not UTF-8
    if not text.strip():
        raise SaveFileError(Message("save_empty", {"path": name}))
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:  # syntax, numbers too long, nesting too deep
        reason = str(exc) if isinstance(exc, ValueError) else "nested too deeply"
        raise SaveFileError(Message("save_not_json", {"path": name, "reason": reason})) from None
    if not isinstance(doc, dict):
        raise SaveFileError(Message("save_not_object", {"path": name}))
    return doc


def load(
    path: str | Path, game: str | None = None, force: bool = False
) -> tuple[dict[str, Any], list[Message]]:
    """A saved document and its problems: the first problem is raised as a
    SaveFileError unless ``force`` (then the caller says what is wrong)."""
    doc = read(path)
    found = problems(doc, str(path), game)
    if found and not force:
        raise SaveFileError(found[0])
    return doc, found
