"""Clash's canonical action texts: the names agents and saved games give actions, the same
in every state a seat cannot tell from the true one (compiled: searches ask for them at
every node and rollout step)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from cardtable.games.clash.state import ClashState

ROW_NAMES = ("top", "bottom")
SEAT_KEYS = "abcd"


@lru_cache(maxsize=256)
def _labels(card_ids: tuple[str, ...], owners: tuple[int, ...]) -> tuple[str, ...]:
    counts: dict[str, int] = {}
    for c in card_ids:
        counts[c] = counts.get(c, 0) + 1
    out = []
    for c, o in zip(card_ids, owners, strict=True):
        out.append(c if counts[c] == 1 else f"{c}/{'ABCD'[o] if o >= 0 else '?'}")
    return tuple(out)


def labels(st: ClashState) -> tuple[str, ...]:
    """A unique text label per instance: the card id, or 'id/A' when several decks hold it."""
    return _labels(st.card_ids, st.origin)


def action_text(st: ClashState, action: tuple[Any, ...]) -> str:
    """Canonical text of an action."""
    kind = action[0]
    if kind == "end" or kind == "continue":
        return str(kind)
    if kind == "row":
        return f"row {ROW_NAMES[action[1]]}"
    if kind == "give":
        return f"give {SEAT_KEYS[action[1]].upper()}"
    return f"{kind} {labels(st)[action[1]]}"
