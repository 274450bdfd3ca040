"""Epic positions are checked for impossible states on loading (docs/positions.md,
"Checks on loading" and "Epic": its limits)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.errors import PositionError
from cardtable.core.position import load_position
from tests.games.epic.helpers import FILLER, GAME


def _doc(**top: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "game": "epic",
        "turn": 3,
        "active": "P1",
        "first": "P1",
        "players": {"P1": {"deck": FILLER}, "P2": {"deck": FILLER}},
    }
    doc.update(top)
    return doc


def _refused(doc: dict[str, Any], *words: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    for word in words:
        assert word in str(info.value), str(info.value)


def test_a_player_in_the_game_has_health_left() -> None:
    """``health: -999`` for a player still in a running game is refused: at 0 or below
    a player is out (epic.end.eliminated)."""
    GAME.load_position(_doc())
    doc = _doc()
    doc["players"]["P1"]["health"] = -999
    _refused(doc, "players.P1.health", "epic.end.eliminated")
    doc["players"]["P1"]["health"] = 10**21
    _refused(doc, "players.P1.health")


def test_turns_and_gold_in_range() -> None:
    """Turns count from 1 (epic.turn.structure) and gold is one marker's side, 0 or 1
    (epic.gold.marker)."""
    _refused(_doc(turn=0), "turn")
    doc = _doc()
    doc["players"]["P2"]["gold"] = 2
    _refused(doc, "players.P2.gold", "epic.gold.marker")


def test_copies_beyond_any_format(tmp_path: Path) -> None:
    """No format gives one player more than 8 copies of a card (the pool's ``copies``
    option, at most 8; constructed decks 3: epic.format.constructed.copies): a position
    file with 9 is refused (docs/positions.md, "Checks on loading": copies)."""
    doc = _doc()
    doc["players"]["P1"]["deck"] = ["purification"] * 9
    path = tmp_path / "nine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        load_position(path, GAME)
    assert "purification" in str(info.value) and "9" in str(info.value)
