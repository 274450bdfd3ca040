"""The Mimix deck box card by card: the leader Blue Radiance and its 30 playing cards (with
the Hoax, Khind and Pillar guests and the mutant Neth-sur-Pot), each in a small position.

P1 plays the Mimix cards; P2 is a Hoax player unless a test needs another opponent.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import PositionError
from cardtable.games.bluemoon.state import EARTH, FIRE, BlueMoonState
from tests.games.bluemoon.helpers import active_combat, announced, at, ids, legal, play, tot

GAME = get_game("bluemoon")
# Vanilla cards to draw from (no powers, no icons), from the top.
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
    """A fight position; by default P1 (Mimix) starts fight 1 and is on its first turn."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "mimix", "turns": 1, "deck": DECK1, **p1},
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


def answer(p1: dict[str, Any], p2: dict[str, Any], element: str = "fire", **top: Any):
    """P2's second turn (fight turn 4): P1 played on turns 1 and 3, P2 on turn 2."""
    return table(
        {"turns": 2, **p1},
        {"turns": 2, **p2},
        element=element,
        active="P2",
        **({"fight_turn": 4} | top),
    )


def mine(hand: list[str], element: str = "fire", against: str = "sear", **p1: Any):
    """P1's second turn holding ``hand``: a Torch of turn 1 in the combat area, P2 at
    ``against`` (Sear: 4 Fire, 1 Earth)."""
    return later(
        {"hand": hand, "combat": at(1, "torch"), **p1},
        {"hand": ["volca"], "combat": at(2, against)},
        element=element,
    )


def shown_to_p2(st: BlueMoonState) -> list[str]:
    """P1's hand cards P2 has seen (bluemoon.special.rule10)."""
    return GAME.observe(st, 1)["other_hand"]


# --- the leader -----------------------------------------------------------------------------
def test_blue_radiance_is_the_mimix_leader_and_never_dealt() -> None:
    """bluemoon.setup.leader, bluemoon.setup.decks, bluemoon.setup.draw_deck,
    bluemoon.cards.types: Blue Radiance is the Mimix leader card; the deck dealt for Mimix
    is its 30 playing cards without it, and a position cannot put it in play."""
    leader = GAME.db.leader("mimix")
    assert leader.id == "blue_radiance"
    assert leader.type == "leader" and leader.people == "mimix"
    deck = GAME.db.deck("mimix")
    assert len(deck) == 30 and "blue_radiance" not in deck
    st = GAME.new_game({"peoples": ["mimix", "hoax"]}, 7)
    assert st.boxes == ["mimix", "hoax"]
    dealt = sorted(c for c, s in zip(st.card_ids, st.owner, strict=True) if s == 0)
    assert dealt == sorted(deck)
    assert "blue_radiance" not in st.card_ids
    with pytest.raises(PositionError):
        table({"hand": ["blue_radiance", "spark"]}, {"hand": ["sear"]})


# --- PAIR characters --------------------------------------------------------------------------
def test_virgin_of_pure_fire_counts_six_fire_one_earth_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.fight.element, bluemoon.icon.pair: opening in Fire
    Virgin of Pure Fire is 6; Virgin of Pure Earth may join it (7), another PAIR card
    ("Wild ...") may not; in an Earth fight it is worth 1."""
    st = table(
        {"hand": ["virgin_of_pure_fire", "virgin_of_pure_earth", "wild_gazelle"]},
        {"hand": ["sear"]},
    )
    play(st, "char virgin_of_pure_fire fire")
    assert tot(st, 0) == 6
    assert "char virgin_of_pure_earth" in legal(st) and "char wild_gazelle" not in legal(st)
    play(st, "char virgin_of_pure_earth", "done")
    assert announced(st) == [(0, 7, FIRE)]
    st = mine(["virgin_of_pure_fire", "spark"], element="earth")
    play(st, "char virgin_of_pure_fire", "done")
    assert announced(st) == [(0, 1, EARTH)]


def test_virgin_of_pure_earth_covers_and_pairs_in_earth() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.pair: Virgin of
    Pure Earth covers the Torch of an earlier turn and counts 6 Earth; with her PAIR
    partner Virgin of Pure Fire both stay active: 7 Earth."""
    st = mine(["virgin_of_pure_earth", "virgin_of_pure_fire", "spark"], element="earth")
    play(st, "char virgin_of_pure_earth")
    assert active_combat(st, 0) == ["virgin_of_pure_earth"] and tot(st, 0) == 6
    assert "char spark" not in legal(st)
    play(st, "char virgin_of_pure_fire", "done")
    assert active_combat(st, 0) == ["virgin_of_pure_earth", "virgin_of_pure_fire"]
    assert announced(st) == [(0, 7, EARTH)]


