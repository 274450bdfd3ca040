"""Training data by self-play: observation vectors labelled with final results (or with
λ-returns of a value network), and the self-play agent's choices.

Every seat is played by the same named agent (any spec ``make_agent`` takes). At every
decision of a game, the observation vector of every seat is recorded; once the game
ends each is labelled with that seat's result (+1 win, -1 loss, 0 draw). Every decision
with more than one option is also a policy target: the mover's vector (one of those
rows), the encoder indices of its legal actions (``index_actions``) and the index of the
action the agent chose. Game ``i`` of a run seeded ``S`` uses the seeds of
``cardtable.sim.run`` (``game_seed``, ``agent_seed``), so the same arguments give the same
arrays, bit for bit.

With a ``bootstrap`` value network and ``lam`` below 1, a row's label is instead its
seat's λ-return (TD(λ), computed once the game is over): the seat's rows in order, the
last labelled with the result, each earlier one with ``(1 - lam)`` times the network's
value of the seat's next row plus ``lam`` times that row's label. ``lam = 1`` is the
final result again; ``lam = 0`` the network's value of the next row alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardtable.agents import make_agent
from cardtable.core.game import Action, Game
from cardtable.core.match import play_match
from cardtable.learn.value import ValueNet, result_for
from cardtable.rl.encoding import Encoder, encoder_for
from cardtable.rl.episode import index_actions
from cardtable.sim.run import agent_seed, game_seed


@dataclass(frozen=True, slots=True)
class Samples:
    """Labelled observations, the vectors kept sparse (they are mostly zeros): row ``i``
    has the values ``values[indptr[i]:indptr[i+1]]`` at ``indices[...]``; ``y`` holds the
    results (float32) and ``games`` the index of the game each row comes from.

    Policy targets, one per decision with several options, sparse in the same way:
    decision ``d`` was taken by the seat whose vector is row ``moves[d]``, among the action
    indices ``legal[legal_ptr[d]:legal_ptr[d+1]]``, and the agent chose ``chosen[d]``."""

    obs_size: int
    indptr: np.ndarray
    indices: np.ndarray
    values: np.ndarray
    y: np.ndarray
    games: np.ndarray
    moves: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    legal_ptr: np.ndarray = field(default_factory=lambda: np.zeros(1, np.int64))
    legal: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    chosen: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))

    def __len__(self) -> int:
        return len(self.y)

    @property
    def decisions(self) -> int:
        """The number of policy targets."""
        return len(self.chosen)

    def masks(self, decisions: np.ndarray, num_actions: int) -> np.ndarray:
        """The legal actions of ``decisions`` (an index array) as a bool matrix."""
        out = np.zeros((len(decisions), num_actions), bool)
        starts = self.legal_ptr[decisions]
        stops = self.legal_ptr[np.asarray(decisions) + 1]
        for k, (a, b) in enumerate(zip(starts, stops, strict=True)):
            out[k, self.legal[a:b]] = True
        return out

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
            "moves": self.moves,
            "legal_ptr": self.legal_ptr,
            "legal": self.legal,
            "chosen": self.chosen,
        }

    def concat(self, other: Samples) -> Samples:
        """These samples followed by ``other``'s (the games of a run played in parts)."""
        return Samples(
            self.obs_size,
            np.concatenate([self.indptr, other.indptr[1:] + self.indptr[-1]]),
            np.concatenate([self.indices, other.indices]),
            np.concatenate([self.values, other.values]),
            np.concatenate([self.y, other.y]),
            np.concatenate([self.games, other.games]),
            np.concatenate([self.moves, other.moves + len(self)]),
            np.concatenate([self.legal_ptr, other.legal_ptr[1:] + self.legal_ptr[-1]]),
            np.concatenate([self.legal, other.legal]),
            np.concatenate([self.chosen, other.chosen]),
        )

    @staticmethod
    def from_arrays(arrays: Mapping[str, np.ndarray]) -> Samples:
        """The samples ``arrays`` wrote (a KeyError when an array is missing)."""
        return Samples(
            int(arrays["obs_size"]),
            arrays["indptr"],
            arrays["indices"],
            arrays["values"],
            arrays["y"],
            arrays["games"],
            arrays["moves"],
            arrays["legal_ptr"],
            arrays["legal"],
            arrays["chosen"],
        )


