"""Blue Moon icons: shield, stop, retrieve, protected, free, pair, gang (bluemoon.icon.*).

Positions are loaded from documents; cards without special powers are used, except the few
whose powers are encoded (Hank Highflyer Hawk, the mutants' conditions).
"""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.bluemoon.state import BlueMoonState
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
    """A fight position; by default P1 starts fight 1 and is on its first turn."""
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
    """P1's second turn (fight turn 3) of a fight P1 started in ``element``."""
    return table({"turns": 2, **p1}, {"turns": 1, **p2}, fight_turn=3, element=element, **top)


def reply(p1: dict[str, Any], p2: dict[str, Any], element: str = "fire", **top: Any):
    """P2's first turn (fight turn 2, unless given), answering P1's opening."""
    return table(p1, {"turns": 1, **p2}, element=element, active="P2", **({"fight_turn": 2} | top))


# --- shield -----------------------------------------------------------------------------
def test_fire_shield_lets_a_lower_total_stand_in_fire() -> None:
    """bluemoon.icon.shield, bluemoon.icon.shield.element, bluemoon.turn.announce.zero:
    Silento Sol (0 Fire, fire shield) may end the turn at 0 Fire against 5 Fire; a
    character without a shield may not."""

    def fight() -> BlueMoonState:
        return later(
            {"hand": ["silento_sol", "glimmer", "infernal_armor"], "combat": at(1, "spark")},
            {"hand": ["sear"], "combat": at(2, "volca")},
        )

    st = fight()
    assert tot(st, 1) == 5
    play(st, "char glimmer")
    assert "done" not in legal(st) and "undo" in legal(st)
    st = fight()
    play(st, "char silento_sol", "done")
    assert announced(st) == [(0, 0, 0)]
    assert st.active == 1  # the turn ended at 0 against 5


def test_the_shielded_player_need_not_match_with_a_shield_booster() -> None:
    """bluemoon.icon.shield, bluemoon.turn.booster: Inscrutable Armor (a booster with a
    fire shield, Hoax) protects Vulca's Torch: 1 Fire stands against 9 Fire. The card
    with the shield need not be of the player's own people."""
    st = later(
        {"hand": ["torch", "inscrutable_armor", "glimmer"], "combat": at(1, "spark")},
        {"hand": ["sear"], "combat": at(2, "flamebreath_the_dazzling")}
        | {"support": at(2, "trebuchet_of_fear")},
    )
    assert tot(st, 1) == 9
    play(st, "char torch")
    assert "done" not in legal(st) and "undo" in legal(st)
    play(st, "boost inscrutable_armor", "done")  # nothing else to play: the turn ends
    assert announced(st) == [(0, 1, 0)]


