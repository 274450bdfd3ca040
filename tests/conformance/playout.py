"""Shared helpers of the conformance suite."""

from __future__ import annotations

import marshal
from collections.abc import Iterator
from typing import Any

import orjson

from cardtable.core import Game, get_game, state_hash
from cardtable.core.rng import Rng

MAX_ACTIONS = 20_000


def playout(
    game: Game, setup: dict[str, Any], seed: int, log: bool = False
) -> Iterator[tuple[Any, Any]]:
    """Yield (state, action to apply) along a seeded random game, then (final state, None);
    a running game (``to_move`` not None) without a legal action fails here. ``log``: the
    state keeps its event log (the same game)."""
    state = game.new_game(setup, seed, log=log)
    rng = Rng(seed + 17)
    for _ in range(MAX_ACTIONS):
        if game.to_move(state) is None:
            break
        legal = game.legal_actions(state)
        assert legal, f"{game.id} seed {seed}: a running game without options"
        action = legal[rng.randbelow(len(legal))]
        yield state, action
        game.apply(state, action)
    else:
        raise AssertionError(f"{game.id} seed {seed}: no outcome after {MAX_ACTIONS} actions")
    yield state, None


def json_text(data: Any) -> bytes:
    """``data`` as JSON text (UTF-8). orjson writes and reads the same JSON as the standard
    library, about six times faster, and is stricter: a key that is not a string, or an integer
    beyond 64 bits, is an error here rather than a silent change of type. The checks that
    send thousands of states and views through JSON use it."""
    return orjson.dumps(data)


def through_json(data: Any) -> Any:
    """``data`` after a trip through JSON text."""
    return orjson.loads(json_text(data))


def roundtrip(game: Game, state: Any) -> Any:
    """A state rebuilt from its JSON text."""
    return game.state_from_json(through_json(state.to_json()))


def snapshot(state: Any) -> bytes:
    """A state's plain form as bytes, exact to every type, value and key order: marshal's
    format 2 writes no back-references and no interning marks, so equal forms give equal
    bytes. Equal snapshots mean equal ``state_hash``es (the hash reads the same form), and
    a snapshot costs a fraction of a hash: the checks comparing a state before and after
    compare snapshots."""
    return marshal.dumps(state.to_json(), 2)


def games_and_setups() -> list[tuple[str, int, dict[str, Any]]]:
    """(game id, setup index, setup) for every registered game."""
    from cardtable.core import game_ids

    out = []
    for gid in game_ids():
        for i, setup in enumerate(get_game(gid).conformance_setups()):
            out.append((gid, i, setup))
    return out


def plain(state: Any, copy: bool = True) -> dict[str, Any]:
    """A state's plain form (``to_json``) without the step-mode flag; ``copy``: a deep
    copy sharing nothing with the state, for a form kept while the game goes on (marshal
    copies plain data exactly, types included, several times faster than a trip through
    JSON text)."""
    data: dict[str, Any] = state.to_json()
    if copy:
        data = marshal.loads(marshal.dumps(data))
    data.pop("step", None)
    return data


def step_mode_replay(
    game: Game, setup: dict[str, Any], seed: int, default_offers_single: bool = False
) -> tuple[int, int]:
    """Play a seeded random game in default mode, then the same game in step mode: each
    decision default mode offered gets its choice there (the states, step flag aside,
    must be equal at it); every other decision must have one option, which is taken.
    Asserts equal final states and event logs; returns (continue stops, other
    single-option decisions) met in step mode. Unless ``default_offers_single``, default
    mode must offer only decisions with two or more options."""
    st = game.new_game(setup, seed, log=True)
    rng = Rng(seed + 1)
    choices, before = [], []
    while game.to_move(st) is not None:
        legal = game.legal_actions(st)
        assert default_offers_single or len(legal) > 1, "default mode offers only real decisions"
        choices.append(legal[rng.randbelow(len(legal))])
        before.append(plain(st))
        game.apply(st, choices[-1])
    final = st
    st = game.new_game({**setup, "step": True}, seed, log=True)
    stops = forced = i = 0
    while game.to_move(st) is not None:
        legal = game.legal_actions(st)
        ours = i < len(choices) and (len(legal) > 1 or legal[0] == choices[i])
        now = plain(st, copy=False) if ours else None
        if ours and (len(legal) > 1 or now == before[i]):
            assert now == before[i], f"seed {seed}: decision {i} differs"
            action = choices[i]
            i += 1
        else:
            assert len(legal) == 1, f"seed {seed}: decision {i} differs"
            action = legal[0]
            stops += action == ("continue",)
            forced += action != ("continue",)
        game.apply(st, action)
    assert i == len(choices)
    assert plain(st, copy=False) == plain(final, copy=False)
    assert st.log == final.log
    return stops, forced


__all__ = [
    "games_and_setups",
    "json_text",
    "plain",
    "playout",
    "roundtrip",
    "snapshot",
    "state_hash",
    "step_mode_replay",
    "through_json",
]
