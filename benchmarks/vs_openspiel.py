"""The project's ISMCTS against OpenSpiel's IS-MCTS bot at equal iterations, on paired
seeds (each seed played from both seatings), with the CPU time each spends per decision.

Run: `.venv/bin/python benchmarks/vs_openspiel.py GAME --iters 100 --pairs 100 [--jobs 2]`
(``--pairs 100`` = 200 games). Prints one JSON line: wins, the win rate of ISMCTS with its
95% interval, and the mean CPU seconds per decision of each agent. docs/ai.md holds the table.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardtable.agents import make_agent
from cardtable.core import get_game
from cardtable.core.agent import SeatView
from cardtable.sim.stats import proportion


def one_game(args: tuple[str, int, int, int]) -> dict[str, Any]:
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
    won = ours in out.winners
    draw = not out.winners
    them = 1 - ours
    return {
        "won": won,
        "draw": draw,
        "cpu_ours": cpu[ours],
        "moves_ours": moves[ours],
        "cpu_theirs": cpu[them],
        "moves_theirs": moves[them],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--iters", type=int, default=100)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    a = parser.parse_args()
    tasks = [(a.game, a.iters, a.seed + k, ours) for k in range(a.pairs) for ours in (0, 1)]
    with ProcessPoolExecutor(a.jobs) as pool:
        results = list(pool.map(one_game, tasks, chunksize=1))
    wins = sum(r["won"] for r in results) + 0.5 * sum(r["draw"] for r in results)
    rate = proportion(wins, len(results))
    print(
        json.dumps(
            {
                "game": a.game,
                "iters": a.iters,
                "games": len(results),
                "ismcts_win_rate": rate.value,
                "interval95": [rate.low, rate.high],
                "ismcts_cpu_per_decision": sum(r["cpu_ours"] for r in results)
                / max(1, sum(r["moves_ours"] for r in results)),
                "openspiel_cpu_per_decision": sum(r["cpu_theirs"] for r in results)
                / max(1, sum(r["moves_theirs"] for r in results)),
            }
        )
    )


if __name__ == "__main__":
    main()
