"""The balance and tournament hooks of Blue Moon: played cards, the peoples' decks and
what-if card numbers (games/bluemoon/balance.py, games/bluemoon/overrides.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rich.console import Console

from cardtable.agents import make_agent
from cardtable.core import SetupError, state_hash
from cardtable.core.errors import DeckError, PositionError
from cardtable.core.match import play_match
from cardtable.core.replay import Replay, verify
from cardtable.core.rng import Rng
from cardtable.games.bluemoon.cards import PEOPLES, default_db
from cardtable.games.bluemoon.formats import deck_problem
from cardtable.games.bluemoon.game import BlueMoonGame
from cardtable.games.bluemoon.overrides import (
    FIELDS,
    LEADERSHIP_FIELDS,
    VALUED_FIELDS,
    limits,
)
from cardtable.games.bluemoon.state import FIRE, BlueMoonState
from tests.conformance import test_conformance as conformance
from tests.games.bluemoon.helpers import GAME, announced, at, legal, play

DB = GAME.db
PLAYS = ("char", "boost", "support", "lead")


# --- played_card -------------------------------------------------------------------------
def _play_tracking(
    setup: dict[str, Any], seed: int
) -> tuple[BlueMoonState, list[list[str]], list[list[str]], int]:
    """A seeded random game: the cards played_card names per seat; the cards that left each
    player's hand into play by the event log ("play" and "lead" events), without the plays
    the engine made on its own after a decision (the only option left); and how many of
    those there were."""
    st = GAME.new_game(setup, seed, log=True)
    assert st.log is not None
    rng = Rng(seed + 5)
    counted: list[list[str]] = [[], []]
    left: list[list[str]] = [[], []]
    forced = 0
    while (seat := GAME.to_move(st)) is not None:
        options = GAME.legal_actions(st)
        action = options[rng.randbelow(len(options))]
        card = GAME.played_card(st, action)
        if action[0] in PLAYS:
            inst = action[1]
            assert card == st.card_ids[inst] and inst in st.hands[seat]
            assert DB.cards[card].type in ("character", "booster", "support", "leadership")
            counted[seat].append(card)
        else:
            assert card is None, action
        before = len(st.log)
        GAME.apply(st, action)
        plays = [e for e in st.log[before:] if e.kind in ("play", "lead")]
        if card is not None:
            # The chosen card is the first to go into play, by the player who chose it.
            assert plays and plays[0].seat == seat and st.card_ids[plays[0].data["card"]] == card
            left[seat].append(card)
            plays = plays[1:]
        forced += len(plays)  # a card the rules left as the only option: no decision
    return st, counted, left, forced


PLAYED_SETUPS = [
    {"peoples": ["vulca", "hoax"]},
    {},
    {"first": 1, "reshuffle": True},
    {"match_to": 5, "swap": True},
]


@pytest.mark.parametrize("setup", PLAYED_SETUPS, ids=lambda s: json.dumps(s, sort_keys=True))
def test_played_cards_are_the_cards_that_left_the_hand(setup: dict[str, Any]) -> None:
    """bluemoon.turn.character, bluemoon.turn.booster_support, bluemoon.turn.leadership:
    a character, booster, support or leadership card chosen from the hand counts once, when
    it is chosen; retreating, declining and its discards (bluemoon.fight.decline), discards
    for a demand (bluemoon.special.rule5), RETRIEVE, the optional reshuffle, tasks and the
    end or undoing of a turn (bluemoon.special.rule11) are not plays."""
    plays = leads = forced = 0
    for seed in range(8):
        st, counted, left, extra = _play_tracking(setup, seed)
        assert counted == left, f"seed {seed}"
        plays += sum(len(c) for c in counted)
        leads += sum(1 for cards in counted for c in cards if DB.cards[c].type == "leadership")
        forced += extra
        assert st.log is not None
        in_log = sum(1 for e in st.log if e.kind in ("play", "lead"))
        assert in_log == sum(len(c) for c in counted) + extra
    assert plays > 100 and leads > 0
    assert forced <= plays // 50  # rare: a FREE card first, then one character left


def test_played_card_is_none_outside_plays() -> None:
    """The optional reshuffle's choices (bluemoon.setup.optional_reshuffle), a play in the
    wrong decision and an instance outside the hand are not plays."""
    st = GAME.new_game({"peoples": ["vulca", "hoax"], "reshuffle": True}, 2)
    assert st.pending[0] == "setup"
    assert all(GAME.played_card(st, a) is None for a in GAME.legal_actions(st))
    st = GAME.new_game({"peoples": ["vulca", "hoax"], "first": 0}, 4)
    while st.pending[0] != "play":
        GAME.apply(st, ("no_lead",))
    seat = st.pending[1]
    chars = [a for a in GAME.legal_actions(st) if a[0] == "char"]
    assert chars and all(GAME.played_card(st, a) is not None for a in chars)
    inst = chars[0][1]
    assert GAME.played_card(st, ("lead", inst)) is None  # not the leadership phase
    other = st.hands[1 - seat][0]
    assert GAME.played_card(st, ("char", other, 0)) is None  # not in the deciding hand
    assert GAME.played_card(st, ("char", 10_000, 0)) is None
    assert GAME.played_card(st, ("retreat",)) is None
    assert GAME.played_card(st, ("decline",)) is None


def test_played_cards_in_a_recorded_match() -> None:
    """The on_action hook of play_match sees each played card once, from the seat's deck."""
    played: list[list[str]] = [[], []]

    def note(state: Any, seat: int, action: Any) -> None:
        card = GAME.played_card(state, action)
        if card is not None:
            played[seat].append(card)

    agents = [make_agent("greedy", GAME, 1), make_agent("random", GAME, 2)]
    result = play_match(GAME, {"peoples": ["khind", "aqua"]}, 11, agents, on_action=note, log=True)
    for seat, people in enumerate(("khind", "aqua")):
        assert played[seat] and set(played[seat]) <= set(DB.deck(people))
    logged = [e for e in result.state.log if e.kind in ("play", "lead")]
    assert len(logged) >= sum(len(p) for p in played)


