"""The training curves as a PNG (matplotlib, the Agg backend, no metadata: the same
losses give the same file)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

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
    epochs = [e.epoch for e in history]
    if policy is None:
        fig, ax = plt.subplots(figsize=(6.5, 4.0))
    else:
        fig, (ax, pax) = plt.subplots(1, 2, figsize=(12.0, 4.0))
    ax.plot(epochs, [e.train_loss for e in history], marker="o", label="train")
    ax.plot(epochs, [e.val_loss for e in history], marker="o", label="validation")
    ax.axhline(baseline, color="grey", linestyle="--", label="constant predictor")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("epoch")
    ax.set_ylabel("mean squared error")
    ax.set_title(f"{title}: value network")
    ax.legend()
    if policy is not None:
        steps, uniform = policy
        xs = [e.epoch for e in steps]
        pax.plot(xs, [e.train_loss for e in steps], marker="o", label="train")
        pax.plot(xs, [e.val_loss for e in steps], marker="o", label="validation")
        pax.axhline(uniform, color="grey", linestyle="--", label="uniform choice")
        pax.xaxis.set_major_locator(MaxNLocator(integer=True))
        pax.set_xlabel("epoch")
        pax.set_ylabel("cross-entropy")
        pax.set_title(f"{title}: policy network")
        agree = pax.twinx()
        agree.plot(xs, [e.val_agreement for e in steps], color="green", marker="s")
        agree.set_ylim(0.0, 1.0)
        agree.set_ylabel("held-out top-1 agreement (green)")
        pax.legend(loc="upper center")
    fig.tight_layout()
    image = io.BytesIO()
    try:
        fig.savefig(image, dpi=100, format="png", metadata={"Software": None})
    finally:
        plt.close(fig)
    return atomic_write_bytes(Path(path), image.getvalue())
