"""What-if card numbers: a setup's ``overrides`` change printed numbers for one game.

``{card: {field: number}}`` (a card named by id, or by its Russian or English name)
replaces a card's cost, a unit's attack or durability, the X of its Конструирование or
Синергия, or its «Расплата» cost, in this game only. The card files are not touched: the
game uses a copy of the database with the changed cards. The state keeps the changes that
matter to it (``BossState.overrides``), so saves, replays and positions keep them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from cardtable.core import overrides as core
from cardtable.core.overrides import (
    Overridable,
    Overrides,
    decode,
    encode,
    overrides_text,
    schema_limits,
)
from cardtable.games.boss.cards import CardModel
from cardtable.games.boss.problems import MESSAGES
from cardtable.games.boss.records import BossDB, CardDef, boss_db, rederived

FIELDS = ("cost", "attack", "durability", "synergy", "construct", "reckoning")
"""Every field an override may name."""

_PREFIX = MESSAGES.message("overrides_prefix")


def fields_of(card: CardDef) -> tuple[str, ...]:
    """The fields an override may change on this card."""
    out = ["cost"]
    if card.is_unit:
        out += ["attack", "durability"]
    if card.synergy:
        out.append("synergy")
    if card.construct is not None:
        out.append("construct")
    if card.reckoning is not None:
        out.append("reckoning")
    return tuple(out)


def limits(name: str) -> tuple[int, int]:
    """The range the card schema allows for a field."""
    if name == "construct":
        return 1, 9
    if name == "reckoning":
        return 0, 9
    low, high = schema_limits(CardModel, name)
    return low, high


def _overridable(db: BossDB, ident: str) -> Overridable:
    card = db.card(ident)
    return Overridable(card.id, MESSAGES.message(f"override_kind_{card.type}"), fields_of(card))


def check_overrides(db: BossDB, overrides: Mapping[str, Any] | None) -> Overrides:
    """Validated overrides with card ids, sorted by card and field (core.overrides)."""
    return core.check_overrides(
        overrides,
        prefix=_PREFIX,
        card=lambda ident: _overridable(db, ident),
        all_fields=FIELDS,
        limits=limits,
    )


def printed(card: CardDef, name: str) -> int:
    """A card's printed number for an override field."""
    if name == "construct":
        return card.construct.x if card.construct is not None else 0
    if name == "reckoning":
        return card.reckoning.cost if card.reckoning is not None else 0
    value: int = getattr(card, name)
    return value


def changes(
    db: BossDB, checked: Mapping[str, Mapping[str, int]], cards: Collection[str] | None = None
) -> Overrides:
    """The checked overrides that really change a card, only for ``cards`` when given."""
    out: Overrides = {}
    for ident in sorted(checked):
        if cards is not None and ident not in cards:
            continue
        card = db.cards[ident]
        fields = {n: v for n, v in sorted(checked[ident].items()) if printed(card, n) != v}
        if fields:
            out[ident] = fields
    return out


def overridden(card: CardDef, fields: Mapping[str, int]) -> CardDef:
    """A card with some of its numbers replaced."""
    construct = card.construct
    if "construct" in fields and construct is not None:
        construct = replace(construct, x=fields["construct"])
    reckoning = card.reckoning
    if "reckoning" in fields and reckoning is not None:
        reckoning = replace(reckoning, cost=fields["reckoning"])
    changed = replace(
        card,
        cost=fields.get("cost", card.cost),
        attack=fields.get("attack", card.attack),
        durability=fields.get("durability", card.durability),
        synergy=fields.get("synergy", card.synergy),
        construct=construct,
        reckoning=reckoning,
    )
    return rederived(changed)


def with_overrides(db: BossDB, changed: Mapping[str, Mapping[str, int]]) -> BossDB:
    """A new database with the changed cards (``db`` itself is not touched)."""
    if not changed:
        return db
    cards = dict(db.cards)
    for ident, fields in changed.items():
        cards[ident] = overridden(cards[ident], fields)
    return boss_db(cards, db.decks)


__all__ = [
    "FIELDS",
    "Overrides",
    "changes",
    "check_overrides",
    "decode",
    "encode",
    "fields_of",
    "limits",
    "overridden",
    "overrides_text",
    "with_overrides",
]
