"""Deterministic, resumable training of a value network and a policy network from
self-play data.

``train(config, out)``: plays ``config.games`` seeded self-play games (``selfplay``),
holds the last ``validation`` share of the games out, then runs ``epochs`` epochs of
minibatch Adam for each network: the value network on the mean squared error to the
final results, the policy network (``policy``) on the cross-entropy of its masked
softmax to the self-play agent's choices (imitation), both plus an L2 penalty on the
weights. Everything random comes from ``np.random.default_rng``: the initial weights
from ``seed``, the order of epoch ``e`` from ``(seed, e)`` (the policy's from
``(seed, e, 1)``); so the same configuration gives the same weights, bit for bit, and an
interrupted run resumed from its checkpoint ends exactly where an uninterrupted one does.

The output folder holds ``data.npz`` (the samples; while the games are being played,
``data-part.npz`` holds those already played, every ``SAVE_GAMES`` games, and a stopped
run plays on from there), ``checkpoint.npz`` (weights, Adam moments, losses; written
after every epoch), ``value.npz`` and ``policy.npz`` (the
networks, ``ValueNet.load``, ``PolicyNet.load``), ``train.json`` (configuration, losses,
the policy's held-out top-1 agreement with the agent) and ``curve.png``.
"""

from __future__ import annotations

import hashlib
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
from cardtable.learn.policy import PolicyNet, policy_gradients, scores
from cardtable.learn.selfplay import Samples, generate
from cardtable.learn.value import Mlp, ValueFileError, ValueNet
from cardtable.rl.encoding import encoder_for

CHECKPOINT = "checkpoint.npz"
DATA = "data.npz"
PART = "data-part.npz"
SAVE_GAMES = 5
"""Self-play games between two saves of ``PART``."""
NET = "value.npz"
POLICY = "policy.npz"
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
    policy_hidden: tuple[int, ...] = (32,)
    policy_l2: float = 1e-3
    td: float = 1.0
    """λ of the labels (``selfplay``): 1 labels every position with its final result."""
    bootstrap: str = ""
    """The value network (a ``value.npz``) whose values make the λ-returns when ``td`` < 1."""
    init: str = ""
    """A ``value.npz`` whose weights the value network starts from (same layers)."""

    def to_json(self) -> dict[str, Any]:
        doc = asdict(self)
        doc["hidden"] = list(self.hidden)
        doc["policy_hidden"] = list(self.policy_hidden)
        for key, default in _LATER_DEFAULTS.items():  # older runs' files stay resumable
            if doc[key] == default:
                del doc[key]
        return doc

    @staticmethod
    def run_key(doc: Mapping[str, Any]) -> str:
        """What a checkpoint must share with the configuration to be resumed: everything
        but ``epochs`` (a later call may train on for more epochs)."""
        return canonical_json({k: v for k, v in doc.items() if k != "epochs"})

    def data_key(self) -> str:
        """What decides the samples (a saved ``data.npz`` is reused only if it matches)."""
        key: list[Any] = [self.game, self.setup, self.agent, self.games, self.seed]
        if self.td < 1.0 and self.bootstrap:
            key += [self.td, self.bootstrap, file_digest(self.bootstrap)]
        return canonical_json(key)


_LATER_DEFAULTS: dict[str, Any] = {"td": 1.0, "bootstrap": "", "init": ""}


def file_digest(path: str) -> str:
    """SHA-256 of a file's bytes ('' for no path): a network named in a key by its path
    stands for the weights it held."""
    if not path:
        return ""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        raise ValueFileError(path, "value_no_file") from None


@dataclass(slots=True)
class Epoch:
    """The losses after one epoch: mean minibatch loss and held-out loss (MSE)."""

    epoch: int
    train_loss: float
    val_loss: float


@dataclass(slots=True)
class PolicyEpoch:
    """The policy after one epoch: mean minibatch cross-entropy, held-out cross-entropy and
    held-out top-1 agreement with the self-play agent's choices."""

    epoch: int
    train_loss: float
    val_loss: float
    val_agreement: float


