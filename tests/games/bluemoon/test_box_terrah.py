"""The Terrah deck box, card by card: the leader and its 30 playing cards (Terrah cards, the
Flit, Pillar and Vulca guests and the mutant Ras-mus-Pan), each in a small position played
through the public API.

Powers are checked as the deck file encodes them (powers.py, tasks.py) and as the rulings
read them (docs/rulings/bluemoon.md). P1 plays the Terrah cards; P2 is the opponent ("you"
in the cards' texts).
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import PositionError
from cardtable.games.bluemoon.state import EARTH, FIRE, BlueMoonState
from tests.games.bluemoon.helpers import active_combat, announced, at, ids, legal, play, tot

GAME = get_game("bluemoon")
ELEMENT = {"fire": FIRE, "earth": EARTH}
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
STORMS = ["crashing_thunder_storm", "swirling_snow_storm", "lashing_sand_storm"]


def table(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """A fight position; by default P1 (Terrah) starts fight 1 and is on its first turn."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "terrah", "turns": 1, "deck": DECK1, **p1},
            "P2": {"people": "vulca", "deck": DECK2, **p2},
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
    """P2's first turn (fight turn 2, unless given), answering P1's opening; P1 holds two
    characters for its next turn unless told otherwise."""
    p1 = {"hand": ["torana", "terraton"]} | p1
    return table(p1, {"turns": 1, **p2}, element=element, active="P2", **({"fight_turn": 2} | top))


# --- the leader -------------------------------------------------------------------------
def test_tecton_earthquaker_is_the_terrah_leader_and_never_dealt() -> None:
    """bluemoon.setup.leader, bluemoon.cards.types, bluemoon.deck.size: Tecton Earthquaker
    is the Terrah box's leader card; the box deals 30 playing cards without it, and it
    cannot be put into play."""
    leader = GAME.db.leader("terrah")
    assert leader.id == "tecton_earthquaker"
    assert leader.type == "leader" and leader.people == "terrah"
    deck = GAME.db.deck("terrah")
    assert len(deck) == 30 and "tecton_earthquaker" not in deck
    st = GAME.new_game({"peoples": ["terrah", "vulca"]}, seed=3)
    assert "tecton_earthquaker" not in st.card_ids
    assert sorted(c for c, o in zip(st.card_ids, st.owner, strict=True) if o == 0) == sorted(deck)
    with pytest.raises(PositionError, match="leader"):  # a leader is no playing card
        table({"hand": ["tecton_earthquaker", "torana"]}, {"hand": ["sear"]})


# --- characters without a power -----------------------------------------------------------
def _vanilla_character(card: str, fire: int, earth: int) -> None:
    """Opening with the card in either element announces its printed value; on a later
    turn it covers the earlier combat cards and alone makes the total."""
    for element, value in (("fire", fire), ("earth", earth)):
        st = table({"hand": [card, "sonatos"]}, {"hand": ["sear"]})
        play(st, f"char {card} {element}")  # the starter's first turn: nothing else to play
        assert announced(st) == [(0, value, ELEMENT[element])]
        st = later(
            {"hand": [card, "earthblast"], "combat": at(1, "rocara", "fireblast")},
            {"hand": ["sear"], "combat": at(2, "athradysas_the_seeker")},
            element=element,
        )
        play(st, f"char {card}")  # Earthblast still in hand: the turn waits
        assert ids(st, st.combat[0]) == ["rocara", "fireblast", card]
        assert active_combat(st, 0) == [card]
        assert tot(st, 0) == value


def test_megalit_mountainshaker_counts_zero_fire_seven_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 0 Fire, 7 Earth."""
    _vanilla_character("megalit_mountainshaker", 0, 7)


def test_roomban_rockmaster_counts_three_fire_six_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire, 6 Earth."""
    _vanilla_character("roomban_rockmaster", 3, 6)


def test_suranom_stormbringer_counts_zero_fire_six_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 0 Fire, 6 Earth."""
    _vanilla_character("suranom_stormbringer", 0, 6)


def test_gravitos_greatpower_counts_four_fire_five_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire, 5 Earth."""
    _vanilla_character("gravitos_greatpower", 4, 5)


def test_flamitos_counts_four_fire_three_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire, 3 Earth."""
    _vanilla_character("flamitos", 4, 3)


def test_terraton_counts_three_fire_four_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire, 4 Earth."""
    _vanilla_character("terraton", 3, 4)


def test_helitos_counts_four_fire_one_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire, 1 Earth."""
    _vanilla_character("helitos", 4, 1)


def test_sonatos_counts_four_fire_zero_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire, 0 Earth."""
    _vanilla_character("sonatos", 4, 0)


def test_rocara_counts_zero_fire_four_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 0 Fire, 4 Earth."""
    _vanilla_character("rocara", 0, 4)


def test_torana_counts_three_fire_three_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire, 3 Earth."""
    _vanilla_character("torana", 3, 3)


def test_flash_the_incendiary_counts_six_fire_three_earth() -> None:
    """bluemoon.cards.values, bluemoon.cards.deck_content: the Vulca guest in the Terrah box
    plays as any character: 6 Fire, 3 Earth."""
    assert GAME.db.card("flash_the_incendiary").people == "vulca"
    _vanilla_character("flash_the_incendiary", 6, 3)


