"""Loading card files: TOML validated by a pydantic schema, with one clear message on error."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable.core.errors import CardDataError

M = TypeVar("M", bound=BaseModel)


class HasCards(Protocol):
    """A card database: its cards by id."""

    @property
    def cards(self) -> Mapping[str, Any]: ...


DB = TypeVar("DB", bound=HasCards)


def read_toml(path: str | Path) -> dict[str, Any]:
    """A TOML file as a dict; a syntax error names the file and line."""
    p = Path(path)
    try:
        return tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CardDataError(f"{p}: cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{p}: not valid TOML: {exc}") from None


def validation_message(exc: ValidationError) -> str:
    """The first problem of a pydantic error as "field 'name': message" (just the message
    when the whole entry is at fault)."""
    err = exc.errors()[0]
    text = str(err["msg"]).removeprefix("Value error, ")
    where = ".".join(str(part) for part in err["loc"])
    return f"field {where!r}: {text}" if where else text


def parse_entries(
    source: str, entries: Sequence[Any], model: type[M], what: str = "card"
) -> list[M]:
    """Validate a list of raw entries; the error names the source, the entry's id and the field."""
    out: list[M] = []
    seen: set[str] = set()
    for index, raw in enumerate(entries):
        label = raw.get("id", f"#{index + 1}") if isinstance(raw, dict) else f"#{index + 1}"
        try:
            item = model.model_validate(raw)
        except ValidationError as exc:
            raise CardDataError(f"{source}: {what} {label!r}: {validation_message(exc)}") from None
        ident = getattr(item, "id", None)
        if ident is not None:
            if ident in seen:
                raise CardDataError(f"{source}: {what} {ident!r}: the id is used twice")
            seen.add(ident)
        out.append(item)
    return out


class Names(BaseModel):
    """A name in both languages (every card and deck has one)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ru: str = Field(min_length=1)
    en: str = Field(min_length=1)


C = TypeVar("C")


def find_card(cards: Mapping[str, C], ident: str, game: str) -> C:
    """A card by id, or by its Russian or English name in any case; a clear error if unknown."""
    found = cards.get(ident)
    if found is not None:
        return found
    key = ident.strip().lower()
    for c in cards.values():
        if key in (getattr(c, "name_ru", "").lower(), getattr(c, "name_en", "").lower()):
            return c
    raise CardDataError(f"unknown {game} card {ident!r}")


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

    def _init_cards(self, db: DB | None) -> None:
        self._db = db
        self._custom = {}
        self._raw_by_id = {}

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
        if not self._raw_by_id or all(c in self.db.cards for c in st.card_ids):
            return self.db
        raw = self.custom_cards(st)
        found = self._custom.get(json.dumps(raw, sort_keys=True, ensure_ascii=False))
        return found if found is not None else self.db_with(self._parse_inline(raw), raw)

    def custom_cards(self, st: Any) -> list[Any]:
        """Inline card definitions a state uses (for exporting positions)."""
        ids = st.card_ids
        return [self._raw_by_id[c] for c in sorted(set(ids)) if c not in self.db.cards]
