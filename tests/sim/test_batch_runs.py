"""Batch runs and their processes (docs/saves.md, "Batch runs" and "Results files"):
Ctrl-C stops the workers, keeps the results file whole and prints the command that
resumes; workers die with a killed parent; --jobs is capped with a note; --json is the
same bytes for the same seed; a results file's torn last line is dropped with a note."""

from __future__ import annotations

import json
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
from tests.terminal import foreground_signals

runner = CliRunner()
SIM = ["simulate", "clash", "--p1", "greedy", "--p2", "random", "--seed", "7", "--lang", "en"]


def ok(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def start(args: list[str], **kw: Any) -> subprocess.Popen[str]:
    """The command line as a real process, in a session of its own (like a terminal job)."""
    return subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli.main", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=foreground_signals,
        **kw,
    )


def records(path: Path) -> int:
    """Whole records in a results file so far (every line but the header)."""
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError:
        return 0
    return max(0, len(lines) - 2)


def wait_for(check: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def lines_are_whole(path: Path) -> list[dict[str, Any]]:
    data = path.read_text(encoding="utf-8")
    assert data.endswith("\n")
    return [json.loads(line) for line in data.splitlines()]


# --- Ctrl-C ----------------------------------------------------------------------------------
def test_ctrl_c_in_simulate_prints_the_resume_command_and_resumes_to_the_same_results(
    tmp_path: Path,
) -> None:
    """docs/saves.md, "Batch runs": SIGINT to `simulate --jobs 2 --out F` (sent to its
    process group, as a terminal does) stops it with code 130, no process of it left,
    says how many games were played and prints the command that resumes; F is whole, and
    that command finishes the run with the same results as a run never interrupted."""
    out = tmp_path / "run.jsonl"
    args = [*SIM, "--games", "40", "--jobs", "2", "--out", str(out)]
    proc = start(args)
    wait_for(lambda: records(out) >= 1 or proc.poll() is not None, 40, "the first games")
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Interrupted:" in err and "of 40 games played" in err
    command = "cardtable " + " ".join(args)
    assert command in err and "resumes" in err, err
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)  # the workers are gone with it
    rows = lines_are_whole(out)
    assert "config" in rows[0] and 1 <= len(rows) - 1 < 40
    ok(*args)  # the printed command, run again
    assert len(lines_are_whole(out)) == 1 + 40
    resumed = ok(*args, "--json").stdout
    fresh = ok(*SIM, "--games", "40", "--json", "--jobs", "2").stdout
    assert resumed == fresh


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    """Ctrl-C (a KeyboardInterrupt) while game ``n + 1`` is being played (in process)."""
    from cardtable.sim import run as sim_run

    real = sim_run.play_task
    count = [0]

    def play(task: Any) -> dict[str, Any]:
        count[0] += 1
        if count[0] == n + 1:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(sim_run, "play_task", play)


@pytest.mark.parametrize(
    "command",
    [
        ["tournament", "clash", "--agent", "greedy", "--agent", "random", "--games", "4"],
        ["balance", "clash", "--decks", "ember,tide", "--agent", "random", "--games", "3"],
    ],
    ids=["tournament", "balance"],
)
def test_ctrl_c_in_tournament_and_balance_prints_the_resume_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: list[str]
) -> None:
    """docs/saves.md, "Batch runs": Ctrl-C in `tournament`/`balance --out DIR` exits with
    code 130, says how many games were played and prints the command that resumes; the
    results file is whole (resuming from it is the simulate test's)."""
    out = tmp_path / "lab"
    args = [*command, "--out", str(out), "--lang", "en"]
    _interrupt_after(monkeypatch, 3)
    result = runner.invoke(app, args)
    assert result.exit_code == 130, result.output
    assert "Interrupted: 3 of" in result.stderr
    assert "cardtable " + " ".join(args) in result.stderr
    assert len(lines_are_whole(out / "results.jsonl")) == 1 + 3


