"""The training curve as a PNG (matplotlib, the Agg backend, no metadata: the same
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
    from cardtable.learn.train import Epoch


def loss_curve(path: str | Path, history: Sequence[Epoch], baseline: float, title: str) -> Path:
    """Training and held-out loss per epoch, with the constant predictor's as a line."""
    epochs = [e.epoch for e in history]
    fig, ax = plt.subplots(figsize=(6.5, 4.0))
    ax.plot(epochs, [e.train_loss for e in history], marker="o", label="train")
    ax.plot(epochs, [e.val_loss for e in history], marker="o", label="validation")
    ax.axhline(baseline, color="grey", linestyle="--", label="constant predictor")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("epoch")
    ax.set_ylabel("mean squared error")
    ax.set_title(f"{title}: value network")
    ax.legend()
    fig.tight_layout()
    image = io.BytesIO()
    try:
        fig.savefig(image, dpi=100, format="png", metadata={"Software": None})
    finally:
        plt.close(fig)
    return atomic_write_bytes(Path(path), image.getvalue())
