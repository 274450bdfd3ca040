"""Boss Battle positions are checked for impossible states on loading
(docs/positions.md, "Checks on loading" and "Boss Battle": its limits)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args

import pytest

from cardtable.core import get_game
from cardtable.core.errors import CardDataError, CardtableError, PositionError, SetupError
from cardtable.core.position import load_position
from cardtable.games.boss import cards as boss_cards
from cardtable.games.boss import positions
from cardtable.games.boss.invariants import stop_problems
from cardtable.games.boss.problems import PKG
from cardtable.games.boss.rules import BOUNDARIES, stop_messages
from cardtable.games.boss.state import PHASES, SOURCES
from tests.i18n.checks import catalog_problems, error_problems, message_keys, schema_words, words_of

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


# --- a card file's problems, said in the reader's language --------------------------------
CARD = {
    "id": "odd_golem",
    "name": {"ru": "Странный голем", "en": "Odd Golem"},
    "type": "unit",
    "cost": 1,
    "attack": 1,
    "durability": 2,
}
"""A valid inline card the cases below break."""
NO_STATS = {"attack": None, "durability": None}
STEPS = {"steps": [{"op": "draw"}]}


def _enters(**step: Any) -> dict[str, Any]:
    return {"triggers": [{"when": "enters", "steps": [step]}]}


BAD_CARDS: list[tuple[str, dict[str, Any]]] = [
    ("card_op_boss", _enters(op="damage_boss", to="you")),
    ("card_op_players", _enters(op="draw", to="each_unit")),
    ("card_op_permanents", _enters(op="destroy")),
    ("card_op_target", _enters(op="counter")),
    ("card_op_target", _enters(op="return", to="target_unit")),
    ("card_forbid_what", _enters(op="forbid")),
    ("card_what_forbid", _enters(op="draw", what="attack")),
    ("card_op_amount", _enters(op="damage_boss", amount=-1)),
    ("card_static_what", {"statics": [{"kind": "forbid"}]}),
    ("card_static_what", {"statics": [{"kind": "allow", "what": "attack"}]}),
    ("card_static_what_only", {"statics": [{"kind": "attack", "what": "attack"}]}),
    ("card_static_units", {"statics": [{"kind": "attack", "applies": "you"}]}),
    ("card_static_players", {"statics": [{"kind": "max_resources", "amount": 10}]}),
    ("card_unknown_keyword", {"keywords": ["flying"]}),
    ("card_unit_stats", {"durability": None}),
    ("card_no_stats", {"type": "event"}),
    ("card_steps_or_modes", {"type": "tactic", **NO_STATS}),
    ("card_spell_extra", {"type": "tactic", **NO_STATS, **STEPS, "synergy": 2}),
    ("card_permanent_steps", {"type": "object", **NO_STATS, **STEPS}),
    ("card_substitution_mitsim", {"keywords": ["substitution"]}),
    ("card_mitsim_unit", {"type": "object", **NO_STATS, "classes": ["mitsim"]}),
]
"""Changes to ``CARD`` that break one rule of the card schema each (cards.py), with the
catalog message that names it."""


CARD_WORDS = schema_words(
    boss_cards.CardModel,
    boss_cards.Step,
    boss_cards.Mode,
    boss_cards.Triggered,
    boss_cards.Activated,
    boss_cards.Reckoning,
    boss_cards.Construct,
    boss_cards.Static,
    boss_cards.DeckModel,
) | {
    *get_args(boss_cards.Forbidden),
    *get_args(boss_cards.Allowed),
    *boss_cards.KEYWORDS,
    boss_cards.MITSIM,
}


def _card_doc(change: dict[str, Any]) -> dict[str, Any]:
    card = {k: v for k, v in {**CARD, **change}.items() if v is not None}
    return _with(cards=[card])


@pytest.mark.parametrize(("key", "change"), BAD_CARDS, ids=[k for k, _ in BAD_CARDS])
def test_card_problems_read_in_russian_and_english(key: str, change: dict[str, Any]) -> None:
    """A position's inline card that breaks the card schema is refused naming the card,
    the field and the rule in the reader's language (Подмена in Russian, Substitution in
    English): the fields and values of the card as written, English quotes in English."""
    doc = _card_doc(change)
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    assert key in message_keys(info.value), info.value
    assert "odd_golem" in info.value.text("ru") and "odd_golem" in str(info.value)
    _reads_in_both(info.value, [doc, *CARD_WORDS])


TOML_CARD = """
[[card]]
id = "odd_golem"
name = { ru = "Странный голем", en = "Odd Golem" }
type = "unit"
cost = 1
attack = 1
durability = 2
"""
DECK = {"id": "odd", "name": {"ru": "Странная", "en": "Odd"}, "plan": {"ru": "П", "en": "P"}}


def test_card_loader_problems_read_in_russian_and_english(tmp_path: Path) -> None:
    """The card loader names a card defined twice across files, and a preconstructed
    deck's unknown card or copies beyond two (boss.setup.deck), in both languages."""
    path = tmp_path / "cards.toml"
    path.write_text(TOML_CARD, encoding="utf-8")
    # the file's path is shown as it is
    where = KNOWN | set(path.parts) | words_of([str(path), "decks.toml"])
    with pytest.raises(CardDataError) as info:
        boss_cards.load_db([path, path], None)
    assert "card_id_twice" in message_keys(info.value), info.value
    assert info.value.text("ru") != info.value.text("en")
    assert not error_problems(info.value, where | {"odd_golem"})
    db = boss_cards.default_db()
    for cards, key in (
        ({"no_such_card": 1}, "deck_unknown_card"),
        ({"pikeman": 3}, "card_deck_copies"),
    ):
        with pytest.raises(CardDataError) as info:
            boss_cards.parse_decks("decks.toml", [{**DECK, "cards": cards}], db.cards)
        assert {"card_problem", key} <= message_keys(info.value), info.value
        assert info.value.text("ru") != info.value.text("en")
        assert not error_problems(info.value, where | words_of([DECK, cards]))


