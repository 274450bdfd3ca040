"""The Pillar deck box, card by card: the leader and its 30 playing cards (Pillar cards, the
Khind, Mimix and Vulca guests and the mutant Pen-dor-Nith), each in a small position
played through the public API.

Powers are checked as the deck file encodes them (powers.py, tasks.py) and as the rulings
read them (docs/rulings/bluemoon.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import PositionError
from cardtable.games.bluemoon.powers import obligations
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
# Six cards in the opponent's areas (Pen-dor-Nith's condition), and five.
SIX = {
    "combat": [
        {"card": "sear", "turn": 2, "active": False},
        {"card": "fireblast", "turn": 2, "active": False},
        {"card": "wogarathoras_the_gloomy", "turn": 4, "active": False},
        {"card": "flamebreath_the_dazzling", "turn": 6, "active": True},
    ],
    "support": [
        {"card": "trebuchet_of_fear", "turn": 2},
        {"card": "ballista_of_confusion", "turn": 4},
    ],
}
FIVE = {"combat": SIX["combat"], "support": SIX["support"][:1]}


def table(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """A fight position; by default P1 (Pillar) starts fight 1 and is on its first turn."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "pillar", "turns": 1, "deck": DECK1, **p1},
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
    p1 = {"hand": ["blaze", "furnace"]} | p1
    return table(p1, {"turns": 1, **p2}, element=element, active="P2", **({"fight_turn": 2} | top))


def seen_hand(st: BlueMoonState, seat: int) -> list[str]:
    """The opponent's hand cards ``seat`` may see."""
    return GAME.observe(st, seat)["other_hand"]


# --- the leader -------------------------------------------------------------------------
def test_fucius_con_is_the_pillar_leader_and_never_dealt() -> None:
    """bluemoon.setup.leader, bluemoon.cards.types, bluemoon.deck.size: Fucius Con is the
    Pillar box's leader card; the box deals 30 playing cards without it, and it cannot be
    put into play."""
    leader = GAME.db.leader("pillar")
    assert leader.id == "fucius_con" and leader.type == "leader" and leader.people == "pillar"
    deck = GAME.db.deck("pillar")
    assert len(deck) == 30 and "fucius_con" not in deck
    st = GAME.new_game({"peoples": ["pillar", "vulca"]}, seed=7)
    assert "fucius_con" not in st.card_ids
    assert sorted(c for c, o in zip(st.card_ids, st.owner, strict=True) if o == 0) == sorted(deck)
    with pytest.raises(PositionError, match="leader"):  # a leader is no playing card
        table({"hand": ["fucius_con", "torch"]}, {"hand": ["sear"]})


# --- characters without a power -----------------------------------------------------------
def _vanilla_character(card: str, fire: int, earth: int) -> None:
    """Opening with the card in either element announces its printed value; on a later turn
    it covers the earlier combat cards and counts alone."""
    for element, value in (("fire", fire), ("earth", earth)):
        st = table({"hand": [card, "glimmer"]}, {"hand": ["sear"]})
        play(st, f"char {card} {element}", "done")
        assert announced(st) == [(0, value, ELEMENT[element])]
        assert active_combat(st, 0) == [card]
    best = "fire" if fire >= earth else "earth"
    st = later(
        {"hand": [card, "glimmer"], "combat": at(1, "torch", "fireblast")},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
        element=best,
    )
    play(st, f"char {card}")
    assert active_combat(st, 0) == [card]
    assert ids(st, st.combat[0]) == ["torch", "fireblast", card]
    play(st, "done")
    assert announced(st) == [(0, max(fire, earth), ELEMENT[best])]


def test_primus_magicus_counts_six_fire_two_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 6 Fire / 2 Earth."""
    _vanilla_character("primus_magicus", 6, 2)


def test_devius_maximus_counts_two_fire_six_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 2 Fire / 6 Earth."""
    _vanilla_character("devius_maximus", 2, 6)


def test_colossus_gigantus_counts_one_fire_five_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 1 Fire / 5 Earth."""
    _vanilla_character("colossus_gigantus", 1, 5)


def test_bigus_musselus_counts_zero_fire_five_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.turn.announce.zero:
    0 Fire / 5 Earth (0 may open a fight against nothing)."""
    _vanilla_character("bigus_musselus", 0, 5)


def test_smartia_pantia_counts_four_fire_three_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire / 3 Earth."""
    _vanilla_character("smartia_pantia", 4, 3)


def test_speedius_unnecessarius_counts_three_fire_four_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire / 4 Earth."""
    _vanilla_character("speedius_unnecessarius", 3, 4)


def test_lonus_mightius_counts_four_fire_two_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire / 2 Earth."""
    _vanilla_character("lonus_mightius", 4, 2)


def test_halitosus_teriblus_counts_four_fire_one_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 4 Fire / 1 Earth."""
    _vanilla_character("halitosus_teriblus", 4, 1)


