"""Engine throughput for every registered game (prints figures; asserts nothing).

Run: `make bench` or `.venv/bin/python benchmarks/bench_engine.py [GAMES]`.
"""

from __future__ import annotations

import json
import sys

from cardtable.core import game_ids
from cardtable.sim import bench


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for gid in game_ids():
        print(json.dumps(bench(gid, games).to_json()))


if __name__ == "__main__":
    main()
