"""Train a small Clash of Decks policy from scratch, then measure it against agents.

    python examples/train_clash.py --steps 100000 --seed 0 --out docs/rl --backend sb3

The policy plays one seat of a duel (seats 0 and 1 alternate between the training
environments) through the Gymnasium environment ``cardtable.rl.gym.CardtableEnv``: its
input is the seat's observation vector, its output one of the encoder's action indices,
and the environment's ``action_mask`` keeps it to legal actions. The opponents are the
project's agents: ``random``, ``greedy``, or a curriculum that starts against ``random``
and brings in ``greedy`` (``--opponents``).

Backends:

- ``sb3``: sb3-contrib's ``MaskablePPO`` (Stable-Baselines3, PyTorch); install it with
  ``pip install -e '.[train]'``;
- ``numpy``: a compact masked PPO written below (a one-layer numpy MLP, Adam), used with
  ``--backend numpy`` or when Stable-Baselines3 is not installed.

Written into ``--out``: ``train_clash_curve.png`` (the win rate of the training games and
of checkpoint evaluations against training steps), ``train_clash.json`` and
``train_clash.md`` (the final strength). The final policy (always its most likely legal
action) plays ``random`` and ``greedy`` on paired seeds: every seed from both seats, with
Wilson 95% intervals (``cardtable.sim.stats``); the uniformly random policy plays the
same games for reference. A seed gives the same run (one thread; PyTorch seeded too).
"""

from __future__ import annotations

import os

# one thread (set before numpy loads its BLAS): reproducible sums, and a shared machine
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse
import importlib.util
import io
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import gymnasium
import matplotlib
import numpy as np
from gymnasium import spaces
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cardtable.core.files import atomic_write_bytes, atomic_write_text
from cardtable.rl.episode import derived_seed
from cardtable.rl.gym import CardtableEnv, observation_space
from cardtable.sim.run import game_seed
from cardtable.sim.stats import Estimate, proportion

matplotlib.use("Agg")

OPPONENTS = ("random", "greedy")
"""The agents the final policy is measured against (and trained against)."""
ENVS = 8
"""Training environments stepped together (seats 0 and 1 alternate)."""
BACKENDS = {"sb3": "MaskablePPO from sb3-contrib", "numpy": "masked PPO in numpy"}
CURVE_PNG, RESULT_JSON, RESULT_MD = "train_clash_curve.png", "train_clash.json", "train_clash.md"

Act = Callable[[np.ndarray, np.ndarray], int]
"""A policy: (observation vector, action mask) -> a legal action index."""


# -- the environment --------------------------------------------------------------------


def greedy_share(opponents: str, done: float) -> float:
    """The share of ``greedy`` among the opponents after a fraction ``done`` of training:
    the curriculum plays only ``random`` for the first third, then mixes ``greedy`` in up
    to half of the games at the end."""
    if opponents != "curriculum":
        return float(opponents == "greedy")
    return float(np.clip((done - 1 / 3) * 0.75, 0.0, 0.5))


