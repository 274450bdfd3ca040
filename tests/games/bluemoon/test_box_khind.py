"""The Khind deck box, card by card: PitPan and the 30 playing cards (with the Aqua, Hoax
and Mimix guests and the mutant Den-bal-Ton), each played on a small position.

P1 plays the Khind cards unless a test says otherwise; vanilla cards of the other boxes
fill the positions. Readings taken from docs/rulings/bluemoon.md are named (R9, R15, R18,
R20, R23).
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
DECK1 = [
    "torch",
    "shimmer",
    "glimmer",
    "blaze",
    "furnace",
    "lavar_the_powerful",
    "spark",
    "ignite",
    "sear",
    "volca",
    "scorch_the_inflammable",
    "flamebreath_the_dazzling",
]
DECK2 = [
    "wogarathoras_the_gloomy",
    "athradysas_the_seeker",
    "ledinemras_the_monk",
    "zedemikras_the_brain",
    "nirwadas_the_traveler",
    "vetraskedas_the_sceptic",
    "penemikanas_the_paranoid",
    "helkomedes_the_rhetorician",
]


def table(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """A fight position; by default P1 (Khind) starts fight 1 and is on its first turn."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "khind", "turns": 1, "deck": DECK1, **p1},
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
    """P2's first turn (fight turn 2), answering P1's opening (P1 holding two cards, so
    that its next turn does not play itself)."""
    p1 = {"hand": ["volca", "glimmer"], **p1}
    return table(p1, {"turns": 1, **p2}, element=element, active="P2", **({"fight_turn": 2} | top))


def probe(st: BlueMoonState) -> BlueMoonState:
    """A copy to try a line of play on."""
    c = st.clone()
    c.log = []
    return c


# --- the leader ---------------------------------------------------------------------------
def test_pitpan_is_the_khind_leader_and_never_dealt() -> None:
    """bluemoon.setup.leader, bluemoon.setup.decks, bluemoon.cards.types: PitPan is the
    Khind leader card; the deck is the 30 other cards and the leader is never dealt, nor
    can it stand in a position as a playing card."""
    leader = GAME.db.leader("khind")
    assert leader.id == "pitpan" and leader.people == "khind" and leader.type == "leader"
    deck = GAME.db.deck("khind")
    assert len(deck) == 30 and "pitpan" not in deck
    st = GAME.new_game({"peoples": ["khind", "vulca"], "first": 0}, 5)
    assert "pitpan" not in st.card_ids
    assert sorted(ids(st, st.hands[0] + st.decks[0])) == sorted(deck)
    with pytest.raises(PositionError):
        table({"hand": ["pitpan", "nono"]}, {"hand": ["sear"]})


