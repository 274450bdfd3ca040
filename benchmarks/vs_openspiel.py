"""The project's ISMCTS against OpenSpiel's IS-MCTS bot at equal iterations, on paired
seeds (each seed played from both seatings), with the CPU time each spends per decision.

Run: `.venv/bin/python benchmarks/vs_openspiel.py GAME --iters 100 --pairs 100 [--jobs 2]
[--out FILE]` (``--pairs 100`` = 200 games). Prints one JSON line: wins, the win rate of
ISMCTS with its 95% interval, and the mean CPU seconds per decision of each agent.
With ``--out``, each finished game is appended to FILE as one JSON line and a run started
again with the same FILE plays only the games it lacks: a long measurement (1,000
iterations takes hours per game) survives interruptions and can be run in parts.
docs/ai.md holds the table.
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

Task = tuple[str, int, int, int]


def one_game(args: Task) -> dict[str, Any]:
    """One game on ``seed`` with ISMCTS in seat ``ours`` (the other seat OpenSpiel's bot)."""
    gid, iters, seed, ours = args
    game = get_game(gid)
    specs = [f"openspiel-ismcts:iters={iters}"] * 2
    specs[ours] = f"ismcts:iters={iters}"
    agents = [make_agent(spec, game, seed * 2 + k) for k, spec in enumerate(specs)]
    state = game.new_game({}, seed)
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
    them = 1 - ours
    return {
        "game": gid,
        "iters": iters,
        "seed": seed,
        "ours": ours,
        "won": ours in out.winners,
        "draw": not out.winners,
        "cpu_ours": cpu[ours],
        "moves_ours": moves[ours],
        "cpu_theirs": cpu[them],
        "moves_theirs": moves[them],
    }


def summary(gid: str, iters: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The win rate of ISMCTS with its 95% interval and each side's CPU per decision."""
    wins = sum(r["won"] for r in results) + 0.5 * sum(r["draw"] for r in results)
    rate = proportion(wins, len(results))
    return {
        "game": gid,
        "iters": iters,
        "games": len(results),
        "ismcts_win_rate": rate.value,
        "interval95": [rate.low, rate.high],
        "ismcts_cpu_per_decision": sum(r["cpu_ours"] for r in results)
        / max(1, sum(r["moves_ours"] for r in results)),
        "openspiel_cpu_per_decision": sum(r["cpu_theirs"] for r in results)
        / max(1, sum(r["moves_theirs"] for r in results)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--iters", type=int, default=100)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, help="one JSON line per game; resumes from it")
    a = parser.parse_args()
    tasks: list[Task] = [
        (a.game, a.iters, a.seed + k, ours) for k in range(a.pairs) for ours in (0, 1)
    ]
    done: dict[Task, dict[str, Any]] = {}
    if a.out is not None and a.out.exists():
        for line in a.out.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            done[(r["game"], r["iters"], r["seed"], r["ours"])] = r
    todo = [t for t in tasks if t not in done]
    with ProcessPoolExecutor(a.jobs) as pool:
        for k, r in enumerate(pool.map(one_game, todo, chunksize=1), 1):
            done[(a.game, a.iters, r["seed"], r["ours"])] = r
            if a.out is not None:
                with a.out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(r) + "\n")
            print(f"{k}/{len(todo)} games", file=sys.stderr, flush=True)
    print(json.dumps(summary(a.game, a.iters, [done[t] for t in tasks])))


if __name__ == "__main__":
    main()