@dataclass(frozen=True, slots=True)
class Decision:
    """One policy target of a game: the mover's row among the game's rows, the legal
    action indices and the chosen one."""

    row: int
    legal: list[int]
    chosen: int


def lambda_returns(
    values: np.ndarray, seats: list[int], results: list[float], lam: float
) -> list[float]:
    """Each row's λ-return along its seat's rows (``values[i]``: the network's value of row
    ``i``; ``results[i]``: the final result of row ``i``'s seat)."""
    out = [0.0] * len(seats)
    later: dict[int, tuple[float, float]] = {}  # seat -> (label, value) of its next row
    for i in range(len(seats) - 1, -1, -1):
        seat = seats[i]
        nxt = later.get(seat)
        label = results[i] if nxt is None else (1.0 - lam) * nxt[1] + lam * nxt[0]
        out[i] = label
        later[seat] = (label, float(values[i]))
    return out


def play_one(
    encoder: Encoder,
    agent: str,
    seed: int,
    index: int,
    bootstrap: ValueNet | None = None,
    lam: float = 1.0,
) -> tuple[list[np.ndarray], list[float], list[Decision]]:
    """The observation vectors of game ``index`` of a run seeded ``seed`` (the encoder's
    game and setup), each with the final result of the seat that saw it (or, with a
    ``bootstrap`` network and ``lam`` < 1, its λ-return), and the game's policy targets."""
    game, setup = encoder.game, encoder.setup
    gseed = game_seed(seed, index)
    agents = [make_agent(agent, game, agent_seed(gseed, s)) for s in range(encoder.seats)]
    rows: list[tuple[int, np.ndarray]] = []
    decisions: list[Decision] = []

    def note(state: Any, seat: int, action: Action) -> None:
        views = [game.observe(state, s) for s in range(encoder.seats)]
        legal = game.legal_actions(state)
        if len(legal) > 1:
            indices = index_actions(encoder, views[seat], legal)
            chosen = next(i for i, a in indices.items() if a == action)
            decisions.append(Decision(len(rows) + seat, list(indices), chosen))
        rows.extend((s, encoder.observation(view)) for s, view in enumerate(views))

    result = play_match(game, setup, gseed, agents, checked=False, on_action=note)
    xs = [x for _, x in rows]
    labels = [result_for(result.outcome, s) for s, _ in rows]
    if bootstrap is not None and lam < 1.0 and xs:
        values = bootstrap.predict(np.stack(xs))
        labels = lambda_returns(values, [s for s, _ in rows], labels, lam)
    return xs, labels, decisions


def generate(
    game: Game,
    setup: Mapping[str, Any] | None,
    agent: str,
    games: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
    first: int = 0,
    bootstrap: ValueNet | None = None,
    lam: float = 1.0,
) -> Samples:
    """The labelled observations and policy targets of games ``first`` to ``games - 1``
    of a self-play run (``on_game(i)`` after each); the games of a run are independent,
    so ``generate(..., k).concat(generate(..., first=k))`` equals the whole run. Labels as
    ``play_one``'s."""
    indptr = [0]
    indices: list[np.ndarray] = []
    values: list[np.ndarray] = []
    ys: list[float] = []
    ids: list[int] = []
    moves: list[int] = []
    legal_ptr = [0]
    legal: list[int] = []
    chosen: list[int] = []
    encoder = encoder_for(game, setup)
    for i in range(first, games):
        xs, y, decisions = play_one(encoder, agent, seed, i, bootstrap, lam)
        for d in decisions:
            moves.append(len(ys) + d.row)
            legal.extend(d.legal)
            legal_ptr.append(len(legal))
            chosen.append(d.chosen)
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
        np.array(moves, np.int64),
        np.array(legal_ptr, np.int64),
        np.array(legal, np.int32),
        np.array(chosen, np.int32),
    )