def test_heroine_of_the_high_flames_pairs_with_the_vulca_boxs_heroine() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Heroine of the High Flames (5 Fire / 3
    Earth) pairs with Heroine of the Great Plains (the same first word, from another box):
    5 + 3 = 8 Fire; a PAIR card with another first word may not join."""
    st = mine(["heroine_of_the_high_flames", "heroine_of_the_great_plains", "virgin_of_pure_fire"])
    play(st, "char heroine_of_the_high_flames")
    assert tot(st, 0) == 5
    assert "char heroine_of_the_great_plains" in legal(st)
    assert "char virgin_of_pure_fire" not in legal(st)
    play(st, "char heroine_of_the_great_plains", "done")
    assert announced(st) == [(0, 8, FIRE)]
    st = mine(["heroine_of_the_high_flames", "spark"], element="earth")
    play(st, "char heroine_of_the_high_flames", "done")
    assert announced(st) == [(0, 3, EARTH)]


def test_spirit_of_the_night_counts_five_fire_two_earth_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Spirit of the Night is 2 in Earth; Spirit
    of the Light joins it: 2 + 5 = 7 Earth."""
    st = mine(["spirit_of_the_night", "spirit_of_the_light", "dancer_of_dusk"], element="earth")
    play(st, "char spirit_of_the_night")
    assert tot(st, 0) == 2
    assert "char dancer_of_dusk" not in legal(st)
    play(st, "char spirit_of_the_light", "done")
    assert announced(st) == [(0, 7, EARTH)]
    st = mine(["spirit_of_the_night", "spark"])
    play(st, "char spirit_of_the_night", "done")
    assert announced(st) == [(0, 5, FIRE)]


def test_spirit_of_the_light_counts_two_fire_five_earth_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Spirit of the Light is 2 in Fire, not
    enough against Sear's 4; with Spirit of the Night 7 Fire is."""
    st = mine(["spirit_of_the_light", "spirit_of_the_night", "spark"])
    play(st, "char spirit_of_the_light")
    assert tot(st, 0) == 2 and "done" not in legal(st)
    play(st, "char spirit_of_the_night", "done")
    assert announced(st) == [(0, 7, FIRE)]


def test_amazon_leaping_high_counts_four_and_four_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Amazon Leaping High is 4 in either
    element; Amazon Leaping Far joins her: 8 Fire; a Dancer (PAIR, another word) may not."""
    st = mine(["amazon_leaping_high", "amazon_leaping_far", "dancer_of_dawn"])
    play(st, "char amazon_leaping_high")
    assert tot(st, 0) == 4
    assert "char dancer_of_dawn" not in legal(st)
    play(st, "char amazon_leaping_far", "done")
    assert announced(st) == [(0, 8, FIRE)]


def test_amazon_leaping_far_counts_four_and_four_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Amazon Leaping Far: 4 Earth alone, 8 Earth
    with Amazon Leaping High; no third card after the pair."""
    st = mine(
        ["amazon_leaping_far", "amazon_leaping_high", "stars_shining", "spark"], element="earth"
    )
    play(st, "char amazon_leaping_far")
    assert tot(st, 0) == 4
    play(st, "char amazon_leaping_high")
    assert tot(st, 0) == 8 and "char spark" not in legal(st)
    play(st, "done")
    assert announced(st) == [(0, 8, EARTH)]


def test_dancer_of_dawn_counts_four_fire_two_earth_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Dancer of Dawn: 4 Fire; with Dancer of
    Dusk 6 Fire."""
    st = mine(["dancer_of_dawn", "dancer_of_dusk", "spark"])
    play(st, "char dancer_of_dawn")
    assert tot(st, 0) == 4
    play(st, "char dancer_of_dusk", "done")
    assert announced(st) == [(0, 6, FIRE)]


def test_dancer_of_dusk_counts_two_fire_four_earth_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Dancer of Dusk: 4 Earth; with Dancer of
    Dawn 6 Earth."""
    st = mine(["dancer_of_dusk", "dancer_of_dawn", "spark"], element="earth")
    play(st, "char dancer_of_dusk")
    assert tot(st, 0) == 4
    play(st, "char dancer_of_dawn", "done")
    assert announced(st) == [(0, 6, EARTH)]


def test_wild_gazelle_pairs_with_any_wild_card() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Wild Gazelle (3/3) pairs with Wild
    Antelope, or with Wild Unicorn of the Pillar box: 3 + 3 = 6."""
    st = mine(["wild_gazelle", "wild_unicorn", "spark"], element="earth")
    play(st, "char wild_gazelle")
    assert tot(st, 0) == 3
    play(st, "char wild_unicorn", "done")
    assert announced(st) == [(0, 6, EARTH)]
    st = mine(["wild_gazelle", "wild_antelope", "spark"])
    play(st, "char wild_gazelle", "char wild_antelope", "done")
    assert announced(st) == [(0, 6, FIRE)]


def test_wild_antelope_counts_three_and_three_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Wild Antelope is 3 in Fire, not enough
    against 4; Wild Gazelle joins: 6 Fire."""
    st = mine(["wild_antelope", "wild_gazelle", "spark"])
    play(st, "char wild_antelope")
    assert tot(st, 0) == 3 and "done" not in legal(st)
    assert "char spark" not in legal(st)
    play(st, "char wild_gazelle", "done")
    assert announced(st) == [(0, 6, FIRE)]


