"""Blue Moon's canonical action texts: the names agents and saved games give actions, the
same in every state a seat cannot tell from the true one (compiled: searches ask for them
at every node and rollout step)."""

from __future__ import annotations

from typing import Any

from cardtable.games.bluemoon.powers import ELEMENTS
from cardtable.games.bluemoon.state import BlueMoonState

COUNTS = ("draw", "reveal")  # actions whose argument is a number of cards, not a card


def action_text(st: BlueMoonState, action: tuple[Any, ...]) -> str:
    """Canonical text of an action (cards by id: copies do not exist in Blue Moon)."""
    kind = action[0]
    if kind in COUNTS:
        return f"{kind} {action[1]}"
    if kind == "char" and len(action) > 2:
        return f"char {st.card_ids[action[1]]} {ELEMENTS[action[2]]}"
    if len(action) > 2:  # ("shed", card, demanding card)
        return f"{kind} {st.card_ids[action[1]]} {st.card_ids[action[2]]}"
    if len(action) > 1:
        return f"{kind} {st.card_ids[action[1]]}"
    return str(kind)
