"""Atomic writes and the saved-file checks (docs/saves.md, "How files are written" and
"Format version and hash")."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardtable.core import files, savefile
from cardtable.core.replay import Replay


def test_an_atomic_write_replaces_the_whole_file_and_keeps_its_mode(tmp_path: Path) -> None:
    """docs/saves.md, "How files are written": the new content replaces the old one at
    once, the file keeps its permissions, and no temporary file is left."""
    target = tmp_path / "a.json"
    target.write_text("old")
    target.chmod(0o640)
    files.atomic_write_text(target, "new ✓")
    assert target.read_text(encoding="utf-8") == "new ✓"
    assert target.stat().st_mode & 0o777 == 0o640
    files.atomic_write_bytes(tmp_path / "b.bin", b"\x00\x01")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.bin"]


def test_a_write_that_fails_leaves_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/saves.md, "How files are written": a write stopped half way (here the disk
    refusing the fsync) leaves the previous complete file and no temporary one."""
    target = tmp_path / "a.json"
    target.write_text("previous")

    def broken(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError, match="No space"):
        files.atomic_write_text(target, "x" * 100_000)
    assert target.read_text() == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_check_writable_names_what_is_wrong(tmp_path: Path) -> None:
    """docs/saves.md, "Resuming": a missing folder or a folder in the file's place is an
    OSError; a writable place leaves nothing behind."""
    with pytest.raises(FileNotFoundError):
        files.check_writable(tmp_path / "missing" / "g.json")
    with pytest.raises(IsADirectoryError):
        files.check_writable(tmp_path)
    files.check_writable(tmp_path / "g.json")
    assert list(tmp_path.iterdir()) == []


def test_replays_are_stamped_and_checked(tmp_path: Path) -> None:
    """docs/saves.md, "Format version and hash": Replay.save writes the format version
    and hash; Replay.load refuses a newer engine version or a changed file unless
    forced."""
    path = tmp_path / "r.json"
    Replay("clash", {}, 3).save(path)
    doc = json.loads(path.read_text())
    assert doc["format_version"] == savefile.FORMAT_VERSION
    assert doc["hash"] == savefile.content_hash(doc)
    assert Replay.load(path).seed == 3
    doc["seed"] = 4
    path.write_text(json.dumps(doc))
    with pytest.raises(savefile.SaveFileError) as caught:
        Replay.load(path)
    assert caught.value.problem.key == "save_hash_mismatch" and str(path) in str(caught.value)
    assert "контрольной суммой" in caught.value.text("ru")
    assert Replay.load(path, force=True).seed == 4
    doc["version"] = "99.0"
    doc["hash"] = savefile.content_hash(doc)
    path.write_text(json.dumps(doc))
    with pytest.raises(savefile.SaveFileError, match=r"cardtable 99\.0, newer than this one"):
        Replay.load(path)
    assert savefile.newer_than_engine("0.1.1", "0.1.0")
    assert not savefile.newer_than_engine("0.1", "0.1.0")
    assert not savefile.newer_than_engine("?", "0.1.0")
