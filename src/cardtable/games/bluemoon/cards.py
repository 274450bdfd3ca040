"""Blue Moon card data: the TOML schema, loading, the database.

One file per deck box (``data/<box>.toml``): the leader and 30 playing cards. A card's
printed facts (type, Fire/Earth values, icons, gang, moons) are transcribed; its special
power, when it has one, is written in the effect vocabulary of ``powers.py`` (``powers``:
a list of effects) — ``power = true`` marks a power not yet encoded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardtable.core.carddata import Names, check_top_keys, find_card, parse_entries, read_toml
from cardtable.core.errors import CardDataError, Message, shown
from cardtable.games.bluemoon.problems import MESSAGES

PEOPLES = ("hoax", "vulca", "mimix", "flit", "khind", "terrah", "pillar", "aqua")
TYPES = ("leader", "character", "booster", "support", "leadership")
ICONS = ("shield_fire", "shield_earth", "stop", "retrieve", "protected", "free", "pair")
GANGS = ("no", "top", "fun", "cool")
PLAYED_TYPES = ("character", "booster", "support", "leadership")


class Power(BaseModel):
    """One effect of a card's special power (see powers.py for what each kind does)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal[
        "draw",
        "forbid",
        "limit",
        "ignore",
        "total_at_least",
        "extra",
        "free_next",
        "double",
        "value",
        "retreat_dragons",
        "draw_block",
        "end_draw",
        "storm",
        "flood",
        "must_play",
        "act",
        "attack_again",
        "must_discard",
        "double_effect",
    ]
    n: int = 0
    element: Literal["fire", "earth"] | None = None
    types: tuple[Literal["character", "booster", "support", "leadership"], ...] = ()
    except_people: str | None = None
    except_types: tuple[Literal["character", "booster", "support", "leadership"], ...] = ()
    may: bool = False
    has_text: bool | None = Field(
        default=None, description="forbid: only cards with / without a power"
    )
    min_printed: int | None = Field(
        default=None, description="forbid: a printed value at least this"
    )
    combat_only: bool = Field(default=False, description="limit: cards into the combat area only")
    aspect: Literal["all", "text", "icons"] = Field(
        default="all", description="ignore: what is ignored"
    )
    except_icons: tuple[str, ...] = ()
    with_icons: bool = Field(default=False, description="ignore: only cards that have icons")
    mode: str | None = Field(
        default=None,
        description="value: double_one, set_one, sum_one, max_one, zero_odd, zero_even; "
        "draw_block: none, one_per_turn, hand_four, no_take; end_draw: add, to",
    )
    who: Literal["me", "you"] = Field(default="you", description="retreat_dragons: who retreats")
    delta: int = 0
    at_most: int | None = None
    except_last: bool = Field(default=False, description="act: not your last active character")
    or_dragon: bool = Field(
        default=False,
        description="must_discard: if not done, I attract a dragon (even on a retreat)",
    )
    timing: Literal["now", "my_turn", "after_booster_support", "end_of_turn"] = Field(
        default="now",
        description="act: now (when played), once on each of my turns, immediately after my "
        "booster/support phase, or at the end of my turn",
    )
    void_if_opposed_by: tuple[str, ...] = Field(
        default=(),
        description="ignore: the card has no effect while the opponent has one of these cards "
        "(ids) working, and its ignoring never reaches them",
    )


AIMED_MODES = ("double_one", "set_one", "sum_one", "max_one")


def is_aimed(p: Power) -> bool:
    """A power applied to "one of my" cards, which its player chooses: a change to one of
    my characters (``value`` with an ``AIMED_MODES`` mode) or the doubling of one of my
    Caterpillar boosters' demands (``double_effect``) (bluemoon.special.rule2_choice)."""
    return p.kind == "double_effect" or (p.kind == "value" and p.mode in AIMED_MODES)


