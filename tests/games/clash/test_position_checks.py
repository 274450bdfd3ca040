"""Clash positions are checked for impossible states on loading (docs/positions.md,
"Checks on loading" and "Clash of Decks": its limits)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardtable.core.errors import PositionError
from cardtable.core.position import load_position
from tests.games.clash.helpers import GAME, card

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "clash-berserk.yaml"


def _doc(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    doc.update(changes)
    return doc


def _refused(doc: dict[str, Any], *words: str) -> str:
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    text = str(info.value)
    for word in words:
        assert word in text, text
    return text


def test_the_example_loads() -> None:
    """The documented example passes every check."""
    assert GAME.load_position(_doc()).mana == 3


def test_mana_beyond_what_phase_one_can_give() -> None:
    """Mana 10^21 is refused: phase 1 gives the cards in hand, 2 more per Catalyst
    creature, an AI at most 10 and 2 per creature (clash.mana.regen,
    clash.ability.catalyst, clash.custom.fixed_mana)."""
    _refused(_doc(mana=10**21), "mana", "clash.mana.regen")
    _refused(_doc(mana=-1), "mana")


def test_negative_turn() -> None:
    """``turn: -3`` is refused: turns are counted from the first one (clash.turn.start)
    up to the engine's cap (engine.turn_limit)."""
    _refused(_doc(turn=-3), "turn", "clash.turn.start")
    _refused(_doc(turn=2001), "turn", "engine.turn_limit")


def test_a_list_where_a_number_is_due() -> None:
    """A value of the wrong kind names its key path and what it should be
    (docs/positions.md, "Checks on loading")."""
    _refused(_doc(mana=[1, 2]), "mana", "expected a whole number")
    doc = _doc()
    doc["players"]["A"]["bottom"] = [{"card": "river_otter", "damage": "lots"}]
    _refused(doc, "players.A.bottom #1.damage", "expected a whole number")


def test_a_position_of_another_game_is_refused(tmp_path: Path) -> None:
    """``cardtable position clash`` on a file with ``game: epic`` is refused, naming
    both games (docs/positions.md, "Checks on loading")."""
    path = tmp_path / "epic.yaml"
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace("game: clash", "game: epic"))
    with pytest.raises(PositionError) as info:
        load_position(path, GAME)
    assert "epic" in str(info.value) and "clash" in str(info.value) and str(path) in str(info.value)
    _refused(_doc(game="epic"), "epic")


def test_ten_copies_of_one_card_in_one_row(tmp_path: Path) -> None:
    """A deck holds every card once (clash.format.unique): a card of the sets appears at
    most once per seat's deck, so a position file with ten copies in one row is refused
    (docs/positions.md, "Checks on loading": copies)."""
    doc = _doc()
    doc["players"]["A"]["top"] = ["ash_berserker"] * 10
    path = tmp_path / "ten.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(PositionError) as info:
        load_position(path, GAME)
    for word in ("ash_berserker", "10", "clash.format.unique", str(path)):
        assert word in str(info.value), str(info.value)
    doc["players"]["A"]["top"] = ["ash_berserker", "ash_berserker"]  # one per seat's deck
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    load_position(path, GAME)


def test_an_inline_card_may_not_reuse_a_set_id() -> None:
    """An inline card named like a card of the sets would silently replace it: refused
    (docs/positions.md, "Checks on loading")."""
    doc = _doc(cards=[card("spark_imp", attack=9, health=9)])
    _refused(doc, "spark_imp", "reuses the id")
