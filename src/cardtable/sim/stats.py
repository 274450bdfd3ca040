"""Statistics for simulation reports: proportions and means with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with its 95% confidence interval."""

    value: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, float | int]:
        """Plain-data form."""
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}

    def percent(self) -> str:
        """'53.1% [49.0, 57.2]'."""
        return f"{100 * self.value:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def proportion(successes: float, n: int) -> Estimate:
    """Wilson 95% interval (draws may count as half a success)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    k = round(successes)
    from scipy import stats as sps  # imported when first needed: it takes a second

    ci = sps.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return Estimate(successes / n, float(ci.low), float(ci.high), n)


def mean(values: Sequence[float]) -> Estimate:
    """Mean with a Student-t 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = sum(values) / n
    if n == 1:
        return Estimate(m, m, m, 1)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    from scipy import stats as sps

    half = float(sps.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return Estimate(m, m - half, m + half, n)
