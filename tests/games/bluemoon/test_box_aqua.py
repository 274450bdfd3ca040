"""The Aqua deck box, card by card: the leader and the 30 playing cards (Aqua's own, the
Flit, Hoax and Terrah cards of the box and the mutant Sas-van-Son), each played on a small
position through the public API.

P1 plays the Aqua cards unless a test says otherwise; the opponents' cards are the few
whose powers the tests need (Hank Highflyer Hawk, CoolCat, CoolCop, Flitterflutter,
Trillilling, Tittertweet, Thirkomedas, Pandemonium, Flickering Fires, Cinder, Cast
Cataclysm, the Terrah Storms, the mutant Zig-nur-Don) and vanilla characters otherwise.
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
ELEMENT = {"fire": FIRE, "earth": EARTH}
# An opponent's vanilla character worth 1 in the element (a low total to reach).
LOW = {"fire": "helkomedes_the_rhetorician", "earth": "vetraskedas_the_sceptic"}


def table(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """A fight position; by default P1 (Aqua) starts fight 1 and is on its first turn."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "aqua", "turns": 1, "deck": DECK1, **p1},
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


def opening(card: str, element: str) -> list[tuple[int, int, int | None]]:
    """P1 opens a fight with ``card`` in ``element``; what P1 announces."""
    st = table({"hand": [card, "glimmer"]}, {"hand": ["sear"]})
    play(st, f"char {card} {element}", "done")
    return announced(st)


def assert_values(card: str, fire: int, earth: int) -> None:
    """The printed Fire and Earth values are the card's total in each element."""
    assert opening(card, "fire") == [(0, fire, FIRE)]
    assert opening(card, "earth") == [(0, earth, EARTH)]


def assert_covers(card: str, element: str) -> None:
    """Played on a later turn, the character covers the earlier combat cards."""
    st = later(
        {"hand": [card, "glimmer"], "combat": at(1, "torch", "fireblast")},
        {"hand": ["sear", "spark"], "combat": at(2, LOW[element])},
        element=element,
    )
    play(st, f"char {card}")
    assert active_combat(st, 0) == [card]
    assert ids(st, st.combat[0]) == ["torch", "fireblast", card]


def assert_protected(card: str, element: str, value: int) -> None:
    """The opponent's active Hank Highflyer Hawk (ignores non-Flit characters) and CoolCat /
    CoolCop (odd / even printed character values reduce to 0) leave the card whole."""
    reducer = "coolcat" if value % 2 else "coolcop"
    for opponent in ("hank_highflyer_hawk", reducer):
        st = later(
            {"hand": ["glimmer"], "combat": at(1, card)},
            {"hand": ["sear"], "combat": at(2, opponent)},
            element=element,
        )
        assert tot(st, 0) == value, opponent


# --- the leader ---------------------------------------------------------------------------
def test_aqua_alpha_alpha_is_the_aqua_leader_never_dealt() -> None:
    """bluemoon.setup.leader, bluemoon.setup.decks, bluemoon.cards.types: Aqua-Alpha-Alpha
    is the Aqua box's leader card; it is not one of the 30 playing cards, is never dealt
    into a deck and cannot be placed as a playing card."""
    leader = GAME.db.leader("aqua")
    assert leader.id == "aqua_alpha_alpha"
    assert leader.type == "leader" and leader.people == "aqua"
    deck = GAME.db.deck("aqua")
    assert len(deck) == 30 and "aqua_alpha_alpha" not in deck
    st = GAME.new_game({"peoples": ["aqua", "hoax"]}, 7)
    assert st.boxes == ["aqua", "hoax"]
    assert "aqua_alpha_alpha" not in st.card_ids
    assert sorted(c for c, o in zip(st.card_ids, st.owner, strict=True) if o == 0) == sorted(deck)
    with pytest.raises(PositionError, match="leader"):
        table({"hand": ["aqua_alpha_alpha", "glimmer"]}, {"hand": ["sear"]})


# --- characters without a power -----------------------------------------------------------
def test_eelena_aqua_prima_alpha_values_and_covering() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 5 Fire and 5 Earth; it covers
    the earlier combat cards. Not PROTECTED: Hank Highflyer Hawk ignores it."""
    assert_values("eelena_aqua_prima_alpha", 5, 5)
    assert_covers("eelena_aqua_prima_alpha", "earth")
    st = later(
        {"hand": ["glimmer"], "combat": at(1, "eelena_aqua_prima_alpha")},
        {"hand": ["sear"], "combat": at(2, "hank_highflyer_hawk")},
    )
    assert tot(st, 0) == 0


def test_giant_octopus_values_and_protection() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.protected,
    bluemoon.special.ignore: 5 Fire, 0 Earth; PROTECTED: neither ignored nor reduced."""
    assert_values("giant_octopus", 5, 0)
    assert_covers("giant_octopus", "fire")
    assert_protected("giant_octopus", "fire", 5)


