"""Agents by name with parameters: ``random``, ``greedy``, ``greedy:seed=3``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.agent import Agent
from cardtable.core.errors import SetupError
from cardtable.core.game import Game

AgentFactory = Callable[[Game, int, dict[str, str]], Agent]
_FACTORIES: dict[str, AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make an agent kind available by name."""
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    """Names of every agent kind."""
    return sorted(_FACTORIES)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'name:k=v,k=v' -> (name, {k: v}); a clear error for a malformed spec."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise SetupError(f"agent {spec!r}: parameters are written key=value, got {part!r}")
            params[key.strip()] = value.strip()
    return name.strip(), params


def make_agent(spec: str, game: Game, seed: int) -> Agent:
    """An agent from its spec; ``seed`` is used unless the spec sets ``seed=``."""
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise SetupError(f"unknown agent {name!r}: choose one of {', '.join(agent_names())}")
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
        raise SetupError(f"agent {spec!r}: {key} must be an integer, got {raw!r}") from None


def check_params(params: dict[str, Any], allowed: set[str], name: str) -> None:
    """Refuse unknown parameters."""
    bad = set(params) - allowed - {"seed"}
    if bad:
        raise SetupError(f"agent {name!r}: unknown parameter(s) {sorted(bad)}")
