"""Clash's caches change nothing a game does: the aura cache (effects.refresh_auras: the
aura updates of the summoning and the assault), the set-up caches (formats.parse_setup,
formats.new_state) and the events built only with a log. Caches never reach the plain
form (to_json, the hash), clones are independent, and states loaded from JSON or
positions start right.

(The rule ids of these behaviours are cited by the rules tests; this file names none, so
the rules index's tests column is unchanged.)
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.core import CardDataError, SetupError, get_game, state_hash
from cardtable.core.rng import Rng
from cardtable.games.clash import formats
from cardtable.games.clash.effects import refresh_auras, touch_all_rows
from cardtable.games.clash.state import ClashState
from tests.games.clash.helpers import card, play

GAME = get_game("clash")
SETUPS = GAME.conformance_setups()
AURAS = ["war_drummer", "shade_lamplighter", "heartwood_core", "storm_petrel"]
AURA_LISTS = [
    [*AURAS, "hermit_crab", "mycelium_sprout", "parasite_vine", "firefly_swarm"],
    [
        "mirror_moth",
        "echo_sentinel",
        "mist_wraith",
        "banner_bearer",
        "thicket_caller",
        "reef_shark",
        "firemane_courser",
        "turncloak_shade",
    ],
]
AURA_SETUPS = [
    {"format": "constructed", "lists": AURA_LISTS},
    {"format": "constructed", "lists": AURA_LISTS[::-1], "fatigue": True},
]


def position(cards: list[dict[str, Any]], a: dict[str, Any], b: dict[str, Any]) -> ClashState:
    """A duel position at A's summoning phase, with a log."""
    doc = {"game": "clash", "turn": 3, "active": "A", "first": "A", "mana": 9}
    st = GAME.load_position(doc | {"cards": cards, "players": {"A": a, "B": b}})
    st.log = []
    return st


def full_update(st: ClashState) -> list[int]:
    """``eff`` after an update of every row (what refresh_auras did before its cache)."""
    copy = st.clone()
    touch_all_rows(copy)
    refresh_auras(copy)
    return copy.eff


def cached_update(st: ClashState) -> list[int]:
    """``eff`` after an update of the rows marked changed."""
    copy = st.clone()
    refresh_auras(copy)
    return copy.eff


def random_game(setup: dict[str, Any], seed: int) -> list[ClashState]:
    """Every decision point of a seeded random game, as clones, and the final state."""
    st = GAME.new_game(setup, seed)
    rng = Rng(seed + 41)
    seen = [st.clone()]
    while GAME.to_move(st) is not None:
        options = GAME.legal_actions(st)
        GAME.apply(st, options[rng.randbelow(len(options))])
        seen.append(st.clone())
    return seen


@pytest.mark.parametrize("index", range(len(SETUPS) + len(AURA_SETUPS)))
def test_aura_cache_matches_a_full_update(index: int) -> None:
    setup = (SETUPS + AURA_SETUPS)[index]
    for seed in range(6):
        for st in random_game(setup, seed):
            assert cached_update(st) == full_update(st)
            # loaded from its JSON form, the state updates every row again
            again = GAME.state_from_json(json.loads(json.dumps(st.to_json())))
            assert cached_update(again) == full_update(st)


def test_aura_update_after_a_kill_in_a_row() -> None:
    """A destroyed aura carrier's neighbour loses the aura at the update that follows the
    kill (the assault's gap closing and aura update)."""
    st = position(
        [
            card("hitter", attack=3, health=9),
            card("drummer", attack=0, health=3, abilities=["aura"], aura="fury"),
            card("mid", attack=0, health=9),
            card("far", attack=0, health=9),
            card("filler"),
        ],
        {"hand": ["@bastion", "filler"], "top": ["hitter"]},
        {"hand": ["@bastion", "filler"], "top": ["drummer", "mid", "far"]},
    )
    drummer, mid, far = st.board[0][1]
    fury = st.aura[drummer]
    assert st.eff[mid] & fury and not st.eff[far] & fury
    play(st, "end")  # the hitter destroys the carrier next to the bridge
    assert st.board[0][1] == [mid, far]
    assert not st.eff[mid] & fury and not st.eff[far] & fury
    assert st.eff == full_update(st)


def test_aura_update_when_a_creature_enters_beside_a_carrier() -> None:
    """A creature played behind an aura carrier gains the aura at the update that ends its
    entry."""
    st = position(
        [
            card("drummer", attack=0, health=9, abilities=["aura"], aura="fury"),
            card("newbie", attack=1, health=2),
            card("filler"),
        ],
        {"hand": ["@bastion", "newbie", "filler"], "top": ["drummer"]},
        {"hand": ["@bastion", "filler"]},
    )
    (drummer,) = st.board[0][0]
    play(st, "play newbie", "row top")
    newbie = st.board[0][0][1]
    assert st.eff[newbie] & st.aura[drummer] and not st.eff[drummer] & st.aura[drummer]
    assert st.eff == full_update(st)


