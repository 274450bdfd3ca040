"""Round-robin tournaments between agents or decks, on paired seeds, rated with openskill.

Entrants are agent specs (each seat played by its entrant) or a game's preconstructed
decks (every seat played by one agent). Every group of entrants (pairs for two-seat
games, every combination of N entrants for N seats) plays game seed
``game_seed(seed, k)`` for every ``k < games`` in every seat rotation (for two: A–B and
B–A), so every seed is played from every seat and luck of the deal cancels out within
a group. Pairings the rules refuse (``with_decks`` raising SetupError) are skipped and
listed. Ratings come from openskill's Plackett-Luce model, updated game by game in the
order of the task keys, so they do not depend on which worker finished first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from cardtable.agents import make_agent
from cardtable.core.errors import SetupError
from cardtable.core.game import Game
from cardtable.core.registry import get_game
from cardtable.sim.run import agent_seed, check_match, game_seed, run_store
from cardtable.sim.stats import Estimate, proportion
from cardtable.sim.store import ResultStore
from cardtable.sim.tasks import MatchTask, seat_score

Record = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Plan:
    """What a tournament (or a balance run) plays; everything that decides its games."""

    game: str
    entrants: tuple[str, ...]
    by_deck: bool = False
    """Entrants are decks, every seat played by ``agent``; else entrants are agent specs."""
    agent: str = "greedy"
    setup: Mapping[str, Any] = field(default_factory=dict)
    games: int = 10
    """Seeds per group of entrants (each played in every seat rotation)."""
    seed: int = 0
    overrides: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """What-if card numbers ``{card id: {field: value}}`` (see sim/whatif.py)."""
    kind: str = "tournament"
    track_cards: bool = False

    def config(self) -> dict[str, Any]:
        """The results file's configuration: all that decides the games (the number of
        games does not: raising it later adds seeds to the same file)."""
        return {
            "kind": self.kind,
            "game": self.game,
            "entrants": list(self.entrants),
            "by_deck": self.by_deck,
            "agent": self.agent if self.by_deck else None,
            "setup": dict(self.setup),
            "seed": self.seed,
            "overrides": {card: dict(f) for card, f in sorted(self.overrides.items())},
            "track_cards": self.track_cards,
        }


@dataclass(frozen=True, slots=True)
class Skipped:
    """A group of entrants the rules do not let play, and why."""

    entrants: tuple[str, ...]
    error: SetupError

    @property
    def reason(self) -> str:
        """Why, in English (the results file)."""
        return str(self.error)

    def text(self, lang: str) -> str:
        """Why, in ``lang``."""
        return self.error.text(lang)


@dataclass(frozen=True, slots=True)
class Schedule:
    """A plan's tasks in rating order, and the groups it skips."""

    seats: int
    tasks: tuple[MatchTask, ...]
    skipped: tuple[Skipped, ...]


# --- scheduling --------------------------------------------------------------------------
def rotations(group: Sequence[str]) -> list[tuple[str, ...]]:
    """Every cyclic seat order of a group: each entrant sits once in every seat."""
    return [tuple(group[i:]) + tuple(group[:i]) for i in range(len(group))]


def task_key(index: int, order: Sequence[str]) -> str:
    """A game's key: its seed number and the entrants in seat order ('000003/a|b')."""
    return f"{index:06d}/{'|'.join(order)}"


def rating_order(record: Mapping[str, Any]) -> tuple[int, str]:
    """The fixed order games are rated in: by seed number, then by key."""
    return int(record["index"]), str(record["key"])


def base_setup(game: Game, plan: Plan) -> dict[str, Any]:
    """The plan's setup with its what-if overrides put in by the game."""
    if not plan.overrides:
        return dict(plan.setup)
    return game.with_card_overrides(plan.setup, plan.overrides)


def seat_count(game: Game, setup: Mapping[str, Any], seed: int) -> int:
    """How many seats a game with this setup has."""
    return game.num_seats(game.new_game(setup, seed))