def test_bodius_maloderus_counts_one_fire_four_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 1 Fire / 4 Earth."""
    _vanilla_character("bodius_maloderus", 1, 4)


def test_introvertus_completus_counts_four_fire_zero_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.turn.announce.zero:
    4 Fire / 0 Earth."""
    _vanilla_character("introvertus_completus", 4, 0)


def test_a_vanilla_character_below_the_opponent_cannot_end_the_turn() -> None:
    """bluemoon.turn.announce.at_least, bluemoon.special.rule11: Halitosus Teriblus (1 Earth)
    cannot answer 3 Earth: the turn may only be taken back."""
    st = later(
        {"hand": ["halitosus_teriblus", "hail_of_arrows"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "glimmer")},
        element="earth",
    )
    play(st, "char halitosus_teriblus")
    assert tot(st, 0) == 1 and "done" not in legal(st) and "undo" in legal(st)
    play(st, "boost hail_of_arrows")  # still 2: taking back is all that is left (R2)
    assert st.dragons == [0, 0] and "retreat" in legal(st)  # back at «Сдаться?»
    play(st, "retreat")
    assert st.dragons == [0, 1] and st.fight == 2


# --- Gulpus Permanentus: one more booster ----------------------------------------------
def test_gulpus_permanentus_allows_a_second_booster() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.booster_support.one: with Gulpus active
    its player may put a second booster on it, not a third; without it, only one."""
    hand = ["gulpus_permanentus", "fireblast", "hail_of_arrows", "whirling_hatchet", "glimmer"]
    st = later(
        {"hand": hand, "combat": at(1, "torch")}, {"hand": ["sear"], "combat": at(2, "sear")}
    )
    play(st, "char gulpus_permanentus", "boost fireblast")
    assert "boost hail_of_arrows" in legal(st)
    play(st, "boost hail_of_arrows")
    assert "boost whirling_hatchet" not in legal(st)
    play(st, "done")
    assert announced(st) == [(0, 2 + 3 + 2, FIRE)]

    st = later(
        {"hand": ["glimmer", "fireblast", "hail_of_arrows"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char glimmer", "boost fireblast")
    assert "boost hail_of_arrows" not in legal(st)


def test_gulpus_permanentus_extra_is_a_booster_not_a_support() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.booster_support.one: the additional card
    is a booster: a booster and a support fit (the booster in the extra place), a third card
    does not, and the turn may stop at one booster (the extra one is optional)."""
    hand = ["gulpus_permanentus", "fireblast", "lightning_bolts", "hail_of_arrows"]
    st = later(
        {"hand": hand, "combat": at(1, "torch")}, {"hand": ["sear"], "combat": at(2, "sear")}
    )
    play(st, "char gulpus_permanentus", "boost fireblast")
    assert "support lightning_bolts" in legal(st)
    assert "done" in legal(st)
    play(st, "support lightning_bolts")
    assert "boost hail_of_arrows" not in legal(st)


# --- Gloria Gracia: a card from my combat area back into hand --------------------------
def _gloria() -> BlueMoonState:
    return later(
        {
            "hand": ["gloria_gracia", "glimmer", "hail_of_arrows"],
            "combat": at(1, "torch", "fireblast"),
            "support": at(1, "lightning_bolts"),
        },
        {"hand": ["sear"], "combat": at(2, "torch")},
    )


