"""Tournaments (issue 6, deliverables 3 and 4): paired seeds, deterministic and resumable
results, refused results files, openskill ratings and the JSON document."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

import cardtable.sim.run as sim_run
from cardtable.core.errors import SetupError
from cardtable.sim.run import agent_seed, game_seed
from cardtable.sim.tasks import outcome_fields
from cardtable.sim.tournament import Plan, play, rate, rotations, schedule

AGENTS = ("random", "greedy", "ismcts:iters=4")


def _plan(**kw: Any) -> Plan:
    args: dict[str, Any] = {"game": "clash", "entrants": ("random", "greedy"), "games": 3}
    return Plan(**{**args, **kw})


def test_every_seed_is_played_from_both_seats_with_the_same_game_seed() -> None:
    """Deliverable 1 (paired seeds): every pair of entrants plays game seed
    game_seed(seed, k) for every k < games in both seat orders, and each entrant's agent
    seed follows the entrant, not the seat."""
    plan = _plan(entrants=AGENTS, games=4, seed=7)
    tasks = schedule(plan).tasks
    assert len(tasks) == 3 * 4 * 2  # three pairs, four seeds, two seat orders
    by_seed: dict[tuple[int, frozenset[str]], list[tuple[str, ...]]] = {}
    for task in tasks:
        k = task.extra["index"]
        assert task.seed == game_seed(7, k)
        for seat, name in enumerate(task.labels):
            assert task.specs[seat] == name
            assert task.agent_seeds[seat] == agent_seed(task.seed, AGENTS.index(name))
        by_seed.setdefault((k, frozenset(task.labels)), []).append(task.labels)
    for a, b in combinations(AGENTS, 2):
        for k in range(4):
            assert sorted(by_seed[(k, frozenset((a, b)))]) == sorted([(a, b), (b, a)])
    assert len({t.key for t in tasks}) == len(tasks)
    assert [t.key for t in tasks] == sorted(t.key for t in tasks)  # rating order = key order


def test_four_seat_groups_play_every_rotation() -> None:
    """Deliverable 1 (N seats): with four seats every combination of four entrants plays
    every seed in all four rotations, so each entrant sits once in every seat."""
    entrants = ("random", "greedy", "random:seed=5", "greedy:seed=9", "ismcts:iters=2")
    plan = _plan(entrants=entrants, games=2, setup={"mode": "ffa"})
    plan_schedule = schedule(plan)
    assert plan_schedule.seats == 4
    assert len(plan_schedule.tasks) == 5 * 2 * 4  # C(5, 4) groups, 2 seeds, 4 rotations
    seats: Counter[tuple[str, int, str]] = Counter()
    for task in plan_schedule.tasks:
        group = "|".join(task.extra["group"])
        for seat, name in enumerate(task.labels):
            seats[(group, seat, name)] += 1
    assert set(seats.values()) == {2}  # per group: every entrant in every seat, once a seed
    assert rotations(("a", "b", "c")) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]


def test_same_plan_same_records_with_one_or_two_processes() -> None:
    """Deliverable 3 (determinism): the same plan gives identical records (thinking time
    aside) in one process and in two."""
    plan = _plan(entrants=("random", "greedy", "ismcts:iters=3"), games=2, seed=3)
    one = play(plan, jobs=1)
    two = play(plan, jobs=2)
    assert [outcome_fields(r) for r in one.records] == [outcome_fields(r) for r in two.records]
    assert one.ratings() == two.ratings()


def _count_plays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    played: list[str] = []
    real = sim_run.play_task

    def counting(task: Any) -> dict[str, Any]:
        played.append(task.key)
        return real(task)

    monkeypatch.setattr(sim_run, "play_task", counting)
    return played


def test_an_interrupted_tournament_resumes_without_replaying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deliverable 3 (resume): a run stopped after some games continues from its results
    file, plays only the missing games (a half-written last line is dropped and replayed)
    and ends with the records of an uninterrupted run."""
    out = tmp_path / "results.jsonl"
    plan = _plan(games=4, seed=5)
    seen: list[str] = []

    def stop_after_three(record: dict[str, Any]) -> None:
        seen.append(record["key"])
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play(plan, out=str(out), on_record=stop_after_three)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 3
    out.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:15], encoding="utf-8")
    played = _count_plays(monkeypatch)
    resumed = play(plan, out=str(out))
    assert len(played) == 8 - 2 and not set(played) & set(seen[:2])
    whole = play(plan)
    assert [outcome_fields(r) for r in resumed.records] == [
        outcome_fields(r) for r in whole.records
    ]
    played.clear()
    before = out.read_bytes()
    play(plan, out=str(out))
    assert played == [] and out.read_bytes() == before  # nothing left to play
    more = play(_plan(games=5, seed=5), out=str(out))  # more seeds: only the new ones
    assert len(played) == 2 and len(more.records) == 10


def test_a_results_file_of_another_configuration_is_refused(tmp_path: Path) -> None:
    """Deliverable 3 (refusal): a results file written for other entrants, another seed
    or another setup is refused instead of mixed."""
    out = tmp_path / "results.jsonl"
    play(_plan(games=1), out=str(out))
    for other in (
        _plan(games=1, seed=1),
        _plan(games=1, entrants=("random", "ismcts:iters=2")),
        _plan(games=1, setup={"fatigue": True}),
    ):
        with pytest.raises(SetupError, match="another run"):
            play(other, out=str(out))


def test_the_agent_that_always_wins_ranks_first() -> None:
    """Deliverable 1 (openskill): greedy beats random nearly always in Clash, so it ranks
    first with the higher ordinal; ratings do not depend on the order records arrive in."""
    result = play(_plan(entrants=("random", "greedy"), games=12, seed=1))
    standings = result.standings()
    assert [s.entrant for s in standings] == ["greedy", "random"]
    assert standings[0].rating.ordinal > standings[1].rating.ordinal
    assert standings[0].win_rate.value > 0.8 and standings[0].games == 24
    shuffled = list(result.records)
    random.Random(4).shuffle(shuffled)
    assert rate(shuffled, ("random", "greedy")) == result.ratings()
    win = result.pairwise("greedy", "random")
    loss = result.pairwise("random", "greedy")
    assert win.n == loss.n == 24 and math.isclose(win.value + loss.value, 1.0)
    assert win.low <= win.value <= win.high
    assert result.seconds_per_decision("greedy") > 0


def test_json_document_and_bad_plans() -> None:
    """Deliverable 1 (--json): the document holds standings, the pairwise matrix and the
    configuration, as strict JSON; too few or repeated entrants, zero games and unknown
    agents are refused by name."""
    doc = play(_plan(games=1)).to_json()
    text = json.dumps(doc, allow_nan=False)
    assert json.loads(text)["kind"] == "tournament"
    assert {s["entrant"] for s in doc["standings"]} == {"random", "greedy"}
    assert len(doc["pairwise"]) == 2 and doc["played"] == 2
    with pytest.raises(SetupError, match="positive"):
        schedule(_plan(games=0))
    with pytest.raises(SetupError, match="at least 2 entrants"):
        schedule(_plan(entrants=("random",)))
    with pytest.raises(SetupError, match="given more than once"):
        schedule(_plan(entrants=("random", "random")))
    with pytest.raises(SetupError, match="unknown agent “bogus”"):
        schedule(_plan(entrants=("random", "bogus")))
