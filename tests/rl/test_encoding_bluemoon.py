"""Blue Moon's fixed-size encoding (cardtable.rl.bluemoon), over every conformance setup.

Checked: the observation and action layouts tile [0, obs_size) and [0, num_actions) and every
action index has its own description. Along seeded random playouts, at every state and for
both seats: the observation is a float32 vector of obs_size, finite, within [0, 1]; it is a
function of what the seat is shown (a state with only what the seat cannot see resampled,
``game.determinize``, gives the same vector) and it is informative (two different views never
give one vector). The legal actions of the seat to move get distinct indices in range, the
same on every call and on a determinized state, and each index's description names the
segment, hand slot, area slot, card or count the action means in the view; every kind of
action the printed cards allow occurs. Hand-built positions map to the expected indices.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import cache
from itertools import pairwise
from typing import Any

import numpy as np
import pytest

from cardtable.core import get_game
from cardtable.core.game import Action
from cardtable.core.rng import Rng
from cardtable.games.bluemoon.state import BlueMoonState
from cardtable.rl.bluemoon import SLOTS, BlueMoonEncoder
from cardtable.rl.encoding import encoder_for

GAME = get_game("bluemoon")
SETUPS = GAME.conformance_setups()
IDS = [json.dumps(s, sort_keys=True) for s in SETUPS]
OBS_SEEDS = range(4)  # full games whose every view is encoded for both seats
ACT_SEEDS = range(40)  # full games whose every decision's actions are indexed
HAND_KINDS = ("back", "lead", "char", "boost", "support", "shed", "discard")


def encoder(si: int) -> BlueMoonEncoder:
    enc = encoder_for(GAME, SETUPS[si])
    assert isinstance(enc, BlueMoonEncoder)
    return enc


def states(setup: dict[str, Any], seed: int) -> Iterator[BlueMoonState]:
    """Every state of a seeded random game, the finished one last."""
    st = GAME.new_game(setup, seed)
    rng = Rng(10_000 + seed)
    while GAME.to_move(st) is not None:
        yield st
        GAME.apply(st, rng.choice(GAME.legal_actions(st)))
    yield st


@pytest.mark.parametrize("si", range(len(SETUPS)), ids=IDS)
def test_layouts_tile_and_describe(si: int) -> None:
    enc = encoder(si)
    assert enc.seats == 2
    for segs, size in (
        (enc.obs_segments(), enc.obs_size),
        (enc.action_segments(), enc.num_actions),
    ):
        assert segs[0].start == 0 and segs[-1].stop == size
        assert all(a.stop == b.start for a, b in pairwise(segs))
        assert all(s.size > 0 and s.meaning for s in segs)
        assert len({s.name for s in segs}) == len(segs)
    texts = [enc.describe_index(i) for i in range(enc.num_actions)]
    assert len(set(texts)) == enc.num_actions
    with pytest.raises(ValueError):
        enc.describe_index(enc.num_actions)


@pytest.mark.parametrize("si", range(len(SETUPS)), ids=IDS)
def test_observations_bounded_hidden_free_informative(si: int) -> None:
    enc = encoder(si)
    for seed in OBS_SEEDS:
        seen: dict[bytes, str] = {}
        first: list[bytes] = []
        for n, st in enumerate(states(SETUPS[si], seed)):
            for seat in (0, 1):
                view = GAME.observe(st, seat)
                obs = enc.observation(view)
                assert obs.shape == (enc.obs_size,) and obs.dtype == np.float32
                assert np.isfinite(obs).all() and obs.min() >= 0.0 and obs.max() <= 1.0
                other = GAME.determinize(st, seat, Rng(seed * 1_000 + n))
                same = enc.observation(GAME.observe(other, seat))
                assert np.array_equal(same, obs), f"seed {seed} state {n}: hidden info leaks"
                key = json.dumps(view, sort_keys=True)
                assert seen.setdefault(obs.tobytes(), key) == key, "two views, one vector"
                if n == 0:
                    first.append(obs.tobytes())
        # the game moved on: each seat's last vector is not its first
        assert all(
            enc.observation(GAME.observe(st, seat)).tobytes() != first[seat] for seat in (0, 1)
        )


def expected(st: BlueMoonState, view: Mapping[str, Any], action: Action) -> tuple[str, str]:
    """The segment an action belongs to and what its description must spell out ("" for a
    segment of one index), worked out from the view (and the state for searched cards)."""
    kind, me = action[0], view["seat"]
    hand = [c["inst"] for c in view["hand"]]

    def area(s: int, i: int) -> str:
        combat = [c["inst"] for c in view["combat"][s]]
        support = [c["inst"] for c in view["support"][s]]
        return (
            f"combat slot {combat.index(i)}" if i in combat else f"support slot {support.index(i)}"
        )

    def in_area(s: int, i: int) -> bool:
        return any(c["inst"] == i for c in view["combat"][s] + view["support"][s])

    if kind == "shed" and len(action) > 2:
        return "shed_toward", f"hand slot {hand.index(action[1])} toward {st.card_ids[action[2]]}"
    if kind == "char" and len(action) > 2:
        return ("char_fire", "char_earth")[action[2]], f"hand slot {hand.index(action[1])}"
    if kind in HAND_KINDS:
        return kind, f"hand slot {hand.index(action[1])}"
    if kind in ("retrieve", "use"):
        return kind, area(me, action[1])
    if kind == "pick":
        i = action[1]
        if i in hand:
            return "pick_hand", f"hand slot {hand.index(i)}"
        if in_area(me, i):
            return "pick_own", area(me, i)
        if in_area(1 - me, i):
            return "pick_opp", area(1 - me, i)
        return "pick_hidden", st.card_ids[i]
    if kind in ("draw", "reveal"):
        return kind, f"{action[1]} card(s)"
    return kind, ""


@cache
def action_walk(si: int) -> Counter[str]:
    """Checks every decision of ACT_SEEDS games; returns how often each segment occurred."""
    enc = encoder(si)
    found: Counter[str] = Counter()
    for seed in ACT_SEEDS:
        for n, st in enumerate(states(SETUPS[si], seed)):
            seat = GAME.to_move(st)
            if seat is None:
                continue
            view = GAME.observe(st, seat)
            actions = GAME.legal_actions(st)
            idx = enc.action_indices(view, actions)
            assert len(set(idx)) == len(idx), f"seed {seed}: collision {actions} -> {idx}"
            assert all(0 <= i < enc.num_actions for i in idx)
            assert idx == [enc.index_of(view, a) for a in actions]  # no repeat moved
            assert idx == enc.action_indices(view, actions)
            assert int(enc.mask(idx).sum()) == len(actions)
            if n % 2 == 0:  # the index set is the view's: a determinized state has it too
                other = GAME.determinize(st, seat, Rng(seed * 1_000 + n))
                again = enc.action_indices(GAME.observe(other, seat), GAME.legal_actions(other))
                assert sorted(again) == sorted(idx), f"seed {seed} state {n}"
            for a, i in zip(actions, idx, strict=True):
                seg, detail = expected(st, view, a)
                text = enc.describe_index(i)
                assert text.startswith(f"{seg}["), (a, text)
                assert not detail or text.endswith(f"({detail})"), (a, text)
                found[seg] += 1
    return found


@pytest.mark.parametrize("si", range(len(SETUPS)), ids=IDS)
def test_action_indices_distinct_and_meaningful(si: int) -> None:
    assert sum(action_walk(si).values()) > 1_000


def test_every_kind_of_action_occurs() -> None:
    found: Counter[str] = Counter()
    for si in range(len(SETUPS)):
        found += action_walk(si)
    names = {s.name for s in encoder(0).action_segments()}
    # no printed leadership card has an "on my turn" action (the segment is there for one)
    assert names - set(found) == {"use_leadership"}


def test_repeats_move_apart() -> None:
    """Instances no deck list places (only inline cards of positions) share the "other card"
    slot of pick_hidden; action_indices still keeps the indices of one decision apart."""
    enc = encoder(SETUPS.index({}))
    view = GAME.observe(GAME.new_game({}, 0), 0)
    picks = [("pick", 500), ("pick", 501)]
    other = segment(enc, "pick_hidden") + enc.other
    assert [enc.index_of(view, a) for a in picks] == [other, other]
    idx = enc.action_indices(view, picks)
    assert idx[0] == other and idx[1] != other
    assert enc.describe_index(idx[1]).startswith("pick_hidden[")


def segment(enc: BlueMoonEncoder, name: str) -> int:
    return next(s.start for s in enc.action_segments() if s.name == name)


def position(players: dict[str, Any], **rest: Any) -> BlueMoonState:
    doc = {"game": "bluemoon", "phase": "fight", "fight": 1, "players": players, **rest}
    st = GAME.load_position(doc)
    assert isinstance(st, BlueMoonState)
    return st


def test_opening_play_by_hand_slot() -> None:
    """The starter's first turn: each character in hand slot k twice (naming Fire, Earth);
    the observation shows the hand in order and the decision as the observer's."""
    st = position(
        {
            "P1": {
                "people": "vulca",
                "hand": ["fireblast", "flamebreath_the_dazzling", "spark", "lightning_bolts"],
                "deck": ["torch"],
                "turns": 1,
            },
            "P2": {"people": "hoax", "hand": ["catusan"], "deck": ["demegodas_the_odd"]},
        },
        element=None,
        starter="P1",
        active="P1",
        fight_turn=1,
        pending={"kind": "play", "seat": "P1"},
    )
    enc = encoder(SETUPS.index({}))
    view = GAME.observe(st, 0)
    fire, earth = segment(enc, "char_fire"), segment(enc, "char_earth")
    got = dict(
        zip(GAME.legal_actions(st), enc.action_indices(view, GAME.legal_actions(st)), strict=True)
    )
    flamebreath, spark = st.hands[0][1:3]  # hand slots 1 and 2
    assert got == {
        ("decline",): segment(enc, "decline"),
        ("char", flamebreath, 0): fire + 1,
        ("char", flamebreath, 1): earth + 1,
        ("char", spark, 0): fire + 2,
        ("char", spark, 1): earth + 2,
    }
    obs = enc.observation(view)
    seg = {s.name: s for s in enc.obs_segments()}
    assert obs[seg["decision"].start + 3] == 1 and obs[seg["decider"].start] == 1  # play, mine
    assert obs[seg["element"].start + 2] == 1  # not named yet
    slot0 = obs[seg["hand"].start + 1 : seg["hand"].start + 1 + enc.other + 1]
    assert int(np.argmax(slot0)) == enc.cards.index("fireblast")
    theirs = enc.observation(GAME.observe(st, 1))
    assert theirs[seg["decider"].start + 1] == 1 and theirs[seg["seats"].start + 8] == 0
    assert theirs[seg["seats"].start + enc.seat_fields + 8] == 1  # the opponent is active


