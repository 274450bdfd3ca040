"""Small builders shared by the Clash tests: inline cards and playing action texts."""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game

GAME = get_game("clash")


def card(
    ident: str,
    kind: str = "creature",
    cost: int = 1,
    attack: int = 1,
    health: int = 1,
    abilities: list[str] | None = None,
    aura: str | None = None,
    damage: int = 0,
    number: int | None = None,
) -> dict[str, Any]:
    """An inline card definition (the card-file schema) for a position's `cards:` list."""
    out: dict[str, Any] = {
        "id": ident,
        "number": number if number is not None else 900 + len(ident),
        "name": {"ru": ident, "en": ident},
        "kind": kind,
        "cost": cost,
        "abilities": abilities or [],
    }
    if kind == "creature":
        out |= {"attack": attack, "health": health}
    else:
        out["damage"] = damage
    if aura:
        out["aura"] = aura
    return out


def play(st: Any, *texts: str) -> None:
    """Apply actions given in their text form."""
    for t in texts:
        GAME.apply(st, GAME.parse_action(st, t))