def test_terrible_kraken_values_and_protection() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.protected,
    bluemoon.special.ignore: 0 Fire, 5 Earth; PROTECTED: neither ignored nor reduced."""
    assert_values("terrible_kraken", 0, 5)
    assert_covers("terrible_kraken", "earth")
    assert_protected("terrible_kraken", "earth", 5)


def test_electric_eel_values_and_protection() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.protected,
    bluemoon.special.ignore: 4 Fire, 0 Earth; PROTECTED: neither ignored nor reduced."""
    assert_values("electric_eel", 4, 0)
    assert_covers("electric_eel", "fire")
    assert_protected("electric_eel", "fire", 4)


def test_briny_behemoth_values_and_protection() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.protected,
    bluemoon.special.ignore: 0 Fire, 4 Earth; PROTECTED: neither ignored nor reduced."""
    assert_values("briny_behemoth", 0, 4)
    assert_covers("briny_behemoth", "earth")
    assert_protected("briny_behemoth", "earth", 4)


def test_uurunia_aqua_terz_values_and_covering() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.special.ignore: 3 Fire
    and 3 Earth; not PROTECTED: Hank ignores it and CoolCat reduces its odd values to 0."""
    assert_values("uurunia_aqua_terz", 3, 3)
    assert_covers("uurunia_aqua_terz", "fire")
    for opponent in ("hank_highflyer_hawk", "coolcat"):
        st = later(
            {"hand": ["glimmer"], "combat": at(1, "uurunia_aqua_terz")},
            {"hand": ["sear"], "combat": at(2, opponent)},
        )
        assert tot(st, 0) == 0, opponent


def test_iisilia_aqua_terz_values_and_covering() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover: 3 Fire and 3 Earth; one
    character per turn: no second ordinary character after it."""
    assert_values("iisilia_aqua_terz", 3, 3)
    assert_covers("iisilia_aqua_terz", "earth")
    st = later(
        {"hand": ["iisilia_aqua_terz", "uurunia_aqua_terz"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"])},
    )
    play(st, "char iisilia_aqua_terz")
    assert "char uurunia_aqua_terz" not in legal(st)


def test_kelp_leech_values_and_protection() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.protected,
    bluemoon.special.ignore: 3 Fire, 0 Earth; PROTECTED: neither ignored nor reduced."""
    assert_values("kelp_leech", 3, 0)
    assert_covers("kelp_leech", "fire")
    assert_protected("kelp_leech", "fire", 3)


def test_colossal_crustacean_values_and_protection() -> None:
    """bluemoon.cards.values, bluemoon.turn.character.cover, bluemoon.icon.protected,
    bluemoon.special.ignore: 0 Fire, 3 Earth; PROTECTED: neither ignored nor reduced."""
    assert_values("colossal_crustacean", 0, 3)
    assert_covers("colossal_crustacean", "earth")
    assert_protected("colossal_crustacean", "earth", 3)


# --- characters with a power --------------------------------------------------------------
def _oomola(p2_combat: str = LOW["fire"]) -> BlueMoonState:
    return later(
        {"hand": ["oomola_aqua_delta", "spark", "ignite", "sudden_waterspout"]}
        | {"combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, p2_combat)},
    )


def test_oomola_aqua_delta_may_discard_any_number_from_hand() -> None:
    """bluemoon.cards.special_text, bluemoon.discard.face_up: when played, its owner may
    discard hand cards one by one, as many as they like, and stop at any time; the turn
    then goes on (2 Fire, 2 Earth)."""
    st = _oomola()
    play(st, "char oomola_aqua_delta")
    assert st.pending == ("task", 0)
    assert legal(st) == {"pick spark", "pick ignite", "pick sudden_waterspout", "stop"}
    play(st, "pick spark", "pick ignite")
    assert legal(st) == {"pick sudden_waterspout", "stop"}
    play(st, "stop")
    assert st.pending == ("play", 0)
    assert ids(st, st.discards[0]) == ["spark", "ignite"]
    assert ids(st, st.hands[0]) == ["sudden_waterspout"]
    assert tot(st, 0) == 2


def test_oomola_aqua_delta_may_discard_nothing() -> None:
    """bluemoon.cards.special_text: the discard is optional: "stop" at once keeps the hand."""
    st = _oomola()
    play(st, "char oomola_aqua_delta", "stop")
    assert st.discards[0] == []
    assert ids(st, st.hands[0]) == ["spark", "ignite", "sudden_waterspout"]


def test_oomola_aqua_delta_text_ignored_by_tittertweet() -> None:
    """bluemoon.special.ignore, bluemoon.cards.special_text: with the opponent's Tittertweet
    active (non-Flit texts ignored) playing Oomola offers no discard."""
    st = _oomola("tittertweet")
    play(st, "char oomola_aqua_delta")
    assert st.pending[0] != "task"
    assert st.discards[0] == []


def test_yang_makes_the_next_card_free_on_the_first_turn() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.free, bluemoon.turn.first_turn: on the
    starter's first turn Yang lets the next card be played as if FREE (a booster, a
    support or a second character); only the next one."""
    st = table(
        {"hand": ["yang", "fireblast", "lightning_bolts", "glimmer"]},
        {"hand": ["sear"]},
    )
    play(st, "char yang fire")
    assert {"boost fireblast", "support lightning_bolts", "char glimmer"} <= legal(st)
    play(st, "boost fireblast", "done")
    assert announced(st) == [(0, 2 + 3, FIRE)]
    assert {"lightning_bolts", "glimmer"} <= set(ids(st, st.hands[0]))
    st = table({"hand": ["glimmer", "fireblast"]}, {"hand": ["sear"]})
    play(st, "char glimmer fire")
    assert "boost fireblast" not in legal(st)  # the control: no Yang, no booster


def test_yang_no_free_card_under_a_you_may_not() -> None:
    """bluemoon.special.you_may_not, bluemoon.icon.free: Thirkomedas forbids boosters and
    supports; Yang's permission does not beat it (a second character stays possible)."""
    st = later(
        {"hand": ["yang", "fireblast", "fire_swamp", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "thirkomedas_the_serene")},
    )
    play(st, "char yang")
    assert legal(st) == {"char glimmer", "done"}


