"""The Vulca deck box, card by card: the leader and its 30 playing cards (including the
Aqua, Khind and Mimix guests and the mutant) in small positions through the public API.

Cards without a power are checked for their values, icons and placement; cards with a power
for what their text makes happen, as the engine reads it (docs/rulings/bluemoon.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import PositionError
from cardtable.games.bluemoon.state import EARTH, FIRE, BlueMoonState
from tests.games.bluemoon.helpers import active_combat, announced, at, ids, legal, play, tot

GAME = get_game("bluemoon")
# Vanilla cards to draw from (no powers, no icons).
DECK1 = ["torch", "shimmer", "glimmer", "blaze", "furnace", "lavar_the_powerful"]
DECK2 = [
    "wogarathoras_the_gloomy",
    "athradysas_the_seeker",
    "ledinemras_the_monk",
    "zedemikras_the_brain",
    "nirwadas_the_traveler",
    "vetraskedas_the_sceptic",
]


def table(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """A fight position; by default P1 (Vulca) starts fight 1 and is on its first turn."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "vulca", "turns": 1, "deck": DECK1, **p1},
            "P2": {"people": "hoax", "deck": DECK2, **p2},
        },
    } | top
    st = GAME.load_position(doc)
    st.log = []
    return st


def later(p1: dict[str, Any], p2: dict[str, Any], element: str = "fire", **top: Any):
    """P1's second turn (fight turn 3, unless given) of a fight P1 started in ``element``."""
    return table(
        {"turns": 2, **p1}, {"turns": 1, **p2}, element=element, **({"fight_turn": 3} | top)
    )


def reply(p1: dict[str, Any], p2: dict[str, Any], element: str = "fire", **top: Any):
    """P2's first turn (fight turn 2, unless given), answering P1's opening."""
    return table(p1, {"turns": 1, **p2}, element=element, active="P2", **({"fight_turn": 2} | top))


# --- the leader ------------------------------------------------------------------------------
def test_inferno_is_the_vulca_leader_and_never_dealt() -> None:
    """bluemoon.setup.leader, bluemoon.setup.decks, bluemoon.cards.types: Inferno is the
    Vulca box's leader; the box's deck is the 30 other cards, and a dealt game never puts
    the leader into a deck or hand, nor does a position accept it as a playing card."""
    leader = GAME.db.leader("vulca")
    assert leader.id == "inferno" and leader.type == "leader" and leader.people == "vulca"
    deck = GAME.db.deck("vulca")
    assert len(deck) == 30 and "inferno" not in deck
    for seed in (1, 2, 3):
        st = GAME.new_game({"peoples": ["vulca", "hoax"]}, seed)
        assert "inferno" not in st.card_ids
        assert sorted(st.card_ids[i] for i in st.decks[0] + st.hands[0]) == sorted(deck)
    with pytest.raises(PositionError):
        table({"hand": ["inferno", "spark"]}, {"hand": ["sear"]})


