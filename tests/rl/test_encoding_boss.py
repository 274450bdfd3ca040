"""The Boss Battle encoding (cardtable.rl.boss): its observation vector and action space.

Over seeded random playouts of every ``conformance_setups()`` entry, at every state and
for every seat: the vector has ``obs_size`` float32 values in [0, 1] and is a pure
function of the view; it never depends on hidden information (a ``determinize``d state
gives the seat the same vector). The seat to move's legal actions get distinct in-range
indices, each in the segment of its kind and at the offset the state says (hand slot,
battlefield slot of a relative seat, stack item from the top, catalogue index of a
graveyard card, mode, amount), and the same indices in a determinized state. Vectors
change as the game goes on, every observation segment carries information somewhere, and
the segments tile both spaces exactly. Hand and graveyard cards are mapped by the
instance numbers the view gives: any instance of the seat's hand maps to its hand slot
and any graveyard instance to its seat's block and catalogue index, whatever the rules
offer; hand-built positions check casting among copies, Подмена's mitsims and a
graveyard target with a type filter.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np
import pytest

from cardtable.core import get_game
from cardtable.core.rng import Rng
from cardtable.games.boss.state import PLAYER, STACK, BossState
from cardtable.rl.boss import FIELD_SLOTS, HAND_SLOTS, STACK_SLOTS, BossEncoder
from cardtable.rl.encoding import encoder_for
from tests.rl.playouts import random_games

GAME = get_game("boss")
SETUPS = GAME.conformance_setups()
IDS = [json.dumps(s, sort_keys=True)[:60] for s in SETUPS]
SEEDS = (0, 1)
SINGLES = ("keep", "redeal", "slot", "card", "pass", "wait", "done", "continue")
OWN_FIELD = frozenset(
    (
        "construct",
        "synergy",
        "scrap",
        "substitute",
        "attack",
        "reckon",
        "destroy",
        "sacrifice",
        "feed",
    )
)


@cache
def _encoder(i: int) -> BossEncoder:
    enc = encoder_for(GAME, SETUPS[i])
    assert isinstance(enc, BossEncoder)
    return enc


@cache
def _games(i: int) -> tuple[tuple[BossState, ...], ...]:
    """Every state of seeded random playouts of setup ``i``, the final one included."""
    return random_games(GAME, SETUPS[i], SEEDS, 1000)


def _states(i: int) -> list[BossState]:
    return [st for game in _games(i) for st in game]


def _slot(st: BossState, inst: int) -> tuple[int, int]:
    """(controller, battlefield slot) of a permanent, from the state."""
    for seat, row in enumerate(st.field):
        if inst in row:
            return seat, min(row.index(inst), FIELD_SLOTS - 1)
    raise AssertionError(f"instance {inst} is not on the battlefield")


def _expected(enc: BossEncoder, st: BossState, seat: int, action: Any) -> tuple[str, int]:
    """The segment an action belongs in and its offset there, read from the state."""
    n = st.nseats()
    kind = action[0]
    if kind in SINGLES:
        return kind, 0
    if kind in ("play", "discard"):
        return kind, st.hands[seat].index(action[1])
    if kind == "return":
        assert action[1] in st.graves[seat]
        return kind, enc.card_slot(st.card_ids[action[1]])
    if kind == "activate":
        owner, k = _slot(st, action[1])
        assert owner == seat
        return kind, k * enc.ability_slots + action[2]
    if kind in OWN_FIELD:
        owner, k = _slot(st, action[1])
        assert owner == seat
        return kind, k
    if kind in ("give", "take"):
        owner, k = _slot(st, action[1])
        return kind, ((owner - seat) % n) * FIELD_SLOTS + k
    if kind == "mode":
        return kind, action[1]
    if kind == "amount":
        return kind, action[1] - 1
    assert kind == "target"
    x = action[1]
    if x >= STACK:
        return "target_stack", min(len(st.stack) - 1 - (x - STACK), STACK_SLOTS - 1)
    if x >= PLAYER:
        return "target_player", (x - PLAYER - seat) % n
    for owner in range(n):
        if x in st.field[owner]:
            return "target_permanent", ((owner - seat) % n) * FIELD_SLOTS + _slot(st, x)[1]
        if x in st.graves[owner]:
            return "target_grave", ((owner - seat) % n) * enc.vocab + enc.card_slot(st.card_ids[x])
    raise AssertionError(f"target {x} is nowhere")


# --- layouts -------------------------------------------------------------------------
@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_segments_tile_both_spaces(i: int) -> None:
    """Segments follow one another from 0 to obs_size and num_actions, with unique names
    and a meaning; every action index has its own description; sizes follow the seats."""
    enc = _encoder(i)
    for segs, size in (
        (enc.obs_segments(), enc.obs_size),
        (enc.action_segments(), enc.num_actions),
    ):
        at = 0
        for seg in segs:
            assert seg.start == at and seg.size > 0 and seg.meaning
            at = seg.stop
        assert at == size
        assert len({s.name for s in segs}) == len(segs)
    texts = [enc.describe_index(k) for k in range(enc.num_actions)]
    assert len(set(texts)) == enc.num_actions
    with pytest.raises(ValueError):
        enc.describe_index(enc.num_actions)
    again = encoder_for(GAME, SETUPS[i])
    assert again.obs_segments() == enc.obs_segments()
    assert again.action_segments() == enc.action_segments()
    seats = GAME.num_seats(GAME.new_game(SETUPS[i], 0))
    sizes = {s.name: s.size for s in enc.action_segments()}
    assert enc.seats == seats and sizes["target_player"] == seats
    assert sizes["target_permanent"] == seats * FIELD_SLOTS and sizes["play"] == HAND_SLOTS


# --- observations --------------------------------------------------------------------
@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_observations_are_bounded_pure_and_blind_to_hidden_cards(i: int) -> None:
    """Every seat at every state of a game: float32 of obs_size, finite, within [0, 1];
    a determinized state (hidden cards reshuffled) gives the seat the same vector; the
    seat to move's view gives the same vector twice and is left unchanged."""
    enc = _encoder(i)
    for k, st in enumerate(_games(i)[0]):
        for seat in range(enc.seats):
            view = GAME.observe(st, seat)
            before = json.dumps(view, sort_keys=True) if seat == GAME.to_move(st) else None
            vec = enc.observation(view)
            assert vec.shape == (enc.obs_size,) and vec.dtype == np.float32
            assert np.isfinite(vec).all()
            assert vec.min() >= 0.0 and vec.max() <= 1.0
            if before is not None:
                assert json.dumps(view, sort_keys=True) == before
                assert np.array_equal(enc.observation(view), vec)
            other = GAME.determinize(st, seat, Rng(k * 7 + seat))
            assert np.array_equal(enc.observation(GAME.observe(other, seat)), vec)


