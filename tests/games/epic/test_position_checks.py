"""Epic positions are checked for impossible states on loading (docs/positions.md,
"Checks on loading" and "Epic": its limits)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.errors import CardDataError, CardtableError, PositionError, SetupError
from cardtable.core.position import load_position
from cardtable.games.epic import cards as epic_cards
from cardtable.games.epic import positions
from cardtable.games.epic.balance import PRECON_DECKS
from cardtable.games.epic.cards import FACTIONS, KEYWORDS
from cardtable.games.epic.multi import MODES
from cardtable.games.epic.problems import PKG
from tests.games.epic.helpers import FILLER, GAME
from tests.i18n.checks import catalog_problems, error_problems, message_keys, schema_words, words_of


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


# --- every problem said in the reader's language ------------------------------------------
FOUR = {f"P{k}": {"deck": FILLER} for k in range(1, 5)}
SHORT = [["purification"] * 3] * 2
BAD_POSITIONS: list[tuple[str, dict[str, Any]]] = [
    ("player names", {"players": {"P1": {}, "P3": {}}}),
    ("a seat", {"active": "P5"}),
    ("mode", {"mode": "chaos"}),
    ("mode and players", {"mode": "ffa"}),
    ("teams", {"mode": "team", "players": FOUR}),
    ("no card there", {"combat": {"attackers": ["P1.play.9"]}}),
    ("a faction", {"this_turn": {"played_cost1": {"P1": ["elves"]}}}),
    ("this turn's keys", {"this_turn": {"lunch": []}}),
    ("draft kind", {"draft": {"kind": "mega"}}),
    ("mulligan queue", {"phase": "mulligan"}),
    ("a stop outside play", {"phase": "mulligan", "step": True, "pending": {"continue": "turn"}}),
    ("impossible", {"players": {"P1": {"play": [{"card": "white_knight", "damage": 50}]}}}),
    ("nothing to decide", {"pending": {"kind": "target", "seat": "P1"}}),
    ("health", {"players": {"P1": {"health": -3}, "P2": {}}}),
]
"""Bad positions, one per kind of problem the loader finds (changes to ``_doc``)."""
BAD_SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("factions", {"format": "precon", "factions": [["good", "elves"], ["evil", "sage"]]}),
    ("same faction", {"format": "precon", "factions": [["good", "good"], ["evil", "sage"]]}),
    ("duel", {"players": 3}),
    ("hydra", {"players": 4, "mode": "hydra", "teams": [[1, 2, 3], [4]]}),
    ("teams once", {"players": 4, "mode": "team", "teams": [[1, 2], [2, 4]]}),
    ("no lists", {"format": "constructed"}),
    ("a short deck", {"format": "constructed", "lists": SHORT}),
    ("a limited deck", {"format": "limited", "lists": SHORT}),
    ("small pool", {"format": "draft_blind", "edition": "duel2023"}),
    ("pool draft", {"format": "draft_pool"}),
    ("an option", {"colour": "red"}),
]
"""Bad setups, one per kind of problem the formats find."""
BAD_DECKS = [["good+dragons", "evil+sage"], ["good+wild", "good+sage"], ["good+wild"]]
"""Bad precon deck choices (``with_decks``)."""
KNOWN = (
    set(positions._TOP)
    | set(positions._PLAYER)
    | set(positions._CHAMP)
    | set(MODES)
    | set(FACTIONS)
    | set(KEYWORDS)
    | set(PRECON_DECKS)
    | {"broken", "played_cost1", "control", "break_at_end", "discard_at_end"}
    | {"epic.end.eliminated", "mulligan.queue", "pick", "pool", "blind", "triple", "id"}
    | {"precon", "constructed", "limited", "duel", "edition", "copies", "lists", "pool_size"}
    | {"base2015", "duel2023", "draft_blind", "draft_pool", "format", "queue", "keywords"}
)
"""Words a Russian message may show in Latin letters: the keys and values of the input."""


def _reads_in_both(exc: CardtableError, given: Any) -> None:
    allowed = KNOWN | words_of(given)
    ru, en = exc.text("ru"), exc.text("en")
    assert ru != en
    assert not error_problems(exc, allowed)


@pytest.mark.parametrize(("what", "change"), BAD_POSITIONS, ids=[w for w, _ in BAD_POSITIONS])
def test_position_problems_read_in_russian_and_english(what: str, change: dict[str, Any]) -> None:
    """A refused position names its problem in the reader's language: Russian with no
    Latin word but the keys, ids and values of the file, English with no Cyrillic; ``str``
    is the English text."""
    doc = _doc(**change)
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    _reads_in_both(info.value, doc)


@pytest.mark.parametrize(("what", "setup"), BAD_SETUPS, ids=[w for w, _ in BAD_SETUPS])
def test_setup_problems_read_in_russian_and_english(what: str, setup: dict[str, Any]) -> None:
    """A refused setup or deck (epic.format.*, epic.multi) names its problem in both
    languages, the options and card ids as written."""
    with pytest.raises(CardtableError) as info:
        GAME.new_game(setup, 1)
    _reads_in_both(info.value, setup)


@pytest.mark.parametrize("decks", BAD_DECKS)
def test_deck_choice_problems_read_in_russian_and_english(decks: list[str]) -> None:
    """epic.format.precon: an unknown deck, two decks sharing a faction, one deck."""
    with pytest.raises(SetupError) as info:
        GAME.with_decks({}, decks)
    _reads_in_both(info.value, decks)


# --- a card file's problems, said in the reader's language --------------------------------
CARD = {
    "id": "odd_knight",
    "edition": "duel2023",
    "name": {"ru": "Странный рыцарь", "en": "Odd Knight"},
    "faction": "good",
    "type": "champion",
    "cost": 0,
    "offense": 2,
    "defense": 2,
}
"""A valid inline card the cases below break."""
EVENT = {"type": "event", "offense": None, "defense": None}
EVENT_MODES = {"modes": [{"steps": [{"op": "draw", "amount": 1}]}]}


def _tribute(*steps: dict[str, Any]) -> dict[str, Any]:
    return {"abilities": [{"when": "tribute", "steps": list(steps)}]}


BAD_CARDS: list[tuple[str, dict[str, Any]]] = [
    ("card_selector_kinds", _tribute({"op": "damage", "to": [{"self": True, "you": True}]})),
    ("card_op_needs_to", _tribute({"op": "damage", "amount": 2})),
    ("card_op_needs_kind", _tribute({"op": "tokens", "kind": "orc"})),
    ("card_op_needs_to", _tribute({"op": "counters", "amount": 1})),
    ("card_from_discard", _tribute({"op": "from_discard", "to": [{"target": "discard_card"}]})),
    ("card_recall_self", _tribute({"op": "recall_self"})),
    ("card_op_needs_to", _tribute({"op": "gain_control"})),
    ("card_chooser_each", _tribute({"op": "draw", "chooser": "each"})),
    ("card_unknown_keyword", _tribute({"op": "modify", "to": [{"self": True}], "keywords": ["x"]})),
    ("card_unknown_keyword", {"keywords": ["flying"]}),
    ("card_event_modes", EVENT),
    ("card_event_stats", {**EVENT, **EVENT_MODES, "offense": 3}),
    ("card_event_zone", {**EVENT, **EVENT_MODES, **_tribute({"op": "draw"})}),
    ("card_champion_stats", {"defense": None}),
    ("card_modes_events", EVENT_MODES),
]
"""Changes to ``CARD`` that break one rule of the card schema each (cards.py), with the
catalog message that names it."""


CARD_WORDS = schema_words(
    epic_cards.CardModel,
    epic_cards.Selector,
    epic_cards.Step,
    epic_cards.Ability,
    epic_cards.Mode,
    epic_cards.Static,
    epic_cards.Talent,
    epic_cards.TalentCost,
) | set(epic_cards.TOKEN_KINDS)


def _card_doc(change: dict[str, Any]) -> dict[str, Any]:
    card = {k: v for k, v in {**CARD, **change}.items() if v is not None}
    return _doc(cards=[card])


@pytest.mark.parametrize(("key", "change"), BAD_CARDS, ids=[k for k, _ in BAD_CARDS])
def test_card_problems_read_in_russian_and_english(key: str, change: dict[str, Any]) -> None:
    """A position's inline card that breaks the card schema is refused naming the card,
    the field and the rule in the reader's language: the fields and values of the card as
    written, English quotes in English."""
    doc = _card_doc(change)
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    assert key in message_keys(info.value), info.value
    assert "odd_knight" in info.value.text("ru") and "odd_knight" in str(info.value)
    allowed = KNOWN | CARD_WORDS | words_of(doc)
    assert info.value.text("ru") != info.value.text("en")
    assert not error_problems(info.value, allowed)


TOML_CARD = """
[[card]]
id = "odd_knight"
edition = "duel2023"
name = { ru = "Странный рыцарь", en = "Odd Knight" }
faction = "good"
type = "champion"
cost = 0
offense = 2
defense = 2
"""


def test_card_loader_problems_read_in_russian_and_english(tmp_path: Path) -> None:
    """The card loader names a card defined twice across files and a missing token card
    (epic.token.supply) in both languages."""
    path = tmp_path / "cards.toml"
    path.write_text(TOML_CARD, encoding="utf-8")
    allowed = KNOWN | set(path.parts) | words_of(str(path)) | {"odd_knight", "human", "human_token"}
    cases = [([path, path], "card_id_twice"), ([path], "card_token_missing")]
    for paths, key in cases:
        with pytest.raises(CardDataError) as info:
            epic_cards.load_db(paths)
        assert key in message_keys(info.value), info.value
        assert info.value.text("ru") != info.value.text("en")
        assert not error_problems(info.value, allowed)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_card_messages_of_the_catalog_read_well(lang: str) -> None:
    """Every card-file message of Epic's catalog, filled with sample values: Russian with
    no Latin word but the card schema's fields and values, English with its own quotes."""
    assert not catalog_problems(PKG, lang, ("card_",), CARD_WORDS)
