"""Clash's refusals of bad input read in the player's language: a position file, a setup,
a deck, an agent spec, a card file or a Mutation campaign refused says so in Russian with
no English word but the ids and keys of the file, and in English with no Cyrillic
(tests/i18n/checks.py), while ``str(exc)`` stays English (docs/positions.md, "Checks on
loading")."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardtable.core.errors import CardtableError
from cardtable.games.clash import mutation as mu
from cardtable.games.clash import positions
from cardtable.games.clash.abilities import ABILITIES
from cardtable.games.clash.cards import CardModel, default_db, load_db, load_sets
from cardtable.games.clash.formats import ClashSetup
from cardtable.games.clash.problems import PKG
from cardtable.games.clash.records import CardDB, SetDef
from cardtable.games.clash.solo import AiSpend, RulebookAI, solo_agent_level, spends
from tests.games.clash.helpers import GAME
from tests.i18n.checks import catalog_problems, error_problems, message_keys

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "clash-berserk.yaml"
ERROR_KEYS = ("pos_", "setup_", "deck_", "ai_", "agent_", "who_", "card_", "mutation_", "inv_")


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
    words |= set(ABILITIES) | {"no_such_card", "clash-solo", "tiny_guard"}
    words |= set(CardModel.model_fields) | set(mu.PARTS) | {"human", "clash-mutation"}
    words |= set(mu.MutationRules.model_fields) | set(mu.MutationRound.model_fields)
    words |= set(mu.new_campaign(1, ["random"] * 4))  # the keys of a campaign file
    words |= {mu.DRAFT, mu.DECK, mu.MUTATION, mu.PLAY, mu.OVER, "graft", "pick", "done"}
    db = default_db()
    for ident in [*db.sets, *db.decks, *db.cards]:
        words.add(ident)
        words.update(ident.split("_"))
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


def _check(exc: CardtableError, key: str, *allowed: str) -> None:
    assert key in message_keys(exc), (key, exc.key, str(exc))
    assert not error_problems(exc, ALLOWED | set(allowed))


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


def _inline(**changes: Any) -> dict[str, Any]:
    """The example with its inline card changed (a key set to None is left out)."""
    doc = _doc()
    card = doc["cards"][0]
    card.update(changes)
    for key in [k for k, v in changes.items() if v is None]:
        del card[key]
    return doc


SPELL = {"kind": "spell", "attack": None, "health": None}
INLINE: list[tuple[str, dict[str, Any]]] = [
    ("card_unknown_ability", _inline(abilities=["zz"])),
    ("card_ability_twice", _inline(abilities=["berserk", "berserk"])),
    ("card_aura_payload", _inline(abilities=["aura"], aura="aura")),
    ("card_creature_numbers", _inline(attack=None)),
    ("card_creature_damage", _inline(damage=2)),
    ("card_spell_damage", _inline(**SPELL)),
    ("card_spell_numbers", _inline(kind="spell", damage=1)),
    ("card_spell_ability", _inline(**SPELL, damage=1, abilities=["berserk"])),
    ("card_aura_pair", _inline(abilities=["aura"])),
]


@pytest.mark.parametrize(("key", "doc"), INLINE, ids=[k for k, _ in INLINE])
def test_a_refused_inline_card_reads_in_both_languages(key: str, doc: dict[str, Any]) -> None:
    """The card schema's own checks (cards.CardModel), met through a position's inline
    card, are said in the reader's language."""
    _check(_raised(lambda: GAME.load_position(copy.deepcopy(doc))), key)


CARD = """
[[card]]
id = "{id}"
number = {number}
name = {{ ru = "Карта", en = "Card" }}
kind = "creature"
cost = 1
attack = 1
health = 1
abilities = {abilities}
"""


def _card_file(path: Path, ids: list[str], abilities: str = "[]") -> Path:
    text = "".join(
        CARD.format(id=ident, number=k + 1, abilities=abilities) for k, ident in enumerate(ids)
    )
    path.write_text(text, encoding="utf-8")
    return path


