"""Blue Moon turns and fights: the element, covering, boosters and supports, totals, refills,
retreats and dragons, declining, the end of a game, mutants, a match, the optional reshuffle.

Positions are loaded from documents; cards without special powers are used, except the few
whose powers are encoded (Muster Reinforcements, the mutants' conditions).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from cardtable.core import get_game
from cardtable.games.bluemoon.state import EARTH, FIGHT, FIRE, OVER, BlueMoonState
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
    """P1's second turn (fight turn 3, unless given) of a fight P1 started in ``element``."""
    return table(
        {"turns": 2, **p1}, {"turns": 1, **p2}, element=element, **({"fight_turn": 3} | top)
    )


def reply(p1: dict[str, Any], p2: dict[str, Any], element: str = "fire", **top: Any):
    """P2's first turn (fight turn 2, unless given), answering P1's opening."""
    return table(p1, {"turns": 1, **p2}, element=element, active="P2", **({"fight_turn": 2} | top))


# --- the element ------------------------------------------------------------------------
def test_the_element_is_named_with_the_first_character() -> None:
    """bluemoon.fight.element, bluemoon.turn.announce.element_fixed: the starter's first
    character comes with Fire or Earth; the answer names none and the element holds."""
    st = table({"hand": ["volca", "spark"]}, {"hand": ["catusan", "athradysas_the_seeker"]})
    assert st.element == -1
    assert {"char volca fire", "char volca earth"} <= legal(st)
    assert "char volca" not in legal(st)
    play(st, "char volca earth", "done")
    assert st.element == EARTH and announced(st) == [(0, 1, EARTH)]
    assert "char catusan" in legal(st)
    assert not any(t.endswith(("fire", "earth")) for t in legal(st))
    play(st, "char catusan", "done")
    assert st.element == EARTH and announced(st)[-1] == (1, 5, EARTH)


# --- covering, boosters and supports ------------------------------------------------------
def test_a_new_character_covers_the_combat_area_but_not_the_supports() -> None:
    """bluemoon.turn.character.cover, bluemoon.turn.character.active,
    bluemoon.turn.booster.active, bluemoon.turn.support: Athradysas covers Sear and its
    Fireblast; the Trebuchet of Fear played with Sear stays active: 5 + 2 = 7 Fire."""
    st = reply(
        {"turns": 2, "combat": at(1, "spark", active=False) + at(3, "flamebreath_the_dazzling")},
        {
            "turns": 2,
            "hand": ["athradysas_the_seeker", "tome_of_wisdom"],
            "combat": at(2, "sear", "fireblast"),
            "support": at(2, "trebuchet_of_fear"),
        },
        fight_turn=4,
    )
    assert tot(st, 1) == 4 + 3 + 2
    play(st, "char athradysas_the_seeker")
    assert active_combat(st, 1) == ["athradysas_the_seeker"]
    assert ids(st, st.combat[1]) == ["sear", "fireblast", "athradysas_the_seeker"]
    assert tot(st, 1) == 5 + 2
    play(st, "done")
    assert announced(st) == [(1, 7, FIRE)]


def test_one_booster_or_one_support_per_turn() -> None:
    """bluemoon.turn.booster_support, bluemoon.turn.booster_support.one,
    bluemoon.turn.character: after the character one booster or one support; after either,
    no more; and neither before a character."""
    hand = ["volca", "fireblast", "lightning_bolts", "wall_of_fire", "volcanic_gauntlets"]

    def fight() -> BlueMoonState:
        return later(
            {"hand": [*hand, "spark"], "combat": at(1, "torch")},
            {"hand": ["sear"], "combat": at(2, "sear")},
        )

    st = fight()
    assert not any(t.startswith(("boost", "support")) for t in legal(st))
    play(st, "char volca")
    assert {"boost fireblast", "support lightning_bolts"} <= legal(st)
    play(st, "boost fireblast")  # nothing more may be played: the turn ends by itself
    assert st.active == 1 and announced(st) == [(0, 8, FIRE)]
    assert {"lightning_bolts", "wall_of_fire", "volcanic_gauntlets"} <= set(ids(st, st.hands[0]))
    st = fight()
    play(st, "char volca", "support lightning_bolts")
    assert st.active == 1 and announced(st) == [(0, 8, FIRE)]
    assert {"fireblast", "wall_of_fire", "volcanic_gauntlets"} <= set(ids(st, st.hands[0]))