def test_yin_makes_the_next_character_free() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.free, bluemoon.turn.character.several:
    after Yin (0 Fire, 2 Earth) a second character may be played as if FREE; both count;
    a third may not."""
    st = later(
        {"hand": ["yin", "glimmer", "ignite"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["earth"])},
        element="earth",
    )
    play(st, "char yin")
    assert {"char glimmer", "char ignite"} <= legal(st)
    play(st, "char glimmer")
    assert active_combat(st, 0) == ["yin", "glimmer"]
    assert "char ignite" not in legal(st)
    play(st, "done")
    assert announced(st) == [(0, 2 + 3, EARTH)]


def test_yin_text_ignored_by_tittertweet() -> None:
    """bluemoon.special.ignore: with the opponent's Tittertweet active Yin's text is
    ignored: no second character."""
    st = later(
        {"hand": ["yin", "glimmer", "ignite"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "tittertweet")},
        element="earth",
    )
    play(st, "char yin")
    assert not {"char glimmer", "char ignite"} & legal(st)


def test_oosa_aqua_epsilon_may_put_hand_cards_under_the_deck() -> None:
    """bluemoon.cards.special_text: when played, its owner may put hand cards at the bottom
    of the draw deck, as many as they like, or none (1 Fire, 1 Earth)."""
    hand = ["oosa_aqua_epsilon", "spark", "ignite", "sudden_waterspout"]
    st = later(
        {"hand": hand, "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"])},
    )
    play(st, "char oosa_aqua_epsilon")
    assert legal(st) == {"pick spark", "pick ignite", "pick sudden_waterspout", "stop"}
    play(st, "pick spark", "pick ignite", "stop")
    assert ids(st, st.hands[0]) == ["sudden_waterspout"]
    assert ids(st, st.decks[0])[:2] == ["ignite", "spark"]  # the bottom (stored top last)
    assert ids(st, st.decks[0])[2:] == list(reversed(DECK1))
    assert st.discards[0] == [] and tot(st, 0) == 1
    st = later(
        {"hand": hand, "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"])},
    )
    play(st, "char oosa_aqua_epsilon", "stop")
    assert ids(st, st.hands[0]) == hand[1:] and len(st.decks[0]) == len(DECK1)


# --- boosters -----------------------------------------------------------------------------
def test_sudden_waterspout_free_booster() -> None:
    """bluemoon.icon.free, bluemoon.turn.booster, bluemoon.turn.first_turn,
    bluemoon.cards.values: a FREE booster (2 Fire) on the starter's first turn, on top of
    the character; it also may open a later turn before the character."""
    st = table({"hand": ["uurunia_aqua_terz", "sudden_waterspout", "glimmer"]}, {"hand": ["sear"]})
    play(st, "char uurunia_aqua_terz fire", "boost sudden_waterspout", "done")
    assert ids(st, st.combat[0]) == ["uurunia_aqua_terz", "sudden_waterspout"]
    assert announced(st) == [(0, 3 + 2, FIRE)]
    st = later(
        {"hand": ["uurunia_aqua_terz", "sudden_waterspout", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "boost sudden_waterspout", "char uurunia_aqua_terz")
    assert active_combat(st, 0) == ["sudden_waterspout", "uurunia_aqua_terz"]
    assert tot(st, 0) == 5


def test_sudden_waterspout_forbidden_by_thirkomedas() -> None:
    """bluemoon.special.you_may_not, bluemoon.icon.free: FREE does not beat the opponent's
    "you may not play boosters"."""
    st = later(
        {"hand": ["uurunia_aqua_terz", "sudden_waterspout", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "thirkomedas_the_serene")},
    )
    assert "boost sudden_waterspout" not in legal(st)
    play(st, "char uurunia_aqua_terz")
    assert "boost sudden_waterspout" not in legal(st)


def test_instant_undertow_free_booster_in_earth() -> None:
    """bluemoon.icon.free, bluemoon.turn.booster_support.one, bluemoon.cards.values: a FREE
    booster (0 Fire, 2 Earth) besides the turn's ordinary booster."""
    st = later(
        {
            "hand": ["uurunia_aqua_terz", "fireblast", "instant_undertow", "glimmer"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, LOW["earth"])},
        element="earth",
    )
    play(st, "char uurunia_aqua_terz", "boost fireblast")
    assert "boost instant_undertow" in legal(st)
    play(st, "boost instant_undertow", "done")
    assert announced(st) == [(0, 3 + 2 + 2, EARTH)]
    st = table({"hand": ["glimmer", "instant_undertow", "spark"]}, {"hand": ["sear"]})
    play(st, "char glimmer fire", "boost instant_undertow", "done")
    assert announced(st) == [(0, 2 + 0, FIRE)]