def test_gloria_gracia_takes_back_a_combat_card_and_may_replay_it() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule2_choice: on playing Gloria its
    player may take one card of their combat area (covered ones too, never Gloria itself,
    never a support) into hand; the Fireblast so taken is played again at once."""
    st = _gloria()
    play(st, "char gloria_gracia")
    assert legal(st) == {"pick torch", "pick fireblast", "stop"}
    play(st, "pick fireblast")
    assert "fireblast" in ids(st, st.hands[0])
    assert ids(st, st.combat[0]) == ["torch", "gloria_gracia"]
    play(st, "boost fireblast", "done")
    assert announced(st) == [(0, 2 + 3 + 3, FIRE)]


def test_gloria_gracia_may_stop() -> None:
    """bluemoon.cards.special_text: the retrieval is optional ("may"): stopping leaves the
    combat area as it was."""
    st = _gloria()
    play(st, "char gloria_gracia", "stop")
    assert ids(st, st.combat[0]) == ["torch", "fireblast", "gloria_gracia"]
    assert ids(st, st.hands[0]) == ["glimmer", "hail_of_arrows"]
    assert st.pending == ("play", 0)


def test_gloria_gracia_with_an_empty_combat_area_does_nothing() -> None:
    """bluemoon.cards.special_text: opening a fight with Gloria there is nothing to take
    back (Gloria itself excepted): the turn goes on at once."""
    st = table({"hand": ["gloria_gracia", "glimmer"]}, {"hand": ["sear"]})
    play(st, "char gloria_gracia fire")  # nothing else to do: the turn ends by itself
    assert announced(st) == [(0, 2, FIRE)] and st.active == 1 and not st.tasks


# --- Crysalus Frendus: the first Caterpillar demand doubles ----------------------------
def _caterpillar_reply(p1_combat: list[str], hand: list[str]) -> BlueMoonState:
    """P1 opened in fire with ``p1_combat`` (all active); P2 answers holding ``hand``."""
    return reply({"combat": at(1, *p1_combat)}, {"hand": hand})


def test_crysalus_frendus_doubles_the_caterpillar_demand() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule5: with Crysalus active, the
    Fireeater's 3 printed Fire become 6 (ruling R22): 5 Fire discarded is not enough, 6 is;
    without Crysalus 5 is plenty."""
    hand = ["lavar_the_powerful", "volca", "torch", "bigus_musselus", "inscrutable_armor"]
    st = _caterpillar_reply(["crysalus_frendus", "caterpillar_fireeater"], hand)
    play(st, "char lavar_the_powerful", "shed volca")
    assert "done" not in legal(st) and "shed torch" in legal(st)
    play(st, "shed torch")
    assert "done" in legal(st)
    play(st, "done")
    assert ids(st, st.discards[1]) == ["volca", "torch"]

    st = _caterpillar_reply(["bodius_maloderus", "caterpillar_fireeater"], hand)
    play(st, "char lavar_the_powerful", "shed volca")
    assert "done" in legal(st) and "shed torch" not in legal(st)


def test_crysalus_frendus_doubles_the_caterpillar_its_player_chooses() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule5_each_card,
    bluemoon.special.rule2_choice: of two active Caterpillars the one Crysalus's player
    chooses doubles (R22): Lightseeker 10, Fireeater still 3."""
    st = _caterpillar_reply(
        ["crysalus_frendus", "caterpillar_fireeater", "caterpillar_lightseeker"], ["sear"]
    )
    assert st.pending == ("task", 0)
    assert legal(st) == {"pick caterpillar_fireeater", "pick caterpillar_lightseeker"}
    play(st, "pick caterpillar_lightseeker")
    assert st.pending == ("play", 1)
    assert [(p.mode, p.element, p.n) for _src, p in obligations(GAME.db, st, 1)] == [
        (None, "fire", 3),
        ("either", None, 10),
    ]


def test_crysalus_frendus_without_a_caterpillar_demands_nothing() -> None:
    """bluemoon.cards.special_text: Crysalus alone gives the opponent nothing to discard."""
    st = _caterpillar_reply(["crysalus_frendus"], ["volca", "torch", "inscrutable_armor"])
    play(st, "char volca")
    assert not any(t.startswith("shed") for t in legal(st))
    assert "done" in legal(st)


# --- Bottelus Emptius: you take no more cards into hand ------------------------------
def test_bottelus_emptius_blocks_the_opponents_refill() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.refill.modified: while Bottelus is active
    the opponent draws nothing at the end of their turn; without it they refill to six."""
    st = reply({"combat": at(1, "bottelus_emptius")}, {"hand": ["volca", "sear", "spark"]})
    play(st, "char volca", "done")
    assert len(st.hands[1]) == 2 and len(st.decks[1]) == 6
    st = reply({"combat": at(1, "torch")}, {"hand": ["volca", "sear", "spark"]})
    play(st, "char volca", "done")
    assert len(st.hands[1]) == 6


def test_bottelus_emptius_beats_a_draw_permission() -> None:
    """bluemoon.special.you_may_not, bluemoon.special.rule1: "you may not take cards"
    holds against the opponent's own "draw five" leadership card (Muster Reinforcements)."""
    st = reply(
        {"combat": at(1, "bottelus_emptius")},
        {"people": "hoax", "hand": ["muster_reinforcements", "volca"]},
        pending={"kind": "lead", "seat": "P2"},
    )
    play(st, "lead muster_reinforcements")
    assert ids(st, st.hands[1]) == ["volca"] and len(st.decks[1]) == 6