class Mutant(BaseModel):
    """When a mutant may be played, and how it switches the contested element."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    when: Literal[
        "attacked_total",
        "attacked_in",
        "you_active_cards",
        "my_areas_empty",
        "you_have_dragon",
        "you_area_cards",
        "you_more_hand",
    ]
    n: int = 0
    element: Literal["fire", "earth"] | None = None
    switch: Literal["toggle", "fire", "earth"] = "toggle"


class CardModel(BaseModel):
    """One card as written in a card file."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    people: Literal["hoax", "vulca", "mimix", "flit", "khind", "terrah", "pillar", "aqua", "mutant"]
    number: int = Field(ge=0)
    name: Names
    type: Literal["leader", "character", "booster", "support", "leadership"]
    fire: int | None = Field(default=None, ge=0)
    earth: int | None = Field(default=None, ge=0)
    icons: tuple[str, ...] = ()
    gang: Literal["no", "top", "fun", "cool"] | None = None
    moons: int = Field(ge=0, le=4)
    power: bool = False
    powers: tuple[Power, ...] = ()
    mutant: Mutant | None = None

    @model_validator(mode="after")
    def _shape(self) -> CardModel:
        bad = [i for i in self.icons if i not in ICONS]
        if bad:
            raise MESSAGES.problem("card_unknown_icon", icon=shown(bad[0]), known=", ".join(ICONS))
        if self.people == "mutant" and self.type != "character":
            raise MESSAGES.problem("card_mutant_character")
        if self.gang is not None and self.type != "character":
            raise MESSAGES.problem("card_gang_character")
        return self


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as the engine uses it."""

    id: str
    box: str
    people: str
    number: int
    name_ru: str
    name_en: str
    type: str
    fire: int
    earth: int
    icons: frozenset[str]
    gang: str | None
    moons: int
    has_power: bool
    powers: tuple[Power, ...]
    mutant: Mutant | None
    # derived from the fields above (for the engine's hot paths)
    protected: bool = field(init=False, repr=False, compare=False)
    ignores: tuple[Power, ...] = field(init=False, repr=False, compare=False)
    aimed: Power | None = field(init=False, repr=False, compare=False)
    on_my_turn: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "protected", "protected" in self.icons)
        object.__setattr__(self, "ignores", tuple(p for p in self.powers if p.kind == "ignore"))
        aimed = [p for p in self.powers if is_aimed(p)]
        object.__setattr__(self, "aimed", aimed[0] if aimed else None)
        mine = any(p.kind == "act" and p.timing == "my_turn" for p in self.powers)
        object.__setattr__(self, "on_my_turn", mine)

    def name(self, lang: str) -> str:
        """The card's name in ``lang``."""
        return self.name_ru if lang == "ru" else self.name_en

    def value(self, element: int) -> int:
        """The printed value in an element (0 fire, 1 earth)."""
        return self.earth if element else self.fire

    @property
    def first_word(self) -> str:
        """The first word of the English name (PAIR partners share it)."""
        return self.name_en.split()[0].lower()


def card_from_model(m: CardModel, box: str) -> CardDef:
    """The engine form of a validated card."""
    return CardDef(
        m.id,
        box,
        m.people,
        m.number,
        m.name.ru,
        m.name.en,
        m.type,
        m.fire or 0,
        m.earth or 0,
        frozenset(m.icons),
        m.gang,
        m.moons,
        m.power or bool(m.powers),
        m.powers,
        m.mutant,
    )


@dataclass(frozen=True, slots=True)
class BlueMoonDB:
    """Every Blue Moon card, by id, and the deck boxes."""

    cards: Mapping[str, CardDef]
    boxes: Mapping[str, tuple[str, ...]]
    # derived: the cards with a "one of my …" power (a quick test for a whole game)
    aimed_ids: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        aimed = frozenset(c for c, d in self.cards.items() if d.aimed is not None)
        object.__setattr__(self, "aimed_ids", aimed)

    def card(self, ident: str) -> CardDef:
        """A card by id or name; a clear error if unknown."""
        return find_card(self.cards, ident, MESSAGES)

    def leader(self, box: str) -> CardDef:
        """The leader card of a deck box."""
        return next(self.cards[c] for c in self.boxes[box] if self.cards[c].type == "leader")

    def deck(self, box: str) -> list[str]:
        """The 30 playing cards of a deck box, in file order."""
        return [c for c in self.boxes[box] if self.cards[c].type != "leader"]


def load_db(paths: list[Path]) -> BlueMoonDB:
    """Load and validate deck files; fails whole with one clear message."""
    cards: dict[str, CardDef] = {}
    boxes: dict[str, tuple[str, ...]] = {}
    for path in paths:
        raw = read_toml(path)
        check_top_keys(str(path), raw, ("card", "box"))
        box = str(raw.get("box", path.stem))
        ids = []
        for m in parse_entries(str(path), raw.get("card", []), CardModel):
            if m.id in cards:
                raise CardDataError.msg(
                    "card_id_twice", source=str(path), what=Message("entry_card"), card=m.id
                )
            cards[m.id] = card_from_model(m, box)
            ids.append(m.id)
        boxes[box] = tuple(ids)
    return BlueMoonDB(cards, boxes)


def parse_cards(source: str, entries: list[Any], box: str = "custom") -> list[CardDef]:
    """Validate raw card entries (inline position cards)."""
    return [card_from_model(m, box) for m in parse_entries(source, entries, CardModel)]


@cache
def default_db() -> BlueMoonDB:
    """The project's Blue Moon deck files (``data/*.toml``)."""
    base = resources.files("cardtable.games.bluemoon").joinpath("data")
    with resources.as_file(base) as folder:
        return load_db(sorted(Path(folder).glob("*.toml")))
