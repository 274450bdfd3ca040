"""Batch play, statistics and benchmarks."""

from cardtable.sim.bench import BenchResult, bench
from cardtable.sim.run import GameRecord, SimResult, game_seed, simulate
from cardtable.sim.stats import Estimate, mean, proportion

__all__ = [
    "BenchResult",
    "Estimate",
    "GameRecord",
    "SimResult",
    "bench",
    "game_seed",
    "mean",
    "proportion",
    "simulate",
]