def test_no_booster_or_support_on_the_starters_first_turn() -> None:
    """bluemoon.turn.first_turn: the starter's first turn is a character alone; the other
    player's first turn may add a booster or support (bluemoon.example.fight1)."""
    st = table(
        {"hand": ["volca", "fireblast", "lightning_bolts"]},
        {"hand": ["sear", "trebuchet_of_fear", "fireblast"]},
    )
    play(st, "char volca fire")
    assert st.active == 1  # nothing else could be played: the turn ended by itself
    assert announced(st) == [(0, 5, FIRE)]
    play(st, "char sear")
    assert {"boost fireblast", "support trebuchet_of_fear"} <= legal(st)
    play(st, "support trebuchet_of_fear", "done")
    play(st, "char torch")  # the starter's second turn: boosters allowed again
    assert "boost fireblast" in legal(st)


# --- totals ------------------------------------------------------------------------------
def test_done_only_when_the_total_reaches_the_opponents() -> None:
    """bluemoon.fight.at_least, bluemoon.turn.announce.at_least: 4 Fire is not enough
    against 5; with Fireblast 7 is; equal totals are enough too."""
    st = later(
        {"hand": ["sear", "fireblast", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["spark"], "combat": at(2, "volca")},
    )
    play(st, "char sear")
    assert "done" not in legal(st) and "undo" in legal(st)
    play(st, "boost fireblast", "done")
    assert announced(st) == [(0, 7, FIRE)]
    st = later(
        {"hand": ["lavar_the_powerful", "fireblast"], "combat": at(1, "torch")},
        {"hand": ["spark"], "combat": at(2, "volca")},
    )
    play(st, "char lavar_the_powerful")
    assert "done" in legal(st)


def test_undo_takes_the_cards_back_and_retreats() -> None:
    """bluemoon.special.rule11, bluemoon.turn.announce.must_retreat: Glimmer cannot reach 5
    Fire; with nothing drawn the player goes back to «Сдаться?»: Glimmer returns to hand,
    Spark is active again, and the player retreats; the opponent wins the fight."""
    st = later(
        {"hand": ["glimmer", "infernal_armor"], "combat": at(1, "spark"), "deck": []},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "char glimmer")
    assert legal(st) == {"boost infernal_armor", "undo"}
    play(st, "undo")
    assert sorted(ids(st, st.hands[0])) == ["glimmer", "infernal_armor"]
    assert active_combat(st, 0) == ["spark"] and legal(st) == {"retreat", "char glimmer"}
    play(st, "retreat")
    assert ids(st, st.discards[0]) == ["spark"]
    assert st.dragons == [0, 1]
    assert st.fight == 2 and st.starter == 0


def test_concede_after_a_draw_gives_the_opponent_four_crystals() -> None:
    """bluemoon.special.rule11_penalty, bluemoon.turn.leadership: after Muster
    Reinforcements drew cards, a player who finds no way to reach the total may not go
    back: "concede" loses the game and the opponent scores 4 crystals."""
    st = later(
        {
            "people": "hoax",
            "hand": ["muster_reinforcements", "penemikanas_the_paranoid", "ballista_of_confusion"],
            "combat": at(1, "helkomedes_the_rhetorician"),
            "deck": DECK2,
        },
        {"people": "vulca", "hand": ["sear"], "combat": at(2, "flamebreath_the_dazzling")},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead muster_reinforcements", "draw 5")
    assert len(st.hands[0]) == 7
    assert "retreat" in legal(st)  # before playing, retreating is still open
    play(st, "char penemikanas_the_paranoid")
    assert "undo" not in legal(st) and "done" not in legal(st)
    assert "concede" in legal(st)
    play(st, "concede")
    assert st.phase == OVER
    assert st.winners == [1] and st.crystals == [0, 4] and st.reason == "penalty"


def test_zero_against_zero() -> None:
    """bluemoon.turn.announce.zero: Flamebreath opens at 0 Earth; Athradysas answers with 0
    Earth; a 0 may not answer 1."""
    st = table(
        {"hand": ["flamebreath_the_dazzling", "scorch_the_inflammable"]},
        {"hand": ["athradysas_the_seeker", "zedemikras_the_brain", "trebuchet_of_fear"]},
    )
    play(st, "char flamebreath_the_dazzling earth", "done")
    assert announced(st) == [(0, 0, EARTH)]
    play(st, "char athradysas_the_seeker")
    assert "done" in legal(st)
    play(st, "done")
    assert announced(st)[-1] == (1, 0, EARTH)

    st = reply(
        {"combat": at(1, "volca")},
        {"hand": ["athradysas_the_seeker", "inscrutable_armor"]},
        element="earth",
    )
    play(st, "char athradysas_the_seeker")
    assert "done" not in legal(st)


# --- refilling ---------------------------------------------------------------------------
def test_refill_to_six() -> None:
    """bluemoon.turn.refill: a player with 2 cards left after the turn draws 4."""
    st = later(
        {"hand": ["volca", "spark", "sear"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char volca", "done")
    assert len(st.hands[0]) == 6
    assert sorted(ids(st, st.hands[0])) == sorted(["spark", "sear", *DECK1[:4]])


def test_no_refill_above_six() -> None:
    """bluemoon.turn.refill.over_six: 7 cards left after the turn: all kept, none drawn."""
    hand = ["volca", "spark", "sear", "blaze", "furnace", "ignite", "cinder", "ember"]
    st = later(
        {"hand": hand, "combat": at(1, "torch"), "deck": ["glimmer"]},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char volca", "done")
    assert len(st.hands[0]) == 7 and ids(st, st.decks[0]) == ["glimmer"]


def test_an_empty_deck_stops_the_refill_not_the_fight() -> None:
    """bluemoon.end.deck_empty: with one card left in the deck the player draws it and the
    fight goes on."""
    st = later(
        {"hand": ["volca", "spark"], "combat": at(1, "torch"), "deck": ["glimmer"]},
        {"hand": ["lavar_the_powerful"], "combat": at(2, "sear")},
    )
    play(st, "char volca", "done")
    assert sorted(ids(st, st.hands[0])) == ["glimmer", "spark"] and st.decks[0] == []
    assert st.phase == FIGHT and st.active == 1 and st.fight == 1


# --- retreating and dragons ---------------------------------------------------------------
def _retreat_at(p1: dict[str, Any], p2_areas: dict[str, Any], **top: Any) -> BlueMoonState:
    """P1 to play turn 3 of fight 2 and retreat; P2's areas as given."""
    st = later(
        {"hand": ["spark"], "combat": at(1, "torch"), **p1},
        {"hand": ["sear"], **p2_areas},
        fight=2,
        **top,
    )
    play(st, "retreat")
    return st


ONE = {"combat": at(2, "lavar_the_powerful")}
SIX = {
    "combat": at(2, "sear", "fireblast", active=False)
    + at(4, "wogarathoras_the_gloomy", active=False)
    + at(6, "flamebreath_the_dazzling"),
    "support": at(2, "trebuchet_of_fear") + at(4, "ballista_of_confusion"),
}
FIVE = {"combat": SIX["combat"], "support": at(2, "trebuchet_of_fear")}


def test_the_winner_attracts_one_dragon() -> None:
    """bluemoon.fight.win, bluemoon.fight.win.dragons, bluemoon.fight.win.take_dragon,
    bluemoon.fight.discard, bluemoon.fight.refill, bluemoon.fight.loser_starts: P1
    retreats; P2 takes a dragon from the centre; both areas go to the discard piles; both
    refill; P1 starts the next fight."""
    st = _retreat_at({}, ONE)
    assert st.dragons == [0, 1]
    assert st.combat == [[], []] and st.support == [[], []]
    assert ids(st, st.discards[0]) == ["torch"]
    assert ids(st, st.discards[1]) == ["lavar_the_powerful"]
    assert len(st.hands[0]) == 6 and len(st.hands[1]) == 6
    assert st.fight == 3 and st.starter == 0 and st.active == 0 and st.element == -1
    assert "decline" in legal(st)


def test_six_cards_in_the_winners_areas_attract_a_second_dragon() -> None:
    """bluemoon.fight.win.sixth_card: six cards in the winner's combat and support areas
    over the whole fight, active or not, attract two dragons; five attract one."""
    st = _retreat_at({}, SIX, fight_turn=7)
    assert st.dragons == [0, 2]
    st = _retreat_at({}, FIVE, fight_turn=7)
    assert st.dragons == [0, 1]


def test_the_opponents_dragons_go_back_first() -> None:
    """bluemoon.fight.win.take_back, bluemoon.fight.win.example,
    bluemoon.fight.dragons_one_side: two dragons attracted against one held by the loser:
    it goes back to the centre and the winner takes one; one attracted against two: the
    loser keeps one, the winner gets none."""
    st = _retreat_at({"dragons": 1}, SIX, fight_turn=7)
    assert st.dragons == [0, 1]
    st = _retreat_at({"dragons": 2}, ONE)
    assert st.dragons == [1, 0]


def test_a_fourth_dragon_wins_at_once() -> None:
    """bluemoon.end.auto_win: holding all three dragons, the winner of a fight attracts
    another and wins the game at once with 4 crystals; the same with two held and two
    attracted."""
    st = later(
        {"hand": ["spark"], "combat": at(1, "torch")},
        {"hand": ["sear"], "dragons": 3, **ONE},
    )
    play(st, "retreat")
    assert st.phase == OVER and st.winners == [1]
    assert st.crystals == [0, 4] and st.reason == "fourth_dragon"
    st = later(
        {"hand": ["spark"], "combat": at(1, "torch")},
        {"hand": ["sear"], "dragons": 2, **SIX},
        fight_turn=7,
    )
    play(st, "retreat")
    assert st.phase == OVER and st.crystals == [0, 4] and st.reason == "fourth_dragon"


# --- declining ------------------------------------------------------------------------------
def test_only_the_starter_on_the_first_turn_may_decline() -> None:
    """bluemoon.fight.decline.no_first_retreat, bluemoon.fight.decline,
    bluemoon.turn.retreat: the starter's first turn offers "decline", not "retreat"; the
    other player and later turns offer "retreat"."""
    st = table({"hand": ["volca", "spark"]}, {"hand": ["sear", "torch"]})
    assert "decline" in legal(st) and "retreat" not in legal(st)
    play(st, "char volca fire", "done")
    assert "retreat" in legal(st) and "decline" not in legal(st)
    st = later({"hand": ["volca"], "combat": at(1, "torch")}, {"combat": at(2, "sear")})
    assert "retreat" in legal(st) and "decline" not in legal(st)


def test_declining_discards_one_to_three_cards_then_the_other_starts() -> None:
    """bluemoon.fight.decline, bluemoon.fight.decline.next, bluemoon.discard.face_up: the
    starter discards one card, stops ("enough"), refills, and the other player starts the
    fight instead (and may decline in turn); the element is not named."""
    st = table(
        {"hand": ["volca", "spark", "sear", "fireblast", "ember", "cinder"], "deck": DECK1},
        {"hand": ["catusan", "athradysas_the_seeker"]},
    )
    play(st, "decline")
    assert st.pending == ("decline", 0)
    assert "enough" not in legal(st)
    play(st, "discard ember")
    assert "enough" in legal(st)
    play(st, "enough")
    assert ids(st, st.discards[0]) == ["ember"]
    assert len(st.hands[0]) == 6 and "torch" in ids(st, st.hands[0])
    assert st.starter == 1 and st.active == 1 and st.element == -1 and st.fight == 1
    assert "decline" in legal(st) and "char catusan fire" in legal(st)


def test_declining_stops_after_three_cards() -> None:
    """bluemoon.fight.decline: at most three cards; the third ends the declining."""
    st = table(
        {"hand": ["volca", "spark", "sear", "fireblast", "ember", "cinder"]},
        {"hand": ["catusan", "athradysas_the_seeker"]},
    )
    play(st, "decline", "discard ember", "discard cinder", "discard fireblast")
    assert ids(st, st.discards[0]) == ["ember", "cinder", "fireblast"]
    assert st.starter == 1 and st.pending[1] == 1


def test_a_starter_without_characters_must_decline() -> None:
    """bluemoon.fight.decline.no_character: holding no character, the starter can only
    decline; after losing a fight it happens by itself."""
    st = table({"hand": ["fireblast", "lightning_bolts", "wall_of_fire"]}, {"hand": ["sear"]})
    assert legal(st) == {"decline"}
    st = later(
        {
            "hand": ["fireblast", "lightning_bolts", "wall_of_fire"],
            "combat": at(1, "torch"),
            "deck": [],
        },
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "retreat")
    assert st.starter == 0 and st.pending == ("decline", 0)


def test_leadership_before_declining() -> None:
    """bluemoon.fight.decline.leadership, bluemoon.turn.phases: the leadership phase comes
    first: Muster Reinforcements draws (up to) five, then the starter declines."""
    st = table(
        {"people": "hoax", "hand": ["muster_reinforcements", "trebuchet_of_fear"], "deck": DECK2},
        {"hand": ["sear"]},
        pending={"kind": "lead", "seat": "P1"},
    )
    assert legal(st) == {"lead muster_reinforcements", "no_lead"}
    play(st, "lead muster_reinforcements", "draw 5")
    assert len(st.hands[0]) == 6
    play(st, "decline", "discard trebuchet_of_fear", "enough")
    assert st.starter == 1


def test_leadership_before_retreating() -> None:
    """bluemoon.turn.announce.must_retreat, bluemoon.turn.leadership: a player who cannot
    reach the total still plays a leadership card, then retreats."""
    st = later(
        {
            "people": "hoax",
            "hand": ["muster_reinforcements", "vetraskedas_the_sceptic"],
            "combat": at(1, "helkomedes_the_rhetorician"),
            "deck": [],
        },
        {"people": "vulca", "hand": ["sear"], "combat": at(2, "flamebreath_the_dazzling")},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead muster_reinforcements", "retreat")
    assert ids(st, st.leaders[0]) == ["muster_reinforcements"]
    assert st.dragons == [0, 1]


# --- the end of a game ----------------------------------------------------------------------
def test_no_new_fight_when_a_player_has_no_cards() -> None:
    """bluemoon.end.usual, bluemoon.end.no_cards, bluemoon.end.winner, bluemoon.end.crystals:
    the last fight ends with P2 (no cards) retreating; no new fight starts; P1 holds two
    dragons and scores 1 + 2 crystals."""
    st = later(
        {"hand": ["volca"], "combat": at(1, "torch"), "deck": [], "dragons": 1},
        {"hand": [], "combat": at(2, "sear"), "deck": []},
        out_first="P2",
    )
    play(st, "char volca", "done")
    assert st.phase == OVER and st.fight == 1
    assert st.dragons == [2, 0] and st.crystals == [3, 0]
    assert st.winners == [0]


def test_all_dragons_neutral_the_player_out_of_cards_loses() -> None:
    """bluemoon.end.all_neutral, bluemoon.fight.win.take_back: P1, out of cards, retreats;
    P2 takes P1's only dragon back, all dragons are neutral: P1 ran out first and loses,
    P2 scores 1 crystal."""
    st = later(
        {"hand": [], "combat": at(1, "torch"), "deck": [], "dragons": 1},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    assert legal(st) == {"retreat"}
    play(st, "retreat")
    assert st.phase == OVER and st.dragons == [0, 0]
    assert st.winners == [1] and st.crystals == [0, 1]


def test_all_neutral_the_first_to_run_out_loses_even_after_winning_the_last_fight() -> None:
    """bluemoon.end.all_neutral: P2 ran out of cards first; P1 then plays its last card and
    wins the last fight, taking P2's dragon back: all neutral, P1 scores 1 crystal."""
    st = later(
        {"hand": ["volca"], "combat": at(1, "torch"), "deck": []},
        {"hand": [], "combat": at(2, "sear"), "deck": [], "dragons": 1},
        out_first="P2",
    )
    play(st, "char volca", "done")
    assert st.phase == OVER and st.dragons == [0, 0]
    assert st.winners == [0] and st.crystals == [1, 0]


def test_declining_with_the_last_cards_ends_the_game() -> None:
    """bluemoon.end.decline_last: the starter declines by discarding its last two cards;
    with the deck empty the game ends, P2 holding a dragon wins 1 + 1."""
    st = table(
        {"hand": ["fireblast", "lightning_bolts"], "deck": []},
        {"hand": ["sear"], "dragons": 1},
    )
    play(st, "decline", "discard fireblast", "discard lightning_bolts")
    assert st.phase == OVER and st.winners == [1] and st.crystals == [0, 2]


# --- mutants --------------------------------------------------------------------------------
def _mutant(mutant: str, p1: dict[str, Any], p2: dict[str, Any], element: str, **top: Any):
    """P1's second turn holding the mutant (and a vanilla character)."""
    base = {"hand": [mutant, "glimmer"], "combat": at(1, "torch")}
    return later(base | p1, {"hand": ["sear"]} | p2, element=element, **top)


def _can(st: BlueMoonState, mutant: str) -> bool:
    return f"char {mutant}" in legal(st)


def test_zig_nur_don_attacked_by_five_earth_turns_the_fight_to_fire() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element, bluemoon.example.fight2.mutant:
    Zig-nur-Don only against at least 5 Earth; the fight then goes on in Fire."""
    st = _mutant("zig_nur_don", {}, {"combat": at(2, "catusan")}, "earth")
    assert _can(st, "zig_nur_don")
    play(st, "char zig_nur_don", "done")
    assert st.element == FIRE and announced(st) == [(0, 4, FIRE)]
    assert not _can(_mutant("zig_nur_don", {}, {"combat": at(2, "rocara")}, "earth"), "zig_nur_don")
    assert not _can(
        _mutant("zig_nur_don", {}, {"combat": at(2, "flamebreath_the_dazzling")}, "fire"),
        "zig_nur_don",
    )


def test_ras_mus_pan_attacked_by_five_fire_turns_the_fight_to_earth() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element: Ras-mus-Pan only against at
    least 5 Fire; the fight goes on in Earth."""
    st = _mutant("ras_mus_pan", {}, {"combat": at(2, "volca")}, "fire")
    assert _can(st, "ras_mus_pan")
    play(st, "char ras_mus_pan", "done")
    assert st.element == EARTH and announced(st) == [(0, 4, EARTH)]
    assert not _can(
        _mutant("ras_mus_pan", {}, {"combat": at(2, "catusan")}, "earth"), "ras_mus_pan"
    )


def test_var_dis_nar_attacked_by_seven_toggles_the_element() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element: Var-dis-Nar against a total of
    at least 7 in either element; Fire becomes Earth and Earth becomes Fire."""
    st = _mutant("var_dis_nar", {}, {"combat": at(2, "flamebreath_the_dazzling")}, "fire")
    play(st, "char var_dis_nar", "done")
    assert st.element == EARTH
    st = _mutant("var_dis_nar", {}, {"combat": at(2, "megalit_mountainshaker")}, "earth")
    play(st, "char var_dis_nar", "done")
    assert st.element == FIRE
    assert not _can(
        _mutant("var_dis_nar", {}, {"combat": at(2, "scorch_the_inflammable")}, "fire"),
        "var_dis_nar",
    )


def test_neth_sur_pot_needs_three_active_opponent_cards() -> None:
    """bluemoon.cards.mutant: Neth-sur-Pot if the opponent has at least three active
    character/booster/support cards; covered cards do not count."""
    three = {
        "turns": 2,
        "combat": at(2, "ledinemras_the_monk", active=False) + at(4, "sear", "fireblast"),
        "support": at(2, "trebuchet_of_fear"),
    }
    st = _mutant("neth_sur_pot", {"turns": 3}, three, "fire", fight_turn=5)
    assert _can(st, "neth_sur_pot")
    play(st, "char neth_sur_pot", "done")
    assert st.element == EARTH
    two = {
        "turns": 2,
        "combat": at(2, "ledinemras_the_monk", "fireblast", active=False)
        + at(4, "lavar_the_powerful"),
        "support": at(2, "trebuchet_of_fear"),
    }
    assert not _can(
        _mutant("neth_sur_pot", {"turns": 3}, two, "fire", fight_turn=5), "neth_sur_pot"
    )


def test_fel_nar_gan_needs_empty_own_areas() -> None:
    """bluemoon.cards.mutant: Fel-nar-Gan only with no cards in one's own combat and
    support areas (here the answering player's first turn); 0 with shields stands."""
    st = reply({"hand": ["spark"], "combat": at(1, "volca")}, {"hand": ["fel_nar_gan", "sear"]})
    assert _can(st, "fel_nar_gan")
    play(st, "char fel_nar_gan", "done")
    assert st.element == EARTH and announced(st) == [(1, 0, EARTH)]
    st = reply(
        {"turns": 2, "combat": at(1, "volca", active=False) + at(3, "spark")},
        {"turns": 2, "hand": ["fel_nar_gan", "sear"], "support": at(2, "trebuchet_of_fear")}
        | {"combat": at(2, "torch")},
        fight_turn=4,
    )
    assert not _can(st, "fel_nar_gan")


def test_den_bal_ton_needs_an_opponents_dragon() -> None:
    """bluemoon.cards.mutant: Den-bal-Ton only if the opponent has a dragon on their side."""
    st = _mutant("den_bal_ton", {}, {"combat": at(2, "sear"), "dragons": 1}, "fire")
    assert _can(st, "den_bal_ton")
    play(st, "char den_bal_ton", "done")
    assert st.element == EARTH and announced(st) == [(0, 8, EARTH)]
    assert not _can(_mutant("den_bal_ton", {}, {"combat": at(2, "sear")}, "fire"), "den_bal_ton")
    assert not _can(
        _mutant("den_bal_ton", {"dragons": 2}, {"combat": at(2, "sear")}, "fire"), "den_bal_ton"
    )


def test_pen_dor_nith_needs_six_cards_in_the_opponents_areas() -> None:
    """bluemoon.cards.mutant: Pen-dor-Nith if the opponent's combat and support areas hold
    at least six cards (active or not)."""
    st = _mutant("pen_dor_nith", {"turns": 4}, {"turns": 3, **SIX}, "fire", fight_turn=7)
    assert _can(st, "pen_dor_nith")
    play(st, "char pen_dor_nith", "done")
    assert st.element == EARTH
    assert not _can(
        _mutant("pen_dor_nith", {"turns": 4}, {"turns": 3, **FIVE}, "fire", fight_turn=7),
        "pen_dor_nith",
    )


def test_sas_van_son_needs_two_more_cards_in_the_opponents_hand() -> None:
    """bluemoon.cards.mutant: Sas-van-Son if the opponent holds at least two more cards than
    the player (the mutant itself not counted, rulings R10)."""
    p2 = {"combat": at(2, "sear"), "hand": ["spark", "blaze", "volca"]}
    st = _mutant("sas_van_son", {}, p2, "fire")  # 1 card besides the mutant against 3
    assert _can(st, "sas_van_son")
    play(st, "char sas_van_son", "done")
    assert st.element == EARTH and announced(st) == [(0, 7, EARTH)]
    p2 = {"combat": at(2, "sear"), "hand": ["spark", "blaze"]}
    assert not _can(_mutant("sas_van_son", {}, p2, "fire"), "sas_van_son")


# --- a match ----------------------------------------------------------------------------------
def test_a_match_goes_on_and_the_loser_starts_the_next_game() -> None:
    """bluemoon.match, bluemoon.match.loser_starts, bluemoon.match.five_crystals: P2 wins a
    game with 4 crystals, short of 5: a new game starts (dragons neutral, decks reshuffled,
    six cards each) and P1, the loser, starts it; the crystals carry over."""
    st = later(
        {"hand": ["spark"], "combat": at(1, "torch")},
        {"hand": ["sear"], "dragons": 3, **ONE},
        match_to=5,
    )
    play(st, "retreat")
    assert st.phase == FIGHT and st.game_no == 2
    assert st.crystals == [0, 4] and st.dragons == [0, 0]
    assert st.first == 0 and st.starter == 0 and st.pending[1] == 0
    assert len(st.hands[0]) == 6 and len(st.hands[1]) == 6
    assert st.discards == [[], []] and st.combat == [[], []]


def test_a_match_ends_at_five_crystals() -> None:
    """bluemoon.match.five_crystals: with 2 crystals already, P2's 4 more make 6: the match
    is over and P2 wins it."""
    st = later(
        {"hand": ["spark"], "combat": at(1, "torch"), "crystals": 3},
        {"hand": ["sear"], "dragons": 3, "crystals": 2, **ONE},
        match_to=5,
    )
    play(st, "retreat")
    assert st.phase == OVER and st.crystals == [3, 6] and st.winners == [1]


def test_a_random_match_to_five() -> None:
    """bluemoon.match, bluemoon.match.loser_starts, bluemoon.match.five_crystals: random
    play through a whole match: every new game is started by the loser of the last one,
    and the match ends once a player has 5 crystals (or a game nobody wins)."""
    for seed in range(6):
        st = GAME.new_game({"match_to": 5}, seed, log=True)
        rnd = random.Random(seed)
        steps = 0
        while st.phase != OVER and steps < 20000:
            options = GAME.legal_actions(st)
            calm = [a for a in options if a[0] != "concede"] or options
            GAME.apply(st, rnd.choice(calm))
            steps += 1
        assert st.phase == OVER
        results = [e for e in st.log or [] if e.kind in ("game", "game_over")]
        for prev, nxt in itertools.pairwise(results):
            if prev.kind == "game_over" and nxt.kind == "game":
                assert prev.seat is not None and nxt.seat == 1 - prev.seat
        if st.reason != "no_dragons":
            assert max(st.crystals) >= 5
            assert st.winners == [max((0, 1), key=lambda s: st.crystals[s])]


# --- the optional reshuffle ---------------------------------------------------------------------
def test_the_optional_reshuffle() -> None:
    """bluemoon.setup.optional_reshuffle, bluemoon.setup.hand, bluemoon.setup.first: with
    `reshuffle`, the first player puts two cards back, the deck is reshuffled and two are
    drawn; then the second player (keeping all); then the first player starts the fight."""
    st = GAME.new_game({"peoples": ["vulca", "hoax"], "first": 0, "reshuffle": True}, 7, log=True)
    assert st.pending == ("setup", 0)
    hand = ids(st, st.hands[0])
    all_cards = sorted(hand + ids(st, st.decks[0]))
    kept, back = hand[2:], hand[:2]
    play(st, f"back {back[0]}", f"back {back[1]}")
    assert f"back {back[0]}" not in legal(st)
    other = ids(st, st.hands[1])
    play(st, "keep")
    assert len(st.hands[0]) == 6 and len(st.decks[0]) == 24
    assert set(kept) <= set(ids(st, st.hands[0]))
    assert sorted(ids(st, st.hands[0]) + ids(st, st.decks[0])) == all_cards
    assert [e.data["n"] for e in st.log or [] if e.kind == "reshuffle"] == [2]
    assert st.pending == ("setup", 1)
    play(st, "keep")
    assert ids(st, st.hands[1]) == other
    assert st.phase == FIGHT and st.pending[1] == 0 and st.starter == 0
