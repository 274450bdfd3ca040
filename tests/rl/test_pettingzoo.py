"""The PettingZoo AEC environments (cardtable.rl.pz) of every game and mode.

PettingZoo's own ``api_test`` and ``seed_test`` pass on every ``conformance_setups()``
entry of every game. ``max_cycles`` truncates a game after exactly that many cycles (a
cycle being one decision per agent) or lets it end first; PettingZoo's
``max_cycles_test`` itself needs a parallel version of the environment and plays unmasked
random actions, so it does not apply to turn-based games with masks (PettingZoo does not
run it on its classic games either). The agent to act is always the seat the game says
decides; what an agent observes is the encoder's vector of its seat's view and the mask
of its legal indices, unchanged when what it cannot see is resampled (``determinize``);
rewards come from the outcome; mode keywords become the setup; ``render`` gives the text
of the table; an illegal action ends the wrapped game with -1 for its author.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cardtable.core.errors import SetupError
from cardtable.core.registry import game_ids, get_game
from cardtable.core.rng import Rng
from cardtable.rl import env, raw_env
from cardtable.rl.pz import agent_name, agent_seat

CASES = [(g, s) for g in game_ids() for s in get_game(g).conformance_setups()]
IDS = [f"{g}:{json.dumps(s, sort_keys=True)[:40]}" for g, s in CASES]
DICT_OBS = "ignore:Observation (is not a NumPy array|space for each agent probably)"
"""api_test's warnings about every dict observation (its own classic games get them too)."""


def masked_choice(obs: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    """A uniformly random legal index."""
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def play_out(
    e: Any, seed: int, actions: list[int] | None = None
) -> tuple[list[int], dict[str, Any]]:
    """Play an env to its end with random legal actions (or the given ones); return the
    actions and, per agent, its final (reward, terminated, truncated, info) and dead steps."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    played: list[int] = []
    final: dict[str, Any] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            final[agent] = (reward, terminated, truncated, info)
            e.step(None)
            continue
        action = actions[len(played)] if actions is not None else masked_choice(obs, rng)
        played.append(action)
        e.step(action)
    return played, final


@pytest.mark.filterwarnings(DICT_OBS)
@pytest.mark.parametrize(("game_id", "setup"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(game_id: str, setup: dict[str, Any]) -> None:
    api_test(env(game_id, setup), num_cycles=1000)
    seed_test(lambda: env(game_id, setup), num_cycles=500)


@pytest.mark.parametrize(("game_id", "setup"), CASES, ids=IDS)
def test_max_cycles_truncates_after_that_many_cycles(game_id: str, setup: dict[str, Any]) -> None:
    natural, ended = play_out(raw_env(game_id, setup), seed=5)
    assert all(terminated and not truncated for _, terminated, truncated, _ in ended.values())
    for cycles in (1, 3):
        e = raw_env(game_id, setup, max_cycles=cycles)
        limit = cycles * len(e.possible_agents)
        played, final = play_out(e, seed=5, actions=natural[:limit])
        assert played == natural[: min(limit, len(natural))]
        assert set(final) == set(e.possible_agents) and not e.agents  # one dead step each
        cut = limit < len(natural)
        assert all(
            truncated == cut and terminated != cut for _, terminated, truncated, _ in final.values()
        )
        if cut:
            assert all(reward == 0 for reward, *_ in final.values())


@pytest.mark.parametrize("game_id", game_ids())
def test_agents_follow_to_move_and_see_only_their_view(game_id: str) -> None:
    for setup in get_game(game_id).conformance_setups()[:4]:
        e = raw_env(game_id, setup)
        game, encoder = e.game, e.encoder
        rng = np.random.default_rng(1)
        e.reset(seed=11)
        for step in range(400):
            ep = e.episode
            assert ep is not None
            if ep.over:
                break
            agent = e.agent_selection
            seat = agent_seat(agent)
            mover = game.to_move(ep.state)
            assert mover is not None and agent == agent_name(mover)
            obs = e.observe(agent)
            view = game.observe(ep.state, seat)
            np.testing.assert_array_equal(obs["observation"], encoder.observation(view))
            if step % 7 == 0:  # what the seat cannot see, resampled: the same input
                truth = ep.state
                ep.state = game.determinize(truth, seat, Rng(step))
                ep._view = ep._choices = None
                again = e.observe(agent)
                ep.state = truth
                ep._view = ep._choices = None
                np.testing.assert_array_equal(again["observation"], obs["observation"])
                np.testing.assert_array_equal(again["action_mask"], obs["action_mask"])
            for other in e.agents:
                if other != agent:
                    assert not e.observe(other)["action_mask"].any()
            e.step(masked_choice(obs, rng))


@pytest.mark.parametrize("game_id", game_ids())
def test_rewards_and_infos_come_from_the_outcome(game_id: str) -> None:
    e = raw_env(game_id)
    for seed in range(3):
        _, final = play_out(e, seed)
        ep = e.episode
        assert ep is not None
        outcome = ep.outcome()
        assert outcome is not None
        for agent, (reward, terminated, _, info) in final.items():
            seat = agent_seat(agent)
            expected = 0 if not outcome.winners else (1 if seat in outcome.winners else -1)
            assert terminated and reward == expected
            assert info["winners"] == list(outcome.winners) and info["reason"] == outcome.reason


def test_modes_are_setup_keywords_and_unknown_options_fail() -> None:
    solo = raw_env("clash", mode="solo", level=3)
    assert solo.setup == {"mode": "solo", "level": 3}
    assert solo.possible_agents == ["seat_0"]  # the rulebook's AI is no agent
    solo_b = raw_env("clash", {"mode": "solo"}, ai_seat=0)
    assert solo_b.possible_agents == ["seat_1"]
    assert len(raw_env("epic", players=4, mode="ffa").possible_agents) == 4
    assert raw_env("clash", mode="duel").possible_agents == ["seat_0", "seat_1"]
    with pytest.raises(SetupError, match="bogus"):
        raw_env("clash", bogus=1)
    with pytest.raises(SetupError):
        raw_env("bluemoon", mode="duel")


def test_render_gives_the_table_text(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("clash", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert isinstance(text, str) and "Clash of Decks" in text and "\x1b[" not in text
    ru = raw_env("clash", render_mode="human", lang="ru")
    ru.reset(seed=3)
    assert ru.render() is None
    assert "Битва колод" in capsys.readouterr().out


def test_an_illegal_action_ends_the_wrapped_game_with_a_loss() -> None:
    e = env("clash")
    e.reset(seed=2)
    agent = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.unwrapped._cumulative_rewards[agent] == -1
    bare = raw_env("clash")
    bare.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        bare.step(illegal)
