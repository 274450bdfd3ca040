"""Summarise ISMCTS measurement files (docs/ai/results/*.jsonl) as a Markdown table.

Each file is a `cardtable simulate ... --out FILE` run (paired or not, as its first line
says) whose first agent is the one measured; the row gives its win rate (over both seats
when paired) with a 95% Wilson interval, games played, its CPU seconds per real decision
(``--both``: the opponent's too, for two searches compared), and mean turns. Reading a
file plays no game (an unfinished run shows what it has so far). Usage:

    python tools/ai_results.py [--both] docs/ai/results/*.jsonl
    python tools/ai_results.py --ranges 1,80,95 docs/ai/results/openspiel-epic-1000.jsonl

``--ranges`` gives each agent's CPU seconds per decision over ranges of games in the order
they were played (the file's order), each range from one listed game number to the next:
a long run may span a faster version of an agent or a busier machine, and its paragraph
quotes each range.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import pairwise
from pathlib import Path

from numpy import format_float_positional

from cardtable.sim.run import GameRecord, SimResult


def load(path: Path, played_order: bool = False) -> SimResult:
    """The run a results file holds, its games by index (or, ``played_order``, in the
    file's order: the order they were played)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    config = json.loads(lines[0])["config"]
    records = [json.loads(line) for line in lines[1:] if line.strip()]
    result = SimResult(
        config["game"],
        config["specs"],
        config["setup"],
        config["seed"],
        paired=config.get("paired", False),
    )
    games = [GameRecord.from_record(int(r["key"]), r) for r in records]
    result.records = games if played_order else sorted(games, key=lambda r: r.index)
    return result


def seconds(value: float) -> str:
    """CPU seconds as the tables write them: three decimals, or two significant digits
    below a millisecond (a policy without search)."""
    if value >= 0.001 or value <= 0:
        return f"{value:.3f}"
    return format_float_positional(value, precision=2, unique=False, fractional=False)


def row(result: SimResult, both: bool = False) -> str:
    """One table row: the first agent against the second."""
    rate = result.agent_win_rate(0)
    opponent = f"`{result.agents[1]}`"
    spend = result.setup.get("ai")
    if spend:  # the AI's settings spent by hand (solo custom variant)
        opponent += " with `" + json.dumps(spend, separators=(",", ":")) + "`"
    return (
        f"| {result.game} | `{result.agents[0]}` | {opponent} | {result.games} | "
        f"{100 * rate.value:.1f}% | [{100 * rate.low:.1f}, {100 * rate.high:.1f}] | "
        f"{seconds(result.seconds_per_decision(0))} | "
        + (f"{seconds(result.seconds_per_decision(1))} | " if both else "")
        + f"{result.length().value:.1f} |"
    )


def cpu_ranges(path: Path, starts: list[int]) -> None:
    """Print each agent's CPU seconds per decision over the games ``starts[i]`` to
    ``starts[i + 1] - 1`` (numbered from 1 in the file's order), and the last to the end."""
    run = load(path, played_order=True)
    games = run.records
    for first, end in pairwise([*starts, len(games) + 1]):
        run.records = games[first - 1 : end - 1]
        if not run.records:
            continue
        per = ", ".join(
            f"`{spec}` {seconds(run.seconds_per_decision(slot))}"
            for slot, spec in enumerate(run.agents)
        )
        print(f"games {first}–{first + len(run.records) - 1}: {per}")


def main(args: list[str]) -> None:
    """Print the table (or, with ``--ranges``, the CPU per decision by range of games)."""
    parser = argparse.ArgumentParser(
        prog="tools/ai_results.py", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--both", action="store_true", help="the opponent's CPU too")
    parser.add_argument(
        "--ranges", metavar="N,M,...", help="CPU per decision by range of games from these"
    )
    opts = parser.parse_args(args)
    missing = [str(p) for p in opts.files if not p.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    if opts.ranges is not None:
        try:
            starts = sorted({int(x) for x in opts.ranges.split(",")})
        except ValueError:
            parser.error(f"--ranges takes game numbers separated by commas, not {opts.ranges!r}")
        for p in opts.files:
            cpu_ranges(p, starts)
        return
    cpu = (
        "| CPU s per decision, agent | CPU s per decision, opponent "
        if opts.both
        else "| CPU s per decision "
    )
    print(f"| game | agent | opponent | games | win rate | 95% interval {cpu}| mean turns |")
    print(
        "| --- | --- | --- | ---: | ---: | --- | ---: | "
        + ("---: | " if opts.both else "")
        + "---: |"
    )
    for p in opts.files:
        print(row(load(p), opts.both))


if __name__ == "__main__":
    main(sys.argv[1:])