@dataclass(slots=True)
class PolicyResult:
    """The policy network of a run and its measures."""

    net: PolicyNet
    history: list[PolicyEpoch]
    decisions: int
    val_decisions: int
    uniform_loss: float
    """Held-out cross-entropy of the uniform choice among the legal actions."""
    uniform_agreement: float
    """Held-out top-1 agreement of a uniformly random legal choice (expected)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "hidden": list(self.net.meta.hidden),
            "decisions": self.decisions,
            "val_decisions": self.val_decisions,
            "uniform_val_loss": self.uniform_loss,
            "uniform_val_agreement": self.uniform_agreement,
            "history": [asdict(e) for e in self.history],
        }


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
    policy: PolicyResult | None = None
    """None when the games had no decision with a choice to learn from."""

    def to_json(self, config: TrainConfig) -> dict[str, Any]:
        return {
            "config": config.to_json(),
            "samples": self.samples,
            "val_samples": self.val_samples,
            "baseline_val_loss": self.baseline,
            "epochs_done": len(self.history),
            "history": [asdict(e) for e in self.history],
            "policy": None if self.policy is None else self.policy.to_json(),
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


def _params(net: Mlp) -> list[np.ndarray]:
    return [*net.weights, *net.biases]


def gradients(
    net: ValueNet, x: np.ndarray, y: np.ndarray, l2: float
) -> tuple[float, list[np.ndarray]]:
    """The batch's MSE and the gradients of MSE + ``l2``·Σ‖W‖² (weights, then biases)."""
    inputs, z = net.layers(x)
    p = np.tanh(z)[:, 0]
    diff = p - y
    loss = float(np.mean(diff * diff))
    dz = ((2.0 / len(y)) * diff * (1.0 - p * p))[:, None].astype(np.float32)
    return loss, net.backward(inputs, dz, l2)


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


def policy_scores(
    net: PolicyNet, samples: Samples, decisions: np.ndarray, num_actions: int
) -> tuple[float, float]:
    """The policy's mean cross-entropy and top-1 agreement on ``decisions``."""
    if not len(decisions):
        return float("nan"), float("nan")
    loss, agree = 0.0, 0
    for a in range(0, len(decisions), _CHUNK):
        block = decisions[a : a + _CHUNK]
        x = samples.dense(samples.moves[block])
        part, hits = scores(net, x, samples.masks(block, num_actions), samples.chosen[block])
        loss += part
        agree += hits
    return loss / len(decisions), agree / len(decisions)


def _cut(games: int, validation: float) -> int:
    """The first held-out game: the last ``validation`` share of the games is held out."""
    held = min(games - 1, max(1, round(games * validation))) if games > 1 else 0
    return games - held


def split(samples: Samples, games: int, validation: float) -> tuple[np.ndarray, np.ndarray]:
    """Training and held-out rows: the last ``validation`` share of the games is held out
    (whole games, so no position of a held-out game is seen in training)."""
    cut = _cut(games, validation)
    rows = np.arange(len(samples))
    return rows[samples.games < cut], rows[samples.games >= cut]


def split_decisions(
    samples: Samples, games: int, validation: float
) -> tuple[np.ndarray, np.ndarray]:
    """Training and held-out policy targets, by the games ``split`` holds out."""
    cut = _cut(games, validation)
    decisions = np.arange(samples.decisions)
    held = samples.games[samples.moves] >= cut
    return decisions[~held], decisions[held]


def _load_data(config: TrainConfig, out: Path | None) -> Samples | None:
    if out is None or not (out / DATA).exists():
        return None
    with np.load(out / DATA, allow_pickle=False) as data:
        if str(data["key"]) != config.data_key():
            return None
        try:
            return Samples.from_arrays({k: np.array(data[k]) for k in data.files})
        except KeyError:  # written before the samples had policy targets: play again
            return None


def _bootstrap(config: TrainConfig) -> ValueNet | None:
    """The network of the λ-returns (checked against the run's game and setup), if any."""
    if config.td >= 1.0 or not config.bootstrap:
        return None
    return ValueNet.load(config.bootstrap, get_game(config.game), config.setup)