# --- characters without a power --------------------------------------------------------------
def _plain_character(card: str, fire: int, earth: int) -> None:
    """The character's printed value counts in each element, it covers the earlier
    character, and it alone makes a turn's announcement."""
    for element, value in (("fire", fire), ("earth", earth)):
        st = later(
            {"hand": [card, "fireblast"], "combat": at(1, "glimmer")},
            {"hand": ["sear"], "combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, f"char {card}")
        assert active_combat(st, 0) == [card]
        assert ids(st, st.combat[0]) == ["glimmer", card]  # glimmer covered, not removed
        assert tot(st, 0) == value
        play(st, "done")
        assert announced(st) == [(0, value, FIRE if element == "fire" else EARTH)]


def test_flamebreath_the_dazzling_counts_seven_fire_no_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 7 Fire, 0 Earth."""
    _plain_character("flamebreath_the_dazzling", 7, 0)


def test_scorch_the_inflammable_counts_six_fire_no_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 6 Fire, 0 Earth."""
    _plain_character("scorch_the_inflammable", 6, 0)


def test_lavar_the_powerful_counts_five_fire_four_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 5 Fire, 4 Earth."""
    _plain_character("lavar_the_powerful", 5, 4)


def test_volca_counts_five_fire_one_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 5 Fire, 1 Earth."""
    _plain_character("volca", 5, 1)


def test_blaze_counts_four_fire_three_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire, 3 Earth."""
    _plain_character("blaze", 4, 3)


def test_furnace_counts_three_fire_four_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire, 4 Earth."""
    _plain_character("furnace", 3, 4)


def test_spark_counts_four_fire_two_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire, 2 Earth."""
    _plain_character("spark", 4, 2)


def test_ignite_counts_two_fire_four_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 2 Fire, 4 Earth."""
    _plain_character("ignite", 2, 4)


def test_sear_counts_four_fire_one_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire, 1 Earth."""
    _plain_character("sear", 4, 1)


def test_torch_counts_one_fire_four_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 1 Fire, 4 Earth."""
    _plain_character("torch", 1, 4)


def test_shimmer_counts_three_fire_two_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire, 2 Earth."""
    _plain_character("shimmer", 3, 2)


def test_glimmer_counts_two_fire_three_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 2 Fire, 3 Earth (it covers
    an earlier Spark)."""
    for element, value in (("fire", 2), ("earth", 3)):
        st = later(
            {"hand": ["glimmer", "fireblast"], "combat": at(1, "spark")},
            {"hand": ["sear"], "combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, "char glimmer")
        assert active_combat(st, 0) == ["glimmer"] and tot(st, 0) == value


def test_aaralia_aqua_secunda_counts_four_and_four_in_the_vulca_deck() -> None:
    """bluemoon.cards.values, bluemoon.cards.deck_content, bluemoon.turn.character.cover:
    the Aqua guest in the Vulca box plays as any Vulca character, 4 Fire and 4 Earth."""
    assert GAME.db.cards["aaralia_aqua_secunda"].people == "aqua"
    assert "aaralia_aqua_secunda" in GAME.db.deck("vulca")
    _plain_character("aaralia_aqua_secunda", 4, 4)


def test_heroine_of_the_great_plains_pairs_with_another_heroine() -> None:
    """bluemoon.icon.pair, bluemoon.turn.character.several, bluemoon.cards.values: the Mimix
    guest (3 Fire, 5 Earth, PAIR) may be joined by Heroine of the High Flames (PAIR, same
    first word) in the same turn, both counting; not by a character without the icon."""
    st = later(
        {
            "hand": ["heroine_of_the_great_plains", "heroine_of_the_high_flames", "glimmer"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
        element="earth",
    )
    play(st, "char heroine_of_the_great_plains")
    assert tot(st, 0) == 5
    assert "char heroine_of_the_high_flames" in legal(st)
    assert "char glimmer" not in legal(st)
    play(st, "char heroine_of_the_high_flames", "done")
    assert active_combat(st, 0) == ["heroine_of_the_great_plains", "heroine_of_the_high_flames"]
    assert announced(st) == [(0, 5 + 3, EARTH)]
    # alone in fire it counts 3
    st = later(
        {"hand": ["heroine_of_the_great_plains", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char heroine_of_the_great_plains")
    assert tot(st, 0) == 3 and "char glimmer" not in legal(st)


# --- characters with a power -----------------------------------------------------------------
def _cinder_fight() -> BlueMoonState:
    """P2 has an active character, booster and supports (one PROTECTED) and a covered
    booster; P1 is to play Cinder (fight turn 5)."""
    return later(
        {"hand": ["cinder", "glimmer", "fireblast", "lightning_bolts"], "combat": at(3, "torch")},
        {
            "hand": ["sear"],
            "combat": at(2, "nirwadas_the_traveler", "inscrutable_armor", active=False)
            + at(4, "athradysas_the_seeker", "battling_boomerang"),
            "support": at(2, "trebuchet_of_fear") + at(4, "ravenous_razorjaw"),
            "turns": 2,
        },
        fight_turn=5,
        element="earth",
    )


def test_cinder_may_discard_one_active_booster_or_support_of_the_opponent() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.protected: when Cinder is played its
    player may discard one of the opponent's active boosters or supports: the active
    Boomerang or Trebuchet, not the character, not the covered armor, not the PROTECTED
    Razorjaw; one card only."""
    st = _cinder_fight()
    play(st, "char cinder")
    assert st.pending == ("task", 0)
    assert legal(st) == {"pick battling_boomerang", "pick trebuchet_of_fear", "stop"}
    before = tot(st, 1)
    play(st, "pick trebuchet_of_fear")
    assert ids(st, st.discards[1]) == ["trebuchet_of_fear"]
    assert ids(st, st.support[1]) == ["ravenous_razorjaw"]
    assert tot(st, 1) == before - 1  # Trebuchet's 1 Earth is gone
    assert st.pending == ("play", 0) and not st.tasks  # one card only
    assert tot(st, 0) == 2  # Cinder's own 2 Earth


def test_cinder_discard_is_optional() -> None:
    """bluemoon.cards.special_text: "may": stopping discards nothing."""
    st = _cinder_fight()
    play(st, "char cinder", "stop")
    assert st.discards[1] == [] and st.pending == ("play", 0)
    assert ids(st, st.combat[1])[-1] == "battling_boomerang"


def test_flare_draws_two_more_at_the_end_of_its_owners_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.end, bluemoon.turn.refill.modified: with
    Flare active its player refills to six and then may draw up to two more (R15: how
    many is the player's choice); a covered Flare draws nothing."""
    deck = [*DECK1, "spark", "sear", "ignite"]
    st = later(
        {"hand": ["flare", "glimmer"], "combat": at(1, "torch"), "deck": deck},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char flare", "done")
    assert announced(st) == [(0, 2, FIRE)]
    assert legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 2")
    assert len(st.hands[0]) == 8 and st.active == 1
    # covered by a later character: no extra cards
    st = later(
        {"hand": ["glimmer", "spark"], "combat": at(1, "flare"), "deck": deck},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char glimmer", "done")
    assert len(st.hands[0]) == 6


def test_flare_does_not_draw_at_the_end_of_the_opponents_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.special.reading: "my turn" is the owner's; the
    opponent's turn ending with Flare active gives Flare's player nothing."""
    st = reply(
        {"hand": ["glimmer"], "combat": at(1, "flare"), "deck": DECK1},
        {"hand": ["athradysas_the_seeker", "sear"]},
    )
    play(st, "char athradysas_the_seeker", "done")
    assert len(st.hands[0]) == 1


def test_ember_forbids_characters_without_power_text() -> None:
    """bluemoon.special.you_may_not, bluemoon.icon.free, bluemoon.cards.special_text: with
    Ember active the opponent may play a character that has a power text (Redamikanas),
    not one without (Vetraskedas), not even a FREE one (Sun Setting) (R16)."""
    st = reply(
        {"combat": at(1, "ember")},
        {"hand": ["vetraskedas_the_sceptic", "redamikanas_the_cartographer", "sun_setting"]},
    )
    assert legal(st) == {"retreat", "char redamikanas_the_cartographer"}
    # control: without Ember all three may be played
    st = reply(
        {"combat": at(1, "glimmer")},
        {"hand": ["vetraskedas_the_sceptic", "redamikanas_the_cartographer", "sun_setting"]},
    )
    assert {
        "char vetraskedas_the_sceptic",
        "char redamikanas_the_cartographer",
        "char sun_setting",
    } <= legal(st)


def test_ember_counts_one_and_one_and_binds_only_the_opponent() -> None:
    """bluemoon.cards.values, bluemoon.special.reading: Ember is worth 1 Fire and 1 Earth,
    and its player may still play characters without a power text."""
    st = later(
        {"hand": ["ember", "glimmer", "fireblast"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char ember")
    assert tot(st, 0) == 1
    st = later(
        {"hand": ["glimmer"], "combat": at(1, "ember")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
        element="earth",
    )
    assert tot(st, 0) == 1 and "char glimmer" in legal(st)


def test_ember_text_ignored_lets_plain_characters_through() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: when Enthrall Opposition
    (played by the opponent this turn) ignores Vulca's power texts, Ember forbids nothing."""
    st = reply(
        {"combat": at(1, "ember")},
        {"hand": ["enthrall_opposition", "vetraskedas_the_sceptic", "sear"]},
        pending={"kind": "lead", "seat": "P2"},
    )
    play(st, "lead enthrall_opposition")
    assert "char vetraskedas_the_sceptic" in legal(st)


def test_zig_nur_don_only_against_five_earth_then_fire() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element, bluemoon.icon.stop,
    bluemoon.icon.shield: the mutant may be played when the fight is in Earth and the
    opponent has at least 5; the fight turns to Fire, nothing more may follow (STOP), and
    its fire shield lets 4 Fire stand against 5."""
    st = later(
        {"hand": ["zig_nur_don", "fireblast", "lightning_bolts"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "eelena_aqua_prima_alpha")},
        element="earth",
    )
    assert "char zig_nur_don" in legal(st)
    play(st, "char zig_nur_don")  # STOP: "done" is the only option, taken at once
    assert st.element == FIRE and st.active == 1
    assert tot(st, 0) == 4 and tot(st, 1) == 5
    assert announced(st) == [(0, 4, FIRE)]
    assert {"fireblast", "lightning_bolts"} <= set(ids(st, st.hands[0]))


def test_zig_nur_don_refused_below_five_earth_or_in_fire() -> None:
    """bluemoon.cards.mutant: 4 Earth is not enough, and 7 Fire in a fire fight does not
    count."""
    st = later(
        {"hand": ["zig_nur_don", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "rocara")},
        element="earth",
    )
    assert tot(st, 1) == 4 and "char zig_nur_don" not in legal(st)
    st = later(
        {"hand": ["zig_nur_don", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "flamebreath_the_dazzling")},
    )
    assert "char zig_nur_don" not in legal(st)


# --- boosters --------------------------------------------------------------------------------
def test_fireblast_adds_three_fire_two_earth_on_the_character() -> None:
    """bluemoon.turn.booster, bluemoon.cards.values, bluemoon.turn.first_turn: Fireblast
    goes on top of the character and adds 3 Fire (2 Earth); not on the starter's first
    turn."""
    for element, value in (("fire", 4 + 3), ("earth", 2 + 2)):
        st = later(
            {"hand": ["spark", "fireblast"], "combat": at(1, "torch")},
            {"hand": ["sear"], "combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, "char spark", "boost fireblast", "done")
        assert active_combat(st, 0) == ["spark", "fireblast"]
        assert announced(st) == [(0, value, FIRE if element == "fire" else EARTH)]
    st = table({"hand": ["spark", "fireblast"]}, {"hand": ["sear"]})
    play(st, "char spark fire")
    assert "boost fireblast" not in legal(st)


def test_fireblast_is_covered_by_the_next_character() -> None:
    """bluemoon.turn.booster.active, bluemoon.turn.character.cover: on its player's next
    turn the new character covers Fireblast."""
    st = later(
        {"hand": ["glimmer"], "combat": at(3, "spark", "fireblast")},
        {"hand": ["sear"], "combat": at(4, "silento_sol")},
        fight_turn=5,
    )
    assert tot(st, 0) == 7
    play(st, "char glimmer")
    assert active_combat(st, 0) == ["glimmer"] and tot(st, 0) == 2


def test_infernal_armor_shields_in_earth_only() -> None:
    """bluemoon.icon.shield, bluemoon.icon.shield.element, bluemoon.turn.booster: with
    Infernal Armor (0/0, earth shield) Torch's 4 Earth stands against 7 Earth; in fire the
    armor does not help Spark's 4 against 5."""
    st = later(
        {"hand": ["torch", "infernal_armor"], "combat": at(1, "glimmer")},
        {"hand": ["sear"], "combat": at(2, "megalit_mountainshaker")},
        element="earth",
    )
    play(st, "char torch")
    assert "done" not in legal(st)
    play(st, "boost infernal_armor", "done")
    assert active_combat(st, 0) == ["torch", "infernal_armor"]
    assert announced(st) == [(0, 4, EARTH)]
    st = later(
        {"hand": ["spark", "infernal_armor", "instant_undertow"], "combat": at(1, "glimmer")},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "char spark", "boost infernal_armor")
    assert active_combat(st, 0) == ["spark", "infernal_armor"] and tot(st, 0) == 4
    assert "done" not in legal(st) and "undo" in legal(st)


def test_elemental_enchantment_raises_the_total_to_six() -> None:
    """bluemoon.cards.special_text, bluemoon.example.fight2.increase_to: Glimmer (2 Fire, 3
    Earth) with Elemental Enchantment makes 6 in either element; a bigger total is not
    lowered nor added to (Flamebreath's 7 stays 7)."""
    for element in ("fire", "earth"):
        st = later(
            {"hand": ["glimmer", "elemental_enchantment"], "combat": at(1, "torch")},
            {"hand": ["sear"], "combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, "char glimmer", "boost elemental_enchantment", "done")
        assert announced(st) == [(0, 6, FIRE if element == "fire" else EARTH)]
    st = later(
        {
            "hand": ["flamebreath_the_dazzling", "elemental_enchantment"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char flamebreath_the_dazzling", "boost elemental_enchantment")
    assert tot(st, 0) == 7


def test_elemental_enchantment_with_an_ignored_character() -> None:
    """bluemoon.special.ignore, bluemoon.example.fight2.increase_to: the opponent's Hank
    Highflyer Hawk ignores Glimmer, yet the booster raises the total to 6."""
    st = later(
        {"hand": ["glimmer", "elemental_enchantment"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "hank_highflyer_hawk")},
    )
    play(st, "char glimmer")
    assert tot(st, 0) == 0
    play(st, "boost elemental_enchantment")
    assert tot(st, 0) == 6


def test_volcanic_gauntlets_double_one_characters_fire() -> None:
    """bluemoon.cards.special_text: Volca's 5 Fire doubles to 10; in earth the Gauntlets
    change nothing (Volca's 1 Earth stays 1)."""
    st = later(
        {"hand": ["volca", "volcanic_gauntlets"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char volca", "boost volcanic_gauntlets", "done")
    assert announced(st) == [(0, 10, FIRE)]
    st = later(
        {"hand": ["volca", "volcanic_gauntlets"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
        element="earth",
    )
    play(st, "char volca", "boost volcanic_gauntlets")
    assert tot(st, 0) == 1


def test_volcanic_gauntlets_double_the_chosen_of_two_characters() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule2_choice: with Spark (4 Fire) and
    the FREE Sun Setting (2 Fire) active, one character's Fire doubles, the one its player
    chooses (R13): Spark, 4 + 4 + 2."""
    st = later(
        {"hand": ["spark", "sun_setting", "volcanic_gauntlets"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char spark", "char sun_setting", "boost volcanic_gauntlets")
    assert legal(st) == {"pick spark", "pick sun_setting"}
    play(st, "pick spark")
    assert tot(st, 0) == 10


def test_volcanic_gauntlets_ignored_by_trillilling() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: the opponent's Trillilling
    ignores Vulca's boosters: the Gauntlets double nothing."""
    st = later(
        {"hand": ["volca", "volcanic_gauntlets"], "combat": at(1, "torch")},
        {"people": "flit", "hand": ["sear"], "combat": at(2, "trillilling")},
    )
    play(st, "char volca", "boost volcanic_gauntlets")
    assert tot(st, 0) == 5


# --- supports --------------------------------------------------------------------------------
def test_lightning_bolts_goes_to_the_support_area_and_stays() -> None:
    """bluemoon.turn.support, bluemoon.cards.values, bluemoon.turn.first_turn: Lightning
    Bolts goes to the support area, adds 3 Fire (1 Earth) and stays active when a later
    character covers the combat area; not on the starter's first turn."""
    st = later(
        {"hand": ["spark", "lightning_bolts"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char spark", "support lightning_bolts", "done")
    assert ids(st, st.support[0]) == ["lightning_bolts"]
    assert active_combat(st, 0) == ["spark"]
    assert announced(st) == [(0, 4 + 3, FIRE)]
    st = later(
        {"hand": ["torch"], "combat": at(3, "spark"), "support": at(3, "lightning_bolts")},
        {"hand": ["sear"], "combat": at(4, "silento_sol")},
        fight_turn=5,
        element="earth",
    )
    play(st, "char torch")
    assert active_combat(st, 0) == ["torch"] and tot(st, 0) == 4 + 1
    st = table({"hand": ["spark", "lightning_bolts"]}, {"hand": ["sear"]})
    play(st, "char spark fire")
    assert "support lightning_bolts" not in legal(st)


def _after_support(support: str, p2: dict[str, Any]) -> BlueMoonState:
    """P1 plays Spark and ``support``, ends the turn; P2's turn begins."""
    st = later(
        {"hand": ["spark", support], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "silento_sol"), **p2},
    )
    play(st, "char spark", f"support {support}", "done")
    assert st.active == 1
    return st


def test_flickering_fires_forbids_the_opponents_leadership() -> None:
    """bluemoon.special.you_may_not, bluemoon.turn.leadership, bluemoon.cards.values,
    bluemoon.example.fight2.support: with Flickering Fires active the opponent gets no
    leadership phase; it adds 1 Fire; with Lightning Bolts instead the phase comes."""
    hand = {"hand": ["muster_reinforcements", "athradysas_the_seeker"]}
    st = _after_support("flickering_fires", hand)
    assert announced(st) == [(0, 4 + 1, FIRE)]
    assert st.pending == ("play", 1)
    assert not any(t.startswith("lead") for t in legal(st))
    st = _after_support("lightning_bolts", hand)
    assert st.pending == ("lead", 1)
    assert "lead muster_reinforcements" in legal(st)


def test_flickering_fires_ignored_allows_leadership() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: the opponent's Flitterflutter
    ignores Vulca's supports: Flickering Fires neither counts nor forbids."""
    st = _after_support(
        "flickering_fires",
        {
            "people": "flit",
            "hand": ["commence_mega_launch", "peckswift"],
            "combat": at(2, "flitterflutter"),
        },
    )
    assert announced(st) == [(0, 4, FIRE)]
    if st.pending[0] == "retrieve":  # Flitterflutter's own RETRIEVE icon comes first
        play(st, "on")
    assert st.pending == ("lead", 1)
    assert "lead commence_mega_launch" in legal(st)


def test_wall_of_fire_stops_the_opponents_drawing() -> None:
    """bluemoon.turn.refill.modified, bluemoon.cards.special_text: with Wall of Fire active
    the opponent draws nothing: not Muster Reinforcements' five, not the refill; Vulca
    itself refills."""
    st = _after_support(
        "wall_of_fire", {"hand": ["muster_reinforcements", "athradysas_the_seeker", "sear"]}
    )
    assert len(st.hands[0]) == 6  # the owner refills
    assert st.pending == ("lead", 1)
    play(st, "lead muster_reinforcements")
    assert len(st.hands[1]) == 2
    play(st, "char athradysas_the_seeker", "done")
    assert announced(st)[-1] == (1, 5, FIRE)
    assert ids(st, st.hands[1]) == ["sear"]
    # control: with Lightning Bolts the opponent draws
    st = _after_support(
        "lightning_bolts", {"hand": ["muster_reinforcements", "athradysas_the_seeker", "sear"]}
    )
    play(st, "lead muster_reinforcements", "draw 5")
    assert len(st.hands[1]) == 2 + 5


def test_fearsome_spirits_one_more_dragon_when_the_opponent_retreats() -> None:
    """bluemoon.fight.win.modifiers, bluemoon.special.reading: when the opponent retreats
    with Fearsome Spirits active, Vulca attracts two dragons instead of one; when Vulca
    retreats, the opponent attracts just one."""
    st = reply(
        {"combat": at(1, "spark"), "support": at(1, "fearsome_spirits")},
        {"hand": ["sear"]},
    )
    play(st, "retreat")
    assert st.dragons == [2, 0]
    st = reply({"combat": at(1, "spark"), "support": at(1, "lightning_bolts")}, {"hand": ["sear"]})
    play(st, "retreat")
    assert st.dragons == [1, 0]
    st = later(
        {"hand": ["glimmer"], "combat": at(1, "spark"), "support": at(1, "fearsome_spirits")},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "retreat")
    assert st.dragons == [0, 1]


def test_fearsome_spirits_ignored_gives_no_extra_dragon() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: while the opponent's
    Flitterflutter ignores Vulca's supports, their retreat gives Vulca one dragon only."""
    st = reply(
        {
            "turns": 2,
            "combat": at(1, "torch", active=False) + at(3, "spark"),
            "support": at(3, "fearsome_spirits"),
        },
        {"people": "flit", "turns": 2, "hand": ["peckswift"], "combat": at(2, "flitterflutter")},
        fight_turn=4,
    )
    play(st, "retreat")
    assert st.dragons == [1, 0]


def test_pandemonium_forbids_the_opponents_supports() -> None:
    """bluemoon.special.you_may_not, bluemoon.special.rule1, bluemoon.icon.free: with the
    Khind guest Pandemonium active the opponent may play a booster but no support, not a
    FREE one, not even after Trigger Brainstorm allowing any number of supports."""
    hand = ["trigger_brainstorm", "athradysas_the_seeker", "tome_of_wisdom"]
    hand += ["fire_swamp", "battling_boomerang"]
    st = reply(
        {"combat": at(1, "spark"), "support": at(1, "pandemonium")},
        {"hand": hand},
        pending={"kind": "lead", "seat": "P2"},
    )
    play(st, "lead trigger_brainstorm", "char athradysas_the_seeker")
    assert "boost battling_boomerang" in legal(st)
    assert not {"support tome_of_wisdom", "support fire_swamp"} & legal(st)
    # control: without Pandemonium both supports may be played
    st = reply(
        {"combat": at(1, "spark"), "support": at(1, "lightning_bolts")},
        {"hand": hand},
        pending={"kind": "lead", "seat": "P2"},
    )
    play(st, "lead trigger_brainstorm", "char athradysas_the_seeker")
    assert {"support tome_of_wisdom", "support fire_swamp"} <= legal(st)


def test_pandemonium_is_a_support_of_no_value() -> None:
    """bluemoon.turn.support, bluemoon.cards.values: Pandemonium goes to the support area
    and adds nothing to the total."""
    st = later(
        {"hand": ["spark", "pandemonium"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char spark", "support pandemonium", "done")
    assert ids(st, st.support[0]) == ["pandemonium"]
    assert announced(st) == [(0, 4, FIRE)]


# --- leadership ------------------------------------------------------------------------------
def _lead(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """P1 (fight turn 5) in its leadership phase."""
    return later(
        p1, {"turns": 2, **p2}, fight_turn=5, pending={"kind": "lead", "seat": "P1"}, **top
    )


def _sorcerer() -> BlueMoonState:
    return _lead(
        {
            "hand": ["summon_sorcerer", "glimmer"],
            "combat": at(1, "torch", active=False) + at(3, "spark", "fireblast"),
            "support": at(3, "lightning_bolts"),
        },
        {"hand": ["sear"], "combat": at(4, "silento_sol")},
    )


def test_summon_sorcerer_takes_back_one_active_card() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership.pile: Summon Sorcerer goes on
    the leader pile; its player may take one of their active cards (character, booster or
    support, not the covered Torch) back into hand, and play it again."""
    st = _sorcerer()
    play(st, "lead summon_sorcerer")
    assert ids(st, st.leaders[0]) == ["summon_sorcerer"]
    assert legal(st) == {"pick spark", "pick fireblast", "pick lightning_bolts", "stop"}
    play(st, "pick fireblast")
    assert "fireblast" in ids(st, st.hands[0]) and "fireblast" not in ids(st, st.combat[0])
    assert st.pending == ("play", 0) and not st.tasks
    play(st, "char glimmer", "boost fireblast")
    assert active_combat(st, 0) == ["glimmer", "fireblast"]


def test_summon_sorcerer_may_take_nothing() -> None:
    """bluemoon.cards.special_text: "may": stopping leaves the cards in play."""
    st = _sorcerer()
    play(st, "lead summon_sorcerer", "stop")
    assert ids(st, st.support[0]) == ["lightning_bolts"]
    assert active_combat(st, 0) == ["spark", "fireblast"]
    assert ids(st, st.hands[0]) == ["glimmer"]


def test_charm_holy_dragon_discards_eight_fire_for_a_dragon() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule6, bluemoon.special.rule4_dragon_choice:
    Charm Holy Dragon lets its player discard hand cards with printed Fire adding up to 8
    (cards without Fire not offered) to attract a dragon; once begun it must be finished
    (R19)."""
    st = _lead(
        {
            "hand": [
                "charm_holy_dragon",
                "flamebreath_the_dazzling",
                "torch",
                "infernal_armor",
                "spark",
            ],
            "combat": at(3, "glimmer"),
        },
        {"hand": ["sear"], "combat": at(4, "silento_sol")},
    )
    play(st, "lead charm_holy_dragon")
    assert legal(st) == {
        "pick flamebreath_the_dazzling",
        "pick torch",
        "pick spark",
        "stop",
    }
    play(st, "pick flamebreath_the_dazzling")
    assert legal(st) == {"pick torch", "pick spark"}  # 7 of 8: no stopping now
    play(st, "pick torch")
    assert st.dragons == [1, 0]
    assert ids(st, st.discards[0]) == ["flamebreath_the_dazzling", "torch"]
    assert st.pending == ("play", 0)
    assert {"spark", "infernal_armor"} == set(ids(st, st.hands[0]))


def test_charm_holy_dragon_may_be_declined_or_is_void_without_eight_fire() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule4_dragon_choice: the player may stop
    before discarding; with only 6 printed Fire in hand nothing can be done (all or
    nothing, R19) and no card is discarded; an opponent's dragon goes back first."""
    p2 = {"hand": ["sear"], "combat": at(4, "silento_sol")}
    st = _lead({"hand": ["charm_holy_dragon", "spark", "volca"], "combat": at(3, "glimmer")}, p2)
    play(st, "lead charm_holy_dragon", "stop")
    assert st.dragons == [0, 0] and st.discards[0] == []
    st = _lead({"hand": ["charm_holy_dragon", "spark", "glimmer"], "combat": at(3, "torch")}, p2)
    play(st, "lead charm_holy_dragon")
    assert st.pending == ("play", 0) and not st.tasks  # only "stop" was possible
    assert st.discards[0] == [] and st.dragons == [0, 0]
    st = _lead(
        {
            "hand": ["charm_holy_dragon", "spark", "volca", "silento_sol"],
            "combat": at(3, "glimmer"),
        },
        {**p2, "dragons": 1},
    )
    play(st, "lead charm_holy_dragon", "pick spark")  # Volca is then the only choice
    assert st.dragons == [0, 0] and ids(st, st.hands[0]) == ["silento_sol"]


def _cataclysm() -> BlueMoonState:
    return _lead(
        {
            "hand": ["cast_cataclysm", "glimmer"],
            "combat": at(3, "spark"),
            "support": at(3, "lightning_bolts"),
        },
        {
            "hand": ["sear"],
            "combat": at(4, "athradysas_the_seeker", "battling_boomerang"),
            "support": at(2, "trebuchet_of_fear") + at(4, "tome_of_wisdom", "ravenous_razorjaw"),
        },
    )


def test_cast_cataclysm_discards_all_the_opponents_supports() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.protected: Cast Cataclysm discards every
    support of the opponent except the PROTECTED Razorjaw; their character and booster
    and Vulca's own support stay."""
    st = _cataclysm()
    play(st, "lead cast_cataclysm")
    assert legal(st) == {"yes", "stop"}
    play(st, "yes")
    assert sorted(ids(st, st.discards[1])) == ["tome_of_wisdom", "trebuchet_of_fear"]
    assert ids(st, st.support[1]) == ["ravenous_razorjaw"]
    assert active_combat(st, 1) == ["athradysas_the_seeker", "battling_boomerang"]
    assert ids(st, st.support[0]) == ["lightning_bolts"]
    assert st.pending == ("play", 0)


def test_cast_cataclysm_is_optional() -> None:
    """bluemoon.cards.special_text: "may": stopping discards nothing."""
    st = _cataclysm()
    play(st, "lead cast_cataclysm", "stop")
    assert st.discards[1] == [] and len(st.support[1]) == 3


def test_volcanic_gauntlets_doubled_value_still_reduced_by_coolcat() -> None:
    """bluemoon.special.rule7: increases first, reductions after: Volca's odd 5 Fire,
    doubled by the Gauntlets, is still taken to 0 by CoolCat."""
    st = later(
        {"hand": ["volca", "volcanic_gauntlets", "fireblast"], "combat": at(1, "torch")},
        {"people": "khind", "hand": ["sear"], "combat": at(2, "coolcat")},
    )
    play(st, "char volca", "boost volcanic_gauntlets")
    assert tot(st, 0) == 0