# --- a step-mode stop that cannot stand ----------------------------------------------------
STOPPED = {**_doc(), "step": True, "pending": {"continue": "draw"}}


def test_stop_problems_read_in_russian_and_english() -> None:
    """engine.step: a stop at ``draw`` with a priority round under way stands neither
    before its start step nor with the stack idle: the position check says both in the
    reader's language."""
    doc = {**STOPPED, "priority": "P2", "passes": 1}
    with pytest.raises(PositionError) as info:
        GAME.load_position(doc)
    keys = message_keys(info.value)
    assert {"pos_stop_problems", "inv_stop_start", "inv_stop_stack"} <= keys, info.value
    _reads_in_both(info.value, doc)


def test_every_stop_problem_reads_in_both_languages() -> None:
    """Each thing a stop can get wrong (step mode off, an unknown boundary, another
    phase, triggered abilities waiting), said in both languages; ``stop_problems`` is
    its English text."""
    st = GAME.load_position(STOPPED)
    assert not stop_messages(st)
    st.step, st.phase, st.queue = False, PHASES.index("end"), [[0]]
    found = stop_messages(st)
    keys = [m.key for m in found]
    assert keys == ["inv_stop_no_step", "inv_stop_phase", "inv_stop_queue"]
    st.pending = ("continue", "lunch")
    found += stop_messages(st)[1:]
    assert found[-1].key == "inv_stop_unknown"
    allowed = KNOWN | set(BOUNDARIES) | {"lunch", "step", "true"}
    for message in found:
        assert message.text("ru") != message.text("en")
        assert not error_problems(message, allowed)
    assert stop_problems(st) == [str(m) for m in stop_messages(st)]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_card_and_stop_messages_of_the_catalog_read_well(lang: str) -> None:
    """Every card-file and stop message of Boss Battle's catalog, filled with sample
    values: Russian with no Latin word but the card schema's fields and values, English
    with its own quotes."""
    prefixes = ("card_", "inv_stop_", "pos_stop_")
    assert not catalog_problems(
        PKG, lang, prefixes, CARD_WORDS | {"pending", "continue", "step", "true"}
    )
