"""What-if card numbers: a setup's ``overrides`` change printed numbers for one game.

``{card: {field: number}}`` (a card named by id, or by its Russian or English name)
replaces a card's printed Fire or Earth value (characters, boosters, supports) or its
moons (every playing card; moons only count when decks are built, bluemoon.deck.moons)
in this game only. The card files are not touched and no database is changed: the game
uses a copy of the database with the changed cards.

The state keeps the changes that matter to it (``BlueMoonState.overrides``: the canonical
JSON text of the fields that differ from the printed cards, for the cards in the game;
``""`` for none), so every lookup of a definition (``BlueMoonGame.dbs``) finds the changed
cards, and saved states, replays and position documents keep them: a game from the same
setup and seed replays exactly, and a game without overrides never sees them.
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
from cardtable.games.bluemoon.cards import BlueMoonDB, CardDef, CardModel

FIELDS = ("fire", "earth", "moons")
"""Every field an override may name (the plain numbers of the card schema)."""
VALUED_FIELDS = ("fire", "earth", "moons")
"""What a character's, booster's or support's overrides may change (bluemoon.turn.announce:
their printed values count in the totals)."""
LEADERSHIP_FIELDS = ("moons",)
"""What a leadership card's overrides may change (it has no values)."""

Overrides = dict[str, dict[str, int]]
"""Card id -> field -> new number (validated and normalised)."""

_PREFIX = "Blue Moon setup: overrides"


def fields_of(card: CardDef) -> tuple[str, ...]:
    """The fields an override may change on this card (none on a leader card)."""
    if card.type in ("character", "booster", "support"):
        return VALUED_FIELDS
    if card.type == "leadership":
        return LEADERSHIP_FIELDS
    return ()


def limits(name: str) -> tuple[int, int]:
    """The range the card schema (``cards.CardModel``) allows for a field (at most 99 where
    the schema sets no upper limit)."""
    low, high = 0, 99
    for rule in CardModel.model_fields[name].metadata:
        if isinstance(rule, Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, Le):
            high = int(rule.le)  # type: ignore[call-overload]
    return low, high


def _whole(card: str, name: str, value: Any) -> int:
    """A whole number within the schema's limits (an integral float such as ``2.0`` from a
    TOML file counts)."""
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


def check_overrides(db: BlueMoonDB, overrides: Mapping[str, Any] | None) -> Overrides:
    """Validated overrides with card ids, sorted by card and field.

    A SetupError names an unknown card, a card given twice (by id and by name), a leader
    card, an unknown field or one the card's type does not have (the message lists the
    allowed fields), or a value that is not a whole number within the card schema's limits.
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
        if not allowed:
            raise SetupError(
                f"{_PREFIX}: {card.id} is a leader card: it is never played and has no "
                "numbers to change"
            )
        kind = f"a {card.type} card"
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
    db: BlueMoonDB, checked: Mapping[str, Mapping[str, int]], cards: Collection[str] | None = None
) -> Overrides:
    """The checked overrides that really change a card (a field set to its printed number is
    dropped), only for ``cards`` when given (the cards of one game)."""
    out: Overrides = {}
    for ident in sorted(checked):
        if cards is not None and ident not in cards:
            continue
        card = db.cards[ident]
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
    """A card with some of its numbers replaced."""
    return replace(
        card,
        fire=fields.get("fire", card.fire),
        earth=fields.get("earth", card.earth),
        moons=fields.get("moons", card.moons),
    )


def with_overrides(db: BlueMoonDB, changed: Mapping[str, Mapping[str, int]]) -> BlueMoonDB:
    """A new database with the changed cards (``db`` itself is not touched)."""
    if not changed:
        return db
    cards = dict(db.cards)
    for ident, fields in changed.items():
        cards[ident] = overridden(cards[ident], fields)
    return BlueMoonDB(cards, db.boxes)


def overrides_text(key: str) -> str:
    """'card.field = n, …' for the screen (the state's form)."""
    return ", ".join(
        f"{card}.{name} = {value}"
        for card, fields in decode(key).items()
        for name, value in fields.items()
    )


__all__ = [
    "FIELDS",
    "LEADERSHIP_FIELDS",
    "VALUED_FIELDS",
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
