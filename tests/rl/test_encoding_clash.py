"""The Clash encoding (cardtable.rl.clash): its observation vector and action space.

Over seeded random playouts of every ``conformance_setups()`` entry, at every state and
for every seat: the vector has ``obs_size`` float32 values in [0, 1] and is a pure
function of the view; it never depends on hidden information (a ``determinize``d state
gives the seat the same vector); the seat to move's legal actions get distinct in-range
indices, each in the segment of its kind and at the slot the state says (hand place,
row, creature place, revealed card, seat); the card being played shows to exactly the
seats that may know it; vectors change with every action, every segment carries
information somewhere, and the segments tile both spaces exactly.
Hand-built positions check rows longer than the shown slots (the overflow segments) and
the choice of the opponent a Mercenary spell goes to.
"""

from __future__ import annotations

import itertools
import json
from functools import cache
from typing import Any

import numpy as np
import pytest

from cardtable.core import get_game
from cardtable.core.rng import Rng
from cardtable.games.clash.state import ClashState
from cardtable.rl.clash import HAND_FIELDS, HAND_SLOTS, PLAY_SLOTS, ROW_SLOTS, ClashEncoder
from cardtable.rl.encoding import Segment, encoder_for
from tests.games.clash.helpers import card, play
from tests.rl.playouts import random_games

GAME = get_game("clash")
SETUPS = GAME.conformance_setups()
IDS = [f"{i}:{json.dumps(s, sort_keys=True)[:50]}" for i, s in enumerate(SETUPS)]
SEEDS = (0, 1, 2)
KIND_SEGMENTS = {
    "play": {"play", "play_champion"},
    "end": {"end"},
    "row": {"row"},
    "host": {"host", "host_overflow"},
    "target": {"target", "target_overflow"},
    "give": {"give"},
    "pick": {"pick"},
    "continue": {"continue"},
}


@cache
def _encoder(i: int) -> ClashEncoder:
    enc = encoder_for(GAME, SETUPS[i])
    assert isinstance(enc, ClashEncoder)
    return enc


@cache
def _games(i: int) -> tuple[tuple[ClashState, ...], ...]:
    """Every state of seeded random playouts of setup ``i``, the final one included."""
    return random_games(GAME, SETUPS[i], SEEDS, 1000)


def _states(i: int) -> list[ClashState]:
    return [st for game in _games(i) for st in game]


def _segments(segs: list[Segment]) -> dict[str, Segment]:
    return {s.name: s for s in segs}


def _obs(enc: ClashEncoder, st: ClashState, seat: int) -> np.ndarray:
    return enc.observation(GAME.observe(st, seat))


def _place(st: ClashState, seat: int, inst: int) -> tuple[int, int, int]:
    """From the state: (seat relative to ``seat``, row rank, slot from the bridge)."""
    n = len(st.hands)
    for owner in range(n):
        for k, (lane, side) in enumerate(st.seat_rows[owner]):
            row = st.board[lane][side]
            if inst in row:
                return (owner - seat) % n, k, row.index(inst)
    raise AssertionError(f"instance {inst} is not in play")


def _expected(enc: ClashEncoder, st: ClashState, seat: int, action: Any) -> tuple[str, int | None]:
    """The segment an action belongs in and its offset there, read from the state
    (None where the offset is an overflow rank)."""
    kind = action[0]
    if kind == "play":
        hand = [c for c in st.hands[seat] if c != st.fortress[seat]]
        if action[1] not in hand:
            assert action[1] == st.champion[seat]
            return "play_champion", 0
        return "play", hand.index(action[1])
    if kind in ("end", "continue"):
        return kind, 0
    if kind == "row":
        return "row", action[1]
    if kind in ("host", "target"):
        j, k, p = _place(st, seat, action[1])
        if p >= ROW_SLOTS:
            return f"{kind}_overflow", None
        assert kind == "target" or j == 0
        return kind, (j * 2 + k) * ROW_SLOTS + p
    if kind == "give":
        return "give", (action[1] - seat) % len(st.hands) - 1
    assert kind == "pick"
    return "pick", st.revealed.index(action[1])


