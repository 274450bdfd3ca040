"""The solo ladder's measurements (docs/solo.md, "Difficulty by level") were made with
exactly the presets the engine plays: each results file under docs/solo/results/ names
its level and the settings it measured, and those are the level's preset written out
(clash.custom.level). Reading the files plays no game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.games.clash.solo import levels, spend_option

RESULTS = Path(__file__).resolve().parents[3] / "docs" / "solo" / "results"
FILES = sorted(RESULTS.glob("ismcts1000-L*.jsonl"))


def config(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return json.loads(f.readline())["config"]


def test_the_ladder_is_measured_at_its_checkpoints():
    """docs/solo.md compares levels 1, 4, 7 and 10: each has its results file."""
    found = {config(p)["setup"]["level"] for p in FILES}
    assert {1, 4, 7, 10} <= found


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_results_file_measured_its_levels_preset(path: Path):
    cfg = config(path)
    setup = cfg["setup"]
    level = setup["level"]
    assert path.stem == f"ismcts1000-L{level:02d}"
    assert setup["mode"] == "solo" and cfg["specs"][0] == "ismcts:iters=1000"
    assert setup["ai"] == spend_option(levels().presets[level])
