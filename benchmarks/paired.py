"""Two agents on paired seeds (each seed played from both seatings of a two-seat game),
with the CPU time each spends per decision: the strength tables of docs/ai.md.

Run: `.venv/bin/python benchmarks/paired.py GAME SPEC_A SPEC_B --pairs 200 [--setup JSON]
[--jobs 2] [--out FILE]` (``--pairs 200`` = 400 games). Prints one JSON line: A's win rate
(draws count half) with its 95% interval and the mean CPU seconds per decision of each
agent. With ``--out``, each finished game is appended to FILE as one JSON line and a run
started again with the same FILE and arguments plays only the games it lacks, so a long
measurement survives interruptions and can be run in parts. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from cardtable.agents import make_agent
from cardtable.core import get_game
from cardtable.core.agent import SeatView
from cardtable.sim.stats import proportion

Task = tuple[str, str, str, str, int, int]
"""(game, setup JSON, spec A, spec B, seed, A's seat)."""


def one_game(task: Task) -> dict[str, Any]:
    """One game on ``seed`` with agent A in seat ``a_seat`` and B in the other."""
    gid, setup_text, spec_a, spec_b, seed, a_seat = task
    game = get_game(gid)
    specs = [spec_b, spec_b]
    specs[a_seat] = spec_a
    agents = [make_agent(spec, game, seed * 2 + k) for k, spec in enumerate(specs)]
    state = game.new_game(json.loads(setup_text), seed)
    cpu = [0.0, 0.0]
    moves = [0, 0]
    while (seat := game.to_move(state)) is not None:
        start = time.process_time()
        action = agents[seat].act(SeatView(game, state, seat))
        cpu[seat] += time.process_time() - start
        moves[seat] += 1
        game.apply(state, action)
    out = game.outcome(state)
    assert out is not None
    b_seat = 1 - a_seat
    return {
        "task": list(task),
        "a_won": a_seat in out.winners,
        "draw": not out.winners,
        "cpu_a": cpu[a_seat],
        "moves_a": moves[a_seat],
        "cpu_b": cpu[b_seat],
        "moves_b": moves[b_seat],
    }


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """A's win rate with its 95% interval and each agent's CPU seconds per decision."""
    wins = sum(r["a_won"] for r in results) + 0.5 * sum(r["draw"] for r in results)
    rate = proportion(wins, len(results))
    return {
        "games": len(results),
        "a_win_rate": rate.value,
        "interval95": [rate.low, rate.high],
        "a_cpu_per_decision": sum(r["cpu_a"] for r in results)
        / max(1, sum(r["moves_a"] for r in results)),
        "b_cpu_per_decision": sum(r["cpu_b"] for r in results)
        / max(1, sum(r["moves_b"] for r in results)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("a", help="agent A (its win rate is reported)")
    parser.add_argument("b", help="agent B")
    parser.add_argument("--setup", default="{}", help="the setup as JSON")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, help="one JSON line per game; resumes from it")
    a = parser.parse_args()
    setup = json.dumps(json.loads(a.setup), sort_keys=True)
    tasks: list[Task] = [
        (a.game, setup, a.a, a.b, a.seed + k, seat) for k in range(a.pairs) for seat in (0, 1)
    ]
    done: dict[Task, dict[str, Any]] = {}
    if a.out is not None and a.out.exists():
        for line in a.out.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            done[tuple(r["task"])] = r
    todo = [t for t in tasks if t not in done]
    with ProcessPoolExecutor(a.jobs) as pool:
        for k, r in enumerate(pool.map(one_game, todo, chunksize=1), 1):
            done[tuple(r["task"])] = r
            if a.out is not None:
                with a.out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(r) + "\n")
            print(f"{k}/{len(todo)} games", file=sys.stderr, flush=True)
    print(json.dumps({"game": a.game, "a": a.a, "b": a.b, **summary([done[t] for t in tasks])}))


if __name__ == "__main__":
    main()