# --- layouts -------------------------------------------------------------------------
@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_segments_tile_both_spaces(i: int) -> None:
    """Segments follow one another from 0 to obs_size and num_actions, with unique names
    and a meaning; every action index has its own description."""
    enc = _encoder(i)
    for segs, size in (
        (enc.obs_segments(), enc.obs_size),
        (enc.action_segments(), enc.num_actions),
    ):
        at = 0
        for seg in segs:
            assert seg.start == at and seg.size >= 0 and seg.meaning
            at = seg.stop
        assert at == size
        assert len({s.name for s in segs}) == len(segs)
    texts = [enc.describe_index(k) for k in range(enc.num_actions)]
    assert len(set(texts)) == enc.num_actions
    with pytest.raises(ValueError):
        enc.describe_index(enc.num_actions)


# --- observations --------------------------------------------------------------------
@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_observation_shape_range_and_purity(i: int) -> None:
    """Every seat at every state: float32 of obs_size, finite, within [0, 1]; the same
    view gives the same vector and is left unchanged."""
    enc = _encoder(i)
    for st in _states(i):
        for seat in range(enc.seats):
            view = GAME.observe(st, seat)
            before = json.dumps(view, sort_keys=True)
            vec = enc.observation(view)
            assert vec.shape == (enc.obs_size,) and vec.dtype == np.float32
            assert np.isfinite(vec).all()
            assert vec.min() >= 0.0 and vec.max() <= 1.0
            assert json.dumps(view, sort_keys=True) == before
            assert np.array_equal(enc.observation(GAME.observe(st, seat)), vec)


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_observation_ignores_hidden_information(i: int) -> None:
    """A state resampled for a seat (``determinize``: hidden hand places, AI decks and the
    draft pool reshuffled) gives that seat the same vector."""
    enc = _encoder(i)
    resampled = 0
    for n, st in enumerate(_states(i)):
        if GAME.to_move(st) is None:
            continue
        for seat in range(enc.seats):
            vec = _obs(enc, st, seat)
            for k in (0, 1):
                other = GAME.determinize(st, seat, Rng(97 * n + 11 * seat + k))
                changed = other.hands != st.hands or other.decks != st.decks
                resampled += changed or other.pool != st.pool
                assert np.array_equal(_obs(enc, other, seat), vec), (n, seat, k)
    assert resampled > 0  # the hidden parts really moved somewhere


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_observation_changes_with_every_action(i: int) -> None:
    """The seat that acts sees a different vector after its action (a new decision, a
    card placed, a turn passed): the encoding loses nothing a decision changes."""
    enc = _encoder(i)
    for game in _games(i):
        for before, after in itertools.pairwise(game):
            seat = GAME.to_move(before)
            assert seat is not None
            assert not np.array_equal(_obs(enc, before, seat), _obs(enc, after, seat))


def test_every_observation_segment_carries_information() -> None:
    """Across all setups' playouts and a Mercenary choice (the only source of
    ``pending_strike``; a card removed, which the short playouts may not reach), every
    observation segment is non-zero somewhere."""
    seen: set[str] = set()
    for i in range(len(SETUPS)):
        enc = _encoder(i)
        segs = enc.obs_segments()
        for st in _states(i):
            for seat in range(enc.seats):
                vec = _obs(enc, st, seat)
                seen.update(s.name for s in segs if vec[s.start : s.stop].any())
    ffa = _encoder(SETUPS.index({"mode": "ffa"}))
    vec = _obs(ffa, _mercenary_choice(), 0)
    seen.update(s.name for s in ffa.obs_segments() if vec[s.start : s.stop].any())
    assert seen == {s.name for s in ffa.obs_segments()}


def _pending_expected(st: ClashState, seat: int) -> tuple[list[int], list[int]] | None:
    """From the state: the pending card's source offsets and card ids ``seat`` may know
    (None when no card is pending)."""
    kind = st.pending[0] if st.pending else None
    if kind == "reinforce":
        return [PLAY_SLOTS + 1], [st.pending[1]]
    if kind not in ("place", "target", "give"):
        return None
    c, active = st.pending[1], st.active
    hand = st.hands[active]
    seen = seat == active or all(st.public[x] for x in hand)
    if c in hand:
        cards = [x for x in hand if x != st.fortress[active]]
        seen = seat == active or bool(st.public[c])
        return ([cards.index(c)], [c]) if seen else ([], [])
    assert c == st.champion[active]
    return ([PLAY_SLOTS], [c]) if seen else ([], [])


