"""Loading card files: TOML validated by a pydantic schema, with one clear message on error."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable.core.errors import CardDataError

M = TypeVar("M", bound=BaseModel)


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
    """The first problem of a pydantic error as 'field: message'."""
    err = exc.errors()[0]
    where = ".".join(str(part) for part in err["loc"]) or "(card)"
    return f"field {where!r}: {err['msg']}"


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
