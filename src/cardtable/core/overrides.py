"""What-if card numbers, shared by the games: checking ``{card: {field: number}}`` and
the state's text form of the changes.

Each game says which card an identifier names, how its messages call that card's kind
and which fields it may change (``Overridable``); the checking, the whole-number and
range rules, the messages, and the canonical text a state keeps are the same for all.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from annotated_types import Ge, Le
from pydantic import BaseModel

from cardtable.core.errors import CardDataError, Message, SetupError, shown
from cardtable.core.game import canonical_json

Overrides = dict[str, dict[str, int]]
"""Card id -> field -> new number (validated and normalised)."""


@dataclass(frozen=True, slots=True)
class Overridable:
    """A card as the override check sees it."""

    id: str
    kind: str | Message
    """How messages name its kind (a catalog message of the game: «существо» / 'a
    creature')."""
    fields: tuple[str, ...]
    """The fields an override may change on it."""


def schema_limits(model: type[BaseModel], name: str) -> tuple[int, int]:
    """The range a card schema allows for a numeric field (at most 99 where the schema
    sets no upper limit)."""
    low, high = 0, 99
    for rule in model.model_fields[name].metadata:
        if isinstance(rule, Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, Le):
            high = int(rule.le)  # type: ignore[call-overload]
    return low, high


def whole_number(
    prefix: str | Message, card: str, name: str, value: Any, low: int, high: int
) -> int:
    """A whole number within ``low..high`` (an integral float such as ``2.0`` from a TOML
    or JSON file counts)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SetupError.msg(
            "override_whole", prefix=prefix, card=card, field=name, value=shown(value)
        )
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise SetupError.msg(
                "override_whole", prefix=prefix, card=card, field=name, value=shown(value)
            )
        value = int(value)
    if not low <= value <= high:
        raise SetupError.msg(
            "override_range", prefix=prefix, card=card, field=name, value=value, low=low, high=high
        )
    return int(value)


def check_overrides(
    overrides: Mapping[str, Any] | None,
    *,
    prefix: str | Message,
    card: Callable[[str], Overridable],
    all_fields: Collection[str],
    limits: Callable[[str], tuple[int, int]],
) -> Overrides:
    """Validated overrides with card ids, sorted by card and field.

    ``card`` finds a card by id or name (a CardDataError means an unknown card; it may
    raise a SetupError of its own for a card that has nothing to change). A SetupError,
    led by ``prefix``, names an unknown card, a card given twice (by id and by name), an
    unknown field or one the card's kind does not have (listing the allowed fields), or a
    value that is not a whole number within ``limits``.
    """
    if not overrides:
        return {}
    if not isinstance(overrides, Mapping):
        raise SetupError.msg("override_map", prefix=prefix)
    out: Overrides = {}
    for ident, fields in overrides.items():
        if not isinstance(ident, str):
            raise SetupError.msg("override_card_name", prefix=prefix, value=shown(ident))
        try:
            found = card(ident)
        except CardDataError:
            raise SetupError.msg("override_unknown_card", prefix=prefix, card=ident) from None
        if found.id in out:
            raise SetupError.msg("override_twice", prefix=prefix, card=found.id)
        allowed, kind = found.fields, found.kind
        if not isinstance(fields, Mapping) or not fields:
            raise SetupError.msg(
                "override_table", prefix=prefix, card=found.id, kind=kind, fields=", ".join(allowed)
            )
        numbers: dict[str, int] = {}
        for name in sorted(fields, key=str):
            if name not in allowed:
                raise SetupError.msg(
                    "override_no_field" if name in all_fields else "override_unknown_field",
                    prefix=prefix,
                    card=found.id,
                    kind=kind,
                    field=shown(name),
                    fields=", ".join(allowed),
                )
            numbers[name] = whole_number(prefix, found.id, name, fields[name], *limits(name))
        out[found.id] = numbers
    return {k: out[k] for k in sorted(out)}


def merge_overrides(
    setup: Mapping[str, Any] | None,
    overrides: Mapping[str, Any],
    check: Callable[[Mapping[str, Any] | None], Overrides],
) -> dict[str, Any]:
    """The setup with ``overrides`` added to those it already has (new values win field by
    field), both checked by the game's ``check``; sorted by card and field."""
    out = dict(setup or {})
    merged = {c: dict(f) for c, f in check(out.get("overrides")).items()}
    for card, fields in check(overrides).items():
        merged.setdefault(card, {}).update(fields)
    if merged:
        out["overrides"] = {c: dict(sorted(merged[c].items())) for c in sorted(merged)}
    return out


def changes(
    printed: Mapping[str, Any],
    checked: Mapping[str, Mapping[str, int]],
    wanted: Callable[[str], bool] | None = None,
) -> Overrides:
    """The checked overrides that really change a printed card (a field set to its
    printed number is dropped), only for the cards ``wanted`` accepts when given."""
    out: Overrides = {}
    for ident in sorted(checked):
        if wanted is not None and not wanted(ident):
            continue
        card = printed[ident]
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


def overrides_text(key: str) -> str:
    """'card.field = n, …' for the screen (the state's form)."""
    return ", ".join(
        f"{card}.{name} = {value}"
        for card, fields in decode(key).items()
        for name, value in fields.items()
    )