def test_earth_shield_protects_in_earth_only() -> None:
    """bluemoon.icon.shield.element: Proud Phoenix Phil (earth shield) stands at 0 Earth
    against 3 Earth, but not at 0 Fire against 5 Fire; Silento Sol's fire shield does not
    help in earth."""
    earth = later(
        {"hand": ["proud_phoenix_phil", "silento_sol", "fireblast"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "blaze")},
        element="earth",
    )
    assert tot(earth, 1) == 3
    fire_shield = earth.clone()
    fire_shield.log = []
    play(fire_shield, "char silento_sol")
    assert "done" not in legal(fire_shield) and "undo" in legal(fire_shield)
    play(earth, "char proud_phoenix_phil", "done")
    assert announced(earth) == [(0, 0, 1)]

    fire = later(
        {"hand": ["proud_phoenix_phil", "fireblast"], "combat": at(1, "spark")},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(fire, "char proud_phoenix_phil")
    assert "done" not in legal(fire) and "undo" in legal(fire)


def test_a_shield_value_still_counts() -> None:
    """bluemoon.icon.shield.value: Wild Unicorn (3 Fire/3 Earth, both shields) announces 3,
    its printed value, while standing against 7 Earth."""
    st = later(
        {"hand": ["wild_unicorn", "fireblast"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "megalit_mountainshaker")},
        element="earth",
    )
    play(st, "char wild_unicorn")
    assert tot(st, 0) == 3 and "done" in legal(st)
    play(st, "done")
    assert announced(st) == [(0, 3, 1)]


def test_a_double_shield_booster_protects_in_both_elements() -> None:
    """bluemoon.icon.shield.element: Aquatic Armor carries both shields; with it Torch
    stands below the opponent in fire and in earth."""
    for element, attacker in (
        ("fire", "flamebreath_the_dazzling"),
        ("earth", "megalit_mountainshaker"),
    ):
        st = later(
            {"hand": ["torch", "aquatic_armor", "glimmer"], "combat": at(1, "spark")},
            {"hand": ["sear"], "combat": at(2, attacker)},
            element=element,
        )
        play(st, "char torch")
        assert "done" not in legal(st)
        play(st, "boost aquatic_armor", "done")
        assert announced(st) == [(0, 1 if element == "fire" else 4, 0 if element == "fire" else 1)]


def test_a_shield_does_not_spare_the_opponent() -> None:
    """bluemoon.icon.shield, bluemoon.turn.announce.at_least: a shield frees only its own
    player; the opponent still has to reach the shielded player's total (Wild Unicorn's
    3 Fire): 2 Fire is not enough, 3 is."""
    st = reply(
        {"combat": at(1, "wild_unicorn")},
        {"hand": ["nirwadas_the_traveler", "trebuchet_of_fear"]},
    )
    play(st, "char nirwadas_the_traveler")
    assert tot(st, 1) == 3 and "done" in legal(st)
    st = reply(
        {"combat": at(1, "wild_unicorn")},
        {"hand": ["penemikanas_the_paranoid", "ballista_of_confusion"]},
    )
    play(st, "char penemikanas_the_paranoid")
    assert tot(st, 1) == 2 and "done" not in legal(st)


# --- stop -------------------------------------------------------------------------------
def test_stop_ends_the_card_play_of_the_turn() -> None:
    """bluemoon.icon.stop, bluemoon.cards.mutant: after Zig-nur-Don (STOP) nothing more may
    be played, not even FREE cards: the turn ends with the mutant alone."""
    st = later(
        {
            "hand": [
                "zig_nur_don",
                "fireblast",
                "sudden_waterspout",
                "fire_swamp",
                "sun_setting",
                "lightning_bolts",
            ],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "megalit_mountainshaker")},
        element="earth",
    )
    play(st, "char zig_nur_don", "done")
    assert st.active == 1  # the turn is over
    assert active_combat(st, 0) == ["zig_nur_don"] and st.support[0] == []
    assert {
        "fireblast",
        "sudden_waterspout",
        "fire_swamp",
        "sun_setting",
        "lightning_bolts",
    } <= set(ids(st, st.hands[0]))
    assert announced(st) == [(0, 4, 0)]


def test_without_stop_the_same_turn_goes_on() -> None:
    """bluemoon.icon.stop, bluemoon.turn.booster_support: the same hand without the STOP
    card may add a booster after its character (the control case)."""
    st = later(
        {
            "hand": ["lavar_the_powerful", "fireblast", "sudden_waterspout"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "megalit_mountainshaker")},
        element="earth",
    )
    play(st, "char lavar_the_powerful")
    assert {"boost fireblast", "boost sudden_waterspout"} <= legal(st)


# --- retrieve ---------------------------------------------------------------------------
def _boomerang_fight(p2_hand: list[str]) -> BlueMoonState:
    """P1 (Hoax) opened in earth with Penemikanas + Battling Boomerang (RETRIEVE): 5 Earth;
    P2 answers on fight turn 2."""
    return reply(
        {
            "people": "hoax",
            "hand": ["catusan", "helkomedes_the_rhetorician", "tome_of_wisdom"],
            "combat": at(1, "penemikanas_the_paranoid", "battling_boomerang"),
            "deck": DECK2,
        },
        {"people": "terrah", "hand": p2_hand, "deck": DECK1},
        element="earth",
    )


