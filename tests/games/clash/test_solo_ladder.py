"""The ladders' measurements (docs/solo.md, "Difficulty by level" and "Co-op") were made
with exactly the presets the engine plays: each results file under docs/solo/results/
names its mode, level and the settings it measured, and those are the level's preset of
that mode written out (clash.custom.level). Reading the files plays no game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.games.clash.solo import levels, spend_option

RESULTS = Path(__file__).resolve().parents[3] / "docs" / "solo" / "results"
FILES = sorted(RESULTS.glob("ismcts1000-L*.jsonl"))
COOP_FILES = sorted(RESULTS.glob("coop-ismcts1000-L*.jsonl"))


def config(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return json.loads(f.readline())["config"]


@pytest.mark.parametrize("files", [FILES, COOP_FILES], ids=["solo", "coop"])
def test_the_ladder_is_measured_at_its_checkpoints(files: list[Path]):
    """docs/solo.md compares levels 1, 4, 7 and 10 of each ladder: each has its results
    file."""
    found = {config(p)["setup"]["level"] for p in files}
    assert {1, 4, 7, 10} <= found


MEASURED = [(p, "solo") for p in FILES] + [(p, "coop") for p in COOP_FILES]


@pytest.mark.parametrize(("path", "mode"), MEASURED, ids=[p.stem for p, _ in MEASURED])
def test_each_results_file_measured_its_levels_preset(path: Path, mode: str):
    """Solo's files measured one ISMCTS player, co-op's two, each against its mode's
    preset of the level."""
    cfg = config(path)
    setup = cfg["setup"]
    level = setup["level"]
    prefix = "" if mode == "solo" else "coop-"
    assert path.stem == f"{prefix}ismcts1000-L{level:02d}"
    assert setup["mode"] == mode
    players = cfg["specs"][::2] if mode == "coop" else cfg["specs"][:1]
    assert players == ["ismcts:iters=1000"] * len(players)
    assert setup["ai"] == spend_option(levels().preset(level, coop=mode == "coop"))
