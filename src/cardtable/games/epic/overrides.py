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

import json
import math
from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from annotated_types import Ge, Le

from cardtable.core.errors import CardDataError, SetupError
from cardtable.core.game import canonical_json
from cardtable.games.epic.cards import CardDef, CardModel, EpicDB

FIELDS = ("cost", "offense", "defense", "recall_gold")
"""Every field an override may name (the plain numbers of the card schema)."""
CHAMPION_FIELDS = ("cost", "offense", "defense")
"""What a champion's overrides may change (plus recall_gold when it has Recall)."""
EVENT_FIELDS = ("cost",)
"""What an event's overrides may change (plus recall_gold when it has Recall); the extra
gold of a mode (``Mode.gold``) belongs to the effect text and is not a field here."""
TOKEN_FIELDS = ("offense", "defense")
"""What a token's overrides may change (a token is never played: it has no cost)."""

Overrides = dict[str, dict[str, int]]
"""Card id -> field -> new number (validated and normalised)."""

_PREFIX = "Epic setup: overrides"


def fields_of(card: CardDef) -> tuple[str, ...]:
    """The fields an override may change on this card."""
    if card.type == "token":
        return TOKEN_FIELDS
    base = CHAMPION_FIELDS if card.type == "champion" else EVENT_FIELDS
    return (*base, "recall_gold") if card.recall is not None else base


def limits(name: str) -> tuple[int, int]:
    """The range the card schema (``cards.CardModel``) allows for a field (at most 99 where
    the schema sets no upper limit): cost and recall gold are 0 or 1, as a player has at
    most one gold (epic.gold.pay)."""
    low, high = 0, 99
    for rule in CardModel.model_fields[name].metadata:
        if isinstance(rule, Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, Le):
            high = int(rule.le)  # type: ignore[call-overload]
    return low, high


def _whole(card: str, name: str, value: Any) -> int:
    """A whole number within the schema's limits (an integral float such as ``2.0`` from a
    TOML or JSON file counts)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SetupError(f"{_PREFIX}: {card}.{name} must be a whole number, not {value!r}")
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise SetupError(f"{_PREFIX}: {card}.{name} must be a whole number, not {value!r}")
        value = int(value)
    low, high = limits(name)
    if not low <= value <= high:
        raise SetupError(
            f"{_PREFIX}: {card}.{name} = {value} is out of range: "
            f"the card schema allows {low} to {high}"
        )
    return int(value)


def check_overrides(db: EpicDB, overrides: Mapping[str, Any] | None) -> Overrides:
    """Validated overrides with card ids, sorted by card and field.

    A SetupError names an unknown card, a card given twice (by id and by name), an unknown
    field or one the card's type does not have (the message lists the allowed fields), or
    a value that is not a whole number within the card schema's limits.
    """
    if not overrides:
        return {}
    if not isinstance(overrides, Mapping):
        raise SetupError(f"{_PREFIX}: must map card ids to {{field: number}} tables")
    out: Overrides = {}
    for ident, fields in overrides.items():
        if not isinstance(ident, str):
            raise SetupError(f"{_PREFIX}: a card is named by its id or name, not {ident!r}")
        try:
            card = db.card(ident)
        except CardDataError:
            raise SetupError(f"{_PREFIX}: unknown card {ident!r}") from None
        if card.id in out:
            raise SetupError(f"{_PREFIX}: card {card.id!r} is given twice")
        allowed = fields_of(card)
        article = "an" if card.type == "event" else "a"
        kind = f"{article} {card.type} card" + ("" if card.recall is None else " with Recall")
        if not isinstance(fields, Mapping) or not fields:
            raise SetupError(
                f"{_PREFIX}: {card.id} must be a table of field = number "
                f"(fields of {kind}: {', '.join(allowed)})"
            )
        numbers: dict[str, int] = {}
        for name in sorted(fields, key=str):
            if name not in allowed:
                what = (
                    f"{card.id} is {kind}, it has no {name!r}"
                    if name in FIELDS
                    else f"{card.id}: unknown field {name!r}"
                )
                raise SetupError(
                    f"{_PREFIX}: {what}; the fields of {kind} are {', '.join(allowed)}"
                )
            numbers[name] = _whole(card.id, name, fields[name])
        out[card.id] = numbers
    return {k: out[k] for k in sorted(out)}


def changes(
    db: EpicDB, checked: Mapping[str, Mapping[str, int]], cards: Collection[str] | None = None
) -> Overrides:
    """The checked overrides that really change a card (a field set to its printed number is
    dropped), only for ``cards`` when given (the cards of one game; tokens always count, as
    any game may make them)."""
    out: Overrides = {}
    for ident in sorted(checked):
        card = db.cards[ident]
        if cards is not None and ident not in cards and card.type != "token":
            continue
        fields = {n: v for n, v in sorted(checked[ident].items()) if getattr(card, n) != v}
        if fields:
            out[ident] = fields
    return out


def encode(changed: Mapping[str, Mapping[str, int]]) -> str:
    """The state's form of the changes: canonical JSON text, ``""`` for none."""
    return canonical_json(changed) if changed else ""


def decode(key: str) -> Overrides:
    """Inverse of encode (a fresh dict every time)."""
    if not key:
        return {}
    data: Overrides = json.loads(key)
    return data


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


def overrides_text(key: str) -> str:
    """'card.field = n, …' for the screen (the state's form)."""
    return ", ".join(
        f"{card}.{name} = {value}"
        for card, fields in decode(key).items()
        for name, value in fields.items()
    )


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