# --- decks -------------------------------------------------------------------------------
def test_deck_names_are_the_eight_peoples() -> None:
    """bluemoon.deck.ready: every people's box is a deck; built decks (``lists``,
    bluemoon.deck.build) are not boxes to seat."""
    assert GAME.deck_names(None) == list(PEOPLES)
    assert GAME.deck_names({"match_to": 5}) == list(PEOPLES)
    lists = [DB.deck("hoax"), DB.deck("vulca")]
    assert GAME.deck_names({"peoples": ["hoax", "vulca"], "lists": lists}) == []
    with pytest.raises(SetupError, match="colour"):
        GAME.deck_names({"colour": 1})


def test_with_decks_seats_each_people_and_plays_it() -> None:
    setup = GAME.with_decks({"reshuffle": True, "peoples": ["hoax", "vulca"]}, ["terrah", "flit"])
    assert setup == {"reshuffle": True, "peoples": ["terrah", "flit"]}
    st = GAME.new_game(setup, 7)
    assert st.boxes == ["terrah", "flit"]
    for seat, people in enumerate(("terrah", "flit")):
        cards = [st.card_ids[c] for c in st.hands[seat] + st.decks[seat]]
        assert sorted(cards) == sorted(DB.deck(people))


@pytest.mark.parametrize(
    ("setup", "decks", "message"),
    [
        ({}, ["vulca", "dwarves"], "unknown deck “dwarves”; the decks are the peoples hoax, vulca"),
        ({}, ["vulca"], "give 2 decks, not 1"),
        ({}, ["vulca", "hoax", "aqua"], "give 2 decks, not 3"),
        ({}, ["aqua", "aqua"], "both players cannot play the “aqua” deck"),
        (
            {"peoples": ["hoax", "vulca"], "lists": [["x"], ["y"]]},
            ["aqua", "flit"],
            "“lists” are decks built by the advanced rules",
        ),
        ({"colour": 1}, ["aqua", "flit"], "colour"),
    ],
)
def test_with_decks_refuses_what_the_rules_do_not_allow(
    setup: dict[str, Any], decks: list[str], message: str
) -> None:
    """bluemoon.match.choose_decks: two players, each with another people's box."""
    with pytest.raises(SetupError, match=message):
        GAME.with_decks(setup, decks)


