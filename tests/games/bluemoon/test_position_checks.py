"""Blue Moon positions are checked for impossible states on loading (docs/positions.md,
"Checks on loading" and "Blue Moon": its limits)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.errors import PositionError
from cardtable.core.position import load_position
from tests.games.bluemoon.helpers import GAME


def _doc() -> dict[str, Any]:
    doc: dict[str, Any] = GAME.export_position(GAME.new_game({"peoples": ["vulca", "hoax"]}, 3))
    return doc


def _refused(doc: dict[str, Any], *words: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    for word in words:
        assert word in str(info.value), str(info.value)


def test_plays_are_seven_whole_numbers() -> None:
    """``plays: [banana, …]`` names the bad item instead of a traceback
    (docs/positions.md, "Blue Moon": seven numbers)."""
    GAME.load_position(_doc())
    doc = _doc()
    doc["plays"] = ["banana", 0, 0, 0, 0, 0, 0]
    _refused(doc, "plays #1", "expected a whole number")
    doc["plays"] = ["banana"]
    _refused(doc, "plays")


def test_fight_numbers_count_from_one() -> None:
    """``fight: -4`` is refused: the first fight is fight 1 (bluemoon.fight.start), and
    every fight takes at least one card of the 60 (bluemoon.deck.size)."""
    doc = _doc()
    doc["fight"] = -4
    _refused(doc, "fight", "bluemoon.fight.start")
    doc["fight"] = 62
    _refused(doc, "fight")


def test_dragons_and_crystals_in_range() -> None:
    """Three dragons in all (bluemoon.setup.dragons); a game scores at most 4 crystals
    (bluemoon.end.crystals)."""
    doc = _doc()
    doc["players"]["P1"]["dragons"] = 4
    _refused(doc, "dragons")
    doc = _doc()
    doc["players"]["P2"]["crystals"] = 5
    _refused(doc, "players.P2.crystals", "bluemoon.end.crystals")


def test_a_card_once_per_player(tmp_path: Path) -> None:
    """No card twice in a deck (bluemoon.deck.no_repeats): a position file holding a
    card twice for one player is refused (docs/positions.md, "Checks on loading")."""
    doc = _doc()
    doc["players"]["P1"]["hand"] = doc["players"]["P1"]["hand"][:1] * 2
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        load_position(path, GAME)
    assert "bluemoon.deck.no_repeats" in str(info.value)