def test_bottelus_emptius_blocks_the_retrieve_icon() -> None:
    """bluemoon.special.you_may_not, bluemoon.icon.retrieve: taking an active RETRIEVE card
    back into hand is taking a card into hand: with Bottelus active the opponent's turn
    starts without the retrieve step; with another character it is offered."""

    def fight(character: str) -> BlueMoonState:
        return later(
            {"hand": [character, "fireblast"], "combat": at(1, "torch")},
            {
                "people": "hoax",
                "hand": ["catusan", "athradysas_the_seeker"],
                "combat": at(2, "penemikanas_the_paranoid", "battling_boomerang"),
            },
        )

    st = fight("bottelus_emptius")
    play(st, "char bottelus_emptius", "boost fireblast", "done")
    assert st.active == 1 and st.pending == ("play", 1)
    assert "battling_boomerang" in ids(st, st.combat[1])
    st = fight("glimmer")
    play(st, "char glimmer", "boost fireblast", "done")
    assert st.pending == ("retrieve", 1)


def test_bottelus_emptius_does_not_stop_its_owner_drawing() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.refill: Bottelus binds only the opponent:
    its own player refills as usual."""
    st = table({"hand": ["bottelus_emptius", "glimmer", "torch"]}, {"hand": ["sear"]})
    play(st, "char bottelus_emptius earth", "done")
    assert len(st.hands[0]) == 6


# --- the Caterpillars: discard printed values from hand, or retreat ---------------------
def test_caterpillar_fireeater_is_free_and_costs_nothing() -> None:
    """bluemoon.icon.free, bluemoon.turn.first_turn, bluemoon.turn.booster: the Fireeater
    (FREE, no values) may go on the starter's first character, where Fireblast may not,
    and may even come before the character; it adds nothing to the total."""
    st = table(
        {"hand": ["primus_magicus", "caterpillar_fireeater", "fireblast"]}, {"hand": ["sear"]}
    )
    assert "boost caterpillar_fireeater" in legal(st)
    play(st, "char primus_magicus fire")
    assert "boost caterpillar_fireeater" in legal(st) and "boost fireblast" not in legal(st)
    play(st, "boost caterpillar_fireeater", "done")
    assert active_combat(st, 0) == ["primus_magicus", "caterpillar_fireeater"]
    assert announced(st) == [(0, 6, FIRE)]


def test_caterpillar_fireeater_demands_three_printed_fire() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule5: facing an active Fireeater the
    opponent discards cards with at least 3 printed Fire before ending the turn; only cards
    with Fire are offered, and none once the demand is met (ruling R21)."""
    hand = ["lavar_the_powerful", "bigus_musselus", "sear", "spark", "inscrutable_armor"]
    st = _caterpillar_reply(["bodius_maloderus", "caterpillar_fireeater"], hand)
    play(st, "char lavar_the_powerful")
    shed = {t for t in legal(st) if t.startswith("shed")}
    assert shed == {"shed sear", "shed spark"}
    assert "done" not in legal(st) and "retreat" in legal(st)
    play(st, "shed sear")
    assert not any(t.startswith("shed") for t in legal(st))
    play(st, "done")
    assert announced(st) == [(1, 5, FIRE)]
    assert ids(st, st.discards[1]) == ["sear"]


def test_caterpillar_fireeater_unmet_means_retreat() -> None:
    """bluemoon.cards.special_text, bluemoon.fight.win: without 3 printed Fire in hand the
    turn cannot end (R21): the opponent retreats and the Pillar player attracts a dragon."""
    st = _caterpillar_reply(
        ["bodius_maloderus", "caterpillar_fireeater"],
        ["lavar_the_powerful", "bigus_musselus", "inscrutable_armor"],
    )
    play(st, "char lavar_the_powerful")
    assert "done" not in legal(st) and not any(t.startswith("shed") for t in legal(st))
    play(st, "retreat")
    assert st.dragons == [1, 0]


def test_caterpillar_watertamer_demands_fire_and_earth_on_different_cards() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule5: facing an active Watertamer the
    opponent discards at least 2 printed Fire and 2 printed Earth; one card carrying both
    is not enough; a Fire card and an Earth card are."""
    hand = ["volca", "zedemikras_the_brain", "nobrains", "lavar_the_powerful", "inscrutable_armor"]
    st = _caterpillar_reply(["bodius_maloderus", "caterpillar_watertamer"], hand)
    play(st, "char volca")
    assert {t for t in legal(st) if t.startswith("shed")} == {
        "shed zedemikras_the_brain",
        "shed nobrains",
        "shed lavar_the_powerful",
    }
    probe = st.clone()
    probe.log = []
    play(probe, "shed lavar_the_powerful")  # 5 Fire and 4 Earth, but on one card
    assert "done" not in legal(probe)
    play(st, "shed zedemikras_the_brain")
    assert "done" not in legal(st) and "shed nobrains" in legal(st)
    play(st, "shed nobrains")
    assert "done" in legal(st)


def test_caterpillar_watertamer_is_free() -> None:
    """bluemoon.icon.free: the Watertamer joins a turn besides the usual booster."""
    st = later(
        {"hand": ["glimmer", "fireblast", "caterpillar_watertamer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char glimmer", "boost fireblast")
    assert "boost caterpillar_watertamer" in legal(st)


def test_caterpillar_lightseeker_demands_five_fire_or_five_earth() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule5: facing an active Lightseeker
    the opponent discards 5 printed Fire or 5 printed Earth: 4 Fire, then 1 more Fire
    meets it; a single 5-Earth card meets it at once; a card without values is never
    offered."""
    hand = ["volca", "zedemikras_the_brain", "torch", "catusan", "inscrutable_armor"]
    st = _caterpillar_reply(["bodius_maloderus", "caterpillar_lightseeker"], hand)
    play(st, "char volca")
    assert "shed inscrutable_armor" not in legal(st) and "done" not in legal(st)
    probe = st.clone()
    probe.log = []
    play(probe, "shed catusan")
    assert "done" in legal(probe)
    play(st, "shed zedemikras_the_brain")
    assert "done" not in legal(st)
    play(st, "shed torch")
    assert "done" in legal(st)


