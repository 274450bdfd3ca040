"""The Flit deck box, card by card: the leader and its 30 playing cards (the Flit cards, the
Aqua booster, the mutant, the Terrah character and the Vulca booster it holds).

Each test plays a small position through the public API; P1 holds the Flit cards unless
said otherwise. Powers are described in the test's own words, as the engine encodes them
(docs/cards/bluemoon.md) and reads them (docs/rulings/bluemoon.md).
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
    """A fight position; by default P1 (Flit) starts fight 1 and is on its first turn."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "flit", "turns": 1, "deck": DECK1, **p1},
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


# --- the leader ---------------------------------------------------------------------------
def test_falc_is_the_flit_leader_and_never_dealt() -> None:
    """bluemoon.setup.leader, bluemoon.setup.draw_deck, bluemoon.cards.types: Falc is the
    leader of the Flit box, a leader card; the 30 playing cards form the deck and a new
    game never deals Falc; a position may not put it among the playing cards."""
    falc = GAME.db.leader("flit")
    assert (falc.id, falc.type, falc.people) == ("falc", "leader", "flit")
    deck = GAME.db.deck("flit")
    assert len(deck) == 30 and "falc" not in deck
    for seed in range(4):
        st = GAME.new_game({"peoples": ["flit", "vulca"]}, seed)
        assert st.boxes == ["flit", "vulca"]
        assert "falc" not in st.card_ids
        flit_cards = [c for c, o in zip(st.card_ids, st.owner, strict=True) if o == 0]
        assert sorted(flit_cards) == sorted(deck)
    with pytest.raises(PositionError):
        table({"hand": ["falc", "peckswift"]}, {"hand": ["sear"]})


# --- characters without a power -------------------------------------------------------------
def _opening_and_retrieve(card: str, element: str, value: int) -> None:
    """P1 opens with ``card`` in ``element`` and announces ``value``; P2 answers; at the
    start of P1's next turn the card's RETRIEVE takes it back into hand."""
    st = table(
        {"hand": [card, "carl_kamikaze_crow"]}, {"hand": ["athradysas_the_seeker", "catusan"]}
    )
    play(st, f"char {card} {element}", "done")
    assert announced(st) == [(0, value, FIRE if element == "fire" else EARTH)]
    assert active_combat(st, 0) == [card]
    play(st, "char athradysas_the_seeker" if element == "fire" else "char catusan", "done")
    assert st.pending == ("retrieve", 0)
    assert legal(st) == {f"retrieve {card}", "on"}
    play(st, f"retrieve {card}")
    assert card in ids(st, st.hands[0]) and st.combat[0] == []


def test_wing_commander_razorfeather_values_and_retrieve() -> None:
    """bluemoon.cards.values, bluemoon.icon.retrieve: 4 Fire, 4 Earth; taken back into
    hand at the start of the next turn."""
    _opening_and_retrieve("wing_commander_razorfeather", "fire", 4)
    _opening_and_retrieve("wing_commander_razorfeather", "earth", 4)


