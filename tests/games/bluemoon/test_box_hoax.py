"""The Hoax deck box card by card: the leader and its 30 playing cards (foreign and mutant
cards included), each in a small position played through the public API.

P1 is the Hoax player unless a test says otherwise; P2 plays Vulca (or the people whose
cards the scenario needs).
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import PositionError
from cardtable.games.bluemoon.state import BlueMoonState
from tests.games.bluemoon.helpers import active_combat, announced, at, ids, legal, play, tot

GAME = get_game("bluemoon")
# Cards without powers or icons to draw from.
HOAX_DECK = [
    "wogarathoras_the_gloomy",
    "athradysas_the_seeker",
    "ledinemras_the_monk",
    "zedemikras_the_brain",
    "nirwadas_the_traveler",
    "vetraskedas_the_sceptic",
]
VULCA_DECK = ["torch", "shimmer", "glimmer", "blaze", "furnace", "lavar_the_powerful"]
FIRE, EARTH = 0, 1


def table(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """A fight position; by default P1 (Hoax) starts fight 1 and is on its first turn. Both
    hold a character and a deck, so that a turn does not end in a forced retreat."""
    p1 = {"deck": HOAX_DECK} | p1
    p2 = {"deck": VULCA_DECK} | p2
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "hoax", "turns": 1, "hand": ["athradysas_the_seeker"], **p1},
            "P2": {"people": "vulca", "hand": ["sear", "ignite"], **p2},
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


def lead(p1: dict[str, Any], p2: dict[str, Any], element: str = "fire", **top: Any):
    """P1's second turn, at its leadership phase."""
    return later(p1, p2, element, pending={"kind": "lead", "seat": "P1"}, **top)


# --- the leader ---------------------------------------------------------------------------
def test_xelethotiras_leads_the_hoax_and_is_never_dealt() -> None:
    """bluemoon.setup.leader, bluemoon.setup.decks, bluemoon.cards.types: Xelethotiras is
    the Hoax leader; the box's 30 playing cards are the deck, the leader is never shuffled
    in, dealt or put into a position."""
    leader = GAME.db.leader("hoax")
    assert leader.id == "xelethotiras"
    assert leader.type == "leader" and leader.people == "hoax"
    deck = GAME.db.deck("hoax")
    assert len(deck) == 30 and "xelethotiras" not in deck
    st = GAME.new_game({"peoples": ["hoax", "vulca"]}, seed=5)
    assert st.boxes == ["hoax", "vulca"]
    assert "xelethotiras" not in st.card_ids
    assert sorted(c for c, o in zip(st.card_ids, st.owner, strict=True) if o == 0) == sorted(deck)
    with pytest.raises(PositionError, match="leader"):
        table({"hand": ["xelethotiras", "catusan"]}, {})