def test_young_bear_counts_three_fire_two_earth_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Young Bear: 3 Fire; Young Fox joins: 5."""
    st = mine(["young_bear", "young_fox", "spark"], against="torch")
    play(st, "char young_bear")
    assert tot(st, 0) == 3
    play(st, "char young_fox", "done")
    assert announced(st) == [(0, 5, FIRE)]


def test_young_fox_counts_two_fire_three_earth_and_pairs() -> None:
    """bluemoon.cards.values, bluemoon.icon.pair: Young Fox: 3 Earth; a character without
    PAIR played first cannot be joined by it."""
    st = mine(["young_fox", "young_bear", "spark"], element="earth")
    play(st, "char young_fox")
    assert tot(st, 0) == 3
    play(st, "char young_bear", "done")
    assert announced(st) == [(0, 5, EARTH)]
    st = mine(["young_fox", "spark"], element="earth")
    play(st, "char spark")
    assert "char young_fox" not in legal(st)


# --- the Shamans -----------------------------------------------------------------------------
SHAMAN_DECK = ["torch", "shimmer", "glimmer", "blaze", "furnace", "lavar_the_powerful", "spark"]


def _shaman(shaman: str, hand: list[str], element: str = "fire", **p1: Any) -> BlueMoonState:
    """P1's second turn with a Shaman; P2 at Sear (4 Fire, 1 Earth); P1's deck from the top:
    torch, shimmer, glimmer, blaze, furnace, lavar_the_powerful, spark."""
    return later(
        {"hand": [shaman, *hand], "combat": at(1, "torch"), "deck": SHAMAN_DECK, **p1},
        {"hand": ["volca"], "combat": at(2, "sear")},
        element=element,
    )


def test_shaman_of_the_holy_sacrifice_keeps_two_of_the_top_three() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.end, bluemoon.turn.refill: at the end of
    the turn, after the refill (R23), up to three cards from the top of the deck may be
    revealed (how many is the player's choice, R15); the one picked is discarded, the
    others go to hand; then P2's turn begins."""
    st = _shaman("shaman_of_the_holy_sacrifice", ["hail_of_arrows", "spark", "volca"])
    play(st, "char shaman_of_the_holy_sacrifice", "boost hail_of_arrows", "done")
    assert announced(st) == [(0, 4, FIRE)]
    assert len(st.hands[0]) == 6  # refilled first: torch, shimmer, glimmer, blaze drawn
    assert st.pending == ("task", 0)
    assert legal(st) == {"reveal 1", "reveal 2", "reveal 3", "stop"}
    play(st, "reveal 3")
    assert legal(st) == {"pick furnace", "pick lavar_the_powerful", "pick spark"}
    play(st, "pick lavar_the_powerful")
    assert ids(st, st.discards[0]) == ["lavar_the_powerful"]
    assert {"furnace", "spark"} <= set(ids(st, st.hands[0])) and len(st.hands[0]) == 8
    assert st.decks[0] == [] and st.active == 1


def test_shaman_of_the_holy_sacrifice_may_stop() -> None:
    """bluemoon.cards.special_text: the action is optional ("I may"): stopping leaves the
    deck and hand as they were after the refill."""
    st = _shaman("shaman_of_the_holy_sacrifice", ["hail_of_arrows", "spark", "volca"])
    play(st, "char shaman_of_the_holy_sacrifice", "boost hail_of_arrows", "done", "stop")
    assert len(st.hands[0]) == 6
    assert ids(st, st.decks[0])[::-1] == ["furnace", "lavar_the_powerful", "spark"]
    assert st.discards[0] == [] and st.active == 1