def test_retrieve_a_booster_and_play_it_again() -> None:
    """bluemoon.icon.retrieve, bluemoon.turn.start: at the start of Hoax's turn the active
    Battling Boomerang may go back to hand, and is played again at once on the new
    character."""
    st = _boomerang_fight(["roomban_rockmaster", "rocara"])
    play(st, "char roomban_rockmaster", "done")
    assert st.pending == ("retrieve", 0)
    assert legal(st) == {"retrieve battling_boomerang", "on"}
    play(st, "retrieve battling_boomerang")
    assert "battling_boomerang" in ids(st, st.hands[0])
    assert ids(st, st.combat[0]) == ["penemikanas_the_paranoid"]
    play(st, "char catusan", "boost battling_boomerang", "done")
    assert active_combat(st, 0) == ["catusan", "battling_boomerang"]
    assert announced(st)[-1] == (0, 7, 1)


def test_retrieve_may_be_kept_in_hand_or_declined() -> None:
    """bluemoon.icon.retrieve: the retrieved card may simply be kept in hand; "on" leaves
    it in play (the new character then covers it like any booster)."""
    st = _boomerang_fight(["roomban_rockmaster", "rocara"])
    play(st, "char roomban_rockmaster", "done", "retrieve battling_boomerang")
    play(st, "char helkomedes_the_rhetorician", "support tome_of_wisdom", "done")
    assert announced(st)[-1] == (0, 6, 1)
    assert "battling_boomerang" in ids(st, st.hands[0])
    st = _boomerang_fight(["roomban_rockmaster", "rocara"])
    play(st, "char roomban_rockmaster", "done", "on")
    assert st.pending == ("play", 0)
    play(st, "char helkomedes_the_rhetorician", "support tome_of_wisdom", "done")
    assert "battling_boomerang" in ids(st, st.combat[0])
    assert active_combat(st, 0) == ["helkomedes_the_rhetorician"]


def test_retrieve_a_support() -> None:
    """bluemoon.icon.retrieve, bluemoon.turn.support: a support with RETRIEVE (Homing
    Missiles) is active for the whole fight and may be taken back at the start of a turn."""
    st = reply(
        {
            "people": "hoax",
            "turns": 2,
            "hand": ["penemikanas_the_paranoid", "tome_of_wisdom"],
            "combat": at(1, "vetraskedas_the_sceptic", active=False) + at(3, "catusan"),
            "support": at(3, "homing_missiles"),
            "deck": DECK2,
        },
        {
            "people": "terrah",
            "turns": 2,
            "hand": ["megalit_mountainshaker", "rocara"],
            "combat": at(2, "torana"),
        },
        element="earth",
        fight_turn=4,
    )
    play(st, "char megalit_mountainshaker", "done")
    assert legal(st) == {"retrieve homing_missiles", "on"}
    play(st, "retrieve homing_missiles")
    assert st.support[0] == [] and "homing_missiles" in ids(st, st.hands[0])


def test_no_retrieve_while_the_opponent_has_an_active_retrieve_combat_card() -> None:
    """bluemoon.icon.retrieve.exception: Ciklarethas the Bitter (RETRIEVE) active in the
    opponent's combat area forbids Hoax to take back the Boomerang."""
    st = _boomerang_fight(["ciklarethas_the_bitter", "earthblast", "rocara"])
    play(st, "char ciklarethas_the_bitter", "boost earthblast", "done")
    assert active_combat(st, 1) == ["ciklarethas_the_bitter", "earthblast"]
    assert st.pending[0] != "retrieve"
    assert "retrieve battling_boomerang" not in legal(st)
    assert "battling_boomerang" in ids(st, st.combat[0])


