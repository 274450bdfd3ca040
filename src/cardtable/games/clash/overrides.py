"""What-if card numbers: a setup's ``overrides`` change printed numbers for one game.

``{card: {field: number}}`` (a card named by id, or by its Russian or English name)
replaces the printed cost, attack, health or damage of every copy of the card in the
game: the players' decks, the draft pool, the AI's cards, champions and mutation
sources. The card files are not touched. The changed definitions are written into the
state (``ClashState.custom``, in the card-file form), so views, renders, saved states and
position documents show and keep the changed numbers; a game from the same setup and
seed replays exactly.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from annotated_types import Ge, Le
from pydantic import ValidationError

from cardtable.core.carddata import validation_message
from cardtable.core.errors import CardDataError, SetupError
from cardtable.core.game import canonical_json
from cardtable.games.clash.cards import CREATURE, CardDB, CardDef, CardModel

CREATURE_FIELDS = ("cost", "attack", "health")
"""What a creature's overrides may change (clash.card.cost, clash.card.creature)."""
SPELL_FIELDS = ("cost", "damage")
"""What a spell's overrides may change (clash.card.cost, clash.card.spell)."""
FIELDS = ("cost", "attack", "health", "damage")
"""Every field an override may name (each a plain number of the card schema)."""

Overrides = dict[str, dict[str, int]]
"""Card id -> field -> new number (validated and normalised)."""


def limits(name: str) -> tuple[int, int]:
    """The range the card schema (``cards.CardModel``) allows for a numeric field."""
    low, high = 0, 99
    for rule in CardModel.model_fields[name].metadata:
        if isinstance(rule, Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, Le):
            high = int(rule.le)  # type: ignore[call-overload]
    return low, high


def _whole(card: str, name: str, value: Any) -> int:
    """A whole number (an integral float such as ``2.0`` from a TOML file counts)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SetupError(
            f"Clash setup: overrides: {card}.{name} must be a whole number, not {value!r}"
        )
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise SetupError(
                f"Clash setup: overrides: {card}.{name} must be a whole number, not {value!r}"
            )
        value = int(value)
    low, high = limits(name)
    if not low <= value <= high:
        raise SetupError(
            f"Clash setup: overrides: {card}.{name} = {value} is out of range: "
            f"the card schema allows {low} to {high}"
        )
    return int(value)


def check_overrides(db: CardDB, overrides: Mapping[str, Any] | None) -> Overrides:
    """Validated overrides with card ids, sorted by card and field.

    A SetupError names an unknown card, a card given twice, an unknown field or one the
    card's kind does not have (the message lists the allowed fields), or a value that is
    not a whole number within the card schema's limits.
    """
    if not overrides:
        return {}
    if not isinstance(overrides, Mapping):
        raise SetupError("Clash setup: 'overrides' must map card ids to {field: number} tables")
    out: Overrides = {}
    for ident, fields in overrides.items():
        if not isinstance(ident, str):
            raise SetupError(f"Clash setup: overrides: a card is named by its id, not {ident!r}")
        try:
            card = db.card(ident)
        except CardDataError:
            raise SetupError(f"Clash setup: overrides: unknown card {ident!r}") from None
        if card.id in out:
            raise SetupError(f"Clash setup: overrides: card {card.id!r} is given twice")
        allowed = CREATURE_FIELDS if card.kind == CREATURE else SPELL_FIELDS
        kind = "creature" if card.kind == CREATURE else "spell"
        if not isinstance(fields, Mapping) or not fields:
            raise SetupError(
                f"Clash setup: overrides: {card.id} must be a table of field = number "
                f"(fields of a {kind}: {', '.join(allowed)})"
            )
        numbers: dict[str, int] = {}
        for name in sorted(fields, key=str):
            if name not in allowed:
                what = (
                    f"{card.id} is a {kind}, it has no {name!r}"
                    if name in FIELDS
                    else f"{card.id}: unknown field {name!r}"
                )
                raise SetupError(
                    f"Clash setup: overrides: {what}; the fields of a {kind} are "
                    f"{', '.join(allowed)}"
                )
            numbers[name] = _whole(card.id, name, fields[name])
        out[card.id] = numbers
    return {k: out[k] for k in sorted(out)}


def overridden(card: CardDef, fields: Mapping[str, int]) -> CardDef:
    """A card with its numbers replaced (a spell's damage is the engine's ``attack``)."""
    out = card
    for name, value in fields.items():
        if name == "cost":
            out = replace(out, cost=value)
        elif name == "health":
            out = replace(out, health=value)
        else:  # attack, or a spell's damage
            out = replace(out, attack=value)
    try:
        CardModel.model_validate(out.to_model_dict())
    except ValidationError as exc:  # the field limits are checked above; a safety net
        raise SetupError(f"Clash setup: overrides: {card.id}: {validation_message(exc)}") from None
    return out


_CACHE: dict[tuple[int, str], tuple[CardDB, CardDB, tuple[CardDef, ...]]] = {}


def with_overrides(
    db: CardDB, overrides: Mapping[str, Any] | None
) -> tuple[CardDB, tuple[dict[str, Any], ...]]:
    """The database with the overridden cards, and their card-file forms for the state.

    Only cards whose numbers really change are listed, sorted by id, so equal overrides
    always give equal states.
    """
    checked = check_overrides(db, overrides)
    if not checked:
        return db, ()
    key = (id(db), canonical_json(checked))
    found = _CACHE.get(key)
    if found is None or found[0] is not db:
        changed = tuple(
            d
            for d in (overridden(db.cards[c], f) for c, f in checked.items())
            if d != db.cards[d.id]
        )
        if len(_CACHE) >= 64:
            _CACHE.clear()
        found = (db, db.with_cards(changed), changed)
        _CACHE[key] = found
    # Fresh card-file dicts for every state: a state never shares mutable data.
    return found[1], tuple(d.to_model_dict() for d in found[2])


__all__ = [
    "CREATURE_FIELDS",
    "FIELDS",
    "SPELL_FIELDS",
    "Overrides",
    "check_overrides",
    "limits",
    "overridden",
    "with_overrides",
]
