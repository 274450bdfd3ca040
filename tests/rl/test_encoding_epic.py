"""The Epic encoding (cardtable.rl.epic): its observation vector and action space.

Over seeded random playouts of every ``conformance_setups()`` entry, at every state and
for every seat: the vector has ``obs_size`` float32 values in [0, 1] and is a pure
function of the view; it never depends on hidden information (a ``determinize``d state
gives the seat the same vector); the seat to move's legal actions get distinct in-range
indices, the same on every call, each in the segment of its kind and, where the view
names the card's place, at that slot (hand slot and mode, seat and play slot, pack slot,
relative seat); vectors change as the game goes on, every observation segment carries
information somewhere, and the segments tile both spaces exactly. Hand-built positions
check the meaning of indices: playing the card in hand slot 0, targeting champions and
players, blocking from the defender's seat, attacking a chosen player with three seats.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np
import pytest

from cardtable.core import get_game
from cardtable.core.rng import Rng
from cardtable.games.epic.effects import PLAYER
from cardtable.games.epic.state import EpicState
from cardtable.rl.encoding import Segment, encoder_for
from cardtable.rl.epic import HAND_SLOTS, PLAY_SLOTS, SIMPLE, EpicEncoder
from tests.rl.playouts import random_games

GAME = get_game("epic")
SETUPS = GAME.conformance_setups()
IDS = [json.dumps(s, sort_keys=True)[:60] for s in SETUPS]
SEEDS = (3, 4)
SAMPLE = 300
KIND_SEGMENTS: dict[str, set[str]] = {
    "play": {"play"},
    "mull": {"hand_card"},
    "discard": {"hand_card"},
    "talent": {"talent"},
    "recall": {"recall"},
    "attack": {"attack"},
    "add": {"champion"},
    "target": {"champion", "player", "hand_card", "card_elsewhere"},
    "bury": {"bury"},
    "to": {"split"},
    "player": {"damage_player"},
    "x": {"x"},
    "first": {"order_play", "order_other"},
    "show": {"show"},
    "pick": {"pick"},
    "cut": {"cut"},
    **{key: {name} for key, name, _ in SIMPLE},
}


@cache
def _encoder(i: int) -> EpicEncoder:
    enc = encoder_for(GAME, SETUPS[i])
    assert isinstance(enc, EpicEncoder)
    return enc


@cache
def _games(i: int) -> tuple[tuple[EpicState, ...], ...]:
    """Every state of seeded random playouts of setup ``i``, the final one included."""
    return random_games(GAME, SETUPS[i], SEEDS, 500)


def _states(i: int) -> list[EpicState]:
    return [st for game in _games(i) for st in game]


def _sample(i: int) -> list[EpicState]:
    """At most about SAMPLE states of setup ``i``, evenly spread (the step-mode team games
    run past a thousand decisions)."""
    states = _states(i)
    return states[:: -(-len(states) // SAMPLE)]


def _segments(segs: list[Segment]) -> dict[str, Segment]:
    return {s.name: s for s in segs}


def _obs(enc: EpicEncoder, st: EpicState, seat: int) -> np.ndarray:
    return enc.observation(GAME.observe(st, seat))


def _tiles(segs: list[Segment], size: int) -> None:
    at = 0
    for seg in segs:
        assert seg.start == at and seg.size > 0 and seg.meaning, seg
        at = seg.stop
    assert at == size
    assert len({s.name for s in segs}) == len(segs)


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_segments_tile_both_spaces(i: int) -> None:
    enc = _encoder(i)
    _tiles(enc.obs_segments(), enc.obs_size)
    _tiles(enc.action_segments(), enc.num_actions)
    for index in (0, enc.num_actions - 1):
        assert enc.describe_index(index)
    with pytest.raises(ValueError):
        enc.describe_index(enc.num_actions)


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_observation_shape_range_purity_and_no_hidden_information(i: int) -> None:
    enc = _encoder(i)
    for k, st in enumerate(_sample(i)):
        for seat in range(enc.seats):
            view = GAME.observe(st, seat)
            o = enc.observation(view)
            assert o.shape == (enc.obs_size,) and o.dtype == np.float32
            assert np.isfinite(o).all() and o.min() >= 0.0 and o.max() <= 1.0
            assert np.array_equal(o, enc.observation(json.loads(json.dumps(view))))
            if GAME.to_move(st) is None:
                continue
            other = GAME.determinize(st, seat, Rng(97 * k + seat))
            assert np.array_equal(o, _obs(enc, other, seat)), (k, seat)


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_observation_changes_as_the_game_goes_on(i: int) -> None:
    enc = _encoder(i)
    for game in _games(i):
        vectors = [_obs(enc, st, 0).tobytes() for st in game]
        assert len(set(vectors)) > 0.5 * len(vectors)
        assert vectors[0] != vectors[-1]


def test_every_observation_segment_carries_information() -> None:
    used: set[str] = set()
    for i in range(len(SETUPS)):
        enc = _encoder(i)
        for st in _sample(i)[::2]:
            for seat in range(enc.seats):
                o = _obs(enc, st, seat)
                used |= {s.name for s in enc.obs_segments() if o[s.start : s.stop].any()}
    names = {s.name for i in range(len(SETUPS)) for s in _encoder(i).obs_segments()}
    assert used == names, names - used


def _expected_offset(enc: EpicEncoder, view: dict[str, Any], action: Any) -> int | None:
    """Where the view says an action goes (None: the view names no place for it)."""
    found = _place(enc, view, action)
    return None if found is None else int(found)


def _place(enc: EpicEncoder, view: dict[str, Any], action: Any) -> Any:
    n, me = enc.seats, view["seat"]
    hand = [h["inst"] for h in view["hands"][me]]
    play = {ch["inst"]: (j, p) for j in range(n) for p, ch in enumerate(view["play"][(me + j) % n])}
    kind = action[0]
    if kind == "play" and hand.index(action[1]) < HAND_SLOTS:
        return hand.index(action[1]) * enc.modes + action[2]
    if kind in ("mull", "discard") and hand.index(action[1]) < HAND_SLOTS:
        return hand.index(action[1])
    if kind == "add" or (kind == "target" and action[1] in play):
        j, p = play[action[1]]
        return j * PLAY_SLOTS + p if p < PLAY_SLOTS else None
    if kind == "target" and action[1] & PLAYER:
        return ((action[1] & ~PLAYER) - me) % n
    if kind == "talent" and play[action[1]][1] < PLAY_SLOTS:
        return play[action[1]][1] * enc.talents + action[2]
    if kind == "attack":
        return (action[1] - me) % n - 1 if len(action) > 1 else 0
    if kind == "pick":
        return [c["inst"] for c in view["draft"]["pack"]].index(action[1])
    if kind in ("player", "x"):
        return action[1] - (kind == "player")
    return None


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_legal_actions_get_distinct_indices_at_their_slots(i: int) -> None:
    enc = _encoder(i)
    segs = _segments(enc.action_segments())
    for st in _states(i):
        seat = GAME.to_move(st)
        if seat is None:
            continue
        view = GAME.observe(st, seat)
        actions = GAME.legal_actions(st)
        indices = enc.action_indices(view, actions)
        assert len(indices) == len(actions) == len(set(indices))
        assert all(0 <= x < enc.num_actions for x in indices)
        assert enc.action_indices(view, list(actions)) == indices
        for action, x in zip(actions, indices, strict=True):
            seg = next(s for s in segs.values() if s.start <= x < s.stop)
            assert seg.name in KIND_SEGMENTS[action[0]], (action, seg.name)
            want = _expected_offset(enc, view, action)
            if want is not None and want < seg.size:
                assert x - seg.start == want, (action, enc.describe_index(x))


# --- hand-checked positions -------------------------------------------------------------
def _position(players: dict[str, Any], **top: Any) -> EpicState:
    doc = {
        "game": "epic",
        "turn": 3,
        "active": "P1",
        "first": "P1",
        "window": "main",
        "initiative": "P1",
        "players": players,
    } | top
    st = GAME.load_position(doc)
    assert isinstance(st, EpicState)
    return st


def _enc(setup: dict[str, Any]) -> EpicEncoder:
    enc = encoder_for(GAME, setup)
    assert isinstance(enc, EpicEncoder)
    return enc


def _index(enc: EpicEncoder, st: EpicState, text: str) -> int:
    """The index of an action given by its text, for the seat to move."""
    seat = GAME.to_move(st)
    assert seat is not None
    actions = GAME.legal_actions(st)
    indices = enc.action_indices(GAME.observe(st, seat), actions)
    by_text = {GAME.action_text(st, a): x for a, x in zip(actions, indices, strict=True)}
    return by_text[text]


def _start(enc: EpicEncoder, name: str) -> int:
    return _segments(enc.action_segments())[name].start


def _duel() -> EpicState:
    deck = ["purification"] * 6
    return _position(
        {
            "P1": {
                "deck": deck,
                "hand": ["armament", "torrent_of_flame", "imperial_commander"],
                "play": ["white_knight"],
            },
            "P2": {"deck": deck, "play": ["demon_of_torment"]},
        }
    )


def test_play_from_hand_slots_attack_and_pass() -> None:
    enc = _enc({})
    assert enc.modes == 2
    st = _duel()
    play = _start(enc, "play")
    assert _index(enc, st, "play armament") == play + 0  # hand slot 0, mode 1
    assert _index(enc, st, "play armament 2") == play + 1
    assert _index(enc, st, "play torrent_of_flame 2") == play + 3  # hand slot 1, mode 2
    assert _index(enc, st, "play imperial_commander") == play + 4  # hand slot 2
    assert _index(enc, st, "attack") == _start(enc, "attack")
    assert _index(enc, st, "pass") == _start(enc, "pass")
    assert "hand slot 1, mode 2" in enc.describe_index(play + 3)


def test_targets_by_relative_seat_and_slot() -> None:
    enc = _enc({})
    st = _duel()
    GAME.apply(st, GAME.parse_action(st, "play torrent_of_flame"))  # damage any target
    assert st.pending[0] == "target"
    champion, player = _start(enc, "champion"), _start(enc, "player")
    assert _index(enc, st, "target white_knight") == champion + 0  # yours, slot 0
    assert _index(enc, st, "target demon_of_torment") == champion + PLAY_SLOTS  # next seat
    assert _index(enc, st, "target p1") == player + 0
    assert _index(enc, st, "target p2") == player + 1
    assert "seat 1 after you, play slot 0" in enc.describe_index(champion + PLAY_SLOTS)


def test_blockers_are_the_deciding_seats_own_champions() -> None:
    enc = _enc({})
    st = _duel()
    GAME.apply(st, GAME.parse_action(st, "attack"))  # the only attacker: declared at once
    while st.pending[0] == "act":  # no one plays before blocks
        GAME.apply(st, GAME.parse_action(st, "pass"))
    assert st.pending == ("blockers", 1)
    # P2 decides: its own champion is seat 0 of its relative view
    assert _index(enc, st, "add demon_of_torment") == _start(enc, "champion") + 0
    assert _index(enc, st, "done") == _start(enc, "done")
    view = GAME.observe(st, 1)
    o = enc.observation(view)
    seats = _segments(enc.obs_segments())["decision_seat"]
    assert o[seats.start] == 1 and o[seats.start + 1] == 0


def test_attack_a_chosen_player_with_three_seats() -> None:
    setup = {"players": 3, "mode": "ffa"}
    enc = _enc(setup)
    deck = ["purification"] * 6
    st = _position(
        {
            "P1": {"deck": deck, "play": ["white_knight"]},
            "P2": {"deck": deck},
            "P3": {"deck": deck},
        },
        mode="ffa",
    )
    attack = _start(enc, "attack")
    assert _index(enc, st, "attack p2") == attack + 0
    assert _index(enc, st, "attack p3") == attack + 1
    assert "seat 2 after you" in enc.describe_index(attack + 1)
