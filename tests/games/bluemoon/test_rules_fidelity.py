"""Blue Moon read as printed where an independent engine found cardtable departing from the
rulebook: the order of a turn's last phases, ignoring an ignoring card, ignored cards being
active, the player's choices ("one of my …", "may"), the Caterpillars' and the Sirens'
demands, leadership cards never coming back, hand limits per card, "on my turn" powers,
Drown Resistance, and rule 11's way back to «Сдаться?».

Each test names the rule ids it checks; the rulings it follows are in
docs/rulings/bluemoon.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.bluemoon.state import BlueMoonState
from tests.games.bluemoon.helpers import active_combat, at, ids, legal, play, tot

GAME = get_game("bluemoon")
DECK1 = ["torch", "shimmer", "glimmer", "blaze", "furnace", "lavar_the_powerful", "spark"]
DECK1 += ["ignite", "sear", "volca"]
DECK2 = ["wogarathoras_the_gloomy", "athradysas_the_seeker", "ledinemras_the_monk"]
DECK2 += ["zedemikras_the_brain", "nirwadas_the_traveler", "vetraskedas_the_sceptic"]


def table(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """A fight position: P1 started it and is on its second turn (fight turn 3), unless
    ``top`` says otherwise."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 3,
        "element": "fire",
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "vulca", "turns": 2, "deck": DECK1, **p1},
            "P2": {"people": "hoax", "turns": 1, "deck": DECK2, "hand": ["sear", "spark"], **p2},
        },
    } | top
    st = GAME.load_position(doc)
    st.log = []
    return st


