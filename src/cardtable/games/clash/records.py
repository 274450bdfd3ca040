"""Clash cards as the engine reads them: plain, frozen records built from the validated card
files (``cards.py`` holds the schema and the loading).

The module is compiled with the rules (``cardtable.native``), which turns every read of a
card's field into a field access.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.carddata import find_card
from cardtable.core.errors import CardDataError, shown
from cardtable.core.records import Record
from cardtable.games.clash.abilities import ids_of
from cardtable.games.clash.problems import MESSAGES, PKG

CREATURE, SPELL, FORTRESS = 0, 1, 2


@dataclass(frozen=True, slots=True)
class CardDef(Record):
    """A card definition as the engine uses it (``cards.card_from_model`` builds it)."""

    id: str
    number: int
    name_ru: str
    name_en: str
    kind: int
    cost: int
    attack: int
    health: int
    abilities: int
    aura: int

    def name(self, lang: str) -> str:
        """The card's name in ``lang``."""
        return self.name_ru if lang == "ru" else self.name_en

    def to_model_dict(self) -> dict[str, Any]:
        """The card-file form of this definition."""
        out: dict[str, Any] = {
            "id": self.id,
            "number": self.number,
            "name": {"ru": self.name_ru, "en": self.name_en},
            "kind": "creature" if self.kind == CREATURE else "spell",
            "cost": self.cost,
        }
        if self.kind == CREATURE:
            out["attack"] = self.attack
            out["health"] = self.health
        else:
            out["damage"] = self.attack
        out["abilities"] = ids_of(self.abilities)
        if self.aura:
            out["aura"] = ids_of(self.aura)[0]
        return out


@dataclass(frozen=True, slots=True)
class DeckDef(Record):
    """A preconstructed deck."""

    id: str
    name_ru: str
    name_en: str
    cards: tuple[str, ...]

    def name(self, lang: str) -> str:
        """The deck's name in ``lang``."""
        return self.name_ru if lang == "ru" else self.name_en


@dataclass(frozen=True, slots=True)
class SetDef(Record):
    """A card set (a starter or a standalone expansion): its cards and decks."""

    id: str
    name_ru: str
    name_en: str
    cards: tuple[str, ...]
    decks: tuple[str, ...]

    def name(self, lang: str) -> str:
        """The set's name in ``lang``."""
        return self.name_ru if lang == "ru" else self.name_en


@dataclass(frozen=True, slots=True)
class CardDB(Record):
    """Immutable card sets with their preconstructed decks."""

    cards: Mapping[str, CardDef]
    decks: Mapping[str, DeckDef]
    sets: Mapping[str, SetDef] = field(default_factory=dict)

    def card_set(self, ident: str) -> SetDef:
        """A set by id; a clear error if unknown."""
        found = self.sets.get(ident)
        if found is None:
            raise CardDataError.msg_in(
                PKG, "card_set_unknown", name=shown(ident), known=", ".join(self.sets)
            )
        return found

    def set_of_deck(self, deck: str) -> SetDef:
        """The set a preconstructed deck belongs to."""
        for s in self.sets.values():
            if deck in s.decks:
                return s
        raise CardDataError.msg_in(PKG, "card_deck_no_set", deck=shown(deck))

    def card(self, ident: str) -> CardDef:
        """A card by id (or by Russian or English name); a clear error if unknown."""
        return find_card(self.cards, ident, MESSAGES)

    def deck(self, ident: str) -> DeckDef:
        """A preconstructed deck by id; a clear error if unknown."""
        found = self.decks.get(ident)
        if found is None:
            raise CardDataError.msg_in(
                PKG, "card_deck_unknown", deck=shown(ident), known=", ".join(self.decks)
            )
        return found

    def with_cards(self, extra: Iterable[CardDef]) -> CardDB:
        """A database with extra (e.g. inline) cards added or replacing same ids."""
        merged = dict(self.cards)
        for c in extra:
            merged[c.id] = c
        return CardDB(merged, self.decks, self.sets)