def test_a_mirror_is_refused_by_the_game_but_built_decks_may_share_a_leader() -> None:
    """bluemoon.match.choose_decks: one box of each people, so the boxed decks differ;
    decks built from two collections (bluemoon.deck.build) may follow the same leader."""
    with pytest.raises(SetupError, match="both players cannot play the “pillar” deck"):
        GAME.new_game({"peoples": ["pillar", "pillar"]}, 1)
    deck = DB.deck("pillar")
    st = GAME.new_game({"peoples": ["pillar", "pillar"], "lists": [deck, deck]}, 1)
    assert st.boxes == ["pillar", "pillar"]


def test_deck_and_card_titles() -> None:
    assert GAME.deck_title("vulca", "en") == "Vulca"
    assert GAME.deck_title("vulca", "ru") == "Вулка"
    assert GAME.deck_title("khind", "en") == "Khind"
    assert GAME.deck_title("nowhere", "en") == "nowhere"
    for people in PEOPLES:
        assert GAME.deck_title(people, "ru") != GAME.deck_title(people, "en")
    assert GAME.card_title("volca", "en") == "Volca"
    assert GAME.card_title("volca", "ru") == "Волька"
    assert GAME.card_title("nothing", "ru") == "nothing"


# --- card overrides ----------------------------------------------------------------------
VANILLA1 = ["torch", "shimmer", "glimmer", "blaze", "furnace", "lavar_the_powerful"]
VANILLA2 = ["wogarathoras_the_gloomy", "zedemikras_the_brain", "nirwadas_the_traveler"]


def _reply(**top: Any) -> BlueMoonState:
    """P2's answer in fight 1: P1 opened with Volca (5 Fire); P2 holds Ledinemras the Monk
    (4 Fire), P1 only Torch (1 Fire). Vanilla cards, no powers or icons."""
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 2,
        "element": "fire",
        "starter": "P1",
        "active": "P2",
        "first": "P1",
        "players": {
            "P1": {
                "people": "vulca",
                "turns": 1,
                "hand": ["torch"],
                "combat": at(1, "volca"),
                "deck": VANILLA1,
            },
            "P2": {"people": "hoax", "hand": ["ledinemras_the_monk"], "deck": VANILLA2},
        },
    } | top
    st = GAME.load_position(doc)
    st.log = []
    return st


def test_an_overridden_value_changes_who_wins_the_fight() -> None:
    """bluemoon.turn.announce, bluemoon.turn.retreat, bluemoon.fight.win.dragons: with the
    printed 4 Fire the Monk cannot match Volca's 5 and Hoax retreats; at 6 Fire it can, and
    Vulca, whose Torch cannot match 6, retreats instead."""
    st = _reply()
    assert legal(st) == {"retreat", "char ledinemras_the_monk"}
    play(st, "char ledinemras_the_monk")
    # 4 cannot match 5: undoing the turn is the only way on (bluemoon.special.rule11), the
    # engine takes it, and back at "Retreat?" Hoax retreats.
    assert legal(st) == {"retreat", "char ledinemras_the_monk"}
    play(st, "retreat")
    assert st.log is not None and [e.kind for e in st.log[:4]] == [
        "play",
        "undo",
        "retreat",
        "dragons",
    ]
    assert st.dragons == [1, 0]

    st = _reply(overrides={"Лединемрас Монах": {"fire": 6}})
    assert st.overrides == '{"ledinemras_the_monk":{"fire":6}}'
    play(st, "char ledinemras_the_monk")  # ending the turn is the only option left
    assert announced(st) == [(1, 6, FIRE)]
    assert GAME.observe(st, 1)["totals"] == [5, 6]
    assert st.pending == ("play", 0) and st.dragons == [0, 0]
    play(st, "char torch", "retreat")  # 1 cannot match 6: taken back, Vulca retreats
    assert st.dragons == [0, 1]
    # The printed card is untouched.
    assert (
        DB.cards["ledinemras_the_monk"].fire == 4 == default_db().cards["ledinemras_the_monk"].fire
    )


