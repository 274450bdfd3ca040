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

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from cardtable.core import overrides as core
from cardtable.core.carddata import schema_problem
from cardtable.core.errors import SetupError
from cardtable.core.game import canonical_json
from cardtable.core.overrides import Overridable, Overrides, schema_limits
from cardtable.games.clash.cards import CardModel
from cardtable.games.clash.problems import MESSAGES
from cardtable.games.clash.records import CREATURE, CardDB, CardDef

CREATURE_FIELDS = ("cost", "attack", "health")
"""What a creature's overrides may change (clash.card.cost, clash.card.creature)."""
SPELL_FIELDS = ("cost", "damage")
"""What a spell's overrides may change (clash.card.cost, clash.card.spell)."""
FIELDS = ("cost", "attack", "health", "damage")
"""Every field an override may name (each a plain number of the card schema)."""

_PREFIX = MESSAGES.message("overrides_prefix")


def limits(name: str) -> tuple[int, int]:
    """The range the card schema (``cards.CardModel``) allows for a numeric field."""
    return schema_limits(CardModel, name)


def _overridable(db: CardDB, ident: str) -> Overridable:
    card = db.card(ident)
    if card.kind == CREATURE:
        return Overridable(card.id, MESSAGES.message("override_kind_creature"), CREATURE_FIELDS)
    return Overridable(card.id, MESSAGES.message("override_kind_spell"), SPELL_FIELDS)


def check_overrides(db: CardDB, overrides: Mapping[str, Any] | None) -> Overrides:
    """Validated overrides with card ids, sorted by card and field (core.overrides)."""
    return core.check_overrides(
        overrides,
        prefix=_PREFIX,
        card=lambda ident: _overridable(db, ident),
        all_fields=FIELDS,
        limits=limits,
    )


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
        raise SetupError.msg(
            "override_invalid", prefix=_PREFIX, card=card.id, problem=schema_problem(exc)
        ) from None
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