def test_ctrl_c_without_out_says_nothing_was_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/saves.md, "Batch runs": without --out, Ctrl-C says that nothing was kept (in
    the user's language) and how to make a run resumable."""
    _interrupt_after(monkeypatch, 2)
    result = runner.invoke(app, ["simulate", "clash", "--games", "10", "--lang", "ru"])
    assert result.exit_code == 130, result.output
    assert "Прервано: сыграно игр — 2 из 10." in result.stderr
    assert "--out" in result.stderr


# --- worker processes ---------------------------------------------------------------------------
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_when_the_parent_is_killed(tmp_path: Path) -> None:
    """docs/saves.md, "Batch runs": after `kill -9` of `simulate --jobs 2`, its worker
    processes are gone within a few seconds, and its results file resumes ("Results
    files")."""
    out = tmp_path / "run.jsonl"
    proc = start([*SIM, "--games", "400", "--jobs", "2", "--out", str(out)])
    try:
        wait_for(lambda: len(children(proc.pid)) >= 2, 40, "the workers to start")
        time.sleep(0.3)  # into their first games
        workers = children(proc.pid)
        assert len(workers) >= 2, workers
    finally:
        proc.kill()
        proc.communicate(timeout=30)
    wait_for(lambda: not any(alive(pid) for pid in workers), 5, "the workers to end")
    ok(*SIM, "--games", "12", "--out", str(out))  # the first 12 games of the same run
    assert len(lines_are_whole(out)) >= 1 + 12


def test_jobs_above_the_cores_and_the_games_are_capped_with_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/saves.md, "Batch runs": --jobs 500 starts no more workers than cores and
    games, and says so on stderr (the JSON on stdout is unchanged)."""
    from cardtable.sim import backends

    started: list[int] = []
    real = backends.ProcessPoolExecutor

    def pool(*args: Any, **kw: Any) -> Any:
        started.append(int(kw.get("max_workers") or args[0]))
        return real(*args, **kw)

    monkeypatch.setattr(backends, "ProcessPoolExecutor", pool)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert cores is not None
    result = ok(*SIM, "--games", "4", "--jobs", "500", "--json")
    assert all(n <= min(cores, 4) for n in started), started
    used = min(cores, 4)
    assert f"--jobs 500 is capped at {used} (" in result.stderr
    assert f"(cores on this machine: {cores})" in result.stderr or "(games to play: 4)" in (
        result.stderr
    )
    assert result.stdout == ok(*SIM, "--games", "4", "--json").stdout
    one = ok(*SIM, "--games", "1", "--jobs", "3")
    assert "--jobs 3 is capped at 1 (games to play: 1)" in one.stderr


# --- reproducible JSON -----------------------------------------------------------------------------
def test_json_is_the_same_bytes_for_the_same_seed() -> None:
    """docs/saves.md, "Batch runs": `simulate --json` and `tournament --json` print the
    same bytes twice (with any --jobs); measured times only with --timings."""
    first = ok(*SIM, "--games", "6", "--json").stdout
    assert ok(*SIM, "--games", "6", "--json").stdout == first
    assert ok(*SIM, "--games", "6", "--json", "--jobs", "2").stdout == first
    assert "seconds_per_decision" not in first
    timed = json.loads(ok(*SIM, "--games", "6", "--json", "--timings").stdout)
    assert len(timed["timings"]["seconds_per_decision"]) == 2
    tour = ["tournament", "clash", "--agent", "greedy", "--agent", "random", "--games", "2"]
    once = ok(*tour, "--json").stdout
    assert ok(*tour, "--json").stdout == once and "seconds_per_decision" not in once
    rated = json.loads(ok(*tour, "--json", "--timings").stdout)
    assert set(rated["timings"]["seconds_per_decision"]) == {"greedy", "random"}


# --- results files -----------------------------------------------------------------------------------
def test_a_torn_last_line_is_dropped_with_a_note_and_played_again(tmp_path: Path) -> None:
    """docs/saves.md, "Results files": a results file whose last line was cut short by
    a kill resumes: a note names the file and the line, the line is dropped, its game is
    played again, and the results equal a clean run's."""
    out = tmp_path / "run.jsonl"
    args = [*SIM, "--games", "6", "--out", str(out), "--json"]
    clean = ok(*args).stdout
    data = out.read_bytes()
    cut = data[: data.rstrip(b"\n").rfind(b"\n") + 1]  # the last record removed…
    out.write_bytes(cut + data[len(cut) : len(cut) + 40])  # …and 40 bytes of it put back
    result = ok(*args)
    assert f"{out}: the last line (line 7) was cut short" in result.stderr
    assert result.stdout == clean
    assert len(lines_are_whole(out)) == 1 + 6