# --- characters without a power -------------------------------------------------------------
def _vanilla_character(card: str, fire: int, earth: int) -> None:
    """The character covers the earlier combat card and counts its printed value in the
    contested element (P2 stands at 0 with Silento Sol)."""
    for element, value in (("fire", fire), ("earth", earth)):
        st = later(
            {"hand": [card, "tome_of_wisdom"], "combat": at(1, "torch")},
            {"combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, f"char {card}")
        assert active_combat(st, 0) == [card]
        assert tot(st, 0) == value
        play(st, "done")
        assert announced(st) == [(0, value, FIRE if element == "fire" else EARTH)]


def test_wogarathoras_the_gloomy_counts_five_fire_one_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 5 Fire / 1 Earth."""
    _vanilla_character("wogarathoras_the_gloomy", 5, 1)


def test_athradysas_the_seeker_counts_five_fire_no_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 5 Fire / 0 Earth."""
    _vanilla_character("athradysas_the_seeker", 5, 0)


def test_ledinemras_the_monk_counts_four_fire_one_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire / 1 Earth."""
    _vanilla_character("ledinemras_the_monk", 4, 1)


def test_zedemikras_the_brain_counts_four_fire_no_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire / 0 Earth."""
    _vanilla_character("zedemikras_the_brain", 4, 0)


def test_nirwadas_the_traveler_counts_three_fire_two_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire / 2 Earth."""
    _vanilla_character("nirwadas_the_traveler", 3, 2)


def test_penemikanas_the_paranoid_counts_two_fire_three_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 2 Fire / 3 Earth."""
    _vanilla_character("penemikanas_the_paranoid", 2, 3)


def test_vetraskedas_the_sceptic_counts_three_fire_one_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire / 1 Earth."""
    _vanilla_character("vetraskedas_the_sceptic", 3, 1)


def test_helkomedes_the_rhetorician_counts_one_fire_three_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 1 Fire / 3 Earth."""
    _vanilla_character("helkomedes_the_rhetorician", 1, 3)


def test_catusan_counts_one_fire_five_earth() -> None:
    """bluemoon.cards.values, bluemoon.cards.peoples, bluemoon.turn.character.cover: the
    Terrah character in the Hoax box, 1 Fire / 5 Earth."""
    _vanilla_character("catusan", 1, 5)


def test_catusan_opens_a_fight_in_earth() -> None:
    """bluemoon.fight.element, bluemoon.turn.first_turn: the starter names Earth with
    Catusan and may add no support on that first turn."""
    st = table({"hand": ["catusan", "tome_of_wisdom"]}, {})
    play(st, "char catusan earth")
    assert st.element == EARTH
    assert announced(st) == [(0, 5, EARTH)]  # nothing else to play: the turn ended
    assert "tome_of_wisdom" in ids(st, st.hands[0])


# --- Ciklarethas the Bitter: RETRIEVE -------------------------------------------------------
def test_ciklarethas_the_bitter_counts_three_and_three() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire / 3 Earth."""
    _vanilla_character("ciklarethas_the_bitter", 3, 3)


def test_ciklarethas_the_bitter_may_be_retrieved() -> None:
    """bluemoon.icon.retrieve, bluemoon.turn.start: at the start of Hoax's next turn the
    active Ciklarethas may go back to hand; a new character is then played."""
    st = reply(
        {"combat": at(1, "ciklarethas_the_bitter"), "hand": ["wogarathoras_the_gloomy"]},
        {"hand": ["volca", "glimmer"]},
    )
    play(st, "char volca", "done")
    assert st.pending == ("retrieve", 0)
    assert legal(st) == {"retrieve ciklarethas_the_bitter", "on"}
    play(st, "retrieve ciklarethas_the_bitter")
    assert st.combat[0] == [] and "ciklarethas_the_bitter" in ids(st, st.hands[0])
    play(st, "char wogarathoras_the_gloomy", "done")
    assert announced(st)[-1] == (0, 5, FIRE)


def test_ciklarethas_the_bitter_blocks_the_opponents_retrieve() -> None:
    """bluemoon.icon.retrieve.exception: while the active Ciklarethas (RETRIEVE) is in Hoax's
    combat area, Flit may not retrieve Peckswift; with another Hoax character it may."""

    def fight(card: str) -> BlueMoonState:
        st = later(
            {"hand": [card, "trebuchet_of_fear"], "combat": at(1, "torch")},
            {"people": "flit", "hand": ["steepstoop"], "combat": at(2, "peckswift")},
        )
        play(st, f"char {card}", "done")
        return st

    st = fight("ciklarethas_the_bitter")
    assert st.active == 1 and st.pending == ("play", 1)
    assert "retrieve peckswift" not in legal(st)
    st = fight("wogarathoras_the_gloomy")
    assert st.pending == ("retrieve", 1)


# --- Redamikanas the Cartographer ---------------------------------------------------------
def test_redamikanas_the_cartographer_one_more_dragon_when_you_retreat() -> None:
    """bluemoon.cards.special_text, bluemoon.fight.win.modifiers: the opponent retreats
    while Redamikanas is active: Hoax attracts two dragons instead of one."""
    st = reply({"combat": at(1, "redamikanas_the_cartographer")}, {"hand": ["torch"]})
    play(st, "retreat")
    assert st.dragons == [2, 0]


def test_redamikanas_the_cartographer_adds_to_the_sixth_card_dragon() -> None:
    """bluemoon.fight.win.modifiers, bluemoon.fight.win.sixth_card: with six cards played
    into Hoax's areas the opponent's retreat brings 2 + 1 dragons."""
    st = table(
        {
            "turns": 2,
            "combat": at(1, "nirwadas_the_traveler", active=False)
            + at(3, "redamikanas_the_cartographer"),
            "support": at(1, "tome_of_wisdom", "trebuchet_of_fear")
            + at(3, "ballista_of_confusion", "homing_missiles"),
        },
        {"turns": 1, "hand": ["torch"], "combat": at(2, "sear")},
        element="fire",
        active="P2",
        fight_turn=4,
    )
    assert tot(st, 0) == 2 + 3 + 2 + 1 + 1
    play(st, "retreat")
    assert st.dragons == [3, 0]


def test_redamikanas_the_cartographer_not_when_hoax_retreats_or_covered() -> None:
    """bluemoon.fight.win.modifiers, bluemoon.turn.character.active: the extra dragon comes
    only when the opponent retreats, and only while Redamikanas is active."""
    st = later(
        {"hand": ["helkomedes_the_rhetorician"], "combat": at(1, "redamikanas_the_cartographer")},
        {"combat": at(2, "volca")},
    )
    play(st, "retreat")
    assert st.dragons == [0, 1]
    st = reply(
        {
            "turns": 2,
            "combat": at(1, "redamikanas_the_cartographer", active=False)
            + at(3, "nirwadas_the_traveler"),
        },
        {"turns": 2, "hand": ["torch"], "combat": at(2, "sear", active=False)},
        fight_turn=4,
    )
    play(st, "retreat")
    assert st.dragons == [1, 0]


# --- Bethenitana the Storyteller ----------------------------------------------------------
def test_bethenitana_the_storyteller_no_dragon_when_hoax_retreats() -> None:
    """bluemoon.cards.special_text, bluemoon.fight.win.modifiers: Hoax retreats with
    Bethenitana active: the opponent attracts no dragon; the fight still ends."""
    st = later(
        {"hand": ["helkomedes_the_rhetorician"], "combat": at(1, "bethenitana_the_storyteller")},
        {"combat": at(2, "volca")},
    )
    play(st, "retreat")
    assert st.dragons == [0, 0]
    assert st.fight == 2 and st.starter == 0 and st.combat == [[], []]


def test_bethenitana_the_storyteller_you_may_not_beats_extra_dragons() -> None:
    """bluemoon.special.you_may_not, bluemoon.fight.win.sixth_card: Fearsome Spirits (one
    more dragon when Hoax retreats) and six cards in Vulca's areas give no dragon either."""
    st = later(
        {"hand": ["helkomedes_the_rhetorician"], "combat": at(1, "bethenitana_the_storyteller")},
        {
            "combat": at(2, "volca", "fireblast"),
            "support": at(2, "fearsome_spirits", "lightning_bolts", "flickering_fires")
            + at(2, "wall_of_fire"),
        },
    )
    play(st, "retreat")
    assert st.dragons == [0, 0]


def test_bethenitana_the_storyteller_only_for_hoax_retreating_while_active() -> None:
    """bluemoon.fight.win.modifiers, bluemoon.turn.character.active: when the opponent
    retreats Hoax attracts its dragon as usual; a covered Bethenitana protects nothing."""
    st = reply({"combat": at(1, "bethenitana_the_storyteller")}, {"hand": ["torch"]})
    play(st, "retreat")
    assert st.dragons == [1, 0]
    st = later(
        {
            "hand": ["helkomedes_the_rhetorician"],
            "combat": at(1, "bethenitana_the_storyteller", active=False)
            + at(1, "nirwadas_the_traveler"),
        },
        {"combat": at(2, "volca")},
    )
    play(st, "retreat")
    assert st.dragons == [0, 1]


# --- Demegodas the Odd --------------------------------------------------------------------
def test_demegodas_the_odd_doubles_hoax_supports() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.support: with Demegodas active the values
    of Hoax's support cards double (one from an earlier turn, one played now); the
    opponent's support does not."""
    for element, mine in (("fire", 2 + 2 * 2 + 1 * 2), ("earth", 2 + 1 * 2 + 2 * 2)):
        st = later(
            {
                "hand": ["demegodas_the_odd", "ballista_of_confusion"],
                "combat": at(1, "torch"),
                "support": at(1, "trebuchet_of_fear"),
            },
            {"combat": at(2, "silento_sol"), "support": at(2, "tome_of_wisdom")},
            element=element,
        )
        play(st, "char demegodas_the_odd", "support ballista_of_confusion")
        assert tot(st, 0) == mine
        assert tot(st, 1) == 3


def test_demegodas_the_odd_only_while_active() -> None:
    """bluemoon.turn.character.cover: a new character covers Demegodas; the supports count
    single again."""
    st = later(
        {
            "hand": ["helkomedes_the_rhetorician"],
            "combat": at(1, "demegodas_the_odd"),
            "support": at(1, "trebuchet_of_fear"),
        },
        {"combat": at(2, "silento_sol")},
    )
    assert tot(st, 0) == 2 + 2 * 2
    play(st, "char helkomedes_the_rhetorician")
    assert tot(st, 0) == 1 + 2


# --- Thirkomedas the Serene ---------------------------------------------------------------
def _serene(card: str) -> BlueMoonState:
    """Hoax plays ``card``; Pillar answers holding a booster-permitting character, FREE
    cards, ordinary boosters/supports and a leadership card."""
    st = later(
        {"hand": [card, "trebuchet_of_fear"], "combat": at(1, "torch")},
        {
            "people": "pillar",
            "hand": [
                "gulpus_permanentus",
                "sudden_waterspout",
                "giant_butterfly_morningwind",
                "fireblast",
                "lightning_bolts",
                "commence_mega_launch",
            ],
            "combat": at(2, "stars_shining"),
        },
    )
    play(st, f"char {card}", "done")
    return st


def test_thirkomedas_the_serene_forbids_leadership_boosters_supports() -> None:
    """bluemoon.cards.special_text, bluemoon.special.you_may_not, bluemoon.special.rule1,
    bluemoon.icon.free: with Thirkomedas active the opponent has no leadership phase, may
    open with no FREE card and, after Gulpus Permanentus (one more booster), plays no
    booster or support at all: the turn ends with the character alone."""
    st = _serene("thirkomedas_the_serene")
    assert st.pending == ("play", 1)  # no leadership phase
    assert legal(st) == {"retreat", "char gulpus_permanentus"}
    play(st, "char gulpus_permanentus")
    assert st.active == 0  # nothing else could be played: the turn ended
    assert active_combat(st, 1) == ["gulpus_permanentus"] and st.support[1] == []
    assert len(st.hands[1]) == 6 and "commence_mega_launch" in ids(st, st.hands[1])


def test_thirkomedas_the_serene_control_without_it() -> None:
    """bluemoon.turn.leadership, bluemoon.turn.booster_support: against another Hoax
    character the same hand has its leadership phase and may add a booster."""
    st = _serene("nirwadas_the_traveler")
    assert st.pending == ("lead", 1)
    play(st, "no_lead")
    assert "boost sudden_waterspout" in legal(st)
    play(st, "char gulpus_permanentus")
    assert {"boost fireblast", "support lightning_bolts"} <= legal(st)


# --- Genathones the Blind -----------------------------------------------------------------
def test_genathones_the_blind_one_more_support() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.booster_support.one: with Genathones Hoax
    plays two supports in the turn, not a third."""
    st = later(
        {
            "hand": [
                "genathones_the_blind",
                "tome_of_wisdom",
                "trebuchet_of_fear",
                "ballista_of_confusion",
            ],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "silento_sol")},
    )
    play(st, "char genathones_the_blind", "support tome_of_wisdom")
    assert "support trebuchet_of_fear" in legal(st)
    play(st, "support trebuchet_of_fear")
    assert st.active == 1  # no third support: the turn ended
    assert ids(st, st.support[0]) == ["tome_of_wisdom", "trebuchet_of_fear"]
    assert announced(st) == [(0, 2 + 3 + 2, FIRE)]


def test_genathones_the_blind_without_it_one_support() -> None:
    """bluemoon.turn.booster_support.one: another character allows a single support."""
    st = later(
        {
            "hand": ["nirwadas_the_traveler", "tome_of_wisdom", "trebuchet_of_fear"],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "silento_sol")},
    )
    play(st, "char nirwadas_the_traveler", "support tome_of_wisdom")
    assert st.active == 1 and ids(st, st.support[0]) == ["tome_of_wisdom"]


def test_genathones_the_blind_you_may_not_beats_it() -> None:
    """bluemoon.special.you_may_not, bluemoon.special.rule1: against Pandemonium (no
    supports) Genathones lets Hoax play no support at all; a booster stays allowed."""
    st = later(
        {
            "hand": ["genathones_the_blind", "tome_of_wisdom", "battling_boomerang"],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "silento_sol"), "support": at(2, "pandemonium")},
    )
    play(st, "char genathones_the_blind")
    assert legal(st) == {"boost battling_boomerang", "done"}


# --- Sarogakanas the Ancient --------------------------------------------------------------
def test_sarogakanas_the_ancient_takes_two_hand_cards() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule11_penalty: Sarogakanas takes two
    of the opponent's three hand cards at random and discards them, one, two or none as
    its player wants (R18, R9); cards were revealed, so a turn that falls short can only be
    conceded."""
    st = later(
        {"hand": ["sarogakanas_the_ancient", "battling_boomerang"], "combat": at(1, "torch")},
        {"hand": ["spark", "ignite", "sear"], "combat": at(2, "volca")},
    )
    play(st, "char sarogakanas_the_ancient")
    assert legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 2")
    assert st.pending == ("play", 0)
    assert len(st.hands[1]) == 1 and len(st.discards[1]) == 2
    assert sorted(ids(st, st.hands[1] + st.discards[1])) == ["ignite", "sear", "spark"]
    assert tot(st, 0) == 1 < tot(st, 1)
    assert legal(st) == {"boost battling_boomerang", "concede"}


def test_sarogakanas_the_ancient_as_far_as_possible() -> None:
    """bluemoon.special.rule4: with one card in the opponent's hand only that one goes."""
    st = later(
        {"hand": ["sarogakanas_the_ancient", "tome_of_wisdom"], "combat": at(1, "torch")},
        {"hand": ["spark"], "combat": at(2, "stars_shining")},
    )
    play(st, "char sarogakanas_the_ancient")
    assert legal(st) == {"draw 1", "stop"}
    play(st, "draw 1")
    assert st.hands[1] == [] and ids(st, st.discards[1]) == ["spark"]


# --- boosters -----------------------------------------------------------------------------
def test_inscrutable_armor_fire_shield() -> None:
    """bluemoon.icon.shield, bluemoon.turn.booster: Inscrutable Armor goes on top of the
    character; its fire shield lets 3 Fire stand against 7 Fire."""
    st = later(
        {"hand": ["nirwadas_the_traveler", "inscrutable_armor"], "combat": at(1, "torch")},
        {"combat": at(2, "flamebreath_the_dazzling")},
    )
    play(st, "char nirwadas_the_traveler")
    assert "done" not in legal(st)
    play(st, "boost inscrutable_armor", "done")
    assert active_combat(st, 0) == ["nirwadas_the_traveler", "inscrutable_armor"]
    assert announced(st) == [(0, 3, FIRE)]


def test_inscrutable_armor_does_not_shield_earth() -> None:
    """bluemoon.icon.shield.element, bluemoon.special.rule11: in Earth the armor (0/0) adds
    nothing and does not protect: 1 Earth against 4 Earth cannot end the turn; the cards go
    back to hand, back at «Сдаться?» Hoax retreats (ruling R2)."""
    st = later(
        {
            "hand": ["vetraskedas_the_sceptic", "inscrutable_armor"],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "furnace")},
        element="earth",
    )
    play(st, "char vetraskedas_the_sceptic")
    assert legal(st) == {"boost inscrutable_armor", "undo"}
    play(st, "boost inscrutable_armor")  # 1 Earth, no shield: only undo, taken by itself
    assert "retreat" in legal(st)
    play(st, "retreat")
    assert st.dragons == [0, 1]
    assert {"vetraskedas_the_sceptic", "inscrutable_armor"} <= set(ids(st, st.hands[0]))


def test_battling_boomerang_adds_two_and_comes_back() -> None:
    """bluemoon.turn.booster, bluemoon.cards.values, bluemoon.icon.retrieve: the Boomerang
    (2/2) goes on the character and adds 2; at the start of the next Hoax turn it may be
    taken back and played again."""
    st = later(
        {
            "hand": ["nirwadas_the_traveler", "battling_boomerang", "ledinemras_the_monk"],
            "combat": at(1, "torch"),
        },
        {"hand": ["lavar_the_powerful", "glimmer"], "combat": at(2, "stars_shining")},
    )
    play(st, "char nirwadas_the_traveler", "boost battling_boomerang", "done")
    assert active_combat(st, 0) == ["nirwadas_the_traveler", "battling_boomerang"]
    assert announced(st) == [(0, 5, FIRE)]
    play(st, "char lavar_the_powerful", "done")
    assert st.pending == ("retrieve", 0)
    play(st, "retrieve battling_boomerang", "char ledinemras_the_monk", "boost battling_boomerang")
    play(st, "done")
    assert announced(st)[-1] == (0, 6, FIRE)


def test_battling_boomerang_covered_when_kept_in_play() -> None:
    """bluemoon.turn.booster.active: left in play, the Boomerang is covered by the next
    character and no longer counts."""
    st = reply(
        {
            "combat": at(1, "nirwadas_the_traveler", "battling_boomerang"),
            "hand": ["catusan"],
        },
        {"hand": ["lavar_the_powerful", "glimmer"]},
        element="earth",
    )
    play(st, "char lavar_the_powerful", "done", "on", "char catusan", "done")
    assert active_combat(st, 0) == ["catusan"]
    assert announced(st)[-1] == (0, 5, EARTH)


def test_potion_of_prodigious_passion_raises_a_character_to_five() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.booster: the Pillar potion raises Hoax's
    active character to 5 in either element (Helkomedes 1/3)."""
    for element in ("fire", "earth"):
        st = later(
            {
                "hand": ["helkomedes_the_rhetorician", "potion_of_prodigious_passion"],
                "combat": at(1, "torch"),
            },
            {"combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, "char helkomedes_the_rhetorician", "boost potion_of_prodigious_passion")
        assert active_combat(st, 0)[-1] == "potion_of_prodigious_passion"
        assert tot(st, 0) == 5


def test_potion_of_prodigious_passion_never_lowers() -> None:
    """bluemoon.special.rule7: "increases to 5" does not lower a 6: Virgin of Pure Fire
    stays at 6 Fire (and rises from 1 to 5 in Earth)."""
    for element, value in (("fire", 6), ("earth", 5)):
        st = later(
            {
                "hand": ["virgin_of_pure_fire", "potion_of_prodigious_passion"],
                "combat": at(1, "torch"),
            },
            {"combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, "char virgin_of_pure_fire", "boost potion_of_prodigious_passion")
        assert tot(st, 0) == value


def test_potion_of_prodigious_passion_on_the_chosen_character() -> None:
    """bluemoon.special.rule2_choice, bluemoon.icon.pair: with two active characters the
    potion raises the one its player chooses (ruling R13): 6 + (1 -> 5) Fire."""
    st = later(
        {
            "hand": [
                "virgin_of_pure_fire",
                "virgin_of_pure_earth",
                "potion_of_prodigious_passion",
            ],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "silento_sol")},
    )
    play(st, "char virgin_of_pure_fire", "char virgin_of_pure_earth")
    play(st, "boost potion_of_prodigious_passion")
    assert legal(st) == {"pick virgin_of_pure_fire", "pick virgin_of_pure_earth"}
    play(st, "pick virgin_of_pure_earth", "done")
    assert announced(st) == [(0, 11, FIRE)]


# --- supports without a power -------------------------------------------------------------
def _plain_support(card: str, fire: int, earth: int) -> None:
    """The support goes into the support area after the character and counts; played on an
    earlier turn it still counts under a new character."""
    for element, char_value, value in (("fire", 3, fire), ("earth", 2, earth)):
        st = later(
            {"hand": ["nirwadas_the_traveler", card], "combat": at(1, "torch")},
            {"combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, "char nirwadas_the_traveler", f"support {card}", "done")
        assert ids(st, st.support[0]) == [card]
        assert active_combat(st, 0) == ["nirwadas_the_traveler"]
        assert announced(st)[-1] == (0, char_value + value, FIRE if element == "fire" else EARTH)
        st = later(
            {
                "hand": ["nirwadas_the_traveler", "tome_of_wisdom"],
                "combat": at(1, "torch"),
                "support": at(1, card),
            },
            {"combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, "char nirwadas_the_traveler")
        assert active_combat(st, 0) == ["nirwadas_the_traveler"]
        assert tot(st, 0) == char_value + value


def test_tome_of_wisdom_support_three_and_three() -> None:
    """bluemoon.turn.support, bluemoon.cards.values: 3 Fire / 3 Earth for the whole fight."""
    _plain_support("tome_of_wisdom", 3, 3)


def test_trebuchet_of_fear_support_two_and_one() -> None:
    """bluemoon.turn.support, bluemoon.cards.values: 2 Fire / 1 Earth for the whole fight."""
    _plain_support("trebuchet_of_fear", 2, 1)


def test_ballista_of_confusion_support_one_and_two() -> None:
    """bluemoon.turn.support, bluemoon.cards.values: 1 Fire / 2 Earth for the whole fight."""
    _plain_support("ballista_of_confusion", 1, 2)


def test_homing_missiles_support_one_and_two() -> None:
    """bluemoon.turn.support, bluemoon.cards.values: 1 Fire / 2 Earth for the whole fight."""
    _plain_support("homing_missiles", 1, 2)


def test_homing_missiles_retrieve_from_the_support_area() -> None:
    """bluemoon.icon.retrieve, bluemoon.icon.retrieve.exception: the support may be taken
    back at the start of Hoax's turn; from the support area it does not stop the opponent's
    own retrieve."""
    st = table(
        {
            "turns": 2,
            "combat": at(3, "nirwadas_the_traveler"),
            "support": at(3, "homing_missiles"),
            "hand": ["catusan"],
        },
        {"people": "flit", "turns": 1, "hand": ["furnace"], "combat": at(2, "peckswift")},
        element="earth",
        active="P2",
        fight_turn=4,
        pending={"kind": "retrieve", "seat": "P2"},
    )
    assert legal(st) == {"retrieve peckswift", "on"}
    play(st, "on", "char furnace", "done")
    assert st.pending == ("retrieve", 0)
    assert legal(st) == {"retrieve homing_missiles", "on"}
    play(st, "retrieve homing_missiles")
    assert st.support[0] == [] and "homing_missiles" in ids(st, st.hands[0])


# --- supports with a power ----------------------------------------------------------------
def test_duplicator_of_strength_doubles_earth_of_a_character() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.support: in Earth Catusan's 5 doubles to
    10 (the Duplicator prints no value); in Fire it changes nothing."""
    for element, value in (("earth", 10), ("fire", 1)):
        st = later(
            {"hand": ["catusan", "duplicator_of_strength"], "combat": at(1, "torch")},
            {"combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, "char catusan", "support duplicator_of_strength")
        assert ids(st, st.support[0]) == ["duplicator_of_strength"]
        assert tot(st, 0) == value


def test_duplicator_of_strength_works_on_later_characters() -> None:
    """bluemoon.turn.support: played on an earlier turn, it doubles the Earth value of the
    new active character (Penemikanas 3 -> 6), not of the covered one."""
    st = later(
        {
            "hand": ["penemikanas_the_paranoid"],
            "combat": at(1, "catusan"),
            "support": at(1, "duplicator_of_strength"),
        },
        {"combat": at(2, "silento_sol")},
        element="earth",
    )
    assert tot(st, 0) == 10
    play(st, "char penemikanas_the_paranoid")
    assert tot(st, 0) == 6


def _drained(p1_support: list[str]) -> BlueMoonState:
    """Pillar answers Hoax's Helkomedes holding Gulpus Permanentus (one more booster), FREE
    cards and ordinary ones."""
    return reply(
        {"combat": at(1, "helkomedes_the_rhetorician"), "support": at(1, *p1_support)},
        {
            "people": "pillar",
            "hand": [
                "gulpus_permanentus",
                "sudden_waterspout",
                "giant_butterfly_morningwind",
                "fireblast",
                "lightning_bolts",
            ],
        },
    )


def test_brain_drain_one_card_per_opponent_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.special.you_may_not, bluemoon.icon.free: with
    Brain Drain in Hoax's support area the opponent plays one card: after Gulpus
    Permanentus no booster (despite its permission), no support, no FREE card."""
    st = _drained(["brain_drain"])
    play(st, "char gulpus_permanentus")
    assert st.active == 0  # nothing more could be played: the turn ended
    assert active_combat(st, 1) == ["gulpus_permanentus"] and st.support[1] == []
    assert announced(st) == [(1, 2, FIRE)]


def test_brain_drain_control_and_own_turn() -> None:
    """bluemoon.turn.booster_support, bluemoon.icon.free: without Brain Drain the same hand
    adds cards; Brain Drain never limits its owner."""
    st = _drained(["tome_of_wisdom"])
    play(st, "char gulpus_permanentus")
    assert {"boost fireblast", "boost sudden_waterspout", "support lightning_bolts"} <= legal(st)
    st = later(
        {
            "hand": ["nirwadas_the_traveler", "battling_boomerang"],
            "combat": at(1, "torch"),
            "support": at(1, "brain_drain"),
        },
        {"combat": at(2, "stars_shining")},
    )
    play(st, "char nirwadas_the_traveler")
    assert "boost battling_boomerang" in legal(st)


# --- leadership cards ---------------------------------------------------------------------
def test_muster_reinforcements_draws_five() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership, bluemoon.turn.leadership.pile:
    the card goes on the leader pile and its player may draw up to five cards (ruling R9:
    how many is their choice): five here."""
    st = lead(
        {
            "hand": ["muster_reinforcements", "helkomedes_the_rhetorician"],
            "leadership": ["trigger_brainstorm"],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "stars_shining")},
    )
    play(st, "lead muster_reinforcements")
    assert ids(st, st.leaders[0]) == ["trigger_brainstorm", "muster_reinforcements"]
    assert legal(st) == {f"draw {k}" for k in range(1, 6)} | {"stop"}
    play(st, "draw 5")
    assert st.pending == ("play", 0)
    assert len(st.hands[0]) == 6 and len(st.decks[0]) == 1


def test_muster_reinforcements_as_far_as_the_deck_goes() -> None:
    """bluemoon.special.rule4, bluemoon.end.deck_empty: with three cards left it draws at
    most three."""
    st = lead(
        {
            "hand": ["muster_reinforcements", "helkomedes_the_rhetorician"],
            "deck": HOAX_DECK[:3],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "stars_shining")},
    )
    play(st, "lead muster_reinforcements")
    assert legal(st) == {"draw 1", "draw 2", "draw 3", "stop"}
    play(st, "draw 3")
    assert len(st.hands[0]) == 4 and st.decks[0] == []


def test_muster_reinforcements_against_you_may_not() -> None:
    """bluemoon.special.you_may_not: Wall of Fire (no drawing from the deck) leaves Muster
    Reinforcements without cards; Flickering Fires (no leadership) keeps it in hand."""
    st = lead(
        {"hand": ["muster_reinforcements", "helkomedes_the_rhetorician"], "combat": at(1, "torch")},
        {"combat": at(2, "stars_shining"), "support": at(2, "wall_of_fire")},
    )
    play(st, "lead muster_reinforcements")
    assert ids(st, st.hands[0]) == ["helkomedes_the_rhetorician"] and len(st.decks[0]) == 6
    st = lead(
        {"hand": ["muster_reinforcements", "helkomedes_the_rhetorician"], "combat": at(1, "torch")},
        {"combat": at(2, "stars_shining"), "support": at(2, "flickering_fires")},
    )
    assert "lead muster_reinforcements" not in legal(st)


def _enthralled(p2_support: list[str]) -> BlueMoonState:
    """Vulca stands at Volca + Elemental Enchantment (5 Fire raised to 6) with the given
    support cards; Hoax is at its leadership phase with Enthrall Opposition."""
    return lead(
        {
            "hand": ["enthrall_opposition", "nirwadas_the_traveler", "tome_of_wisdom"],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "volca", "elemental_enchantment"), "support": at(2, *p2_support)},
    )