def test_a_vanilla_character_below_the_opponent_cannot_end_the_turn() -> None:
    """bluemoon.fight.at_least, bluemoon.special.rule11: Megalit Mountainshaker's 0 Fire does
    not answer 5 Fire; with nothing drawn the turn goes back to «Сдаться?», where P1 (with
    no other character) retreats."""
    st = later(
        {"hand": ["megalit_mountainshaker"], "combat": at(1, "torana"), "deck": []},
        {"hand": ["sear"], "combat": at(2, "athradysas_the_seeker")},
    )
    play(st, "char megalit_mountainshaker")  # "undo" is the only way out: taken by itself
    assert legal(st) == {"retreat", "char megalit_mountainshaker"}
    play(st, "retreat")
    assert st.dragons == [0, 1] and ids(st, st.hands[0]) == ["megalit_mountainshaker"]
    assert st.fight == 2 and st.starter == 0


# --- Silento Sol: a fire shield -----------------------------------------------------------
def test_silento_sol_stands_at_zero_fire_but_not_in_earth() -> None:
    """bluemoon.icon.shield, bluemoon.icon.shield.element, bluemoon.turn.announce.zero:
    Silento Sol (0/0, fire shield) ends the turn at 0 Fire against 5 Fire; in Earth the
    shield does not help against 4 Earth."""
    st = later(
        {"hand": ["silento_sol", "sonatos"], "combat": at(1, "torana")},
        {"hand": ["sear"], "combat": at(2, "athradysas_the_seeker")},
    )
    play(st, "char silento_sol", "done")
    assert announced(st) == [(0, 0, FIRE)] and st.active == 1
    st = later(
        {"hand": ["silento_sol", "earthblast"], "combat": at(1, "torana")},
        {"hand": ["sear"], "combat": at(2, "torch")},
        element="earth",
    )
    play(st, "char silento_sol")
    assert legal(st) == {"boost earthblast", "undo"}


