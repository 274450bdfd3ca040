"""Batch play, statistics, benchmarks, tournaments and balance reports."""

from cardtable.sim.balance import Balance, CardImpact, balance_plan
from cardtable.sim.bench import BenchResult, bench
from cardtable.sim.run import GameRecord, SimResult, game_seed, simulate
from cardtable.sim.stats import Estimate, mean, proportion
from cardtable.sim.tournament import Plan, Rating, Tournament, play, schedule
from cardtable.sim.whatif import WhatIfError, read_whatif

__all__ = [
    "Balance",
    "BenchResult",
    "CardImpact",
    "Estimate",
    "GameRecord",
    "Plan",
    "Rating",
    "SimResult",
    "Tournament",
    "WhatIfError",
    "balance_plan",
    "bench",
    "game_seed",
    "mean",
    "play",
    "proportion",
    "read_whatif",
    "schedule",
    "simulate",
]
