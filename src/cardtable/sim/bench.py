"""Benchmarks: random full games per second, actions per second, clone and apply costs,
ISMCTS search iterations per second, and (measured by ``cardtable.rl.vector``) the steps
per second of the vectorised RL runner.

Measured on one core through the unchecked fast path; figures are printed, never asserted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from cardtable.agents.base import make_agent
from cardtable.agents.random_agent import RandomAgent
from cardtable.core.agent import SeatView
from cardtable.core.registry import get_game
from cardtable.core.rng import Rng


@dataclass(frozen=True, slots=True)
class IsmctsBench:
    """ISMCTS search speed: iterations per second over timed decisions (CPU seconds in
    one process; wall-clock seconds for ``jobs`` > 1, whose searches run in processes)."""

    iters: int
    decisions: int
    iterations: int
    seconds: float
    jobs: int = 1

    @property
    def iters_per_s(self) -> float:
        """Search iterations per CPU second."""
        return self.iterations / self.seconds if self.seconds else 0.0

    @property
    def seconds_per_decision(self) -> float:
        """Mean CPU seconds per timed decision at this budget."""
        return self.seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "iters": self.iters,
            "jobs": self.jobs,
            "decisions": self.decisions,
            "iterations": self.iterations,
            "iters_per_s": round(self.iters_per_s, 1),
            "seconds_per_decision": round(self.seconds_per_decision, 4),
        }


@dataclass(frozen=True, slots=True)
class VectorBench:
    """Speed of the vectorised RL runner (``cardtable.rl.vector``): game steps per CPU
    second with ``envs`` games stepped together, observations and masks included."""

    envs: int
    steps: int
    seconds: float

    @property
    def steps_per_s(self) -> float:
        """Game steps (one action in one game) per CPU second."""
        return self.steps / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "envs": self.envs,
            "steps": self.steps,
            "seconds": round(self.seconds, 4),
            "steps_per_s": round(self.steps_per_s, 1),
        }


@dataclass(frozen=True, slots=True)
class BenchResult:
    """Throughput figures of one game."""

    game: str
    games: int
    actions: int
    seconds: float
    clone_us: float
    apply_us: float
    legal_us: float
    ismcts: IsmctsBench | None = None
    ismcts_parallel: IsmctsBench | None = None
    vector: VectorBench | None = None

    @property
    def games_per_s(self) -> float:
        """Random full games per second."""
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        """Actions per second within those games."""
        return self.actions / self.seconds

    def to_json(self) -> dict[str, Any]:
        """The document `bench --json` prints."""
        return {
            "game": self.game,
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 4),
            "games_per_s": round(self.games_per_s, 1),
            "actions_per_s": round(self.actions_per_s, 1),
            "clone_us": round(self.clone_us, 3),
            "apply_us": round(self.apply_us, 3),
            "legal_actions_us": round(self.legal_us, 3),
            "ismcts": None if self.ismcts is None else self.ismcts.to_json(),
            "ismcts_parallel": None
            if self.ismcts_parallel is None
            else self.ismcts_parallel.to_json(),
            "vector": None if self.vector is None else self.vector.to_json(),
        }


def bench_ismcts(
    game_id: str, decisions: int = 30, iters: int = 200, seed: int = 0, jobs: int = 1
) -> IsmctsBench:
    """Time ISMCTS (``iters`` iterations, no tree reuse; ``jobs`` root-parallel searches)
    on its first ``decisions`` real choices against a random opponent, seat alternating
    game by game."""
    game = get_game(game_id)
    clock = time.process_time if jobs == 1 else time.perf_counter
    timed = searched = 0
    seconds = 0.0
    index = 0
    while timed < decisions:
        state = game.new_game(None, seed + index)
        me = index % 2
        agent = make_agent(f"ismcts:iters={iters},reuse=0,jobs={jobs}", game, seed + index)
        other = RandomAgent(seed + index + 1)
        warm = getattr(agent, "start", None)
        if warm is not None:
            warm()  # search processes started before the clock runs
        while (seat := game.to_move(state)) is not None and timed < decisions:
            view = SeatView(game, state, seat)
            if seat != me:
                game.apply_unchecked(state, other.act(view))
                continue
            before = int(getattr(agent, "iterations_run", 0))
            start = clock()
            action = agent.act(view)
            spent = clock() - start
            after = int(getattr(agent, "iterations_run", 0))
            if after > before:
                timed += 1
                searched += after - before
                seconds += spent
            game.apply_unchecked(state, action)
        index += 1
    return IsmctsBench(iters, timed, searched, seconds, jobs)


def bench(
    game_id: str,
    games: int = 2000,
    seed: int = 0,
    setup: dict[str, Any] | None = None,
    ismcts_decisions: int = 0,
    ismcts_jobs: int = 1,
    ismcts_iters: int = 200,
) -> BenchResult:
    """Play ``games`` random games through the fast path and time them (CPU seconds)."""
    game = get_game(game_id)
    rng = Rng(seed)
    legal_actions = game.legal_actions
    apply = game.apply_unchecked
    to_move = game.to_move
    actions = 0
    snapshots = []
    start = time.process_time()  # CPU time: steady on a shared machine
    for i in range(games):
        state = game.new_game(setup, seed + i)
        while to_move(state) is not None:
            options = legal_actions(state)
            apply(state, options[rng.randbelow(len(options))])
            actions += 1
            if i < 20 and actions % 7 == 0:
                snapshots.append(state.clone())
    seconds = time.process_time() - start
    # clone and apply costs on the snapshots gathered above
    reps = 20
    t0 = time.perf_counter()
    for _ in range(reps):
        for s in snapshots:
            s.clone()
    clone_us = (time.perf_counter() - t0) / max(1, reps * len(snapshots)) * 1e6
    live = [s for s in snapshots if to_move(s) is not None]
    t0 = time.perf_counter()
    for s in live:
        legal_actions(s)
    legal_us = (time.perf_counter() - t0) / max(1, len(live)) * 1e6
    copies = [s.clone() for s in live]
    chosen = [legal_actions(c)[0] for c in copies]
    t0 = time.perf_counter()
    for c, a in zip(copies, chosen, strict=True):
        apply(c, a)
    apply_us = (time.perf_counter() - t0) / max(1, len(copies)) * 1e6
    search = None
    if ismcts_decisions:
        search = bench_ismcts(game_id, ismcts_decisions, ismcts_iters, seed)
    parallel = None
    if ismcts_decisions and ismcts_jobs > 1:
        parallel = bench_ismcts(game_id, ismcts_decisions, ismcts_iters, seed, ismcts_jobs)
    return BenchResult(
        game_id, games, actions, seconds, clone_us, apply_us, legal_us, search, parallel
    )