def _play(
    config: TrainConfig, folder: Path | None, on_game: Callable[[int], None] | None
) -> Samples:
    """The run's samples, played in parts of ``SAVE_GAMES`` games saved to ``PART`` (a
    stopped run plays on from the last part), then saved as ``DATA``."""
    game = get_game(config.game)
    boot, lam = _bootstrap(config), config.td
    if folder is None:
        return generate(
            game, config.setup, config.agent, config.games, config.seed, on_game, 0, boot, lam
        )
    folder.mkdir(parents=True, exist_ok=True)
    samples: Samples | None = None
    done = 0
    if (folder / PART).exists():
        with np.load(folder / PART, allow_pickle=False) as data:
            if str(data["key"]) == config.data_key():
                samples = Samples.from_arrays({k: np.array(data[k]) for k in data.files})
                done = int(data["done"])
    while done < config.games:
        stop = min(config.games, done + SAVE_GAMES)
        part = generate(
            game, config.setup, config.agent, stop, config.seed, on_game, done, boot, lam
        )
        samples = part if samples is None else samples.concat(part)
        done = stop
        if done < config.games:
            extra = {"key": np.array(config.data_key()), "done": np.array(done)}
            _save_npz(folder / PART, {**samples.arrays(), **extra})
    assert samples is not None
    _save_npz(folder / DATA, {**samples.arrays(), "key": np.array(config.data_key())})
    (folder / PART).unlink(missing_ok=True)
    return samples


def _save_npz(path: Path, arrays: Mapping[str, np.ndarray]) -> None:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]
    atomic_write_bytes(path, buffer.getvalue())


@dataclass(slots=True)
class _Policy:
    """The policy's training state (the checkpoint keeps it beside the value's)."""

    net: PolicyNet
    adam: Adam
    history: list[PolicyEpoch]


def _save_checkpoint(
    out: Path,
    config: TrainConfig,
    net: ValueNet,
    adam: Adam,
    history: list[Epoch],
    policy: _Policy | None,
) -> None:
    arrays = {f"net_{k}": v for k, v in net.arrays().items()}
    for i, (m, v) in enumerate(zip(adam.m, adam.v, strict=True)):
        arrays[f"m{i}"] = m
        arrays[f"v{i}"] = v
    doc: dict[str, Any] = {
        "config": config.to_json(),
        "t": adam.t,
        "history": [asdict(e) for e in history],
    }
    if policy is not None:
        arrays.update({f"pol_{k}": v for k, v in policy.net.arrays().items()})
        for i, (m, v) in enumerate(zip(policy.adam.m, policy.adam.v, strict=True)):
            arrays[f"pm{i}"] = m
            arrays[f"pv{i}"] = v
        doc["policy"] = {"t": policy.adam.t, "history": [asdict(e) for e in policy.history]}
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


def _resume_policy(out: Path, arrays: Mapping[str, np.ndarray], doc: Any, policy: _Policy) -> None:
    """The policy's weights, moments and losses from a checkpoint, into ``policy``."""
    saved = doc.get("policy")
    if saved is None:
        raise TrainError(
            Message("train_checkpoint", {"reason": "no policy network"}),
            where=(str(out / CHECKPOINT),),
        )
    net_arrays = {k[4:]: v for k, v in arrays.items() if k.startswith("pol_")}
    policy.net = PolicyNet.from_arrays(net_arrays, out / CHECKPOINT)
    policy.adam.t = int(saved["t"])
    policy.adam.m = [arrays[f"pm{i}"] for i in range(len(policy.adam.m))]
    policy.adam.v = [arrays[f"pv{i}"] for i in range(len(policy.adam.v))]
    policy.history = [PolicyEpoch(**e) for e in saved["history"]]


