"""Seeded random games for the encoder tests: every state of each game, cloned."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardtable.core.game import Game
from cardtable.core.rng import Rng


def random_games(
    game: Game, setup: Mapping[str, Any], seeds: Iterable[int], rng_base: int
) -> tuple[tuple[Any, ...], ...]:
    """For each seed, every state of a random game (choices from ``Rng(rng_base + seed)``),
    the final one included."""
    games = []
    for seed in seeds:
        st = game.new_game(setup, seed)
        rng = Rng(rng_base + seed)
        states = [st.clone()]
        while game.to_move(st) is not None:
            actions = game.legal_actions(st)
            game.apply(st, actions[rng.randbelow(len(actions))])
            states.append(st.clone())
        games.append(tuple(states))
    return tuple(games)
