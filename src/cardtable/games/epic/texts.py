"""Epic's canonical action texts: the names agents and saved games give actions, the same
in every state a seat cannot tell from the true one (compiled: searches ask for them at
every node and rollout step)."""

from __future__ import annotations

from typing import Any

from cardtable.games.epic.effects import PLAYER
from cardtable.games.epic.state import EpicState


def label(st: EpicState, i: int) -> str:
    """A champion's text label: its card id, with ``@P1.2`` (controller, place in play)
    when several cards share the id (stable when a position is saved and loaded)."""
    ids = st.card_ids
    ident = ids[i]
    ctl = st.controller[i]
    if ctl < 0:
        return ident
    copies = 0
    for row in st.play:
        for j in row:
            if ids[j] == ident:
                copies += 1
    if copies == 1:
        return ident
    return f"{ident}@P{ctl + 1}.{st.play[ctl].index(i)}"


def action_text(st: EpicState, action: tuple[Any, ...]) -> str:
    """Canonical text of an action (cards in hand by id: copies are the same choice)."""
    kind = action[0]
    if kind == "play":
        return f"play {st.card_ids[action[1]]}" + (f" {action[2] + 1}" if action[2] else "")
    if kind == "talent":
        return f"talent {label(st, action[1])}" + (f" {action[2] + 1}" if action[2] else "")
    if kind == "recall":
        return f"recall {st.card_ids[action[1]]}" + (f" {action[2] + 1}" if action[2] else "")
    if kind == "show":
        return "show " + " ".join(st.card_ids[c] for c in action[1:])
    if kind in ("mull", "discard", "bury", "pick", "cut"):
        return f"{kind} {st.card_ids[action[1]]}"
    if kind == "first":
        return f"first {label(st, action[1])}" + (f" {action[2] + 1}" if action[2] else "")
    if kind == "add":
        return f"add {label(st, action[1])}"
    if kind == "to":
        return f"to {label(st, action[1])} {action[2]}"
    if kind == "player":
        return f"player {action[1]}"
    if kind == "target":
        x = int(action[1])
        if x & PLAYER:
            return f"target p{(x & ~PLAYER) + 1}"
        if st.controller[x] < 0:  # a card in a discard pile or a hand
            return f"target {st.card_ids[x]}@{zone_of(st, x)}"
        return f"target {label(st, x)}"
    if kind == "x":
        return f"x {action[1]}"
    if kind == "attack" and len(action) > 1:
        return f"attack p{action[1] + 1}"
    return str(kind)


def zone_of(st: EpicState, c: int) -> str:
    """Where a card out of play is: ``P1.discard`` / ``P2.hand``."""
    for s in range(len(st.health)):
        if c in st.discards[s]:
            return f"P{s + 1}.discard"
        if c in st.hands[s]:
            return f"P{s + 1}.hand"
    return "limbo"
