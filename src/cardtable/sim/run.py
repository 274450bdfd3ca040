"""Batch play: many seeded games between agents, in local processes, with results per game.

Game ``i`` of a run with seed ``S`` always uses the same seeds (for the game and each
agent), so results do not depend on how many processes play them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardtable.agents import make_agent
from cardtable.core.errors import SetupError
from cardtable.core.game import Game
from cardtable.core.match import play_match
from cardtable.core.registry import get_game
from cardtable.core.rng import Rng
from cardtable.sim.stats import Estimate, mean, proportion


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed``."""
    r = Rng(seed * 1_000_003 + index)
    return r.spawn() >> 1


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


@dataclass(slots=True)
class SimResult:
    """A batch of games and its statistics."""

    game: str
    agents: list[str]
    setup: dict[str, Any]
    seed: int
    records: list[GameRecord] = field(default_factory=list)

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

    def to_json(self) -> dict[str, Any]:
        """The document `simulate --json` prints."""
        seats = len(self.agents)
        return {
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
        }


def play_one(
    game_id: str, setup: Mapping[str, Any], specs: Sequence[str], seed: int, index: int
) -> GameRecord:
    """Play game ``index`` of a run."""
    game: Game = get_game(game_id)
    gs = game_seed(seed, index)
    agents = [make_agent(spec, game, gs + 7919 * (s + 1)) for s, spec in enumerate(specs)]
    result = play_match(game, setup, gs, agents, checked=False)
    first = getattr(result.state, "first", None)
    return GameRecord(
        index=index,
        seed=gs,
        winners=result.outcome.winners,
        reason=result.outcome.reason,
        first=first if isinstance(first, int) and first >= 0 else None,
        turns=game.turn_number(result.state),
        actions=result.actions,
    )


def _play_chunk(args: tuple[str, dict[str, Any], list[str], int, list[int]]) -> list[GameRecord]:
    game_id, setup, specs, seed, indexes = args
    return [play_one(game_id, setup, specs, seed, i) for i in indexes]


def iter_games(
    game_id: str,
    setup: Mapping[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    chunk: int = 25,
) -> Iterator[GameRecord]:
    """Yield records as games finish (in order of completion of chunks)."""
    if jobs <= 1:
        for i in range(games):
            yield play_one(game_id, setup, specs, seed, i)
        return
    chunks = [list(range(i, min(games, i + chunk))) for i in range(0, games, chunk)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for records in pool.map(
            _play_chunk, [(game_id, dict(setup), list(specs), seed, c) for c in chunks]
        ):
            yield from records


def simulate(
    game_id: str,
    setup: Mapping[str, Any] | None,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
) -> SimResult:
    """Play ``games`` games and gather them (validating setup and agents first)."""
    game = get_game(game_id)
    setup, specs = game.prepare_match(setup, list(specs))
    seats = game.num_seats(game.new_game(setup, seed))  # fails fast on a bad setup
    if len(specs) != seats:
        raise SetupError(f"{game_id} with this setup has {seats} seats: name {seats} agents")
    for s, spec in enumerate(specs):
        make_agent(spec, game, s)
    result = SimResult(game_id, list(specs), setup, seed)
    for record in iter_games(game_id, setup, specs, games, seed, jobs):
        result.records.append(record)
        if on_game is not None:
            on_game(record)
    result.records.sort(key=lambda r: r.index)
    return result
