"""The vectorised runner (cardtable.rl.vector) and its line in ``cardtable bench``.

The runner is deterministic for its seed; every game it plays equals the game played
alone from the same seed (``episode_seed``) with the same actions, observation by
observation, mask by mask and outcome by outcome; games that end give every player seat
its reward and are replaced at once; an illegal index is refused. ``cardtable bench``
reports the runner's steps per second in JSON and in both languages' tables.
"""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core.registry import game_ids, get_game
from cardtable.rl.encoding import encoder_for
from cardtable.rl.episode import Episode, IllegalIndex, seat_rewards
from cardtable.rl.vector import VectorRunner, VectorStep, episode_seed, random_actions

ENVS = 4
STEPS = 300


def drive(runner: VectorRunner, seed: int) -> list[tuple[VectorStep, np.ndarray]]:
    """Step a runner with random legal actions; each batch with the actions taken on it."""
    rng = np.random.default_rng(seed)
    out = runner.reset()
    trace = []
    for _ in range(STEPS):
        actions = random_actions(out.mask, rng)
        trace.append((out, actions))
        out = runner.step(actions)
    trace.append((out, np.zeros(0, dtype=np.int64)))
    return trace


def same(a: VectorStep, b: VectorStep) -> bool:
    """Equal batches, field by field."""
    return all(np.array_equal(getattr(a, f), getattr(b, f)) for f in VectorStep.__slots__)


@pytest.mark.parametrize("game_id", game_ids())
def test_runner_is_deterministic_for_its_seed(game_id: str) -> None:
    first = drive(VectorRunner(game_id, ENVS, seed=9), seed=1)
    second = drive(VectorRunner(game_id, ENVS, seed=9), seed=1)
    assert all(same(a, b) for (a, _), (b, _) in zip(first, second, strict=True))
    other = drive(VectorRunner(game_id, ENVS, seed=10), seed=1)
    assert not np.array_equal(first[0][0].obs, other[0][0].obs)


@pytest.mark.parametrize(
    ("game_id", "setup"),
    [(g, {}) for g in game_ids()]
    + [("epic", {"players": 3, "mode": "ffa"}), ("clash", {"mode": "solo"})],
)
def test_games_equal_games_played_alone(game_id: str, setup: dict[str, Any]) -> None:
    runner = VectorRunner(game_id, ENVS, setup, seed=3)
    trace = drive(runner, seed=2)
    game = get_game(game_id)
    encoder = encoder_for(game, setup)
    ended = 0
    for slot in range(ENVS):
        episode, alone = 0, Episode(encoder, runner.seats, episode_seed(3, slot, 0))
        for (batch, actions), (after, _) in pairwise(trace):
            seat = alone.mover
            assert seat is not None and batch.seat[slot] == seat
            np.testing.assert_array_equal(batch.obs[slot], alone.observation(seat))
            np.testing.assert_array_equal(batch.mask[slot], alone.mask())
            alone.play(int(actions[slot]))
            assert after.done[slot] == alone.over
            if alone.over:
                rewards = seat_rewards(alone.outcome(), runner.seats)
                np.testing.assert_array_equal(after.returns[slot], rewards)
                assert after.reward[slot] == rewards[runner.seats.index(seat)]
                episode += 1
                ended += 1
                alone = Episode(encoder, runner.seats, episode_seed(3, slot, episode))
            else:
                assert after.reward[slot] == 0 and not after.returns[slot].any()
        assert runner.episodes_played[slot] == episode
    assert ended > 0  # some games ended and were replaced within the run


def test_illegal_indices_and_wrong_batches_are_refused() -> None:
    runner = VectorRunner("clash", 2, seed=0)
    out = runner.reset()
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in out.mask])
    with pytest.raises(IllegalIndex):
        runner.step(bad)
    with pytest.raises(ValueError, match="expected 2 actions"):
        runner.step(np.zeros(3, dtype=np.int64))


def test_bench_reports_vector_steps_per_second() -> None:
    cli = CliRunner()
    args = ["bench", "clash", "--games", "3", "--ismcts-decisions", "0", "--vector-steps", "64"]
    done = cli.invoke(app, [*args, "--json"])
    assert done.exit_code == 0, done.output
    vector = json.loads(done.stdout)["vector"]
    assert vector["steps"] >= 64 and vector["envs"] == 16 and vector["steps_per_s"] > 0
    en = cli.invoke(app, [*args, "--lang", "en"]).output
    assert "RL vector runner (16 games at a time): steps per second" in en
    ru = cli.invoke(app, args).output
    assert "Векторный прогон для RL (16 партий одновременно)" in ru
    skipped = cli.invoke(app, [*args[:-1], "0", "--json"])
    assert json.loads(skipped.stdout)["vector"] is None