def test_enthrall_opposition_ignores_the_opponents_texts_this_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore, bluemoon.turn.leadership.effect:
    in the turn of Enthrall Opposition Vulca's texts are ignored: Elemental Enchantment no
    longer raises Volca's 5 to 6 (the values still count) and Pandemonium no longer forbids
    supports; on Vulca's next turn both act again."""
    st = _enthralled(["pandemonium"])
    assert tot(st, 1) == 6
    play(st, "lead enthrall_opposition")
    assert ids(st, st.leaders[0]) == ["enthrall_opposition"]
    assert tot(st, 1) == 5
    play(st, "char nirwadas_the_traveler")
    assert "support tome_of_wisdom" in legal(st)
    play(st, "support tome_of_wisdom", "done")
    assert announced(st) == [(0, 6, FIRE)]
    assert st.active == 1 and tot(st, 1) == 6


def test_enthrall_opposition_control_without_it() -> None:
    """bluemoon.special.you_may_not, bluemoon.special.rule11: without Enthrall Opposition
    Pandemonium forbids the support and Vulca stands at 6: Hoax falls short, takes the
    cards back (rule 11) and retreats."""
    st = _enthralled(["pandemonium"])
    play(st, "no_lead")
    assert tot(st, 1) == 6
    assert legal(st) == {"retreat", "char nirwadas_the_traveler"}
    play(st, "char nirwadas_the_traveler")  # 3 < 6 and no support: only undo, by itself
    play(st, "retreat")
    assert st.dragons == [0, 1] and "tome_of_wisdom" in ids(st, st.hands[0])


