"""Training data by self-play: observation vectors labelled with final results.

Every seat is played by the same named agent (any spec ``make_agent`` takes). At every
decision of a game, the observation vector of every seat is recorded; once the game
ends each is labelled with that seat's result (+1 win, -1 loss, 0 draw). Game ``i`` of a
run seeded ``S`` uses the seeds of ``cardtable.sim.run`` (``game_seed``, ``agent_seed``),
so the same arguments give the same arrays, bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardtable.agents import make_agent
from cardtable.core.game import Action, Game
from cardtable.core.match import play_match
from cardtable.learn.value import result_for
from cardtable.rl.encoding import Encoder, encoder_for
from cardtable.sim.run import agent_seed, game_seed


@dataclass(frozen=True, slots=True)
class Samples:
    """Labelled observations, the vectors kept sparse (they are mostly zeros): row ``i``
    has the values ``values[indptr[i]:indptr[i+1]]`` at ``indices[...]``; ``y`` holds the
    results (float32) and ``games`` the index of the game each row comes from."""

    obs_size: int
    indptr: np.ndarray
    indices: np.ndarray
    values: np.ndarray
    y: np.ndarray
    games: np.ndarray

    def __len__(self) -> int:
        return len(self.y)

    def dense(self, rows: np.ndarray) -> np.ndarray:
        """The float32 vectors of ``rows`` (an index array), one per line."""
        out = np.zeros((len(rows), self.obs_size), np.float32)
        starts, stops = self.indptr[rows], self.indptr[np.asarray(rows) + 1]
        for k, (a, b) in enumerate(zip(starts, stops, strict=True)):
            out[k, self.indices[a:b]] = self.values[a:b]
        return out

    def arrays(self) -> dict[str, np.ndarray]:
        """The arrays to save (``from_arrays`` reads them back)."""
        return {
            "obs_size": np.array(self.obs_size),
            "indptr": self.indptr,
            "indices": self.indices,
            "values": self.values,
            "y": self.y,
            "games": self.games,
        }

    @staticmethod
    def from_arrays(arrays: Mapping[str, np.ndarray]) -> Samples:
        return Samples(
            int(arrays["obs_size"]),
            arrays["indptr"],
            arrays["indices"],
            arrays["values"],
            arrays["y"],
            arrays["games"],
        )


def play_one(
    encoder: Encoder, agent: str, seed: int, index: int
) -> tuple[list[np.ndarray], list[float]]:
    """The observation vectors of game ``index`` of a run seeded ``seed`` (the encoder's
    game and setup), each with the final result of the seat that saw it."""
    game, setup = encoder.game, encoder.setup
    gseed = game_seed(seed, index)
    agents = [make_agent(agent, game, agent_seed(gseed, s)) for s in range(encoder.seats)]
    rows: list[tuple[int, np.ndarray]] = []

    def note(state: Any, _seat: int, _action: Action) -> None:
        for s in range(encoder.seats):
            rows.append((s, encoder.observation(game.observe(state, s))))

    result = play_match(game, setup, gseed, agents, checked=False, on_action=note)
    return [x for _, x in rows], [result_for(result.outcome, s) for s, _ in rows]


def generate(
    game: Game,
    setup: Mapping[str, Any] | None,
    agent: str,
    games: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
) -> Samples:
    """The labelled observations of ``games`` self-play games (``on_game(i)`` after each)."""
    indptr = [0]
    indices: list[np.ndarray] = []
    values: list[np.ndarray] = []
    ys: list[float] = []
    ids: list[int] = []
    encoder = encoder_for(game, setup)
    for i in range(games):
        xs, y = play_one(encoder, agent, seed, i)
        for x in xs:
            nz = np.flatnonzero(x)
            indices.append(nz.astype(np.int32))
            values.append(x[nz].astype(np.float32))
            indptr.append(indptr[-1] + len(nz))
        ys.extend(y)
        ids.extend([i] * len(y))
        if on_game is not None:
            on_game(i)
    return Samples(
        encoder.obs_size,
        np.array(indptr, np.int64),
        np.concatenate(indices) if indices else np.zeros(0, np.int32),
        np.concatenate(values) if values else np.zeros(0, np.float32),
        np.array(ys, np.float32),
        np.array(ids, np.int32),
    )
