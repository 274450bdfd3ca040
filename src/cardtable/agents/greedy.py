"""The greedy agent: tries each legal action on a determinized copy and keeps the best.

It looks one decision ahead: an action is judged by the game's ``evaluate`` of the state
it leads to; when that state asks the same seat to complete the choice (a row for a
chosen creature, a target for a spell), the best completion is counted. The completions
looked at are bounded by a budget of evaluations per action, split among the options of
each sub-choice, so a long chain of choices (six targets one by one) stays cheap.
"""

from __future__ import annotations

from typing import Any

from cardtable.agents.base import check_params, register_agent
from cardtable.core.agent import SeatView
from cardtable.core.game import Action, Game
from cardtable.core.rng import Rng

MAX_DEPTH = 3
BUDGET = 64  # evaluations per top-level action, at most


class GreedyAgent:
    """One-decision lookahead with the game's evaluation."""

    name = "greedy"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng(seed)

    def act(self, view: SeatView) -> Action:
        """The legal action with the best evaluation (ties broken at random)."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        state = view.sample_state(self.rng)
        best: list[Action] = []
        best_value = -2.0
        for action in legal:
            value = self._value(state, action, view.seat, 0, BUDGET)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randbelow(len(best))]

    def _value(self, state: Any, action: Action, seat: int, depth: int, budget: int) -> float:
        game = self.game
        child = state.clone()
        game.apply_unchecked(child, action)
        if depth < MAX_DEPTH and game.to_move(child) == seat and game.is_subdecision(child):
            options = game.legal_actions(child)
            if len(options) <= budget:
                share = budget // len(options)
                return max(self._value(child, a, seat, depth + 1, share) for a in options)
        return game.evaluate(child, seat)


def _make(game: Game, seed: int, params: dict[str, str]) -> GreedyAgent:
    check_params(params, set(), "greedy")
    return GreedyAgent(game, seed)


register_agent("greedy", _make)