def test_overrides_in_the_setup_reach_the_state_views_and_rendering() -> None:
    """A card named by id or name; only the changes that matter to the game are kept in the
    state; the observation, the card facts, the screen and the totals use them."""
    setup = GAME.with_card_overrides(
        {"peoples": ["vulca", "hoax"], "first": 0},
        {
            "Volca": {"fire": 9, "earth": 1.0},  # earth 1 is printed: no change
            "ledinemras_the_monk": {"moons": 3},
            "terrible_kraken": {"fire": 2},  # an Aqua card: not in this game
        },
    )
    assert setup["overrides"] == {
        "terrible_kraken": {"fire": 2},
        "ledinemras_the_monk": {"moons": 3},
        "volca": {"earth": 1, "fire": 9},
    }
    st = GAME.new_game(setup, 3)
    assert json.loads(st.overrides) == {"ledinemras_the_monk": {"moons": 3}, "volca": {"fire": 9}}
    assert st.to_json()["overrides"] == json.loads(st.overrides)
    assert GAME.dbs(st).cards["volca"].fire == 9 and DB.cards["volca"].fire == 5
    assert GAME.observe(st, 1)["overrides"] == json.loads(st.overrides)
    # Volca into play: its overridden value is the total.
    volca = st.card_ids.index("volca")
    st.decks[0].remove(volca)
    st.hands[0].append(volca)
    st._legal = None
    while st.pending[0] != "play":
        GAME.apply(st, ("no_lead",))
    GAME.apply(st, ("char", volca, 0))
    assert GAME.observe(st, 1)["totals"][0] == 9
    console = Console(width=160, record=True)
    console.print(GAME.render(st, 0, "en"))
    text = console.export_text()
    assert "volca.fire = 9" in text
    from cardtable.games.bluemoon.view import card_facts

    assert "Fire 9 / Earth 1" in card_facts(GAME, volca, st, "en")
    # A game without the card, or with only printed numbers, is the plain game.
    plain = {"peoples": ["vulca", "hoax"], "first": 0}
    same = GAME.with_card_overrides(plain, {"volca": {"fire": 5}, "terrible_kraken": {"earth": 9}})
    assert GAME.new_game(same, 3).overrides == ""
    assert state_hash(GAME.new_game(same, 3)) == state_hash(GAME.new_game(plain, 3))


def test_moons_count_when_decks_are_built() -> None:
    """bluemoon.deck.moons: other peoples' cards carry at most 10 moons; an override of a
    card's moons changes which built decks are allowed."""
    mine = [c for c in DB.deck("vulca") if DB.cards[c].moons == 0]
    foreign = sorted(
        (c for c in DB.deck("hoax") if DB.cards[c].moons >= 1), key=lambda c: DB.cards[c].moons
    )
    deck, moons = list(mine), 0
    for c in foreign:
        if len(deck) == 30 or moons + DB.cards[c].moons > 10:
            continue
        deck.append(c)
        moons += DB.cards[c].moons
    deck += [c for c in DB.deck("vulca") if c not in deck][: 30 - len(deck)]
    assert deck_problem(DB, "vulca", deck) is None and moons == 10
    setup = {"peoples": ["vulca", "hoax"], "lists": [deck, DB.deck("hoax")]}
    heavier = next(c for c in deck if DB.cards[c].people == "hoax")
    up = GAME.with_card_overrides(setup, {heavier: {"moons": DB.cards[heavier].moons + 1}})
    with pytest.raises(DeckError, match="carry 11 moons, at most 10"):
        GAME.new_game(up, 1)
    down = GAME.with_card_overrides(setup, {heavier: {"moons": DB.cards[heavier].moons - 1}})
    assert json.loads(GAME.new_game(down, 1).overrides) == {
        heavier: {"moons": DB.cards[heavier].moons - 1}
    }