def _deck_file(path: Path, decks: dict[str, list[str]]) -> Path:
    text = "".join(
        f'[[deck]]\nid = "{d}"\nname = {{ ru = "Колода", en = "Deck" }}\ncards = {cards!r}\n'
        for d, cards in decks.items()
    )
    path.write_text(text.replace("'", '"'), encoding="utf-8")
    return path


def test_a_refused_card_file_reads_in_both_languages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card loader (cards.load_db, load_sets): a card's schema, a deck's unknown card
    or wrong size, an id two sets share; the message names the file."""
    monkeypatch.chdir(tmp_path)
    files = ("cards", "bad", "decks", "toml", "sets")
    ids = [f"c{k}" for k in range(8)]
    cards = _card_file(Path("cards.toml"), ids)
    bad = _card_file(Path("bad.toml"), ids, abilities='["zz"]')
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("card_unknown_ability", lambda: load_db(bad)),
        ("card_deck_card", lambda: load_db(cards, _deck_file(Path("decks.toml"), {"d": ["zz"]}))),
        ("deck_size", lambda: load_db(cards, _deck_file(Path("decks.toml"), {"d": ids[:2]}))),
    ]
    for key, action in cases:
        exc = _raised(action)
        _check(exc, key, *files)
        assert ".toml: " in exc.text("ru") and ".toml: " in exc.text("en")
    _deck_file(Path("decks.toml"), {"d": ids})
    _deck_file(Path("decks2.toml"), {"e": ids})
    _card_file(Path("cards2.toml"), [f"x{k}" for k in range(8)])
    _deck_file(Path("decks3.toml"), {"d": [f"x{k}" for k in range(8)]})
    entry = '[[set]]\nid = "{}"\nname = {{ ru = "Н", en = "S" }}\ncards = "{}"\ndecks = "{}"\n'
    both = Path("sets.toml")
    for second in (("cards.toml", "decks2.toml"), ("cards2.toml", "decks3.toml")):
        both.write_text(
            entry.format("a", "cards.toml", "decks.toml") + entry.format("b", *second),
            encoding="utf-8",
        )
        _check(_raised(lambda: load_sets(both)), "card_id_other_set", *files)


def test_refused_sets_decks_and_seatings_read_in_both_languages() -> None:
    """The card database's look-ups, seating preconstructed decks (balance.with_decks,
    deck_names) and the clash-solo agent's seats (ClashGame.prepare_match)."""
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("card_set_unknown", lambda: GAME.new_game({"set": "zz"}, 1)),
        ("card_deck_unknown", lambda: GAME.new_game({"decks": ["zz", "ember"]}, 1)),
        ("card_deck_no_set", lambda: default_db().set_of_deck("zz")),
        ("card_set_unknown", lambda: GAME.deck_names({"set": "zz"})),
        ("setup_no_precon", lambda: GAME.with_decks({"format": "draft"}, ["ember", "tide"])),
        ("setup_unknown_deck", lambda: GAME.with_decks({}, ["ember", "zz"])),
        ("setup_ai_mode_decks", lambda: GAME.with_decks({"mode": "solo"}, ["ember", "tide"])),
        (
            "setup_ai_mode_decks",
            lambda: GAME.with_decks({"mode": "coop"}, ["ember", "tide", "storm"]),
        ),
        ("setup_give_decks", lambda: GAME.with_decks({}, ["ember"])),
        ("setup_give_decks", lambda: GAME.with_decks({"mode": "ffa"}, ["ember", "tide"])),
        (
            "setup_solo_levels",
            lambda: GAME.prepare_match({}, ["clash-solo:level=2", "clash-solo:level=3"]),
        ),
        ("setup_solo_seats", lambda: GAME.prepare_match({}, ["clash-solo", "random", "random"])),
        ("setup_solo_mode", lambda: GAME.prepare_match({"mode": "duel"}, ["clash-solo", "random"])),
        (
            "setup_solo_level",
            lambda: GAME.prepare_match({"level": 4}, ["clash-solo:level=3", "random"]),
        ),
    ]
    for key, action in cases:
        _check(_raised(action), key)


def _campaign(phase: str) -> dict[str, Any]:
    """A campaign of agent seats moved on to ``phase``."""
    c = mu.new_campaign(3, ["random"] * 4)
    while c["phase"] != phase:
        seat = mu.to_move(c)
        assert seat is not None
        mu.apply_step(c, mu.auto_step(c, seat, mu.step_rng(c)))
    return c