def test_aura_update_when_a_symbiont_with_an_aura_joins_a_host() -> None:
    """A symbiont's aura is the pair's: the host's neighbour gains it when the symbiont is
    laid on the host."""
    st = position(
        [
            card("host", attack=1, health=3),
            card("pal", attack=1, health=3),
            card("leech", attack=1, health=1, abilities=["symbiosis", "aura"], aura="fury"),
            card("filler"),
        ],
        {"hand": ["@bastion", "leech", "filler"], "top": ["host", "pal"]},
        {"hand": ["@bastion", "filler"]},
    )
    host, pal = st.board[0][0]
    assert st.eff[pal] == 0
    play(st, "play leech", "host host")
    leech = st.symb[host]
    assert st.eff[pal] & st.aura[leech] and not st.eff[host] & st.aura[leech]
    assert st.eff == full_update(st)


def test_aura_update_after_sprint() -> None:
    """A sprinter that dashes to the bridge next to an aura carrier gains the aura at the
    update after its move."""
    st = position(
        [
            card("drummer", attack=0, health=9, abilities=["aura"], aura="fury"),
            card("middle", attack=0, health=9),
            card("runner", attack=1, health=9, abilities=["sprint"]),
            card("filler"),
        ],
        {"hand": ["@bastion", "filler"], "top": ["drummer", "middle", "runner"]},
        {"hand": ["@bastion", *["filler"] * 8]},
    )
    drummer, middle, runner = st.board[0][0]
    assert not st.eff[runner] & st.aura[drummer]
    play(st, "end")
    assert st.board[0][0] == [runner, drummer, middle]
    assert st.eff[runner] & st.aura[drummer] and st.eff[middle] & st.aura[drummer]
    assert st.eff == full_update(st)


def test_caches_are_not_in_the_plain_form() -> None:
    st = random_game({}, 3)[12]
    marked = st.clone()
    touch_all_rows(marked)
    assert marked.to_json() == st.to_json()
    assert state_hash(marked) == state_hash(st)
    assert not any("dirty" in key for key in st.to_json())
    loaded = GAME.state_from_json(st.to_json())
    assert state_hash(loaded) == state_hash(st)
    assert GAME.export_position(loaded) == GAME.export_position(st)


def test_clone_and_determinize_are_independent() -> None:
    seed = 5
    states = random_game({"mode": "ffa"}, seed)
    final = state_hash(states[-1])
    # replay the same game, and at every point play a clone and a determinized copy to
    # their end: the game itself must end as it did
    st = GAME.new_game({"mode": "ffa"}, seed)
    rng = Rng(seed + 41)
    other = Rng(99)
    while GAME.to_move(st) is not None:
        for copy in (st.clone(), GAME.determinize(st, GAME.to_move(st) or 0, Rng(7))):
            while GAME.to_move(copy) is not None:
                options = GAME.legal_actions(copy)
                GAME.apply(copy, options[other.randbelow(len(options))])
        options = GAME.legal_actions(st)
        GAME.apply(st, options[rng.randbelow(len(options))])
    assert state_hash(st) == final


def test_position_starts_with_a_full_update() -> None:
    st = random_game(AURA_SETUPS[0], 2)[20]
    loaded = GAME.load_position(GAME.export_position(st))
    assert loaded.eff == full_update(loaded)


@pytest.mark.parametrize("index", range(len(SETUPS)))
def test_setup_cache_deals_what_a_cold_start_deals(index: int) -> None:
    setup = SETUPS[index]
    for seed in (0, 1, 17):
        formats._SETUPS.clear()
        formats._PLANS.clear()
        cold = GAME.new_game(setup, seed).to_json()
        warm = GAME.new_game(setup, seed).to_json()
        again = GAME.new_game(json.loads(json.dumps(setup)), seed).to_json()
        assert cold == warm == again


def test_setup_cache_keeps_types_apart_and_failures_uncached() -> None:
    assert formats.parse_setup({"fatigue": True}) is formats.parse_setup({"fatigue": True})
    assert formats.parse_setup(None) is formats.parse_setup({})
    assert formats._setup_key({"first": 1}) != formats._setup_key({"first": True})
    assert formats._setup_key({"first": 1}) != formats._setup_key({"first": 1.0})
    for _ in range(2):  # a bad setup fails the same way every time
        with pytest.raises(CardDataError):
            GAME.new_game({"decks": ["ember", "nowhere"]}, 0)
        with pytest.raises(SetupError):
            GAME.new_game({"fatigue": "maybe"}, 0)


def test_log_changes_nothing_but_the_log() -> None:
    for index in (0, 4, 8, 11):
        setup = SETUPS[index]
        quiet = GAME.new_game(setup, 9)
        loud = GAME.new_game(setup, 9, log=True)
        rng_a, rng_b = Rng(1), Rng(1)
        while GAME.to_move(quiet) is not None:
            options = GAME.legal_actions(quiet)
            assert options == GAME.legal_actions(loud)
            GAME.apply(quiet, options[rng_a.randbelow(len(options))])
            GAME.apply(loud, options[rng_b.randbelow(len(options))])
        assert state_hash(quiet) == state_hash(loud)
        assert loud.log and quiet.log is None
