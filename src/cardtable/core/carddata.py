"""Loading card files: TOML validated by a pydantic schema, with one clear message on error."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable.core.datafile import as_mapping, read_data, type_name
from cardtable.core.errors import CardDataError, Message, Problem, shown

M = TypeVar("M", bound=BaseModel)


class HasCards(Protocol):
    """A card database: its cards by id."""

    @property
    def cards(self) -> Mapping[str, Any]: ...

    def card(self, ident: str) -> Any:
        """A card by id or printed name (a CardDataError if unknown)."""
        ...


DB = TypeVar("DB", bound=HasCards)


def read_toml(path: str | Path) -> dict[str, Any]:
    """A TOML file as a dict (the shared reader: a missing file, bytes that are not UTF-8
    and syntax errors are CardDataErrors naming the file, the byte offset or the line)."""
    return as_mapping(read_data(path, "toml", CardDataError), str(path), CardDataError)


def check_top_keys(source: str, raw: Mapping[str, Any], allowed: Sequence[str]) -> None:
    """A card file's top level holds only ``allowed`` keys (``card``, ``deck``, …)."""
    unknown = sorted(k for k in raw if k not in allowed)
    if unknown:
        raise CardDataError.msg(
            "card_file_keys", source=source, keys=", ".join(unknown), known=", ".join(allowed)
        )


def validation_message(exc: ValidationError) -> str:
    """The first problem of a pydantic error as "field 'name': message" (just the message
    when the whole entry is at fault)."""
    err = exc.errors()[0]
    text = str(err["msg"]).removeprefix("Value error, ")
    where = ".".join(str(part) for part in err["loc"])
    return f"field {where!r}: {text}" if where else text


_SCHEMA_KEYS = {
    "missing": "schema_missing",
    "extra_forbidden": "schema_extra",
    "int_type": "schema_int",
    "int_parsing": "schema_int",
    "int_from_float": "schema_int",
    "float_type": "schema_number",
    "float_parsing": "schema_number",
    "finite_number": "schema_number",
    "string_type": "schema_str",
    "bool_type": "schema_bool",
    "bool_parsing": "schema_bool",
    "list_type": "schema_list",
    "tuple_type": "schema_list",
    "set_type": "schema_list",
    "frozen_set_type": "schema_list",
    "dict_type": "schema_map",
    "model_type": "schema_map",
    "model_attributes_type": "schema_map",
    "greater_than_equal": "schema_ge",
    "greater_than": "schema_gt",
    "less_than_equal": "schema_le",
    "less_than": "schema_lt",
    "too_short": "schema_short",
    "string_too_short": "schema_short",
    "too_long": "schema_long",
    "string_too_long": "schema_long",
    "literal_error": "schema_choice",
    "enum": "schema_choice",
}
_LIMITS = ("ge", "gt", "le", "lt", "min_length", "max_length")


def schema_problem(exc: ValidationError) -> Message:
    """The first problem of a pydantic error as a catalog message (said in either
    language): "field “name”: problem", or just the problem when the whole entry is at
    fault. A schema's own check says its ``Problem`` (core.errors); any other text it
    raises stays as it is (English)."""
    err = exc.errors()[0]
    ctx = err.get("ctx") or {}
    where = ".".join(str(part) for part in err["loc"])
    cause = ctx.get("error")
    if isinstance(cause, Problem):
        return (
            Message("schema_at", {"field": where, "problem": cause.message})
            if where
            else cause.message
        )
    key = _SCHEMA_KEYS.get(err["type"], "schema_other")
    params: dict[str, Any] = {"got": shown(err.get("input"))}
    limit = next((ctx[k] for k in _LIMITS if k in ctx), None)
    if limit is not None:
        params["limit"] = limit
    if key == "schema_choice":  # pydantic's "'a', 'b' or 'c'" as "a, b, c"
        expected = str(ctx.get("expected", ""))
        params["expected"] = ", ".join(re.findall(r"'([^']*)'", expected)) or expected
    if key == "schema_other":
        params["reason"] = str(err["msg"]).removeprefix("Value error, ")
    problem = Message(key, params)
    return Message("schema_at", {"field": where, "problem": problem}) if where else problem


