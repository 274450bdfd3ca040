"""The random agent: a uniform choice among the legal actions, from its own seeded generator."""

from __future__ import annotations

from cardtable.agents.base import check_params, register_agent
from cardtable.core.agent import SeatView
from cardtable.core.game import Action, Game
from cardtable.core.rng import Rng


class RandomAgent:
    """Uniformly random legal play."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, view: SeatView) -> Action:
        """A uniformly chosen legal action."""
        legal = view.legal
        return legal[self.rng.randbelow(len(legal))]


def _make(game: Game, seed: int, params: dict[str, str]) -> RandomAgent:
    check_params(params, set(), "random")
    return RandomAgent(seed)


register_agent("random", _make)
