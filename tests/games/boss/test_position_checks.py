"""Boss Battle positions are checked for impossible states on loading
(docs/positions.md, "Checks on loading" and "Boss Battle": its limits)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import CardtableError, PositionError, SetupError
from cardtable.core.position import load_position
from cardtable.games.boss import positions
from cardtable.games.boss.state import PHASES, SOURCES
from tests.i18n.checks import error_problems, words_of

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


# --- every problem said in the reader's language ------------------------------------------
def _with(**change: Any) -> dict[str, Any]:
    return {**_doc(), **change}


def _p1(**zones: Any) -> dict[str, Any]:
    doc = _doc()
    doc["players"]["P1"].update(zones)
    return doc


BAD_POSITIONS: list[tuple[str, dict[str, Any]]] = [
    ("a seat", _with(active="P9")),
    ("player names", _with(players={"P1": {}, "P3": {}})),
    ("a card's form", _p1(hand=[7])),
    ("known", _p1(hand=[{"card": "stun", "known": "some"}])),
    ("not a permanent", _p1(field=["stun"])),
    ("durability", _p1(field=[{"card": "steam_hammer", "durability": 2}])),
    ("hand size", _p1(hand=["stun"] * 10)),
    ("phase", _with(phase="lunch")),
    ("boss health", _with(boss=0)),
    ("combat", _with(combat="brawl")),
    ("effects", _with(effects=[["x", "P1"]])),
    ("until", _with(effects=[["x", "P1", "soon", "P2"]])),
    ("a place", _with(attackers=["P1.field.9"])),
    ("a frame source", _with(stack=[{"source": "magic", "controller": "P1"}])),
    ("pending form", _with(pending=["priority"])),
    ("pending stop", _with(pending={"continue": "main", "seat": "P1"})),
    ("nothing to decide", _with(pending=["target", "P1"])),
    ("stop phase", _with(step=True, phase="end", pending={"continue": "untap"})),
]
"""Bad positions, one per kind of problem the loader finds."""
BAD_SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("decks and lists", {"decks": ["forge", "swarm"], "lists": [["pikeman"], ["pikeman"]]}),
    ("players", {"players": 9}),
    ("lists in precon", {"format": "precon", "lists": [["pikeman"], ["pikeman"]]}),
    ("constructed lists", {"format": "constructed"}),
    ("random decks", {"format": "random", "decks": ["forge", "swarm"]}),
    ("deck count", {"players": 3, "decks": ["forge", "swarm"]}),
    ("first", {"first": 5}),
    ("unknown deck", {"decks": ["ember", "forge"]}),
    ("a deck", {"format": "constructed", "lists": [["pikeman"] * 30, ["no_such_card"] * 30]}),
    ("an option", {"colour": "red"}),
]
"""Bad setups, one per kind of problem the formats find."""
KNOWN = (
    set(positions._TOP)
    | set(positions._SEAT)
    | set(positions._PERMANENT)
    | set(PHASES)
    | set(SOURCES)
    | set(positions.COMBAT_NAMES.values())
    | set(GAME.db.decks)
    | {"card", "known", "all", "eot", "next_turn", "kind", "player", "continue", "precon"}
    | {"constructed", "random", "decks", "lists", "first", "players", "format", "id"}
)
"""Words a Russian message may show in Latin letters: the keys and values of the input."""


def _reads_in_both(exc: CardtableError, given: Any) -> None:
    ru, en = exc.text("ru"), exc.text("en")
    # places in the file are written as paths of its keys (``P1.hand.2.known``)
    allowed = KNOWN | words_of(given) | set(re.findall(r"\b[a-z]+\.\d+(?:\.[a-z_]+)*", en))
    assert ru != en
    assert not error_problems(exc, allowed)


@pytest.mark.parametrize(("what", "doc"), BAD_POSITIONS, ids=[w for w, _ in BAD_POSITIONS])
def test_position_problems_read_in_russian_and_english(what: str, doc: dict[str, Any]) -> None:
    """A refused position names its problem in the reader's language: Russian with no
    Latin word but the keys, ids and values of the file, English with no Cyrillic; ``str``
    is the English text."""
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    _reads_in_both(info.value, doc)


@pytest.mark.parametrize(("what", "setup"), BAD_SETUPS, ids=[w for w, _ in BAD_SETUPS])
def test_setup_problems_read_in_russian_and_english(what: str, setup: dict[str, Any]) -> None:
    """A refused setup or deck (boss.setup.*) names its problem in both languages."""
    with pytest.raises(CardtableError) as info:
        GAME.new_game(setup, 1)
    _reads_in_both(info.value, setup)


def test_deck_choice_problems_read_in_russian_and_english() -> None:
    """An unknown deck and a player count the game does not allow, named in both."""
    for decks in (["ember", "forge"], ["forge"] * 7):
        with pytest.raises(SetupError) as info:
            GAME.with_decks({}, decks)
        _reads_in_both(info.value, decks)
