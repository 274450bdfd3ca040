"""The Gymnasium environments (cardtable.rl.gym): one seat against named opponent agents.

Gymnasium's ``check_env`` passes on the registered ``cardtable/<Game>-v0`` of every game.
An episode gives reward only at the end, the seat's outcome; the same seed and actions
replay the same episode; opponent specs may change the setup (``clash-solo``); an action
outside the mask ends the episode with -1; the step budget truncates; bad seats, spec
counts and setup options are refused.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardtable.core.errors import SetupError
from cardtable.core.registry import game_ids
from cardtable.rl.gym import CardtableEnv, env_id


def run(e: CardtableEnv, seed: int) -> tuple[list[np.ndarray], float, dict[str, Any], int]:
    """One episode with random legal actions: observations, final reward, info, steps."""
    rng = np.random.default_rng(seed)
    obs, _ = e.reset(seed=seed)
    seen = [obs["observation"]]
    steps = 0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        seen.append(obs["observation"])
        steps += 1
        if terminated or truncated:
            return seen, reward, info, steps
        assert reward == 0


@pytest.mark.parametrize("game_id", game_ids())
def test_check_env_passes(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    made = gymnasium.make(env_id(game_id), opponents="random")
    check_env(made.unwrapped)  # also renders in every mode through the spec
    assert capsys.readouterr().out  # the "human" mode printed the table


@pytest.mark.parametrize("game_id", game_ids())
def test_reward_is_the_outcome_of_the_seat_and_episodes_replay(game_id: str) -> None:
    e = CardtableEnv(game_id, seat=1, opponents="greedy")
    seen, reward, info, _ = run(e, seed=4)
    assert info["winners"] is not None
    assert reward == (0 if not info["winners"] else 1 if 1 in info["winners"] else -1)
    again, reward_again, _, _ = run(CardtableEnv(game_id, seat=1, opponents="greedy"), seed=4)
    assert reward_again == reward and len(again) == len(seen)
    assert all(np.array_equal(a, b) for a, b in zip(seen, again, strict=True))


def test_opponent_specs_may_set_up_the_game() -> None:
    e = CardtableEnv("clash", opponents="clash-solo")
    assert e.setup["mode"] == "solo" and e.players == [0]
    _, reward, info, _ = run(e, seed=1)
    assert reward in (-1, 1) and info["reason"]
    mixed = CardtableEnv(
        "epic", seat=2, opponents=["random", "greedy", "random"], players=4, mode="ffa"
    )
    assert mixed.specs == ["random", "greedy", "random", "random"]
    run(mixed, seed=2)


def test_an_illegal_action_loses_and_the_budget_truncates() -> None:
    e = CardtableEnv("clash", opponents="random")
    obs, _ = e.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": illegal})
    with pytest.raises(RuntimeError, match="reset"):
        e.step(illegal)
    short = CardtableEnv("epic", opponents="random", max_steps=2)
    _, reward, info, steps = run(short, seed=0)
    assert steps == 2 and reward == 0 and info == {}


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        CardtableEnv("clash", seat=2)
    with pytest.raises(ValueError, match="opponent specs"):
        CardtableEnv("clash", opponents=["random", "random"])
    with pytest.raises(ValueError, match="played by the rules"):
        CardtableEnv("clash", seat=1, opponents="random", mode="solo")
    with pytest.raises(SetupError):
        CardtableEnv("clash", bogus=True)
    with pytest.raises(SetupError):
        CardtableEnv("clash", opponents="nobody")
