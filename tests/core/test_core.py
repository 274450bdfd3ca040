"""Kernel tests: generator, registry, agents by name, replays, statistics."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.agents import make_agent, parse_spec
from cardtable.core import IllegalAction, ReplayError, SetupError, get_game, state_hash
from cardtable.core.instances import flatten, is_permutation
from cardtable.core.match import play_match
from cardtable.core.replay import Replay, verify
from cardtable.core.rng import Rng, randbelow, seed_state, shuffle
from cardtable.sim.stats import mean, proportion


class Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def test_rng_is_deterministic_and_uniform_enough() -> None:
    """Same seed, same draws; draws cover the range (engine determinism rule)."""
    a, b = Holder(7), Holder(7)
    xs = [randbelow(a, 10) for _ in range(2000)]
    assert xs == [randbelow(b, 10) for _ in range(2000)]
    counts = [xs.count(i) for i in range(10)]
    assert min(counts) > 140 and max(counts) < 260
    assert [randbelow(Holder(8), 10) for _ in range(20)] != xs[:20]


def test_shuffle_is_a_permutation() -> None:
    items = list(range(30))
    shuffle(Holder(3), items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


MASK = (1 << 64) - 1


def splitmix(state: int) -> tuple[int, int]:
    """SplitMix64 in unbounded integers (core/rng's definition): (next state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def reference_shuffle(state: int, items: list) -> int:
    """Fisher-Yates by the definition: place i, from the last down, swaps with the high
    64 bits of the next output times i + 1. Returns the generator's state after."""
    for i in range(len(items) - 1, 0, -1):
        state, z = splitmix(state)
        j = (z * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state


STATES = st.one_of(
    st.integers(0, MASK),
    st.integers((1 << 63) - 64, (1 << 63) + 64),  # around the signed limit
    st.integers(MASK - 64, MASK),
)


@given(state=STATES, length=st.integers(0, 400))
@settings(max_examples=300, deadline=None)
def test_shuffle_draws_exactly_as_defined(state: int, length: int) -> None:
    """The shuffle (compiled: on machine integers) makes the defined swaps and leaves the
    generator in the defined state, for any state and length (replays rest on it)."""
    items, expected = list(range(length)), list(range(length))
    holder = Holder(0)
    holder.rng = state
    shuffle(holder, items)
    assert holder.rng == reference_shuffle(state, expected)
    assert items == expected


@given(state=STATES, bound=st.one_of(st.integers(1, 64), st.integers(1, 1 << 40)))
@settings(max_examples=400, deadline=None)
def test_randbelow_draws_exactly_as_defined(state: int, bound: int) -> None:
    """A draw is the high 64 bits of the next output times the bound, for any state and
    bound (bounds below 2**31 run on machine integers when compiled)."""
    holder = Holder(0)
    holder.rng = state
    after, z = splitmix(state)
    assert randbelow(holder, bound) == (z * bound) >> 64
    assert holder.rng == after


@given(
    m=st.integers(0, 200),
    data=st.data(),
)
@settings(max_examples=300, deadline=None)
def test_is_permutation_says_whether_each_instance_is_there_once(
    m: int, data: st.DataObject
) -> None:
    """The invariant checks' quick test: true exactly when the list holds 0 … m-1 once
    each (a permutation, or one changed by a repeat, a loss, an extra or an instance out
    of range); ``flatten`` joins zones into that list, zone after zone."""
    items = data.draw(st.permutations(list(range(m))))
    change = data.draw(st.sampled_from(["none", "repeat", "drop", "add", "outside"]))
    if change == "repeat" and m > 1:
        items[data.draw(st.integers(1, m - 1))] = items[0]
    elif change == "drop" and m:
        items.pop()
    elif change == "add":
        items.append(data.draw(st.integers(-2, m + 2)))
    elif change == "outside" and m:
        items[0] = data.draw(st.sampled_from([-1, m, m + 5]))
    assert is_permutation(items, m) == (sorted(items) == list(range(m)))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(items)), max_size=6)))
    zones = [items[a:b] for a, b in zip([0, *cuts], [*cuts, len(items)], strict=True)]
    assert flatten(zones) == items and flatten(tuple(zones)) == items


def test_rng_object_matches_functions() -> None:
    r = Rng(5)
    h = Holder(5)
    assert [r.randbelow(100) for _ in range(10)] == [randbelow(h, 100) for _ in range(10)]
    assert 0.0 <= r.random() < 1.0


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match="unknown game “nope”"):
        get_game("nope")


def test_agent_specs() -> None:
    game = get_game("clash")
    assert parse_spec("greedy:seed=3") == ("greedy", {"seed": "3"})
    with pytest.raises(SetupError, match="unknown agent"):
        make_agent("genius", game, 0)
    with pytest.raises(SetupError, match="key=value"):
        make_agent("random:fast", game, 0)
    with pytest.raises(SetupError, match="unknown parameter"):
        make_agent("random:depth=3", game, 0)
    with pytest.raises(SetupError, match="integer"):
        make_agent("random:seed=x", game, 0)


def test_replay_with_an_illegal_action_names_the_step() -> None:
    """A replay whose actions stop being legal fails with one message naming the step."""
    game = get_game("clash")
    result = play_match(game, {}, 4, [make_agent("random", game, 1), make_agent("random", game, 2)])
    data = result.replay.to_json()
    data["actions"][3] = ["target", 999]
    with pytest.raises(ReplayError, match="step 4"):
        verify(Replay.from_json(data))


def test_replay_detects_a_different_outcome() -> None:
    game = get_game("clash")
    result = play_match(game, {}, 4, [make_agent("random", game, 1), make_agent("random", game, 2)])
    data = result.replay.to_json()
    data["final_hash"] = "0" * 32
    with pytest.raises(ReplayError, match="different final state"):
        verify(Replay.from_json(data))
    assert state_hash(verify(Replay.from_json(result.replay.to_json()))) == state_hash(result.state)


def test_malformed_replay_document() -> None:
    with pytest.raises(ReplayError, match="malformed replay"):
        Replay.from_json({"game": "clash"})


def test_replay_file_roundtrip(tmp_path) -> None:
    game = get_game("clash")
    result = play_match(
        game, {"fatigue": True}, 9, [make_agent("greedy", game, 1), make_agent("random", game, 2)]
    )
    path = tmp_path / "game.json"
    result.replay.save(path)
    assert json.loads(path.read_text())["game"] == "clash"
    assert state_hash(verify(Replay.load(path))) == state_hash(result.state)


def test_apply_rejects_actions_after_the_end() -> None:
    game = get_game("clash")
    result = play_match(game, {}, 2, [make_agent("random", game, 1), make_agent("random", game, 2)])
    with pytest.raises(IllegalAction, match="over"):
        game.apply(result.state, ("end",))


def test_wilson_interval_and_mean() -> None:
    est = proportion(50, 100)
    assert est.value == 0.5 and 0.39 < est.low < 0.41 and 0.59 < est.high < 0.61
    m = mean([1.0, 2.0, 3.0, 4.0])
    assert m.value == 2.5 and m.low < 2.5 < m.high
