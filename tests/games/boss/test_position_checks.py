"""Boss Battle positions are checked for impossible states on loading
(docs/positions.md, "Checks on loading" and "Boss Battle": its limits)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import PositionError
from cardtable.core.position import load_position

GAME = get_game("boss")


def _doc() -> dict[str, Any]:
    return {
        "game": "boss",
        "turn": 3,
        "active": "P1",
        "boss": 30,
        "players": {
            "P1": {"deck": ["pikeman"], "hand": ["stun"], "slots": 2},
            "P2": {"deck": ["pikeman"], "slots": 1},
        },
    }


def _refused(doc: dict[str, Any], *words: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    for word in words:
        assert word in str(info.value), str(info.value)


def test_copies_per_player(tmp_path: Path) -> None:
    """A deck holds at most two copies of a card (boss.setup.deck): a position file with
    three is refused (docs/positions.md, "Checks on loading": copies)."""
    GAME.load_position(_doc())
    doc = _doc()
    doc["players"]["P1"]["deck"] = ["pikeman"] * 3
    path = tmp_path / "three.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        load_position(path, GAME)
    assert "pikeman" in str(info.value) and "boss.setup.deck" in str(info.value)


def test_resources_at_most_nine() -> None:
    """Nine resource slots at most unless a card says otherwise (boss.resource.max)."""
    doc = _doc()
    doc["players"]["P1"]["slots"] = 12
    _refused(doc, "slots", "boss.resource.max")


def test_wrong_kinds_name_the_key() -> None:
    """A list where a number is due names the key path (docs/positions.md, "Checks on
    loading")."""
    doc = _doc()
    doc["boss"] = [30]
    _refused(doc, "boss", "expected a whole number")
