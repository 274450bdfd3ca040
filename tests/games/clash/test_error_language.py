"""Clash's refusals of bad input read in the player's language: a position file, a setup,
a deck or an agent spec refused says so in Russian with no English word but the ids and
keys of the file, and in English with no Cyrillic (tests/i18n/checks.py), while
``str(exc)`` stays English (docs/positions.md, "Checks on loading")."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardtable.core.errors import CardtableError
from cardtable.games.clash import positions
from cardtable.games.clash.abilities import ABILITIES
from cardtable.games.clash.formats import ClashSetup
from cardtable.games.clash.problems import PKG
from cardtable.games.clash.solo import AiSpend, RulebookAI, solo_agent_level, spends
from tests.games.clash.helpers import GAME
from tests.i18n.checks import catalog_problems, error_problems, message_keys

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "clash-berserk.yaml"
ERROR_KEYS = ("pos_", "setup_", "deck_", "ai_", "agent_", "who_")


def _allowed() -> set[str]:
    """The words of files and commands a message may quote: position keys and values,
    setup options, card ids, and the bad values the cases below write."""
    words = set(positions._TOP_KEYS) | positions._PLAYER_KEYS | positions._CREATURE_KEYS
    words |= positions._AI_KEYS | set(ClashSetup.model_fields) | set(AiSpend.model_fields)
    for field in positions.FIELDS:
        words.update(re.split(r"[.*]", field.path))
        words.update(field.one_of)
    for term in GAME.glossary("en"):
        if term.kind == "card":
            words.add(term.key)
            words.update(term.key.split("_"))
    words |= {"ember", "tide", "storm", "shadow", "base", "jailer", "bastion", "fort"}
    words |= {"summon", "over", "draft", "main", "constructed", "solo", "coop", "ffa", "duel"}
    words |= {"ready", "exhausted", "in_play", "continue", "place", "target", "give"}
    words |= {"reinforce", "seat", "frame", "pool", "revealed", "drafted", "queue", "from"}
    words |= {"null", "limbo", "resolving", "pending", "symbiont", "symbiont_shackled"}
    words |= {"zz", "chaos", "weird", "castle", "asleep", "level", "card", "hidden"}
    words |= set(ABILITIES) | {"no_such_card", "clash-solo"}
    return {w for w in words if w}


ALLOWED = _allowed()


def _doc(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    doc.update(changes)
    return doc


def _player(seat: str, **changes: Any) -> dict[str, Any]:
    doc = _doc()
    doc["players"][seat].update(changes)
    return doc


SOLO = {
    "mode": "solo",
    "players": {"A": {"hand": ["@bastion", "spark_imp"]}, "B": {"deck": ["tiny_guard"]}},
}

POSITIONS: list[tuple[str, dict[str, Any]]] = [
    ("pos_seat", _doc(active="Z")),
    ("pos_card_id", _player("A", top=[{"card": "ash_berserker", "symbiont": 5}])),
    ("pos_two_fortresses", _player("A", hand=["@bastion", "@fort", "spark_imp"])),
    ("position_unknown_keys_at", _player("A", hand=[{"card": "spark_imp", "zz": 1}, "@bastion"])),
    ("pos_needs_fortress", _player("A", hand=["spark_imp"])),
    ("position_unknown_keys_at", _player("A", top=[{"card": "ash_berserker", "zz": 1}])),
    ("pos_only_creatures", _player("A", top=["lightning_bolt"])),
    (
        "pos_symbiont_shackled",
        _player("A", top=[{"card": "ash_berserker", "symbiont_shackled": "hired_brute"}]),
    ),
    ("pos_fortress_side", _player("A", fortress="castle")),
    ("pos_champion_state", _player("A", champion="hired_brute", champion_state="asleep")),
    (
        "pos_one_champion",
        _player(
            "A",
            top=[{"card": "ash_berserker", "champion": True}],
            bottom=[{"card": "hired_brute", "champion": True}],
        ),
    ),
    (
        "pos_champion_in_play",
        _player("A", top=[{"card": "ash_berserker", "champion": True}], champion="hired_brute"),
    ),
    ("pos_champion_creature", _player("A", champion="fire_lance")),
    ("pos_not_ai_deck", _player("A", deck=["hired_brute"])),
    ("pos_fortress_rightmost", _player("B", hand=["cinder_burst", "@fort"])),
    (
        "pos_ai_hand",
        _doc(**{**SOLO, "players": {**SOLO["players"], "B": {"hand": ["@fort", "hired_brute"]}}}),
    ),
    (
        "pos_ai_empty",
        _doc(**{**SOLO, "players": {**SOLO["players"], "B": {"fortress": "bastion"}}}),
    ),
    ("position_choice", _doc(mode="chaos")),
    ("pos_ai_settings_modes", _doc(ai_settings={"fixed_mana": 8})),
    ("pos_ai_settings_keys", _doc(**SOLO, ai_settings={"zz": 1})),
    ("pos_ai_settings_ability", _doc(**SOLO, ai_settings={"abilities": ["zz"]})),
    ("pos_players_seats", _doc(players={"A": {"hand": ["@bastion", "spark_imp"]}, "Q": {}})),
    ("pos_limbo_entry", _doc(limbo=[{"card": "hired_brute", "zz": 1}])),
    ("pos_resolving_only", _doc(resolving=[{"frame": "hit"}])),
    ("pos_no_card_there", _doc(pending={"place": "hired_brute"})),
    ("pos_pending_kind", _doc(pending={"place": "lightning_bolt"})),
    ("pos_pending", _doc(pending="weird")),
    ("pos_give", _doc(pending={"give": "lightning_bolt", "target": "Z.top.9"})),
    ("pos_no_card_there", _doc(pending={"reinforce": "hired_brute", "seat": "A"})),
    ("pos_continue_summon", _doc(step=True, pending={"continue": "summon"})),
    ("position_unknown_keys", _doc(zz=1)),
    ("position_unknown_card", _player("A", hand=["@bastion", "no_such_card"])),
]

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("setup_first", {"first": 5}),
    ("setup_no_constructed", {"mode": "solo", "format": "constructed"}),
    ("setup_level_modes", {"level": 3}),
    ("setup_ai_needs_level", {"mode": "solo", "ai": {"first": True}}),
    ("setup_ai_seat_solo", {"ai_seat": 0}),
    ("setup_decks_count", {"decks": ["ember"]}),
    ("setup_deck_twice", {"decks": ["ember", "ember"]}),
    ("setup_champions_count", {"champions": ["jailer"]}),
    ("setup_ai_no_champion", {"mode": "solo", "level": 3, "champions": [None, "jailer"]}),
    ("setup_champion_quick", {"mode": "solo", "champions": ["jailer", None]}),
    (
        "setup_grafts_duel",
        {"mode": "ffa", "grafts": [{"seat": 0, "card": "x", "part": "cost", "source": "y"}]},
    ),
    ("setup_lists_constructed", {"lists": [[], []]}),
    ("setup_lists_count", {"format": "constructed", "lists": [[]]}),
    ("setup_needs_lists", {"format": "constructed"}),
    ("setup_champion_creature", {"champions": ["lightning_bolt", None]}),
    ("setup_coop_sets", {"mode": "coop", "format": "draft", "sets": ["base"]}),
    ("ai_unknown_ability", {"mode": "solo", "level": 3, "ai": {"abilities": ["zz"]}}),
    ("ai_ability_twice", {"mode": "solo", "level": 3, "ai": {"abilities": ["berserk", "Берсерк"]}}),
    ("ai_fixed_mana", {"mode": "solo", "level": 3, "ai": {"fixed_mana": 11}}),
    ("ai_level_points", {"mode": "solo", "level": 3, "ai": {"first": True}}),
]


def _raised(action: Callable[[], Any]) -> CardtableError:
    with pytest.raises(CardtableError) as info:
        action()
    return info.value


def _check(exc: CardtableError, key: str) -> None:
    assert key in message_keys(exc), (key, exc.key, str(exc))
    assert not error_problems(exc, ALLOWED)


@pytest.mark.parametrize(
    ("key", "doc"), POSITIONS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(POSITIONS)]
)
def test_a_refused_position_reads_in_both_languages(key: str, doc: dict[str, Any]) -> None:
    """Every refusal of positions.load is a catalog message in both languages."""
    _check(_raised(lambda: GAME.load_position(copy.deepcopy(doc))), key)


@pytest.mark.parametrize(
    ("key", "setup"), SETUPS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(SETUPS)]
)
def test_a_refused_setup_reads_in_both_languages(key: str, setup: dict[str, Any]) -> None:
    """A setup the game cannot start from is refused in the player's language."""
    _check(_raised(lambda: GAME.new_game(setup, 1)), key)