def test_enthrall_opposition_never_ignores_protected_cards() -> None:
    """bluemoon.icon.protected, bluemoon.special.ignore: a PROTECTED support forbidding
    supports (an inline Aqua card) keeps its text under Enthrall Opposition."""
    guard = {
        "id": "guarded_reef",
        "people": "aqua",
        "number": 90,
        "name": {"en": "Guarded Reef", "ru": "Охраняемый риф"},
        "type": "support",
        "icons": ["protected"],
        "moons": 1,
        "powers": [{"kind": "forbid", "types": ["support"]}],
    }
    st = lead(
        {
            "hand": ["enthrall_opposition", "nirwadas_the_traveler", "tome_of_wisdom"],
            "combat": at(1, "torch"),
        },
        {"people": "aqua", "combat": at(2, "stars_shining"), "support": at(2, "guarded_reef")},
        cards=[guard],
    )
    play(st, "lead enthrall_opposition", "char nirwadas_the_traveler")
    assert "support tome_of_wisdom" not in legal(st)


def test_enthrall_opposition_refused_under_flickering_fires() -> None:
    """bluemoon.special.you_may_not: Flickering Fires forbids leadership cards, so Enthrall
    Opposition cannot be played to ignore it."""
    st = _enthralled(["flickering_fires"])
    assert "lead enthrall_opposition" not in legal(st)