def test_shed_toward_each_demand() -> None:
    """A hand card that helps two demands: one index per (hand slot, demanding card)."""
    st = position(
        {
            "P1": {
                "people": "vulca",
                "hand": ["spark", "lavar_the_powerful", "torch"],
                "deck": ["sear"],
                "turns": 1,
                "combat": [{"card": "flamebreath_the_dazzling", "active": True, "turn": 2}],
            },
            "P2": {
                "people": "pillar",
                "hand": ["gloria_gracia"],
                "deck": ["wild_unicorn"],
                "turns": 1,
                "combat": [
                    {"card": "primus_magicus", "active": True, "turn": 1},
                    {"card": "caterpillar_fireeater", "active": True, "turn": 1},
                    {"card": "caterpillar_watertamer", "active": True, "turn": 1},
                ],
            },
        },
        element="fire",
        starter="P2",
        active="P1",
        fight_turn=2,
        plays=[1, 0, 0, 1, 0, 0, 1],
        pending={"kind": "play", "seat": "P1"},
    )
    enc = encoder(SETUPS.index({}))
    assert enc.demanders[1] == "caterpillar_fireeater"
    assert enc.demanders[3] == "caterpillar_watertamer"
    actions = GAME.legal_actions(st)
    got = dict(zip(actions, enc.action_indices(GAME.observe(st, 0), actions), strict=True))
    toward = segment(enc, "shed_toward")
    j = len(enc.demanders)
    fireeater, watertamer = st.combat[1][1:]
    for k, card in enumerate(st.hands[0]):
        assert got[("shed", card, fireeater)] == toward + k * j + 1
        assert got[("shed", card, watertamer)] == toward + k * j + 3
    assert got[("retreat",)] == segment(enc, "retreat")