def test_observations_change_and_every_segment_carries_information() -> None:
    """Along each game most decisions show the seat to move a new vector; over all setups
    every observation segment is non-zero somewhere."""
    used: set[str] = set()
    names: set[str] = set()
    for i in range(len(SETUPS)):
        enc = _encoder(i)
        segs = enc.obs_segments()
        names |= {s.name for s in segs}
        for game in _games(i):
            seen = set()
            for st in game:
                seat = GAME.to_move(st)
                vec = enc.observation(GAME.observe(st, 0 if seat is None else seat))
                seen.add(vec.tobytes())
                used |= {s.name for s in segs if vec[s.start : s.stop].any()}
            assert len(seen) > len(game) // 2
    assert used == names


# --- actions -------------------------------------------------------------------------
@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_legal_actions_get_distinct_indices_where_the_state_says(i: int) -> None:
    """The seat to move: one index per legal action, all distinct and in range, each in
    its kind's segment at the offset the state gives; a determinized state (other hands
    and decks reshuffled) gives the same indices."""
    enc = _encoder(i)
    segs = {s.name: s for s in enc.action_segments()}
    checked: set[str] = set()
    for k, st in enumerate(_states(i)):
        seat = GAME.to_move(st)
        if seat is None:
            continue
        actions = GAME.legal_actions(st)
        indices = enc.action_indices(GAME.observe(st, seat), actions)
        assert len(indices) == len(actions)
        assert len(set(indices)) == len(indices), (st.pending, actions, indices)
        assert all(0 <= x < enc.num_actions for x in indices)
        for action, x in zip(actions, indices, strict=True):
            name, offset = _expected(enc, st, seat, action)
            assert 0 <= offset < segs[name].size
            assert x == segs[name].start + offset, (action, enc.describe_index(x))
            checked.add(name)
        other = GAME.determinize(st, seat, Rng(k))
        again = enc.action_indices(GAME.observe(other, seat), GAME.legal_actions(other))
        assert sorted(again) == sorted(indices)
    assert {"play", "pass", "attack"} <= checked


