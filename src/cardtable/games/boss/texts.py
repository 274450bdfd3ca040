"""Boss Battle's canonical action texts: the names agents and saved games give actions, the
same in every state a seat cannot tell from the true one (compiled: searches ask for them
at every node and rollout step)."""

from __future__ import annotations

from typing import Any

from cardtable.games.boss.state import PLAYER, STACK, BossState


def ref(st: BossState, i: int) -> str:
    """A card's name in action texts: its id, with its place when another card with the
    same id could be meant (``ID@P2.3``: player 2's battlefield, third card;
    ``ID@P2`` in a graveyard)."""
    ids = st.card_ids
    ident = ids[i]
    seat = st.ctl[i]
    if seat >= 0:
        same = 0
        for row in st.field:
            for j in row:
                if ids[j] == ident:
                    same += 1
        return ident if same == 1 else f"{ident}@P{seat + 1}.{st.field[seat].index(i) + 1}"
    owner = st.owner[i]
    if i in st.graves[owner]:
        for s, grave in enumerate(st.graves):
            if s != owner and any(ids[j] == ident for j in grave):
                return f"{ident}@P{owner + 1}"
    return ident


def target_text(st: BossState, x: int) -> str:
    """A target: a card, a player (``p2``) or a stack item (``stack:1``, from the bottom)."""
    if x >= STACK:
        return f"stack:{x - STACK + 1}"
    if x >= PLAYER:
        return f"p{x - PLAYER + 1}"
    return ref(st, x)


def action_text(st: BossState, action: tuple[Any, ...]) -> str:
    """Canonical text of an action (stable across the states a seat cannot tell apart)."""
    kind = action[0]
    if kind == "play":
        return f"play {st.card_ids[action[1]]}"
    if kind == "activate":
        return f"activate {ref(st, action[1])} {action[2] + 1}"
    if kind == "target":
        return f"target {target_text(st, action[1])}"
    if kind in ("mode", "amount"):
        return f"{kind} {action[1] + 1 if kind == 'mode' else action[1]}"
    if len(action) > 1:
        return f"{kind} {ref(st, action[1])}"
    return str(kind)