def test_pending_card_is_what_the_seat_may_know_of_it() -> None:
    """While a card is being placed or cast, or Подкрепление's creature placed, every seat
    sees that card and where it comes from (hand slot, champion, limbo) when it may know
    it, and nothing when it sits in a hidden place of another hand; ``pending_yours`` is
    set for the deciding seat only."""
    kinds: set[str] = set()
    for i in range(len(SETUPS)):
        enc = _encoder(i)
        obs = _segments(enc.obs_segments())
        for st in _states(i):
            for seat in range(enc.seats):
                expected = _pending_expected(st, seat)
                if expected is None:
                    continue
                kinds.add(st.pending[0] + ("/champion" if PLAY_SLOTS in expected[0] else ""))
                vec = _obs(enc, st, seat)
                source = vec[obs["pending_source"].start : obs["pending_source"].stop]
                card_ = vec[obs["pending_card"].start : obs["pending_card"].stop]
                assert np.flatnonzero(source).tolist() == expected[0]
                slots = [enc.card_slot(st.card_ids[c]) for c in expected[1]]
                assert np.flatnonzero(card_).tolist() == slots
                assert vec[obs["pending_yours"].start] == float(seat == GAME.to_move(st))
    assert kinds == {"place", "place/champion", "target", "reinforce"}


# --- actions -------------------------------------------------------------------------
@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_legal_actions_get_distinct_indices_at_their_slots(i: int) -> None:
    """The seat to move's legal actions: distinct in-range indices, deterministic, each in
    its kind's segment at the slot the state gives (hand place, row, creature place,
    revealed card, seat after the chooser); the mask marks exactly them."""
    enc = _encoder(i)
    acts = _segments(enc.action_segments())
    for st in _states(i):
        seat = GAME.to_move(st)
        if seat is None:
            continue
        legal = GAME.legal_actions(st)
        view = GAME.observe(st, seat)
        idx = enc.action_indices(view, legal)
        assert len(idx) == len(legal) and len(set(idx)) == len(idx), (legal, idx)
        assert all(isinstance(k, int) and 0 <= k < enc.num_actions for k in idx)
        assert enc.action_indices(GAME.observe(st, seat), legal) == idx
        assert int(enc.mask(idx).sum()) == len(legal)
        for action, k in zip(legal, idx, strict=True):
            name, offset = _expected(enc, st, seat, action)
            assert name in KIND_SEGMENTS[action[0]]
            seg = acts[name]
            assert seg.start <= k < seg.stop, (action, k, name)
            if offset is not None:
                assert k - seg.start == offset, (action, k, name)