# --- hand-checked situations ---------------------------------------------------------
def _position(p1: dict[str, Any], p2: dict[str, Any], **extra: Any) -> BossState:
    doc = {"game": "boss", "phase": "placement1", "active": "P1", "boss": 40}
    doc.update(extra)
    doc["players"] = {"P1": p1, "P2": p2}
    st: BossState = GAME.load_position(doc)
    return st


def _index(enc: BossEncoder, st: BossState, text: str) -> int:
    action = GAME.parse_action(st, text)
    seat = GAME.to_move(st)
    assert seat is not None
    actions = GAME.legal_actions(st)
    indices = enc.action_indices(GAME.observe(st, seat), actions)
    return indices[actions.index(action)]


def _at(enc: BossEncoder, name: str, offset: int) -> int:
    seg = {s.name: s for s in enc.action_segments()}[name]
    assert 0 <= offset < seg.size
    return seg.start + offset


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_hand_and_graveyard_instances_map_exactly(i: int) -> None:
    """At every state, for the seat to move, each instance of its hand (cast or discarded)
    maps to the hand slot the state gives it, and each graveyard instance of any seat (a
    target, or for its own graveyard brought back by Подмена) to its relative seat's block
    at its card's catalogue index: no rules are consulted, so the card need not be legal.
    The r-th copies of the graveyards' cards are asked together (distinct indices)."""
    enc = _encoder(i)
    n = enc.seats
    seen = 0
    for st in _states(i):
        seat = GAME.to_move(st)
        if seat is None:
            continue
        view = GAME.observe(st, seat)
        asked: list[list[tuple[Any, int]]] = [[]]
        for k, inst in enumerate(st.hands[seat]):
            asked[0] += [(("play", inst), _at(enc, "play", k))]
            asked[0] += [(("discard", inst), _at(enc, "discard", k))]
        for owner in range(n):
            j = (owner - seat) % n
            copies: dict[str, int] = {}
            for inst in st.graves[owner]:
                card = st.card_ids[inst]
                r = copies[card] = copies.get(card, -1) + 1
                asked += [[] for _ in range(r + 1 - len(asked))]
                slot = enc.card_slot(card)
                asked[r].append((("target", inst), _at(enc, "target_grave", j * enc.vocab + slot)))
                if j == 0:
                    asked[r].append((("return", inst), _at(enc, "return", slot)))
                seen += 1
        for batch in asked:
            actions = [a for a, _ in batch]
            assert enc.action_indices(view, actions) == [x for _, x in batch], actions
    assert seen


def test_returning_from_another_graveyard_is_refused() -> None:
    """Подмена brings back a mitsim of the seat's own graveyard: an instance in another
    seat's graveyard has no return index."""
    enc = _encoder(0)
    st = _position(
        {"hand": [], "deck": ["pikeman"], "grave": ["mitsim_scout"]},
        {"hand": [], "deck": ["pikeman"], "grave": ["mitsim_sniper"]},
    )
    view = GAME.observe(st, 0)
    mine, theirs = st.graves[0][0], st.graves[1][0]
    assert enc.action_indices(view, [("return", mine)]) == [
        _at(enc, "return", enc.catalogue.index("mitsim_scout"))
    ]
    with pytest.raises(ValueError, match="graveyard"):
        enc.action_indices(view, [("return", theirs)])


def test_casting_names_the_hand_slot_of_the_offered_copy() -> None:
    """Hand [siege_ram, spark_bolt, pikeman, spark_bolt] with 2 resources in phase 2: the
    siege ram (4) cannot be cast; the tactic offered is the instance in slot 1, the
    pikeman is slot 2."""
    enc = _encoder(0)
    st = _position(
        {"hand": ["siege_ram", "spark_bolt", "pikeman", "spark_bolt"], "slots": 2, "deck": []},
        {"hand": [], "deck": ["pikeman"]},
    )
    texts = sorted(GAME.action_text(st, a) for a in GAME.legal_actions(st))
    assert texts == ["pass", "play pikeman", "play spark_bolt", "wait"]
    bolt = GAME.parse_action(st, "play spark_bolt")
    assert bolt == ("play", st.hands[0][1])
    assert _index(enc, st, "play spark_bolt") == _at(enc, "play", 1)
    assert _index(enc, st, "play pikeman") == _at(enc, "play", 2)
    assert _index(enc, st, "pass") == _at(enc, "pass", 0)
    assert enc.describe_index(_at(enc, "play", 0)).startswith("play[0]: play the card in your")