class ClashSeat(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a Clash duel (``CardtableEnv``) against an opponent drawn each episode
    from the schedule; the observation is the vector alone, the legal actions come from
    ``action_mask()`` (``ActionMasker`` hands them to MaskablePPO)."""

    def __init__(self, seat: int, opponents: str, total_steps: int, envs: int) -> None:
        self.games = {
            o: CardtableEnv("clash", seat=seat, opponents=o, mode="duel") for o in OPPONENTS
        }
        self.env = self.games["random"]
        self.obs_size, self.num_actions = self.env.encoder.obs_size, self.env.encoder.num_actions
        self.observation_space = observation_space(self.env.encoder)["observation"]
        self.action_space = spaces.Discrete(self.num_actions)
        self.opponents, self.total_steps, self.envs = opponents, total_steps, envs
        self.steps = 0  # this environment's steps; all environments step together
        self.mask = np.zeros(self.num_actions, dtype=np.int8)

    def action_mask(self) -> np.ndarray:
        """The legal actions now (1) in the action space."""
        return self.mask

    def share(self) -> float:
        """The share of ``greedy`` opponents now."""
        return greedy_share(self.opponents, self.steps * self.envs / max(1, self.total_steps))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        greedy = self.np_random.random() < self.share()
        self.env = self.games["greedy" if greedy else "random"]
        obs, info = self.env.reset(seed=int(self.np_random.integers(2**31)))
        self.mask = obs["action_mask"]
        return obs["observation"], info

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        self.steps += 1
        self.mask = obs["action_mask"]
        if terminated or truncated:
            info = {**info, "opponent": self.env.specs[1 - self.env.seat]}
        return obs["observation"], reward, terminated, truncated, info


def legal_mask(env: gymnasium.Env[Any, Any]) -> np.ndarray:
    """The mask function ``ActionMasker`` calls with a ``ClashSeat``."""
    assert isinstance(env, ClashSeat)
    return env.action_mask()


# -- what a run records -----------------------------------------------------------------


@dataclass
class Curve:
    """The learning curve: every training game and the checkpoint evaluations."""

    games: list[tuple[int, float, str]] = field(default_factory=list)
    """(training step at its end, reward, opponent)."""
    checkpoints: list[tuple[int, dict[str, float]]] = field(default_factory=list)
    """(training step, win rate against each opponent)."""

    def rolling(self, window: int) -> tuple[np.ndarray, np.ndarray]:
        """Steps and the win rate (draws as half) over the last ``window`` training games."""
        steps = np.array([s for s, _, _ in self.games], dtype=np.int64)
        score = np.array([(r + 1) / 2 for _, r, _ in self.games], dtype=np.float64)
        sums = np.cumsum(np.concatenate([[0.0], score]))
        lo = np.maximum(0, np.arange(1, len(score) + 1) - window)
        return steps, (sums[1:] - sums[lo]) / (np.arange(1, len(score) + 1) - lo)


@dataclass(frozen=True)
class Score:
    """Games of a policy against one opponent."""

    won: int
    drawn: int
    lost: int

    @property
    def rate(self) -> Estimate:
        """Win rate, draws as half, with its Wilson 95% interval."""
        return proportion(self.won + 0.5 * self.drawn, self.won + self.drawn + self.lost)

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"won": self.won, "drawn": self.drawn, "lost": self.lost, **self.rate.to_json()}


def play(env: CardtableEnv, act: Act, seed: int) -> float:
    """One game of ``act`` in ``env`` from a game seed; its reward (+1, 0, -1)."""
    obs, _ = env.reset(seed=seed)
    while True:
        obs, reward, terminated, truncated, info = env.step(
            act(obs["observation"], obs["action_mask"])
        )
        if "illegal_action" in info:
            raise RuntimeError(f"the policy chose the illegal action {info['illegal_action']}")
        if terminated or truncated:
            return float(reward)


def evaluate(
    act: Act, opponent: str, games: int, seed: int, tick: Callable[[], None] = lambda: None
) -> Score:
    """``games`` games against ``opponent`` on paired seeds: seed ``game_seed(seed, k)`` is
    played from seat 0 and from seat 1 (``games`` is rounded up to an even number)."""
    envs = [CardtableEnv("clash", seat=s, opponents=opponent, mode="duel") for s in (0, 1)]
    rewards = []
    for k in range(-(-games // 2)):
        for env in envs:
            rewards.append(play(env, act, game_seed(seed, k)))
            tick()
    return Score(rewards.count(1.0), rewards.count(0.0), rewards.count(-1.0))


def uniform_policy(seed: int) -> Act:
    """A uniformly random legal action (the reference row)."""
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


# -- the numpy backend: a masked PPO ----------------------------------------------------


@dataclass(frozen=True)
class PPOConfig:
    """Hyperparameters of the numpy PPO (the usual PPO defaults, a small network)."""

    hidden: int = 64
    rollout: int = 128  # steps per environment between updates
    epochs: int = 4
    minibatch: int = 256
    lr: float = 3e-4
    gamma: float = 0.99
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    max_grad_norm: float = 0.5


def sample(probs: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row of probabilities (inverse CDF): the first index whose cumulative
    probability reaches u * total for u in (0, 1], so never one of probability 0."""
    cum = probs.cumsum(1)
    u = 1.0 - rng.random((len(probs), 1))
    return np.asarray((cum < u * cum[:, -1:]).sum(1))


def masked_log_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Log-probabilities over the legal actions (finite for every legal action; 0 at the
    illegal ones, whose probability is 0)."""
    z = np.where(mask > 0, logits, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=-1, keepdims=True))
    return np.where(mask > 0, logp, 0.0)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Action probabilities over the legal actions only (exactly 0 elsewhere)."""
    return np.where(mask > 0, np.exp(masked_log_softmax(logits, mask)), 0.0)


class NumpyPolicy:
    """Observation -> tanh layer -> action logits and a value; gradients by hand."""

    def __init__(
        self, obs_size: int, num_actions: int, hidden: int, rng: np.random.Generator
    ) -> None:
        def normal(rows: int, cols: int, scale: float) -> np.ndarray:
            return (rng.standard_normal((rows, cols)) * scale).astype(np.float32)

        # about a hundred inputs are non-zero, most below 1: pre-activations near unit scale
        self.params = {
            "w": normal(obs_size, hidden, 1 / 8),
            "b": np.zeros(hidden, np.float32),
            "wp": normal(hidden, num_actions, 0.01),  # a near-uniform first policy
            "bp": np.zeros(num_actions, np.float32),
            "wv": normal(hidden, 1, 1 / np.sqrt(hidden)),
            "bv": np.zeros(1, np.float32),
        }

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Logits, values and the hidden layer of a batch of observations."""
        p = self.params
        cols = np.flatnonzero(x.any(0))  # observations are sparse: skip the zero inputs
        h = np.tanh(x[:, cols] @ p["w"][cols] + p["b"])
        return h @ p["wp"] + p["bp"], (h @ p["wv"] + p["bv"])[:, 0], h

    def backward(
        self, x: np.ndarray, h: np.ndarray, d_logits: np.ndarray, d_value: np.ndarray
    ) -> dict[str, np.ndarray]:
        """Gradients of the parameters from those of the logits and the values."""
        p = self.params
        dv = d_value[:, None]
        dz = (d_logits @ p["wp"].T + dv @ p["wv"].T) * (1 - h * h)
        cols = np.flatnonzero(x.any(0))
        dw = np.zeros_like(p["w"])
        dw[cols] = x[:, cols].T @ dz
        return {
            "w": dw,
            "b": dz.sum(0),
            "wp": h.T @ d_logits,
            "bp": d_logits.sum(0),
            "wv": h.T @ dv,
            "bv": dv.sum(0),
        }

    def save(self, path: Path) -> None:
        """The weights as a ``.npz`` file."""
        buffer = io.BytesIO()
        arrays: dict[str, Any] = dict(self.params)
        np.savez(buffer, **arrays)
        atomic_write_bytes(path, buffer.getvalue())

    @staticmethod
    def load(path: Path) -> NumpyPolicy:
        """A policy with the weights of a ``.npz`` file."""
        net = NumpyPolicy(1, 1, 1, np.random.default_rng(0))
        with np.load(path) as saved:
            net.params = {k: saved[k] for k in net.params}
        return net

    def act(self, obs: np.ndarray, mask: np.ndarray) -> int:
        """The most likely legal action."""
        logits, _, _ = self.forward(obs[None].astype(self.params["w"].dtype))
        return int(np.argmax(np.where(mask > 0, logits[0], -np.inf)))


def ppo_loss_grads(
    net: NumpyPolicy,
    cfg: PPOConfig,
    x: np.ndarray,
    mask: np.ndarray,
    actions: np.ndarray,
    old_logp: np.ndarray,
    adv: np.ndarray,
    returns: np.ndarray,
) -> tuple[float, dict[str, np.ndarray]]:
    """The PPO loss of a minibatch (clipped surrogate, value error, entropy bonus) and
    its gradients."""
    n = len(actions)
    logits, values, h = net.forward(x)
    logp_all = masked_log_softmax(logits, mask)
    probs = np.where(mask > 0, np.exp(logp_all), 0.0)
    rows = np.arange(n)
    ratio = np.exp(logp_all[rows, actions] - old_logp)
    clipped = np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)
    entropy = -(probs * logp_all).sum(1)
    loss = (
        -np.minimum(ratio * adv, clipped * adv).mean()
        + cfg.value * 0.5 * ((values - returns) ** 2).mean()
        - cfg.entropy * entropy.mean()
    )
    # d loss / d log p(a): the unclipped term's, where it is the smaller one
    d_logp = np.where(ratio * adv <= clipped * adv, -ratio * adv, 0.0) / n
    onehot = np.zeros_like(probs)
    onehot[rows, actions] = 1.0
    d_logits = d_logp[:, None] * (onehot - probs)
    d_logits += cfg.entropy / n * probs * (logp_all + entropy[:, None])  # -d entropy
    d_values = cfg.value * (values - returns) / n
    dtype = net.params["w"].dtype
    return float(loss), net.backward(x, h, d_logits.astype(dtype), d_values.astype(dtype))


class Adam:
    """Adam on a dict of arrays, after clipping the gradients' global norm."""

    def __init__(self, params: dict[str, np.ndarray], lr: float, max_norm: float) -> None:
        self.lr, self.max_norm, self.t = lr, max_norm, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        scale = min(1.0, self.max_norm / (norm + 1e-6))
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * scale * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * (scale * g) ** 2
            m_hat, v_hat = self.m[k] / (1 - 0.9**self.t), self.v[k] / (1 - 0.999**self.t)
            params[k] -= (self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(params[k].dtype)


def gae(
    rewards: np.ndarray, values: np.ndarray, dones: np.ndarray, last: np.ndarray, cfg: PPOConfig
) -> np.ndarray:
    """Generalised advantage estimates of a rollout (T, envs)."""
    adv = np.zeros_like(rewards)
    running = np.zeros(rewards.shape[1], np.float32)
    for t in reversed(range(len(rewards))):
        following = last if t == len(rewards) - 1 else values[t + 1]
        alive = 1.0 - dones[t]
        delta = rewards[t] + cfg.gamma * following * alive - values[t]
        running = delta + cfg.gamma * cfg.lam * alive * running
        adv[t] = running
    return adv


@dataclass
class NumpyRun:
    """A trained numpy policy."""

    net: NumpyPolicy
    steps: int
    """Training steps done (the last rollout may pass the budget by a few)."""

    def act(self, obs: np.ndarray, mask: np.ndarray) -> int:
        return self.net.act(obs, mask)

    def weights(self) -> list[np.ndarray]:
        return list(self.net.params.values())

    def save(self, path: Path) -> None:
        self.net.save(path)


def train_numpy(
    envs: Sequence[ClashSeat],
    steps: int,
    seed: int,
    on_game: Callable[[int, float, str], None],
    on_rollout: Callable[[int, Act], None],
    cfg: PPOConfig = PPOConfig(),
) -> NumpyRun:
    """Masked PPO: rollouts from every environment, then a few epochs of minibatches."""
    rng = np.random.default_rng(seed)
    net = NumpyPolicy(envs[0].obs_size, envs[0].num_actions, cfg.hidden, rng)
    adam = Adam(net.params, cfg.lr, cfg.max_grad_norm)
    obs = np.stack([e.reset(seed=derived_seed(seed, i))[0] for i, e in enumerate(envs)])
    done_steps, n = 0, len(envs)
    while done_steps < steps:
        on_rollout(done_steps, net.act)
        T = min(cfg.rollout, -(-(steps - done_steps) // n))
        xs = np.zeros((T, n, obs.shape[1]), np.float32)
        masks = np.zeros((T, n, envs[0].num_actions), np.int8)
        acts = np.zeros((T, n), np.int64)
        logps, vals, rews, dones = (np.zeros((T, n), np.float32) for _ in range(4))
        for t in range(T):
            masks[t] = [e.action_mask() for e in envs]
            logits, values, _ = net.forward(obs)
            logp = masked_log_softmax(logits, masks[t])
            a = sample(np.where(masks[t] > 0, np.exp(logp), 0.0), rng)
            xs[t], acts[t], vals[t] = obs, a, values
            logps[t] = logp[np.arange(n), a]
            for i, e in enumerate(envs):
                o, r, term, trunc, info = e.step(int(a[i]))
                done_steps += 1
                if term or trunc:
                    on_game(done_steps, float(r), info["opponent"])
                    o, _ = e.reset()
                obs[i], rews[t, i], dones[t, i] = o, r, term or trunc
        _, last, _ = net.forward(obs)
        adv = gae(rews, vals, dones, last, cfg)
        flat = [z.reshape(T * n, *z.shape[2:]) for z in (xs, masks, acts, logps, adv, adv + vals)]
        for _ in range(cfg.epochs):
            order = rng.permutation(T * n)
            for lo in range(0, T * n, cfg.minibatch):
                idx = order[lo : lo + cfg.minibatch]
                x, m, a, lp, ad, ret = (z[idx] for z in flat)
                ad = (ad - ad.mean()) / (ad.std() + 1e-8)
                _, grads = ppo_loss_grads(net, cfg, x, m, a, lp, ad, ret)
                adam.step(net.params, grads)
    return NumpyRun(net, done_steps)


# -- the Stable-Baselines3 backend ------------------------------------------------------


def sb3_installed() -> bool:
    """True when sb3-contrib (and so Stable-Baselines3 and PyTorch) can be imported."""
    return importlib.util.find_spec("sb3_contrib") is not None


@dataclass
class SB3Run:
    """A trained MaskablePPO model."""

    model: Any

    @property
    def steps(self) -> int:
        """Training steps done (whole rollouts: the budget rounded up)."""
        return int(self.model.num_timesteps)

    def act(self, obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = self.model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    def weights(self) -> list[np.ndarray]:
        return [p.detach().cpu().numpy().copy() for p in self.model.policy.parameters()]

    def save(self, path: Path) -> None:
        self.model.save(path)  # MaskablePPO.load(path) reads it back


def train_sb3(
    envs: Sequence[ClashSeat],
    steps: int,
    seed: int,
    on_game: Callable[[int, float, str], None],
    on_rollout: Callable[[int, Act], None],
) -> SB3Run:
    """sb3-contrib's MaskablePPO on the same environments (masks through ActionMasker)."""
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.utils import set_random_seed
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    set_random_seed(seed)
    vec = DummyVecEnv([partial(ActionMasker, e, legal_mask) for e in envs])
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=256,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [64, 64]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    run = SB3Run(model)

    class Record(BaseCallback):
        def _on_rollout_start(self) -> None:
            on_rollout(self.num_timesteps, run.act)

        def _on_step(self) -> bool:
            for done, reward, info in zip(
                self.locals["dones"], self.locals["rewards"], self.locals["infos"], strict=True
            ):
                if done:
                    on_game(self.num_timesteps, float(reward), info["opponent"])
            return True

    model.learn(total_timesteps=steps, callback=Record())
    return run


# -- the run ----------------------------------------------------------------------------


def plot(curve: Curve, opponents: str, steps: int, games: int, path: Path, title: str) -> None:
    """The learning curve as a PNG (no metadata: the same numbers give the same file)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    window = max(50, len(curve.games) // 20)
    x, y = curve.rolling(window)
    ax.plot(x, y, color="0.6", lw=1, label=f"training games (last {window})")
    for name, color in zip(OPPONENTS, ("tab:blue", "tab:red"), strict=True):
        cx = [s for s, _ in curve.checkpoints]
        ax.plot(
            cx,
            [r[name] for _, r in curve.checkpoints],
            "o-",
            color=color,
            label=f"checkpoint vs {name} ({games} games)",
        )
    if opponents == "curriculum":
        grid = np.linspace(0, steps, 200)
        share = [greedy_share(opponents, s / steps) for s in grid]
        ax.plot(grid, share, "--", color="tab:red", alpha=0.4, label="share of greedy opponents")
    ax.axhline(0.5, color="black", lw=0.5)
    ax.set(
        xlim=(0, max([steps, *(s for s, _ in curve.checkpoints)])),
        ylim=(0, 1),
        xlabel="training steps (decisions of the policy)",
        ylabel="win rate (draws count half)",
        title=title,
    )
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, dpi=100, format="png", metadata={"Software": None})
    plt.close(fig)
    atomic_write_bytes(path, image.getvalue())


def progress_bar(console: Console) -> Progress:
    """A Rich progress bar (on stderr: stdout keeps the results)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )


@dataclass
class Result:
    """What a run produced."""

    backend: str
    out: Path
    policy: NumpyRun | SB3Run
    curve: Curve
    scores: dict[str, Score]
    reference: dict[str, Score]
    doc: dict[str, Any]


def train(
    backend: str,
    steps: int,
    seed: int,
    out: Path,
    opponents: str = "curriculum",
    eval_games: int = 200,
    checkpoints: int = 8,
    checkpoint_games: int = 40,
    console: Console | None = None,
    ppo: PPOConfig = PPOConfig(),
    save_policy: Path | None = None,
) -> Result:
    """Train, measure and write the curve and results into ``out`` (and the trained
    policy into ``save_policy``: numpy weights as ``.npz``, a MaskablePPO ``.zip``)."""
    console = console or Console(stderr=True)
    if backend == "sb3" and not sb3_installed():
        console.print(
            "[yellow]Stable-Baselines3 / sb3-contrib are not installed "
            "(pip install -e '.[train]'): falling back to the numpy backend.[/]"
        )
        backend = "numpy"
    console.print(
        f"Training backend: [bold]{backend}[/] ({BACKENDS[backend]}), "
        f"{steps} steps, seed {seed}, opponents {opponents}"
    )
    envs = [ClashSeat(i % 2, opponents, steps, ENVS) for i in range(ENVS)]
    curve = Curve()
    every = steps / max(1, checkpoints)
    started = time.perf_counter()
    with progress_bar(console) as bar:
        task = bar.add_task("training", total=steps)

        def on_game(step: int, reward: float, opponent: str) -> None:
            curve.games.append((step, reward, opponent))
            bar.update(task, completed=min(step, steps))

        def checkpoint(step: int, act: Act) -> None:
            rates = {o: evaluate(act, o, checkpoint_games, seed + 1).rate.value for o in OPPONENTS}
            curve.checkpoints.append((step, rates))

        def on_rollout(step: int, act: Act) -> None:
            if checkpoints and step >= len(curve.checkpoints) * every:
                checkpoint(step, act)

        if backend == "sb3":
            policy: NumpyRun | SB3Run = train_sb3(envs, steps, seed, on_game, on_rollout)
        else:
            policy = train_numpy(envs, steps, seed, on_game, on_rollout, ppo)
        if checkpoints:
            checkpoint(policy.steps, policy.act)  # the final policy
        bar.update(task, completed=steps)
        train_s = time.perf_counter() - started
        measure = bar.add_task("measuring", total=4 * (eval_games + eval_games % 2))
        tick = lambda: bar.advance(measure)  # noqa: E731
        scores = {o: evaluate(policy.act, o, eval_games, seed + 2, tick) for o in OPPONENTS}
        reference = {
            o: evaluate(uniform_policy(seed), o, eval_games, seed + 2, tick) for o in OPPONENTS
        }
    total_s = time.perf_counter() - started
    doc = {
        "game": "clash",
        "mode": "duel",
        "backend": backend,
        "steps": steps,
        "steps_done": policy.steps,
        "seed": seed,
        "opponents": opponents,
        "training_games": len(curve.games),
        "training_games_against": {o: sum(g[2] == o for g in curve.games) for o in OPPONENTS},
        "eval": {"games": eval_games, "paired_seeds": True, "policy": "most likely legal action"},
        "policy": {o: s.to_json() for o, s in scores.items()},
        "uniform_random": {o: s.to_json() for o, s in reference.items()},
        "checkpoint_games": checkpoint_games,
        "checkpoints": [{"step": s, **r} for s, r in curve.checkpoints],
        "seconds": {"training": round(train_s, 1), "total": round(total_s, 1)},
    }
    out.mkdir(parents=True, exist_ok=True)
    if save_policy is not None:
        policy.save(save_policy)
    title = f"Clash of Decks duel, seed {seed}: {BACKENDS[backend]}"
    plot(curve, opponents, steps, checkpoint_games, out / CURVE_PNG, title)
    atomic_write_text(out / RESULT_JSON, json.dumps(doc, indent=2) + "\n")
    atomic_write_text(out / RESULT_MD, markdown(doc))
    return Result(backend, out, policy, curve, scores, reference, doc)


def markdown(doc: dict[str, Any]) -> str:
    """The results as a short markdown page."""
    lines = [
        f"# Clash of Decks training run: {BACKENDS[doc['backend']]}",
        "",
        f"`python examples/train_clash.py --backend {doc['backend']} --steps {doc['steps']} "
        f"--seed {doc['seed']} --opponents {doc['opponents']}`: {doc['training_games']} training "
        f"games ({doc['training_games_against']['greedy']} against greedy), "
        f"{doc['seconds']['training']} s of training (checkpoint evaluations included), "
        f"{doc['seconds']['total']} s in all.",
        "",
        f"![learning curve]({CURVE_PNG})",
        "",
        f"Final policy (its most likely legal action) against each agent, {doc['eval']['games']} "
        "games on paired seeds (each seed from both seats); win rate with draws as half and "
        "its Wilson 95% interval; the uniformly random policy on the same games for reference.",
        "",
        "| opponent | won | drawn | lost | win rate [95%] | uniform random policy |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for o, s in doc["policy"].items():
        r = doc["uniform_random"][o]
        lines.append(f"| {o} | {s['won']} | {s['drawn']} | {s['lost']} | {pct(s)} | {pct(r)} |")
    return "\n".join(lines) + "\n"


def pct(s: dict[str, Any]) -> str:
    """'53.1% [49.0, 57.2]' from a score's JSON."""
    return Estimate(s["value"], s["low"], s["high"], s["n"]).percent()


def table(result: Result) -> Table:
    """The final strength as a Rich table."""
    t = Table(title=f"Clash of Decks duel: the trained policy ({result.backend}) on paired seeds")
    for name in (
        "opponent",
        "games",
        "won",
        "drawn",
        "lost",
        "win rate [95%]",
        "uniform random policy",
    ):
        t.add_column(name, justify="left" if name == "opponent" else "right")
    for o, s in result.scores.items():
        t.add_row(
            o,
            str(s.won + s.drawn + s.lost),
            str(s.won),
            str(s.drawn),
            str(s.lost),
            s.rate.percent(),
            result.reference[o].rate.percent(),
        )
    return t


def main(argv: Sequence[str] | None = None) -> Result:
    """The command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--steps", type=int, default=100_000, help="training steps (policy decisions)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--out", type=Path, default=Path("docs/rl"), help="folder for the curve and results"
    )
    ap.add_argument("--backend", choices=("sb3", "numpy"), default="sb3")
    ap.add_argument("--opponents", choices=("random", "greedy", "curriculum"), default="curriculum")
    ap.add_argument("--eval-games", type=int, default=200, help="final games against each agent")
    ap.add_argument("--checkpoints", type=int, default=8, help="evaluations during training")
    ap.add_argument("--checkpoint-games", type=int, default=40)
    ap.add_argument("--save-policy", type=Path, help="write the trained policy there too")
    args = ap.parse_args(argv)
    result = train(
        args.backend,
        args.steps,
        args.seed,
        args.out,
        args.opponents,
        args.eval_games,
        args.checkpoints,
        args.checkpoint_games,
        save_policy=args.save_policy,
    )
    out = Console()
    if not out.is_terminal:  # piped: wide enough for the table's rows
        out.width = max(out.width, 120)
    out.print(table(result))
    print(f"wrote {args.out / CURVE_PNG}, {args.out / RESULT_JSON}, {args.out / RESULT_MD}")
    if args.save_policy is not None:
        print(f"wrote {args.save_policy}")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
