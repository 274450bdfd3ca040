"""The match runner: drives agents through one game and records its replay."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.agent import Agent, SeatView
from cardtable.core.errors import CardtableError
from cardtable.core.game import Action, Game, Outcome
from cardtable.core.replay import Replay


class MatchLimit(CardtableError):
    """A match ran past its action limit (a safety net against endless games)."""


@dataclass(slots=True)
class MatchResult:
    """The end of one match."""

    outcome: Outcome
    state: Any
    replay: Replay
    actions: int


def play_match(
    game: Game,
    setup: Mapping[str, Any] | None,
    seed: int,
    agents: Sequence[Agent],
    *,
    log: bool = False,
    max_actions: int = 100_000,
    checked: bool = True,
    on_action: Callable[[Any, int, Action], None] | None = None,
    state: Any = None,
) -> MatchResult:
    """Play one game to its end; every seat's choices come from its agent."""
    if state is None:
        state = game.new_game(setup, seed, log=log)
    if log and state.log is None:
        state.log = []
    replay = Replay(game=game.id, setup=dict(setup or {}), seed=seed)
    apply = game.apply if checked else game.apply_unchecked
    n = 0
    while True:
        seat = game.to_move(state)
        if seat is None:
            break
        if n >= max_actions:
            raise MatchLimit(f"no outcome after {max_actions} actions")
        action = agents[seat].act(SeatView(game, state, seat))
        if on_action is not None:
            on_action(state, seat, action)
        apply(state, action)
        replay.actions.append(action)
        n += 1
    outcome = game.outcome(state)
    assert outcome is not None
    replay.seal(game, state)
    return MatchResult(outcome, state, replay, n)