def parse_entries(
    source: str, entries: Sequence[Any], model: type[M], what: str = "card"
) -> list[M]:
    """Validate a list of raw entries; the error names the source, the entry's id and the field."""
    if not isinstance(entries, list | tuple):
        raise CardDataError.msg(
            "card_list_expected", source=source, key=what, got=type_name(entries)
        )
    out: list[M] = []
    seen: set[str] = set()
    for index, raw in enumerate(entries):
        label = raw.get("id", f"#{index + 1}") if isinstance(raw, dict) else f"#{index + 1}"
        try:
            item = model.model_validate(raw)
        except ValidationError as exc:
            raise CardDataError.msg(
                "card_problem",
                source=source,
                what=_entry(what),
                card=shown(label),
                problem=schema_problem(exc),
            ) from None
        ident = getattr(item, "id", None)
        if ident is not None:
            if ident in seen:
                raise CardDataError.msg(
                    "card_id_twice", source=source, what=_entry(what), card=ident
                )
            seen.add(ident)
        out.append(item)
    return out


def _entry(what: str) -> Message | str:
    """How messages name an entry of a data file (card, deck, set, preset)."""
    return Message(f"entry_{what}") if what in ("card", "deck", "set", "preset") else what


class Names(BaseModel):
    """A name in both languages (every card and deck has one)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ru: str = Field(min_length=1)
    en: str = Field(min_length=1)


C = TypeVar("C")


class Catalog(Protocol):
    """A package's catalog messages (``core.problems.Messages``): here for the game's title."""

    def message(self, key: str, /, **params: Any) -> Message: ...


def find_card(cards: Mapping[str, C], ident: str, catalog: Catalog) -> C:
    """A card by id, or by its Russian or English name in any case; a clear error naming
    the game (``catalog``'s ``game_title``) if unknown."""
    found = cards.get(ident) if isinstance(ident, str) else None
    if found is not None:
        return found
    if isinstance(ident, str):
        key = ident.strip().lower()
        for c in cards.values():
            if key in (getattr(c, "name_ru", "").lower(), getattr(c, "name_en", "").lower()):
                return c
    game = catalog.message("game_title")
    raise CardDataError.msg("card_unknown", game=game, card=shown(ident))


class InlineCards(Generic[DB]):
    """A game's card database plus the inline cards position files bring (shared by the
    games whose positions may define cards of their own).

    A game provides ``_load_db`` (its card files), ``_parse_inline`` (validate raw
    entries into definitions with an ``id``) and ``_extend`` (the database with more
    cards). Databases with inline cards are remembered by their raw definitions.
    """

    _db: DB | None
    _custom: dict[str, DB]
    _raw_by_id: dict[str, Any]
    # The card list ``dbs`` last looked at, its length then, and the database it found: a
    # game's list only grows (tokens), so the same list at the same length needs the same
    # database (and the hot path looks up its database at every step).
    _last: tuple[Any, int, DB] | None

    def _init_cards(self, db: DB | None) -> None:
        self._db = db
        self._custom = {}
        self._raw_by_id = {}
        self._last = None

    def _load_db(self) -> DB:
        raise NotImplementedError

    def _parse_inline(self, raw: list[Any]) -> list[Any]:
        raise NotImplementedError

    def _extend(self, cards: dict[str, Any]) -> DB:
        raise NotImplementedError

    @property
    def db(self) -> DB:
        """The card database (loaded on first use)."""
        if self._db is None:
            self._db = self._load_db()
        return self._db

    def card_id(self, ident: str) -> str:
        """The id of the card ``ident`` names (id or printed name; Game.card_id)."""
        return str(self.db.card(ident).id)

    def db_with(self, extra: list[Any], raw: list[Any]) -> DB:
        """The database plus inline cards (positions); remembered for later lookups."""
        if not extra:
            return self.db
        key = json.dumps(raw, sort_keys=True, ensure_ascii=False)
        found = self._custom.get(key)
        if found is None:
            cards = dict(self.db.cards)
            cards.update({c.id: c for c in extra})
            found = self._extend(cards)
            self._custom[key] = found
            self._raw_by_id.update({c["id"]: c for c in raw})
        return found

    def dbs(self, st: Any) -> DB:
        """The database that knows every card of a state (``st.card_ids``)."""
        if not self._raw_by_id:
            return self.db
        ids = st.card_ids
        last = self._last
        if last is not None and last[0] is ids and last[1] == len(ids):
            return last[2]
        if all(c in self.db.cards for c in ids):
            found = self.db
        else:
            raw = self.custom_cards(st)
            known = self._custom.get(json.dumps(raw, sort_keys=True, ensure_ascii=False))
            found = known if known is not None else self.db_with(self._parse_inline(raw), raw)
        self._last = (ids, len(ids), found)
        return found

    def custom_cards(self, st: Any) -> list[Any]:
        """Inline card definitions a state uses (for exporting positions)."""
        ids = st.card_ids
        return [self._raw_by_id[c] for c in sorted(set(ids)) if c not in self.db.cards]