def test_trigger_brainstorm_any_number_of_supports() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership.effect: after Trigger
    Brainstorm Hoax plays three supports in the turn."""
    st = lead(
        {
            "hand": [
                "trigger_brainstorm",
                "helkomedes_the_rhetorician",
                "tome_of_wisdom",
                "trebuchet_of_fear",
                "ballista_of_confusion",
            ],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "stars_shining")},
    )
    play(st, "lead trigger_brainstorm", "char helkomedes_the_rhetorician")
    play(st, "support tome_of_wisdom", "support trebuchet_of_fear")
    assert "support ballista_of_confusion" in legal(st)
    play(st, "support ballista_of_confusion", "done")
    assert ids(st, st.leaders[0]) == ["trigger_brainstorm"]
    assert len(st.support[0]) == 3
    assert announced(st) == [(0, 1 + 3 + 2 + 1, FIRE)]


def test_trigger_brainstorm_also_one_booster() -> None:
    """bluemoon.special.rule3: the permission for any number of supports also allows one
    booster (here played before the supports), not two."""
    st = lead(
        {
            "hand": [
                "trigger_brainstorm",
                "helkomedes_the_rhetorician",
                "battling_boomerang",
                "inscrutable_armor",
                "tome_of_wisdom",
                "trebuchet_of_fear",
            ],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "stars_shining")},
    )
    play(st, "lead trigger_brainstorm", "char helkomedes_the_rhetorician")
    play(st, "boost battling_boomerang")
    assert "boost inscrutable_armor" not in legal(st)
    play(st, "support tome_of_wisdom", "support trebuchet_of_fear", "done")
    assert announced(st) == [(0, 1 + 2 + 3 + 2, FIRE)]


def test_trigger_brainstorm_on_the_starters_first_turn() -> None:
    """bluemoon.turn.first_turn: a power text may let the starter play supports on the
    first turn; Trigger Brainstorm does."""
    st = table(
        {"hand": ["trigger_brainstorm", "nirwadas_the_traveler", "tome_of_wisdom", "catusan"]},
        {},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead trigger_brainstorm", "char nirwadas_the_traveler fire")
    assert "support tome_of_wisdom" in legal(st)


def test_trigger_brainstorm_you_may_not_beats_it() -> None:
    """bluemoon.special.you_may_not, bluemoon.special.rule1: under Pandemonium Trigger
    Brainstorm allows no support."""
    st = lead(
        {
            "hand": ["trigger_brainstorm", "helkomedes_the_rhetorician", "tome_of_wisdom"],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "stars_shining"), "support": at(2, "pandemonium")},
    )
    play(st, "lead trigger_brainstorm", "char helkomedes_the_rhetorician")
    assert st.active == 1 and st.support[0] == []


# --- Hank Highflyer Hawk ------------------------------------------------------------------
def test_hank_highflyer_hawk_ignores_the_opponents_characters() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore: with Hank active Vulca's Volca
    is ignored; only its support counts (3 Fire), and Hank (0/0) with Tome of Wisdom ends
    the turn at 3."""
    st = later(
        {"hand": ["hank_highflyer_hawk", "tome_of_wisdom"], "combat": at(1, "torch")},
        {"combat": at(2, "volca"), "support": at(2, "lightning_bolts")},
    )
    assert tot(st, 1) == 8
    play(st, "char hank_highflyer_hawk")
    assert tot(st, 0) == 0 and tot(st, 1) == 3
    play(st, "support tome_of_wisdom", "done")
    assert announced(st) == [(0, 3, FIRE)]


