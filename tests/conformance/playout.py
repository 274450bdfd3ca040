"""Shared helpers of the conformance suite."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from cardtable.core import Game, get_game, state_hash
from cardtable.core.rng import Rng

MAX_ACTIONS = 20_000


def playout(game: Game, setup: dict[str, Any], seed: int) -> Iterator[tuple[Any, Any]]:
    """Yield (state, action to apply) along a seeded random game, then (final state, None)."""
    state = game.new_game(setup, seed)
    rng = Rng(seed + 17)
    for _ in range(MAX_ACTIONS):
        if game.to_move(state) is None:
            break
        legal = game.legal_actions(state)
        action = legal[rng.randbelow(len(legal))]
        yield state, action
        game.apply(state, action)
    else:
        raise AssertionError(f"{game.id} seed {seed}: no outcome after {MAX_ACTIONS} actions")
    yield state, None


def roundtrip(game: Game, state: Any) -> Any:
    """A state rebuilt from its JSON text."""
    text = json.dumps(state.to_json(), ensure_ascii=False)
    return game.state_from_json(json.loads(text))


def games_and_setups() -> list[tuple[str, int, dict[str, Any]]]:
    """(game id, setup index, setup) for every registered game."""
    from cardtable.core import game_ids

    out = []
    for gid in game_ids():
        for i, setup in enumerate(get_game(gid).conformance_setups()):
            out.append((gid, i, setup))
    return out


__all__ = ["games_and_setups", "playout", "roundtrip", "state_hash"]
