"""The training curves as a PNG (matplotlib, the Agg backend, no metadata: the same
losses give the same file)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")  # before pyplot is imported: no display needed

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator

from cardtable.core.files import atomic_write_bytes

if TYPE_CHECKING:
    from cardtable.learn.train import Epoch, PolicyEpoch


def loss_curve(
    path: str | Path,
    history: Sequence[Epoch],
    baseline: float,
    title: str,
    policy: tuple[Sequence[PolicyEpoch], float] | None = None,
) -> Path:
    """Training and held-out loss per epoch, with the constant predictor's as a line; with
    ``policy`` (its epochs and the uniform choice's held-out cross-entropy) a second panel
    shows the policy's cross-entropy and its held-out top-1 agreement with the agent."""
    if policy is None:
        fig, ax = plt.subplots(figsize=(6.5, 4.0))
    else:
        fig, (ax, pax) = plt.subplots(1, 2, figsize=(12.0, 4.0))
    _loss_panel(ax, history, baseline, "constant predictor", "mean squared error")
    ax.set_title(f"{title}: value network")
    ax.legend()
    if policy is not None:
        steps, uniform = policy
        xs = [e.epoch for e in steps]
        _loss_panel(pax, steps, uniform, "uniform choice", "cross-entropy")
        pax.set_title(f"{title}: policy network")
        agree = pax.twinx()
        agree.plot(xs, [e.val_agreement for e in steps], color="green", marker="s")
        agree.set_ylim(0.0, 1.0)
        agree.set_ylabel("held-out top-1 agreement (green)")
        pax.legend(loc="upper center")
    return _save(fig, path)


def _loss_panel(
    ax: Any, steps: Sequence[Epoch] | Sequence[PolicyEpoch], line: float, label: str, ylabel: str
) -> None:
    """Training and held-out loss per epoch against a reference ``line``."""
    xs = [e.epoch for e in steps]
    ax.plot(xs, [e.train_loss for e in steps], marker="o", label="train")
    ax.plot(xs, [e.val_loss for e in steps], marker="o", label="validation")
    ax.axhline(line, color="grey", linestyle="--", label=label)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("epoch")
    ax.set_ylabel(ylabel)


def rounds_curve(path: str | Path, rounds: Sequence[Any], title: str, opponent: str) -> Path:
    """Each round's held-out loss (against its games' constant predictor) and, where
    measured, its ``nn-value`` agent's win rate against ``opponent``."""
    fig, ax = plt.subplots(figsize=(6.5, 4.0))
    xs = [r.round for r in rounds]
    ax.plot(xs, [r.val_loss for r in rounds], marker="o", label="held-out loss")
    ax.plot(xs, [r.baseline for r in rounds], color="grey", linestyle="--", label="constant")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("round")
    ax.set_ylabel("mean squared error")
    ax.set_title(f"{title}: self-play rounds")
    ax.legend(loc="upper left")
    scored = [(r.round, r.score) for r in rounds if r.score is not None]
    if scored:
        win = ax.twinx()
        win.plot([x for x, _ in scored], [y for _, y in scored], color="green", marker="s")
        win.axhline(0.5, color="green", linestyle=":")
        win.set_ylim(0.0, 1.0)
        win.set_ylabel(f"win rate against {opponent} (green)")
    return _save(fig, path)


def _save(fig: Any, path: str | Path) -> Path:
    """The figure as a PNG at ``path`` (written whole), then closed."""
    fig.tight_layout()
    image = io.BytesIO()
    try:
        fig.savefig(image, dpi=100, format="png", metadata={"Software": None})
    finally:
        plt.close(fig)
    return atomic_write_bytes(Path(path), image.getvalue())