def test_shaman_of_the_holy_sacrifice_ignored_text_does_nothing() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: with P2's Laughing Gas
    (texts of P1's cards ignored) the Shaman still counts 2 but offers no action at the end
    of the turn."""
    st = later(
        {
            "hand": ["shaman_of_the_holy_sacrifice", "hail_of_arrows", "spark", "volca"],
            "combat": at(1, "torch"),
            "deck": SHAMAN_DECK,
        },
        {"people": "khind", "hand": ["volca"], "combat": at(2, "sear")}
        | {"support": at(2, "laughing_gas")},
    )
    play(st, "char shaman_of_the_holy_sacrifice", "boost hail_of_arrows", "done")
    assert announced(st) == [(0, 4, FIRE)]
    assert st.active == 1 and st.pending[0] != "task" and len(st.hands[0]) == 6


def test_shaman_of_the_deeds_to_come_draws_three_then_shuffles_two_back() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.end: after the refill the player may draw
    up to three more cards, then puts two cards of their choice from hand back into the deck
    (no stopping there), and the deck is shuffled."""
    st = _shaman("shaman_of_the_deeds_to_come", ["hail_of_arrows", "spark", "volca"])
    play(st, "char shaman_of_the_deeds_to_come", "boost hail_of_arrows", "done")
    assert len(st.hands[0]) == 6 and legal(st) == {"draw 1", "draw 2", "draw 3", "stop"}
    play(st, "draw 3")
    assert len(st.hands[0]) == 9 and st.decks[0] == []
    assert "stop" not in legal(st) and "pick volca" in legal(st)
    play(st, "pick volca", "pick spark")
    assert len(st.hands[0]) == 7
    assert sorted(ids(st, st.decks[0])) == ["spark", "volca"]
    assert st.active == 1


def test_shaman_of_the_deeds_to_come_fewer_or_none() -> None:
    """bluemoon.cards.special_text: "up to three": after one card the player may stop, and
    still shuffles two back; stopping at once draws nothing and puts nothing back."""
    st = _shaman("shaman_of_the_deeds_to_come", ["hail_of_arrows", "spark", "volca"])
    play(st, "char shaman_of_the_deeds_to_come", "boost hail_of_arrows", "done", "draw 1")
    assert len(st.hands[0]) == 7 and "stop" not in legal(st)
    play(st, "pick volca", "pick spark")
    assert len(st.hands[0]) == 5 and len(st.decks[0]) == 4 and st.active == 1
    st = _shaman("shaman_of_the_deeds_to_come", ["hail_of_arrows", "spark", "volca"])
    play(st, "char shaman_of_the_deeds_to_come", "boost hail_of_arrows", "done", "stop")
    assert len(st.hands[0]) == 6 and len(st.decks[0]) == 3 and st.active == 1


def test_shaman_of_the_here_and_now_takes_one_deck_card_shown() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.stop: after the Shaman (STOP) no other
    card; immediately after the booster/support phase (R24: before announcing and
    refilling) the player picks any card of the deck, shows it and takes it; the deck is
    reshuffled, and the refill tops the hand up to six."""
    st = _shaman("shaman_of_the_here_and_now", ["hail_of_arrows", "stars_shining"], "earth")
    play(st, "char shaman_of_the_here_and_now")
    assert not ({"boost hail_of_arrows", "char stars_shining"} & legal(st))
    play(st, "done")
    assert announced(st) == [] and len(st.hands[0]) == 2
    assert legal(st) == {f"pick {c}" for c in SHAMAN_DECK} | {"stop"}
    play(st, "pick spark")
    assert announced(st) == [(0, 2, EARTH)]
    assert "spark" in ids(st, st.hands[0]) and len(st.hands[0]) == 6
    assert shown_to_p2(st) == ["spark"]
    assert len(st.decks[0]) == len(SHAMAN_DECK) - 4
    assert st.active == 1


def test_shaman_of_the_here_and_now_may_take_nothing() -> None:
    """bluemoon.cards.special_text: taking a card is optional: "stop" takes none."""
    st = _shaman("shaman_of_the_here_and_now", ["hail_of_arrows"], "earth")
    play(st, "char shaman_of_the_here_and_now", "done", "stop")
    assert len(st.hands[0]) == 6 and len(st.decks[0]) == 2 and st.active == 1


def test_shaman_of_the_afterlife_draws_two_from_the_discard_pile() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.stop, bluemoon.discard.return: STOP;
    immediately after the booster/support phase (R24: before the refill) the player may
    take up to two cards at random from the discard pile into hand."""
    pile = ["volca", "catusan", "rocara"]
    st = _shaman("shaman_of_the_afterlife", ["hail_of_arrows"], "earth", discard=pile)
    play(st, "char shaman_of_the_afterlife")
    assert "boost hail_of_arrows" not in legal(st)
    play(st, "done")
    assert len(st.hands[0]) == 1 and legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 2")
    assert len(st.hands[0]) == 6 and len(st.discards[0]) == 1
    back = [c for c in ids(st, st.hands[0]) if c in pile]
    assert len(back) == 2 and set(back) | set(ids(st, st.discards[0])) == set(pile)
    assert st.active == 1


def test_shaman_of_the_afterlife_may_take_nothing() -> None:
    """bluemoon.cards.special_text: the draw from the pile is optional."""
    pile = ["volca", "catusan", "rocara"]
    st = _shaman("shaman_of_the_afterlife", [], "earth", discard=pile)
    play(st, "char shaman_of_the_afterlife", "done", "stop")
    assert len(st.hands[0]) == 6 and len(st.discards[0]) == 3 and st.active == 1


# --- FREE characters ---------------------------------------------------------------------------
def test_sun_setting_joins_the_character_on_the_starters_first_turn() -> None:
    """bluemoon.icon.free, bluemoon.turn.first_turn, bluemoon.cards.values: Sun Setting
    (FREE, 2 Fire / 1 Earth) joins the opening character: 4 + 2 = 6 Fire."""
    st = table({"hand": ["spark", "sun_setting", "glimmer"]}, {"hand": ["sear"]})
    play(st, "char spark fire")
    assert "char sun_setting" in legal(st) and "char glimmer" not in legal(st)
    play(st, "char sun_setting", "done")
    assert active_combat(st, 0) == ["spark", "sun_setting"]
    assert announced(st) == [(0, 6, FIRE)]


def test_moon_rising_alone_covers_and_lets_a_character_follow() -> None:
    """bluemoon.icon.free, bluemoon.turn.character.cover: Moon Rising (FREE, 1 / 2) as the
    turn's first card covers the Torch; an ordinary character may still follow: 2 + 1 = 3
    Earth with Sear."""
    st = mine(["moon_rising", "sear", "glimmer"], element="earth")
    play(st, "char moon_rising")
    assert active_combat(st, 0) == ["moon_rising"] and tot(st, 0) == 2
    assert "done" in legal(st) and "char sear" in legal(st)
    play(st, "char sear", "done")
    assert announced(st) == [(0, 3, EARTH)]


def test_stars_shining_any_number_of_free_characters() -> None:
    """bluemoon.icon.free, bluemoon.turn.character.several: Stars Shining (FREE, 1 / 1) with
    Sun Setting and Moon Rising and one ordinary character in one turn: 4 + 2 + 1 + 1 = 8
    Fire; no second ordinary character."""
    st = mine(["spark", "sun_setting", "moon_rising", "stars_shining", "glimmer"])
    play(st, "char spark", "char sun_setting", "char moon_rising")
    assert "char stars_shining" in legal(st) and "char glimmer" not in legal(st)
    play(st, "char stars_shining", "done")
    assert announced(st) == [(0, 8, FIRE)]


# --- boosters, supports ----------------------------------------------------------------------
def test_hail_of_arrows_a_booster_for_one_turn() -> None:
    """bluemoon.turn.booster, bluemoon.turn.booster.active, bluemoon.turn.first_turn: Hail of
    Arrows (2 / 1) goes on the character (not on the starter's first turn) and adds 2 Fire;
    on the next turn a new character covers it."""
    st = table({"hand": ["spark", "hail_of_arrows"]}, {"hand": ["sear"]})
    play(st, "char spark fire")
    assert st.active == 1  # no booster on the first turn: the turn ended
    st = mine(["spark", "hail_of_arrows", "glimmer"], against="volca")
    play(st, "char spark", "boost hail_of_arrows", "done")
    assert active_combat(st, 0) == ["spark", "hail_of_arrows"]
    assert announced(st) == [(0, 6, FIRE)]
    st = later(
        {"hand": ["glimmer"], "combat": at(1, "spark", "hail_of_arrows")},
        {"hand": ["volca"], "combat": at(2, "sear")},
        element="earth",
    )
    assert tot(st, 0) == 3
    play(st, "char glimmer", "done")
    assert active_combat(st, 0) == ["glimmer"] and announced(st) == [(0, 3, EARTH)]


def test_hail_of_arrows_ignored_by_trillilling() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: with P2's Trillilling active
    (P1's boosters ignored) Hail of Arrows adds nothing."""
    st = later(
        {"hand": ["spark", "hail_of_arrows"], "combat": at(1, "torch")},
        {"people": "flit", "hand": ["volca"], "combat": at(2, "trillilling")},
    )
    play(st, "char spark", "boost hail_of_arrows")
    assert tot(st, 0) == 4
    play(st, "done")
    assert announced(st) == [(0, 4, FIRE)]


def test_whirling_hatchet_one_booster_or_support_per_turn() -> None:
    """bluemoon.turn.booster, bluemoon.turn.booster_support.one: Whirling Hatchet (1 / 2)
    adds 2 Earth; after it no other booster or support."""
    st = mine(
        ["glimmer", "whirling_hatchet", "hail_of_arrows", "menacing_wardance"], element="earth"
    )
    play(st, "char glimmer", "boost whirling_hatchet")
    assert active_combat(st, 0) == ["glimmer", "whirling_hatchet"]
    assert tot(st, 0) == 5
    assert st.active == 1  # nothing more could be played
    assert announced(st) == [(0, 5, EARTH)]


def test_menacing_wardance_a_support_for_the_whole_fight() -> None:
    """bluemoon.turn.support, bluemoon.cards.values: Menacing Wardance (2 / 2) goes to the
    support area and still counts after the next character covers the combat area."""
    st = mine(["spark", "menacing_wardance"], against="volca")
    play(st, "char spark", "support menacing_wardance")
    assert ids(st, st.support[0]) == ["menacing_wardance"]
    assert announced(st) == [(0, 6, FIRE)]
    st = later(
        {
            "turns": 3,
            "hand": ["glimmer"],
            "combat": at(1, "torch", active=False) + at(3, "spark"),
            "support": at(3, "menacing_wardance"),
        },
        {"turns": 2, "hand": ["volca"], "combat": at(4, "torch")},
        element="earth",
        fight_turn=5,
    )
    play(st, "char glimmer", "done")
    assert announced(st) == [(0, 5, EARTH)]


def test_menacing_wardance_ignored_by_flitterflutter() -> None:
    """bluemoon.special.ignore: P2's Flitterflutter ignores P1's supports: the Wardance's
    2 no longer counts."""
    st = later(
        {"hand": ["spark"], "combat": at(1, "torch"), "support": at(1, "menacing_wardance")},
        {"people": "flit", "hand": ["volca"], "combat": at(2, "flitterflutter")},
    )
    assert tot(st, 0) == 1
    play(st, "char spark", "done")
    assert announced(st) == [(0, 4, FIRE)]


def _rattled(p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """P2's second turn against P1's Spark (4 Fire) and Hypnotic Rattle."""
    return answer(
        {
            "combat": at(1, "torch", active=False) + at(3, "spark"),
            "support": at(3, "hypnotic_rattle"),
        },
        {"combat": at(2, "nirwadas_the_traveler"), **p2},
        **top,
    )


def test_hypnotic_rattle_forbids_the_opponents_boosters() -> None:
    """bluemoon.special.you_may_not, bluemoon.turn.support: while P1's Hypnotic Rattle is in
    play P2 may play no booster, not even a FREE one; a support is still allowed."""
    hand = ["ledinemras_the_monk", "battling_boomerang", "sudden_waterspout", "tome_of_wisdom"]
    st = _rattled({"hand": hand})
    assert "boost sudden_waterspout" not in legal(st)
    play(st, "char ledinemras_the_monk")
    assert not any(t.startswith("boost") for t in legal(st))
    assert "support tome_of_wisdom" in legal(st)


def test_hypnotic_rattle_beats_a_permission_for_any_number_of_boosters() -> None:
    """bluemoon.special.you_may_not, bluemoon.special.rule1: Commence Mega Launch (P2 may
    play any number of boosters this turn) does not lift the Rattle's prohibition."""
    hand = ["commence_mega_launch", "ledinemras_the_monk", "battling_boomerang"]
    st = _rattled({"people": "flit", "hand": hand}, pending={"kind": "lead", "seat": "P2"})
    play(st, "lead commence_mega_launch", "char ledinemras_the_monk")
    assert "boost battling_boomerang" not in legal(st)


def test_hypnotic_rattle_ignored_or_own_side() -> None:
    """bluemoon.special.ignore, bluemoon.special.reading: once P2's Flitterflutter ignores
    P1's supports the Rattle forbids nothing; the Rattle never binds its own player."""
    hand = ["flitterflutter", "battling_boomerang"]
    st = _rattled({"people": "flit", "hand": hand})
    play(st, "char flitterflutter")
    assert "boost battling_boomerang" in legal(st)
    st = later(
        {"hand": ["spark", "hail_of_arrows"], "combat": at(1, "torch")}
        | {"support": at(1, "hypnotic_rattle")},
        {"hand": ["volca"], "combat": at(2, "sear")},
    )
    play(st, "char spark")
    assert "boost hail_of_arrows" in legal(st)


# --- leadership ------------------------------------------------------------------------------
def _lead(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> BlueMoonState:
    """P1's third turn (fight turn 5) in its leadership phase; Torch covered, Spark active,
    Menacing Wardance in support; P2 at Volca (5 Fire)."""
    return later(
        {
            "turns": 3,
            "combat": at(1, "torch", active=False) + at(3, "spark"),
            "support": at(3, "menacing_wardance"),
            **p1,
        },
        {"turns": 2, "hand": ["sear"], "combat": at(4, "volca"), **(p2 or {})},
        fight_turn=5,
        pending={"kind": "lead", "seat": "P1"},
    )


def test_call_spirit_of_the_battlefield_takes_back_any_combat_card() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership, bluemoon.discard.leadership:
    the leadership card goes on the leader pile; the player may take any one card of the
    combat area (covered or not; not the support area) back into hand."""
    st = _lead({"hand": ["call_spirit_of_the_battlefield", "glimmer"]})
    play(st, "lead call_spirit_of_the_battlefield")
    assert ids(st, st.leaders[0]) == ["call_spirit_of_the_battlefield"]
    assert legal(st) == {"pick torch", "pick spark", "stop"}
    play(st, "pick torch")
    assert ids(st, st.combat[0]) == ["spark"] and "torch" in ids(st, st.hands[0])
    assert st.pending == ("play", 0) and "char torch" in legal(st)


def test_call_spirit_of_the_battlefield_may_stop_and_may_be_forbidden() -> None:
    """bluemoon.cards.special_text, bluemoon.special.you_may_not: "stop" takes nothing back;
    with P2's Flickering Fires (no leadership cards for P1) it cannot be played."""
    st = _lead({"hand": ["call_spirit_of_the_battlefield", "glimmer"]})
    play(st, "lead call_spirit_of_the_battlefield", "stop")
    assert ids(st, st.combat[0]) == ["torch", "spark"] and st.pending == ("play", 0)
    st = _lead(
        {"hand": ["call_spirit_of_the_battlefield", "glimmer"]},
        {"people": "vulca", "support": at(2, "flickering_fires")},
    )
    assert legal(st) == {"no_lead"}


def test_call_spirit_of_the_underworld_takes_a_discarded_card_shown() -> None:
    """bluemoon.cards.special_text, bluemoon.discard.return: the player picks one card of
    the discard pile, shows it and takes it; leadership cards (on the leader pile) are
    never offered."""
    st = _lead(
        {
            "hand": ["call_spirit_of_the_underworld", "glimmer"],
            "discard": ["volca", "blaze"],
            "leadership": ["call_spirit_of_the_battlefield"],
        }
    )
    play(st, "lead call_spirit_of_the_underworld")
    assert legal(st) == {"pick volca", "pick blaze", "stop"}
    play(st, "pick volca")
    assert ids(st, st.discards[0]) == ["blaze"] and "volca" in ids(st, st.hands[0])
    assert shown_to_p2(st) == ["volca"]
    assert ids(st, st.leaders[0]) == [
        "call_spirit_of_the_battlefield",
        "call_spirit_of_the_underworld",
    ]
    play(st, "char volca", "done")
    assert announced(st) == [(0, 7, FIRE)]


def test_call_spirit_of_the_underworld_may_take_nothing() -> None:
    """bluemoon.cards.special_text: taking a card is optional."""
    st = _lead({"hand": ["call_spirit_of_the_underworld", "glimmer"], "discard": ["volca"]})
    play(st, "lead call_spirit_of_the_underworld", "stop")
    assert ids(st, st.discards[0]) == ["volca"] and ids(st, st.hands[0]) == ["glimmer"]


# --- the guests ---------------------------------------------------------------------------------
def test_pulsating_shockwave_a_retrieve_support() -> None:
    """bluemoon.turn.support, bluemoon.icon.retrieve, bluemoon.cards.values: Pulsating
    Shockwave (Hoax, 2 / 1) counts from the support area; at the start of P1's next turn
    it may go back to hand and be played again at once."""
    st = reply(
        {
            "turns": 2,
            "hand": ["virgin_of_pure_fire", "glimmer"],
            "combat": at(1, "torch", active=False) + at(3, "spark"),
            "support": at(3, "pulsating_shockwave"),
        },
        {"turns": 2, "hand": ["lavar_the_powerful", "fireblast"], "combat": at(2, "sear")},
        fight_turn=4,
    )
    assert tot(st, 0) == 6
    play(st, "char lavar_the_powerful", "boost fireblast", "done")
    assert st.pending == ("retrieve", 0)
    assert legal(st) == {"retrieve pulsating_shockwave", "on"}
    play(st, "retrieve pulsating_shockwave")
    assert st.support[0] == [] and "pulsating_shockwave" in ids(st, st.hands[0])
    play(st, "char virgin_of_pure_fire", "support pulsating_shockwave", "done")
    assert announced(st)[-1] == (0, 8, FIRE)


def test_pulsating_shockwave_blocked_by_an_opponents_retrieve_card() -> None:
    """bluemoon.icon.retrieve.exception: Peckswift (RETRIEVE) active in P2's combat area:
    the Shockwave cannot be taken back."""
    st = reply(
        {
            "turns": 2,
            "hand": ["virgin_of_pure_fire", "glimmer"],
            "combat": at(1, "torch", active=False) + at(3, "spark"),
            "support": at(3, "pulsating_shockwave"),
        },
        {"people": "flit", "turns": 2, "hand": ["peckswift", "fireblast"], "combat": at(2, "sear")},
        fight_turn=4,
    )
    play(st, "char peckswift", "boost fireblast", "done")
    assert st.active == 0 and st.pending[0] != "retrieve"
    assert "retrieve pulsating_shockwave" not in legal(st)


def test_noproblem_plays_with_its_no_gang() -> None:
    """bluemoon.icon.gang, bluemoon.icon.gang.continue, bluemoon.cards.values: NoProblem
    (Khind, No gang, 2 / 2) opens with NoNo in one turn (5 Fire); an ordinary character may
    not join; on a later turn NoStopping keeps both active."""
    st = table({"hand": ["noproblem", "nono", "spark"]}, {"hand": ["sear"]})
    play(st, "char noproblem fire")
    assert "char nono" in legal(st) and "char spark" not in legal(st)
    play(st, "char nono", "done")
    assert announced(st) == [(0, 5, FIRE)]
    st = later(
        {"hand": ["nostopping"], "combat": at(1, "noproblem", "nono")},
        {"hand": ["volca"], "combat": at(2, "torch")},
        element="earth",
    )
    play(st, "char nostopping", "done")
    assert active_combat(st, 0) == ["noproblem", "nono", "nostopping"]
    assert announced(st) == [(0, 2 + 1 + 3, EARTH)]


def _neth(p2_combat: list[dict[str, Any]]) -> BlueMoonState:
    """P1's third turn holding Neth-sur-Pot; P2 has Trebuchet of Fear in support."""
    return later(
        {
            "turns": 3,
            "hand": ["neth_sur_pot", "hail_of_arrows", "stars_shining"],
            "combat": at(3, "spark"),
        },
        {"turns": 2, "hand": ["volca"], "combat": p2_combat}
        | {"support": at(2, "trebuchet_of_fear")},
        fight_turn=5,
    )


def test_neth_sur_pot_allowed_against_three_active_cards() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element, bluemoon.icon.shield,
    bluemoon.icon.stop: against three active P2 cards Neth-sur-Pot may be played; the fight
    turns from Fire to Earth; its 5 stands below P2's 8 Earth thanks to its shields; STOP
    ends the card play."""
    st = _neth(at(4, "lavar_the_powerful", "earthblast"))
    assert "char neth_sur_pot" in legal(st)
    play(st, "char neth_sur_pot")  # STOP: only "done" is left, the turn ends by itself
    assert st.element == EARTH and tot(st, 1) == 4 + 3 + 1 and tot(st, 0) == 5
    assert st.active == 1 and ids(st, st.hands[0])[:2] == ["hail_of_arrows", "stars_shining"]
    assert announced(st) == [(0, 5, EARTH)]


def test_neth_sur_pot_refused_against_two_active_cards() -> None:
    """bluemoon.cards.mutant: with only two active P2 cards (the booster covered) the mutant
    may not be played."""
    st = _neth(at(2, "lavar_the_powerful", "earthblast", active=False) + at(4, "volca"))
    assert "char neth_sur_pot" not in legal(st)


def test_neth_sur_pot_toggles_earth_to_fire() -> None:
    """bluemoon.cards.mutant.element: played in an Earth fight it turns it to Fire."""
    st = later(
        {"turns": 3, "hand": ["neth_sur_pot", "glimmer"], "combat": at(3, "torch")},
        {"turns": 2, "hand": ["volca"], "combat": at(4, "catusan", "earthblast")}
        | {"support": at(2, "trebuchet_of_fear")},
        element="earth",
        fight_turn=5,
    )
    play(st, "char neth_sur_pot", "done")
    assert st.element == FIRE and announced(st) == [(0, 5, FIRE)]


def test_cardus_nikkus_discards_a_card_from_the_opponents_hand() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule10_own_cards,
    bluemoon.special.rule11_penalty: played, Cardus Nikkus (Pillar, 2 / 2) takes a card from
    P2's hand (at random, R18) onto P2's own discard pile, face up; a card was revealed, so
    a short total can no longer be undone."""
    st = mine(["cardus_nikkus", "hail_of_arrows"])
    play(st, "char cardus_nikkus", "draw 1")
    assert st.hands[1] == [] and ids(st, st.discards[1]) == ["volca"]
    assert GAME.observe(st, 0)["other_discard_top"] == "volca"
    assert tot(st, 0) == 2 and "concede" in legal(st) and "undo" not in legal(st)
    play(st, "boost hail_of_arrows", "done")
    assert announced(st) == [(0, 4, FIRE)]


def test_cardus_nikkus_ignored_text_takes_nothing() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: with P2's Laughing Gas the
    text of Cardus Nikkus is ignored: P2 keeps its hand."""
    st = later(
        {"hand": ["cardus_nikkus", "hail_of_arrows"], "combat": at(1, "torch")},
        {"people": "khind", "hand": ["volca"], "combat": at(2, "sear")}
        | {"support": at(2, "laughing_gas")},
    )
    play(st, "char cardus_nikkus")
    assert ids(st, st.hands[1]) == ["volca"] and st.discards[1] == []
    assert "undo" in legal(st)


def test_neth_sur_pot_shields_ignored_by_impenetrable_fog() -> None:
    """bluemoon.special.ignore, bluemoon.icon.shield, bluemoon.icon.stop,
    bluemoon.special.rule11: P2's Impenetrable Fog ignores P1's icons except STOP: the
    mutant's shields no longer spare it, 5 Earth cannot stand against 8, STOP still bars
    further cards, so the cards go back and, back at «Сдаться?», P1 retreats (R2)."""
    st = later(
        {
            "turns": 3,
            "hand": ["neth_sur_pot", "hail_of_arrows"],
            "combat": at(3, "spark"),
        },
        {"people": "terrah", "turns": 2, "hand": ["volca"]}
        | {"combat": at(4, "lavar_the_powerful", "earthblast")}
        | {"support": at(2, "trebuchet_of_fear", "impenetrable_fog")},
        fight_turn=5,
    )
    play(st, "char neth_sur_pot")
    assert [e.kind for e in st.log or []][:4] == ["element", "play", "undo", "element"]
    assert st.element == 0 and "retreat" in legal(st)  # the element is Fire again
    play(st, "retreat")
    assert st.dragons == [0, 1] and announced(st) == [] and st.fight == 2
    assert "neth_sur_pot" in ids(st, st.hands[0])