def _policy_epoch(
    config: TrainConfig,
    samples: Samples,
    policy: _Policy,
    epoch: int,
    rows: tuple[np.ndarray, np.ndarray],
    num_actions: int,
) -> PolicyEpoch:
    """One epoch of the policy on the training decisions, scored on the held-out ones."""
    train_rows, val_rows = rows
    order = train_rows[np.random.default_rng((config.seed, epoch, 1)).permutation(len(train_rows))]
    losses = []
    for a in range(0, len(order), config.batch):
        d = order[a : a + config.batch]
        x = samples.dense(samples.moves[d])
        mask = samples.masks(d, num_actions)
        loss, grads = policy_gradients(policy.net, x, mask, samples.chosen[d], config.policy_l2)
        policy.adam.step(_params(policy.net), grads)
        losses.append(loss * len(d))
    val_loss, agreement = policy_scores(policy.net, samples, val_rows, num_actions)
    return PolicyEpoch(epoch + 1, sum(losses) / len(order), val_loss, agreement)


def _initial_value(config: TrainConfig, obs_size: int) -> ValueNet:
    """Fresh weights from the seed, or those of ``config.init`` (checked: same game, setup,
    observation size and hidden layers)."""
    if not config.init:
        return ValueNet.initial(config.game, config.setup, obs_size, config.hidden, config.seed)
    start = ValueNet.load(config.init, get_game(config.game), config.setup)
    if start.meta.hidden != tuple(config.hidden):
        raise ValueFileError(
            config.init,
            "value_hidden",
            trained=",".join(map(str, start.meta.hidden)) or "0",
            hidden=",".join(map(str, config.hidden)) or "0",
        )
    meta = replace(start.meta, seed=config.seed, extra={})
    return ValueNet(meta, start.weights, start.biases)


def train(
    config: TrainConfig,
    out: str | Path | None = None,
    *,
    on_game: Callable[[int], None] | None = None,
    on_epoch: Callable[[Epoch], None] | None = None,
    on_policy_epoch: Callable[[PolicyEpoch], None] | None = None,
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
        samples = _play(config, folder, on_game)
    train_rows, val_rows = split(samples, config.games, config.validation)
    if not len(train_rows):
        raise TrainError.msg("train_no_positions")
    net = _initial_value(config, samples.obs_size)
    adam = Adam(_params(net), config.lr)
    history: list[Epoch] = []
    num_actions = encoder_for(game, config.setup).num_actions
    decisions = split_decisions(samples, config.games, config.validation)
    policy: _Policy | None = None
    if len(decisions[0]):
        pnet = PolicyNet.initial(
            config.game,
            config.setup,
            samples.obs_size,
            config.policy_hidden,
            config.seed,
            outputs=num_actions,
        )
        policy = _Policy(pnet, Adam(_params(pnet), config.lr), [])
    if folder is not None and saved is not None:
        net, history = _resume(folder, *saved, adam)
        if policy is not None:
            _resume_policy(folder, *saved, policy)
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
        if on_epoch is not None:
            on_epoch(record)
        if policy is not None:
            step = _policy_epoch(config, samples, policy, epoch, decisions, num_actions)
            policy.history.append(step)
            if on_policy_epoch is not None:
                on_policy_epoch(step)
        if folder is not None:
            _save_checkpoint(folder, config, net, adam, history, policy)
    result = TrainResult(net, history, baseline, len(train_rows), len(val_rows), resumed_at)
    if policy is not None:
        held = samples.legal_ptr[decisions[1] + 1] - samples.legal_ptr[decisions[1]]
        result.policy = PolicyResult(
            policy.net,
            policy.history,
            len(decisions[0]),
            len(decisions[1]),
            float(np.mean(np.log(held))) if len(held) else float("nan"),
            float(np.mean(1.0 / held)) if len(held) else float("nan"),
        )
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
    policy = result.policy
    if policy is not None:
        facts = {k: v for k, v in policy.to_json().items() if k not in ("hidden", "history")}
        if policy.history:
            facts["val_agreement"] = policy.history[-1].val_agreement
        meta = replace(
            policy.net.meta, extra={"agent": config.agent, "games": config.games, **facts}
        )
        PolicyNet(meta, policy.net.weights, policy.net.biases).save(folder / POLICY)
    atomic_write_text(folder / SUMMARY, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    if result.history:
        from cardtable.learn.plots import loss_curve

        loss_curve(
            folder / CURVE,
            result.history,
            result.baseline,
            config.game,
            None if policy is None else (policy.history, policy.uniform_loss),
        )
