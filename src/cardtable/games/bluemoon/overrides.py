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

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from cardtable.core import overrides as core
from cardtable.core.errors import Message, SetupError
from cardtable.core.overrides import (
    Overridable,
    Overrides,
    decode,
    encode,
    overrides_text,
    schema_limits,
)
from cardtable.games.bluemoon.cards import CardModel
from cardtable.games.bluemoon.problems import MESSAGES, PKG
from cardtable.games.bluemoon.records import BlueMoonDB, CardDef, blue_moon_db

FIELDS = ("fire", "earth", "moons")
"""Every field an override may name (the plain numbers of the card schema)."""
VALUED_FIELDS = ("fire", "earth", "moons")
"""What a character's, booster's or support's overrides may change (bluemoon.turn.announce:
their printed values count in the totals)."""
LEADERSHIP_FIELDS = ("moons",)
"""What a leadership card's overrides may change (it has no values)."""

_PREFIX = MESSAGES.message("overrides_prefix")


def fields_of(card: CardDef) -> tuple[str, ...]:
    """The fields an override may change on this card (none on a leader card)."""
    if card.type in ("character", "booster", "support"):
        return VALUED_FIELDS
    if card.type == "leadership":
        return LEADERSHIP_FIELDS
    return ()


def limits(name: str) -> tuple[int, int]:
    """The range the card schema (``cards.CardModel``) allows for a field."""
    return schema_limits(CardModel, name)


def _overridable(db: BlueMoonDB, ident: str) -> Overridable:
    card = db.card(ident)
    if not fields_of(card):
        raise SetupError.msg_in(PKG, "override_leader", prefix=_PREFIX, card=card.id)
    return Overridable(card.id, MESSAGES.message(f"override_kind_{card.type}"), fields_of(card))


def check_overrides(
    db: BlueMoonDB, overrides: Mapping[str, Any] | None, prefix: str | Message = _PREFIX
) -> Overrides:
    """Validated overrides with card ids, sorted by card and field (core.overrides); a
    leader card is refused too. ``prefix`` leads the messages (a position names its key)."""
    return core.check_overrides(
        overrides,
        prefix=prefix,
        card=lambda ident: _overridable(db, ident),
        all_fields=FIELDS,
        limits=limits,
    )


def changes(
    db: BlueMoonDB, checked: Mapping[str, Mapping[str, int]], cards: Collection[str] | None = None
) -> Overrides:
    """The checked overrides that really change a card, only for ``cards`` when given (the
    cards of one game)."""
    return core.changes(db.cards, checked, None if cards is None else cards.__contains__)


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
    return blue_moon_db(cards, db.boxes)


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
