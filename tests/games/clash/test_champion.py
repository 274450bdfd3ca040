"""The champion module (clash.champion.*) and the co-op difficulty (clash.coop.difficulty)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import SetupError, get_game
from cardtable.games.clash.solo import level_achieved
from cardtable.games.clash.state import CHAMP_EXHAUSTED, CHAMP_IN_PLAY, CHAMP_READY, ClashState
from tests.games.clash.helpers import card, play

GAME = get_game("clash")


CARDS = [
    card("champ", cost=4, attack=3, health=3),
    card("four", cost=4, attack=1, health=9),
    card("other", cost=4, attack=0, health=9),
    card("two", cost=2, attack=0, health=9),
    card("filler", cost=1, attack=0, health=1),
    card("big", cost=5, attack=9, health=9),
    card("zap4", kind="spell", cost=4, damage=5),
]


def position(a: dict[str, Any], b: dict[str, Any], mana: int = 9) -> ClashState:
    doc = {
        "game": "clash",
        "turn": 3,
        "active": "A",
        "first": "A",
        "mana": mana,
        "cards": CARDS,
        "players": {"A": a, "B": b},
    }
    st = GAME.load_position(doc)
    st.log = []
    return st


def test_champion_is_offered_beside_the_four_available_cards() -> None:
    """clash.champion.summon: the champion counts among the available cards without taking a
    place: all four leftmost cards stay playable too."""
    st = position(
        {
            "hand": ["@bastion", "filler", "filler", "filler", "filler", "filler"],
            "champion": "champ",
        },
        {"hand": ["@bastion", "filler"]},
    )
    plays = [a for a in GAME.legal_actions(st) if a[0] == "play"]
    assert len(plays) == 5
    assert ("play", st.champion[0]) in plays


def test_champion_discount_counts_equal_costs_in_both_kingdoms() -> None:
    """clash.champion.discount: 1 mana less per creature in play (either kingdom) with the
    champion's cost; playing it leaves the hand and fortress untouched."""
    st = position(
        {"hand": ["@bastion", "filler"], "champion": "champ", "top": ["four"]},
        {"hand": ["@bastion", "filler"], "top": ["other", "two"]},
        mana=3,
    )
    assert ("play", st.champion[0]) in GAME.legal_actions(st)  # costs 4 - 2 = 2
    hand_before = list(st.hands[0])
    play(st, "play champ", "row bottom")
    assert st.mana == 1  # 3 - (4 - 2)
    assert st.hands[0] == hand_before
    assert st.champ_state[0] == CHAMP_IN_PLAY


def test_champion_too_dear_without_the_discount() -> None:
    """clash.champion.discount: without creatures of its cost it costs full price."""
    st = position(
        {"hand": ["@bastion", "filler"], "champion": "champ"},
        {"hand": ["@bastion", "filler"], "top": ["two"]},
        mana=3,
    )
    assert ("play", st.champion[0]) not in GAME.legal_actions(st)


def test_destroyed_champion_is_exhausted_not_returned() -> None:
    """clash.champion.exhausted: a destroyed champion goes beside the table, exhausted; the
    hand (and so the fortress's health) does not change."""
    st = position(
        {"hand": ["@bastion", "filler", "filler"], "top": [{"card": "champ", "champion": True}]},
        {"hand": ["@bastion", "filler"], "top": ["big"]},
        mana=0,
    )
    play(st, "end", "end")  # A's champion attacks big (no kill); then B's big kills it
    assert st.champ_state[0] == CHAMP_EXHAUSTED
    assert st.card_ids[st.champion[0]] == "champ"
    assert "champ" not in [st.card_ids[c] for c in st.hands[0]]


def test_exhausted_champion_cannot_be_played_until_a_card_of_its_cost() -> None:
    """clash.champion.restore: any card of the champion's cost played by anyone restores it,
    a spell included."""
    st = position(
        {
            "hand": ["@bastion", "zap4", "filler"],
            "champion": "champ",
            "champion_state": "exhausted",
        },
        {"hand": ["@bastion", "filler"], "top": ["two"]},
    )
    assert ("play", st.champion[0]) not in GAME.legal_actions(st)
    play(st, "play zap4")  # the only target: a forced step
    assert st.champ_state[0] == CHAMP_READY
    assert ("play", st.champion[0]) in GAME.legal_actions(st)


def test_champion_must_come_from_outside_the_deck() -> None:
    """clash.champion.setup, clash.champion.substitute: a creature outside the player's deck."""
    with pytest.raises(SetupError, match="outside the deck"):
        GAME.new_game({"decks": ["ember", "tide"], "champions": ["spark_imp", None]}, 1)
    with pytest.raises(SetupError, match="not a creature"):
        GAME.new_game({"decks": ["ember", "tide"], "champions": ["fire_lance", None]}, 1)
    st = GAME.new_game({"decks": ["ember", "tide"], "champions": ["jailer", "void_cocoon"]}, 1)
    assert [st.card_ids[c] for c in st.champion] == ["jailer", "void_cocoon"]


def test_module_options() -> None:
    """clash.champion.module, clash.custom.champion: any mode but the quick solo variant; with
    a champion the custom level's points are spent in full and the level counts 2 less."""
    with pytest.raises(SetupError, match="quick solo"):
        GAME.new_game({"mode": "solo", "decks": ["shadow"], "champions": ["void_cocoon", None]}, 1)
    with pytest.raises(SetupError, match="AI has no champion"):
        GAME.new_game({"mode": "solo", "level": 3, "champions": [None, "void_cocoon"]}, 1)
    st = GAME.new_game(
        {"mode": "solo", "level": 3, "decks": ["shadow"], "champions": ["void_cocoon", None]}, 1
    )
    assert st.champion[0] >= 0
    assert level_achieved(7, True) == 5 and level_achieved(7, False) == 7


@pytest.mark.parametrize("level", [1, 10])
def test_coop_level_applies_to_both_ais(level: int) -> None:
    """clash.coop.difficulty: the co-op AIs take the level's settings, both alike."""
    st = GAME.new_game({"mode": "coop", "format": "draft", "level": level}, 2)
    assert st.ai_fixed[1] == st.ai_fixed[3] and st.ai_var[1] == st.ai_var[3]
    assert st.seat_grant[1] == st.seat_grant[3]
    quick = GAME.new_game({"mode": "coop", "format": "draft"}, 2)
    assert (st.ai_fixed[1], st.ai_var[1], st.seat_grant[1]) != (
        quick.ai_fixed[1],
        quick.ai_var[1],
        quick.seat_grant[1],
    )
