"""The balance and tournament hooks of Boss Battle: played cards, the precon decks and
what-if card numbers (games/boss/balance.py, games/boss/overrides.py)."""

from __future__ import annotations

import json

import pytest

from cardtable.agents import RandomAgent
from cardtable.core import SetupError, get_game, state_hash
from cardtable.core.match import play_match
from cardtable.core.replay import Replay, verify
from cardtable.core.rng import Rng
from cardtable.games.boss.effects import attack_of
from cardtable.games.boss.overrides import FIELDS, fields_of

GAME = get_game("boss")
DB = GAME.db


@pytest.mark.parametrize("setup", [{}, {"players": 3}, {"players": 4, "format": "random"}])
def test_played_card_names_every_cast_from_the_hand(setup: dict) -> None:
    """played_card names the card a priority "play" casts from the hand, and nothing else
    (abilities, attacks, choices); each named card is cast at once (boss.stack.cast)."""
    for seed in range(6):
        st = GAME.new_game(setup, seed, log=True)
        rng = Rng(seed + 3)
        named = casts = 0
        while (seat := GAME.to_move(st)) is not None:
            options = GAME.legal_actions(st)
            action = options[rng.randbelow(len(options))]
            card = GAME.played_card(st, action)
            before = len(st.log)
            GAME.apply(st, action)
            if action[0] == "play":
                assert card == st.card_ids[action[1]]
                cast = [e for e in st.log[before:] if e.kind == "cast"]
                assert cast and cast[0].seat == seat and cast[0].data["card"] == action[1]
                named += 1
            else:
                assert card is None, action
            casts += sum(1 for e in st.log[before:] if e.kind == "cast")
        assert named == casts > 0


def test_deck_names_are_the_precons_and_none_for_other_formats() -> None:
    assert GAME.deck_names({}) == ["forge", "mitsims", "swarm", "schemers"]
    assert GAME.deck_names({"format": "random"}) == []
    assert GAME.deck_names({"lists": [list(DB.decks["forge"].cards)] * 2}) == []


def test_with_decks_seats_each_deck_and_checks_the_count() -> None:
    """A deck per seat; two to six players (boss.setup.opponent); the same deck may sit twice."""
    two = GAME.with_decks({}, ["swarm", "forge"])
    assert two["decks"] == ["swarm", "forge"] and two["players"] == 2
    st = GAME.new_game(two, 1)
    assert st.labels == ["swarm", "forge"]
    four = GAME.with_decks({"players": 4}, ["forge", "forge", "mitsims", "schemers"])
    assert GAME.num_seats(GAME.new_game(four, 2)) == 4
    with pytest.raises(SetupError, match="unknown deck “ember”"):
        GAME.with_decks({}, ["ember", "forge"])
    with pytest.raises(SetupError, match="2 to 6 players"):
        GAME.with_decks({}, ["forge"] * 7)
    with pytest.raises(SetupError, match="precon"):
        GAME.with_decks({"format": "random"}, ["forge", "swarm"])


def test_titles_in_both_languages() -> None:
    assert GAME.deck_title("forge", "ru") == "Кузница"
    assert GAME.deck_title("forge", "en") == "The Forge"
    assert GAME.card_title("spark_bolt", "ru") == "Искровой разряд"
    assert GAME.card_title("spark_bolt", "en") == "Spark Bolt"
    assert GAME.card_title("nope", "en") == "nope"


def test_override_fields_follow_the_card() -> None:
    """Cost for every card; attack and durability for units; the X of Синергия and
    Конструирование and the cost of «Расплата» where the card has them."""
    assert fields_of(DB.cards["spark_bolt"]) == ("cost",)
    assert fields_of(DB.cards["pikeman"]) == ("cost", "attack", "durability")
    assert fields_of(DB.cards["steam_hammer"]) == ("cost", "construct")
    assert fields_of(DB.cards["relay_coil"]) == ("cost", "synergy")
    assert fields_of(DB.cards["executioner"]) == ("cost", "attack", "durability", "reckoning")
    assert set(FIELDS) >= {f for c in DB.cards.values() for f in fields_of(c)}


def test_what_if_numbers_change_the_game_and_replay_exactly() -> None:
    """A unit's attack and durability overridden by name; the game plays with them, saves
    them in the state, and its replay reproduces it."""
    setup = GAME.with_card_overrides(
        {"decks": ["swarm", "swarm"]}, {"Осадный таран": {"attack": 9, "durability": 2}}
    )
    assert setup["overrides"] == {"siege_ram": {"attack": 9, "durability": 2}}
    seen = False
    for seed in range(30):
        st = GAME.new_game(setup, seed)
        assert json.loads(json.dumps(st.to_json()))["overrides"] == setup["overrides"]
        rng = Rng(seed)
        while GAME.to_move(st) is not None and not seen:
            options = GAME.legal_actions(st)
            GAME.apply(st, options[rng.randbelow(len(options))])
            for row in st.field:
                for i in row:
                    if st.card_ids[i] == "siege_ram" and not st.atk[i] and not st.fed[i]:
                        assert attack_of(GAME.dbs(st), st, i) >= 9
                        seen = True
        if seen:
            break
    assert seen, "no Siege Ram entered the battlefield in 30 games"
    result = play_match(GAME, setup, 7, [RandomAgent(1), RandomAgent(2)])
    again = verify(Replay.from_json(json.loads(json.dumps(result.replay.to_json()))))
    assert state_hash(again) == state_hash(result.state)


def test_overrides_of_cards_outside_the_game_are_dropped() -> None:
    """Only the cards of the decks in play are kept in the state's overrides."""
    setup = {
        "decks": ["forge", "forge"],
        "overrides": {"spark_bolt": {"cost": 3}, "rend": {"cost": 1}},
    }
    st = GAME.new_game(setup, 1)
    assert json.loads(st.overrides) == {"spark_bolt": {"cost": 3}}
    assert GAME.dbs(st).cards["spark_bolt"].cost == 3
    assert GAME.db.cards["spark_bolt"].cost == 1  # the printed card is untouched


def test_an_overridden_construct_fires_at_its_new_x() -> None:
    """Конструирование X overridden to 1: usable with one energy token (boss.mech.construct)."""
    doc = {
        "game": "boss",
        "phase": "placement1",
        "active": "P1",
        "boss": 40,
        "overrides": {"steam_hammer": {"construct": 1}},
        "players": {
            "P1": {"deck": ["pikeman"], "field": [{"card": "steam_hammer", "energy": 1}]},
            "P2": {"deck": ["pikeman"]},
        },
    }
    st = GAME.load_position(doc)
    assert "construct steam_hammer" in [GAME.action_text(st, a) for a in GAME.legal_actions(st)]
    assert GAME.export_position(st)["overrides"] == {"steam_hammer": {"construct": 1}}
    doc["overrides"] = {}
    plain = GAME.load_position(doc)
    texts = [GAME.action_text(plain, a) for a in GAME.legal_actions(plain)]
    assert "construct steam_hammer" not in texts


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"spark_bolt": {"attack": 3}}, "it has no “attack”"),
        ({"pikeman": {"cost": 12}}, "out of range"),
        ({"pikeman": {"speed": 1}}, "unknown field “speed”"),
        ({"no_such_card": {"cost": 1}}, "unknown card “no_such_card”"),
        ({"pikeman": {"cost": 1.5}}, "whole number"),
    ],
)
def test_bad_overrides_are_refused_with_a_clear_message(overrides: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.with_card_overrides({}, overrides)
    with pytest.raises(SetupError, match=message):
        GAME.new_game({"overrides": overrides}, 1)
