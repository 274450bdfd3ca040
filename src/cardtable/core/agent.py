"""What an agent sees: its seat's observation, the legal actions, and determinized samples."""

from __future__ import annotations

from typing import Any, Protocol

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

    def sample_state(self, rng: Any) -> Any:
        """A full state consistent with what this seat knows (hidden parts resampled)."""
        return self.game.determinize(self._state, self.seat, rng)


class Agent(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def act(self, view: SeatView) -> Action: ...
