"""Saved games on disk (docs/saves.md): atomic saves that survive ``kill -9``, the format
version and hash checked on ``--resume`` and ``replay``, ``--force``, the autosave and
the offer to save on ``quit`` and Ctrl-C, and a bad ``--save`` refused before the
first move."""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core.replay import Replay, run_replay, verify
from tests.terminal import foreground_signals

runner = CliRunner()
GAME = ["play", "clash", "--p1", "greedy", "--p2", "greedy", "--seed", "11", "--lang", "en"]
"""A short game between agents (59 actions, a save after each)."""


def cli(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def ok(*args: str, input: str | None = None) -> Any:
    result = cli(*args, input=input)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def refused(*args: str, input: str | None = None) -> str:
    result = cli(*args, input=input)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith(("Ошибка", "Error"))]
    assert len(errors) == 1, result.output
    return errors[0]


def documented_hash(doc: dict[str, Any]) -> str:
    """The hash docs/saves.md describes: sha256 of the canonical JSON without "hash"."""
    body = {k: v for k, v in doc.items() if k != "hash"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def whole_save(path: Path, game: str) -> dict[str, Any]:
    """A save that is complete JSON of this game, of format version 1, hash matching."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["game"] == game and doc["format"] == "cardtable-save"
    assert doc["format_version"] == 1 and doc["hash"] == documented_hash(doc)
    return doc


def _run_cli(argv: list[str]) -> None:
    """A child process running the command line (its output thrown away)."""
    sys.stdout = sys.__stdout__ = open(os.devnull, "w")  # noqa: SIM115
    sys.stderr = sys.__stderr__ = open(os.devnull, "w")  # noqa: SIM115
    with contextlib.suppress(SystemExit):
        app(argv)


# --- atomic saves ------------------------------------------------------------------------
def saved_actions(path: Path) -> int:
    """How many actions a save being written holds so far (-1: none readable yet)."""
    try:
        return len(json.loads(path.read_text(encoding="utf-8"))["actions"])
    except (OSError, ValueError, KeyError, TypeError):
        return -1


def check_killed_save(path: Path, full: list[Any]) -> int:
    """A save left by a kill: absent (-1), or a complete save of the game so far that
    resumes; the number of its actions."""
    if not path.exists():
        return -1
    doc = whole_save(path, "clash")
    n = len(doc["actions"])
    assert doc["actions"] == full[:n], f"{path.name}: not a version of this game"
    resumed = ok("play", "clash", "--resume", str(path), "--p1", "human", input="").output
    assert f"after {n} actions" in resumed
    if n < len(full):
        assert "Input ended" in resumed or "Winner" in resumed
    verify(Replay.load(path))
    return n


def test_kill_9_at_any_moment_leaves_a_whole_save_that_resumes(tmp_path: Path) -> None:
    """docs/saves.md, "How files are written": `play --save F` killed with SIGKILL at 20
    moments spread over a game leaves F absent or a complete save (its hash matching, its
    actions a prefix of the game's), and `--resume F` goes on from it.

    Each kill hits a real process running the command line; the processes are forked
    from this one (which has loaded cardtable already), so that 20 of them fit in a few
    seconds. Kill ``i`` comes once the save holds about ``i/20`` of the game (a few
    milliseconds later for some), so the kills spread over the game however fast the
    machine is."""
    reference = tmp_path / "ref.json"
    ok(*GAME, "--save", str(reference))
    full = json.loads(reference.read_text())["actions"]
    assert full and json.loads(reference.read_text())["outcome"] is not None
    fork = multiprocessing.get_context("fork")
    seen: set[int] = set()
    deadline = time.monotonic() + 60
    for pair in range(10):  # two at a time: much of a save is waiting for the disk
        pending = {}
        for i in (2 * pair, 2 * pair + 1):
            path = tmp_path / f"k{i}.json"
            child = fork.Process(target=_run_cli, args=([*GAME, "--save", str(path)],))
            child.start()
            pending[i] = (child, path, i * (len(full) - 1) // 19)
        killed = []
        while pending:
            assert time.monotonic() < deadline, "the games did not get far enough"
            for i, (child, path, target) in list(pending.items()):
                if target and saved_actions(path) < target and child.is_alive():
                    continue
                time.sleep(0.002 * (i % 4))
                assert child.pid is not None
                os.kill(child.pid, signal.SIGKILL)
                killed.append((child, path))
                del pending[i]
            time.sleep(0.002)
        for child, path in killed:
            child.join(10)
            assert child.exitcode in (-signal.SIGKILL, 0)
            seen.add(check_killed_save(path, full))
    # a kill in the middle of a write leaves at most its hidden temporary file behind
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert all(name.startswith(".k") and ".json." in name for name in leftovers)
    assert len(leftovers) <= 20
    assert len(seen) >= 5, f"the kills should land across the game, saw {sorted(seen)}"


# --- format version and hash -------------------------------------------------------------
@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Clash game stopped after a few actions, saved by the command line."""
    path = tmp_path_factory.mktemp("saved") / "g.json"
    ok("play", "clash", "--seed", "11", "--save", str(path), input="1\n1\n1\n")
    return path


def _edited(saved: Path, tmp_path: Path, name: str, **changes: Any) -> Path:
    doc = json.loads(saved.read_text())
    doc.update(changes)
    out = tmp_path / name
    out.write_text(json.dumps(doc, ensure_ascii=False))
    return out


def test_a_save_carries_its_format_version_and_hash(saved: Path) -> None:
    """docs/saves.md, "Saved games and replays": the fields format, format_version, hash
    (sha256 of the canonical JSON without the hash)."""
    doc = json.loads(saved.read_text())
    assert doc["format"] == "cardtable-save" and doc["format_version"] == 1
    assert doc["hash"].startswith("sha256:") and doc["hash"] == documented_hash(doc)
    assert doc["agents"] == ["human", "greedy"]


def test_resume_refuses_a_changed_save_and_force_loads_it(saved: Path, tmp_path: Path) -> None:
    """docs/saves.md, "Format version and hash": a save whose hash does not match is
    refused with one message naming the file and the problem (in both languages);
    --force resumes it, warning what is wrong."""
    doc = json.loads(saved.read_text())
    bad = _edited(saved, tmp_path, "changed.json", lang=("ru" if doc["lang"] == "en" else "en"))
    line = refused("play", "clash", "--resume", str(bad), "--lang", "en")
    assert str(bad) in line and "does not match its hash" in line and "--force" in line
    ru = refused("play", "clash", "--resume", str(bad))
    assert str(bad) in ru and "контрольной суммой" in ru
    forced = cli("play", "clash", "--resume", str(bad), "--force", "--lang", "en", input="")
    assert forced.exit_code == 0, forced.output
    assert "Warning:" in forced.output and "does not match its hash" in forced.output
    assert "Resumed from" in forced.output
    whole_save(bad, "clash")  # saved again on stopping: whole and hashed


def test_resume_refuses_a_future_version_and_force_loads_it(saved: Path, tmp_path: Path) -> None:
    """docs/saves.md, "Format version and hash": a newer format version or a newer
    cardtable version is refused naming the file; --force loads it anyway."""
    doc = json.loads(saved.read_text())
    doc["format_version"] = 2
    doc["hash"] = documented_hash(doc)  # a whole file of a newer format
    future = tmp_path / "future.json"
    future.write_text(json.dumps(doc))
    line = refused("play", "clash", "--resume", str(future), "--lang", "en")
    assert str(future) in line and "format version 2" in line
    newer = json.loads(saved.read_text())
    newer["version"] = "99.0"
    newer["hash"] = documented_hash(newer)
    engine = tmp_path / "engine.json"
    engine.write_text(json.dumps(newer))
    line = refused("play", "clash", "--resume", str(engine), "--lang", "en")
    assert str(engine) in line and "99.0" in line and "newer" in line
    forced = cli("play", "clash", "--resume", str(engine), "--force", "--lang", "en", input="")
    assert forced.exit_code == 0, forced.output
    assert "Warning:" in forced.output and "99.0" in forced.output


def test_resume_refuses_a_save_of_another_game(saved: Path) -> None:
    """docs/saves.md, "Format version and hash": `play epic --resume` of a Clash save
    is refused naming the file and both games; --force plays it as Clash."""
    line = refused("play", "epic", "--resume", str(saved), "--lang", "en")
    assert str(saved) in line and "“clash”" in line and "“epic”" in line
    copy = saved.parent / "copy.json"
    copy.write_bytes(saved.read_bytes())
    forced = cli("play", "epic", "--resume", str(copy), "--force", "--lang", "en", input="")
    assert forced.exit_code == 0, forced.output
    assert "Warning:" in forced.output and "Playing “clash”" in forced.output
    assert "Clash of Decks" in forced.output


def test_replay_refuses_a_future_version_and_a_changed_file(saved: Path, tmp_path: Path) -> None:
    """docs/saves.md, "Format version and hash": `cardtable replay` of a replay written
    by cardtable 99.0 (hash matching) or of a changed file is refused naming the file;
    --force replays it anyway."""
    doc = json.loads(saved.read_text())
    doc["version"] = "99.0"
    doc["hash"] = documented_hash(doc)
    future = tmp_path / "future.json"
    future.write_text(json.dumps(doc))
    line = refused("replay", str(future), "--lang", "en")
    assert str(future) in line and "cardtable 99.0" in line
    forced = ok("replay", str(future), "--force", "--lang", "en").output
    assert "Replay verified" in forced
    plain = dict(doc)
    for key in ("format", "format_version", "hash"):
        plain.pop(key)
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(plain))  # no format version: a hand-written replay
    assert "cardtable 99.0" in refused("replay", str(hand), "--lang", "en")
    plain["version"] = "0.1.0"
    hand.write_text(json.dumps(plain))
    assert "Replay verified" in ok("replay", str(hand), "--lang", "en").output


def test_unreadable_saves_are_refused_even_with_force(tmp_path: Path) -> None:
    """docs/saves.md, "Format version and hash": an empty file or one that is not JSON
    cannot be loaded, with or without --force."""
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert "empty" in refused("play", "clash", "--resume", str(empty), "--force", "--lang", "en")
    junk = tmp_path / "junk.json"
    junk.write_text('{"game": "clash", "seed": ')
    assert "not a JSON document" in refused("replay", str(junk), "--force", "--lang", "en")


# --- quit, Ctrl-C and the autosave ---------------------------------------------------------
def test_quit_autosaves_offers_to_save_and_the_file_resumes(tmp_path: Path) -> None:
    """docs/saves.md, "Autosave": `quit` in a game without --save writes the autosave to
    the data folder (CARDTABLE_DATA_DIR), names it, offers to save to a file, and prints
    the command that resumes it; both files resume the game."""
    data = Path(os.environ["CARDTABLE_DATA_DIR"])
    mine = tmp_path / "mine.json"
    out = ok("play", "clash", "--seed", "3", "--lang", "en", input=f"1\nquit\n{mine}\n").output
    auto = data / "autosave" / "clash-3.json"
    assert f"Autosaved: {auto}" in out
    assert "Save the game to a file?" in out and f"Game saved: {mine}" in out
    assert f"To continue: cardtable play clash --resume {mine}" in out
    for path in (auto, mine):
        doc = whole_save(path, "clash")
        assert doc["agents"] == ["human", "greedy"] and doc["actions"]
    resumed = ok("play", "clash", "--resume", str(auto), "--lang", "en", input="").output
    assert f"after {len(doc['actions'])} actions" in resumed


def test_quit_keeps_the_autosave_when_no_file_is_given() -> None:
    """docs/saves.md, "Autosave": Enter at the offer keeps only the autosave, and the
    command printed resumes from it; the end of the input autosaves without asking."""
    out = ok("play", "clash", "--seed", "4", "--lang", "ru", input="1\nquit\n\n").output
    auto = Path(os.environ["CARDTABLE_DATA_DIR"]) / "autosave" / "clash-4.json"
    assert f"Автосохранение: {auto}" in out and "Сохранить партию в файл?" in out
    assert f"Продолжить: cardtable play clash --resume {auto}" in out
    whole_save(auto, "clash")
    eof = ok("play", "clash", "--seed", "6", "--lang", "en", input="").output
    assert "Input ended" in eof and "Autosaved:" in eof and "Save the game" not in eof


def test_ctrl_c_at_the_prompt_offers_to_save(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """docs/saves.md, "Autosave": Ctrl-C at a person's prompt stops the game like quit:
    autosave, the offer to save, the command to resume."""
    from rich.console import Console

    answers: list[object] = [KeyboardInterrupt(), str(tmp_path / "c.json")]

    def typed(self: Console, prompt: str = "", **_: object) -> str:
        answer = answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return str(answer)

    monkeypatch.setattr(Console, "input", typed)
    out = ok("play", "clash", "--seed", "9", "--lang", "en").output
    assert "Game stopped." in out and "Autosaved:" in out
    assert f"Game saved: {tmp_path / 'c.json'}" in out
    whole_save(tmp_path / "c.json", "clash")


def test_ctrl_c_while_agents_play_autosaves(tmp_path: Path) -> None:
    """docs/saves.md, "Autosave": SIGINT to `cardtable play` while agents move (a real
    process, no --save) writes the autosave, names it and prints the resume command; the
    autosave resumes."""
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(tmp_path / "data"))
    args = ["play", "clash", "--p1", "greedy", "--p2", "greedy", "--seed", "12", "--delay", "0.05"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli.main", *args, "--lang", "en"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=foreground_signals,
    )
    deadline = time.monotonic() + 30
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the seed line: the game has started
    assert "seed 12" in first, first
    while "(greedy)" not in proc.stdout.readline():  # an agent has moved
        assert time.monotonic() < deadline
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    auto = tmp_path / "data" / "autosave" / "clash-12.json"
    assert f"Autosaved: {auto}" in out, out[-2000:]
    assert f"To continue: cardtable play clash --resume {auto}" in out
    doc = whole_save(auto, "clash")
    assert doc["actions"] and run_replay(Replay.from_json(doc)) is not None


# --- --save checked before the first move ----------------------------------------------------
def test_save_to_a_path_that_cannot_be_written_is_refused_at_once(tmp_path: Path) -> None:
    """docs/saves.md, "Resuming": --save into a missing folder or onto a folder is refused
    before the game starts (no board drawn, no move made)."""
    missing = tmp_path / "nope" / "g.json"
    result = cli(
        "play", "clash", "--seed", "1", "--save", str(missing), "--lang", "en", input="1\n"
    )
    assert result.exit_code == 2, result.output
    assert f"--save {missing}: cannot write there" in result.output
    assert "seed 1" not in result.output and "Number or action" not in result.output
    line = refused("play", "clash", "--seed", "1", "--save", str(tmp_path), "--lang", "ru")
    assert str(tmp_path) in line and "сюда нельзя записать" in line
    assert list(tmp_path.iterdir()) == []