def test_substitution_names_the_mitsims_it_may_bring_back() -> None:
    """The brute (cost 4) may bring back the scout (2) and the sniper (3), not the queen
    (5): each offered instance maps to its card's catalogue index in the return segment."""
    enc = _encoder(0)
    st = _position(
        {
            "hand": ["spark_bolt"],
            "deck": ["siege_ram", "pikeman"],
            "slots": 3,
            "field": ["mitsim_brute"],
            "grave": ["mitsim_queen", "pikeman", "mitsim_sniper", "mitsim_scout"],
        },
        {"hand": [], "deck": ["pikeman"], "grave": ["mitsim_doppel"]},
    )
    assert _index(enc, st, "substitute mitsim_brute") == _at(enc, "substitute", 0)
    GAME.apply(st, GAME.parse_action(st, "substitute mitsim_brute"))
    texts = sorted(GAME.action_text(st, a) for a in GAME.legal_actions(st))
    assert texts == ["return mitsim_scout", "return mitsim_sniper"]
    for card in ("mitsim_scout", "mitsim_sniper"):
        want = _at(enc, "return", enc.catalogue.index(card))
        assert _index(enc, st, f"return {card}") == want
        assert card in enc.describe_index(want)


def test_graveyard_targets_follow_the_step_filter() -> None:
    """Reshape returns a unit of your graveyard: of [spark_bolt, pikeman, pikeman,
    mitsim_scout] one pikeman and the scout are offered, named by catalogue index in the
    observer's (relative seat 0) part of the segment."""
    enc = _encoder(0)
    st = _position(
        {
            "hand": ["reshape"],
            "deck": ["siege_ram", "pikeman"],
            "slots": 2,
            "grave": ["spark_bolt", "pikeman", "pikeman", "mitsim_scout"],
        },
        {"hand": [], "deck": ["pikeman"], "grave": ["siege_ram"]},
    )
    GAME.apply(st, GAME.parse_action(st, "play reshape"))  # P2 cannot act: passed for
    assert st.pending[0] == "target"
    texts = sorted(GAME.action_text(st, a) for a in GAME.legal_actions(st))
    assert texts == ["target mitsim_scout", "target pikeman"]
    for card in ("pikeman", "mitsim_scout"):
        assert _index(enc, st, f"target {card}") == _at(
            enc, "target_grave", enc.catalogue.index(card)
        )


def test_permanents_are_named_by_relative_seat_and_slot() -> None:
    """Rend damages a unit: P1's pikeman is slot 0 of the observer's part of the
    segment, P2's siege ram and pikeman slots 0 and 1 of the seat 1 after it; in the
    combat, each unit attacks from its own slot; the observation shows the siege ram in
    the opponent's first battlefield slot."""
    enc = _encoder(0)
    st = _position(
        {"hand": ["rend"], "deck": ["pikeman"], "slots": 2, "field": ["pikeman"]},
        {"hand": [], "deck": ["pikeman"], "field": ["siege_ram", "pikeman"]},
    )
    GAME.apply(st, GAME.parse_action(st, "play rend"))
    assert st.pending[0] == "target"
    f = FIELD_SLOTS
    assert _index(enc, st, "target pikeman@P1.1") == _at(enc, "target_permanent", 0)
    assert _index(enc, st, "target siege_ram") == _at(enc, "target_permanent", f)
    assert _index(enc, st, "target pikeman@P2.2") == _at(enc, "target_permanent", f + 1)
    vec = enc.observation(GAME.observe(st, 0))
    field = {s.name: s for s in enc.obs_segments()}["battlefield"]
    ram = field.start + FIELD_SLOTS * (enc.vocab + 9) + enc.catalogue.index("siege_ram")
    assert vec[ram] == 1.0

    st = _position(
        {"hand": [], "deck": ["pikeman"], "field": ["pikeman", "siege_ram"]},
        {"hand": [], "deck": ["pikeman"]},
        phase="combat",
    )
    assert _index(enc, st, "attack pikeman") == _at(enc, "attack", 0)
    assert _index(enc, st, "attack siege_ram") == _at(enc, "attack", 1)