def check_entrants(game: Game, plan: Plan, seats: int) -> None:
    """Refuse too few entrants, repeated ones, a bad number of games or a bad agent spec."""
    if plan.games < 1:
        raise SetupError.msg("games_positive", n=plan.games)
    repeated = sorted({e for e in plan.entrants if plan.entrants.count(e) > 1})
    if repeated:
        raise SetupError.msg("entrants_repeated", names=", ".join(repeated))
    if len(plan.entrants) < max(2, seats):
        raise SetupError.msg("entrants_too_few", game=game.id, seats=seats, n=max(2, seats))
    for spec in (plan.agent,) if plan.by_deck else plan.entrants:
        make_agent(spec, game, 0)


def _table(
    game: Game, plan: Plan, base: Mapping[str, Any], order: Sequence[str]
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Setup and agent specs of one seat order (validated)."""
    if plan.by_deck:
        setup = game.with_decks(base, list(order))
        specs = [plan.agent] * len(order)
    else:
        setup, specs = dict(base), list(order)
    setup, specs = game.prepare_match(setup, specs)
    check_match(game, setup, specs, plan.seed)
    return setup, tuple(specs)


def schedule(plan: Plan) -> Schedule:
    """Every group, seed and seat rotation of a plan, as tasks in rating order."""
    game = get_game(plan.game)
    base = base_setup(game, plan)
    seats = seat_count(game, base, plan.seed)
    check_entrants(game, plan, seats)
    slot = {name: i for i, name in enumerate(plan.entrants)}
    tasks: list[MatchTask] = []
    skipped: list[Skipped] = []
    for group in combinations(plan.entrants, seats):
        orders = rotations(group)
        try:
            tables = [_table(game, plan, base, order) for order in orders]
        except SetupError as exc:
            if not plan.by_deck:
                raise
            skipped.append(Skipped(tuple(group), exc))
            continue
        for k in range(plan.games):
            gs = game_seed(plan.seed, k)
            for order, (setup, specs) in zip(orders, tables, strict=True):
                tasks.append(
                    MatchTask(
                        key=task_key(k, order),
                        game=plan.game,
                        setup=setup,
                        specs=specs,
                        seed=gs,
                        agent_seeds=tuple(agent_seed(gs, slot[name]) for name in order),
                        labels=tuple(order),
                        track_cards=plan.track_cards,
                        extra={"index": k, "group": list(group)},
                    )
                )
    if not tasks and skipped:
        raise SetupError.msg("no_pairing", reason=skipped[0].error)
    tasks.sort(key=lambda t: (t.extra["index"], t.key))
    return Schedule(seats, tuple(tasks), tuple(skipped))


# --- ratings -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Rating:
    """An openskill rating: skill mu, uncertainty sigma, ordinal = mu - 3 sigma."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate openskill ranks by."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float]:
        """Plain-data form."""
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def ranks(record: Mapping[str, Any]) -> list[float]:
    """Openskill ranks of a game's seats: winners 1, the others 2 (a draw: all 1)."""
    winners = record["winners"]
    return [1.0 if not winners or s in winners else 2.0 for s in range(len(record["labels"]))]


def rate(records: Sequence[Mapping[str, Any]], entrants: Sequence[str]) -> dict[str, Rating]:
    """Plackett-Luce ratings after every game, rated in ``rating_order``."""
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in entrants}
    for record in sorted(records, key=rating_order):
        labels = list(record["labels"])
        teams = [[current[name]] for name in labels]
        for name, team in zip(labels, model.rate(teams, ranks=ranks(record)), strict=True):
            current[name] = team[0]
    return {name: Rating(float(r.mu), float(r.sigma)) for name, r in current.items()}


