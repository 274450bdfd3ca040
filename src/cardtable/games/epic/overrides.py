"""What-if card numbers: a setup's ``overrides`` change printed numbers for one game.

``{card: {field: number}}`` (a card named by id, or by its Russian or English name)
replaces a card's printed cost (champions and events: epic.card.cost, epic.play.pay), a
champion's or token's offense and defense (epic.card.attack, epic.card.defense), or the
gold a recall costs (cards with Recall: epic.keyword.recall) in this game only. The card
files are not touched and no database is changed: the game uses a copy of the database
with the changed cards.

The state keeps the changes that matter to it (``EpicState.overrides``: the canonical JSON
text of the fields that differ from the printed cards, for the cards of the game and the
tokens; ``""`` for none), so every lookup of a definition (``EpicGame.dbs``) finds the
changed cards, and saved states, replays and position documents keep them: a game from
the same setup and seed replays exactly, and a game without overrides never sees them.
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
from cardtable.games.epic.cards import CardModel
from cardtable.games.epic.problems import MESSAGES
from cardtable.games.epic.records import CardDef, EpicDB

FIELDS = ("cost", "offense", "defense", "recall_gold")
"""Every field an override may name (the plain numbers of the card schema)."""
CHAMPION_FIELDS = ("cost", "offense", "defense")
"""What a champion's overrides may change (plus recall_gold when it has Recall)."""
EVENT_FIELDS = ("cost",)
"""What an event's overrides may change (plus recall_gold when it has Recall); the extra
gold of a mode (``Mode.gold``) belongs to the effect text and is not a field here."""
TOKEN_FIELDS = ("offense", "defense")
"""What a token's overrides may change (a token is never played: it has no cost)."""

_PREFIX = MESSAGES.message("overrides_prefix")


def fields_of(card: CardDef) -> tuple[str, ...]:
    """The fields an override may change on this card."""
    if card.type == "token":
        return TOKEN_FIELDS
    base = CHAMPION_FIELDS if card.type == "champion" else EVENT_FIELDS
    return (*base, "recall_gold") if card.recall is not None else base


def limits(name: str) -> tuple[int, int]:
    """The range the card schema (``cards.CardModel``) allows for a field: cost and recall
    gold are 0 or 1, as a player has at most one gold (epic.gold.pay)."""
    return schema_limits(CardModel, name)


def _overridable(db: EpicDB, ident: str) -> Overridable:
    card = db.card(ident)
    kind = MESSAGES.message(f"override_kind_{card.type}")
    if card.recall is not None:
        kind = MESSAGES.message("override_kind_recall", kind=kind)
    return Overridable(card.id, kind, fields_of(card))


def check_overrides(db: EpicDB, overrides: Mapping[str, Any] | None) -> Overrides:
    """Validated overrides with card ids, sorted by card and field (core.overrides)."""
    return core.check_overrides(
        overrides,
        prefix=_PREFIX,
        card=lambda ident: _overridable(db, ident),
        all_fields=FIELDS,
        limits=limits,
    )


def changes(
    db: EpicDB, checked: Mapping[str, Mapping[str, int]], cards: Collection[str] | None = None
) -> Overrides:
    """The checked overrides that really change a card, only for ``cards`` when given (the
    cards of one game; tokens always count, as any game may make them)."""
    if cards is None:
        return core.changes(db.cards, checked)
    return core.changes(
        db.cards, checked, lambda ident: ident in cards or db.cards[ident].type == "token"
    )


def overridden(card: CardDef, fields: Mapping[str, int]) -> CardDef:
    """A card with some of its numbers replaced (its derived parts worked out again)."""
    return replace(
        card,
        cost=fields.get("cost", card.cost),
        offense=fields.get("offense", card.offense),
        defense=fields.get("defense", card.defense),
        recall_gold=fields.get("recall_gold", card.recall_gold),
    )


def with_overrides(db: EpicDB, changed: Mapping[str, Mapping[str, int]]) -> EpicDB:
    """A new database with the changed cards (``db`` itself is not touched)."""
    if not changed:
        return db
    cards = dict(db.cards)
    for ident, fields in changed.items():
        cards[ident] = overridden(cards[ident], fields)
    return EpicDB(cards)


def position_key(db: EpicDB, raw: Any, card_ids: Collection[str]) -> str:
    """The state's form of a position document's ``overrides`` (as in a setup), for the
    cards of the position; a SetupError from the check becomes the caller's error."""
    return encode(changes(db, check_overrides(db, raw), set(card_ids)))


__all__ = [
    "CHAMPION_FIELDS",
    "EVENT_FIELDS",
    "FIELDS",
    "TOKEN_FIELDS",
    "Overrides",
    "changes",
    "check_overrides",
    "decode",
    "encode",
    "fields_of",
    "limits",
    "overridden",
    "overrides_text",
    "position_key",
    "with_overrides",
]