def test_overrides_merge_with_those_in_the_setup() -> None:
    first = GAME.with_card_overrides({}, {"volca": {"fire": 7}, "spark": {"earth": 6}})
    second = GAME.with_card_overrides(first, {"Volca": {"earth": 2, "fire": 8}})
    assert second["overrides"] == {"spark": {"earth": 6}, "volca": {"earth": 2, "fire": 8}}
    assert first["overrides"]["volca"] == {"fire": 7}  # the input is not changed


LEADERSHIP = next(c.id for c in DB.cards.values() if c.type == "leadership")


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"no_such_card": {"fire": 1}}, "unknown card “no_such_card”"),
        (
            {"volca": {"speed": 1}},
            "volca: unknown field “speed”; the fields of a character card are fire, earth, moons",
        ),
        (
            {"volca": {"number": 3}},
            "volca: unknown field “number”; the fields of a character card are",
        ),
        (
            {LEADERSHIP: {"fire": 1}},
            f"{LEADERSHIP} is a leadership card, it has no “fire”; the fields of a leadership "
            "card are moons",
        ),
        ({"inferno": {"moons": 1}}, "inferno is a leader card: it is never played"),
        ({"volca": {"fire": 1.5}}, r"volca.fire must be a whole number, not “1.5”"),
        ({"volca": {"fire": "2"}}, r"volca.fire must be a whole number, not “2”"),
        ({"volca": {"earth": True}}, r"volca.earth must be a whole number"),
        ({"volca": {"fire": float("nan")}}, r"volca.fire must be a whole number"),
        ({"volca": {"fire": -1}}, r"volca.fire = -1 is out of range: the card schema allows 0"),
        ({"volca": {"earth": 100}}, r"volca.earth = 100 is out of range"),
        (
            {"volca": {"moons": 5}},
            r"volca.moons = 5 is out of range: the card schema allows 0 to 4",
        ),
        ({"volca": {}}, "volca must be a table of field = number"),
        ({"volca": 3}, "volca must be a table of field = number"),
        ({"volca": {"fire": 1}, "Волька": {"earth": 1}}, "card “volca” is given twice"),
    ],
)
def test_bad_overrides_are_refused(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.with_card_overrides({}, overrides)


def test_bad_overrides_are_refused_by_the_game_and_positions() -> None:
    with pytest.raises(SetupError, match="overrides: unknown card “nope”"):
        GAME.new_game({"overrides": {"nope": {"fire": 1}}}, 1)
    with pytest.raises(SetupError, match="must be a whole number"):
        GAME.new_game({"overrides": {"volca": {"fire": 2.5}}}, 1)
    with pytest.raises(SetupError, match="out of range"):
        GAME.new_game({"overrides": {"volca": {"moons": 9}}}, 1)
    with pytest.raises(SetupError, match="overrides"):
        GAME.new_game({"overrides": [1, 2]}, 1)
    with pytest.raises(PositionError, match="unknown field “speed”"):
        _reply(overrides={"volca": {"speed": 1}})


def test_override_fields_follow_the_card_schema() -> None:
    assert FIELDS == VALUED_FIELDS == ("fire", "earth", "moons")
    assert LEADERSHIP_FIELDS == ("moons",)
    assert limits("fire") == limits("earth") == (0, 99)
    assert limits("moons") == (0, 4)


# --- reproducibility ---------------------------------------------------------------------
OVERRIDE_BASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    (
        {"peoples": ["vulca", "hoax"]},
        {
            "volca": {"fire": 9, "earth": 0},
            "Ledinemras the Monk": {"fire": 0, "earth": 8},
            "fireblast": {"fire": 0},
            "pandemonium": {"earth": 3},
            "spark": {"moons": 4},
        },
    ),
    (  # the peoples drawn by the seed: the first character of each people changed
        {"match_to": 3, "swap": True, "first": 1},
        {
            c: {"fire": DB.cards[c].earth, "earth": DB.cards[c].fire + 3}
            for c in (
                next(c for c in DB.deck(p) if DB.cards[c].type == "character") for p in PEOPLES
            )
        },
    ),
]
OVERRIDE_SETUPS = [GAME.with_card_overrides(base, o) for base, o in OVERRIDE_BASES]
IDS = [f"setup{i}" for i in range(len(OVERRIDE_SETUPS))]