def test_aquatic_armor_shields_in_both_elements() -> None:
    """bluemoon.icon.shield, bluemoon.icon.shield.element, bluemoon.turn.announce.zero:
    Aquatic Armor (no values, both shields) lets Torch stand below the opponent in fire
    and in earth."""
    for element, attacker in (("fire", "flamebreath_the_dazzling"), ("earth", "catusan")):
        st = later(
            {"hand": ["torch", "aquatic_armor", "glimmer"], "combat": at(1, "spark")},
            {"hand": ["sear"], "combat": at(2, attacker)},
            element=element,
        )
        play(st, "char torch")
        assert "done" not in legal(st)
        play(st, "boost aquatic_armor", "done")
        expect = 1 if element == "fire" else 4
        assert announced(st) == [(0, expect, ELEMENT[element])]


def test_aquatic_armor_shields_ignored_by_mekarthas() -> None:
    """bluemoon.special.ignore, bluemoon.icon.shield: with the opponent's Mekarthas the
    Shrewd active (icons ignored) the Armor's shields do not count: Torch cannot stand
    below 5 Fire, the cards go back (rule 11) and the player retreats."""
    st = later(
        {"hand": ["torch", "aquatic_armor", "glimmer"], "combat": at(1, "spark")},
        {"hand": ["sear"], "combat": at(2, "mekarthas_the_shrewd", "fireblast")},
    )
    play(st, "char torch", "boost aquatic_armor")
    assert "done" not in legal(st)
    play(st, "retreat")
    assert announced(st) == [] and st.dragons == [0, 1]


def test_firewater_raises_the_fire_total_to_seven() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.booster: with Firewater the owner's total
    in Fire is at least 7; a higher total stays; Earth is unchanged."""
    st = later(
        {"hand": ["uurunia_aqua_terz", "firewater", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"])},
    )
    play(st, "char uurunia_aqua_terz", "boost firewater", "done")
    assert announced(st) == [(0, 7, FIRE)]
    assert ids(st, st.combat[0])[-2:] == ["uurunia_aqua_terz", "firewater"]
    st = later(
        {"hand": ["uurunia_aqua_terz", "firewater", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["earth"])},
        element="earth",
    )
    play(st, "char uurunia_aqua_terz", "boost firewater", "done")
    assert announced(st) == [(0, 3, EARTH)]
    st = later(
        {"hand": ["flamebreath_the_dazzling", "firewater", "fire_swamp"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"])},
    )
    play(st, "char flamebreath_the_dazzling", "boost firewater", "support fire_swamp", "done")
    assert announced(st) == [(0, 7 + 2, FIRE)]


def test_firewater_ignored_by_trillilling() -> None:
    """bluemoon.special.ignore, bluemoon.special.ignore.effect: the opponent's Trillilling
    ignores boosters: Firewater raises nothing."""
    st = later(
        {"hand": ["uurunia_aqua_terz", "firewater", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, "trillilling")},
    )
    play(st, "char uurunia_aqua_terz", "boost firewater", "done")
    assert announced(st) == [(0, 3, FIRE)]


def test_launch_hail_of_doom_pairs_with_another_launch() -> None:
    """bluemoon.icon.pair, bluemoon.turn.booster_support.one, bluemoon.cards.values: Launch
    Hail of Doom (Flit, 2 Fire, 2 Earth, PAIR) and Launch Burning Earth go on the same
    character; no third Launch; both count."""
    st = later(
        {
            "hand": [
                "eelena_aqua_prima_alpha",
                "launch_hail_of_doom",
                "launch_burning_earth",
                "launch_rockdrop",
            ],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, LOW["earth"])},
        element="earth",
    )
    play(st, "char eelena_aqua_prima_alpha", "boost launch_hail_of_doom")
    assert "boost launch_burning_earth" in legal(st)
    play(st, "boost launch_burning_earth")
    assert "boost launch_rockdrop" not in legal(st)
    play(st, "done")
    assert announced(st) == [(0, 5 + 2 + 3, EARTH)]


def test_launch_hail_of_doom_not_on_the_first_turn() -> None:
    """bluemoon.icon.pair, bluemoon.turn.first_turn: PAIR does not allow boosters on the
    starter's first turn."""
    st = table(
        {"hand": ["eelena_aqua_prima_alpha", "launch_hail_of_doom", "launch_burning_earth"]},
        {"hand": ["sear"]},
    )
    play(st, "char eelena_aqua_prima_alpha fire")
    assert announced(st) == [(0, 5, FIRE)]  # nothing else could be played


