"""Batch play: many seeded games between agents, on any backend, with results per game.

Game ``i`` of a run with seed ``S`` always uses the same seeds (for the game and each
agent), so results do not depend on how many processes play them or on the backend.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.agents import make_agent
from cardtable.core.errors import SetupError
from cardtable.core.game import Game
from cardtable.core.registry import get_game
from cardtable.core.rng import Rng
from cardtable.sim.backends import capped_jobs, run_tasks
from cardtable.sim.stats import Estimate, mean, proportion
from cardtable.sim.store import ResultStore
from cardtable.sim.tasks import MatchTask, play_task


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed``."""
    r = Rng(seed * 1_000_003 + index)
    return r.spawn() >> 1


def agent_seed(game_seed_: int, slot: int) -> int:
    """The seed of the agent in ``slot`` (a seat, or an entrant of a paired game)."""
    return game_seed_ + 7919 * (slot + 1)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game."""

    index: int
    seed: int
    winners: tuple[int, ...]
    reason: str
    first: int | None
    turns: int
    actions: int
    decisions: tuple[int, ...] = ()
    think_s: tuple[float, ...] = field(default=(), compare=False)  # measured, not decided
    slots: tuple[int, ...] = ()
    """The agent (its position in the run's list) at each seat; seat order if empty."""

    @staticmethod
    def from_record(index: int, r: Mapping[str, Any]) -> GameRecord:
        """From a task record."""
        return GameRecord(
            index=index,
            seed=r["seed"],
            winners=tuple(r["winners"]),
            reason=r["reason"],
            first=r["first"],
            turns=r["turns"],
            actions=r["actions"],
            decisions=tuple(r["decisions"]),
            think_s=tuple(r["think_s"]),
            slots=tuple(r.get("slots", ())),
        )

    def seat_of(self, slot: int) -> int:
        """The seat the run's agent ``slot`` played in this game."""
        return self.slots.index(slot) if self.slots else slot


@dataclass(slots=True)
class SimResult:
    """A batch of games and its statistics."""

    game: str
    agents: list[str]
    setup: dict[str, Any]
    seed: int
    records: list[GameRecord] = field(default_factory=list)
    paired: bool = False

    @property
    def games(self) -> int:
        """Number of games played."""
        return len(self.records)

    def wins(self, seat: int) -> int:
        """Games won by a seat (alone or shared)."""
        return sum(1 for r in self.records if seat in r.winners)

    @property
    def draws(self) -> int:
        """Games without a winner."""
        return sum(1 for r in self.records if not r.winners)

    def win_rate(self, seat: int) -> Estimate:
        """A seat's win rate, draws counted as half."""
        score = self.wins(seat) + 0.5 * self.draws
        return proportion(score, self.games)

    def first_player_rate(self) -> Estimate:
        """How often the player who moved first won (seat advantage), draws as half."""
        rows = [r for r in self.records if r.first is not None]
        score = sum(1.0 if r.first in r.winners else 0.5 if not r.winners else 0.0 for r in rows)
        return proportion(score, len(rows))

    def length(self) -> Estimate:
        """Mean game length in turns."""
        return mean([float(r.turns) for r in self.records])

    def agent_wins(self, slot: int) -> int:
        """Games won by the run's agent ``slot`` wherever it sat (paired runs)."""
        return sum(1 for r in self.records if r.seat_of(slot) in r.winners)

    def agent_win_rate(self, slot: int) -> Estimate:
        """The win rate of the run's agent ``slot`` over every seat it played, draws as half."""
        return proportion(self.agent_wins(slot) + 0.5 * self.draws, self.games)

    def seconds_per_decision(self, slot: int) -> float:
        """Mean CPU seconds agent ``slot`` spent per decision (a measurement, not a rule)."""
        decisions = sum(r.decisions[r.seat_of(slot)] for r in self.records if r.decisions)
        seconds = sum(r.think_s[r.seat_of(slot)] for r in self.records if r.think_s)
        return seconds / decisions if decisions else 0.0

    def to_json(self, timings: bool = False) -> dict[str, Any]:
        """The document `simulate --json` prints: the same bytes for the same run
        (measured CPU times only under ``timings``, with ``--timings``)."""
        seats = len(self.agents)
        doc = {
            "game": self.game,
            "agents": self.agents,
            "setup": self.setup,
            "seed": self.seed,
            "games": self.games,
            "wins": {f"p{s + 1}": self.wins(s) for s in range(seats)},
            "draws": self.draws,
            "win_rate": {f"p{s + 1}": self.win_rate(s).to_json() for s in range(seats)},
            "first_player_win_rate": self.first_player_rate().to_json(),
            "mean_turns": self.length().to_json(),
            "paired": self.paired,
            "agent_win_rate": [self.agent_win_rate(a).to_json() for a in range(seats)],
        }
        if timings:
            doc["timings"] = {
                "seconds_per_decision": [
                    round(self.seconds_per_decision(a), 4) for a in range(seats)
                ]
            }
        return doc


def check_match(game: Game, setup: Mapping[str, Any], specs: Sequence[str], seed: int) -> None:
    """Fail fast on a bad setup, a wrong number of agents or a bad agent spec."""
    seats = game.num_seats(game.new_game(setup, seed))
    if len(specs) != seats:
        raise SetupError.msg("seats_name_agents", game=game.id, n=seats)
    for s, spec in enumerate(specs):
        make_agent(spec, game, s)


def sim_tasks(
    game: Game,
    setup: Mapping[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int,
    paired: bool = False,
) -> list[MatchTask]:
    """The tasks of a simulation: game ``i`` with seed ``game_seed(seed, i)``; or, paired,
    each seed played in every seat rotation of the agents (game ``i`` is rotation
    ``i % seats`` of seed ``i // seats``), each agent keeping its own seed."""
    seats = len(specs)
    tasks = []
    for i in range(games):
        k, turn = divmod(i, seats) if paired else (i, 0)
        gs = game_seed(seed, k)
        slots = [(s + turn) % seats for s in range(seats)]
        rotated = [specs[a] for a in slots]
        task_setup, task_specs = game.prepare_match(setup, rotated) if paired else (setup, rotated)
        tasks.append(
            MatchTask(
                key=str(i),
                game=game.id,
                setup=dict(task_setup),
                specs=tuple(task_specs),
                seed=gs,
                agent_seeds=tuple(agent_seed(gs, a) for a in slots),
                extra={"slots": slots} if paired else {},
            )
        )
    return tasks


def run_store(
    tasks: Sequence[MatchTask],
    store: ResultStore,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> None:
    """Run the tasks the store lacks, adding each record as it finishes (local workers
    capped at the cores and the tasks; stopping early, e.g. on Ctrl-C, stops them)."""
    todo = [t for t in tasks if t.key not in store]
    jobs = capped_jobs(jobs, len(todo), backend)
    local_serial = backend == "local" and jobs == 1
    chunk = 1 if local_serial else max(1, min(25, len(todo) // (4 * jobs)))
    results = run_tasks(play_task, todo, jobs=jobs, backend=backend, address=address, chunk=chunk)
    with contextlib.closing(results):
        for _, record in results:
            store.add(record)
            if on_record is not None:
                on_record(record)


def simulate(
    game_id: str,
    setup: Mapping[str, Any] | None,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
    out: str | None = None,
    paired: bool = False,
) -> SimResult:
    """Play ``games`` games and gather them (validating setup and agents first).

    ``paired``: every seed is played from every seat (see ``sim_tasks``), so ``games``
    must be a multiple of the number of seats. With ``out`` every finished game is
    appended to that JSON-lines file at once, and a run interrupted earlier resumes from
    what the file holds.
    """
    game = get_game(game_id)
    setup, specs = game.prepare_match(setup, list(specs))
    check_match(game, setup, specs, seed)
    if paired and games % len(specs):
        raise SetupError(
            f"paired games play every seed from all {len(specs)} seats: "
            f"--games must be a multiple of {len(specs)}, got {games}"
        )
    tasks = sim_tasks(game, setup, specs, games, seed, paired)
    config = {"kind": "simulate", "game": game_id, "setup": setup, "specs": specs, "seed": seed}
    if paired:
        config["paired"] = True
    with ResultStore(out, config) as store:
        if on_game is not None:
            for key, rec in store.records.items():
                on_game(GameRecord.from_record(int(key), rec))
        run_store(
            tasks,
            store,
            jobs=jobs,
            backend=backend,
            address=address,
            on_record=(lambda r: on_game(GameRecord.from_record(int(r["key"]), r)))
            if on_game is not None
            else None,
        )
        records = [GameRecord.from_record(int(t.key), store.records[t.key]) for t in tasks]
    return SimResult(game_id, list(specs), setup, seed, records, paired)
