"""Writing files so that an interruption never leaves a broken one (``docs/saves.md``).

``atomic_write_bytes`` / ``atomic_write_text`` write to a temporary file in the target's
folder, flush and fsync it, then ``os.replace`` it over the target and fsync the folder
(where the system allows): whenever the process is killed, the target is either the
previous complete file or the new complete file, never a truncated one. A caller that
rewrites one file many times a second may skip the folder's fsync (``sync_dir=False``)
for all but some of the writes: the file's data is still synced before the rename, so
after a crash of the whole system the file is an older or the newest complete version.
Appending files (results, one JSON line per record) use ``append_line``: one ``write``
of the whole line, then fsync; their readers drop a last line cut short.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import BinaryIO

TEMP_SUFFIX = ".tmp"
DATA_ENV = "CARDTABLE_DATA_DIR"
"""An environment variable naming the data folder instead of the per-user one."""


def data_dir() -> Path:
    """The per-user data folder (``CARDTABLE_DATA_DIR`` if set): autosaves, the web
    table's database and cookie key."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("cardtable", appauthor=False))


def fsync_dir(folder: str | Path) -> None:
    """Make a rename or a new file in ``folder`` durable (a no-op where folders cannot be
    opened, e.g. on Windows)."""
    flags = getattr(os, "O_DIRECTORY", None)
    if flags is None:
        return
    try:
        fd = os.open(folder, os.O_RDONLY | flags)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def temp_path(path: Path) -> Path:
    """A fresh temporary name next to ``path`` (hidden, ending in .tmp)."""
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def atomic_write_bytes(path: str | Path, data: bytes, sync_dir: bool = True) -> Path:
    """Replace ``path`` by a file holding ``data``, all at once (see the module)."""
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(target))
    temp = temp_path(target)
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        mode = None
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
        if mode is not None:
            os.chmod(temp, mode)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    os.close(fd)
    try:
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if sync_dir:
        fsync_dir(target.parent)
    return target


def atomic_write_text(
    path: str | Path, text: str, encoding: str = "utf-8", sync_dir: bool = True
) -> Path:
    """``atomic_write_bytes`` of ``text`` encoded (newlines written as given)."""
    return atomic_write_bytes(path, text.encode(encoding), sync_dir)


def check_writable(path: str | Path) -> None:
    """Raise OSError (with ``strerror`` and ``filename``) unless ``path`` can be written
    the way ``atomic_write_bytes`` writes it: not a folder, in an existing folder where
    a file can be created. Nothing is left behind."""
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(21, os.strerror(21), str(target))
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise FileNotFoundError(2, os.strerror(2), str(folder))
    temp = temp_path(target)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    os.close(fd)
    os.unlink(temp)


def append_line(out: BinaryIO, line: str, sync: bool = True) -> None:
    """Append one complete line (``line`` without its newline) to a file opened
    unbuffered for appending, in one write, and (``sync``) make it durable."""
    data = memoryview((line + "\n").encode("utf-8"))
    while data:
        written = out.write(data)
        data = data[written or 0 :]
    if sync:
        os.fsync(out.fileno())