# --- supports -----------------------------------------------------------------------------
def test_fire_swamp_free_support() -> None:
    """bluemoon.icon.free, bluemoon.turn.support, bluemoon.turn.first_turn,
    bluemoon.cards.values: a FREE support (2 Fire) on the starter's first turn, in the
    support area; it stays active when a new character covers the combat area."""
    st = table({"hand": ["uurunia_aqua_terz", "fire_swamp", "glimmer"]}, {"hand": ["sear"]})
    play(st, "char uurunia_aqua_terz fire", "support fire_swamp", "done")
    assert ids(st, st.support[0]) == ["fire_swamp"]
    assert announced(st) == [(0, 3 + 2, FIRE)]
    st = later(
        {"hand": ["uurunia_aqua_terz"], "combat": at(1, "torch"), "support": at(1, "fire_swamp")},
        {"hand": ["sear"], "combat": at(2, "sear")},
    )
    play(st, "char uurunia_aqua_terz", "done")
    assert announced(st) == [(0, 3 + 2, FIRE)]


def test_fire_swamp_forbidden_by_pandemonium() -> None:
    """bluemoon.special.you_may_not, bluemoon.icon.free: the opponent's Pandemonium ("you
    may not play supports") beats the FREE icon."""
    st = later(
        {"hand": ["eelena_aqua_prima_alpha", "fire_swamp", "sudden_waterspout"]}
        | {"combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"]), "support": at(2, "pandemonium")},
    )
    play(st, "char eelena_aqua_prima_alpha")
    assert "support fire_swamp" not in legal(st)
    assert "boost sudden_waterspout" in legal(st)


def test_perilous_marsh_free_support_in_earth() -> None:
    """bluemoon.icon.free, bluemoon.turn.support, bluemoon.turn.booster_support.one,
    bluemoon.cards.values: a FREE support (0 Fire, 2 Earth) besides the turn's ordinary
    support."""
    st = later(
        {
            "hand": ["uurunia_aqua_terz", "tome_of_wisdom", "perilous_marsh", "glimmer"],
            "combat": at(1, "torch"),
        },
        {"hand": ["sear"], "combat": at(2, LOW["earth"])},
        element="earth",
    )
    play(st, "char uurunia_aqua_terz", "support tome_of_wisdom")
    assert "support perilous_marsh" in legal(st)
    play(st, "support perilous_marsh", "done")
    assert ids(st, st.support[0]) == ["tome_of_wisdom", "perilous_marsh"]
    assert announced(st) == [(0, 3 + 3 + 2, EARTH)]
    st = later(
        {"hand": ["eelena_aqua_prima_alpha", "perilous_marsh"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["earth"]), "support": at(2, "pandemonium")},
        element="earth",
    )
    play(st, "char eelena_aqua_prima_alpha")
    assert "support perilous_marsh" not in legal(st)  # bluemoon.special.you_may_not


