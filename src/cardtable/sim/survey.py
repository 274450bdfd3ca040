"""Surveys: the same agents over many variants of one setup, on common seeds.

Each variant is a labelled setup (a difficulty spend, a house rule). Every variant plays
the same game seeds (common random numbers), so differences between variants are not
differences of luck. All games of all variants go to the backend as one batch, and with
a results file the survey resumes where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.errors import SetupError
from cardtable.core.registry import get_game
from cardtable.sim.run import GameRecord, SimResult, check_match, run_store, sim_tasks
from cardtable.sim.store import ResultStore
from cardtable.sim.tasks import MatchTask


@dataclass(frozen=True, slots=True)
class Variant:
    """One setup of a survey and the name it is reported under."""

    label: str
    setup: Mapping[str, Any]


def survey_tasks(
    game_id: str,
    variants: Sequence[Variant],
    specs: Sequence[str],
    games: int,
    seed: int,
    paired: bool,
) -> list[list[MatchTask]]:
    """The tasks of every variant (keys ``v:i``), checked before anything is played."""
    if not variants:
        raise SetupError.msg("survey_empty")
    labels = [v.label for v in variants]
    if len(set(labels)) != len(labels):
        raise SetupError.msg("survey_labels")
    game = get_game(game_id)
    out = []
    for n, variant in enumerate(variants):
        setup, prepared = game.prepare_match(variant.setup, list(specs))
        check_match(game, setup, prepared, seed)
        if paired and games % len(prepared):
            raise SetupError(
                f"paired games play every seed from all {len(prepared)} seats: "
                f"the number of games must be a multiple of {len(prepared)}, got {games}"
            )
        tasks = sim_tasks(game, setup, prepared, games, seed, paired)
        out.append([_rekey(t, f"{n}:{t.key}") for t in tasks])
    return out


def _rekey(task: MatchTask, key: str) -> MatchTask:
    return MatchTask(
        key=key,
        game=task.game,
        setup=task.setup,
        specs=task.specs,
        seed=task.seed,
        agent_seeds=task.agent_seeds,
        labels=task.labels,
        track_cards=task.track_cards,
        extra=task.extra,
    )


def survey(
    game_id: str,
    variants: Sequence[Variant],
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    paired: bool = True,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: str | None = None,
    on_game: Callable[[], None] | None = None,
) -> list[SimResult]:
    """Play ``games`` games of every variant (paired: each seed from every seat) and
    return one result per variant, in the variants' order.

    ``on_game`` is called once per game already in the results file and once per game
    as it ends (for a progress bar).
    """
    per_variant = survey_tasks(game_id, variants, specs, games, seed, paired)
    config = {
        "kind": "survey",
        "game": game_id,
        "specs": list(specs),
        "seed": seed,
        "paired": paired,
        "variants": [{"label": v.label, "setup": dict(v.setup)} for v in variants],
    }
    todo = [t for tasks in per_variant for t in tasks]
    with ResultStore(out, config) as store:
        if on_game is not None:
            for _ in (t for t in todo if t.key in store):
                on_game()
        run_store(
            todo,
            store,
            jobs=jobs,
            backend=backend,
            address=address,
            on_record=(lambda _r: on_game()) if on_game is not None else None,
        )
        results = []
        for variant, tasks in zip(variants, per_variant, strict=True):
            records = [GameRecord.from_record(i, store.records[t.key]) for i, t in enumerate(tasks)]
            setup = dict(tasks[0].setup) if tasks else dict(variant.setup)
            results.append(SimResult(game_id, list(specs), setup, seed, records, paired))
    return results