# --- results -----------------------------------------------------------------------------
def pair_score(record: Mapping[str, Any], a: str, b: str) -> float:
    """Entrant a's score against b in a game both played: 1 if a won and b did not, 0 the
    other way round, 0.5 otherwise (a draw, or both or neither among the winners)."""
    labels: list[str] = record["labels"]
    winners = record["winners"]
    a_won, b_won = labels.index(a) in winners, labels.index(b) in winners
    if a_won == b_won:
        return 0.5
    return 1.0 if a_won else 0.0


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings."""

    rank: int
    entrant: str
    rating: Rating
    win_rate: Estimate
    games: int
    seconds_per_decision: float


def estimate_json(e: Estimate) -> dict[str, Any]:
    """An estimate as plain data, with null instead of NaN (no games)."""
    return {
        k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in e.to_json().items()
    }


@dataclass(slots=True)
class Tournament:
    """A played plan: its records in rating order, and the statistics reports show."""

    plan: Plan
    seats: int
    records: list[Record]
    skipped: tuple[Skipped, ...] = ()
    _ratings: dict[str, Rating] | None = None

    def games_of(self, name: str) -> list[tuple[Record, int]]:
        """The games an entrant played, with its seat in each."""
        return [(r, r["labels"].index(name)) for r in self.records if name in r["labels"]]

    def win_rate(self, name: str) -> Estimate:
        """An entrant's score over all its games (a shared win counts, a draw is half)."""
        played = self.games_of(name)
        return proportion(sum(seat_score(r, s) for r, s in played), len(played))

    def pairwise(self, a: str, b: str) -> Estimate:
        """Entrant a's score against b over the games both played."""
        both = [r for r in self.records if a in r["labels"] and b in r["labels"]]
        return proportion(sum(pair_score(r, a, b) for r in both), len(both))

    def seconds_per_decision(self, name: str) -> float:
        """Mean CPU seconds per decision of the agent at the entrant's seats (measured)."""
        played = self.games_of(name)
        decisions = sum(r["decisions"][s] for r, s in played)
        seconds = sum(r["think_s"][s] for r, s in played)
        return seconds / decisions if decisions else 0.0

    def ratings(self) -> dict[str, Rating]:
        """Openskill ratings of every entrant (computed once)."""
        if self._ratings is None:
            self._ratings = rate(self.records, self.plan.entrants)
        return self._ratings

    def standings(self) -> list[Standing]:
        """Entrants by rating ordinal (best first; entrants without games last)."""
        ratings = self.ratings()
        order = sorted(
            self.plan.entrants,
            key=lambda n: (not self.games_of(n), -ratings[n].ordinal, n),
        )
        return [
            Standing(
                rank=i + 1,
                entrant=name,
                rating=ratings[name],
                win_rate=self.win_rate(name),
                games=len(self.games_of(name)),
                seconds_per_decision=self.seconds_per_decision(name),
            )
            for i, name in enumerate(order)
        ]

    def to_json(self, timings: bool = False) -> dict[str, Any]:
        """The document ``tournament --json`` prints: the same bytes for the same results
        (measured CPU times only under ``timings``, with ``--timings``)."""
        entrants = self.plan.entrants
        doc = {
            **self.plan.config(),
            "games": self.plan.games,
            "seats": self.seats,
            "played": len(self.records),
            "standings": [
                {
                    "rank": s.rank,
                    "entrant": s.entrant,
                    **s.rating.to_json(),
                    "win_rate": estimate_json(s.win_rate),
                    "games": s.games,
                }
                for s in self.standings()
            ],
            "pairwise": [
                {"entrant": a, "opponent": b, "win_rate": estimate_json(self.pairwise(a, b))}
                for a in entrants
                for b in entrants
                if a != b
            ],
            "skipped": [{"entrants": list(s.entrants), "reason": s.reason} for s in self.skipped],
        }
        if timings:
            doc["timings"] = {
                "seconds_per_decision": {
                    s.entrant: s.seconds_per_decision for s in self.standings()
                }
            }
        return doc


def play(
    plan: Plan,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: str | None = None,
    on_record: Callable[[Record], None] | None = None,
    on_schedule: Callable[[Schedule], None] | None = None,
) -> Tournament:
    """Play a plan (only the games ``out`` lacks, when given) and gather its results.

    ``on_schedule`` sees the tasks before any game is played (e.g. to size a progress
    bar); ``on_record`` sees every record, those read back from ``out`` first.
    """
    plan_schedule = schedule(plan)
    if on_schedule is not None:
        on_schedule(plan_schedule)
    with ResultStore(out, plan.config()) as store:
        if on_record is not None:
            for task in plan_schedule.tasks:
                if task.key in store:
                    on_record(store.records[task.key])
        run_store(
            plan_schedule.tasks,
            store,
            jobs=jobs,
            backend=backend,
            address=address,
            on_record=on_record,
        )
        records = [store.records[t.key] for t in plan_schedule.tasks]
    return Tournament(plan, plan_schedule.seats, records, plan_schedule.skipped)
