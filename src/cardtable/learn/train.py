"""Deterministic, resumable training of a value network from self-play data.

``train(config, out)``: plays ``config.games`` seeded self-play games (``selfplay``),
holds the last ``validation`` share of the games out, then runs ``epochs`` epochs of
minibatch Adam on the mean squared error plus an L2 penalty on the weights. Everything
random comes from ``np.random.default_rng``: the initial weights from ``seed``, the order
of epoch ``e`` from ``(seed, e)``; so the same configuration gives the same weights, bit
for bit, and an interrupted run resumed from its checkpoint ends exactly where an
uninterrupted one does.

The output folder holds ``data.npz`` (the samples), ``checkpoint.npz`` (weights, Adam
moments, losses; written after every epoch), ``value.npz`` (the network,
``ValueNet.load``), ``train.json`` (configuration and losses) and ``curve.png``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.core.errors import CardtableError, Message
from cardtable.core.files import atomic_write_bytes, atomic_write_text
from cardtable.core.game import canonical_json
from cardtable.core.registry import get_game
from cardtable.learn.selfplay import Samples, generate
from cardtable.learn.value import ValueNet

CHECKPOINT = "checkpoint.npz"
DATA = "data.npz"
NET = "value.npz"
SUMMARY = "train.json"
CURVE = "curve.png"
_CHUNK = 1024  # rows per block when scoring a whole set


@dataclass(frozen=True, slots=True)
class TrainConfig:
    """Everything that decides the trained weights."""

    game: str
    setup: dict[str, Any] = field(default_factory=dict)
    agent: str = "greedy"
    games: int = 200
    epochs: int = 10
    seed: int = 0
    hidden: tuple[int, ...] = (32,)
    lr: float = 1e-3
    l2: float = 1e-2
    batch: int = 128
    validation: float = 0.2

    def to_json(self) -> dict[str, Any]:
        doc = asdict(self)
        doc["hidden"] = list(self.hidden)
        return doc

    @staticmethod
    def run_key(doc: Mapping[str, Any]) -> str:
        """What a checkpoint must share with the configuration to be resumed: everything
        but ``epochs`` (a later call may train on for more epochs)."""
        return canonical_json({k: v for k, v in doc.items() if k != "epochs"})

    def data_key(self) -> str:
        """What decides the samples (a saved ``data.npz`` is reused only if it matches)."""
        return canonical_json([self.game, self.setup, self.agent, self.games, self.seed])


@dataclass(slots=True)
class Epoch:
    """The losses after one epoch: mean minibatch loss and held-out loss (MSE)."""

    epoch: int
    train_loss: float
    val_loss: float


@dataclass(slots=True)
class TrainResult:
    """A finished (or stopped) run."""

    net: ValueNet
    history: list[Epoch]
    baseline: float
    """Held-out MSE of the constant predictor (the training results' mean)."""
    samples: int
    val_samples: int
    resumed_at: int = 0
    """Epochs already done when this call started (0: a fresh run)."""

    def to_json(self, config: TrainConfig) -> dict[str, Any]:
        return {
            "config": config.to_json(),
            "samples": self.samples,
            "val_samples": self.val_samples,
            "baseline_val_loss": self.baseline,
            "epochs_done": len(self.history),
            "history": [asdict(e) for e in self.history],
        }


class TrainError(CardtableError):
    """A training folder or configuration that cannot be used."""


class Adam:
    """Adam moments for a list of float32 parameters."""

    def __init__(self, params: list[np.ndarray], lr: float) -> None:
        self.lr = lr
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        """Update ``params`` in place."""
        b1, b2, eps = 0.9, 0.999, 1e-8
        self.t += 1
        scale = self.lr * np.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= np.float32(scale) * m / (np.sqrt(v) + np.float32(eps))


def _params(net: ValueNet) -> list[np.ndarray]:
    return [*net.weights, *net.biases]


def gradients(
    net: ValueNet, x: np.ndarray, y: np.ndarray, l2: float
) -> tuple[float, list[np.ndarray]]:
    """The batch's MSE and the gradients of MSE + ``l2``·Σ‖W‖² (weights, then biases)."""
    acts = [x]
    pre: list[np.ndarray] = []
    last = len(net.weights) - 1
    for i, (w, b) in enumerate(zip(net.weights, net.biases, strict=True)):
        z = acts[-1] @ w + b
        pre.append(z)
        acts.append(np.tanh(z) if i == last else np.maximum(z, 0.0))
    p = acts[-1][:, 0]
    diff = p - y
    loss = float(np.mean(diff * diff))
    dz = ((2.0 / len(y)) * diff * (1.0 - p * p))[:, None].astype(np.float32)
    gw: list[np.ndarray] = [np.empty(0)] * len(net.weights)
    gb: list[np.ndarray] = [np.empty(0)] * len(net.weights)
    for i in range(last, -1, -1):
        gw[i] = acts[i].T @ dz + np.float32(2 * l2) * net.weights[i]
        gb[i] = dz.sum(axis=0)
        if i:
            dz = (dz @ net.weights[i].T) * (pre[i - 1] > 0)
    return loss, [*gw, *gb]


def mse(net: ValueNet, samples: Samples, rows: np.ndarray) -> float:
    """The network's mean squared error on ``rows``."""
    if not len(rows):
        return float("nan")
    total = 0.0
    for a in range(0, len(rows), _CHUNK):
        block = rows[a : a + _CHUNK]
        diff = net.predict(samples.dense(block)) - samples.y[block]
        total += float(np.sum(diff.astype(np.float64) ** 2))
    return total / len(rows)


def split(samples: Samples, games: int, validation: float) -> tuple[np.ndarray, np.ndarray]:
    """Training and held-out rows: the last ``validation`` share of the games is held out
    (whole games, so no position of a held-out game is seen in training)."""
    held = min(games - 1, max(1, round(games * validation))) if games > 1 else 0
    cut = games - held
    rows = np.arange(len(samples))
    return rows[samples.games < cut], rows[samples.games >= cut]


def _load_data(config: TrainConfig, out: Path | None) -> Samples | None:
    if out is None or not (out / DATA).exists():
        return None
    with np.load(out / DATA, allow_pickle=False) as data:
        if str(data["key"]) != config.data_key():
            return None
        return Samples.from_arrays({k: np.array(data[k]) for k in data.files})


def _save_npz(path: Path, arrays: Mapping[str, np.ndarray]) -> None:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]
    atomic_write_bytes(path, buffer.getvalue())