def test_fresh_duel_play_and_row_by_hand() -> None:
    """Playing the leftmost card (fortress not counted) is play[0], ending is end[0]; its
    row is row[k]; the creature then shows in bottom slot 0 of the observer's board and
    in the opponent's vector as its block 1 (the seat after it)."""
    enc = encoder_for(GAME, {})
    assert isinstance(enc, ClashEncoder)
    acts = _segments(enc.action_segments())
    obs = _segments(enc.obs_segments())
    for seed in range(20):  # a deal whose leftmost card is a creature (a spell needs one)
        st = GAME.new_game({}, seed)
        seat = GAME.to_move(st)
        assert seat is not None
        view = GAME.observe(st, seat)
        first = next(e for e in view["hands"][seat] if e["card"] != "fortress")
        legal = GAME.legal_actions(st)
        if ("play", first["inst"]) in legal:
            break
    else:
        pytest.fail("no deal starts with a playable creature")
    idx = dict(zip(legal, enc.action_indices(view, legal), strict=True))
    assert idx[("play", first["inst"])] == acts["play"].start
    assert idx[("end",)] == acts["end"].start
    assert enc.describe_index(acts["play"].start).startswith(
        "play[0]: play the card in hand slot 0"
    )
    vec = enc.observation(view)
    width = enc.vocab + len(HAND_FIELDS)
    hands = vec[obs["hands"].start : obs["hands"].stop].reshape(2, HAND_SLOTS, width)
    flags = hands[:, :, enc.vocab :]  # fortress, hidden, available, ...
    hand = view["hands"][seat]
    cards = [p for p, e in enumerate(hand) if e["card"] != "fortress"]
    fort = [p for p, e in enumerate(hand) if e["card"] == "fortress"]
    assert np.flatnonzero(flags[0, :, 2]).tolist() == cards[: len(view["available"])]
    assert np.flatnonzero(flags[0, :, 0]).tolist() == fort
    assert flags[1, :, 1].sum() == sum(e is None for e in view["hands"][1 - seat])
    GAME.apply(st, ("play", first["inst"]))
    view = GAME.observe(st, seat)
    legal = GAME.legal_actions(st)
    idx = dict(zip(legal, enc.action_indices(view, legal), strict=True))
    assert idx[("row", 0)] == acts["row"].start and idx[("row", 1)] == acts["row"].start + 1
    vec = enc.observation(view)
    assert vec[obs["pending"].start + 1] == 1.0  # place
    assert vec[obs["pending_source"].start] == 1.0  # from hand slot 0
    assert vec[obs["pending_card"].start + enc.card_slot(first["card"])] == 1.0
    GAME.apply(st, ("row", 1))
    per = obs["board"].size // (enc.seats * 2 * ROW_SLOTS)
    for who, block in ((seat, 0), (1 - seat, 1)):
        vec = _obs(enc, st, who)
        at = obs["board"].start + (block * 2 + 1) * ROW_SLOTS * per
        assert vec[at + enc.card_slot(first["card"])] == 1.0
        assert vec[obs["row_sizes"].start + block * 2 + 1] == pytest.approx(1 / (2 * ROW_SLOTS))


def test_draft_pick_slots() -> None:
    """In a draft, picking the card in revealed slot k is pick[k], and the revealed
    segment shows that card in slot k."""
    enc = encoder_for(GAME, {"format": "draft"})
    assert isinstance(enc, ClashEncoder)
    acts = _segments(enc.action_segments())
    obs = _segments(enc.obs_segments())
    st = GAME.new_game({"format": "draft"}, 0)
    view = GAME.observe(st, GAME.to_move(st) or 0)
    revealed = view["draft"]["revealed"]
    legal = [("pick", e["inst"]) for e in revealed]
    assert sorted(legal) == sorted(GAME.legal_actions(st))
    assert enc.action_indices(view, legal) == [acts["pick"].start + k for k in range(len(legal))]
    vec = enc.observation(view)
    for k, e in enumerate(revealed):
        assert vec[obs["revealed"].start + k * enc.vocab + enc.card_slot(e["card"])] == 1.0


# --- hand-built positions ------------------------------------------------------------
CARDS = [
    card("g", attack=0, health=5),
    card("f", attack=0, health=5),
    card("sym", cost=1, abilities=["symbiosis"]),
    card("zap", kind="spell", damage=1),
    card("smerc", kind="spell", damage=1, abilities=["mercenary"]),
]


def _long_rows() -> Any:
    """A duel where A's top row holds 9 creatures and B's 10: more than the shown slots."""
    return GAME.load_position(
        {
            "cards": CARDS,
            "active": "A",
            "mana": 5,
            "players": {
                "A": {"hand": ["@bastion", "zap", "sym", "f"], "top": ["g"] * 9},
                "B": {"hand": ["@bastion", "f"], "top": ["g"] * 10},
            },
        }
    )


