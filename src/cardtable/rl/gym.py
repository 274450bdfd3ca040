"""Gymnasium environments: one seat of a game against named opponent agents.

``CardtableEnv("clash", seat=0, opponents="greedy", mode="duel")`` or
``gymnasium.make("cardtable.rl.gym:cardtable/Clash-v0", opponents="ismcts:iters=50")``
(importing this module registers ``cardtable/<Game>-v0`` for every game; setup keywords
pass through ``make``).

- ``opponents``: one agent spec for every other seat, or a list with one spec per other
  seat in seat order. The game may turn the specs into its setup (``game.prepare_match``:
  ``clash-solo`` seats the rulebook's AI). Opponents are built anew at each reset with
  seeds derived from the game's seed, and only see what their seats may know.
- Observation: ``{"observation": float32 vector in [0, 1], "action_mask": int8 vector}``
  from ``game.observe(state, seat)`` through the game's encoder; actions:
  ``Discrete(encoder.num_actions)`` (docs/rl.md).
- Reward: 0 until the end, then +1 for a win, -1 for a loss, 0 for a draw. An action not
  in the mask ends the episode at once with -1 (``info["illegal_action"]``), as
  PettingZoo's illegal-move wrapper does.
- ``terminated`` when the game ends; ``truncated`` after ``max_steps`` decisions of the
  seat. ``reset(seed=s)`` plays ``game.new_game(setup, s)``; without a seed the game seed
  comes from the environment's ``np_random``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable.agents.base import make_agent
from cardtable.core.agent import Agent, SeatView
from cardtable.core.registry import game_ids, get_game
from cardtable.rl.encoding import Encoder, encoder_for
from cardtable.rl.episode import (
    OBS_HIGH,
    OBS_LOW,
    Episode,
    derived_seed,
    make_setup,
    outcome_info,
    player_seats,
)

MAX_STEPS = 5000
"""Default budget of the seat's decisions in one episode."""


def observation_space(encoder: Encoder) -> spaces.Dict:
    """The ``Dict`` observation space of an encoder: its vector and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (encoder.obs_size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (encoder.num_actions,), dtype=np.int8),
        }
    )


class CardtableEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a game against opponent agents (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        setup: Mapping[str, Any] | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        lang: str = "en",
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        game = get_game(game_id)
        base = make_setup(game, setup, options)
        seats = game.num_seats(game.new_game(base, 0))
        if not 0 <= seat < seats:
            raise ValueError(f"seat must be in 0..{seats - 1}")
        others = [opponents] * (seats - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != seats - 1:
            raise ValueError(f"{seats - 1} opponent specs needed, got {len(others)}")
        specs = [*others[:seat], "random", *others[seat:]]  # "random": a placeholder for us
        self.setup, self.specs = game.prepare_match(base, specs)
        self.game = game
        self.encoder = encoder_for(game, self.setup)
        self.players = player_seats(game, self.setup)
        if seat not in self.players:
            raise ValueError(f"seat {seat} is played by the rules, not by an agent")
        self.seat = seat
        self.lang = lang
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = observation_space(self.encoder)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        for s, spec in enumerate(self.specs):
            if s != seat:
                make_agent(spec, game, 0)  # a bad spec fails now, not at the first reset
        self.episode: Episode | None = None
        self._agents: dict[int, Agent] = {}
        self._steps = 0
        self._ended = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game (``game.new_game(setup, seed)``), opponents playing up to our turn."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**31))
        self.episode = Episode(self.encoder, self.players, game_seed)
        self._agents = {
            s: make_agent(spec, self.game, derived_seed(game_seed, s))
            for s, spec in enumerate(self.specs)
            if s != self.seat
        }
        self._steps = 0
        self._ended = False
        self._opponents_play()
        return self._obs(), {}

    def _ep(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before step()")
        return self.episode

    def _opponents_play(self) -> None:
        ep = self._ep()
        while (mover := ep.mover) is not None and mover != self.seat:
            action = self._agents[mover].act(SeatView(self.game, ep.state, mover))
            index = {a: i for i, a in ep.choices().items()}[action]
            ep.play(index)

    def _obs(self) -> dict[str, Any]:
        ep = self._ep()
        return {"observation": ep.observation(self.seat), "action_mask": ep.mask(self.seat)}

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play our action; opponents then play up to our next turn or the end."""
        ep = self._ep()
        if self._ended or ep.mover != self.seat:
            raise RuntimeError("the episode is over: call reset()")
        if int(action) not in ep.choices():
            self._ended = True
            return self._obs(), -1.0, True, False, {"illegal_action": int(action)}
        ep.play(int(action))
        self._steps += 1
        self._opponents_play()
        outcome = ep.outcome()
        if outcome is not None:
            reward = ep.rewards()[self.players.index(self.seat)]
            return self._obs(), reward, True, False, outcome_info(outcome)
        return self._obs(), 0.0, False, self._steps >= self.max_steps, {}

    def render(self) -> str | None:
        """The table as our seat sees it (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        text = self._ep().text(self.seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``cardtable/Clash-v0``."""
    return f"cardtable/{game_id.capitalize()}-v0"


for _id in game_ids():
    gymnasium.register(env_id(_id), entry_point=f"{__name__}:CardtableEnv", kwargs={"game_id": _id})