def test_wing_commander_razorfeather_covers_the_earlier_combat_cards() -> None:
    """bluemoon.turn.character.cover, bluemoon.turn.character.active: played on a later
    turn it covers the earlier character and booster; only it counts."""
    st = later(
        {"hand": ["wing_commander_razorfeather"]}
        | {"combat": at(1, "steepstoop", "launch_fire_flash")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char wing_commander_razorfeather")
    assert active_combat(st, 0) == ["wing_commander_razorfeather"]
    assert tot(st, 0) == 4
    play(st, "done")
    assert announced(st) == [(0, 4, FIRE)]


def test_squadron_leader_squeak_values_and_retrieve() -> None:
    """bluemoon.cards.values, bluemoon.icon.retrieve: 4 Fire, 2 Earth."""
    _opening_and_retrieve("squadron_leader_squeak", "fire", 4)
    _opening_and_retrieve("squadron_leader_squeak", "earth", 2)


def test_flight_leader_squawk_values_and_retrieve() -> None:
    """bluemoon.cards.values, bluemoon.icon.retrieve: 2 Fire, 4 Earth."""
    _opening_and_retrieve("flight_leader_squawk", "fire", 2)
    _opening_and_retrieve("flight_leader_squawk", "earth", 4)


def test_flight_leader_squawk_blocks_the_opponents_retrieve() -> None:
    """bluemoon.icon.retrieve.exception: while Squawk (RETRIEVE) is P1's active combat
    card, Hoax may not take back its Battling Boomerang; after Proud Phoenix Phil (no
    RETRIEVE) it may."""
    for card, blocked in (("flight_leader_squawk", True), ("proud_phoenix_phil", False)):
        st = later(
            {"hand": [card, "launch_rockdrop"], "combat": at(1, "steepstoop")},
            {
                "hand": ["catusan", "athradysas_the_seeker"],
                "combat": at(2, "athradysas_the_seeker", "battling_boomerang"),
            },
            element="earth",
        )
        play(st, f"char {card}", "done")
        assert st.active == 1
        assert (st.pending[0] == "retrieve") is not blocked
        assert ("retrieve battling_boomerang" in legal(st)) is not blocked


def test_peckswift_values_and_retrieve() -> None:
    """bluemoon.cards.values, bluemoon.icon.retrieve: 3 Fire, 2 Earth."""
    _opening_and_retrieve("peckswift", "fire", 3)
    _opening_and_retrieve("peckswift", "earth", 2)


def test_steepstoop_values_and_retrieve() -> None:
    """bluemoon.cards.values, bluemoon.icon.retrieve: 2 Fire, 3 Earth."""
    _opening_and_retrieve("steepstoop", "fire", 2)
    _opening_and_retrieve("steepstoop", "earth", 3)


def test_proud_phoenix_phil_earth_shield() -> None:
    """bluemoon.icon.shield, bluemoon.icon.shield.element, bluemoon.cards.values: 0/0 with
    an Earth shield: it may stand at 0 Earth against 4 Earth, not at 0 Fire against 4 Fire."""
    st = later(
        {"hand": ["proud_phoenix_phil", "steepstoop"], "combat": at(1, "peckswift")},
        {"hand": ["sear"], "combat": at(2, "torch")},
        element="earth",
    )
    play(st, "char proud_phoenix_phil")
    assert tot(st, 0) == 0 and tot(st, 1) == 4
    play(st, "done")
    assert announced(st) == [(0, 0, EARTH)]

    st = later(
        {"hand": ["proud_phoenix_phil", "launch_flaming_dust"], "combat": at(1, "peckswift")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char proud_phoenix_phil")
    assert legal(st) == {"boost launch_flaming_dust", "undo"}


# --- characters with a power ----------------------------------------------------------------
def _highchirp(p2_people: str, p2_combat: list[dict[str, Any]]) -> BlueMoonState:
    """P1 plays Highchirp on its second turn against ``p2_combat``."""
    st = later(
        {"hand": ["highchirp", "launch_burning_earth"], "combat": at(1, "steepstoop")},
        {"people": p2_people, "hand": ["sear"], "combat": p2_combat},
    )
    play(st, "char highchirp")
    return st


def test_highchirp_discards_one_of_two_active_characters() -> None:
    """bluemoon.cards.special_text: when the opponent has more than one active character,
    Highchirp's player may discard one of them (one only)."""
    st = _highchirp("mimix", at(2, "wild_gazelle", "wild_antelope"))
    assert st.pending == ("task", 0)
    assert legal(st) == {"pick wild_gazelle", "pick wild_antelope", "stop"}
    play(st, "pick wild_gazelle")
    assert st.pending == ("play", 0)
    assert active_combat(st, 1) == ["wild_antelope"]
    assert ids(st, st.discards[1]) == ["wild_gazelle"]
    assert tot(st, 1) == 3


def test_highchirp_may_be_declined() -> None:
    """bluemoon.cards.special_text: the discard is optional ("stop" discards nothing)."""
    st = _highchirp("mimix", at(2, "wild_gazelle", "wild_antelope"))
    play(st, "stop")
    assert st.pending == ("play", 0)
    assert active_combat(st, 1) == ["wild_gazelle", "wild_antelope"]
    assert st.discards[1] == []


def test_highchirp_spares_a_single_active_character() -> None:
    """bluemoon.cards.special_text: with one active character the power has nothing to
    act on; the turn goes on at once."""
    st = _highchirp("hoax", at(2, "vetraskedas_the_sceptic", "battling_boomerang"))
    assert st.pending == ("play", 0)
    assert active_combat(st, 1) == ["vetraskedas_the_sceptic", "battling_boomerang"]
    assert st.discards[1] == []


def test_highchirp_never_discards_a_protected_character() -> None:
    """bluemoon.icon.protected, bluemoon.cards.special_text: of Giant Octopus (PROTECTED)
    and Uurunia, only Uurunia may be discarded."""
    st = _highchirp("aqua", at(2, "giant_octopus", "uurunia_aqua_terz"))
    assert legal(st) == {"pick uurunia_aqua_terz", "stop"}
    play(st, "pick uurunia_aqua_terz")
    assert active_combat(st, 1) == ["giant_octopus"]


def test_tittertweet_ignores_the_opponents_power_texts_not_values() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore: with Tittertweet active the
    opponent's Elemental Enchantment no longer raises the total to 6; Flickering Fires
    still counts its printed 1 Fire (only texts are ignored)."""
    st = later(
        {"hand": ["tittertweet", "steepstoop"], "combat": at(1, "peckswift")},
        {
            "people": "vulca",
            "hand": ["sear"],
            "combat": at(2, "torch", "elemental_enchantment"),
            "support": at(2, "flickering_fires"),
        },
    )
    assert tot(st, 1) == 6
    play(st, "char tittertweet")
    assert tot(st, 1) == 1 + 1
    play(st, "done")
    assert announced(st) == [(0, 2, FIRE)]


def test_tittertweet_ignores_the_opponents_leadership_text() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore: the opponent's Muster
    Reinforcements, played while Tittertweet is active, draws nothing."""

    def fight(p1_active: str) -> BlueMoonState:
        return reply(
            {"turns": 2, "combat": at(1, "steepstoop", active=False) + at(3, p1_active)},
            {
                "turns": 2,
                "hand": ["muster_reinforcements", "catusan", "sear"],
                "combat": at(2, "vetraskedas_the_sceptic"),
            },
            fight_turn=4,
            pending={"kind": "lead", "seat": "P2"},
        )

    st = fight("tittertweet")
    play(st, "lead muster_reinforcements")
    assert len(st.hands[1]) == 2
    st = fight("cheepchirrup")
    play(st, "lead muster_reinforcements", "draw 5")
    assert len(st.hands[1]) == 2 + 5


def test_tittertweet_ignores_the_opponents_now_actions() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore: Cinder, played by the opponent
    while Tittertweet is active, offers no discard of P1's booster; without Tittertweet it
    does."""
    for p1_active, acts in (("tittertweet", False), ("steepstoop", True)):
        st = reply(
            {
                "turns": 2,
                "combat": at(1, "bashdin", active=False) + at(3, p1_active, "launch_rain_of_fire"),
            },
            {
                "people": "vulca",
                "turns": 2,
                "hand": ["cinder", "scorch_the_inflammable", "fireblast"],
                "combat": at(2, "torch"),
            },
            fight_turn=4,
        )
        play(st, "char cinder")
        assert (st.pending == ("task", 1)) is acts
        assert ("pick launch_rain_of_fire" in legal(st)) is acts


def test_tittertweet_spares_flit_characters_only() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore: the text of a Flit character
    (Mad Mike Magpie, which ignores P1's cards with icons) still acts, so P1's PAIR booster
    counts nothing; the text of a Flit booster (Launch Sloth Gas) is ignored, so the Flit
    opponent's retreat gives P1 its dragon."""
    st = later(
        {"hand": ["tittertweet", "launch_burning_earth"], "combat": at(1, "peckswift")},
        {"people": "terrah", "hand": ["sear"], "combat": at(2, "mad_mike_magpie")},
    )
    play(st, "char tittertweet", "boost launch_burning_earth")
    assert tot(st, 0) == 2

    def fight(p1_active: str) -> BlueMoonState:
        return reply(
            {"turns": 2, "combat": at(1, "steepstoop", active=False) + at(3, p1_active)},
            {
                "people": "flit",
                "turns": 2,
                "hand": ["carl_kamikaze_crow"],
                "combat": at(2, "squadron_leader_squeak", "launch_sloth_gas"),
            },
            fight_turn=4,
        )

    st = fight("tittertweet")
    play(st, "retreat")
    assert st.dragons == [1, 0]
    st = fight("cheepchirrup")
    play(st, "retreat")
    assert st.dragons == [0, 0]


def test_flitterflutter_ignores_the_opponents_supports() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore, bluemoon.special.ignore.effect:
    the opponent's Tome of Wisdom no longer counts: 3 + 3 Fire drops to 3."""
    st = later(
        {"hand": ["flitterflutter", "launch_rain_of_fire"], "combat": at(1, "steepstoop")},
        {
            "hand": ["sear"],
            "combat": at(2, "vetraskedas_the_sceptic"),
            "support": at(2, "tome_of_wisdom"),
        },
    )
    assert tot(st, 1) == 6
    play(st, "char flitterflutter")
    assert tot(st, 1) == 3
    play(st, "boost launch_rain_of_fire", "done")
    assert announced(st) == [(0, 2 + 3, FIRE)]


def test_flitterflutter_ignores_a_supports_prohibition() -> None:
    """bluemoon.special.ignore.effect, bluemoon.turn.leadership: the opponent's Flickering
    Fires forbids P1's leadership cards; while Flitterflutter is P1's active character the
    support is ignored and Distract Holy Dragon may be played."""
    for p1_active, allowed in (("flitterflutter", True), ("steepstoop", False)):
        st = _leading(
            ["distract_holy_dragon", "peckswift"],
            {"people": "vulca", **ONE, "support": at(2, "flickering_fires")},
            p1_active=p1_active,
        )
        assert ("lead distract_holy_dragon" in legal(st)) is allowed


def test_flitterflutter_never_ignores_a_protected_support() -> None:
    """bluemoon.icon.protected, bluemoon.special.ignore: Ravenous Razorjaw (PROTECTED)
    keeps its 3 Fire; Fire Swamp beside it is ignored."""
    st = later(
        {"hand": ["flitterflutter", "launch_fire_flash"], "combat": at(1, "peckswift")},
        {
            "people": "aqua",
            "hand": ["sear"],
            "combat": at(2, "kelp_leech"),
            "support": at(2, "ravenous_razorjaw", "fire_swamp"),
        },
    )
    assert tot(st, 1) == 3 + 3 + 2
    play(st, "char flitterflutter")
    assert tot(st, 1) == 3 + 3


def test_trillilling_ignores_the_opponents_boosters() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore, bluemoon.special.ignore.effect:
    the opponent's Fireblast no longer counts (7 Fire drops to 4), nor does the power of
    Elemental Enchantment; Trillilling's own player's booster still counts."""
    st = later(
        {"hand": ["trillilling", "launch_burning_earth"], "combat": at(1, "steepstoop")},
        {"people": "vulca", "hand": ["sear"], "combat": at(2, "sear", "fireblast")},
    )
    assert tot(st, 1) == 7
    play(st, "char trillilling")
    assert tot(st, 1) == 4
    play(st, "boost launch_burning_earth")
    assert tot(st, 0) == 2 + 3
    play(st, "done")
    assert announced(st) == [(0, 5, FIRE)]

    st = later(
        {"hand": ["trillilling", "steepstoop"], "combat": at(1, "peckswift")},
        {"people": "vulca", "hand": ["sear"], "combat": at(2, "torch", "elemental_enchantment")},
    )
    assert tot(st, 1) == 6
    play(st, "char trillilling")
    assert tot(st, 1) == 1


def _cheep(p2: dict[str, Any], p1_active: str = "cheepchirrup", **top: Any) -> BlueMoonState:
    """P2 answers P1's opening while ``p1_active`` is P1's active character."""
    return reply({"combat": at(1, p1_active)}, p2, **top)


def test_cheepchirrup_one_card_into_the_opponents_combat_area() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.booster_support: after its character the
    opponent may not add a booster (combat area), but a support still may be played."""
    hand = ["vetraskedas_the_sceptic", "battling_boomerang", "tome_of_wisdom"]
    st = _cheep({"hand": hand})
    play(st, "char vetraskedas_the_sceptic")
    assert "boost battling_boomerang" not in legal(st)
    assert "support tome_of_wisdom" in legal(st)
    play(st, "support tome_of_wisdom", "done")
    assert announced(st) == [(1, 3 + 3, FIRE)]

    st = _cheep({"hand": hand}, p1_active="steepstoop")
    play(st, "char vetraskedas_the_sceptic")
    assert "boost battling_boomerang" in legal(st)


def test_cheepchirrup_forbids_a_pair_and_free_cards() -> None:
    """bluemoon.cards.special_text, bluemoon.special.you_may_not, bluemoon.icon.pair,
    bluemoon.icon.free: neither a PAIR partner nor a FREE booster may follow the
    character into the combat area (both may without Cheepchirrup)."""
    for p1_active, allowed in (("cheepchirrup", False), ("steepstoop", True)):
        mimix = {"people": "mimix", "hand": ["wild_gazelle", "wild_antelope", "menacing_wardance"]}
        st = _cheep(mimix, p1_active)
        play(st, "char wild_gazelle")
        assert st.pending == ("play", 1) and "support menacing_wardance" in legal(st)
        assert ("char wild_antelope" in legal(st)) is allowed

        aqua = {"people": "aqua", "hand": ["uurunia_aqua_terz", "sudden_waterspout", "fire_swamp"]}
        st = _cheep(aqua, p1_active)
        play(st, "char uurunia_aqua_terz")
        assert st.pending == ("play", 1) and "support fire_swamp" in legal(st)
        assert ("boost sudden_waterspout" in legal(st)) is allowed


def test_cheepchirrup_beats_commence_mega_launch() -> None:
    """bluemoon.special.you_may_not: the opponent's "any number of boosters this turn"
    does not lift Cheepchirrup's limit."""
    hand = ["commence_mega_launch", "peckswift", "launch_rain_of_fire", "menacing_wardance"]
    for p1_active, allowed in (("cheepchirrup", False), ("steepstoop", True)):
        st = _cheep(
            {"people": "flit", "hand": hand}, p1_active, pending={"kind": "lead", "seat": "P2"}
        )
        play(st, "lead commence_mega_launch", "char peckswift")
        assert st.pending == ("play", 1) and "support menacing_wardance" in legal(st)
        assert ("boost launch_rain_of_fire" in legal(st)) is allowed


def test_cheepchirrup_does_not_bind_its_own_player() -> None:
    """bluemoon.cards.special_text: the limit is on the opponent's turns only; its own
    player adds a booster to it as usual."""
    st = later(
        {"hand": ["cheepchirrup", "launch_rain_of_fire"], "combat": at(1, "steepstoop")},
        {"hand": ["sear"], "combat": at(2, "vetraskedas_the_sceptic")},
    )
    play(st, "char cheepchirrup", "boost launch_rain_of_fire", "done")
    assert announced(st) == [(0, 2 + 3, FIRE)]


def test_carl_kamikaze_crow_doubles_its_players_boosters() -> None:
    """bluemoon.cards.special_text, bluemoon.cards.values: Carl counts 0 itself; the two
    Launch boosters played with it count double: (3 + 3) x 2 Fire, (3 + 2) x 2 Earth."""
    for element, want in (("fire", 12), ("earth", 10)):
        st = later(
            {
                "hand": ["carl_kamikaze_crow", "launch_burning_earth", "launch_rain_of_fire"],
                "combat": at(1, "steepstoop"),
            },
            {"hand": ["sear"], "combat": at(2, "vetraskedas_the_sceptic")},
            element=element,
        )
        play(st, "char carl_kamikaze_crow")
        assert tot(st, 0) == 0
        play(st, "boost launch_burning_earth", "boost launch_rain_of_fire", "done")
        assert announced(st) == [(0, want, FIRE if element == "fire" else EARTH)]


def test_bashdin_forces_the_opponent_to_discard_two() -> None:
    """bluemoon.cards.special_text, bluemoon.cards.values: Bashdin (1 Fire, 2 Earth) makes
    the opponent discard two hand cards of their own choice; its player may decline (R18)."""
    st = later(
        {"hand": ["bashdin", "launch_rockdrop"], "combat": at(1, "peckswift")},
        {"hand": ["catusan", "sear", "tome_of_wisdom"], "combat": at(2, "vetraskedas_the_sceptic")},
        element="earth",
    )
    play(st, "char bashdin")
    assert st.pending == ("task", 0) and legal(st) == {"yes", "stop"}
    play(st, "yes")
    assert st.pending == ("task", 1)
    assert legal(st) == {"pick catusan", "pick sear", "pick tome_of_wisdom"}
    play(st, "pick sear", "pick tome_of_wisdom")
    assert ids(st, st.hands[1]) == ["catusan"]
    assert ids(st, st.discards[1]) == ["sear", "tome_of_wisdom"]
    assert st.pending == ("play", 0) and tot(st, 0) == 2
    play(st, "done")
    assert announced(st) == [(0, 2, EARTH)]


def test_bashdin_takes_what_there_is() -> None:
    """bluemoon.special.rule4: with one card in hand the opponent discards just that one."""
    st = later(
        {"hand": ["bashdin", "launch_rockdrop"], "combat": at(1, "peckswift")},
        {"hand": ["catusan"], "combat": at(2, "vetraskedas_the_sceptic")},
        element="earth",
    )
    play(st, "char bashdin", "yes")
    assert st.hands[1] == [] and ids(st, st.discards[1]) == ["catusan"]
    assert st.pending == ("play", 0)


def test_bashdin_may_be_declined() -> None:
    """bluemoon.cards.special_text (R18): "I may force": its player may say no."""
    st = later(
        {"hand": ["bashdin", "launch_rockdrop"], "combat": at(1, "peckswift")},
        {"hand": ["catusan", "sear"], "combat": at(2, "vetraskedas_the_sceptic")},
        element="earth",
    )
    play(st, "char bashdin", "stop")
    assert ids(st, st.hands[1]) == ["catusan", "sear"] and st.pending == ("play", 0)


# --- boosters ----------------------------------------------------------------------------
LAUNCHES = {
    "launch_burning_earth": (3, 3),
    "launch_rain_of_fire": (3, 2),
    "launch_locust_paratroopers": (2, 3),
    "launch_dazzling_flares": (3, 1),
    "launch_boiling_oil": (1, 3),
    "launch_fire_flash": (2, 1),
    "launch_rockdrop": (1, 2),
    "launch_flaming_dust": (2, 0),
    "launch_slippery_slime": (0, 2),
    "launch_itching_bugs": (1, 1),
    "launch_sloth_gas": (0, 0),
}


def _launch(card: str) -> None:
    """Peckswift (3 Fire, 2 Earth) plus ``card``: the booster lies on the character and
    its printed value counts in each element; another Launch (PAIR) may join it, an
    ordinary booster or a support may not; on the starter's first turn it is not offered."""
    fire, earth = LAUNCHES[card]
    partner = "launch_hail_of_doom"  # a Launch of the Aqua box: PAIR, 2 Fire, 2 Earth
    for element, base, value in (("fire", 3, fire), ("earth", 2, earth)):
        st = later(
            {
                "hand": ["peckswift", card, partner, "fireblast", "menacing_wardance"],
                "combat": at(1, "steepstoop"),
            },
            {"hand": ["sear"], "combat": at(2, "stars_shining")},
            element=element,
        )
        play(st, "char peckswift", f"boost {card}")
        assert active_combat(st, 0) == ["peckswift", card]
        assert tot(st, 0) == base + value
        assert f"boost {partner}" in legal(st)
        assert not {"boost fireblast", "support menacing_wardance"} & legal(st)
        play(st, f"boost {partner}", "done")
        assert announced(st) == [(0, base + value + 2, FIRE if element == "fire" else EARTH)]
    st = table({"hand": ["peckswift", card, partner, "sudden_waterspout"]}, {"hand": ["sear"]})
    play(st, "char peckswift fire")
    assert legal(st) == {"boost sudden_waterspout", "done"}  # only the FREE booster


def test_launch_burning_earth_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 3 Fire, 3 Earth."""
    _launch("launch_burning_earth")


def test_launch_rain_of_fire_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 3 Fire, 2 Earth."""
    _launch("launch_rain_of_fire")


def test_launch_locust_paratroopers_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 2 Fire, 3 Earth."""
    _launch("launch_locust_paratroopers")


def test_launch_dazzling_flares_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 3 Fire, 1 Earth."""
    _launch("launch_dazzling_flares")


def test_launch_boiling_oil_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 1 Fire, 3 Earth."""
    _launch("launch_boiling_oil")


def test_launch_fire_flash_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 2 Fire, 1 Earth."""
    _launch("launch_fire_flash")


def test_launch_rockdrop_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 1 Fire, 2 Earth."""
    _launch("launch_rockdrop")


def test_launch_flaming_dust_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 2 Fire, 0 Earth."""
    _launch("launch_flaming_dust")


def test_launch_slippery_slime_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 0 Fire, 2 Earth."""
    _launch("launch_slippery_slime")


def test_launch_itching_bugs_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: 1 Fire, 1 Earth."""
    _launch("launch_itching_bugs")


def test_launch_itching_bugs_retrieve() -> None:
    """bluemoon.icon.retrieve, bluemoon.turn.booster.active: the booster is still active
    at the start of its player's next turn and may be taken back into hand."""
    st = reply(
        {
            "turns": 2,
            "hand": ["steepstoop", "peckswift"],
            "combat": at(1, "steepstoop", active=False) + at(3, "bashdin", "launch_itching_bugs"),
        },
        {"turns": 2, "hand": ["sear", "catusan"], "combat": at(2, "torch", active=False)},
        fight_turn=4,
    )
    play(st, "char sear", "done")
    assert st.pending == ("retrieve", 0)
    assert legal(st) == {"retrieve launch_itching_bugs", "on"}
    play(st, "retrieve launch_itching_bugs")
    assert "launch_itching_bugs" in ids(st, st.hands[0])
    assert active_combat(st, 0) == ["bashdin"]


def test_launch_sloth_gas_pair_booster() -> None:
    """bluemoon.cards.values, bluemoon.turn.booster, bluemoon.icon.pair: no printed values."""
    _launch("launch_sloth_gas")


def _sloth(p1_booster: str, p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """P1's third turn; P1's active character and booster came in fight turn 3."""
    return table(
        {
            "turns": 3,
            "hand": ["steepstoop"],
            "combat": at(1, "bashdin", active=False) + at(3, "peckswift", p1_booster),
        },
        {"turns": 2, **p2},
        element="fire",
        fight_turn=5,
        **top,
    )


ONE = {"hand": ["sear"], "combat": at(2, "torch", active=False) + at(4, "flamebreath_the_dazzling")}
SIX = {
    "hand": ["sear"],
    "combat": at(2, "torch", "fireblast", active=False) + at(4, "flamebreath_the_dazzling"),
    "support": at(2, "lightning_bolts") + at(4, "menacing_wardance", "tome_of_wisdom"),
}


def test_launch_sloth_gas_one_fewer_dragon_when_its_player_retreats() -> None:
    """bluemoon.fight.win.modifiers, bluemoon.cards.special_text: P1 retreats with Sloth
    Gas active: the winner attracts one dragon fewer (none instead of one, one instead of
    two with six cards played)."""
    st = _sloth("launch_sloth_gas", {"people": "vulca", **ONE})
    play(st, "retreat")
    assert st.dragons == [0, 0]
    st = _sloth("launch_sloth_gas", {"people": "vulca", **SIX})
    play(st, "retreat")
    assert st.dragons == [0, 1]
    st = _sloth("launch_burning_earth", {"people": "vulca", **ONE})
    play(st, "retreat")
    assert st.dragons == [0, 1]


def test_launch_sloth_gas_only_while_active() -> None:
    """bluemoon.turn.booster.active, bluemoon.fight.win.modifiers: once a later character
    covers Sloth Gas it no longer counts: P1's retreat gives the winner its dragon."""
    st = table(
        {
            "turns": 4,
            "hand": ["peckswift"],
            "combat": at(3, "bashdin", "launch_sloth_gas", active=False) + at(5, "steepstoop"),
        },
        {
            "people": "vulca",
            "turns": 3,
            "hand": ["sear"],
            "combat": at(6, "flamebreath_the_dazzling"),
        },
        element="fire",
        fight_turn=7,
    )
    play(st, "retreat")
    assert st.dragons == [0, 1]


def test_launch_sloth_gas_not_when_the_opponent_retreats() -> None:
    """bluemoon.fight.win.modifiers: when the opponent retreats, P1 attracts its dragon as
    usual."""
    st = table(
        {
            "turns": 2,
            "combat": at(1, "bashdin", active=False) + at(3, "peckswift", "launch_sloth_gas"),
        },
        {"turns": 2, "hand": ["sear"], "combat": at(2, "torch")},
        element="earth",
        active="P2",
        fight_turn=4,
    )
    play(st, "retreat")
    assert st.dragons == [1, 0]


def test_earthwater_raises_the_earth_total_to_seven() -> None:
    """bluemoon.cards.special_text: in Earth, Peckswift (2) plus Earthwater makes 7; in
    Fire it does nothing (3)."""
    st = later(
        {"hand": ["peckswift", "earthwater"], "combat": at(1, "steepstoop")},
        {"hand": ["sear"], "combat": at(2, "vetraskedas_the_sceptic")},
        element="earth",
    )
    play(st, "char peckswift", "boost earthwater", "done")
    assert announced(st) == [(0, 7, EARTH)]
    st = later(
        {"hand": ["peckswift", "earthwater"], "combat": at(1, "steepstoop")},
        {"hand": ["sear"], "combat": at(2, "vetraskedas_the_sceptic")},
    )
    play(st, "char peckswift", "boost earthwater", "done")
    assert announced(st) == [(0, 3, FIRE)]


def test_titanic_gauntlets_double_a_characters_earth() -> None:
    """bluemoon.cards.special_text: the Earth value of P1's character doubles: Squawk's
    4 Earth counts 8; in Fire its 2 stays 2."""
    st = later(
        {"hand": ["flight_leader_squawk", "titanic_gauntlets"], "combat": at(1, "steepstoop")},
        {"hand": ["sear"], "combat": at(2, "torch")},
        element="earth",
    )
    play(st, "char flight_leader_squawk", "boost titanic_gauntlets", "done")
    assert announced(st) == [(0, 8, EARTH)]
    st = later(
        {"hand": ["flight_leader_squawk", "titanic_gauntlets"], "combat": at(1, "steepstoop")},
        {"hand": ["sear"], "combat": at(2, "stars_shining")},
    )
    play(st, "char flight_leader_squawk", "boost titanic_gauntlets", "done")
    assert announced(st) == [(0, 2, FIRE)]


# --- leadership ---------------------------------------------------------------------------
def _leading(
    hand: list[str], p2: dict[str, Any], p1_active: str = "steepstoop", **top: Any
) -> BlueMoonState:
    """P1's third turn, in the leadership phase; ``p1_active`` came in fight turn 3."""
    return table(
        {
            "turns": 3,
            "hand": hand,
            "combat": at(1, "bashdin", active=False) + at(3, p1_active),
        },
        {"turns": 2, **p2},
        element="fire",
        fight_turn=5,
        pending={"kind": "lead", "seat": "P1"},
        **top,
    )


def test_distract_holy_dragon_caps_the_dragons_at_one() -> None:
    """bluemoon.turn.leadership, bluemoon.turn.leadership.pile, bluemoon.fight.win.modifiers:
    played on the leader just before retreating, it lets the winner (six cards played)
    attract one dragon, not two."""
    st = _leading(["distract_holy_dragon", "peckswift"], {"people": "vulca", **SIX})
    play(st, "lead distract_holy_dragon")
    assert ids(st, st.leaders[0]) == ["distract_holy_dragon"]
    play(st, "retreat")
    assert st.dragons == [0, 1]
    st = _leading(["distract_holy_dragon", "peckswift"], {"people": "vulca", **SIX})
    play(st, "no_lead", "retreat")
    assert st.dragons == [0, 2]


def test_distract_holy_dragon_beats_fearsome_spirits() -> None:
    """bluemoon.fight.win.modifiers: the opponent's Fearsome Spirits (one more dragon when
    P1 retreats) is capped to one by Distract Holy Dragon."""
    p2 = {"people": "vulca", **ONE, "support": at(2, "fearsome_spirits")}
    st = _leading(["distract_holy_dragon", "peckswift"], p2)
    play(st, "lead distract_holy_dragon", "retreat")
    assert st.dragons == [0, 1]
    st = _leading(["distract_holy_dragon", "peckswift"], p2)
    play(st, "no_lead", "retreat")
    assert st.dragons == [0, 2]


def test_distract_holy_dragon_acts_only_in_its_turn() -> None:
    """bluemoon.turn.leadership.effect: played in a turn P1 fights on, it is gone by P1's
    next turn: a retreat then gives the winner (six cards played) the full two dragons."""
    p2 = {
        "people": "vulca",
        "hand": ["scorch_the_inflammable", "fireblast"],
        "combat": at(2, "torch", "fireblast", active=False) + at(4, "stars_shining"),
        "support": at(2, "duplicator_of_strength") + at(4, "pandemonium", "ballista_of_confusion"),
    }
    hand = ["distract_holy_dragon", "wing_commander_razorfeather", "launch_burning_earth"]
    st = _leading(hand, p2)
    play(st, "lead distract_holy_dragon", "char wing_commander_razorfeather", "done")
    assert announced(st) == [(0, 4, FIRE)]
    play(st, "char scorch_the_inflammable", "boost fireblast", "done")
    assert st.active == 0 and len(st.leaders[0]) == 1
    if st.pending[0] == "retrieve":
        play(st, "on")
    play(st, "retreat")
    assert st.dragons == [0, 2]


def test_beguile_holy_dragon_three_characters_for_a_dragon() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule4_dragon_choice: P1 may discard
    three character cards from hand (only characters are offered) to attract a dragon;
    once begun, the discarding is finished."""
    hand = [
        "beguile_holy_dragon",
        "peckswift",
        "highchirp",
        "bashdin",
        "steepstoop",
        "launch_rockdrop",
    ]
    st = _leading(hand, {"people": "vulca", **ONE})
    play(st, "lead beguile_holy_dragon")
    assert st.pending == ("task", 0)
    assert legal(st) == {
        "pick peckswift",
        "pick highchirp",
        "pick bashdin",
        "pick steepstoop",
        "stop",
    }
    play(st, "pick peckswift")
    assert legal(st) == {"pick highchirp", "pick bashdin", "pick steepstoop"}
    play(st, "pick highchirp", "pick bashdin")
    assert st.dragons == [1, 0]
    assert sorted(ids(st, st.discards[0])) == ["bashdin", "highchirp", "peckswift"]
    assert sorted(ids(st, st.hands[0])) == ["launch_rockdrop", "steepstoop"]
    assert st.pending == ("play", 0)


def test_beguile_holy_dragon_may_be_declined_and_needs_three() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule4_dragon_choice: "stop" keeps the
    hand; with only two characters in hand nothing can be done at all."""
    hand = ["beguile_holy_dragon", "peckswift", "highchirp", "bashdin"]
    st = _leading(hand, {"people": "vulca", **ONE})
    play(st, "lead beguile_holy_dragon", "stop")
    assert st.pending == ("play", 0) and st.dragons == [0, 0]
    assert len(st.hands[0]) == 3

    st = _leading(
        ["beguile_holy_dragon", "peckswift", "highchirp", "launch_rockdrop"],
        {"people": "vulca", **ONE},
    )
    play(st, "lead beguile_holy_dragon")
    assert st.pending == ("play", 0) and st.dragons == [0, 0]
    assert len(st.hands[0]) == 3


def test_commence_mega_launch_any_number_of_boosters() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.booster_support.one: in this turn P1 plays
    three boosters that do not pair; without it, only one."""
    hand = ["commence_mega_launch", "peckswift", "launch_fire_flash", "fireblast", "earthwater"]
    st = _leading(hand, {"people": "vulca", **ONE})
    play(st, "lead commence_mega_launch", "char peckswift", "boost launch_fire_flash")
    assert "boost fireblast" in legal(st)
    play(st, "boost fireblast")
    assert "boost earthwater" in legal(st)
    play(st, "boost earthwater")
    assert tot(st, 0) == 3 + 2 + 3 + 0

    st = _leading(hand, {"people": "vulca", **ONE})
    play(st, "no_lead", "char peckswift", "boost launch_fire_flash")
    assert not {"boost fireblast", "boost earthwater"} & legal(st)


def test_commence_mega_launch_on_the_starters_first_turn() -> None:
    """bluemoon.turn.first_turn: a text permitting boosters lets the starter play them on
    the fight's first turn."""
    st = table(
        {"hand": ["commence_mega_launch", "peckswift", "fireblast", "launch_fire_flash"]},
        {"hand": ["sear"]},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead commence_mega_launch", "char peckswift fire")
    assert {"boost fireblast", "boost launch_fire_flash"} <= legal(st)
    play(st, "boost fireblast", "boost launch_fire_flash", "done")
    assert announced(st) == [(0, 3 + 3 + 2, FIRE)]


def test_commence_mega_launch_with_a_support_first() -> None:
    """bluemoon.special.rule3: with the permission, a support played after the character
    may be followed by any number of boosters."""
    hand = [
        "commence_mega_launch",
        "peckswift",
        "fireblast",
        "launch_fire_flash",
        "earthwater",
        "tome_of_wisdom",
    ]
    st = _leading(hand, {"people": "vulca", **ONE})
    play(st, "lead commence_mega_launch", "char peckswift", "support tome_of_wisdom")
    assert {"boost fireblast", "boost launch_fire_flash"} <= legal(st)
    play(st, "boost fireblast", "boost launch_fire_flash")
    assert tot(st, 0) == 3 + 3 + 3 + 2


def test_commence_mega_launch_also_allows_one_support_after_boosters() -> None:
    """bluemoon.special.rule3: the permission for any number of boosters also allows a
    support card, after the boosters too."""
    hand = [
        "commence_mega_launch",
        "peckswift",
        "fireblast",
        "launch_fire_flash",
        "tome_of_wisdom",
        "menacing_wardance",
    ]
    st = _leading(hand, {"people": "vulca", **ONE})
    play(st, "lead commence_mega_launch", "char peckswift", "boost fireblast")
    play(st, "boost launch_fire_flash")
    assert st.pending == ("play", 0)
    assert {"support tome_of_wisdom", "support menacing_wardance"} <= legal(st)
    play(st, "support tome_of_wisdom")
    assert tot(st, 0) == 3 + 3 + 2 + 3


# --- the mutant ---------------------------------------------------------------------------
def test_fel_nar_gan_with_empty_areas() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element, bluemoon.icon.stop,
    bluemoon.icon.shield: answering with no cards in its areas, the Flit player may play
    Fel-nar-Gan: the fight turns from Fire to Earth, nothing more may be played, and its
    shields let 0 Earth stand against Lavar's 4 Earth."""
    st = reply(
        {"people": "vulca", "hand": ["torch"], "combat": at(1, "lavar_the_powerful")},
        {"people": "flit", "hand": ["fel_nar_gan", "launch_rain_of_fire", "steepstoop"]},
    )
    assert "char fel_nar_gan" in legal(st)
    play(st, "char fel_nar_gan")
    assert st.element == EARTH
    assert st.active == 0  # nothing else could be played: the turn ended by itself
    assert announced(st) == [(1, 0, EARTH)]
    assert active_combat(st, 1) == ["fel_nar_gan"]
    assert {"launch_rain_of_fire", "steepstoop"} <= set(ids(st, st.hands[1]))


def test_fel_nar_gan_refused_with_cards_in_the_areas() -> None:
    """bluemoon.cards.mutant: with a card in the combat area (even covered) or in the
    support area, Fel-nar-Gan may not be played."""
    st = later(
        {"hand": ["fel_nar_gan", "steepstoop"], "combat": at(1, "peckswift")},
        {"hand": ["sear"], "combat": at(2, "vetraskedas_the_sceptic")},
    )
    assert "char steepstoop" in legal(st) and "char fel_nar_gan" not in legal(st)
    st = reply(
        {"people": "vulca", "combat": at(1, "flamebreath_the_dazzling")},
        {"people": "flit", "hand": ["fel_nar_gan", "steepstoop"]}
        | {"support": at(0, "tome_of_wisdom")},
    )
    assert "char steepstoop" in legal(st) and "char fel_nar_gan" not in legal(st)