def lead(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    """P1 in its leadership phase."""
    return table(p1, p2, pending={"kind": "lead", "seat": "P1"}, **top)


def kinds(st: BlueMoonState) -> list[str]:
    return [e.kind for e in st.log or []]


# --- 1. the phases of a turn ----------------------------------------------------------------
def test_shaman_of_the_here_and_now_acts_before_the_refill() -> None:
    """bluemoon.turn.phases, bluemoon.turn.refill, bluemoon.cards.special_text: "immediately
    after my Booster/Support phase" comes before announcing the total and refilling: the
    card taken from the deck counts toward the six, so the refill draws one card fewer."""
    st = table(
        {"people": "mimix", "hand": ["shaman_of_the_here_and_now", "glimmer", "sear"]},
        {"combat": at(2, "helkomedes_the_rhetorician")},
    )
    play(st, "char shaman_of_the_here_and_now", "done")
    assert st.pending == ("task", 0)
    assert "announce" not in kinds(st)  # not announced yet
    play(st, "pick volca")
    assert len(st.hands[0]) == 6  # 2 left + Volca, then 3 drawn
    assert kinds(st).index("announce") > kinds(st).index("play")


def test_shaman_of_the_afterlife_acts_before_the_refill() -> None:
    """bluemoon.turn.phases, bluemoon.turn.refill: the Shaman of the Afterlife takes its
    cards from the discard pile before the refill, which then tops the hand up to six."""
    st = table(
        {
            "people": "mimix",
            "hand": ["shaman_of_the_afterlife", "glimmer"],
            "discard": ["blaze", "furnace", "scorch_the_inflammable"],
        },
        {"combat": at(2, "helkomedes_the_rhetorician")},
    )
    play(st, "char shaman_of_the_afterlife", "done")
    assert legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 2")
    assert len(st.hands[0]) == 6 and len(st.decks[0]) == len(DECK1) - 3


# --- 2. ignoring an ignoring card -------------------------------------------------------------
def _gang_against_fog(p1_support: list[str]) -> BlueMoonState:
    return table(
        {
            "people": "khind",
            "hand": ["funfair", "funflop", "glimmer"],
            "support": at(1, *p1_support),
        },
        {"people": "terrah", "combat": at(2, "torch"), "support": at(2, "impenetrable_fog")},
    )


def test_laughing_gas_ignoring_the_fog_gives_the_gang_icon_back() -> None:
    """bluemoon.special.ignore.effect, bluemoon.special.ignore, bluemoon.icon.gang: an
    ignored card's powers stop working, its own ignoring too: with Laughing Gas ignoring
    Impenetrable Fog's text, the Khind gang icons count again and a second FunFun member
    may join the first."""
    st = _gang_against_fog(["laughing_gas"])
    play(st, "char funfair")
    assert "char funflop" in legal(st)
    play(st, "char funflop")
    assert active_combat(st, 0) == ["funfair", "funflop"]
    # control: without the Laughing Gas the Fog takes the gang icons away
    st = _gang_against_fog(["trebuchet_of_fear"])
    play(st, "char funfair")
    assert "char funflop" not in legal(st)


def test_two_laughing_gases_have_no_effect() -> None:
    """bluemoon.special.ignore, bluemoon.cards.special_text: "This card has no effect if
    opposed by Laughing Gas": with both players' Laughing Gas active, neither ignores
    anything, and Muster Reinforcements draws."""
    st = lead(
        {
            "people": "hoax",
            "hand": ["muster_reinforcements", "glimmer"],
            "support": at(1, "laughing_gas"),
        },
        {"people": "khind", "combat": at(2, "torch"), "support": at(2, "laughing_gas")},
    )
    play(st, "lead muster_reinforcements")
    assert "draw 5" in legal(st)


def test_tittertweet_ignores_laughing_gas() -> None:
    """bluemoon.special.ignore.effect: Tittertweet (a Flit character, out of Laughing Gas's
    reach) ignores the opponent's Laughing Gas, so Laughing Gas ignores nothing: the Muster
    Reinforcements of Tittertweet's player draws."""
    st = lead(
        {
            "people": "flit",
            "hand": ["muster_reinforcements", "glimmer"],
            "combat": at(1, "tittertweet"),
        },
        {"people": "khind", "combat": at(2, "torch"), "support": at(2, "laughing_gas")},
    )
    play(st, "lead muster_reinforcements")
    assert "draw 5" in legal(st)


def test_enthrall_opposition_has_no_effect_against_tittertweet_or_laughing_gas() -> None:
    """bluemoon.special.ignore, bluemoon.special.you_may_not: Enthrall Opposition "has no
    effect if opposed by Tittertweet or Laughing Gas": the opponent's Hypnotic Rattle still
    forbids boosters; without such an opponent card Enthrall lifts it."""
    guards = {
        "tittertweet": {"combat": at(2, "tittertweet"), "support": at(2, "hypnotic_rattle")},
        "laughing_gas": {
            "combat": at(2, "torch"),
            "support": at(2, "hypnotic_rattle", "laughing_gas"),
        },
    }
    for guard, areas in guards.items():
        st = lead(
            {"people": "hoax", "hand": ["enthrall_opposition", "spark", "fireblast"]},
            {"people": "flit", **areas},
        )
        play(st, "lead enthrall_opposition", "char spark")
        assert "boost fireblast" not in legal(st), guard
    st = lead(
        {"people": "hoax", "hand": ["enthrall_opposition", "spark", "fireblast"]},
        {"people": "flit", "combat": at(2, "torch"), "support": at(2, "hypnotic_rattle")},
    )
    play(st, "lead enthrall_opposition", "char spark")
    assert "boost fireblast" in legal(st)


# --- 3. an ignored card is still active -------------------------------------------------------
def test_summon_sorcerer_retrieves_an_ignored_character() -> None:
    """bluemoon.special.rule2, bluemoon.special.ignore.effect: an ignored card is still an
    active card («активная карта»): Summon Sorcerer may take back the character the
    opponent's Hank Highflyer Hawk ignores."""
    st = lead(
        {"hand": ["summon_sorcerer", "glimmer"], "combat": at(1, "lavar_the_powerful")},
        {"combat": at(2, "hank_highflyer_hawk")},
    )
    assert tot(st, 0) == 0
    play(st, "lead summon_sorcerer")
    assert legal(st) == {"pick lavar_the_powerful", "stop"}
    play(st, "pick lavar_the_powerful")
    assert "lavar_the_powerful" in ids(st, st.hands[0])


# --- 4. "one of my characters": the player's choice, and changes stack ----------------------
def test_hank_with_potion_and_duplicator_makes_ten_earth() -> None:
    """bluemoon.special.rule2_choice, bluemoon.special.rule7: two changes to one character
    stack: Hank Highflyer Hawk's values increase to 5 (Potion of Prodigious Passion) and
    its Earth value doubles (Duplicator of Strength): 10 Earth."""
    st = table(
        {"people": "hoax", "hand": ["hank_highflyer_hawk", "potion_of_prodigious_passion", "sear"]}
        | {"combat": at(1, "torch"), "support": at(1, "duplicator_of_strength")},
        {"combat": at(2, "helkomedes_the_rhetorician")},
        element="earth",
    )
    play(st, "char hank_highflyer_hawk", "boost potion_of_prodigious_passion")
    assert tot(st, 0) == 10


def test_the_player_chooses_the_character_a_potion_applies_to() -> None:
    """bluemoon.special.rule2_choice, bluemoon.special.rule2: with two active characters
    (a PAIR), the Potion of Sparkling Fire applies to the one its player chooses, as an
    explicit decision with a text in both languages; choosing the stronger one gives 6 + 3,
    the weaker one 6 + 6."""
    st = table(
        {
            "people": "mimix",
            "hand": ["virgin_of_pure_fire", "virgin_of_pure_earth", "potion_of_sparkling_fire"],
            "combat": at(1, "torch"),
        },
        {"combat": at(2, "helkomedes_the_rhetorician")},
    )
    play(st, "char virgin_of_pure_fire", "char virgin_of_pure_earth")
    play(st, "boost potion_of_sparkling_fire")
    assert st.pending == ("task", 0)
    assert legal(st) == {"pick virgin_of_pure_fire", "pick virgin_of_pure_earth"}
    pick = GAME.parse_action(st, "pick virgin_of_pure_earth")
    assert GAME.describe(pick, "en", st) == (
        "Apply “Potion of Sparkling Fire” to “Virgin of Pure Earth”"
    )
    assert GAME.describe(pick, "ru", st).startswith("Применить «")
    weak, strong = st.clone(), st.clone()
    play(strong, "pick virgin_of_pure_fire")
    play(weak, "pick virgin_of_pure_earth")
    assert tot(strong, 0) == 6 + 1 and tot(weak, 0) == 6 + 6
    assert weak.aim[weak.card_ids.index("potion_of_sparkling_fire")] == weak.card_ids.index(
        "virgin_of_pure_earth"
    )


def test_a_change_moves_on_when_its_character_is_discarded() -> None:
    """bluemoon.special.rule2: when the character a change applies to is discarded by the
    opponent, the change applies to another active character (the only one left: by
    itself)."""
    potion = {"card": "potion_of_cosmic_power", "turn": 1, "aim": "P1.combat.0"}
    st = table(
        {"people": "mimix", "hand": ["glimmer"]}
        | {"combat": [*at(1, "amazon_leaping_high", "amazon_leaping_far"), potion]},
        {"people": "flit", "hand": ["highchirp", "sear"], "combat": at(2, "torch")},
        active="P2",
        fight_turn=4,
    )
    assert st.pending == ("play", 1)
    assert tot(st, 0) == 8 + 4
    play(st, "char highchirp", "pick amazon_leaping_high")
    assert st.aim[st.card_ids.index("potion_of_cosmic_power")] == st.card_ids.index(
        "amazon_leaping_far"
    )
    assert tot(st, 0) == 8


# --- 5. "may" is a choice ------------------------------------------------------------------------
def test_muster_reinforcements_may_draw_fewer() -> None:
    """bluemoon.cards.special_text, bluemoon.example.fight2.muster: "Now I may draw five
    cards": how many (none to five) is its player's decision."""
    st = lead({"people": "hoax", "hand": ["muster_reinforcements", "glimmer"]}, {})
    play(st, "lead muster_reinforcements")
    assert legal(st) == {"draw 1", "draw 2", "draw 3", "draw 4", "draw 5", "stop"}
    assert GAME.describe(GAME.parse_action(st, "draw 2"), "en", st) == "Draw 2 cards"
    play(st, "draw 2")
    assert len(st.hands[0]) == 3 and st.pending == ("play", 0)


def test_flare_may_draw_at_the_end_of_the_turn() -> None:
    """bluemoon.turn.end, bluemoon.cards.special_text: Flare's "at the end of my turn, I
    may draw two additional cards" is offered after the refill: none, one or two."""
    st = table({"hand": ["flare", "glimmer"]}, {"combat": at(2, "helkomedes_the_rhetorician")})
    play(st, "char flare", "done")
    assert len(st.hands[0]) == 6
    assert legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 1")
    assert len(st.hands[0]) == 7 and st.active == 1


def test_sarogakanas_may_take_one_card_or_two() -> None:
    """bluemoon.cards.special_text: "Now I may draw two cards from your hand": one or two,
    or none."""
    st = table(
        {"people": "hoax", "hand": ["sarogakanas_the_ancient", "glimmer"]},
        {"hand": ["spark", "sear", "blaze"], "combat": at(2, "helkomedes_the_rhetorician")},
    )
    play(st, "char sarogakanas_the_ancient")
    assert legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 1")
    assert len(st.hands[1]) == 2


# --- 6. Caterpillar Watertamer ---------------------------------------------------------------------
def test_watertamer_accepts_any_combination_that_meets_it() -> None:
    """bluemoon.special.rule5, bluemoon.special.rule5_each_card: "2 Fire and 2 Earth (on
    different cards)": after a card with both values (3 Fire, 3 Earth) a card with 2 Fire
    and no Earth completes the demand (the first card counting for Earth)."""
    st = table(
        {"hand": ["blaze", "torana", "launch_flaming_dust", "glimmer"], "combat": at(1, "torch")},
        {
            "people": "pillar",
            "combat": at(2, "helkomedes_the_rhetorician", "caterpillar_watertamer"),
        },
    )
    play(st, "char blaze", "shed torana")
    assert "shed launch_flaming_dust" in legal(st)
    play(st, "shed launch_flaming_dust")  # met: the turn ends (by itself, the only way on)
    assert "announce" in kinds(st) and st.active == 1 and st.dragons == [0, 0]


# --- 7. leadership cards never come back ------------------------------------------------------------
def test_a_declined_leadership_card_goes_to_the_leadership_pile() -> None:
    """bluemoon.discard.leadership, bluemoon.discard.return, bluemoon.fight.decline: a
    leadership card discarded while declining goes onto the leadership pile, so Administer
    Water of Immortality, shuffling the discard pile into the deck, never brings it back."""
    st = table(
        {"people": "aqua", "hand": ["summon_sorcerer", "glimmer"], "turns": 1},
        {"turns": 0},
        fight_turn=1,
        element=None,
    )
    play(st, "decline", "discard summon_sorcerer", "enough")
    assert ids(st, st.leaders[0]) == ["summon_sorcerer"] and not st.discards[0]


def test_a_milled_leadership_card_goes_to_the_leadership_pile() -> None:
    """bluemoon.discard.leadership: TopShot discards the top card of the opponent's deck; a
    leadership card goes onto the opponent's leadership pile."""
    st = table(
        {"people": "khind", "hand": ["topshot", "glimmer"]},
        {"combat": at(2, "helkomedes_the_rhetorician"), "deck": ["muster_reinforcements", *DECK2]},
    )
    play(st, "char topshot", "done", "yes")
    assert ids(st, st.leaders[1]) == ["muster_reinforcements"] and not st.discards[1]


# --- 8. the Sirens count the demanded player's own discards -----------------------------------------
def test_sirens_count_only_the_demanded_players_own_discards() -> None:
    """bluemoon.special.rule5, bluemoon.fight.win.modifiers: Irresistible Sirens demand a
    character "from your hand"; the character the Sirens' player discarded toward the
    opponent's Caterpillar does not meet it: when two Floods make the opponent retreat,
    the Sirens' player attracts the extra dragon."""
    st = table(
        {
            "people": "aqua",
            "hand": ["blaze", "sear", "glimmer"],
            "combat": at(1, "torch"),
            "support": at(1, "irresistible_sirens", "torrential_flood", "tidal_flood"),
        },
        {
            "people": "pillar",
            "combat": at(2, "helkomedes_the_rhetorician", "caterpillar_fireeater"),
        },
    )
    play(st, "char blaze", "shed sear", "done")
    assert st.dragons == [2, 0]


# --- 9. Quivering Quicksand card by card -------------------------------------------------------------
def test_quicksand_limits_each_card_taken() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.refill.modified: Quivering Quicksand's "if
    you have four or more cards in your hand, you may not take further cards" holds for
    every card: with two in hand, Open Lucky Bag of Life takes two of its three."""
    st = lead(
        {
            "people": "khind",
            "hand": ["open_lucky_bag_of_life", "glimmer", "sear"],
            "discard": ["blaze", "furnace", "spark", "ignite"],
        },
        {"people": "terrah", "combat": at(2, "torch"), "support": at(2, "quivering_quicksand")},
    )
    play(st, "lead open_lucky_bag_of_life")
    assert legal(st) == {"draw 1", "draw 2", "stop"}
    play(st, "draw 2")
    assert len(st.hands[0]) == 4


# --- 10. "on my turn" at any point of the turn -----------------------------------------------------
def test_topdog_may_act_before_the_leadership_card() -> None:
    """bluemoon.cards.special_text, bluemoon.turn.phases: "On my turn, I may discard …":
    TopDog's action may be used before the leadership card is played, once in the turn."""
    st = lead(
        {"people": "khind", "hand": ["summon_sorcerer", "glimmer"], "combat": at(1, "topdog")},
        {"combat": at(2, "ciklarethas_the_bitter", "battling_boomerang")},
    )
    assert legal(st) == {"lead summon_sorcerer", "use topdog", "no_lead"}
    play(st, "use topdog")
    assert legal(st) == {"pick battling_boomerang", "stop"}
    play(st, "pick battling_boomerang")
    assert legal(st) == {"lead summon_sorcerer", "no_lead"}


# --- 11. Drown Resistance ---------------------------------------------------------------------------
def test_drown_resistance_as_printed() -> None:
    """bluemoon.cards.special_text, bluemoon.icon.protected: Drown Resistance discards all
    active cards of the opponent's combat area except one active character, which its
    player chooses, and PROTECTED cards: one choice, not one card at a time."""
    st = lead(
        {"hand": ["drown_resistance", "glimmer"], "combat": at(1, "torch")},
        {
            "people": "khind",
            "combat": at(2, "funfair", "funflop", "fireblast", "kelp_leech"),
            "support": at(2, "trebuchet_of_fear"),
        },
    )
    play(st, "lead drown_resistance")
    assert legal(st) == {"pick funfair", "pick funflop", "pick kelp_leech", "stop"}
    play(st, "pick funflop")
    assert active_combat(st, 1) == ["funflop", "kelp_leech"]
    assert sorted(ids(st, st.discards[1])) == ["fireblast", "funfair"]
    assert ids(st, st.support[1]) == ["trebuchet_of_fear"]


# --- 12. rule 11: back to «Сдаться?» -------------------------------------------------------------------
def test_a_short_combination_is_taken_back_and_another_tried() -> None:
    """bluemoon.special.rule11, bluemoon.turn.retreat: a combination that falls short is
    taken back, nothing drawn or revealed, and the player is at «Сдаться?» again: they may
    retreat or try another combination, which here reaches the total."""
    st = table(
        {"hand": ["torch", "lavar_the_powerful", "glimmer"], "combat": at(1, "sear")},
        {"combat": at(2, "spark")},
    )
    play(st, "char torch")
    assert kinds(st)[-1] == "undo"  # 1 cannot match 4: the only way on, taken by itself
    assert {"retreat", "char torch", "char lavar_the_powerful"} <= legal(st)
    assert st.dragons == [0, 0]
    play(st, "char lavar_the_powerful", "done")
    assert st.active == 1 and st.dragons == [0, 0]


def test_a_combination_taken_back_once_retreats_the_second_time() -> None:
    """bluemoon.special.rule11: the same short combination again is not taken back a second
    time (a turn cannot go round for ever): its cards come back and the player retreats."""
    st = table(
        {"hand": ["torch", "glimmer", "fireblast"], "combat": at(1, "sear")},
        {"combat": at(2, "lavar_the_powerful")},
    )
    play(st, "char torch")
    assert legal(st) == {"boost fireblast", "undo"}  # 1 + 3 cannot match 5 either
    play(st, "undo")
    assert {"retreat", "char torch", "char glimmer"} <= legal(st)
    play(st, "char torch")
    assert legal(st) == {"boost fireblast", "withdraw"}
    play(st, "boost fireblast")
    assert legal(st) == {"undo"} or kinds(st)[-1] == "undo"  # a new combination
    play(st, "char torch")
    assert legal(st) == {"boost fireblast", "withdraw"}
    play(st, "withdraw")
    assert st.dragons == [0, 1] and "torch" in ids(st, st.hands[0])
    assert kinds(st)[kinds(st).index("retreat") - 1] == "undo"