def test_hank_highflyer_hawk_spares_flit_and_protected_characters() -> None:
    """bluemoon.special.ignore, bluemoon.icon.protected: a Flit character (Peckswift) and a
    PROTECTED one (Giant Octopus) keep their values against Hank."""
    for people, card, value in (("flit", "peckswift", 3), ("aqua", "giant_octopus", 5)):
        st = later(
            {"hand": ["hank_highflyer_hawk", "tome_of_wisdom"], "combat": at(1, "torch")},
            {"people": people, "combat": at(2, card)},
        )
        play(st, "char hank_highflyer_hawk")
        assert tot(st, 1) == value


def test_hank_highflyer_hawk_takes_the_ignored_characters_text() -> None:
    """bluemoon.special.ignore.effect: an ignored character loses its power too: Coolkid's
    zeroing of odd booster/support values stops, so Ballista's 1 Fire counts again."""
    for card, value in (("nirwadas_the_traveler", 3 + 0), ("hank_highflyer_hawk", 0 + 1)):
        st = later(
            {"hand": [card], "combat": at(1, "torch"), "support": at(1, "ballista_of_confusion")},
            {"people": "khind", "combat": at(2, "coolkid")},
        )
        play(st, f"char {card}")
        assert tot(st, 0) == value


# --- Var-dis-Nar (mutant) -----------------------------------------------------------------
def test_var_dis_nar_allowed_when_attacked_by_seven() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element, bluemoon.icon.stop,
    bluemoon.icon.shield: attacked by 8 Fire, Var-dis-Nar may be played: the fight turns to
    Earth, its shields let 4 Earth stand against 6 and its STOP ends the card play."""
    st = later(
        {
            "hand": ["var_dis_nar", "battling_boomerang", "tome_of_wisdom"],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "lavar_the_powerful", "fireblast")},
    )
    assert "char var_dis_nar" in legal(st)
    play(st, "char var_dis_nar")
    assert st.element == EARTH
    assert announced(st) == [(0, 4, EARTH)]  # nothing more to play: the turn ended
    assert tot(st, 1) == 6
    assert {"battling_boomerang", "tome_of_wisdom"} <= set(ids(st, st.hands[0]))


def test_var_dis_nar_earth_to_fire() -> None:
    """bluemoon.cards.mutant.element: the switch goes both ways: attacked by 7 Earth, the
    fight turns to Fire."""
    st = later(
        {"hand": ["var_dis_nar"], "combat": at(1, "torch")},
        {"combat": at(2, "furnace", "fireblast"), "support": at(2, "flickering_fires")},
        element="earth",
    )
    assert tot(st, 1) == 7
    play(st, "char var_dis_nar")
    assert st.element == FIRE and announced(st) == [(0, 4, FIRE)]


def test_var_dis_nar_refused_below_seven() -> None:
    """bluemoon.cards.mutant: attacked by 6, or with no element named yet (the opening of
    a fight), the mutant may not be played."""
    st = later(
        {"hand": ["var_dis_nar", "helkomedes_the_rhetorician"], "combat": at(1, "torch")},
        {"combat": at(2, "scorch_the_inflammable")},
    )
    assert tot(st, 1) == 6
    assert "char var_dis_nar" not in legal(st)
    st = table({"hand": ["var_dis_nar", "helkomedes_the_rhetorician"]}, {})
    assert not {"char var_dis_nar fire", "char var_dis_nar earth"} & legal(st)