def test_ravenous_razorjaw_protected_support() -> None:
    """bluemoon.turn.support, bluemoon.cards.values, bluemoon.icon.protected,
    bluemoon.special.ignore: a support worth 3 Fire; PROTECTED: Flitterflutter (supports
    ignored) leaves it counting while Fire Swamp is ignored."""
    st = later(
        {"hand": ["uurunia_aqua_terz", "ravenous_razorjaw"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"])},
    )
    play(st, "char uurunia_aqua_terz", "support ravenous_razorjaw", "done")
    assert ids(st, st.support[0]) == ["ravenous_razorjaw"]
    assert announced(st) == [(0, 3 + 3, FIRE)]
    st = later(
        {"hand": ["glimmer"], "combat": at(1, "torch")}
        | {"support": at(1, "ravenous_razorjaw", "fire_swamp")},
        {"hand": ["sear"], "combat": at(2, "flitterflutter")},
    )
    assert tot(st, 0) == 1 + 3


def test_ravenous_razorjaw_survives_cast_cataclysm() -> None:
    """bluemoon.icon.protected: the opponent's Cast Cataclysm discards every active support
    of Aqua except the PROTECTED Razorjaw."""
    st = reply(
        {"hand": ["blaze"], "combat": at(1, "torch")}
        | {"support": at(1, "ravenous_razorjaw", "fire_swamp")},
        {"hand": ["cast_cataclysm", "volca", "spark"]},
        pending={"kind": "lead", "seat": "P2"},
    )
    play(st, "lead cast_cataclysm")
    assert legal(st) == {"yes", "stop"}
    play(st, "yes")
    assert ids(st, st.support[0]) == ["ravenous_razorjaw"]
    assert ids(st, st.discards[0]) == ["fire_swamp"]


def test_swarming_sea_serpents_protected_support() -> None:
    """bluemoon.turn.support, bluemoon.cards.values, bluemoon.icon.protected: a support worth
    3 Earth; PROTECTED: the opponent's Cinder may discard Perilous Marsh but not it."""
    st = later(
        {"hand": ["uurunia_aqua_terz", "swarming_sea_serpents"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["earth"])},
        element="earth",
    )
    play(st, "char uurunia_aqua_terz", "support swarming_sea_serpents", "done")
    assert announced(st) == [(0, 3 + 3, EARTH)]
    st = reply(
        {"hand": ["blaze"], "combat": at(1, "torch")}
        | {"support": at(1, "swarming_sea_serpents", "perilous_marsh")},
        {"hand": ["cinder", "volca", "spark"]},
        element="earth",
    )
    play(st, "char cinder")
    assert legal(st) == {"pick perilous_marsh", "stop"}
    st2 = later(
        {"hand": ["glimmer"], "combat": at(1, "torch")}
        | {"support": at(1, "swarming_sea_serpents", "perilous_marsh")},
        {"hand": ["sear"], "combat": at(2, "flitterflutter")},
        element="earth",
    )
    assert tot(st2, 0) == 4 + 3  # Flitterflutter ignores only the Marsh


def _floods(p1_support: list[str], p1_play: str | None, p2_combat: str = "sear"):
    st = later(
        {
            "hand": ["eelena_aqua_prima_alpha", "glimmer"] + ([p1_play] if p1_play else []),
            "combat": at(1, "torch"),
            "support": at(1, *p1_support),
        },
        {"hand": ["spark", "volca"], "combat": at(2, p2_combat)},
    )
    play(st, "char eelena_aqua_prima_alpha")
    if p1_play:
        play(st, f"support {p1_play}")
    play(st, "done")
    return st


def test_torrential_flood_two_floods_make_the_opponent_retreat() -> None:
    """bluemoon.cards.special_text, bluemoon.fight.win, bluemoon.fight.loser_starts: with
    Tidal Flood already in play, Torrential Flood makes two active Floods after the
    owner's turn: the opponent retreats at once; Aqua attracts a dragon and the opponent
    starts the next fight. Values 1 Fire, 1 Earth."""
    st = _floods(["tidal_flood"], "torrential_flood")
    assert announced(st) == [(0, 5 + 1 + 1, FIRE)]
    assert st.dragons == [1, 0]
    assert st.fight == 2 and st.starter == 1
    assert "torrential_flood" in ids(st, st.discards[0])


def test_torrential_flood_alone_does_nothing() -> None:
    """bluemoon.cards.special_text: one Flood alone: the opponent's turn simply begins."""
    st = _floods([], "torrential_flood")
    assert st.dragons == [0, 0] and st.fight == 1 and st.active == 1


def test_tidal_flood_two_floods_make_the_opponent_retreat() -> None:
    """bluemoon.cards.special_text, bluemoon.fight.win: Tidal Flood played beside an active
    Torrential Flood: the opponent retreats after the owner's turn."""
    st = _floods(["torrential_flood"], "tidal_flood")
    assert st.dragons == [1, 0] and st.fight == 2


def test_tidal_flood_ignored_floods_do_not_count() -> None:
    """bluemoon.special.ignore, bluemoon.cards.special_text: with the opponent's
    Flitterflutter active (supports ignored) the two Floods are not counted (rulings R17):
    no retreat."""
    st = _floods(["torrential_flood"], "tidal_flood", "flitterflutter")
    assert announced(st) == [(0, 5, FIRE)]
    assert st.dragons == [0, 0] and st.fight == 1 and st.active == 1


def _sirens(p2_hand: list[str]) -> BlueMoonState:
    """P2 answers P1's opening; P1's Irresistible Sirens is in play."""
    return reply(
        {"hand": ["blaze"], "combat": at(1, "torch"), "support": at(1, "irresistible_sirens")},
        {"hand": p2_hand},
    )


def test_irresistible_sirens_met_by_discarding_a_character() -> None:
    """bluemoon.cards.special_text, bluemoon.special.rule5: the opponent meets the Sirens by
    discarding one character card from hand; only characters are offered, and one is
    enough; no dragon then."""
    st = _sirens(["volca", "spark", "fireblast", "trebuchet_of_fear"])
    play(st, "char volca")
    assert "shed spark" in legal(st)
    assert not {"shed fireblast", "shed trebuchet_of_fear"} & legal(st)
    play(st, "shed spark")
    assert not any(t.startswith("shed") for t in legal(st))
    assert ids(st, st.discards[1]) == ["spark"]
    play(st, "done")
    assert st.dragons == [0, 0] and st.active == 0


def test_irresistible_sirens_unmet_gives_a_dragon() -> None:
    """bluemoon.cards.special_text, bluemoon.fight.win.dragons: without the discard the
    opponent may still end the turn, and Aqua attracts a dragon."""
    st = _sirens(["volca", "spark", "fireblast"])
    play(st, "char volca", "done")
    assert st.dragons == [1, 0] and st.active == 0 and st.fight == 1


def test_irresistible_sirens_dragon_even_on_a_retreat() -> None:
    """bluemoon.cards.special_text, bluemoon.fight.win.dragons: an opponent who retreats
    without the discard gives the fight's dragon and the Sirens' one."""
    st = _sirens(["volca", "spark"])
    play(st, "retreat")
    assert st.dragons == [2, 0]


def test_irresistible_sirens_asks_nothing_of_its_owner() -> None:
    """bluemoon.special.reading, bluemoon.turn.support: "you" is the opponent: the owner
    ends the turn that plays the Sirens without discarding and without a dragon given."""
    st = later(
        {"hand": ["eelena_aqua_prima_alpha", "irresistible_sirens", "glimmer"]}
        | {"combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"])},
    )
    play(st, "char eelena_aqua_prima_alpha", "support irresistible_sirens", "done")
    assert st.dragons == [0, 0] and st.active == 1
    assert ids(st, st.support[0]) == ["irresistible_sirens"]
    assert "shed sear" in legal(st)  # the opponent's demand starts with their turn


