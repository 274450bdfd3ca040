"""One game as a task: plain data in, a plain record out (for any backend).

A task holds everything that decides its game (game, setup, agent specs per seat, the
game seed and each agent's seed), so running it anywhere gives the same record. The
record adds what reports need: winners, first player, length, each seat's decisions
and thinking time, and (when asked) the cards each seat played.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.agents import make_agent
from cardtable.core.agent import Agent, SeatView
from cardtable.core.game import Action
from cardtable.core.match import play_match
from cardtable.core.registry import get_game


@dataclass(frozen=True, slots=True)
class MatchTask:
    """Everything one game depends on."""

    key: str
    game: str
    setup: Mapping[str, Any]
    specs: tuple[str, ...]
    seed: int
    agent_seeds: tuple[int, ...]
    labels: tuple[str, ...] = ()
    """What each seat stands for in a report (an agent spec, a deck); specs if empty."""
    track_cards: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Plain data copied into the record (e.g. the pairing a tournament game belongs to)."""


class _Timed:
    """Wraps an agent to count its decisions (two or more legal actions) and the CPU
    time it spends on them."""

    __slots__ = ("agent", "decisions", "name", "seconds")

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.decisions = 0
        self.seconds = 0.0

    def act(self, view: SeatView) -> Action:
        if len(view.legal) == 1:  # a forced move is not a decision
            return self.agent.act(view)
        start = time.process_time()
        action = self.agent.act(view)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


def play_task(task: MatchTask) -> dict[str, Any]:
    """Play the task's game and return its record (plain JSON-able data)."""
    game = get_game(task.game)
    agents = [
        _Timed(make_agent(spec, game, seed))
        for spec, seed in zip(task.specs, task.agent_seeds, strict=True)
    ]
    played: list[list[str]] = [[] for _ in task.specs]

    def note(state: Any, seat: int, action: Action) -> None:
        card = game.played_card(state, action)
        if card is not None:
            played[seat].append(card)

    result = play_match(
        game,
        task.setup,
        task.seed,
        agents,
        checked=False,
        on_action=note if task.track_cards else None,
    )
    first = getattr(result.state, "first", None)
    record: dict[str, Any] = {
        "key": task.key,
        "seed": task.seed,
        "specs": list(task.specs),
        "labels": list(task.labels or task.specs),
        "winners": list(result.outcome.winners),
        "reason": result.outcome.reason,
        "first": first if isinstance(first, int) and first >= 0 else None,
        "turns": game.turn_number(result.state),
        "actions": result.actions,
        "decisions": [a.decisions for a in agents],
        "think_s": [round(a.seconds, 4) for a in agents],
        **dict(task.extra),
    }
    if task.track_cards:
        record["played"] = played
    return record


def outcome_fields(record: Mapping[str, Any]) -> dict[str, Any]:
    """The deterministic part of a record (what two backends must agree on)."""
    return {k: v for k, v in record.items() if k != "think_s"}


def seat_score(record: Mapping[str, Any], seat: int) -> float:
    """1 for a win (shared or alone), 0.5 for a game without a winner, 0 for a loss."""
    winners: Sequence[int] = record["winners"]
    if not winners:
        return 0.5
    return 1.0 if seat in winners else 0.0
