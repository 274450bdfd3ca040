"""Every game's rules index (docs/rules/<game>.md) is complete and current.

Runs the logic of ``tools/rules_index.py --check`` for each game package under
src/cardtable/games/. On failure, regenerate with ``python tools/rules_index.py <game>``
and add any missing rule id to the index.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("rules_index", ROOT / "tools" / "rules_index.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("rules_index", module)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
GAMES = TOOL.games(ROOT)


def test_there_are_games() -> None:
    assert GAMES, "no game package found under src/cardtable/games/"


@pytest.mark.parametrize("game", GAMES)
def test_rules_index(game: str) -> None:
    report = TOOL.build(ROOT, game)
    if report.problems:
        pytest.fail("\n".join(report.problems), pytrace=False)
