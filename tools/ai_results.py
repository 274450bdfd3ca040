"""Summarise ISMCTS measurement files (docs/ai/results/*.jsonl) as a Markdown table.

Each file is a `cardtable simulate ... --out FILE` run (paired or not, as its first line
says) whose first agent is the one measured; the row gives its win rate (over both seats
when paired) with a 95% Wilson interval, games played, its CPU seconds per real decision
(``--both``: the opponent's too, for two searches compared), and mean turns. Reading a
file plays no game (an unfinished run shows what it has so far). Usage:

    python tools/ai_results.py [--both] docs/ai/results/*.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from numpy import format_float_positional

from cardtable.sim.run import GameRecord, SimResult


def load(path: Path) -> SimResult:
    """The run a results file holds."""
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
    result.records = sorted(
        (GameRecord.from_record(int(r["key"]), r) for r in records), key=lambda r: r.index
    )
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


def main(args: list[str]) -> None:
    """Print the table."""
    both = "--both" in args
    paths = [a for a in args if a != "--both"]
    cpu = (
        "| CPU s per decision, agent | CPU s per decision, opponent "
        if both
        else "| CPU s per decision "
    )
    print(f"| game | agent | opponent | games | win rate | 95% interval {cpu}| mean turns |")
    print(
        "| --- | --- | --- | ---: | ---: | --- | ---: | " + ("---: | " if both else "") + "---: |"
    )
    for p in paths:
        print(row(load(Path(p)), both))


if __name__ == "__main__":
    main(sys.argv[1:])