def test_an_opponents_retrieve_support_does_not_block_retrieving() -> None:
    """bluemoon.icon.retrieve.exception: only an active card in the opponent's combat area
    blocks; Giant Butterfly Eveningbreeze (a RETRIEVE support) does not."""
    st = _boomerang_fight(["roomban_rockmaster", "giant_butterfly_eveningbreeze"])
    play(st, "char roomban_rockmaster", "support giant_butterfly_eveningbreeze", "done")
    assert st.pending == ("retrieve", 0)


def test_an_opponents_covered_retrieve_card_does_not_block_retrieving() -> None:
    """bluemoon.icon.retrieve.exception, bluemoon.turn.character.cover: a covered (inactive)
    RETRIEVE card of the opponent does not block."""
    st = reply(
        {
            "people": "hoax",
            "turns": 2,
            "hand": ["penemikanas_the_paranoid"],
            "combat": at(1, "helkomedes_the_rhetorician", active=False)
            + at(3, "catusan", "battling_boomerang"),
            "deck": DECK2,
        },
        {
            "people": "flit",
            "turns": 2,
            "hand": ["megalit_mountainshaker", "rocara"],
            "combat": at(2, "flight_leader_squawk"),
        },
        element="earth",
        fight_turn=4,
    )
    play(st, "char megalit_mountainshaker", "done")
    assert active_combat(st, 1) == ["megalit_mountainshaker"]
    assert st.pending == ("retrieve", 0)


# --- protected --------------------------------------------------------------------------
def test_protected_character_is_not_ignored() -> None:
    """bluemoon.icon.protected, bluemoon.special.ignore: Hank Highflyer Hawk ignores the
    opponent's non-Flit characters, but not the PROTECTED Giant Octopus: Aqua keeps 5
    Fire and Hank's 0 is not enough; an unprotected Aqua character is ignored."""
    st = reply(
        {"people": "aqua", "combat": at(1, "giant_octopus")},
        {"hand": ["hank_highflyer_hawk", "trebuchet_of_fear"]},
    )
    play(st, "char hank_highflyer_hawk")
    assert tot(st, 0) == 5
    assert "done" not in legal(st)

    st = reply(
        {"people": "aqua", "combat": at(1, "eelena_aqua_prima_alpha")},
        {"hand": ["hank_highflyer_hawk", "trebuchet_of_fear"]},
    )
    play(st, "char hank_highflyer_hawk")
    assert tot(st, 0) == 0
    assert "done" in legal(st)


# --- free -------------------------------------------------------------------------------
def test_free_cards_on_the_starters_first_turn() -> None:
    """bluemoon.icon.free, bluemoon.turn.first_turn: on the starter's first turn Sudden
    Waterspout (FREE booster) and Fire Swamp (FREE support) may be played, Fireblast and
    Lightning Bolts may not."""
    st = table(
        {
            "hand": [
                "volca",
                "sudden_waterspout",
                "fire_swamp",
                "fireblast",
                "lightning_bolts",
                "torch",
            ]
        },
        {"hand": ["sear"]},
    )
    play(st, "char volca fire")
    assert {"boost sudden_waterspout", "support fire_swamp"} <= legal(st)
    assert not {"boost fireblast", "support lightning_bolts"} & legal(st)
    play(st, "boost sudden_waterspout", "support fire_swamp", "done")
    assert announced(st) == [(0, 9, 0)]


