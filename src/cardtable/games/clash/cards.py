"""Clash card data: the TOML schema and loading with clear errors into the engine's records
(``records.py``: ``CardDef``, ``DeckDef``, ``SetDef`` and the database ``CardDB``)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from cardtable.core.carddata import Names, check_top_keys, parse_entries, read_toml
from cardtable.core.errors import CardDataError, Message, shown
from cardtable.games.clash.abilities import ABILITIES, AURA_PAYLOADS, ability_id, mask_of
from cardtable.games.clash.problems import MESSAGES
from cardtable.games.clash.records import CREATURE, SPELL, CardDB, CardDef, DeckDef, SetDef

KIND_IDS = {"creature": CREATURE, "spell": SPELL}

# Abilities that mean something on a spell (the summoning-phase activation order).
SPELL_ABILITIES = frozenset(
    {
        "pierce",
        "cleave",
        "edge",
        "regeneration",
        "vulnerability",
        "blood_tribute",
        "clarity",
        "mercenary",
        "curse",
    }
)


class CardModel(BaseModel):
    """One card as written in a card file."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    number: int = Field(ge=1)
    name: Names
    kind: Literal["creature", "spell"]
    cost: int = Field(ge=0, le=30)
    attack: int | None = Field(default=None, ge=0, le=99)
    health: int | None = Field(default=None, ge=1, le=99)
    damage: int | None = Field(default=None, ge=0, le=99)
    abilities: list[str] = Field(default_factory=list)
    aura: str | None = None

    @field_validator("abilities")
    @classmethod
    def _known_abilities(cls, value: list[str]) -> list[str]:
        out: list[str] = []
        for name in value:
            ident = ability_id(name)
            if ident is None:
                raise MESSAGES.problem(
                    "card_unknown_ability", name=shown(name), known=", ".join(ABILITIES)
                )
            if ident in out:
                raise MESSAGES.problem("card_ability_twice", ability=ident)
            out.append(ident)
        return out

    @field_validator("aura")
    @classmethod
    def _known_aura(cls, value: str | None) -> str | None:
        if value is None:
            return None
        ident = ability_id(value)
        if ident is None or ident not in AURA_PAYLOADS:
            raise MESSAGES.problem("card_aura_payload", got=shown(value))
        return ident

    @model_validator(mode="after")
    def _shape(self) -> CardModel:
        if self.kind == "creature":
            if self.attack is None or self.health is None:
                raise MESSAGES.problem("card_creature_numbers")
            if self.damage is not None:
                raise MESSAGES.problem("card_creature_damage")
        else:
            if self.damage is None:
                raise MESSAGES.problem("card_spell_damage")
            if self.attack is not None or self.health is not None:
                raise MESSAGES.problem("card_spell_numbers")
            bad = [a for a in self.abilities if a not in SPELL_ABILITIES]
            if bad:
                raise MESSAGES.problem("card_spell_ability", ability=bad[0])
        if ("aura" in self.abilities) != (self.aura is not None):
            raise MESSAGES.problem("card_aura_pair")
        return self


class DeckModel(BaseModel):
    """A preconstructed deck."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    cards: list[str]


def card_from_model(m: CardModel) -> CardDef:
    """The engine's record of a validated card (records.py)."""
    is_creature = m.kind == "creature"
    return CardDef(
        id=m.id,
        number=m.number,
        name_ru=m.name.ru,
        name_en=m.name.en,
        kind=KIND_IDS[m.kind],
        cost=m.cost,
        attack=(m.attack if is_creature else m.damage) or 0,
        health=(m.health or 0) if is_creature else 0,
        abilities=mask_of(m.abilities),
        aura=mask_of([m.aura]) if m.aura else 0,
    )


def parse_cards(source: str, entries: Iterable[Any]) -> list[CardDef]:
    """Validate raw card entries (from a file or a position) into definitions."""
    return [card_from_model(m) for m in parse_entries(source, list(entries), CardModel)]


class SetModel(BaseModel):
    """One entry of data/sets.toml."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    cards: str
    decks: str


def load_db(cards_path: str | Path, decks_path: str | Path | None = None) -> CardDB:
    """Load and validate a card file (and a deck file); fails whole with one clear message."""
    raw = read_toml(cards_path)
    check_top_keys(str(cards_path), raw, ("card",))
    entries = raw.get("card", [])
    if not isinstance(entries, list) or not entries:
        raise CardDataError.msg("card_file_empty", source=str(cards_path), key="card")
    cards = {c.id: c for c in parse_cards(str(cards_path), entries)}
    decks: dict[str, DeckDef] = {}
    if decks_path is not None:
        draw = read_toml(decks_path)
        for m in parse_entries(str(decks_path), draw.get("deck", []), DeckModel, what="deck"):
            for cid in m.cards:
                if cid not in cards:
                    raise _entry_error(
                        decks_path, "deck", m.id, MESSAGES.message("card_deck_card", card=cid)
                    )
            from cardtable.games.clash.formats import deck_problem

            problem = deck_problem(m.cards)
            if problem:
                raise _entry_error(decks_path, "deck", m.id, problem)
            decks[m.id] = DeckDef(m.id, m.name.ru, m.name.en, tuple(m.cards))
    return CardDB(cards, decks)


def _entry_error(source: str | Path, what: str, ident: str, problem: Message) -> CardDataError:
    """A card file's entry at fault: "<file>: deck “id”: <problem>" (core's card_problem)."""
    return CardDataError.msg(
        "card_problem",
        source=str(source),
        what=Message(f"entry_{what}"),
        card=ident,
        problem=problem,
    )


def load_sets(sets_path: str | Path) -> CardDB:
    """Load every set listed in a sets file (card ids and deck ids unique across sets)."""
    folder = Path(sets_path).parent
    raw = read_toml(sets_path)
    cards: dict[str, CardDef] = {}
    decks: dict[str, DeckDef] = {}
    sets: dict[str, SetDef] = {}
    for m in parse_entries(str(sets_path), raw.get("set", []), SetModel, what="set"):
        part = load_db(folder / m.cards, folder / m.decks)
        for cid in part.cards:
            if cid in cards:
                raise _entry_error(
                    folder / m.cards, "card", cid, MESSAGES.message("card_id_other_set")
                )
        for did in part.decks:
            if did in decks:
                raise _entry_error(
                    folder / m.decks, "deck", did, MESSAGES.message("card_id_other_set")
                )
        cards.update(part.cards)
        decks.update(part.decks)
        sets[m.id] = SetDef(m.id, m.name.ru, m.name.en, tuple(part.cards), tuple(part.decks))
    if not sets:
        raise CardDataError.msg("card_file_empty", source=str(sets_path), key="set")
    return CardDB(cards, decks, sets)


BASE_SET = "archipelago"


@cache
def default_db() -> CardDB:
    """The project's own Clash card sets (``data/sets.toml`` lists them)."""
    base = resources.files("cardtable.games.clash").joinpath("data")
    with resources.as_file(base) as folder:
        return load_sets(Path(folder) / "sets.toml")