def test_refused_decks_and_agents_read_in_both_languages() -> None:
    """Constructed decks, the clash-solo agent's spec and the AI's levels."""
    deck = ["spark_imp", "hired_brute", "ash_berserker", "river_otter"]
    cases = [
        ("deck_size", lambda: GAME.new_game({"format": "constructed", "lists": [deck, deck]}, 1)),
        (
            "deck_unknown_card",
            lambda: GAME.new_game({"format": "constructed", "lists": [["zz"], deck]}, 1),
        ),
        ("agent_params", lambda: solo_agent_level({"zz": "1"}, "clash-solo")),
        ("agent_level_number", lambda: solo_agent_level({"level": "x"}, "clash-solo")),
        ("agent_level_range", lambda: solo_agent_level({"level": "11"}, "clash-solo")),
        ("ai_level_range", lambda: spends(11)),
        ("ai_never_decides", lambda: RulebookAI(3).act(None)),
    ]
    for key, action in cases:
        _check(_raised(action), key)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_error_message_of_the_catalog_reads_in_its_language(lang: str) -> None:
    """Each error message, filled with sample values, has no stray Latin word (Russian),
    no Cyrillic (English), and a counted one agrees with its number."""
    assert not catalog_problems(PKG, lang, ERROR_KEYS, ALLOWED)
