"""The training example (examples/train_clash.py) with its numpy backend, on a tiny budget.

A run writes the learning curve (a PNG) and the results (JSON and markdown) with the final
games counted on paired seeds; training changes the weights, and the same seed gives the
same weights, games and results while another seed does not; the curriculum meets only
``random`` in its first third; the policy picks only legal actions, even when the network
prefers an illegal one; the PPO gradients written by hand match finite differences; the
``sb3`` backend falls back to numpy, saying so, when Stable-Baselines3 is missing.
"""

from __future__ import annotations

import fcntl
import importlib.util
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from unittest import mock

import numpy as np
import pytest

from cardtable.rl.gym import CardtableEnv

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_clash.py"
STEPS = 1024  # one update of 8 environments x 128 steps
NO_SB3 = "import runpy, sys; sys.modules['sb3_contrib'] = None; sys.argv = sys.argv[1:]; "
"""Runs the example as if sb3-contrib were not installed (``find_spec`` then finds nothing)."""


@pytest.fixture(scope="module")
def tc() -> ModuleType:
    """The example as a module (its thread settings kept out of the test process)."""
    spec = importlib.util.spec_from_file_location("train_clash", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_clash"] = module  # dataclasses look their module up
    with mock.patch.dict(os.environ):
        spec.loader.exec_module(module)
    return module


def start(out: Path, seed: int, backend: str = "numpy") -> subprocess.Popen[str]:
    """A tiny run of the command line in its own process (where the example can still make
    numpy's BLAS single-threaded), without Stable-Baselines3."""
    args = [str(EXAMPLE), "--backend", backend, "--steps", str(STEPS), "--seed", str(seed)]
    args += ["--out", str(out), "--eval-games", "6", "--checkpoints", "1"]
    args += ["--checkpoint-games", "4", "--save-policy", str(out / "policy.npz")]
    code = NO_SB3 + "runpy.run_path(sys.argv[0], run_name='__main__')"
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen[str], out: Path) -> tuple[dict[str, Any], str]:
    """A started run's results and messages, once it has ended (killed after 120 s)."""
    try:
        stdout, stderr = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    assert process.returncode == 0, stderr
    doc = json.loads((out / "train_clash.json").read_text())
    return doc, " ".join((stderr + stdout).split())


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, Any], str]]:
    """Two runs with seed 3 and one with seed 4 that asks for sb3: (folder, results, log).

    Made once per test session: pytest-xdist workers share their session's temporary
    folder, where the first worker to hold the lock makes the runs and the others read
    them (the tests only read the runs)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return make_runs(tmp_path_factory.mktemp("train"))
    shared = tmp_path_factory.getbasetemp().parent  # this session's, one per worker inside
    with open(shared / "train-runs.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = shared / "train-runs.json"
        if not made.exists():
            runs = make_runs(shared / "train")
            made.write_text(json.dumps({k: (str(f), d, log) for k, (f, d, log) in runs.items()}))
        return {k: (Path(f), d, log) for k, (f, d, log) in json.loads(made.read_text()).items()}


def make_runs(base: Path) -> dict[str, tuple[Path, dict[str, Any], str]]:
    """The three runs in folders a, b and c of ``base``, played at the same time."""
    plan = (("a", 3, "numpy"), ("b", 3, "numpy"), ("c", 4, "sb3"))
    started = {name: start(base / name, seed, backend) for name, seed, backend in plan}
    return {name: (base / name, *finish(p, base / name)) for name, p in started.items()}


def weights(folder: Path) -> dict[str, np.ndarray]:
    """The saved weights of a run."""
    with np.load(folder / "policy.npz") as saved:
        return dict(saved)


def test_a_run_writes_its_curve_and_results(runs: dict[str, Any]) -> None:
    folder, doc, log = runs["a"]
    assert "Training backend: numpy" in log and "not installed" not in log
    files = {p.name for p in folder.iterdir()}
    assert files == {"train_clash_curve.png", "train_clash.json", "train_clash.md", "policy.npz"}
    assert (folder / "train_clash_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert doc["backend"] == "numpy" and doc["steps_done"] >= STEPS
    assert doc["training_games"] > STEPS / 40  # about 19 decisions a game
    assert sum(doc["training_games_against"].values()) == doc["training_games"]
    for opponent in ("random", "greedy"):
        for who in ("policy", "uniform_random"):
            s = doc[who][opponent]
            assert s["won"] + s["drawn"] + s["lost"] == s["n"] == 6
            assert s["low"] <= s["value"] <= s["high"]
    assert "the trained policy (numpy) on paired seeds" in log  # the Rich table's title
    assert [c["step"] for c in doc["checkpoints"]] == [0, doc["steps_done"]]
    md = (folder / "train_clash.md").read_text()
    assert "(train_clash_curve.png)" in md
    for opponent in ("random", "greedy"):
        s = doc["policy"][opponent]
        assert f"| {opponent} | {s['won']} | {s['drawn']} | {s['lost']} |" in md


def test_training_changes_the_weights_and_a_seed_gives_the_same_run(
    tc: ModuleType, runs: dict[str, Any]
) -> None:
    (a, doc_a, _), (b, doc_b, _), (c, doc_c, _) = runs["a"], runs["b"], runs["c"]
    encoder = CardtableEnv("clash").encoder
    initial = tc.NumpyPolicy(encoder.obs_size, encoder.num_actions, 64, np.random.default_rng(3))
    first = initial.params
    trained, again, other = weights(a), weights(b), weights(c)
    assert set(trained) == set(first) and all(trained[k].shape == first[k].shape for k in first)
    assert not np.array_equal(first["w"], trained["w"])  # training moved the weights
    assert all(np.array_equal(trained[k], again[k]) for k in first)
    assert not np.array_equal(trained["w"], other["w"])
    same = {k: v for k, v in doc_a.items() if k != "seconds"}
    assert same == {k: v for k, v in doc_b.items() if k != "seconds"}
    assert doc_a["checkpoints"] != doc_c["checkpoints"] or doc_a["policy"] != doc_c["policy"]


def test_sb3_falls_back_to_numpy_when_missing(runs: dict[str, Any]) -> None:
    _, doc, log = runs["c"]
    assert "not installed" in log and "falling back to the numpy backend" in log
    assert "Training backend: numpy" in log and doc["backend"] == "numpy"


def test_the_curriculum_starts_with_random_opponents(tc: ModuleType) -> None:
    assert tc.greedy_share("random", 0.9) == 0 and tc.greedy_share("greedy", 0.1) == 1
    shares = [tc.greedy_share("curriculum", d) for d in np.linspace(0, 1, 31)]
    assert shares[:11] == [0.0] * 11 and shares[-1] == 0.5
    assert all(x <= y for x, y in itertools.pairwise(shares))
    env = tc.ClashSeat(1, "curriculum", total_steps=600, envs=2)  # the other env: as many
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=2)
    met = []
    while env.steps < 300:
        assert obs.shape == env.observation_space.shape and env.action_mask().any()
        start = env.steps
        obs, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_mask()))))
        if done:
            met.append((start, info["opponent"]))
            obs, _ = env.reset()
    assert {o for step, o in met if step < 100} == {"random"}  # the first third of 600
    assert {o for _, o in met} == {"random", "greedy"}


def test_the_policy_only_chooses_legal_actions(tc: ModuleType, runs: dict[str, Any]) -> None:
    policy = tc.NumpyPolicy.load(runs["a"][0] / "policy.npz")
    rigged = tc.NumpyPolicy.load(runs["a"][0] / "policy.npz")
    env = CardtableEnv("clash", seat=1, opponents="random")
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(6):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            x, mask = obs["observation"], obs["action_mask"]
            legal = set(np.flatnonzero(mask))
            assert policy.act(x, mask) in legal
            # make every illegal action the network's favourite: still never chosen
            rigged.params["bp"] = np.where(mask > 0, 0.0, 1e4).astype(np.float32)
            assert rigged.act(x, mask) in legal
            probs = tc.masked_softmax(rng.normal(size=(64, mask.size)) * 20, np.tile(mask, (64, 1)))
            assert not probs[:, mask == 0].any() and np.allclose(probs.sum(1), 1)
            assert set(tc.sample(probs, rng)) <= legal  # what training samples
            obs, _, done, _, info = env.step(int(rng.choice(sorted(legal))))
            assert "illegal_action" not in info
            checked += 1
    assert checked > 50


def test_ppo_gradients_match_finite_differences(tc: ModuleType) -> None:
    rng = np.random.default_rng(1)
    net = tc.NumpyPolicy(7, 5, 4, rng)
    net.params = {k: rng.normal(size=v.shape) for k, v in net.params.items()}  # float64
    n = 6
    x = rng.random((n, 7))
    mask = (rng.random((n, 5)) < 0.6).astype(np.int8)
    mask[:, 0] = 1
    actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    old_logp = np.log(tc.masked_softmax(net.forward(x)[0], mask)[np.arange(n), actions])
    old_logp += rng.normal(scale=0.3, size=n)  # some ratios outside the clip range
    adv, returns = rng.normal(size=n), rng.normal(size=n)
    cfg = tc.PPOConfig(entropy=0.05)

    def loss() -> float:
        return float(tc.ppo_loss_grads(net, cfg, x, mask, actions, old_logp, adv, returns)[0])

    _, grads = tc.ppo_loss_grads(net, cfg, x, mask, actions, old_logp, adv, returns)
    for name, param in net.params.items():
        numeric = np.zeros_like(param)
        for i in np.ndindex(param.shape):
            keep = param[i]
            param[i] = keep + 1e-6
            up = loss()
            param[i] = keep - 1e-6
            numeric[i] = (up - loss()) / 2e-6
            param[i] = keep
        np.testing.assert_allclose(grads[name], numeric, rtol=1e-4, atol=1e-7, err_msg=name)
