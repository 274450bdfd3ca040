"""Builders shared by the Blue Moon tests: area entries, actions by text, what is legal,
announcements and totals."""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.bluemoon.powers import total
from cardtable.games.bluemoon.state import BlueMoonState

GAME = get_game("bluemoon")


def at(turn: int, *cards: str, active: bool = True) -> list[dict[str, Any]]:
    """Area entries played in fight turn ``turn``."""
    return [{"card": c, "turn": turn, "active": active} for c in cards]


def play(st: BlueMoonState, *texts: str) -> None:
    """Apply actions by text; "done" only when it is still to be chosen."""
    for t in texts:
        if t == "done" and ("done",) not in GAME.legal_actions(st):
            continue
        GAME.apply(st, GAME.parse_action(st, t))


def legal(st: BlueMoonState) -> set[str]:
    """The texts of the legal actions."""
    return {GAME.action_text(st, a) for a in GAME.legal_actions(st)}


def ids(st: BlueMoonState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def active_combat(st: BlueMoonState, s: int) -> list[str]:
    return [st.card_ids[i] for i in st.combat[s] if st.act[i]]


def announced(st: BlueMoonState) -> list[tuple[int, int, int | None]]:
    """(seat, total, element) of every announcement so far."""
    return [(e.seat, e.data["n"], e.data["element"]) for e in st.log or [] if e.kind == "announce"]


def tot(st: BlueMoonState, s: int) -> int:
    return total(GAME.db, st, s)
