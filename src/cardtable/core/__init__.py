"""The kernel: registry, game hooks, state helpers, events, replays, positions, matches.

It knows no game by name.
"""

from cardtable.core.agent import Agent, SeatView
from cardtable.core.errors import (
    CardDataError,
    CardtableError,
    DeckError,
    IllegalAction,
    PositionError,
    ReplayError,
    SetupError,
)
from cardtable.core.events import Event
from cardtable.core.game import (
    CONTINUE,
    Action,
    Game,
    Outcome,
    canonical_json,
    state_hash,
    to_action,
)
from cardtable.core.registry import game_ids, get_game, register

__all__ = [
    "CONTINUE",
    "Action",
    "Agent",
    "CardDataError",
    "CardtableError",
    "DeckError",
    "Event",
    "Game",
    "IllegalAction",
    "Outcome",
    "PositionError",
    "ReplayError",
    "SeatView",
    "SetupError",
    "canonical_json",
    "game_ids",
    "get_game",
    "register",
    "state_hash",
    "to_action",
]
