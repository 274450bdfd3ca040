"""The balance and tournament hooks of Clash: played cards, preconstructed decks and
what-if card numbers (games/clash/balance.py, games/clash/overrides.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.agents import make_agent
from cardtable.core import SetupError, state_hash
from cardtable.core.match import play_match
from cardtable.core.replay import Replay, verify
from cardtable.core.rng import Rng
from cardtable.games.clash.effects import available, cost_now
from cardtable.games.clash.overrides import CREATURE_FIELDS, SPELL_FIELDS, limits
from tests.conformance import test_conformance as conformance
from tests.games.clash.helpers import GAME

BLOOD_TRIBUTE_DECKS = {"ember", "rift_pact"}


# --- played_card -------------------------------------------------------------------------
def _play_tracking(
    setup: dict[str, Any], seed: int
) -> tuple[Any, list[list[str]], list[list[str]]]:
    """A seeded random game: the cards played_card names per seat, and the cards that left
    each player's hand to be played according to the event log (a summon, a merge onto a
    host or a cast; not a Reinforcement summon, a champion, or anything an AI seat does)."""
    st = GAME.new_game(setup, seed, log=True)
    rng = Rng(seed + 5)
    seats = GAME.num_seats(st)
    counted: list[list[str]] = [[] for _ in range(seats)]
    while (seat := GAME.to_move(st)) is not None:
        legal = GAME.legal_actions(st)
        action = legal[rng.randbelow(len(legal))]
        card = GAME.played_card(st, action)
        if card is not None:
            inst = action[1]
            assert inst in available(st, seat), "a played card is one of the available cards"
            assert st.card_ids[inst] == card
            counted[seat].append(card)
        else:
            assert action[0] != "play" or action[1] == st.champion[seat]
        GAME.apply(st, action)
    left: list[list[str]] = [[] for _ in range(seats)]
    reinforced: list[int] = []
    assert st.log is not None
    for e in st.log:
        if e.kind == "reinforce" and "card" in e.data:
            reinforced.append(e.data["card"])
        if e.kind not in ("summon", "merge", "cast") or e.seat is None or st.ai[e.seat]:
            continue
        inst = e.data["card"]
        if inst in reinforced:
            reinforced.remove(inst)
            continue
        if inst == st.champion[e.seat]:
            continue
        left[e.seat].append(st.card_ids[inst])
    return st, counted, left


PLAYED_SETUPS = [
    {"decks": ["ember", "tide"]},
    {"decks": ["storm", "shadow"], "fatigue": True},
    {"decks": ["rift_grove", "rift_pact"]},
    {"format": "draft"},
    {"decks": ["ember", "tide"], "champions": ["jailer", "void_cocoon"]},
    {"mode": "solo", "level": 4, "decks": ["shadow"], "champions": ["turncloak_shade", None]},
    {"mode": "ffa"},
]


@pytest.mark.parametrize("setup", PLAYED_SETUPS, ids=lambda s: json.dumps(s, sort_keys=True))
def test_played_cards_are_the_cards_that_left_the_hand(setup: dict[str, Any]) -> None:
    """Every card chosen from the hand counts once, at the choice; its row, host or target
    does not count again, and neither do picks, the end of a phase or the champion."""
    plays = 0
    for seed in range(6):
        st, counted, left = _play_tracking(setup, seed)
        for seat, cards in enumerate(counted):
            if len(cards) == len(left[seat]) + 1 and cards[:-1] == left[seat]:
                # The game ended while the last card was played: Blood Tribute's damage
                # toppled the fort before the card could leave the hand, or the card left
                # from right of the fort and left it rightmost (ruling R3).
                assert st.log is not None and st.log[-1].kind == "lose"
                assert any(e.kind == "blood_tribute" for e in st.log[-4:]) or cards[-1] in [
                    st.card_ids[c] for c in st.limbo
                ]
                continue
            assert cards == left[seat], f"seed {seed}, seat {seat}"
        plays += sum(len(c) for c in counted)
    assert plays > 20


def test_played_card_is_none_for_sub_decisions_and_picks() -> None:
    """Draft picks, rows, targets and 'end' are not plays; a forced row is never seen."""
    st = GAME.new_game({"format": "draft"}, 3)
    assert st.pending == ("pick",)
    assert all(GAME.played_card(st, a) is None for a in GAME.legal_actions(st))
    st = GAME.new_game({"decks": ["ember", "tide"], "first": 0}, 4)
    plays = [a for a in GAME.legal_actions(st) if a[0] == "play"]
    assert plays and all(GAME.played_card(st, a) is not None for a in plays)
    assert GAME.played_card(st, ("end",)) is None
    GAME.apply(st, plays[0])
    assert st.pending[0] in ("place", "target")
    assert GAME.is_subdecision(st)
    assert all(GAME.played_card(st, a) is None for a in GAME.legal_actions(st))


def test_played_cards_in_a_recorded_match() -> None:
    """The on_action hook of play_match sees each played card once (greedy agents)."""
    setup = {"decks": ["tide", "shadow"]}
    played: list[list[str]] = [[], []]

    def note(state: Any, seat: int, action: Any) -> None:
        card = GAME.played_card(state, action)
        if card is not None:
            played[seat].append(card)

    agents = [make_agent("greedy", GAME, 1), make_agent("random", GAME, 2)]
    result = play_match(GAME, setup, 11, agents, on_action=note, log=True)
    decks = {0: set(GAME.db.deck("tide").cards), 1: set(GAME.db.deck("shadow").cards)}
    for seat in (0, 1):
        assert played[seat] and set(played[seat]) <= decks[seat]
    summoned = [
        e for e in result.state.log if e.kind in ("summon", "merge", "cast") and e.seat is not None
    ]
    assert len(summoned) >= sum(len(p) for p in played) - 1


# --- decks -------------------------------------------------------------------------------
def test_deck_names_follow_the_setups_set_and_format() -> None:
    assert GAME.deck_names(None) == ["ember", "tide", "storm", "shadow"]
    assert GAME.deck_names({"set": "rift"}) == [
        "rift_veil",
        "rift_grove",
        "rift_squall",
        "rift_pact",
    ]
    assert GAME.deck_names({"mode": "ffa"}) == ["ember", "tide", "storm", "shadow"]
    assert GAME.deck_names({"mode": "solo"}) == ["ember", "tide", "storm", "shadow"]
    assert len(GAME.deck_names({"mode": "coop"})) == 8
    assert GAME.deck_names({"format": "draft"}) == []
    assert GAME.deck_names({"format": "constructed", "lists": [["a"] * 8, ["b"] * 8]}) == []
    with pytest.raises(SetupError, match="nowhere"):
        GAME.deck_names({"set": "nowhere"})


def test_with_decks_seats_each_deck_and_plays_it() -> None:
    setup = GAME.with_decks({"fatigue": True}, ["storm", "ember"])
    assert setup == {"fatigue": True, "decks": ["storm", "ember"]}
    st = GAME.new_game(setup, 7)
    for seat, deck in enumerate(("storm", "ember")):
        hand = {st.card_ids[c] for c in st.hands[seat] if c != st.fortress[seat]}
        assert hand == set(GAME.db.deck(deck).cards)
    rift = GAME.with_decks({"set": "rift"}, ["rift_pact", "rift_veil"])
    assert rift["decks"] == ["rift_pact", "rift_veil"]
    assert GAME.with_decks({"mode": "ffa"}, ["shadow", "tide", "ember", "storm"])["decks"] == [
        "shadow",
        "tide",
        "ember",
        "storm",
    ]
    assert GAME.with_decks({"mode": "solo"}, ["tide"]) == {"mode": "solo", "decks": ["tide"]}
    # A deck already in the setup is replaced.
    assert GAME.with_decks({"decks": ["ember", "tide"]}, ["tide", "ember"])["decks"] == [
        "tide",
        "ember",
    ]


@pytest.mark.parametrize(
    ("setup", "decks", "message"),
    [
        ({}, ["ember", "nowhere"], "unknown deck “nowhere”"),
        ({}, ["ember", "ember"], "cannot both play the deck “ember”"),
        ({"mode": "ffa"}, ["ember", "tide", "tide", "storm"], "cannot both play the deck “tide”"),
        ({}, ["ember"], "give 2 decks, not 1"),
        ({"mode": "solo"}, ["ember", "tide"], "the solo mode seats 1 deck"),
        ({"mode": "coop"}, ["ember", "tide", "storm", "shadow"], "the coop mode seats 2 deck"),
        ({"format": "draft"}, ["ember", "tide"], "the draft format has no preconstructed"),
        ({"champions": ["jailer", None]}, ["shadow", "tide"], "champion “jailer” must come from"),
    ],
)
def test_with_decks_refuses_what_the_rules_do_not_allow(
    setup: dict[str, Any], decks: list[str], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.with_decks(setup, decks)


def test_a_mirror_setup_is_refused_by_the_game_too() -> None:
    with pytest.raises(SetupError, match="cannot both play the deck “storm”"):
        GAME.new_game({"decks": ["storm", "storm"]}, 1)


def test_deck_titles_come_from_the_deck_files() -> None:
    assert GAME.deck_title("ember", "ru") == "Пламя"
    assert GAME.deck_title("ember", "en") == "Ember"
    assert GAME.deck_title("rift_veil", "ru") == "Пелена"
    assert GAME.deck_title("rift_veil", "en") == "Veil"
    assert GAME.deck_title("nowhere", "en") == "nowhere"


# --- card overrides ----------------------------------------------------------------------
def _instances(st: Any, card: str) -> list[int]:
    return [i for i, c in enumerate(st.card_ids) if c == card]


def test_overrides_change_the_state_the_views_and_the_rendering() -> None:
    setup = GAME.with_card_overrides(
        {"decks": ["ember", "tide"]},
        {"Искорка": {"cost": 0, "attack": 4.0, "health": 7}, "Fire Lance": {"damage": 6}},
    )
    assert setup["overrides"] == {
        "fire_lance": {"damage": 6},
        "spark_imp": {"attack": 4, "cost": 0, "health": 7},
    }
    st = GAME.new_game(setup, 3)
    imp = _instances(st, "spark_imp")[0]
    lance = _instances(st, "fire_lance")[0]
    assert (st.cost[imp], st.atk[imp], st.hp[imp]) == (0, 4, 7)
    assert st.atk[lance] == 6
    shown = GAME.card_def(st, imp)
    assert shown is not None and (shown.cost, shown.attack, shown.health) == (0, 4, 7)
    obs = GAME.observe(st, 1)
    assert {c["id"]: c.get("damage", c.get("attack")) for c in obs["cards"]} == {
        "fire_lance": 6,
        "spark_imp": 4,
    }
    # Untouched cards are as printed; the printed database is unchanged.
    priest = _instances(st, "blood_priest")[0]
    assert (st.cost[priest], st.atk[priest], st.hp[priest]) == (5, 5, 5)
    assert GAME.db.card("spark_imp").cost == 1 and GAME.db.card("spark_imp").attack == 2
    # The terminal view shows the overridden numbers.
    from rich.console import Console

    console = Console(width=160, record=True)
    console.print(GAME.render(st, 0, "en"))
    text = console.export_text()
    assert "4/7" in text
    # Setting a number to its printed value changes nothing.
    same = GAME.with_card_overrides({"decks": ["ember", "tide"]}, {"spark_imp": {"cost": 1}})
    assert state_hash(GAME.new_game(same, 3)) == state_hash(
        GAME.new_game({"decks": ["ember", "tide"]}, 3)
    )


def test_a_cheaper_card_becomes_playable() -> None:
    """A card too costly for the mana left is playable once its cost is overridden.

    Tide and Shadow have no Blood Tribute, Reinforcement or champion: a cost changes only
    the mana, so the same actions stay legal in the cheaper game.
    """
    base = {"decks": ["tide", "shadow"]}
    for seed in range(40):
        st = GAME.new_game(base, seed)
        rng = Rng(seed)
        history: list[Any] = []
        while (seat := GAME.to_move(st)) is not None and len(history) < 200:
            if st.pending == ("main",):
                costly = [c for c in available(st, seat) if cost_now(st, seat, c) > st.mana]
                if costly:
                    c = costly[0]
                    assert ("play", c) not in GAME.legal_actions(st)
                    cheap = GAME.with_card_overrides(base, {st.card_ids[c]: {"cost": 0}})
                    again = GAME.new_game(cheap, seed)
                    for action in history:
                        GAME.apply(again, action)
                    assert again.card_ids[c] == st.card_ids[c] and again.cost[c] == 0
                    assert ("play", c) in GAME.legal_actions(again)
                    return
            legal = GAME.legal_actions(st)
            action = legal[rng.randbelow(len(legal))]
            history.append(action)
            GAME.apply(st, action)
    pytest.fail("no card was ever too costly")


def test_an_overridden_spell_hits_for_its_new_damage() -> None:
    """Every hit of Lightning Bolt (no damage abilities) deals the overridden damage."""
    setup = GAME.with_card_overrides(
        {"decks": ["storm", "tide"]}, {"lightning_bolt": {"damage": 7}}
    )
    hits: list[int] = []
    for seed in range(30):
        st = GAME.new_game(setup, seed, log=True)
        rng = Rng(seed)
        while GAME.to_move(st) is not None:
            legal = GAME.legal_actions(st)
            GAME.apply(st, legal[rng.randbelow(len(legal))])
        assert st.log is not None
        bolt = _instances(st, "lightning_bolt")[0]
        casts = {i for i, e in enumerate(st.log) if e.kind == "cast" and e.data["card"] == bolt}
        for i in casts:
            follow = st.log[i + 1] if i + 1 < len(st.log) else None
            if follow is not None and follow.kind == "damage" and follow.data["source"] == bolt:
                hits.append(follow.data["amount"])
    assert hits and set(hits) == {7}


def test_overrides_reach_grafts_champions_drafts_and_the_ai() -> None:
    graft = GAME.with_card_overrides(
        {
            "decks": ["storm", "shadow"],
            "grafts": [{"seat": 1, "card": "jailer", "part": "attack", "source": "blood_priest"}],
        },
        {"blood_priest": {"attack": 8}},
    )
    st = GAME.new_game(graft, 1)
    assert st.atk[_instances(st, "jailer")[0]] == 8
    solo = GAME.with_card_overrides(
        {"mode": "solo", "level": 4, "decks": ["shadow"], "champions": ["turncloak_shade", None]},
        {"turncloak_shade": {"cost": 9}, "lightning_bolt": {"cost": 2}},
    )
    st = GAME.new_game(solo, 2)
    champ = st.champion[0]
    assert st.card_ids[champ] == "turncloak_shade" and st.cost[champ] == 9
    assert st.cost[_instances(st, "lightning_bolt")[0]] == 2  # an AI card
    draft = GAME.with_card_overrides({"format": "draft"}, {"sea_serpent": {"health": 1}})
    st = GAME.new_game(draft, 5)
    assert st.hp[_instances(st, "sea_serpent")[0]] == 1


def test_overrides_merge_with_those_in_the_setup() -> None:
    first = GAME.with_card_overrides({}, {"spark_imp": {"cost": 3}, "jailer": {"health": 9}})
    second = GAME.with_card_overrides(first, {"spark_imp": {"attack": 5, "cost": 2}})
    assert second["overrides"] == {
        "jailer": {"health": 9},
        "spark_imp": {"attack": 5, "cost": 2},
    }
    assert first["overrides"]["spark_imp"] == {"cost": 3}  # the input is not changed


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"no_such_card": {"cost": 1}}, "unknown card “no_such_card”"),
        (
            {"spark_imp": {"speed": 1}},
            "spark_imp: unknown field “speed”; the fields of a creature are cost, attack, health",
        ),
        ({"spark_imp": {"damage": 1}}, "spark_imp is a creature, it has no “damage”"),
        (
            {"fire_lance": {"attack": 1}},
            "fire_lance is a spell, it has no “attack”; the fields of a spell are cost, damage",
        ),
        ({"spark_imp": {"cost": 1.5}}, r"spark_imp.cost must be a whole number, not “1.5”"),
        ({"spark_imp": {"cost": "2"}}, r"spark_imp.cost must be a whole number, not “2”"),
        ({"spark_imp": {"attack": True}}, r"spark_imp.attack must be a whole number"),
        (
            {"spark_imp": {"cost": 31}},
            r"spark_imp.cost = 31 is out of range: the card schema allows 0 to 30",
        ),
        ({"spark_imp": {"cost": -1}}, r"spark_imp.cost = -1 is out of range"),
        (
            {"spark_imp": {"health": 0}},
            r"spark_imp.health = 0 is out of range: the card schema allows 1 to 99",
        ),
        ({"fire_lance": {"damage": 100}}, r"fire_lance.damage = 100 is out of range"),
        ({"spark_imp": {}}, "spark_imp must be a table of field = number"),
        ({"spark_imp": 3}, "spark_imp must be a table of field = number"),
        ({"spark_imp": {"cost": 1}, "Искорка": {"attack": 1}}, "card “spark_imp” is given twice"),
    ],
)
def test_bad_overrides_are_refused(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.with_card_overrides({}, overrides)


def test_bad_overrides_written_into_a_setup_are_refused_by_the_game() -> None:
    with pytest.raises(SetupError, match="unknown card “nope”"):
        GAME.new_game({"overrides": {"nope": {"cost": 1}}}, 1)
    with pytest.raises(SetupError, match="overrides"):
        GAME.new_game({"overrides": {"spark_imp": {"cost": 2.5}}}, 1)
    with pytest.raises(SetupError, match="out of range"):
        GAME.new_game({"overrides": {"spark_imp": {"cost": 99}}}, 1)


def test_override_fields_follow_the_card_schema() -> None:
    assert CREATURE_FIELDS == ("cost", "attack", "health")
    assert SPELL_FIELDS == ("cost", "damage")
    assert limits("cost") == (0, 30)
    assert limits("attack") == (0, 99)
    assert limits("health") == (1, 99)
    assert limits("damage") == (0, 99)


# --- reproducibility ---------------------------------------------------------------------
OVERRIDE_BASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    (
        {"decks": ["ember", "tide"], "fatigue": True},
        {
            "spark_imp": {"cost": 0, "attack": 4},
            "sea_serpent": {"health": 9},
            "fire_lance": {"damage": 5},
            "ice_shard": {"cost": 0},
        },
    ),
    ({"format": "draft"}, {"hermit_crab": {"attack": 5}, "chain_spark": {"cost": 2}}),
    (
        {"mode": "solo", "level": 4, "decks": ["shadow"], "champions": ["turncloak_shade", None]},
        {"turncloak_shade": {"cost": 2}, "jailer": {"attack": 5}, "lightning_bolt": {"damage": 1}},
    ),
    (
        {
            "decks": ["storm", "shadow"],
            "grafts": [{"seat": 1, "card": "jailer", "part": "attack", "source": "blood_priest"}],
        },
        {"blood_priest": {"attack": 7}, "storm_hawk": {"health": 5}},
    ),
]
OVERRIDE_SETUPS = [GAME.with_card_overrides(base, o) for base, o in OVERRIDE_BASES]
IDS = [f"setup{i}" for i in range(len(OVERRIDE_SETUPS))]


@pytest.mark.parametrize("setup", OVERRIDE_SETUPS, ids=IDS)
def test_a_seeded_game_with_overrides_replays_exactly(setup: dict[str, Any]) -> None:
    for seed in range(3):
        agents = [make_agent("greedy", GAME, seed + s) for s in range(2)]
        result = play_match(GAME, setup, seed, agents)
        assert result.state.custom, "the changed cards are in the state"
        replay = Replay.from_json(json.loads(json.dumps(result.replay.to_json())))
        assert replay.setup["overrides"] == setup["overrides"]
        assert state_hash(verify(replay)) == state_hash(result.state)
        again = play_match(
            GAME, setup, seed, [make_agent("greedy", GAME, seed + s) for s in range(2)]
        )
        assert state_hash(again.state) == state_hash(result.state)
        text = json.dumps(result.state.to_json(), ensure_ascii=False)
        back = GAME.state_from_json(json.loads(text))
        assert back.to_json() == result.state.to_json()
        assert state_hash(back) == state_hash(result.state)


@pytest.mark.parametrize("setup", OVERRIDE_SETUPS, ids=IDS)
def test_positions_keep_the_overridden_cards(setup: dict[str, Any]) -> None:
    st = GAME.new_game(setup, 9)
    doc = GAME.export_position(st)
    assert {c["id"] for c in doc["cards"]} == set(setup["overrides"])
    again = GAME.load_position(json.loads(json.dumps(doc)))
    for i, card in enumerate(st.card_ids):
        if card in setup["overrides"] and i not in again.fortress:
            j = again.card_ids.index(card)
            assert GAME.card_def(again, j) == GAME.card_def(st, i)


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
    check("clash", 100 + index, OVERRIDE_SETUPS[index])


@pytest.mark.parametrize("index", range(len(OVERRIDE_SETUPS)), ids=IDS)
def test_random_playouts_with_overrides_keep_invariants(index: int) -> None:
    conformance.test_random_playouts_keep_invariants(
        "clash", 100 + index, OVERRIDE_SETUPS[index], 0
    )
