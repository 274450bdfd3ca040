"""A vectorised runner: N games of one setup stepped together in one process.

Each step takes one action index per game (for the seat that decides in it) and returns
numpy batches: the observation ``(N, obs_size)`` and the action mask ``(N, num_actions)`` of
the seat to move next in every game, the reward ``(N,)`` of the seat that just acted (0
until its game ends, then its outcome reward, see ``cardtable.rl.episode``), and for each
game that ended at this step ``done``, ``truncated`` and every player seat's reward in
``returns`` ``(N, len(seats))`` (columns in the order of ``runner.seats``).

A game that ends is replaced at once by a new one. The k-th game played in slot i starts
from the seed ``episode_seed(seed, i, k)`` (numpy's ``SeedSequence`` of the three
numbers), so a runner is deterministic for its seed, and any of its games can be replayed
alone with ``game.new_game(setup, seed)`` and the same actions.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardtable.rl.episode import Episode, derived_seed, episode_encoder
from cardtable.sim.bench import VectorBench

MAX_DECISIONS = 20_000
"""Default decision budget of one game before it is truncated."""


def episode_seed(seed: int, slot: int, episode: int) -> int:
    """The seed of the ``episode``-th game of ``slot`` in a runner seeded with ``seed``."""
    return derived_seed(seed, slot, episode)


@dataclass(frozen=True, slots=True)
class VectorStep:
    """What the runner returns after a reset or a step (one row per game)."""

    obs: np.ndarray
    """(N, obs_size) float32: the view of the seat to move now."""
    mask: np.ndarray
    """(N, num_actions) int8: its legal action indices."""
    seat: np.ndarray
    """(N,) int64: the seat to move now."""
    reward: np.ndarray
    """(N,) float32: the reward of the seat that just acted (0 after a reset)."""
    done: np.ndarray
    """(N,) bool: the game ended at this step (and a new one was started in its slot)."""
    truncated: np.ndarray
    """(N,) bool: the game ended because it reached the decision budget."""
    returns: np.ndarray
    """(N, len(seats)) float32: every player seat's reward, in rows where ``done``."""


class VectorRunner:
    """N games of one game and setup, stepped with one action index per game."""

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        setup: Mapping[str, Any] | None = None,
        seed: int = 0,
        max_decisions: int = MAX_DECISIONS,
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.encoder, self.seats = episode_encoder(game_id, setup, options)
        self.setup = self.encoder.setup
        self.num_envs = num_envs
        self.seed = seed
        self.max_decisions = max_decisions
        self.obs_size = self.encoder.obs_size
        self.num_actions = self.encoder.num_actions
        self.episodes_played = np.zeros(num_envs, dtype=np.int64)
        self.seeds = np.zeros(num_envs, dtype=np.int64)
        self.games: list[Episode] = []

    def _start(self, slot: int) -> Episode:
        game_seed = episode_seed(self.seed, slot, int(self.episodes_played[slot]))
        self.seeds[slot] = game_seed
        return Episode(self.encoder, self.seats, game_seed)

    def reset(self) -> VectorStep:
        """Start the first game in every slot."""
        self.episodes_played[:] = 0
        self.games = [self._start(i) for i in range(self.num_envs)]
        zeros = np.zeros(self.num_envs, dtype=bool)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        returns = np.zeros((self.num_envs, len(self.seats)), dtype=np.float32)
        return self._batch(rewards, zeros, zeros.copy(), returns)

    def step(self, actions: np.ndarray) -> VectorStep:
        """Apply one action index per game; games that end are replaced by new ones."""
        if not self.games:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions).reshape(-1)
        if actions.shape[0] != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {actions.shape[0]}")
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        done = np.zeros(self.num_envs, dtype=bool)
        truncated = np.zeros(self.num_envs, dtype=bool)
        returns = np.zeros((self.num_envs, len(self.seats)), dtype=np.float32)
        for i, ep in enumerate(self.games):
            actor = ep.mover
            ep.play(int(actions[i]))
            if ep.over or ep.decisions >= self.max_decisions:
                done[i] = True
                truncated[i] = not ep.over
                if ep.over:
                    returns[i] = ep.rewards()
                    rewards[i] = returns[i, self.seats.index(actor)] if actor is not None else 0
                self.episodes_played[i] += 1
                self.games[i] = self._start(i)
        return self._batch(rewards, done, truncated, returns)

    def _batch(
        self, rewards: np.ndarray, done: np.ndarray, truncated: np.ndarray, returns: np.ndarray
    ) -> VectorStep:
        obs = np.empty((self.num_envs, self.obs_size), dtype=np.float32)
        mask = np.empty((self.num_envs, self.num_actions), dtype=np.int8)
        seat = np.empty(self.num_envs, dtype=np.int64)
        for i, ep in enumerate(self.games):
            mover = ep.mover
            assert mover is not None  # a fresh or running game always has a decision
            seat[i] = mover
            obs[i] = ep.observation(mover)
            mask[i] = ep.mask()
        return VectorStep(obs, mask, seat, rewards, done, truncated, returns)


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal index per row of a batch of masks."""
    scores = np.where(mask > 0, rng.random(mask.shape), -1.0)
    return np.asarray(np.argmax(scores, axis=1))


def bench_vector(
    game_id: str,
    num_envs: int = 16,
    steps: int = 2000,
    seed: int = 0,
    setup: Mapping[str, Any] | None = None,
) -> VectorBench:
    """Time ``steps`` game steps (``num_envs`` at a time) of random legal play through the
    runner, observations and masks included (CPU seconds, one core)."""
    runner = VectorRunner(game_id, num_envs, setup, seed)
    rng = np.random.default_rng(seed)
    batches = max(1, -(-steps // num_envs))
    start = time.process_time()
    out = runner.reset()
    for _ in range(batches):
        out = runner.step(random_actions(out.mask, rng))
    seconds = time.process_time() - start
    return VectorBench(num_envs, batches * num_envs, seconds)