def test_refused_mutation_steps_and_files_read_in_both_languages() -> None:
    """The Mutation campaign: its data file, a new campaign, a saved one, steps and games
    out of turn or against the rules (clash.mutation.*)."""
    rules = {
        "points_per_phase": 2.5,
        "costs": {"attack": 1, "health": 1, "cost": 1, "abilities": 1.2},
        "rounds": [{"games": [["A", "B"], ["C", "D"]]}] * 6,
    }
    halves = copy.deepcopy(rules)
    pairs = copy.deepcopy(rules)
    pairs["costs"]["abilities"] = 1.5
    round_ = copy.deepcopy(pairs)
    round_["rounds"] = [{"games": [["A", "B"], ["A", "D"]]}] * 6
    saved = mu.new_campaign(1, ["random"] * 4)
    draft = copy.deepcopy(saved)
    grafting = _campaign(mu.MUTATION)
    seat = mu.to_move(grafting)
    assert seat is not None
    card = next(c for c in grafting["deck"][seat] if default_db().card(c).kind == 0)
    lab = grafting["lab"][seat][0]
    playing = _campaign(mu.PLAY)
    human = copy.deepcopy(playing)
    human["specs"] = ["human"] * 4
    deciding = copy.deepcopy(grafting)
    deciding["specs"] = ["human"] * 4
    db = default_db()
    one = SetDef("a", "Н", "S", ("spark_imp",), ())
    small = CardDB(db.cards, db.decks, {"a": one, "b": replace(one, id="b")})
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("mutation_cost_halves", lambda: mu.parse_rules(halves, "mutation.toml")),
        ("mutation_pairs", lambda: mu.parse_rules(pairs, "mutation.toml")),
        ("mutation_round", lambda: mu.parse_rules(round_, "mutation.toml")),
        ("mutation_players", lambda: mu.new_campaign(1, ["random"] * 3)),
        ("mutation_sets", lambda: mu.new_campaign(1, ["random"] * 4, sets=("rift", "rift"))),
        ("mutation_pool", lambda: mu.pool_of(small, ["a", "b"])),
        ("mutation_not_campaign", lambda: mu.check_campaign({"format": "zz"})),
        ("mutation_version", lambda: mu.check_campaign({**saved, "version": 9})),
        ("mutation_missing", lambda: mu.check_campaign({"format": mu.FORMAT_ID, "version": 1})),
        ("mutation_phase", lambda: mu.check_campaign({**saved, "phase": "zz"})),
        ("mutation_not_legal", lambda: mu.apply_step(draft, ("pick", "zz"))),
        ("mutation_not_lab", lambda: mu.apply_step(grafting, ("graft", card, "attack", "zz"))),
        ("mutation_bad_part", lambda: mu.apply_step(grafting, ("graft", card, "zz", lab))),
        ("mutation_no_decision", lambda: mu.apply_step(playing, ("done",))),
        ("mutation_no_game", lambda: mu.next_game(draft)),
        (
            "mutation_winners",
            lambda: mu.record_game(copy.deepcopy(playing), {"winners": [2]}, None),
        ),
        ("mutation_not_to_move", lambda: mu.auto_step(draft, 3, mu.step_rng(draft))),
        ("mutation_human_duel", lambda: mu.play_next_auto(human)),
        ("mutation_human_decides", lambda: mu.run_automatic(deciding)),
    ]
    for key, action in cases:
        _check(_raised(action), key)


def test_an_impossible_position_reads_in_both_languages() -> None:
    """A position that passes the reading checks but breaks the game's invariants is
    refused with each problem in the reader's language (ClashGame.invariant_problems),
    while check_invariants keeps the English texts."""
    doc = _player("A", top=[{"card": "ash_berserker", "damage": 50}])
    doc["limbo"] = ["hired_brute"]
    exc = _raised(lambda: GAME.load_position(doc))
    for key in ("pos_impossible", "joined", "inv_damage", "inv_half_cast"):
        _check(exc, key)
    assert "ash_berserker" in exc.text("ru") and "ash_berserker" in exc.text("en")