# --- boosters and supports without a power -------------------------------------------------
def test_earthblast_goes_on_the_character_for_this_turn_only() -> None:
    """bluemoon.turn.booster, bluemoon.turn.booster.active, bluemoon.turn.first_turn,
    bluemoon.cards.values: Earthblast (2 Fire/3 Earth) is not played before a character nor
    on the starter's first turn; on Rocara it makes 7 Earth; the next character covers it."""
    st = table({"hand": ["rocara", "earthblast"]}, {"hand": ["sear"]})
    assert "boost earthblast" not in legal(st)
    play(st, "char rocara earth")
    assert st.active == 1 and "earthblast" in ids(st, st.hands[0])
    st = later(
        {"hand": ["rocara", "earthblast"], "combat": at(1, "torana")},
        {"hand": ["sear"], "combat": at(2, "torch")},
        element="earth",
    )
    assert "boost earthblast" not in legal(st)
    play(st, "char rocara", "boost earthblast")
    assert active_combat(st, 0) == ["rocara", "earthblast"]
    assert announced(st) == [(0, 7, EARTH)]
    st = later(
        {"hand": ["sonatos", "torana"], "combat": at(1, "rocara", "earthblast")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    assert tot(st, 0) == 0 + 2
    play(st, "char sonatos")
    assert active_combat(st, 0) == ["sonatos"] and tot(st, 0) == 4


def test_seismic_drill_stays_active_in_the_support_area() -> None:
    """bluemoon.turn.support, bluemoon.cards.values: Seismic Drill (1 Fire/3 Earth) goes to
    the support area and adds 3 Earth; a new character later covers the combat area but
    the support still counts."""
    st = later(
        {"hand": ["rocara", "seismic_drill"], "combat": at(1, "torana")},
        {"hand": ["sear"], "combat": at(2, "torch")},
        element="earth",
    )
    play(st, "char rocara", "support seismic_drill")
    assert ids(st, st.support[0]) == ["seismic_drill"] and active_combat(st, 0) == ["rocara"]
    assert announced(st) == [(0, 7, EARTH)]
    st = later(
        {"hand": ["sonatos"], "combat": at(1, "rocara"), "support": at(1, "seismic_drill")},
        {"hand": ["sear"], "combat": at(2, "zedemikras_the_brain")},
    )
    play(st, "char sonatos", "done")
    assert active_combat(st, 0) == ["sonatos"] and ids(st, st.support[0]) == ["seismic_drill"]
    assert announced(st) == [(0, 4 + 1, FIRE)]


# --- Ferro Fos: no cards with a power text ----------------------------------------------------
def test_ferro_fos_forbids_the_opponents_cards_with_a_power_text() -> None:
    """bluemoon.cards.special_text, bluemoon.special.you_may_not, bluemoon.cards.values: while
    Ferro Fos (2/2) is active the opponent may play no character, booster or support that
    prints a power text (rulings R16: whatever the text does); cards without one are
    played as usual."""
    st = reply(
        {"combat": at(1, "ferro_fos")},
        {
            "hand": [
                "sear",
                "cinder",
                "fireblast",
                "elemental_enchantment",
                "lightning_bolts",
                "flickering_fires",
            ]
        },
    )
    assert tot(st, 0) == 2
    assert legal(st) == {"retreat", "char sear"}
    play(st, "char sear")
    assert legal(st) == {"boost fireblast", "support lightning_bolts", "done"}


def test_ferro_fos_beats_free_and_the_mutants_condition() -> None:
    """bluemoon.special.you_may_not, bluemoon.special.rule1, bluemoon.icon.free,
    bluemoon.cards.mutant: a FREE booster with a power text (Caterpillar Fireeater) may not
    be played even as the first card, and Zig-nur-Don (its text is its condition) not even
    when attacked by 5 Earth; once Ferro Fos is covered both are allowed."""
    hand = ["zig_nur_don", "caterpillar_fireeater", "torch"]

    def fight(p1_combat: list[dict[str, Any]]) -> BlueMoonState:
        return later(
            {"hand": ["torana"], "combat": p1_combat},
            {"turns": 2, "hand": hand, "combat": at(2, "sear")},
            element="earth",
            active="P2",
            fight_turn=4,
        )

    st = fight(at(1, "rocara", active=False) + at(3, "ferro_fos", "earthblast"))
    assert tot(st, 0) == 2 + 3
    assert legal(st) == {"retreat", "char torch"}
    st = fight(at(1, "ferro_fos", active=False) + at(3, "gravitos_greatpower"))
    assert tot(st, 0) == 5
    assert {"char zig_nur_don", "boost caterpillar_fireeater", "char torch"} <= legal(st)


def test_ferro_fos_ignored_forbids_nothing() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: Hank Highflyer Hawk, active
    for the opponent, ignores Ferro Fos (a non-Flit character): its prohibition is gone."""
    st = later(
        {"hand": ["torana"], "combat": at(3, "ferro_fos")},
        {
            "turns": 2,
            "hand": ["cinder", "elemental_enchantment"],
            "combat": at(2, "hank_highflyer_hawk"),
            "support": at(2, "flickering_fires"),
        },
        active="P2",
        fight_turn=4,
    )
    assert tot(st, 0) == 0
    assert "char cinder" in legal(st)


# --- Kabu Kat and Baku But: you must play a support / a booster, or retreat -------------------
def test_kabu_kat_makes_the_opponent_play_a_support() -> None:
    """bluemoon.cards.special_text: against an active Kabu Kat (2 Fire) the opponent's turn
    cannot end without a support: Sear alone or with a booster is not enough, Sear with
    the Trebuchet of Fear is; retreating stays open."""
    hand = ["sear", "fireblast", "trebuchet_of_fear"]
    st = reply({"combat": at(1, "kabu_kat")}, {"hand": hand})
    assert tot(st, 0) == 2 and "retreat" in legal(st)
    play(st, "char sear")
    assert "done" not in legal(st)
    assert {"boost fireblast", "support trebuchet_of_fear", "undo"} <= legal(st)
    play(st, "support trebuchet_of_fear", "done")
    assert announced(st) == [(1, 6, FIRE)]
    st = reply({"combat": at(1, "kabu_kat")}, {"hand": hand, "deck": []})
    play(st, "char sear", "boost fireblast")  # no support now: only "undo", taken by itself
    play(st, "retreat")  # back at "Retreat?", the opponent retreats (rulings R2)
    assert st.dragons == [1, 0]
    assert {"sear", "fireblast"} <= set(ids(st, st.hands[1]))


def test_kabu_kat_binds_only_the_opponent() -> None:
    """bluemoon.cards.special_text, bluemoon.special.reading: Kabu Kat's owner ends the turn
    without a support."""
    st = later(
        {"hand": ["kabu_kat", "seismic_drill"], "combat": at(1, "torana")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char kabu_kat")
    assert "done" in legal(st)


def test_kabu_kat_ignored_demands_nothing() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: an ignored Kabu Kat (Hank
    Highflyer Hawk ignores non-Flit characters) makes no demand: Hank alone ends the turn
    at 0 against 0."""
    st = reply({"combat": at(1, "kabu_kat")}, {"hand": ["hank_highflyer_hawk", "fireblast"]})
    play(st, "char hank_highflyer_hawk")
    assert tot(st, 0) == 0 and "done" in legal(st)


def test_baku_but_makes_the_opponent_play_a_booster() -> None:
    """bluemoon.cards.special_text: against an active Baku But (1 Fire) the opponent's turn
    ends only with a booster: a support does not do, Fireblast does."""
    hand = ["sear", "fireblast", "lightning_bolts"]
    st = reply({"combat": at(1, "baku_but")}, {"hand": hand})
    assert tot(st, 0) == 1
    play(st, "char sear")
    assert "done" not in legal(st)
    play(st, "boost fireblast", "done")
    assert announced(st) == [(1, 7, FIRE)]
    st = reply({"combat": at(1, "baku_but")}, {"hand": hand, "deck": []})
    play(st, "char sear", "support lightning_bolts")  # only "undo": taken by itself
    play(st, "retreat")
    assert st.dragons == [1, 0]


def test_baku_but_is_met_by_a_free_booster() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.free: a FREE booster (Sudden Waterspout)
    is a booster too: it meets Baku But's demand."""
    st = reply({"combat": at(1, "baku_but")}, {"hand": ["sear", "sudden_waterspout"]})
    play(st, "boost sudden_waterspout")  # then Sear and "done", the only options
    assert active_combat(st, 1) == ["sudden_waterspout", "sear"]
    assert announced(st) == [(1, 2 + 4, FIRE)]


# --- Corono Cos: no cards without a power text ------------------------------------------------
def test_corono_cos_forbids_the_opponents_cards_without_a_power_text() -> None:
    """bluemoon.cards.special_text, bluemoon.special.you_may_not, bluemoon.icon.free: while
    Corono Cos (1/1) is active the opponent may play only cards printing a power text
    (rulings R16): Cinder, Elemental Enchantment and Flickering Fires, not Sear, Fireblast,
    Lightning Bolts, nor the FREE Sudden Waterspout."""
    st = reply(
        {"combat": at(1, "corono_cos")},
        {
            "hand": [
                "sear",
                "cinder",
                "fireblast",
                "elemental_enchantment",
                "lightning_bolts",
                "flickering_fires",
                "sudden_waterspout",
            ]
        },
    )
    assert tot(st, 0) == 1
    assert legal(st) == {"retreat", "char cinder"}
    play(st, "char cinder")
    assert legal(st) == {"boost elemental_enchantment", "support flickering_fires", "done"}


def test_corono_cos_allows_the_opponents_leadership_cards() -> None:
    """bluemoon.turn.leadership, bluemoon.cards.special_text: every leadership card prints a
    power text, so Corono Cos does not stop Muster Reinforcements."""
    st = reply(
        {"combat": at(1, "corono_cos")},
        {"people": "hoax", "hand": ["muster_reinforcements", "cinder"]},
        pending={"kind": "lead", "seat": "P2"},
    )
    assert legal(st) == {"lead muster_reinforcements", "no_lead"}


# --- Earthtremor: now I may discard one of your active boosters/supports -----------------------
def _earthtremor() -> BlueMoonState:
    """P1 (earth) on turn 5 against Catusan + Battling Boomerang, the Ballista of Confusion
    and the PROTECTED Ravenous Razorjaw; a Fireblast lies covered: 5 + 2 + 2 + 0 = 9 Earth."""
    return later(
        {
            "turns": 3,
            "hand": ["megalit_mountainshaker", "earthtremor"],
            "combat": at(1, "torana", active=False) + at(3, "rocara"),
        },
        {
            "turns": 2,
            "hand": ["sear"],
            "combat": at(2, "sear", "fireblast", active=False)
            + at(4, "catusan", "battling_boomerang"),
            "support": at(2, "ballista_of_confusion") + at(4, "ravenous_razorjaw"),
        },
        element="earth",
        fight_turn=5,
    )


def test_earthtremor_discards_an_active_booster_or_support() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.protected, bluemoon.turn.booster: after
    Earthtremor the player may discard one of the opponent's active boosters or supports:
    not a character, not a covered card, not a PROTECTED one; the Boomerang goes and 7
    Earth answers 7."""
    st = _earthtremor()
    assert tot(st, 1) == 9
    play(st, "char megalit_mountainshaker", "boost earthtremor")
    assert st.pending == ("task", 0)
    assert legal(st) == {"pick battling_boomerang", "pick ballista_of_confusion", "stop"}
    play(st, "pick battling_boomerang")
    assert ids(st, st.discards[1]) == ["battling_boomerang"]
    assert tot(st, 1) == 7 and tot(st, 0) == 7
    # only one card goes: the task is over and "done", the only option, ends the turn
    assert announced(st) == [(0, 7, EARTH)] and st.active == 1


def test_earthtremor_may_stop() -> None:
    """bluemoon.cards.special_text: "may": the player may leave the opponent's cards in
    play (7 Earth answer Catusan + Boomerang's 7)."""
    st = later(
        {"hand": ["megalit_mountainshaker", "earthtremor"], "combat": at(1, "torana")},
        {"hand": ["sear"], "combat": at(2, "catusan", "battling_boomerang")},
        element="earth",
    )
    play(st, "char megalit_mountainshaker", "boost earthtremor")
    assert legal(st) == {"pick battling_boomerang", "stop"}
    play(st, "stop")
    assert st.discards[1] == [] and active_combat(st, 1) == ["catusan", "battling_boomerang"]
    assert announced(st) == [(0, 7, EARTH)]


# --- the Storms: two active Storms at the start of my turn attract a dragon --------------------
def _storms(
    storms: list[str], p2: dict[str, Any] | None = None, p1: dict[str, Any] | None = None
) -> BlueMoonState:
    """P2 answers P1's Torana (3 Fire) and Storms (1 each) with Flamebreath's 7 Fire; then
    P1's turn begins."""
    st = reply(
        {"combat": at(1, "torana"), "support": at(1, *storms)} | (p1 or {}),
        {"hand": ["flamebreath_the_dazzling", "spark"]} | (p2 or {}),
    )
    play(st, "char flamebreath_the_dazzling", "done")
    assert st.active == 0
    return st


def test_crashing_thunder_storm_with_a_second_storm_attracts_a_dragon() -> None:
    """bluemoon.cards.special_text, bluemoon.cards.values, bluemoon.turn.start: with
    Crashing Thunder Storm and Swirling Snow Storm (1/1 each) active, P1 attracts a dragon
    as its turn begins; the opponent's turn beginning gives nothing."""
    st = reply(
        {"combat": at(1, "torana"), "support": at(1, *STORMS[:2])},
        {"hand": ["flamebreath_the_dazzling", "spark"]},
    )
    assert tot(st, 0) == 3 + 1 + 1 and st.dragons == [0, 0]
    play(st, "char flamebreath_the_dazzling", "done")
    assert st.dragons == [1, 0] and st.active == 0


def test_swirling_snow_storm_alone_attracts_nothing() -> None:
    """bluemoon.cards.special_text: one Storm is not enough."""
    st = _storms(["swirling_snow_storm"])
    assert st.dragons == [0, 0]


def test_lashing_sand_storm_three_storms_attract_one_dragon_in_total() -> None:
    """bluemoon.cards.special_text, bluemoon.fight.win.take_back: three Storms attract one
    dragon in all (rulings R17); against an opponent holding a dragon it goes back to the
    centre first."""
    st = _storms(STORMS)
    assert st.dragons == [1, 0]
    st = _storms(["lashing_sand_storm", "crashing_thunder_storm"], {"dragons": 1})
    assert st.dragons == [0, 0]


def test_the_storms_attract_at_every_start_of_their_owners_turn() -> None:
    """bluemoon.cards.special_text: the Storms act at each start of P1's turn, not once a
    fight: P1 already holding a dragon attracts a second one."""
    st = _storms(STORMS[1:], p1={"dragons": 1})
    assert st.dragons == [2, 0]


# --- Cloying Mud: no characters with a printed value above 4 --------------------------------
def test_cloying_mud_forbids_characters_printing_five_or_more() -> None:
    """bluemoon.cards.special_text, bluemoon.special.you_may_not: while Cloying Mud is in
    P1's support area the opponent may not play a character printing more than 4 in
    either element (Flamebreath 7/0, Lavar 5/4, Catusan 1/5); Sear (4/1) and boosters are
    allowed."""
    st = reply(
        {"combat": at(1, "torana"), "support": at(1, "cloying_mud")},
        {
            "hand": [
                "flamebreath_the_dazzling",
                "lavar_the_powerful",
                "catusan",
                "sear",
                "fireblast",
            ]
        },
    )
    assert tot(st, 0) == 3
    assert legal(st) == {"retreat", "char sear"}
    play(st, "char sear")
    assert "boost fireblast" in legal(st)


# --- Impenetrable Fog: your icons are ignored, except STOP and PROTECTED --------------------
def test_impenetrable_fog_takes_away_the_opponents_shield() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.shield, bluemoon.special.ignore: with the
    Fog active Inscrutable Armor's fire shield does not let the opponent stand below 3
    Fire; its values still count (the card is not wholly ignored)."""
    st = reply(
        {"combat": at(1, "torana"), "support": at(1, "impenetrable_fog")},
        {"hand": ["spark", "inscrutable_armor"]},
    )
    play(st, "char spark")
    assert "done" in legal(st)
    st = reply(
        {"combat": at(1, "roomban_rockmaster"), "support": at(1, "impenetrable_fog")},
        {"hand": ["torch", "inscrutable_armor"]},
    )
    play(st, "char torch", "boost inscrutable_armor")  # 1 Fire below 3: only "undo"
    play(st, "retreat")  # taken back by itself; back at "Retreat?" P2 retreats
    assert st.dragons == [1, 0] and st.fight == 2
    st = reply({"combat": at(1, "roomban_rockmaster")}, {"hand": ["torch", "inscrutable_armor"]})
    play(st, "char torch", "boost inscrutable_armor")
    assert announced(st) == [(1, 1, FIRE)]  # the control case: without the Fog it stands


def test_impenetrable_fog_takes_away_retrieve() -> None:
    """bluemoon.icon.retrieve, bluemoon.special.ignore: the opponent's Battling Boomerang
    cannot be taken back while the Fog is active."""
    st = table(
        {"turns": 1, "hand": ["roomban_rockmaster", "impenetrable_fog", "rocara"]},
        {"people": "hoax", "turns": 1, "hand": ["catusan", "sear"]}
        | {"combat": at(1, "penemikanas_the_paranoid", "battling_boomerang")},
        starter="P2",
        first="P2",
        fight_turn=2,
        element="earth",
    )
    play(st, "char roomban_rockmaster", "support impenetrable_fog")
    assert st.active == 1 and st.pending[0] != "retrieve"
    assert "retrieve battling_boomerang" not in legal(st)


def test_impenetrable_fog_keeps_stop() -> None:
    """bluemoon.icon.stop, bluemoon.icon.shield, bluemoon.cards.mutant: under the Fog
    Zig-nur-Don's shields are gone but its STOP holds: after it nothing may be played and
    its 4 Fire does not reach 5; without the Fog its shield lets it stand."""
    p1 = {"combat": at(1, "roomban_rockmaster", "earthblast"), "support": at(1, "impenetrable_fog")}
    st = reply(p1, {"hand": ["zig_nur_don", "fireblast"], "deck": []}, element="earth")
    assert tot(st, 0) == 6 + 3
    # Fire: 4 against 3 + 2; Fireblast would reach it, but STOP leaves only "undo"
    play(st, "char zig_nur_don")
    assert [e.kind for e in st.log or []][:3] == ["element", "play", "undo"]
    play(st, "retreat")
    assert st.dragons == [1, 0] and "fireblast" in ids(st, st.hands[1])
    p1 = {"combat": at(1, "roomban_rockmaster", "earthblast")}
    st = reply(p1, {"hand": ["zig_nur_don", "fireblast"]}, element="earth")
    play(st, "char zig_nur_don")
    assert announced(st) == [(1, 4, FIRE)]


def test_impenetrable_fog_takes_away_free() -> None:
    """bluemoon.icon.free, bluemoon.special.ignore: under the Fog the opponent's Sudden
    Waterspout is an ordinary booster: it cannot open the turn before a character; without
    the Fog it can."""

    def fight(support: list[dict[str, Any]]) -> BlueMoonState:
        return later(
            {"hand": ["torana"], "combat": at(3, "rocara"), "support": support},
            {"turns": 2, "hand": ["sear", "sudden_waterspout"], "combat": at(2, "spark")},
            element="earth",
            active="P2",
            fight_turn=4,
        )

    assert legal(fight(at(3, "impenetrable_fog"))) == {"retreat", "char sear"}
    assert "boost sudden_waterspout" in legal(fight([]))


def test_impenetrable_fog_keeps_protected() -> None:
    """bluemoon.icon.protected, bluemoon.cards.special_text: the PROTECTED icon survives the
    Fog: Earthtremor still cannot discard the Ravenous Razorjaw."""
    st = later(
        {
            "hand": ["flash_the_incendiary", "earthtremor"],
            "combat": at(1, "torana"),
            "support": at(1, "impenetrable_fog"),
        },
        {
            "hand": ["sear"],
            "combat": at(2, "spark"),
            "support": at(2, "ravenous_razorjaw", "trebuchet_of_fear"),
        },
    )
    play(st, "char flash_the_incendiary", "boost earthtremor")
    assert legal(st) == {"pick trebuchet_of_fear", "stop"}


# --- Quivering Quicksand: no cards into a hand of four or more -------------------------------
def test_quivering_quicksand_stops_the_refill_at_four() -> None:
    """bluemoon.turn.refill.modified, bluemoon.cards.special_text: with Quicksand active the
    opponent, 4 cards left after the turn, draws none; with 3 left, draws one (to four)."""
    p1 = {"combat": at(1, "rocara"), "support": at(1, "quivering_quicksand")}
    st = reply(p1, {"hand": ["sear", "fireblast", "spark", "blaze", "furnace", "ignite"]})
    play(st, "char sear", "boost fireblast", "done")
    assert len(st.hands[1]) == 4 and len(st.decks[1]) == 6
    st = reply(p1, {"hand": ["sear", "fireblast", "spark", "blaze", "furnace"]})
    play(st, "char sear", "boost fireblast", "done")
    assert len(st.hands[1]) == 4 and len(st.decks[1]) == 5


def test_quivering_quicksand_caps_a_now_draw() -> None:
    """bluemoon.turn.refill.modified, bluemoon.cards.special_text: Muster Reinforcements
    (may draw five) fills the opponent's hand of 2 only to four: two cards at most."""
    st = reply(
        {"combat": at(1, "rocara"), "support": at(1, "quivering_quicksand")},
        {"people": "hoax", "hand": ["muster_reinforcements", "sear", "catusan"]},
        pending={"kind": "lead", "seat": "P2"},
    )
    play(st, "lead muster_reinforcements")
    assert legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 2")
    assert len(st.hands[1]) == 4


def test_quivering_quicksand_does_not_stop_its_owner() -> None:
    """bluemoon.cards.special_text, bluemoon.special.reading: the Quicksand's owner refills
    to six as usual."""
    st = later(
        {"hand": ["rocara", "quivering_quicksand", "torana"], "combat": at(1, "sonatos")},
        {"hand": ["sear"], "combat": at(2, "torch")},
        element="earth",
    )
    play(st, "char rocara", "support quivering_quicksand", "done")
    assert len(st.hands[0]) == 6


# --- Provoke Earthquake: now I may discard your combat area ----------------------------------
def _earthquake(p2_combat: list[dict[str, Any]]) -> BlueMoonState:
    """P1's leadership phase on turn 5 (earth); P2's support holds the Ballista (2 Earth)."""
    return later(
        {
            "turns": 3,
            "hand": ["provoke_earthquake", "torana"],
            "combat": at(1, "sonatos", active=False) + at(3, "rocara"),
        },
        {"turns": 2, "hand": ["sear"], "combat": p2_combat}
        | {"support": at(2, "ballista_of_confusion")},
        element="earth",
        fight_turn=5,
        pending={"kind": "lead", "seat": "P1"},
    )


def test_provoke_earthquake_discards_the_opponents_combat_area() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership, bluemoon.turn.leadership.pile,
    bluemoon.icon.protected: the leadership card goes on the leader; the opponent's whole
    combat area is discarded (the covered PROTECTED Terrible Kraken too), the support area
    stays: 9 Earth fall to 2 and Torana's 3 Earth is enough."""
    st = _earthquake(
        at(2, "terrible_kraken", active=False) + at(4, "catusan", "battling_boomerang")
    )
    assert tot(st, 1) == 9
    play(st, "lead provoke_earthquake")
    assert ids(st, st.leaders[0]) == ["provoke_earthquake"]
    assert legal(st) == {"yes", "stop"}
    play(st, "yes")
    assert st.combat[1] == [] and ids(st, st.support[1]) == ["ballista_of_confusion"]
    assert sorted(ids(st, st.discards[1])) == ["battling_boomerang", "catusan", "terrible_kraken"]
    assert tot(st, 1) == 2
    play(st, "char torana", "done")
    assert announced(st) == [(0, 3, EARTH)]


def test_provoke_earthquake_spares_an_active_protected_card() -> None:
    """bluemoon.icon.protected, bluemoon.cards.special_text: an active PROTECTED card stays
    in the combat area; the booster on it goes."""
    st = _earthquake(at(4, "terrible_kraken", "battling_boomerang"))
    play(st, "lead provoke_earthquake", "yes")
    assert ids(st, st.combat[1]) == ["terrible_kraken"]
    assert ids(st, st.discards[1]) == ["battling_boomerang"]
    assert tot(st, 1) == 5 + 2


def test_provoke_earthquake_may_stop() -> None:
    """bluemoon.cards.special_text: "may": stopping leaves the opponent's cards in play."""
    st = _earthquake(at(4, "catusan", "battling_boomerang"))
    play(st, "lead provoke_earthquake", "stop")
    assert ids(st, st.combat[1]) == ["catusan", "battling_boomerang"] and st.discards[1] == []
    assert st.pending == ("play", 0)


# --- Impress Holy Dragon: discard 8 printed Earth from hand for a dragon ---------------------
def _dragon(hand: list[str], p2: dict[str, Any] | None = None) -> BlueMoonState:
    return later(
        {"hand": ["impress_holy_dragon", *hand], "combat": at(1, "sonatos"), "deck": []},
        {"hand": ["sear"], "combat": at(2, "torch")} | (p2 or {}),
        element="earth",
        pending={"kind": "lead", "seat": "P1"},
    )


def test_impress_holy_dragon_discards_eight_earth_for_a_dragon() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule5, bluemoon.special.rule6,
    bluemoon.special.rule4_dragon_choice: only cards printing Earth are offered (not
    Sonatos' 0); once begun the discarding goes on (no stop) until 4 + 3 + 7 Earth reach
    8 (rulings R19), and P1 attracts a dragon."""
    st = _dragon(["rocara", "torana", "megalit_mountainshaker", "helitos"])
    play(st, "lead impress_holy_dragon")
    assert legal(st) == {
        "pick rocara",
        "pick torana",
        "pick megalit_mountainshaker",
        "pick helitos",
        "stop",
    }
    play(st, "pick rocara")
    assert "stop" not in legal(st) and st.dragons == [0, 0]
    play(st, "pick torana")
    assert st.dragons == [0, 0]
    play(st, "pick megalit_mountainshaker")
    assert st.dragons == [1, 0]
    assert ids(st, st.discards[0]) == ["rocara", "torana", "megalit_mountainshaker"]
    assert st.pending == ("play", 0)


def test_impress_holy_dragon_may_stop_and_needs_eight() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule4_dragon_choice: the player may
    decline; with only 7 printed Earth in hand nothing can begin (all or nothing)."""
    st = _dragon(["megalit_mountainshaker", "rocara"])
    play(st, "lead impress_holy_dragon", "stop")
    assert st.dragons == [0, 0] and st.pending == ("play", 0)
    st = _dragon(["megalit_mountainshaker", "sonatos"])
    play(st, "lead impress_holy_dragon")  # only "stop": taken by itself
    assert st.dragons == [0, 0] and st.discards[0] == [] and st.pending == ("play", 0)


def test_impress_holy_dragon_takes_the_opponents_dragon_back() -> None:
    """bluemoon.fight.win.take_back, bluemoon.cards.special_text: the dragon attracted
    returns the opponent's dragon to the centre."""
    st = _dragon(["megalit_mountainshaker", "rocara", "sonatos"], {"dragons": 2})
    play(st, "lead impress_holy_dragon", "pick megalit_mountainshaker")  # Rocara by itself
    assert st.dragons == [0, 1] and st.pending == ("play", 0)


# --- Mad Mike Magpie: your cards with icons are ignored ---------------------------------------
def test_mad_mike_magpie_ignores_the_opponents_cards_with_icons() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect, bluemoon.icon.retrieve: Mad
    Mike (0/0) ignores the Battling Boomerang and the Homing Missiles (RETRIEVE): 7 Earth
    fall to 3, matched by the Seismic Drill; the ignored cards cannot be retrieved."""
    st = later(
        {"hand": ["mad_mike_magpie", "seismic_drill"], "combat": at(1, "torana")},
        {
            "people": "hoax",
            "hand": ["catusan", "sear"],
            "combat": at(2, "penemikanas_the_paranoid", "battling_boomerang"),
            "support": at(2, "homing_missiles"),
        },
        element="earth",
    )
    assert tot(st, 1) == 3 + 2 + 2
    play(st, "char mad_mike_magpie")
    assert tot(st, 0) == 0 and tot(st, 1) == 3
    play(st, "support seismic_drill", "done")
    assert announced(st) == [(0, 3, EARTH)]
    assert st.active == 1 and st.pending == ("play", 1)
    assert not any(t.startswith("retrieve") for t in legal(st))


def test_mad_mike_magpie_spares_flit_characters_and_protected_cards() -> None:
    """bluemoon.special.ignore, bluemoon.icon.protected: Flight Leader Squawk (a Flit
    character with RETRIEVE) and the PROTECTED Swarming Sea Serpents count; a Flit booster
    with icons (Launch Boiling Oil) and Zig-nur-Don's shields are ignored; cards without
    icons count."""
    st = later(
        {"hand": ["mad_mike_magpie", "earthblast"], "combat": at(1, "torana")},
        {
            "people": "flit",
            "hand": ["sear"],
            "combat": at(2, "flight_leader_squawk", "launch_boiling_oil"),
            "support": at(2, "swarming_sea_serpents", "ballista_of_confusion"),
        },
        element="earth",
    )
    assert tot(st, 1) == 4 + 3 + 3 + 2
    play(st, "char mad_mike_magpie")
    assert tot(st, 1) == 4 + 3 + 2
    st = later(
        {"hand": ["mad_mike_magpie"], "combat": at(1, "torana")},
        {"hand": ["sear"], "combat": at(2, "zig_nur_don")},
    )
    play(st, "char mad_mike_magpie", "done")
    assert tot(st, 1) == 0 and announced(st) == [(0, 0, FIRE)]


# --- Ras-mus-Pan: the mutant ---------------------------------------------------------------
def _ras(p2_combat: list[dict[str, Any]], element: str) -> BlueMoonState:
    return later(
        {"hand": ["ras_mus_pan", "earthblast", "torana"], "combat": at(1, "sonatos")},
        {"hand": ["sear"], "combat": p2_combat},
        element=element,
    )


def test_ras_mus_pan_attacked_by_five_fire_turns_the_fight_to_earth() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element, bluemoon.icon.stop: against 5
    Fire Ras-mus-Pan may be played; the fight goes on in Earth, its STOP ends the card play
    (Earthblast stays in hand) and it announces 4 Earth."""
    st = _ras(at(2, "athradysas_the_seeker"), "fire")
    assert "char ras_mus_pan" in legal(st)
    play(st, "char ras_mus_pan")
    assert st.element == EARTH and st.active == 1
    assert announced(st) == [(0, 4, EARTH)]
    assert "earthblast" in ids(st, st.hands[0])


def test_ras_mus_pan_refused_below_five_fire_or_in_earth() -> None:
    """bluemoon.cards.mutant: 4 Fire is not enough, nor 5 Earth in an Earth fight."""
    assert "char ras_mus_pan" not in legal(_ras(at(2, "zedemikras_the_brain"), "fire"))
    assert "char ras_mus_pan" not in legal(_ras(at(2, "catusan"), "earth"))


def test_ras_mus_pan_shields_let_it_stand_below() -> None:
    """bluemoon.icon.shield, bluemoon.cards.mutant.element: in the Earth fight it started,
    Ras-mus-Pan's earth shield lets 4 Earth stand against Ignite + Fireblast's 6 Earth
    (the opponent's 5 Fire before the switch)."""
    st = _ras(at(2, "ignite", "fireblast"), "fire")
    assert tot(st, 1) == 5
    play(st, "char ras_mus_pan")
    assert tot(st, 1) == 6 and announced(st) == [(0, 4, EARTH)]


# --- Caterpillar Eartheroder: discard 3 printed Earth, or retreat --------------------------
def test_caterpillar_eartheroder_is_free_on_the_first_turn() -> None:
    """bluemoon.icon.free, bluemoon.turn.first_turn, bluemoon.cards.values: the Pillar guest
    is a FREE booster without values: it opens the starter's first turn, before the
    character, and adds nothing."""
    st = table({"hand": ["caterpillar_eartheroder", "torana"]}, {"hand": ["sear"]})
    assert "boost caterpillar_eartheroder" in legal(st)
    play(st, "boost caterpillar_eartheroder", "char torana fire")
    assert active_combat(st, 0) == ["caterpillar_eartheroder", "torana"]
    assert announced(st) == [(0, 3, FIRE)]


def test_caterpillar_eartheroder_demands_three_printed_earth() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule5: the opponent's turn ends only
    after discarding 3 printed Earth from hand; only cards printing Earth are offered, none
    once the 3 are reached."""
    st = reply(
        {"combat": at(1, "torana", "caterpillar_eartheroder")},
        {"hand": ["flamebreath_the_dazzling", "sear", "fireblast", "scorch_the_inflammable"]},
    )
    assert {"shed sear", "shed fireblast"} <= legal(st)
    play(st, "char flamebreath_the_dazzling")
    assert "done" not in legal(st) and "retreat" in legal(st)
    assert "shed scorch_the_inflammable" not in legal(st)
    play(st, "shed sear")
    assert "done" not in legal(st)
    play(st, "shed fireblast")  # the demand is met: "done" is all that is left
    assert ids(st, st.discards[1]) == ["sear", "fireblast"]
    assert announced(st) == [(1, 7, FIRE)]


def test_caterpillar_eartheroder_unmet_means_retreat() -> None:
    """bluemoon.cards.special_text: without enough Earth in hand the opponent can only
    retreat."""
    st = reply(
        {"combat": at(1, "torana", "caterpillar_eartheroder")},
        {"hand": ["flamebreath_the_dazzling", "scorch_the_inflammable"]},
    )
    play(st, "char flamebreath_the_dazzling")
    assert legal(st) == {"retreat", "undo"}
    play(st, "retreat")
    assert st.dragons == [1, 0]


def test_ferro_fos_forbids_the_opponents_leadership_cards() -> None:
    """bluemoon.special.you_may_not: every leadership card prints a power text."""
    st = reply(
        {"combat": at(1, "ferro_fos")},
        {"people": "hoax", "hand": ["muster_reinforcements", "sear"]},
        pending={"kind": "lead", "seat": "P2"},
    )
    assert "lead muster_reinforcements" not in legal(st)


def test_quivering_quicksand_blocks_retrieving_into_a_hand_of_four() -> None:
    """bluemoon.icon.retrieve: retrieving takes a card into the hand."""
    st = table(
        {"turns": 1, "hand": ["roomban_rockmaster", "quivering_quicksand", "torana"]},
        {"people": "hoax", "turns": 1, "hand": ["sear", "spark", "blaze", "catusan"]}
        | {"combat": at(1, "penemikanas_the_paranoid", "battling_boomerang")},
        starter="P2",
        first="P2",
        fight_turn=2,
        element="earth",
    )
    play(st, "char roomban_rockmaster", "support quivering_quicksand")
    assert st.active == 1
    assert "retrieve battling_boomerang" not in legal(st)


def _fog_p2(p2: dict) -> object:
    return later(
        {"hand": ["torana"], "combat": at(3, "rocara"), "support": at(3, "impenetrable_fog")},
        {"turns": 2, "combat": at(2, "spark")} | p2,
        element="earth",
        active="P2",
        fight_turn=4,
    )


def test_impenetrable_fog_takes_away_pair() -> None:
    """bluemoon.icon.pair, bluemoon.special.ignore: PAIR is not among the kept icons."""
    st = _fog_p2(
        {"people": "flit", "hand": ["peckswift", "launch_burning_earth", "launch_rain_of_fire"]}
    )
    play(st, "char peckswift", "boost launch_burning_earth")
    assert "boost launch_rain_of_fire" not in legal(st)


def test_impenetrable_fog_takes_away_gang() -> None:
    """bluemoon.icon.gang, bluemoon.special.ignore: the gang icon is not among the kept icons."""
    st = _fog_p2({"people": "khind", "hand": ["funfair", "funflop", "earthblast"]})
    play(st, "char funfair")
    assert legal(st) == {"boost earthblast", "undo"}  # FunFlop may not join


def test_mad_mike_magpie_ignores_gang_characters() -> None:
    """bluemoon.icon.gang, bluemoon.special.ignore: a gang member carries the gang icon."""
    st = later(
        {"hand": ["mad_mike_magpie", "earthblast"], "combat": at(1, "torana")},
        {"people": "khind", "hand": ["sear"], "combat": at(2, "funfair")},
    )
    play(st, "char mad_mike_magpie")
    assert tot(st, 1) == 0  # FunFair (3 Fire, Fun gang) is ignored