def _save_checkpoint(
    out: Path, config: TrainConfig, net: ValueNet, adam: Adam, history: list[Epoch]
) -> None:
    arrays = {f"net_{k}": v for k, v in net.arrays().items()}
    for i, (m, v) in enumerate(zip(adam.m, adam.v, strict=True)):
        arrays[f"m{i}"] = m
        arrays[f"v{i}"] = v
    doc = {"config": config.to_json(), "t": adam.t, "history": [asdict(e) for e in history]}
    arrays["state"] = np.array(json.dumps(doc))
    _save_npz(out / CHECKPOINT, arrays)


def _read_checkpoint(out: Path, config: TrainConfig) -> tuple[dict[str, np.ndarray], Any]:
    """The checkpoint's arrays and document, refused if it belongs to other settings."""
    path = out / CHECKPOINT
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: np.array(data[k]) for k in data.files}
        doc = json.loads(str(arrays["state"]))
        settings = doc["config"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise TrainError(
            Message("train_checkpoint", {"reason": str(exc)}), where=(str(path),)
        ) from None
    if config.run_key(settings) != config.run_key(config.to_json()):
        raise TrainError(
            Message("train_other_settings", {"settings": canonical_json(settings)}),
            where=(str(path),),
        )
    return arrays, doc


def _resume(
    out: Path, arrays: Mapping[str, np.ndarray], doc: Any, adam: Adam
) -> tuple[ValueNet, list[Epoch]]:
    """The network and losses of a checkpoint; ``adam`` gets its moments back."""
    net_arrays = {k[4:]: v for k, v in arrays.items() if k.startswith("net_")}
    net = ValueNet.from_arrays(net_arrays, out / CHECKPOINT)
    adam.t = int(doc["t"])
    adam.m = [arrays[f"m{i}"] for i in range(len(adam.m))]
    adam.v = [arrays[f"v{i}"] for i in range(len(adam.v))]
    return net, [Epoch(**e) for e in doc["history"]]


def train(
    config: TrainConfig,
    out: str | Path | None = None,
    *,
    on_game: Callable[[int], None] | None = None,
    on_epoch: Callable[[Epoch], None] | None = None,
    stop_after: int | None = None,
) -> TrainResult:
    """Train (or resume, if ``out`` holds a checkpoint of the same configuration) and
    write the folder's files; ``stop_after`` ends the call after that many epochs in
    total, as an interruption would (then a later call resumes)."""
    folder = Path(out) if out is not None else None
    game = get_game(config.game)
    saved = None
    if folder is not None and (folder / CHECKPOINT).exists():
        saved = _read_checkpoint(folder, config)  # before anything in the folder changes
    samples = _load_data(config, folder)
    if samples is None:
        samples = generate(game, config.setup, config.agent, config.games, config.seed, on_game)
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            _save_npz(folder / DATA, {**samples.arrays(), "key": np.array(config.data_key())})
    train_rows, val_rows = split(samples, config.games, config.validation)
    if not len(train_rows):
        raise TrainError.msg("train_no_positions")
    net = ValueNet.initial(config.game, config.setup, samples.obs_size, config.hidden, config.seed)
    adam = Adam(_params(net), config.lr)
    history: list[Epoch] = []
    if folder is not None and saved is not None:
        net, history = _resume(folder, *saved, adam)
    resumed_at = len(history)
    mean_y = float(np.mean(samples.y[train_rows]))
    baseline = float(np.mean((samples.y[val_rows].astype(np.float64) - mean_y) ** 2))
    last = config.epochs if stop_after is None else min(config.epochs, stop_after)
    for epoch in range(len(history), last):
        order = train_rows[np.random.default_rng((config.seed, epoch)).permutation(len(train_rows))]
        losses = []
        for a in range(0, len(order), config.batch):
            rows = order[a : a + config.batch]
            loss, grads = gradients(net, samples.dense(rows), samples.y[rows], config.l2)
            adam.step(_params(net), grads)
            losses.append(loss * len(rows))
        record = Epoch(epoch + 1, sum(losses) / len(order), mse(net, samples, val_rows))
        history.append(record)
        if folder is not None:
            _save_checkpoint(folder, config, net, adam, history)
        if on_epoch is not None:
            on_epoch(record)
    result = TrainResult(net, history, baseline, len(train_rows), len(val_rows), resumed_at)
    if folder is not None:
        _write_outputs(folder, config, result)
    return result


def _write_outputs(folder: Path, config: TrainConfig, result: TrainResult) -> None:
    doc = result.to_json(config)
    net = result.net
    net_doc = {k: v for k, v in doc.items() if k not in ("config", "history")}
    extra = {"agent": config.agent, "games": config.games, **net_doc}
    shipped = ValueNet(replace(net.meta, extra=extra), net.weights, net.biases)
    shipped.save(folder / NET)
    atomic_write_text(folder / SUMMARY, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    if result.history:
        from cardtable.learn.plots import loss_curve

        loss_curve(folder / CURVE, result.history, result.baseline, config.game)
