"""Report pictures as PNG files (matplotlib, the Agg backend: no display needed).

Each function draws one figure from plain numbers and labels, saves it and closes it.
The PNGs carry no metadata (no software version), so the same numbers give the same file.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # before pyplot is imported: no display needed

import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from cardtable.core.files import atomic_write_bytes

_DPI = 100
_METADATA: dict[str, str | None] = {"Software": None}


@dataclass(frozen=True, slots=True)
class Bar:
    """One labelled value with its interval (for error-bar charts)."""

    label: str
    value: float
    low: float
    high: float


def _save(fig: Figure, path: str | Path) -> Path:
    """Draw the figure into memory, then write the PNG atomically."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    image = io.BytesIO()
    try:
        fig.savefig(image, dpi=_DPI, format="png", metadata=_METADATA)
    finally:
        plt.close(fig)
    return atomic_write_bytes(target, image.getvalue())


def _height(rows: int) -> float:
    return max(2.5, 0.35 * rows + 1.2)


def interval_chart(
    path: str | Path, bars: Sequence[Bar], title: str, xlabel: str, zero: float | None = None
) -> Path:
    """Horizontal points with interval bars, first bar on top; ``zero`` draws a guide line."""
    fig, ax = plt.subplots(figsize=(7.5, _height(len(bars))))
    ys = list(range(len(bars)))[::-1]
    values = [b.value for b in bars]
    errors = [
        [max(0.0, b.value - b.low) for b in bars],
        [max(0.0, b.high - b.value) for b in bars],
    ]
    ax.errorbar(values, ys, xerr=errors, fmt="o", color="tab:blue", ecolor="tab:gray", capsize=3)
    ax.set_yticks(ys, [b.label for b in bars])
    if zero is not None:
        ax.axvline(zero, color="black", linewidth=0.8, linestyle="--")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    return _save(fig, path)


def heatmap(
    path: str | Path,
    labels: Sequence[str],
    cells: Sequence[Sequence[float | None]],
    title: str,
    colorbar: str,
) -> Path:
    """A square matrix of rates in [0, 1] with each cell written in percent (None: blank)."""
    size = len(labels)
    data = [[math.nan if v is None else v for v in row] for row in cells]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * size + 2.5), max(3.5, 0.9 * size + 1.8)))
    image = ax.imshow(data, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(size), list(labels), rotation=30, ha="right")
    ax.set_yticks(range(size), list(labels))
    for i, row in enumerate(cells):
        for j, value in enumerate(row):
            if value is not None:
                ax.text(j, i, f"{100 * value:.0f}%", ha="center", va="center", fontsize=9)
    fig.colorbar(image, ax=ax, label=colorbar)
    ax.set_title(title)
    fig.tight_layout()
    return _save(fig, path)


def histogram(
    path: str | Path, counts: Sequence[tuple[int, int]], title: str, xlabel: str, ylabel: str
) -> Path:
    """Bars of how many games had each length; the longest 1% of games (beyond a
    cut-off) are left out of the axis and counted in the title."""
    total = sum(n for _, n in counts)
    shown: list[tuple[int, int]] = []
    seen = 0
    for k, n in sorted(counts):
        if shown and seen >= 0.99 * total:
            break
        shown.append((k, n))
        seen += n
    left = total - seen
    fig, ax = plt.subplots(figsize=(7.5, 3.5))
    ax.bar([k for k, _ in shown], [n for _, n in shown], width=0.8, color="tab:blue")
    longest = max(k for k, _ in counts) if counts else 0
    ax.set_title(title if not left else f"{title} (+{left} > {shown[-1][0]}, max {longest})")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    return _save(fig, path)