def _storms(supports: list[str], p2_char: str = "volca") -> BlueMoonState:
    """P2 answers; P1's turn then begins with ``supports`` in P1's support area."""
    st = reply(
        {"hand": ["blaze", "spark"], "combat": at(1, "torch"), "support": at(1, *supports)},
        {"hand": [p2_char, "ignite"]},
    )
    play(st, f"char {p2_char}", "done")
    assert st.active == 0
    return st


def test_drowning_rain_storm_two_storms_attract_a_dragon() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.start, bluemoon.cards.values: with another
    Storm active at the start of the owner's turn, Drowning Rain Storm (Terrah, 1 Fire,
    1 Earth) attracts one dragon; three Storms still one; alone none."""
    st = _storms(["drowning_rain_storm", "crashing_thunder_storm"])
    assert st.dragons == [1, 0]
    st = _storms(["drowning_rain_storm", "crashing_thunder_storm", "lashing_sand_storm"])
    assert st.dragons == [1, 0]
    st = _storms(["drowning_rain_storm"])
    assert st.dragons == [0, 0]
    st = later(
        {"hand": ["glimmer"], "combat": at(1, "torch"), "support": at(1, "drowning_rain_storm")},
        {"hand": ["sear"], "combat": at(2, "sear")},
        element="earth",
    )
    assert tot(st, 0) == 4 + 1


def test_drowning_rain_storm_ignored_storms_do_not_count() -> None:
    """bluemoon.special.ignore: the opponent's Flitterflutter (supports ignored) leaves no
    Storm counted (rulings R17): no dragon."""
    st = _storms(["drowning_rain_storm", "crashing_thunder_storm"], "flitterflutter")
    assert st.dragons == [0, 0]


# --- leadership ---------------------------------------------------------------------------
def _lead(card: str, p2_hand: list[str], **p1: Any) -> BlueMoonState:
    return later(
        {"hand": [card, "eelena_aqua_prima_alpha", "glimmer"], "combat": at(1, "torch")} | p1,
        {"hand": p2_hand, "combat": at(2, LOW["fire"])},
        pending={"kind": "lead", "seat": "P1"},
    )


def test_sprinkle_water_of_tranquility_cuts_the_opponents_hand_to_five() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership, bluemoon.turn.leadership.pile:
    played on the leader, it makes the opponent discard down to five hand cards, choosing
    which (rulings R18); nothing can be declined."""
    hand = ["sear", "spark", "blaze", "volca", "ignite", "torch", "shimmer"]
    st = _lead("sprinkle_water_of_tranquility", hand)
    play(st, "lead sprinkle_water_of_tranquility")
    assert ids(st, st.leaders[0]) == ["sprinkle_water_of_tranquility"]
    assert st.pending == ("task", 1)
    assert "stop" not in legal(st) and "pick volca" in legal(st)
    play(st, "pick spark")
    assert st.pending == ("task", 1)
    play(st, "pick blaze")
    assert st.pending == ("play", 0)
    assert ids(st, st.hands[1]) == ["sear", "volca", "ignite", "torch", "shimmer"]
    assert ids(st, st.discards[1]) == ["spark", "blaze"]