def test_any_number_of_free_cards_besides_the_usual_one() -> None:
    """bluemoon.icon.free, bluemoon.turn.booster_support.one: FREE cards do not count
    towards the one booster or support: Fireblast, then two FREE boosters and a FREE
    support, all in one turn."""
    st = later(
        {
            "hand": [
                "volca",
                "fireblast",
                "sudden_waterspout",
                "instant_undertow",
                "fire_swamp",
                "lightning_bolts",
            ],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char volca", "boost fireblast")
    assert "support lightning_bolts" not in legal(st)
    play(st, "boost sudden_waterspout", "boost instant_undertow", "support fire_swamp")
    assert "support lightning_bolts" not in legal(st)
    play(st, "done")
    assert announced(st) == [(0, 5 + 3 + 2 + 0 + 2, 0)]


def test_a_free_booster_may_be_played_first() -> None:
    """bluemoon.icon.free, bluemoon.turn.character.cover: Sudden Waterspout may open the
    turn before the character; the character played after it in the same turn does not
    cover it."""
    st = later(
        {"hand": ["volca", "sudden_waterspout", "fireblast", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    assert "boost sudden_waterspout" in legal(st)
    assert "boost fireblast" not in legal(st)
    play(st, "boost sudden_waterspout", "char volca")
    assert active_combat(st, 0) == ["sudden_waterspout", "volca"]
    assert tot(st, 0) == 7


def test_a_free_character_as_a_second_character() -> None:
    """bluemoon.icon.free, bluemoon.turn.character.several: Sun Setting (FREE character)
    may join the turn's character; a second ordinary character may not."""
    st = later(
        {"people": "mimix", "hand": ["spark", "sun_setting", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char spark")
    assert "char sun_setting" in legal(st)
    assert "char glimmer" not in legal(st)
    play(st, "char sun_setting")
    assert active_combat(st, 0) == ["spark", "sun_setting"]
    assert tot(st, 0) == 6


# --- pair -------------------------------------------------------------------------------
def test_two_pair_characters_with_the_same_first_word() -> None:
    """bluemoon.icon.pair, bluemoon.turn.character.several: Virgin of Pure Fire and Virgin
    of Pure Earth (PAIR, first word "Virgin") are played together and both count."""
    st = table(
        {
            "people": "mimix",
            "hand": ["virgin_of_pure_fire", "virgin_of_pure_earth", "wild_gazelle"],
        },
        {"hand": ["sear"]},
    )
    play(st, "char virgin_of_pure_fire fire")
    assert "char virgin_of_pure_earth" in legal(st)
    assert "char wild_gazelle" not in legal(st)
    play(st, "char virgin_of_pure_earth", "done")
    assert announced(st) == [(0, 7, 0)]


def test_pair_is_two_cards_only() -> None:
    """bluemoon.icon.pair: three PAIR characters named "Wild ..." are held; two may be
    played together, not a third."""
    st = later(
        {
            "people": "mimix",
            "hand": ["wild_gazelle", "wild_antelope", "wild_unicorn"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char wild_gazelle", "char wild_antelope")
    assert "char wild_unicorn" not in legal(st)


def test_pair_needs_the_icon_on_both_cards() -> None:
    """bluemoon.icon.pair: a PAIR character cannot be followed by a character without the
    icon, nor can a character without it be followed by a PAIR one."""
    st = later(
        {
            "people": "mimix",
            "hand": ["young_bear", "glimmer", "young_fox", "hail_of_arrows"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    probe = st.clone()
    probe.log = []
    play(probe, "char young_bear")
    assert "char glimmer" not in legal(probe)
    assert "char young_fox" in legal(probe)
    play(st, "char glimmer")
    assert not {"char young_bear", "char young_fox"} & legal(st)


def test_two_pair_boosters() -> None:
    """bluemoon.icon.pair, bluemoon.turn.booster_support.one: Launch Burning Earth and
    Launch Rain of Fire (PAIR boosters) may both go on the character; no third launch, no
    support after them; an ordinary booster does not pair."""
    hand = [
        "peckswift",
        "launch_burning_earth",
        "launch_rain_of_fire",
        "launch_rockdrop",
        "fireblast",
        "lightning_bolts",
    ]
    st = later(
        {"people": "flit", "hand": hand, "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char peckswift", "boost launch_burning_earth")
    assert "boost launch_rain_of_fire" in legal(st)
    assert not {"boost fireblast", "support lightning_bolts"} & legal(st)
    play(st, "boost launch_rain_of_fire")
    assert not {"boost launch_rockdrop", "boost fireblast", "support lightning_bolts"} & legal(st)
    play(st, "done")
    assert announced(st) == [(0, 3 + 3 + 3, 0)]

    st = later(
        {"people": "flit", "hand": hand, "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char peckswift", "boost fireblast")
    assert not {"boost launch_burning_earth", "boost launch_rain_of_fire"} & legal(st)


def test_pair_boosters_not_on_the_starters_first_turn() -> None:
    """bluemoon.icon.pair, bluemoon.turn.first_turn: PAIR does not lift the first-turn ban
    on boosters."""
    st = table(
        {"people": "flit", "hand": ["peckswift", "launch_burning_earth", "launch_rain_of_fire"]},
        {"hand": ["sear"]},
    )
    play(st, "char peckswift fire")
    assert not any(t.startswith("boost") for t in legal(st))


# --- gang -------------------------------------------------------------------------------
def test_any_number_of_one_gangs_characters_in_a_turn() -> None:
    """bluemoon.icon.gang, bluemoon.turn.character.several: FunFair, FunFlop and FunFlap
    (the Fun gang) are played in one turn and all count; a NoNo (No gang) or an ordinary
    character may not join them."""
    st = table(
        {
            "people": "khind",
            "hand": ["funfair", "funflop", "funflap", "nono", "torch", "funflip"],
        },
        {"hand": ["sear"]},
    )
    play(st, "char funfair fire", "char funflop")
    assert "char funflap" in legal(st)
    assert not {"char nono", "char torch"} & legal(st)
    play(st, "char funflap")
    assert active_combat(st, 0) == ["funfair", "funflop", "funflap"]
    assert tot(st, 0) == 3 + 2 + 3


def test_a_gang_member_added_later_keeps_the_gang_active() -> None:
    """bluemoon.icon.gang.continue: on a later turn FunFlip joins FunFair and FunFlop: the
    earlier members stay active."""
    st = later(
        {"people": "khind", "hand": ["funflip", "nono"], "combat": at(1, "funfair", "funflop")},
        {"hand": ["sear"], "combat": at(2, "lavar_the_powerful")},
    )
    play(st, "char funflip", "done")
    assert active_combat(st, 0) == ["funfair", "funflop", "funflip"]
    assert announced(st) == [(0, 3 + 2 + 1, 0)]


def test_another_gangs_character_covers_the_gang() -> None:
    """bluemoon.icon.gang.keep, bluemoon.turn.character.cover: a No-gang character played
    on the next turn covers the Fun gang; the gang stays active only while a member is
    added every turn."""
    st = later(
        {
            "people": "khind",
            "hand": ["nostopping", "funflip"],
            "combat": at(1, "funfair", "funflop"),
        },
        {"hand": ["sear"], "combat": at(2, "flamebreath_the_dazzling")},
        element="earth",
    )
    play(st, "char nostopping", "done")
    assert active_combat(st, 0) == ["nostopping"]
    assert announced(st) == [(0, 3, 1)]


def test_a_booster_on_the_gang_breaks_the_continuation() -> None:
    """bluemoon.icon.gang.continue: a gang may be continued only when the combat area holds
    no active card from outside it; with a booster on the Fun gang, a new member covers
    them."""
    st = later(
        {
            "people": "khind",
            "hand": ["funflip", "nono"],
            "combat": at(1, "funfair", "funflop", "fireblast"),
        },
        {"hand": ["sear"], "combat": at(2, "volca")},
        element="earth",
    )
    play(st, "char funflip", "done")
    assert active_combat(st, 0) == ["funflip"]


def test_an_ordinary_character_after_a_free_one() -> None:
    """bluemoon.icon.free: Sun Setting (FREE) opens the turn; an ordinary character may
    still follow, FREE cards not counting against the one-character limit."""
    st = later(
        {
            "people": "mimix",
            "hand": ["spark", "sun_setting", "fireblast"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char sun_setting")
    assert "char spark" in legal(st)
