"""What an agent sees: its seat's observation, the legal actions, and determinized samples."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from cardtable.core.errors import SetupError
from cardtable.core.game import Action, Game


class SeatView:
    """The window one seat has onto a game. Agents must use only these members."""

    __slots__ = ("_state", "game", "seat")

    def __init__(self, game: Game, state: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._state = state

    @property
    def observation(self) -> dict[str, Any]:
        """observe(state, seat)."""
        return self.game.observe(self._state, self.seat)

    @property
    def legal(self) -> list[Action]:
        """The legal actions."""
        return self.game.legal_actions(self._state)

    def text(self, action: Action) -> str:
        """The canonical text of a legal action (stable across sampled states)."""
        return self.game.action_text(self._state, action)

    def sample_state(self, rng: Any) -> Any:
        """A full state consistent with what this seat knows (hidden parts resampled)."""
        return self.game.determinize(self._state, self.seat, rng)


class Agent(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def act(self, view: SeatView) -> Action: ...


AgentFactory = Callable[[Game, int, dict[str, str]], Agent]
_FACTORIES: dict[str, AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make an agent kind available by name (generic agents, or a game's scripted ones)."""
    _FACTORIES[name] = factory


def agent_factory(name: str) -> AgentFactory | None:
    """The factory registered under ``name``."""
    return _FACTORIES.get(name)


def agent_names() -> list[str]:
    """Names of every registered agent kind."""
    return sorted(_FACTORIES)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'name:k=v,k=v' -> (name, {k: v}); a clear error for a malformed spec."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise SetupError.msg("agent_param_form", spec=spec, part=part)
            params[key.strip()] = value.strip()
    return name.strip(), params