def test_sprinkle_water_of_tranquility_forbidden_by_flickering_fires() -> None:
    """bluemoon.special.you_may_not: the opponent's Flickering Fires forbids leadership."""
    st = later(
        {"hand": ["sprinkle_water_of_tranquility", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"]), "support": at(2, "flickering_fires")},
        pending={"kind": "lead", "seat": "P1"},
    )
    assert not any(t.startswith("lead") for t in legal(st))


def test_administer_water_of_immortality_shuffles_the_pile_into_the_deck() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.leadership.pile: its owner may shuffle
    the discard pile into the draw deck."""
    st = _lead("administer_water_of_immortality", ["sear"], discard=["spark", "volca"])
    play(st, "lead administer_water_of_immortality")
    assert st.pending == ("task", 0) and legal(st) == {"yes", "stop"}
    play(st, "yes")
    assert st.discards[0] == []
    assert sorted(ids(st, st.decks[0])) == sorted([*DECK1, "spark", "volca"])
    assert ids(st, st.leaders[0]) == ["administer_water_of_immortality"]
    assert st.pending == ("play", 0)


def test_administer_water_of_immortality_may_be_declined() -> None:
    """bluemoon.cards.special_text: "stop" leaves the pile and the deck as they were."""
    st = _lead("administer_water_of_immortality", ["sear"], discard=["spark", "volca"])
    play(st, "lead administer_water_of_immortality", "stop")
    assert ids(st, st.discards[0]) == ["spark", "volca"]
    assert ids(st, st.decks[0]) == list(reversed(DECK1))
    st = later(
        {"hand": ["administer_water_of_immortality", "glimmer"], "combat": at(1, "torch")},
        {"hand": ["sear"], "combat": at(2, LOW["fire"]), "support": at(2, "flickering_fires")},
        pending={"kind": "lead", "seat": "P1"},
    )
    assert not any(t.startswith("lead") for t in legal(st))  # bluemoon.special.you_may_not


# --- the Hoax card and the mutant ---------------------------------------------------------
def test_mekarthas_the_shrewd_ignores_the_opponents_shield() -> None:
    """bluemoon.cards.special_text, bluemoon.special.ignore, bluemoon.icon.shield: with
    Mekarthas (Hoax, 2 Fire, 2 Earth) active the opponent's Inscrutable Armor shields
    nothing: 1 Fire against 2 cannot stand, the cards go back (rule 11) and the opponent
    retreats; against an Aqua character without the power the shield holds."""
    st = reply(
        {"hand": ["blaze"], "combat": at(1, "mekarthas_the_shrewd")},
        {"hand": ["torch", "inscrutable_armor", "sear"]},
    )
    assert tot(st, 0) == 2
    play(st, "char torch", "boost inscrutable_armor")
    assert "done" not in legal(st)
    play(st, "retreat")
    assert announced(st) == [] and st.dragons == [1, 0]
    st = reply(
        {"hand": ["blaze"], "combat": at(1, "eelena_aqua_prima_alpha")},
        {"hand": ["torch", "inscrutable_armor", "sear"]},
    )
    play(st, "char torch", "boost inscrutable_armor", "done")
    assert announced(st) == [(1, 1, FIRE)] and st.dragons == [0, 0]


def test_mekarthas_the_shrewd_ignores_the_opponents_retrieve() -> None:
    """bluemoon.special.ignore, bluemoon.icon.retrieve: with Mekarthas active the
    opponent's Battling Boomerang cannot be taken back; with another character it can."""

    def fight(card: str) -> BlueMoonState:
        st = later(
            {"hand": [card, "swarming_sea_serpents", "glimmer"], "combat": at(1, "torch")},
            {"hand": ["sear", "catusan"]}
            | {"combat": at(2, "penemikanas_the_paranoid", "battling_boomerang")},
            element="earth",
        )
        play(st, f"char {card}", "support swarming_sea_serpents", "done")
        assert st.active == 1
        return st

    assert fight("mekarthas_the_shrewd").pending == ("play", 1)
    assert fight("iisilia_aqua_terz").pending == ("retrieve", 1)


def test_mekarthas_the_shrewd_keeps_the_opponents_stop() -> None:
    """bluemoon.special.ignore, bluemoon.icon.stop, bluemoon.cards.mutant: STOP is the
    exception: after the opponent's Zig-nur-Don nothing more is played that turn."""
    st = reply(
        {
            "hand": ["blaze"],
            "combat": at(1, "mekarthas_the_shrewd", "instant_undertow"),
            "support": at(1, "perilous_marsh"),
        },
        {"people": "vulca", "hand": ["zig_nur_don", "fireblast", "sear"]},
        element="earth",
    )
    assert tot(st, 0) == 2 + 2 + 2
    play(st, "char zig_nur_don")
    assert st.active == 0 and st.element == FIRE
    assert announced(st) == [(1, 4, FIRE)]
    assert {"fireblast", "sear"} <= set(ids(st, st.hands[1]))


def _sas(p2_hand: list[str], element: str) -> BlueMoonState:
    """P1 holds Sas-van-Son and two other cards; P2 has 10 Earth and 5 Fire in play."""
    return later(
        {"hand": ["sas_van_son", "glimmer", "fireblast"], "combat": at(1, "torch")},
        {"hand": p2_hand, "combat": at(2, "catusan")}
        | {"support": at(2, "tome_of_wisdom", "ballista_of_confusion")},
        element=element,
    )


def test_sas_van_son_allowed_with_two_more_cards_in_the_opponents_hand() -> None:
    """bluemoon.cards.mutant, bluemoon.cards.mutant.element, bluemoon.icon.shield,
    bluemoon.icon.stop: against four cards (two more than the player's two others, rulings
    R10) Sas-van-Son may be played: Fire turns to Earth, its earth shield lets 7 stand
    against 10, and STOP ends the card play."""
    st = _sas(["spark", "blaze", "volca", "ignite"], "fire")
    assert "char sas_van_son" in legal(st)
    play(st, "char sas_van_son")
    assert announced(st) == [(0, 7, EARTH)] and st.element == EARTH
    assert {"glimmer", "fireblast"} <= set(ids(st, st.hands[0]))


def test_sas_van_son_toggles_earth_to_fire() -> None:
    """bluemoon.cards.mutant.element: in an Earth fight it turns the fight to Fire."""
    st = _sas(["spark", "blaze", "volca", "ignite"], "earth")
    play(st, "char sas_van_son")
    assert announced(st) == [(0, 7, FIRE)] and st.element == FIRE


def test_sas_van_son_refused_with_only_one_more_card() -> None:
    """bluemoon.cards.mutant: against three cards (one more) it may not be played."""
    st = _sas(["spark", "blaze", "volca"], "fire")
    assert "char sas_van_son" not in legal(st)
    assert "char glimmer" in legal(st)