# --- the Cool gang: the opponent's printed values reduced -----------------------------------
def test_coolcat_zeroes_the_odd_values_of_the_opponents_characters() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.protected: with CoolCat active, Volca's
    printed 5 Fire counts 0 and cannot answer CoolCat's 2; Spark's even 4 counts; boosters
    are not touched (Fireblast's 3 stays); a PROTECTED character keeps its odd 5."""
    st = reply({"combat": at(1, "coolcat")}, {"hand": ["volca", "spark", "fireblast"]})
    assert tot(st, 0) == 2
    odd = probe(st)
    play(odd, "char volca")
    assert tot(odd, 1) == 0 and "done" not in legal(odd)
    play(odd, "boost fireblast", "done")
    assert announced(odd) == [(1, 3, FIRE)]
    even = probe(st)
    play(even, "char spark")
    assert tot(even, 1) == 4 and "done" in legal(even)
    st = reply(
        {"combat": at(1, "coolcat")},
        {"people": "aqua", "hand": ["giant_octopus", "fireblast"]},
    )
    play(st, "char giant_octopus")
    assert tot(st, 1) == 5


def test_coolcat_text_ignored_by_laughing_gas() -> None:
    """bluemoon.special.ignore, bluemoon.cards.special_text: the opponent's Laughing Gas
    ignores CoolCat's text: Volca's 5 Fire counts again."""
    st = reply(
        {"combat": at(1, "coolcat")},
        {"hand": ["volca", "laughing_gas"]},
    )
    play(st, "char volca")
    assert tot(st, 1) == 0
    play(st, "support laughing_gas", "done")
    assert announced(st) == [(1, 5, FIRE)]


def test_coolcop_zeroes_the_even_values_of_the_opponents_characters() -> None:
    """bluemoon.cards.special_text: with CoolCop active, Spark's printed 4 Fire counts 0,
    Volca's odd 5 counts; Battling Boomerang (a booster, 2 Fire) is not touched."""
    st = reply({"combat": at(1, "coolcop")}, {"hand": ["spark", "volca", "battling_boomerang"]})
    even = probe(st)
    play(even, "char spark")
    assert tot(even, 1) == 0 and "done" not in legal(even)
    play(even, "boost battling_boomerang", "done")
    assert announced(even) == [(1, 2, FIRE)]
    play(st, "char volca")
    assert tot(st, 1) == 5


def test_coolcop_with_coolcat_as_a_gang() -> None:
    """bluemoon.icon.gang.continue, bluemoon.cards.special_text: CoolCop joins the active
    CoolCat on a later turn (both Cool); together they reduce every printed value of the
    opponent's characters: Spark (4/2) and Volca (5/1) count nothing in either element."""
    for element in ("fire", "earth"):
        st = later(
            {"hand": ["coolcop", "glimmer"], "combat": at(1, "coolcat")},
            {"hand": ["sear"], "combat": at(2, "spark", "volca")},
            element=element,
        )
        assert tot(st, 1) == (4 if element == "fire" else 2)  # CoolCat alone: Spark's even
        play(st, "char coolcop")
        assert active_combat(st, 0) == ["coolcat", "coolcop"]
        assert tot(st, 1) == 0 and tot(st, 0) == 4


def test_coolkid_zeroes_the_odd_values_of_the_opponents_boosters_and_supports() -> None:
    """bluemoon.cards.special_text: with CoolKid active, Fireblast's odd 3 Fire and
    Lightning Bolts' odd 3 Fire count 0; in Earth Fireblast's even 2 counts; characters are
    not touched (Volca keeps 5)."""
    st = reply({"combat": at(1, "coolkid")}, {"hand": ["volca", "fireblast", "lightning_bolts"]})
    play(st, "char volca")
    assert tot(st, 1) == 5
    boost = probe(st)
    play(boost, "boost fireblast", "done")
    assert announced(boost) == [(1, 5, FIRE)]
    play(st, "support lightning_bolts", "done")
    assert announced(st) == [(1, 5, FIRE)]
    st = reply(
        {"combat": at(1, "coolkid")},
        {"hand": ["helkomedes_the_rhetorician", "fireblast"]},
        element="earth",
    )
    play(st, "char helkomedes_the_rhetorician", "boost fireblast", "done")
    assert announced(st) == [(1, 3 + 2, EARTH)]


def test_coolcub_zeroes_the_even_values_of_the_opponents_boosters_and_supports() -> None:
    """bluemoon.cards.special_text: with CoolCub active, Battling Boomerang's even 2 and
    Trebuchet of Fear's even 2 Fire count 0; Fireblast's odd 3 counts; Spark's even 4 (a
    character) is not touched."""
    st = reply(
        {"combat": at(1, "coolcub")},
        {"hand": ["spark", "battling_boomerang", "trebuchet_of_fear", "fireblast"]},
    )
    play(st, "char spark")
    assert tot(st, 1) == 4
    boomerang = probe(st)
    play(boomerang, "boost battling_boomerang", "done")
    assert announced(boomerang) == [(1, 4, FIRE)]
    odd = probe(st)
    play(odd, "boost fireblast", "done")
    assert announced(odd) == [(1, 7, FIRE)]
    play(st, "support trebuchet_of_fear", "done")
    assert announced(st) == [(1, 4, FIRE)]


# --- the Top gang: actions ------------------------------------------------------------------
def test_topgun_draws_one_more_at_the_end_of_the_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.end, bluemoon.turn.refill.modified: with
    TopGun active at the end of its player's turn, one card more after the refill if its
    player wants (R15)."""
    st = later(
        {"hand": ["topgun", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char topgun", "done")
    assert legal(st) == {"draw 1", "stop"}
    play(st, "draw 1")
    assert st.active == 1 and len(st.hands[0]) == 7
    assert len(st.decks[0]) == len(DECK1) - 6


def test_topgun_covered_draws_nothing_more() -> None:
    """bluemoon.turn.character.cover, bluemoon.cards.special_text: a covered TopGun is not
    active: the refill stops at six."""
    st = later(
        {"hand": ["glimmer", "spark"], "combat": at(1, "topgun")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char glimmer", "done")
    assert len(st.hands[0]) == 6


def test_topdog_discards_an_opponents_card_with_an_icon() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.protected: played, TopDog may (once in the
    turn, when its player chooses, R23) discard one of the opponent's active cards showing
    an icon: Battling Boomerang (RETRIEVE) is offered; not the last active character
    (Ciklarethas, RETRIEVE), not a card without icons (Trebuchet of Fear), not a PROTECTED
    one (Ravenous Razorjaw); one card only."""
    st = later(
        {"hand": ["topdog", "glimmer", "fireblast"], "combat": at(1, "torch")},
        {
            "hand": ["sear"],
            "combat": at(2, "ciklarethas_the_bitter", "battling_boomerang"),
            "support": at(2, "trebuchet_of_fear", "ravenous_razorjaw"),
        },
    )
    play(st, "char topdog")
    assert st.pending == ("play", 0) and "use topdog" in legal(st)
    play(st, "use topdog")
    assert legal(st) == {"pick battling_boomerang", "stop"}
    play(st, "pick battling_boomerang")
    assert ids(st, st.discards[1]) == ["battling_boomerang"]
    assert st.pending == ("play", 0)
    assert not any(t.startswith(("pick", "use")) for t in legal(st))


def test_topdog_two_characters_with_icons_and_may_stop() -> None:
    """bluemoon.cards.special_text: with two active characters showing icons (the PAIR
    Wild Gazelle and Wild Antelope) either may go; "may": stop leaves them."""
    st = later(
        {"hand": ["topdog", "glimmer", "fireblast"], "combat": at(1, "torch")},
        {"people": "mimix", "hand": ["sear"], "combat": at(2, "wild_gazelle", "wild_antelope")},
    )
    play(st, "char topdog", "use topdog")
    assert legal(st) == {"pick wild_gazelle", "pick wild_antelope", "stop"}
    kept = probe(st)
    play(kept, "stop")
    assert active_combat(kept, 1) == ["wild_gazelle", "wild_antelope"]
    play(st, "pick wild_antelope")
    assert active_combat(st, 1) == ["wild_gazelle"]


def test_topdog_acts_again_on_its_players_next_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.start: TopDog still active when its
    player's next turn begins may act again, before anything is played (R23)."""
    st = reply(
        {"hand": ["topgun", "glimmer"], "combat": at(1, "topdog")},
        {"hand": ["ciklarethas_the_bitter", "battling_boomerang", "spark"]},
    )
    play(st, "char ciklarethas_the_bitter", "boost battling_boomerang", "done")
    assert st.active == 0 and st.pending == ("play", 0) and "use topdog" in legal(st)
    play(st, "use topdog")
    assert legal(st) == {"pick battling_boomerang", "stop"}
    play(st, "pick battling_boomerang")
    assert st.pending == ("play", 0) and tot(st, 1) == 3


def test_topnotch_discards_an_opponents_booster_or_support() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.protected: played, TopNotch may discard
    one active booster or support of the opponent (Fireblast, Trebuchet of Fear), never a
    character nor a PROTECTED support; "may": stop."""
    st = later(
        {"hand": ["topnotch", "glimmer", "hail_of_arrows"], "combat": at(1, "torch")},
        {
            "hand": ["sear"],
            "combat": at(2, "sear", "fireblast"),
            "support": at(2, "trebuchet_of_fear", "ravenous_razorjaw"),
        },
    )
    play(st, "char topnotch", "use topnotch")
    assert legal(st) == {"pick fireblast", "pick trebuchet_of_fear", "stop"}
    kept = probe(st)
    play(kept, "stop")
    assert ids(kept, kept.discards[1]) == [] and kept.pending == ("play", 0)
    play(st, "pick trebuchet_of_fear")
    assert ids(st, st.discards[1]) == ["trebuchet_of_fear"]
    assert ids(st, st.support[1]) == ["ravenous_razorjaw"]
    assert tot(st, 1) == 4 + 3 + 3


def test_topnotch_text_ignored_by_laughing_gas() -> None:
    """bluemoon.special.ignore: against the opponent's Laughing Gas, TopNotch's text is
    ignored: no discarding is offered (not even of the Gas itself)."""
    st = later(
        {"hand": ["topnotch", "glimmer", "hail_of_arrows"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch", "fireblast"), "support": at(2, "laughing_gas")},
    )
    play(st, "char topnotch")
    assert st.pending == ("play", 0)
    assert not any(t.startswith(("pick", "use")) for t in legal(st))


def test_topbanana_makes_the_opponent_discard_at_the_end_of_the_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.end: at the end of TopBanana's player's
    turn, after the refill (R23), its player may make the opponent discard one hand card
    of their own choice (R18)."""
    st = later(
        {"hand": ["topbanana", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["spark", "blaze"], "combat": at(2, "torch")},
    )
    play(st, "char topbanana", "done")
    assert len(st.hands[0]) == 6
    assert st.pending == ("task", 0) and legal(st) == {"yes", "stop"}
    play(st, "yes")
    assert st.pending == ("task", 1)
    assert legal(st) == {"pick spark", "pick blaze"}
    play(st, "pick blaze")
    assert ids(st, st.discards[1]) == ["blaze"] and ids(st, st.hands[1]) == ["spark"]
    assert st.pending == ("play", 1)


def test_topshot_mills_the_opponents_top_card() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.end: at the end of TopShot's player's
    turn the top card of the opponent's deck may be discarded ("yes"), or not ("stop");
    this comes after the refill and before the extra draws (Oath of Khindship, R23), which
    its player may take or not (R15)."""
    st = later(
        {
            "hand": ["topshot", "glimmer"],
            "combat": at(1, "torch"),
            "support": at(1, "oath_of_khindship"),
        },
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char topshot", "done")
    assert st.pending == ("task", 0) and legal(st) == {"yes", "stop"}
    assert len(st.hands[0]) == 6  # refilled, the extra card not drawn yet
    kept = probe(st)
    play(kept, "stop")
    assert kept.discards[1] == [] and len(kept.decks[1]) == len(DECK2)
    play(st, "yes")
    assert ids(st, st.discards[1]) == [DECK2[0]] and len(st.decks[1]) == len(DECK2) - 1
    assert legal(st) == {"draw 1", "stop"}
    play(st, "draw 1")
    assert len(st.hands[0]) == 7 and st.pending == ("play", 1)


# --- the Fun gang -------------------------------------------------------------------------
def _vanilla(card: str, fire: int, earth: int, mate: str, stranger: str) -> None:
    """A vanilla gang character: its printed value counts in each element, it covers an
    earlier non-gang character, a member of its gang may join it in the same turn (and an
    active one from an earlier turn stays active), another gang's member may not."""
    db = GAME.db
    for element, value in (("fire", fire), ("earth", earth)):
        st = later(
            {"hand": [card, mate, stranger], "combat": at(1, "torch")},
            {"hand": ["sear"], "combat": at(2, "silento_sol")},
            element=element,
        )
        play(st, f"char {card}")
        assert active_combat(st, 0) == [card]
        assert tot(st, 0) == value
        assert f"char {mate}" in legal(st) and f"char {stranger}" not in legal(st)
        alone = probe(st)
        play(alone, "done")
        assert announced(alone) == [(0, value, FIRE if element == "fire" else EARTH)]
        play(st, f"char {mate}")
        assert active_combat(st, 0) == [card, mate]
        assert tot(st, 0) == value + db.cards[mate].value(FIRE if element == "fire" else EARTH)
    st = later(
        {"hand": [card, "glimmer"], "combat": at(1, mate)},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, f"char {card}")
    assert active_combat(st, 0) == [mate, card]
    st = later(
        {"hand": [card, "glimmer"], "combat": at(1, stranger)},
        {"hand": ["sear"], "combat": at(2, "silento_sol")},
    )
    play(st, f"char {card}")
    assert active_combat(st, 0) == [card]


def test_funfair_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: FunFair, 3 Fire / 2 Earth, Fun gang."""
    _vanilla("funfair", 3, 2, "funflop", "nono")


def test_funflop_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: FunFlop, 2 Fire / 3 Earth, Fun gang."""
    _vanilla("funflop", 2, 3, "funflap", "topgun")


def test_funflap_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: FunFlap, 3 Fire / 1 Earth, Fun gang."""
    _vanilla("funflap", 3, 1, "funflip", "coolcat")


def test_funflip_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: FunFlip, 1 Fire / 3 Earth, Fun gang."""
    _vanilla("funflip", 1, 3, "funfair", "norespect")


def test_funfun_doubles_its_players_characters() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.gang: FunFun (0/0) with FunFair doubles
    the characters: (3 + 0) x 2 = 6 Fire; the booster Fireblast is not doubled: 9."""
    st = later(
        {"hand": ["funfair", "funfun", "fireblast"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "char funfair")
    assert tot(st, 0) == 3
    play(st, "char funfun")
    assert active_combat(st, 0) == ["funfair", "funfun"]
    assert tot(st, 0) == 6
    play(st, "boost fireblast", "done")
    assert announced(st) == [(0, 9, FIRE)]


def test_funfun_doubling_comes_before_coolcats_reduction() -> None:
    """bluemoon.special.rule7, bluemoon.cards.special_text: against CoolCat, FunFlop's
    printed 2 Fire doubles to 4, FunFlap's printed odd 3 is doubled and then reduced to 0."""
    st = later(
        {"hand": ["funflop", "funflap", "funfun"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "coolcat")},
    )
    play(st, "char funflop", "char funflap", "char funfun")
    assert tot(st, 0) == 4


def test_funfun_text_ignored_by_laughing_gas() -> None:
    """bluemoon.special.ignore: with the opponent's Laughing Gas active, FunFun's text is
    ignored: FunFair counts its printed 3."""
    st = later(
        {"hand": ["funfair", "funfun"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch"), "support": at(2, "laughing_gas")},
    )
    play(st, "char funfair", "char funfun")
    assert tot(st, 0) == 3


# --- the No gang --------------------------------------------------------------------------
def test_nono_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: NoNo, 3 Fire / 1 Earth, No gang."""
    _vanilla("nono", 3, 1, "nostopping", "funfair")


def test_nostopping_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: NoStopping, 1 Fire / 3 Earth, No gang."""
    _vanilla("nostopping", 1, 3, "nostyle", "topdog")


def test_nostyle_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: NoStyle, 3 Fire / 0 Earth, No gang."""
    _vanilla("nostyle", 3, 0, "nobrains", "coolcop")


def test_nobrains_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: NoBrains, 0 Fire / 3 Earth, No gang."""
    _vanilla("nobrains", 0, 3, "noclue", "funflip")


def test_noclue_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: NoClue, 2 Fire / 1 Earth, No gang."""
    _vanilla("noclue", 2, 1, "noclass", "topnotch")


def test_noclass_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: NoClass, 1 Fire / 2 Earth, No gang."""
    _vanilla("noclass", 1, 2, "norespect", "coolkid")


def test_norespect_values_cover_and_gang() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.gang,
    bluemoon.icon.gang.continue: NoRespect, 1 Fire / 1 Earth, No gang."""
    _vanilla("norespect", 1, 1, "nono", "funflap")


def test_a_no_gang_of_three_in_one_turn() -> None:
    """bluemoon.icon.gang, bluemoon.turn.character.several: NoNo, NoStyle and NoClue in
    one turn all count: 3 + 3 + 2 Fire."""
    st = later(
        {"hand": ["nono", "nostyle", "noclue"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "char nono", "char nostyle", "char noclue", "done")
    assert announced(st) == [(0, 8, FIRE)]


# --- the supports -------------------------------------------------------------------------
def test_gluing_dust_lets_the_opponent_take_one_card_a_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.refill.modified: with Gluing Dust active,
    the opponent refills only one card on their turn; its player's own refill is not
    limited."""
    st = reply(
        {"hand": ["volca"], "combat": at(1, "nono"), "support": at(1, "gluing_dust")},
        {"hand": ["spark", "blaze", "torch"]},
    )
    play(st, "char spark", "done")
    assert len(st.hands[1]) == 3  # two left, one taken
    play(st, "char volca", "done")
    assert st.active == 1 and len(st.hands[0]) == 6


def test_gluing_dust_beats_a_leadership_draw() -> None:
    """bluemoon.special.you_may_not, bluemoon.turn.leadership: Muster Reinforcements lets
    the opponent draw five, but Gluing Dust allows one card that turn; the refill then
    takes none."""
    st = reply(
        {"combat": at(1, "nono"), "support": at(1, "gluing_dust")},
        {"hand": ["muster_reinforcements", "spark", "blaze"]},
        pending={"kind": "lead", "seat": "P2"},
    )
    play(st, "lead muster_reinforcements")
    assert legal(st) == {"draw 1", "stop"}
    play(st, "draw 1")
    assert len(st.hands[1]) == 3
    play(st, "char spark", "done")
    assert len(st.hands[1]) == 2


def test_laughing_gas_ignores_the_opponents_texts_not_values() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore, bluemoon.special.you_may_not:
    with Laughing Gas active, the opponent's Pandemonium ("no supports") is ignored; the
    opponent's values still count (Volca 5 + Flickering Fires 1); without the Gas the
    support is refused."""
    p2 = {"people": "vulca", "hand": ["sear"], "combat": at(2, "volca")}
    p2["support"] = at(2, "pandemonium", "flickering_fires")
    st = later({"hand": ["glimmer", "lightning_bolts"], "combat": at(1, "torch")}, p2)
    play(st, "char glimmer")
    assert "support lightning_bolts" not in legal(st)
    st = later(
        {
            "hand": ["glimmer", "lightning_bolts"],
            "combat": at(1, "torch"),
            "support": at(1, "laughing_gas"),
        },
        p2,
    )
    play(st, "char glimmer")
    assert "support lightning_bolts" in legal(st)
    assert tot(st, 1) == 6


def test_laughing_gas_ignores_a_leadership_text() -> None:
    """bluemoon.special.ignore, bluemoon.turn.leadership: against Laughing Gas, Muster
    Reinforcements draws nothing (it still goes onto the leader pile)."""
    st = reply(
        {"combat": at(1, "nono"), "support": at(1, "laughing_gas")},
        {"hand": ["muster_reinforcements", "spark", "blaze"]},
        pending={"kind": "lead", "seat": "P2"},
    )
    play(st, "lead muster_reinforcements")
    assert len(st.hands[1]) == 2
    assert ids(st, st.leaders[1]) == ["muster_reinforcements"]


def test_laughing_gas_spares_flit_characters_only() -> None:
    """bluemoon.special.ignore: a Flit character keeps its text against Laughing Gas (Hank
    Highflyer Hawk still ignores the Khind characters); a Flit booster does not (Launch
    Sloth Gas: its player retreating still gives the full dragon)."""
    st = reply(
        {"combat": at(1, "nono"), "support": at(1, "laughing_gas")},
        {"people": "flit", "hand": ["hank_highflyer_hawk", "fireblast"]},
    )
    play(st, "char hank_highflyer_hawk")
    assert tot(st, 0) == 0 and "done" in legal(st)

    def sloth(gas: bool) -> BlueMoonState:
        p1 = {"turns": 2, "hand": ["glimmer"], "combat": at(1, "torch", active=False)}
        p1["combat"] += at(3, "nono")
        if gas:
            p1["support"] = at(1, "laughing_gas")
        return table(
            p1,
            {
                "people": "flit",
                "turns": 2,
                "hand": ["sear"],
                "combat": at(2, "peckswift", "launch_sloth_gas"),
            },
            element="fire",
            active="P2",
            fight_turn=4,
        )

    st = sloth(gas=False)
    play(st, "retreat")
    assert st.dragons == [0, 0]
    st = sloth(gas=True)
    play(st, "retreat")
    assert st.dragons == [1, 0]


def test_laughing_gas_leaves_icons_working() -> None:
    """bluemoon.special.ignore, bluemoon.icon.shield: Laughing Gas takes texts only: the
    opponent's Inscrutable Armor still shields Torch's 1 Fire against 5."""
    st = reply(
        {"combat": at(1, "volca"), "support": at(1, "laughing_gas")},
        {"hand": ["torch", "inscrutable_armor"]},
    )
    play(st, "char torch")
    assert "done" not in legal(st)
    play(st, "boost inscrutable_armor", "done")
    assert announced(st) == [(1, 1, FIRE)]


def test_oath_of_khindship_draws_one_more_each_turn() -> None:
    """bluemoon.turn.support, bluemoon.cards.special_text, bluemoon.turn.end: Oath of
    Khindship goes into the support area and, active for the fight, draws one card more
    after the refill at the end of each of its player's turns, if its player wants (R15)."""
    st = later(
        {"hand": ["spark", "oath_of_khindship", "volca"], "combat": at(1, "torch")},
        {"hand": ["sear", "blaze"], "combat": at(2, "torch")},
    )
    play(st, "char spark", "support oath_of_khindship")
    assert ids(st, st.support[0]) == ["oath_of_khindship"]
    play(st, "done", "draw 1")
    assert len(st.hands[0]) == 7
    play(st, "char sear", "done")
    play(st, "char volca", "done", "draw 1")
    assert len(st.hands[0]) == 7  # seven held, one played, no refill at six, one more


def test_fearsome_chant_one_fewer_dragon_when_its_player_retreats() -> None:
    """bluemoon.fight.win.modifiers, bluemoon.cards.special_text: its player retreating,
    the winner attracts one dragon fewer: none, or one instead of two with six cards."""
    st = later(
        {"people": "mimix", "hand": ["glimmer"], "combat": at(1, "torch")}
        | {"support": at(1, "fearsome_chant")},
        {"hand": ["sear"], "combat": at(2, "volca")},
    )
    play(st, "retreat")
    assert st.dragons == [0, 0]
    six = at(2, "volca", "sear", "spark", "blaze", "furnace", active=False)
    st = later(
        {"people": "mimix", "hand": ["glimmer"], "combat": at(1, "torch"), "dragons": 1}
        | {"support": at(1, "fearsome_chant")},
        {"hand": ["sear"], "combat": six + at(2, "lavar_the_powerful")},
    )
    play(st, "retreat")
    assert st.dragons == [0, 0]  # two less one: P1's dragon goes back to the centre


def test_fearsome_chant_not_when_the_opponent_retreats() -> None:
    """bluemoon.fight.win.modifiers: when the opponent retreats, its player attracts the
    usual dragon."""
    st = reply(
        {"combat": at(1, "volca"), "support": at(1, "fearsome_chant")},
        {"hand": ["torch"]},
    )
    play(st, "retreat")
    assert st.dragons == [1, 0]


# --- the leadership cards -----------------------------------------------------------------
def test_blow_whistle_of_friendship_takes_a_deck_card() -> None:
    """bluemoon.turn.leadership, bluemoon.turn.leadership.pile, bluemoon.cards.special_text:
    on the leader pile, Blow Whistle of Friendship lets its player take any one card of
    their deck into hand, shown to the opponent; or stop."""
    st = later(
        {"hand": ["blow_whistle_of_friendship", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch")},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead blow_whistle_of_friendship")
    assert ids(st, st.leaders[0]) == ["blow_whistle_of_friendship"]
    assert st.pending == ("task", 0)
    assert legal(st) == {f"pick {c}" for c in DECK1} | {"stop"}
    kept = probe(st)
    play(kept, "stop")
    assert ids(kept, kept.hands[0]) == ["glimmer"] and kept.pending == ("play", 0)
    assert sorted(ids(kept, kept.decks[0])) == sorted(DECK1)
    assert ids(kept, kept.decks[0]) != ids(st, st.decks[0])  # reshuffled all the same
    play(st, "pick flamebreath_the_dazzling")
    assert sorted(ids(st, st.hands[0])) == ["flamebreath_the_dazzling", "glimmer"]
    c = next(i for i in st.hands[0] if st.card_ids[i] == "flamebreath_the_dazzling")
    assert st.public[c] == 1
    assert sorted(ids(st, st.decks[0])) == sorted(DECK1[:-1])
    assert st.pending == ("play", 0)


def test_blow_whistle_of_friendship_refused_by_a_leadership_ban() -> None:
    """bluemoon.special.you_may_not: the opponent's Flickering Fires forbids leadership
    cards: Blow Whistle of Friendship cannot be played."""
    st = later(
        {"hand": ["blow_whistle_of_friendship", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch"), "support": at(2, "flickering_fires")},
        pending={"kind": "lead", "seat": "P1"},
    )
    assert "lead blow_whistle_of_friendship" not in legal(st)


def test_open_lucky_bag_of_life_draws_three_from_the_discard_pile() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership: its player may take up to
    three cards of the shuffled discard pile into hand, or none ("stop"); the opponent's
    Gluing Dust does not limit it (no card comes from the deck)."""
    discard = ["spark", "blaze", "volca", "sear"]
    st = later(
        {
            "hand": ["open_lucky_bag_of_life", "glimmer"],
            "combat": at(1, "torch"),
            "discard": discard,
        },
        {"hand": ["sear"], "combat": at(2, "torch"), "support": at(2, "gluing_dust")},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead open_lucky_bag_of_life")
    assert ids(st, st.leaders[0]) == ["open_lucky_bag_of_life"]
    assert legal(st) == {"draw 1", "draw 2", "draw 3", "stop"}
    kept = probe(st)
    play(kept, "stop")
    assert len(kept.hands[0]) == 1 and len(kept.discards[0]) == 4
    play(st, "draw 3")
    assert len(st.hands[0]) == 4 and len(st.discards[0]) == 1
    assert sorted(ids(st, st.hands[0] + st.discards[0])) == sorted([*discard, "glimmer"])
    assert len(st.decks[0]) == len(DECK1)


def test_open_lucky_bag_of_life_with_a_short_pile() -> None:
    """bluemoon.special.rule4: with two cards on the discard pile at most both are taken."""
    st = later(
        {
            "hand": ["open_lucky_bag_of_life", "glimmer"],
            "combat": at(1, "torch"),
            "discard": ["spark", "blaze"],
        },
        {"hand": ["sear"], "combat": at(2, "torch")},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead open_lucky_bag_of_life")
    assert legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 2")
    assert sorted(ids(st, st.hands[0])) == ["blaze", "glimmer", "spark"]
    assert st.discards[0] == []


def test_drown_resistance_discards_all_but_one_character() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.protected: Drown Resistance (Aqua)
    discards all the opponent's active combat cards but the one active character its
    player chooses to leave (R20); supports and covered cards are not in reach."""
    st = later(
        {"hand": ["drown_resistance", "glimmer"], "combat": at(1, "torch")},
        {
            "people": "khind",
            "hand": ["sear"],
            "combat": at(2, "funfair", "funflop", "fireblast"),
            "support": at(2, "trebuchet_of_fear"),
        },
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead drown_resistance")
    assert legal(st) == {"pick funfair", "pick funflop", "stop"}
    play(st, "pick funflop")  # FunFlop stays, the rest goes
    assert st.pending == ("play", 0)
    assert active_combat(st, 1) == ["funflop"]
    assert sorted(ids(st, st.discards[1])) == ["fireblast", "funfair"]
    assert ids(st, st.support[1]) == ["trebuchet_of_fear"]
    assert ids(st, st.leaders[0]) == ["drown_resistance"]


def test_drown_resistance_spares_protected_cards_and_may_stop() -> None:
    """bluemoon.icon.protected, bluemoon.cards.special_text: a PROTECTED character stays
    whichever character is left; leaving it, the other one goes; "may": stop at once."""
    st = later(
        {"hand": ["drown_resistance", "glimmer"], "combat": at(1, "torch")},
        {"people": "aqua", "hand": ["sear"], "combat": at(2, "kelp_leech", "sear")},
        pending={"kind": "lead", "seat": "P1"},
    )
    play(st, "lead drown_resistance")
    assert legal(st) == {"pick kelp_leech", "pick sear", "stop"}
    kept = probe(st)
    play(kept, "stop")
    assert active_combat(kept, 1) == ["kelp_leech", "sear"]
    both = probe(st)
    play(both, "pick sear")
    assert active_combat(both, 1) == ["kelp_leech", "sear"]
    play(st, "pick kelp_leech")
    assert active_combat(st, 1) == ["kelp_leech"]


# --- the guests ---------------------------------------------------------------------------
def test_ketharkopas_the_astronomer_draws_up_to_nine() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.end: with Ketharkopas (Hoax) active at the
    end of its player's turn, the hand may be filled up to nine after the refill (R15)."""
    st = later(
        {"hand": ["ketharkopas_the_astronomer", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char ketharkopas_the_astronomer", "done")
    assert legal(st) == {"draw 1", "draw 2", "draw 3", "stop"}
    play(st, "draw 3")
    assert len(st.hands[0]) == 9 and len(st.decks[0]) == len(DECK1) - 8


def test_ketharkopas_the_astronomer_nothing_with_nine_or_more() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.refill.over_six: holding nine or more
    when the turn ends, nothing is drawn."""
    hand = ["ketharkopas_the_astronomer", "glimmer", "spark", "sear", "blaze"]
    hand += ["volca", "ignite", "furnace", "shimmer", "cinder"]
    st = later(
        {"hand": hand, "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "torch")},
    )
    play(st, "char ketharkopas_the_astronomer", "done")
    assert len(st.hands[0]) == 9 and len(st.decks[0]) == len(DECK1)


def test_den_bal_ton_needs_an_opponents_dragon() -> None:
    """bluemoon.cards.mutant: Den-bal-Ton may be played only while the opponent has a
    dragon on their side: refused with the dragons neutral or on its player's side."""

    def st_with(p1_dragons: int, p2_dragons: int) -> BlueMoonState:
        return later(
            {"hand": ["den_bal_ton", "glimmer"], "combat": at(1, "torch"), "dragons": p1_dragons},
            {"hand": ["sear"], "combat": at(2, "sear"), "dragons": p2_dragons},
        )

    assert "char den_bal_ton" in legal(st_with(0, 1))
    assert "char den_bal_ton" not in legal(st_with(0, 0))
    assert "char den_bal_ton" not in legal(st_with(1, 0))


def test_den_bal_ton_toggles_the_element_shields_and_stops() -> None:
    """bluemoon.cards.mutant.element, bluemoon.icon.shield, bluemoon.icon.stop: Den-bal-Ton
    turns Fire to Earth (and Earth to Fire); its 8 stands against 10 by its shields; after
    it nothing more is played."""
    st = later(
        {"hand": ["den_bal_ton", "glimmer", "fireblast"], "combat": at(1, "torch")},
        {
            "people": "terrah",
            "hand": ["sear"],
            "combat": at(2, "megalit_mountainshaker"),
            "support": at(2, "seismic_drill"),
            "dragons": 1,
        },
    )
    assert tot(st, 1) == 1
    play(st, "char den_bal_ton")
    # STOP: nothing else to play, the shield makes 8 enough against 10: the turn ends.
    assert st.element == EARTH and tot(st, 1) == 10
    assert announced(st) == [(0, 8, EARTH)] and st.active == 1
    assert active_combat(st, 0) == ["den_bal_ton"] and st.support[0] == []
    assert {"glimmer", "fireblast"} <= set(ids(st, st.hands[0]))

    st = later(
        {"hand": ["den_bal_ton", "glimmer"], "combat": at(1, "torch")},
        {
            "people": "vulca",
            "hand": ["sear"],
            "combat": at(2, "flamebreath_the_dazzling"),
            "support": at(2, "lightning_bolts"),
            "dragons": 1,
        },
        element="earth",
    )
    play(st, "char den_bal_ton", "done")
    assert st.element == FIRE and announced(st) == [(0, 8, FIRE)]
