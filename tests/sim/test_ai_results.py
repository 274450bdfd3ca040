"""``tools/ai_results.py``: the strength tables of docs/ai.md and, for runs played in
parts, each agent's CPU per decision by range of games."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("ai_results", ROOT / "tools" / "ai_results.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
A, B = "ismcts:iters=10", "greedy"


def record(key: int, specs: list[str], think: list[float], decisions: list[int]) -> dict:
    return {
        "actions": 10,
        "decisions": decisions,
        "first": 0,
        "key": str(key),
        "labels": specs,
        "reason": "health",
        "seed": key,
        "slots": [0, 1] if specs[0] == A else [1, 0],
        "specs": specs,
        "think_s": think,
        "turns": 5,
        "winners": [0],
    }


def test_cpu_ranges_follow_the_files_order_and_each_agent_across_seats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each range sums an agent's CPU and decisions over its games, whichever seat it
    took, and lists the agents in the run's order."""
    path = tmp_path / "run.jsonl"
    lines = [
        {"config": {"game": "clash", "kind": "simulate", "paired": True, "seed": 0,
                    "setup": {}, "specs": [A, B]}},
        record(0, [A, B], [1.0, 0.1], [10, 10]),
        record(1, [B, A], [0.3, 3.0], [10, 10]),
        record(2, [A, B], [2.0, 0.5], [4, 5]),
    ]  # fmt: skip
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    TOOL.main(["--ranges", "3,1", str(path)])
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"games 1–2: `{A}` 0.200, `{B}` 0.020",
        f"games 3–3: `{A}` 0.500, `{B}` 0.100",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.jsonl"], "no such file: missing.jsonl"),
        (["--ranges", "1,x", "RUN"], "--ranges takes game numbers separated by commas"),
    ],
)
def test_bad_arguments_name_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    """A missing file or a malformed range list ends with a message saying which, and
    prints no table."""
    run = tmp_path / "run.jsonl"
    run.write_text("", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        TOOL.main([str(run) if a == "RUN" else a for a in args])
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""