def test_pick_opponent_support_slot() -> None:
    """Cinder's action picks the opponent's support cards: by their support slot."""
    st = position(
        {
            "P1": {
                "people": "vulca",
                "hand": ["spark"],
                "deck": ["sear"],
                "turns": 1,
                "combat": [{"card": "cinder", "active": True, "turn": 2}],
            },
            "P2": {
                "people": "hoax",
                "hand": ["catusan"],
                "deck": ["demegodas_the_odd"],
                "turns": 1,
                "combat": [{"card": "sarogakanas_the_ancient", "active": True, "turn": 1}],
                "support": [
                    {"card": "tome_of_wisdom", "turn": 1},
                    {"card": "trebuchet_of_fear", "turn": 1},
                ],
            },
        },
        element="fire",
        starter="P2",
        active="P1",
        fight_turn=2,
        plays=[1, 0, 0, 1, 0, 0, 1],
        tasks=[["discard_active", "P1", "P1.combat.0", 0, 0]],
        pending={"kind": "task", "seat": "P1"},
    )
    enc = encoder(SETUPS.index({}))
    actions = GAME.legal_actions(st)
    got = dict(zip(actions, enc.action_indices(GAME.observe(st, 0), actions), strict=True))
    pick = segment(enc, "pick_opp")
    tome, trebuchet = st.support[1]
    assert got == {
        ("pick", tome): pick + SLOTS,
        ("pick", trebuchet): pick + SLOTS + 1,
        ("stop",): segment(enc, "stop"),
    }
