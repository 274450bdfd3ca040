"""Every game and mode as a PettingZoo AEC environment.

``env("clash", mode="solo")`` or ``env("epic", {"players": 3, "mode": "ffa"})``: keyword
options join the setup (``game.conformance_setups()`` shows the keys each game knows); an
unknown option fails with the game's own error.

- Agents: ``seat_<k>`` for every seat whose choices agents make (a seat the rules play
  themselves, like Clash's solo AI, has no agent).
- Turn order: ``agent_selection`` is always the seat the game says decides now
  (``game.to_move``); one seat may decide several times in a row.
- Observation: ``{"observation": float32 vector in [0, 1], "action_mask": int8 vector}``, only
  from ``game.observe(state, seat)`` by the game's ``Encoder``; the mask is all zeros for a
  seat that does not decide now. Action space: ``Discrete(encoder.num_actions)``, each
  index documented by ``encoder.action_segments()`` (docs/rl.md).
- Rewards come at the end: +1 to each winning seat, -1 to the others, 0 to all after a
  draw; ``infos`` then hold the winners, the reason and any scores.
- ``max_cycles``: the game is truncated after ``max_cycles`` cycles, a cycle being one
  decision per agent (``max_cycles * len(possible_agents)`` decisions in all).
- ``reset(seed=s)`` starts ``game.new_game(setup, s)``; without a seed the next seed comes
  from the environment's own generator (seeded with the last seed given, else 0).
- ``render()``: the terminal screen of the table from the acting seat's view
  (``render_mode="ansi"`` returns it, ``"human"`` prints it).

``raw_env`` rejects an illegal action with an error; ``env`` wraps it in PettingZoo's
standard wrappers for masked discrete actions (an illegal action ends the game with -1
for the seat that made it, out-of-range actions are refused, calls must come in order).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from cardtable.rl.episode import Episode, episode_encoder, outcome_info
from cardtable.rl.gym import observation_space

MAX_CYCLES = 2000
"""Default cycle budget: far beyond any game the conformance suite plays at random."""


def agent_name(seat: int) -> str:
    """The agent id of a seat."""
    return f"seat_{seat}"


def agent_seat(agent: str) -> int:
    """The seat of an agent id."""
    return int(agent.rsplit("_", 1)[1])


class CardtableAEC(AECEnv):  # type: ignore[misc]
    """One game of one setup as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it from the class too)
        "render_modes": ["human", "ansi"],
        "name": "cardtable_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        setup: Mapping[str, Any] | None = None,
        max_cycles: int = MAX_CYCLES,
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self.encoder, self.seats = episode_encoder(game_id, setup, options)
        self.game = self.encoder.game
        self.setup = self.encoder.setup
        self.metadata = {**self.metadata, "name": f"cardtable_{game_id}_v0"}
        self.render_mode = render_mode
        self.lang = lang
        self.max_cycles = max_cycles
        self.possible_agents = [agent_name(s) for s in self.seats]
        obs_space = observation_space(self.encoder)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.encoder.num_actions) for a in self.possible_agents
        }
        self._seeds = np.random.default_rng(0)
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space object for every call."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Discrete`` space object for every call."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``game.new_game(setup, seed)``, or the next seed of the env's generator."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(2**31))
        self.episode = Episode(self.encoder, self.seats, game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        mover = self.episode.mover
        if mover is None:  # a game cannot be over before its first decision
            raise RuntimeError(f"{self.game.id}: a new game has no decision")
        self.agent_selection = agent_name(mover)

    def _episode(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view as the encoder's vector, and its action mask."""
        ep = self._episode()
        seat = agent_seat(agent)
        return {"observation": ep.observation(seat), "action_mask": ep.mask(seat)}

    def step(self, action: int | None) -> None:
        """Play the selected agent's action (an index legal in its mask)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        ep = self._episode()
        if action is None:
            raise ValueError(f"{agent} must act: None is only for finished agents")
        self._cumulative_rewards[agent] = 0.0
        ep.play(int(action))
        self._clear_rewards()
        if ep.over:
            outcome = ep.outcome()
            assert outcome is not None
            info = outcome_info(outcome)
            for a, reward in zip(self.agents, ep.rewards(), strict=True):
                self.rewards[a] = reward
                self.terminations[a] = True
                self.infos[a] = dict(info)
        elif ep.decisions >= self.max_cycles * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            mover = ep.mover
            assert mover is not None
            self.agent_selection = agent_name(mover)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as the acting seat sees it (a spectator's view with no agent left)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        ep = self._episode()
        seat = ep.mover
        if seat is None and self.agents:
            seat = agent_seat(self.agent_selection)
        text = ep.text(seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    game_id: str,
    setup: Mapping[str, Any] | None = None,
    max_cycles: int = MAX_CYCLES,
    render_mode: str | None = None,
    lang: str = "en",
    **options: Any,
) -> CardtableAEC:
    """The bare AEC environment (illegal actions raise)."""
    return CardtableAEC(game_id, setup, max_cycles, render_mode, lang, **options)


def env(
    game_id: str,
    setup: Mapping[str, Any] | None = None,
    max_cycles: int = MAX_CYCLES,
    render_mode: str | None = None,
    lang: str = "en",
    **options: Any,
) -> AECEnv[str, dict[str, np.ndarray], int]:
    """The AEC environment in PettingZoo's standard wrappers for masked discrete actions."""
    inner: AECEnv[str, dict[str, np.ndarray], int] = raw_env(
        game_id, setup, max_cycles, render_mode, lang, **options
    )
    inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1)
    inner = wrappers.AssertOutOfBoundsWrapper(inner)
    return wrappers.OrderEnforcingWrapper(inner)