def test_caterpillar_lightseeker_is_free_on_the_first_turn() -> None:
    """bluemoon.icon.free, bluemoon.turn.first_turn: on the starter's first turn."""
    st = table({"hand": ["devius_maximus", "caterpillar_lightseeker"]}, {"hand": ["sear"]})
    play(st, "char devius_maximus earth")
    assert "boost caterpillar_lightseeker" in legal(st)


# --- the Potions: one of my characters changes ---------------------------------------
def _potion(potion: str, character: str, element: str, opponent: str = "silento_sol") -> int:
    """P1's total after playing ``character`` and ``potion`` in ``element``."""
    st = later(
        {"hand": [character, potion, "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, opponent)},
        element=element,
    )
    play(st, f"char {character}", f"boost {potion}")
    return tot(st, 0)


def test_potion_of_cosmic_power_doubles_a_character() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.booster: Primus Magicus (6 Fire, 2 Earth)
    counts 12 in Fire, 4 in Earth; the Potion has no value of its own."""
    assert _potion("potion_of_cosmic_power", "primus_magicus", "fire") == 12
    assert _potion("potion_of_cosmic_power", "primus_magicus", "earth") == 4


def test_potion_of_cosmic_power_on_the_chosen_character() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule2_choice: with Sun Setting (FREE,
    2 Fire) and Primus Magicus both active, its player chooses the character (ruling R13):
    Primus, 2 + 6 + 6 = 14; Sun Setting, 2 + 2 + 6 = 10."""
    st = later(
        {
            "hand": ["sun_setting", "primus_magicus", "potion_of_cosmic_power"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, "char sun_setting", "char primus_magicus", "boost potion_of_cosmic_power")
    assert legal(st) == {"pick sun_setting", "pick primus_magicus"}
    other = st.clone()
    play(st, "pick primus_magicus")
    assert tot(st, 0) == 14
    play(other, "pick sun_setting")
    assert tot(other, 0) == 10


def test_potion_of_cosmic_power_not_on_an_ignored_character() -> None:
    """bluemoon.special.ignore, bluemoon.icon.protected, bluemoon.special.rule2: facing Hank
    Highflyer Hawk (the opponent's non-Flit characters ignored) Primus and its Potion count
    nothing; the PROTECTED Kelp Leech (3 Fire) is never ignored and doubles to 6."""
    assert _potion("potion_of_cosmic_power", "primus_magicus", "fire", "hank_highflyer_hawk") == 0
    assert _potion("potion_of_cosmic_power", "kelp_leech", "fire", "hank_highflyer_hawk") == 6


def test_potion_of_cosmic_power_not_on_the_starters_first_turn() -> None:
    """bluemoon.turn.first_turn: an ordinary booster waits for a later turn."""
    st = table({"hand": ["primus_magicus", "potion_of_cosmic_power"]}, {"hand": ["sear"]})
    play(st, "char primus_magicus fire")
    assert st.active == 1  # nothing else could be played: the turn ended by itself
    assert "potion_of_cosmic_power" in ids(st, st.hands[0])


def test_potion_of_conjoining_sums_the_printed_values() -> None:
    """bluemoon.cards.special_text: Smartia Pantia (4 Fire, 3 Earth) counts 7 in both."""
    assert _potion("potion_of_conjoining", "smartia_pantia", "fire") == 7
    assert _potion("potion_of_conjoining", "smartia_pantia", "earth") == 7


def test_potion_of_mutation_takes_the_higher_printed_value() -> None:
    """bluemoon.cards.special_text: Devius Maximus (2 Fire, 6 Earth) counts 6 in Fire, and
    stays at 6 in Earth."""
    assert _potion("potion_of_mutation", "devius_maximus", "fire") == 6
    assert _potion("potion_of_mutation", "devius_maximus", "earth") == 6


def test_potion_of_sparkling_fire_raises_fire_to_six() -> None:
    """bluemoon.cards.special_text: Bigus Musselus (0 Fire, 5 Earth) counts 6 in Fire, its
    Earth stays 5; an "increase to 6" leaves Primus's 6 Fire at 6."""
    assert _potion("potion_of_sparkling_fire", "bigus_musselus", "fire") == 6
    assert _potion("potion_of_sparkling_fire", "bigus_musselus", "earth") == 5
    assert _potion("potion_of_sparkling_fire", "primus_magicus", "fire") == 6


def test_potion_of_trembling_earth_raises_earth_to_six() -> None:
    """bluemoon.cards.special_text: Introvertus Completus (4 Fire, 0 Earth) counts 6 in
    Earth, its Fire stays 4; Devius's 6 Earth stays 6."""
    assert _potion("potion_of_trembling_earth", "introvertus_completus", "earth") == 6
    assert _potion("potion_of_trembling_earth", "introvertus_completus", "fire") == 4
    assert _potion("potion_of_trembling_earth", "devius_maximus", "earth") == 6


# --- the Butterflies ------------------------------------------------------------------
def test_butterfly_scout_reveals_the_opponents_hand() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule8, bluemoon.special.rule10: the
    opponent's hand lies open once the Scout is played; the cards they draw later stay
    hidden."""
    st = later(
        {"hand": ["glimmer", "butterfly_scout", "blaze"], "combat": at(1, "torch")},
        {"hand": ["spark", "sear", "ignite"], "combat": at(2, "torch")},
    )
    assert seen_hand(st, 0) == []
    play(st, "char glimmer", "boost butterfly_scout")
    assert seen_hand(st, 0) == ["ignite", "sear", "spark"]
    play(st, "done")
    play(st, "char spark", "done")  # P2 refills from its deck: those cards stay hidden
    assert len(st.hands[1]) == 6
    assert seen_hand(st, 0) == ["ignite", "sear"]


def test_butterfly_scout_reveal_forbids_taking_the_turn_back() -> None:
    """bluemoon.special.rule11, bluemoon.special.rule11_penalty: after the Scout revealed a
    hand, a player short of the total cannot go back: the game is lost and the opponent
    scores 4 crystals; with an ordinary booster the cards go back and the player, back at
    «Сдаться?», may retreat (ruling R2)."""
    st = later(
        {"hand": ["torch", "butterfly_scout"], "combat": at(1, "glimmer")},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "char torch", "boost butterfly_scout")  # 1 Fire against 5: only concede is left
    assert st.crystals == [0, 4] and st.reason == "penalty"
    st = later(
        {"hand": ["torch", "fireblast"], "combat": at(1, "glimmer")},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "char torch", "boost fireblast")  # 4 against 5: taken back
    play(st, "retreat")
    assert st.dragons == [0, 1] and st.crystals == [0, 0]


def test_giant_butterfly_eveningbreeze_is_a_support_with_values() -> None:
    """bluemoon.turn.support, bluemoon.cards.values: the support (2 Fire, 2 Earth) goes to
    the support area and keeps counting after a new character covers the combat area."""
    st = later(
        {"hand": ["glimmer", "giant_butterfly_eveningbreeze"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char glimmer", "support giant_butterfly_eveningbreeze")
    assert ids(st, st.support[0]) == ["giant_butterfly_eveningbreeze"]
    assert tot(st, 0) == 2 + 2
    st = later(
        {
            "hand": ["blaze", "fireblast"],
            "combat": at(1, "torch"),
            "support": at(1, "giant_butterfly_eveningbreeze"),
        },
        {"hand": ["sear"], "combat": at(2, "volca")},
        element="earth",
    )
    play(st, "char blaze")
    assert active_combat(st, 0) == ["blaze"] and tot(st, 0) == 3 + 2


def _eveningbreeze_turn() -> BlueMoonState:
    """P1's third turn with Eveningbreeze in its support area since turn 3."""
    return later(
        {
            "turns": 3,
            "hand": ["blaze", "sear"],
            "combat": at(1, "torch", active=False) + at(3, "glimmer"),
            "support": at(3, "giant_butterfly_eveningbreeze"),
        },
        {"turns": 2, "hand": ["sear"], "combat": at(2, "spark", active=False) + at(4, "volca")},
        fight_turn=5,
        pending={"kind": "retrieve", "seat": "P1"},
    )


def test_giant_butterfly_eveningbreeze_may_be_retrieved_and_replayed() -> None:
    """bluemoon.icon.retrieve, bluemoon.turn.start: at the start of its player's turn the
    active Eveningbreeze may go back into hand and be played again at once."""
    st = _eveningbreeze_turn()
    assert legal(st) == {"retrieve giant_butterfly_eveningbreeze", "on"}
    play(st, "retrieve giant_butterfly_eveningbreeze")
    assert st.support[0] == [] and "giant_butterfly_eveningbreeze" in ids(st, st.hands[0])
    play(st, "char blaze", "support giant_butterfly_eveningbreeze", "done")
    assert announced(st) == [(0, 4 + 2, FIRE)]
    st = _eveningbreeze_turn()
    play(st, "on", "char blaze", "done")
    assert announced(st) == [(0, 4 + 2, FIRE)] and st.support[0] != []


def test_giant_butterfly_morningwind_is_a_free_support() -> None:
    """bluemoon.icon.free, bluemoon.turn.first_turn, bluemoon.turn.support: Morningwind
    (FREE, 2 Fire, 2 Earth) may join the starter's first turn, where Lightning Bolts may
    not; on a later turn it comes on top of the usual booster, even before the character."""
    st = table(
        {"hand": ["glimmer", "giant_butterfly_morningwind", "lightning_bolts"]}, {"hand": ["sear"]}
    )
    play(st, "char glimmer fire")
    assert "support giant_butterfly_morningwind" in legal(st)
    assert "support lightning_bolts" not in legal(st)
    play(st, "support giant_butterfly_morningwind", "done")
    assert announced(st) == [(0, 2 + 2, FIRE)]
    st = later(
        {"hand": ["glimmer", "fireblast", "giant_butterfly_morningwind"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    assert "support giant_butterfly_morningwind" in legal(st)
    play(st, "char glimmer", "boost fireblast", "support giant_butterfly_morningwind", "done")
    assert announced(st) == [(0, 2 + 3 + 2, FIRE)]


def test_deploy_butterfly_reveals_the_hand_from_the_leader_pile() -> None:
    """bluemoon.turn.leadership, bluemoon.turn.leadership.pile, bluemoon.discard.leadership,
    bluemoon.special.rule8: the leadership card goes on the leader, lays the opponent's
    hand open, and stays on the leader when the fight's cards are discarded."""
    st = later(
        {"hand": ["deploy_butterfly", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["spark", "sear", "volca"], "combat": at(2, "torch")},
        pending={"kind": "lead", "seat": "P1"},
    )
    assert legal(st) == {"lead deploy_butterfly", "no_lead"}
    play(st, "lead deploy_butterfly")
    assert ids(st, st.leaders[0]) == ["deploy_butterfly"]
    assert seen_hand(st, 0) == ["sear", "spark", "volca"]
    play(st, "char glimmer", "done", "retreat")
    assert st.dragons == [1, 0]
    assert ids(st, st.leaders[0]) == ["deploy_butterfly"]
    assert "deploy_butterfly" not in ids(st, st.discards[0])


# --- the guests ---------------------------------------------------------------------------
def test_bounce_back_lets_the_active_cards_fight_again() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership: after Bounce Back its player
    may end the turn without a new character when the active cards still reach the total
    (ruling R25); the cards stay active and are announced again. Without it a character
    is needed."""
    st = later(
        {"hand": ["bounce_back", "glimmer"], "combat": at(1, "primus_magicus")},
        {"hand": ["sear"], "combat": at(2, "volca")},
        pending={"kind": "lead", "seat": "P1"},
    )
    assert "done" not in legal(st)
    play(st, "lead bounce_back")
    assert "done" in legal(st)
    play(st, "done")
    assert announced(st) == [(0, 6, FIRE)]
    assert active_combat(st, 0) == ["primus_magicus"]
    assert ids(st, st.leaders[0]) == ["bounce_back"]
    st = later(
        {"hand": ["bounce_back", "glimmer"], "combat": at(1, "primus_magicus")},
        {"hand": ["sear"], "combat": at(2, "volca")},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "no_lead")
    assert "done" not in legal(st)


def test_bounce_back_needs_the_total() -> None:
    """bluemoon.turn.announce.at_least: active cards below the opponent's total may not
    simply fight again."""
    st = later(
        {"hand": ["bounce_back", "glimmer"], "combat": at(1, "halitosus_teriblus")},
        {"hand": ["sear"], "combat": at(2, "volca")},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead bounce_back")
    assert "done" not in legal(st)


def test_wild_unicorn_shields_in_fire_and_in_earth() -> None:
    """bluemoon.icon.shield, bluemoon.icon.shield.element, bluemoon.icon.shield.value: the
    Unicorn (3/3, both shields) stands at 3 against 6 Fire and against 6 Earth."""
    for element, attacker in (("fire", "primus_magicus"), ("earth", "devius_maximus")):
        st = later(
            {"hand": ["wild_unicorn", "fireblast"], "combat": at(1, "torch")},
            {"hand": ["sear"], "combat": at(2, attacker)},
            element=element,
        )
        play(st, "char wild_unicorn")
        assert tot(st, 1) == 6 and "done" in legal(st)
        play(st, "done")
        assert announced(st) == [(0, 3, ELEMENT[element])]


def test_wild_unicorn_pairs_with_another_wild_card() -> None:
    """bluemoon.icon.pair, bluemoon.turn.character.several: the Unicorn and Wild Gazelle
    (PAIR, first word "Wild") are played together: 3 + 3; an ordinary character may not
    join."""
    st = later(
        {"hand": ["wild_unicorn", "wild_gazelle", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char wild_unicorn")
    assert "char wild_gazelle" in legal(st) and "char glimmer" not in legal(st)
    play(st, "char wild_gazelle", "done")
    assert active_combat(st, 0) == ["wild_unicorn", "wild_gazelle"]
    assert announced(st) == [(0, 6, FIRE)]


def _pen_dor_nith(p2: dict[str, Any], element: str) -> BlueMoonState:
    hand = ["pen_dor_nith", "glimmer", "fireblast", "giant_butterfly_morningwind"]
    return later(
        {"turns": 4, "hand": hand, "combat": at(1, "torch", active=False) + at(5, "blaze")},
        {"turns": 3, "hand": ["sear"], **p2},
        element=element,
        fight_turn=7,
    )


def test_pen_dor_nith_needs_six_opponent_cards_and_toggles_the_element() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element, bluemoon.icon.stop: with six
    cards in the opponent's areas Pen-dor-Nith may be played; the fight turns from Fire to
    Earth; its STOP ends the card play (FREE Morningwind included); with five it may not."""
    st = _pen_dor_nith(SIX, "fire")
    assert "char pen_dor_nith" in legal(st)
    play(st, "char pen_dor_nith")
    assert st.element == EARTH
    assert st.active == 1  # nothing more could be played: the turn ended by itself
    assert announced(st) == [(0, 6, EARTH)]
    assert "giant_butterfly_morningwind" in ids(st, st.hands[0])
    assert "char pen_dor_nith" not in legal(_pen_dor_nith(FIVE, "fire"))


def test_pen_dor_nith_from_earth_to_fire_behind_its_shield() -> None:
    """bluemoon.cards.mutant.element, bluemoon.icon.shield: from Earth the fight turns to
    Fire, where the opponent has 10; the Fire shield lets 6 stand."""
    st = _pen_dor_nith(SIX, "earth")
    play(st, "char pen_dor_nith")
    assert st.element == FIRE
    assert announced(st) == [(0, 6, FIRE)] and tot(st, 1) == 10


def test_heat_haze_forbids_characters_and_boosters_with_text() -> None:
    """bluemoon.special.you_may_not, bluemoon.icon.free: with the opponent's Heat Haze
    active, characters and boosters that print a power (Gulpus, Gloria, the Potion, even
    the FREE Fireeater) may not be played (ruling R16); vanilla ones, supports with a power
    and leadership cards may. Heat Haze itself adds no value."""
    hand = [
        "gulpus_permanentus",
        "gloria_gracia",
        "glimmer",
        "potion_of_cosmic_power",
        "caterpillar_fireeater",
        "irresistible_sirens",
        "deploy_butterfly",
    ]
    st = later(
        {"hand": hand, "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch"), "support": at(2, "heat_haze")},
        pending={"kind": "lead", "seat": "P1"},
    )
    assert "lead deploy_butterfly" in legal(st)
    play(st, "no_lead")
    assert tot(st, 1) == 1
    assert "char glimmer" in legal(st)
    assert not {"char gulpus_permanentus", "char gloria_gracia"} & legal(st)
    assert "boost caterpillar_fireeater" not in legal(st)
    play(st, "char glimmer")
    assert "support irresistible_sirens" in legal(st)
    assert not {"boost potion_of_cosmic_power", "boost caterpillar_fireeater"} & legal(st)


def test_heat_haze_beats_a_mutants_permission() -> None:
    """bluemoon.special.you_may_not, bluemoon.cards.mutant: Pen-dor-Nith prints a power;
    its condition met (six cards facing it) does not lift Heat Haze's ban."""
    six = {"combat": SIX["combat"], "support": at(2, "trebuchet_of_fear", "heat_haze")}
    assert "char pen_dor_nith" not in legal(_pen_dor_nith(six, "fire"))


def test_heat_haze_binds_only_the_opponent() -> None:
    """bluemoon.special.reading: "you" is the opponent: Heat Haze's own player plays
    Gulpus Permanentus freely."""
    st = reply(
        {"combat": at(1, "torch")},
        {"hand": ["gulpus_permanentus", "sear"], "support": at(0, "heat_haze")},
    )
    assert "char gulpus_permanentus" in legal(st)
