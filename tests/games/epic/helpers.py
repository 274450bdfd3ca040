"""Builders shared by the Epic tests: a position at P1's main phase, action texts."""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.epic.state import EpicState

GAME = get_game("epic")
FILLER = ["purification"] * 6


def position(
    cards: list[dict[str, Any]], p1: dict[str, Any], p2: dict[str, Any], **top: Any
) -> EpicState:
    """Turn 3, P1 to act in its main phase; each deck six Purifications unless given."""
    doc = {
        "game": "epic",
        "turn": 3,
        "active": "P1",
        "first": "P1",
        "window": "main",
        "initiative": "P1",
        "cards": cards,
        "players": {"P1": {"deck": FILLER, **p1}, "P2": {"deck": FILLER, **p2}},
    } | top
    st = GAME.load_position(doc)
    st.log = []
    return st


def play(st: EpicState, *actions: str) -> None:
    """Apply actions in their text form."""
    for t in actions:
        GAME.apply(st, GAME.parse_action(st, t))


def texts(st: EpicState) -> list[str]:
    """The legal actions' texts."""
    return [GAME.action_text(st, a) for a in GAME.legal_actions(st)]