@pytest.mark.parametrize("setup", OVERRIDE_SETUPS, ids=IDS)
def test_a_seeded_game_with_overrides_replays_exactly(setup: dict[str, Any]) -> None:
    for seed in range(3):
        agents = [make_agent("greedy", GAME, seed + s) for s in range(2)]
        result = play_match(GAME, setup, seed, agents)
        assert result.state.overrides, "the changes are in the state"
        replay = Replay.from_json(json.loads(json.dumps(result.replay.to_json())))
        assert replay.setup["overrides"] == setup["overrides"]
        assert state_hash(verify(replay)) == state_hash(result.state)
        again = play_match(
            GAME, setup, seed, [make_agent("greedy", GAME, seed + s) for s in range(2)]
        )
        assert state_hash(again.state) == state_hash(result.state)
        back = GAME.state_from_json(json.loads(json.dumps(result.state.to_json())))
        assert back.to_json() == result.state.to_json()
        assert back.overrides == result.state.overrides
        assert state_hash(back) == state_hash(result.state)


@pytest.mark.parametrize("setup", OVERRIDE_SETUPS, ids=IDS)
def test_positions_keep_the_overrides(setup: dict[str, Any]) -> None:
    st = GAME.new_game(setup, 9)
    doc = GAME.export_position(st)
    assert doc["overrides"] == json.loads(st.overrides)
    again = GAME.load_position(json.loads(json.dumps(doc)))
    assert again.overrides == st.overrides
    for card in doc["overrides"]:
        assert GAME.dbs(again).cards[card] == GAME.dbs(st).cards[card] != DB.cards[card]


def test_a_plain_game_after_overridden_ones_is_unaffected() -> None:
    """No database or cache shared between games changes: a plain game played after games
    with overrides equals one played by a fresh game object with the printed cards."""
    plain = {"peoples": ["vulca", "hoax"]}

    def finish(game: BlueMoonGame, setup: dict[str, Any], seed: int) -> str:
        agents = [make_agent("greedy", game, seed + s) for s in range(2)]
        return state_hash(play_match(game, setup, seed, agents).state)

    before = finish(GAME, plain, 4)
    changed = finish(GAME, OVERRIDE_SETUPS[0], 4)
    assert changed != before
    after = finish(GAME, plain, 4)
    fresh = finish(BlueMoonGame(), plain, 4)
    assert before == after == fresh
    st = GAME.new_game(plain, 4)
    assert st.overrides == "" and "overrides" not in st.to_json()
    assert GAME.dbs(st) is GAME.db
    assert DB.cards["volca"].fire == 5 and DB.cards["ledinemras_the_monk"].earth == 1


CONFORMANCE = [
    conformance.test_clone_is_independent,
    conformance.test_json_roundtrip_is_exact,
    conformance.test_replays_are_exact,
    conformance.test_observe_hides_hidden_parts,
    conformance.test_illegal_actions_change_nothing,
    conformance.test_positions_roundtrip,
]


@pytest.mark.parametrize("check", CONFORMANCE, ids=lambda f: f.__name__.removeprefix("test_"))
@pytest.mark.parametrize("index", range(len(OVERRIDE_SETUPS)), ids=IDS)
def test_the_conformance_suite_passes_with_overrides(check: Any, index: int) -> None:
    check("bluemoon", 100 + index, OVERRIDE_SETUPS[index])


@pytest.mark.parametrize("index", range(len(OVERRIDE_SETUPS)), ids=IDS)
def test_random_playouts_with_overrides_keep_invariants(index: int) -> None:
    conformance.test_random_playouts_keep_invariants(
        "bluemoon", 100 + index, OVERRIDE_SETUPS[index], 0
    )