def test_creatures_beyond_the_shown_slots_are_overflow_targets_and_hosts() -> None:
    """Creatures farther than ROW_SLOTS from the bridge get target_overflow and
    host_overflow indices in board order (A's before B's), all distinct; the row sizes
    still count them; inline cards share the "other card" slot; a public card of the
    opponent's hand is seen."""
    enc = encoder_for(GAME, {})
    assert isinstance(enc, ClashEncoder)
    acts = _segments(enc.action_segments())
    obs = _segments(enc.obs_segments())
    st = _long_rows()
    a_top = st.board[st.seat_rows[0][0][0]][st.seat_rows[0][0][1]]
    b_top = st.board[st.seat_rows[1][0][0]][st.seat_rows[1][0][1]]
    vec = _obs(enc, st, 0)
    assert vec[obs["row_sizes"].start] == pytest.approx(9 / (2 * ROW_SLOTS))
    assert vec[obs["row_sizes"].start + 2] == pytest.approx(10 / (2 * ROW_SLOTS))
    assert vec[obs["board"].start + enc.card_slot("g")] == 1.0
    assert enc.card_slot("g") == enc.vocab - 1  # not a printed card
    width = enc.vocab + len(HAND_FIELDS)
    b_hand = vec[obs["hands"].start : obs["hands"].stop].reshape(2, HAND_SLOTS, width)[1]
    assert b_hand[1, enc.card_slot("f")] == 1.0  # B's public card is seen by A
    assert not b_hand[:, enc.vocab + 2].any()  # but "available" is the observer's own only

    play(st, "play zap")
    legal = GAME.legal_actions(st)
    idx = dict(zip(legal, enc.action_indices(GAME.observe(st, 0), legal), strict=True))
    assert len(set(idx.values())) == len(legal) == 19
    for p, c in enumerate(b_top[:ROW_SLOTS]):
        assert idx[("target", c)] == acts["target"].start + 2 * ROW_SLOTS + p
    over = acts["target_overflow"].start
    assert idx[("target", a_top[8])] == over
    assert [idx[("target", c)] for c in b_top[8:]] == [over + 1, over + 2]

    st = _long_rows()
    play(st, "play sym")
    legal = GAME.legal_actions(st)
    idx = dict(zip(legal, enc.action_indices(GAME.observe(st, 0), legal), strict=True))
    assert len(set(idx.values())) == len(legal) == 11
    assert [idx[("host", c)] for c in a_top] == [
        *range(acts["host"].start, acts["host"].start + ROW_SLOTS),
        acts["host_overflow"].start,
    ]


def _mercenary_choice() -> Any:
    """Every man for himself: A cast its Mercenary spell at its own creature; B (top-row
    neighbour) and D (bottom-row neighbour) could take the spell back. B lost a card to
    fatigue."""
    st = GAME.load_position(
        {
            "cards": CARDS,
            "mode": "ffa",
            "active": "A",
            "mana": 3,
            "players": {
                "A": {"hand": ["@bastion", "smerc", "f", "f"], "top": ["g"]},
                "B": {"hand": ["@bastion", "f"], "bottom": ["g"], "removed": ["f"]},
                "C": {"hand": ["@bastion", "f"]},
                "D": {"hand": ["@bastion", "f"]},
            },
        }
    )
    play(st, "play smerc")
    lane, side = st.seat_rows[0][0]
    GAME.apply(st, ("target", st.board[lane][side][0]))
    return st


def test_mercenary_spell_goes_to_the_chosen_seat() -> None:
    """``give B`` is give[0] (the seat after A) and ``give D`` give[2]; the vector names
    the struck creature (A's own top row, slot 0), the spell, and whose choice it is."""
    enc = encoder_for(GAME, {"mode": "ffa"})
    assert isinstance(enc, ClashEncoder)
    acts = _segments(enc.action_segments())
    obs = _segments(enc.obs_segments())
    st = _mercenary_choice()
    assert st.pending[0] == "give" and GAME.to_move(st) == 0
    legal = GAME.legal_actions(st)
    assert sorted(legal) == [("give", 1), ("give", 3)]
    idx = enc.action_indices(GAME.observe(st, 0), legal)
    assert dict(zip(legal, idx, strict=True)) == {
        ("give", 1): acts["give"].start,
        ("give", 3): acts["give"].start + 2,
    }
    vec = _obs(enc, st, 0)
    strike = vec[obs["pending_strike"].start : obs["pending_strike"].stop].tolist()
    assert strike == [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]  # seat 0 (A), top row, slot 0
    assert vec[obs["pending"].start + 3] == 1.0  # give
    assert vec[obs["pending_card"].start + enc.card_slot("smerc")] == 1.0
    assert vec[obs["pending_yours"].start] == 1.0
    assert _obs(enc, st, 1)[obs["pending_yours"].start] == 0.0
