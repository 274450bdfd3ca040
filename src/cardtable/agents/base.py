"""Agents by name with parameters: ``random``, ``greedy``, ``greedy:seed=3``."""

from __future__ import annotations

from typing import Any

from cardtable.core.agent import Agent, agent_factory, agent_names, parse_spec, register_agent
from cardtable.core.errors import SetupError
from cardtable.core.game import Game
from cardtable.core.registry import game_ids

__all__ = ["agent_names", "check_params", "int_param", "make_agent", "parse_spec", "register_agent"]


def make_agent(spec: str, game: Game, seed: int) -> Agent:
    """An agent from its spec; ``seed`` is used unless the spec sets ``seed=``."""
    name, params = parse_spec(spec)
    game_ids()  # games register their scripted agents when they load
    factory = agent_factory(name)
    if factory is None:
        raise SetupError.msg("unknown_agent", name=name, known=", ".join(agent_names()))
    if "seed" in params:
        seed = int_param(params, "seed", spec)
    return factory(game, seed, params)


def int_param(params: dict[str, str], key: str, spec: str, default: int = 0) -> int:
    """An integer parameter of an agent spec."""
    raw = params.get(key)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SetupError.msg("agent_int", spec=spec, key=key, got=raw) from None


def check_params(params: dict[str, Any], allowed: set[str], name: str) -> None:
    """Refuse unknown parameters."""
    bad = set(params) - allowed - {"seed"}
    if bad:
        raise SetupError.msg("agent_unknown_params", name=name, params=", ".join(sorted(bad)))
