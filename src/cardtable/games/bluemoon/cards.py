"""Blue Moon card data: the TOML schema and loading into the engine's records
(``records.py``: ``CardDef``, ``BlueMoonDB`` and the powers and mutant conditions they hold).

One file per deck box (``data/<box>.toml``): the leader and 30 playing cards. A card's
printed facts (type, Fire/Earth values, icons, gang, moons) are transcribed; its special
power, when it has one, is written in the effect vocabulary of ``powers.py`` (``powers``:
a list of effects) — ``power = true`` marks a power not yet encoded.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardtable.core.carddata import Names, check_top_keys, parse_entries, read_toml
from cardtable.core.errors import CardDataError, Message, shown
from cardtable.games.bluemoon.problems import MESSAGES
from cardtable.games.bluemoon.records import (
    BlueMoonDB,
    CardDef,
    MutantDef,
    PowerDef,
    blue_moon_db,
    derived,
)

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


def power_def(m: Power) -> PowerDef:
    """The engine's record of a validated power (records.py)."""
    return PowerDef(**{name: getattr(m, name) for name in Power.model_fields})


def mutant_def(m: Mutant) -> MutantDef:
    """The engine's record of a validated mutant condition (records.py)."""
    return MutantDef(m.when, m.n, m.element, m.switch)


def card_from_model(m: CardModel, box: str) -> CardDef:
    """The engine's record of a validated card (records.py)."""
    icons = frozenset(m.icons)
    powers = tuple(power_def(p) for p in m.powers)
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
        icons,
        m.gang,
        m.moons,
        m.power or bool(m.powers),
        powers,
        None if m.mutant is None else mutant_def(m.mutant),
        *derived(icons, powers),
    )


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
    return blue_moon_db(cards, boxes)


def parse_cards(source: str, entries: list[Any], box: str = "custom") -> list[CardDef]:
    """Validate raw card entries (inline position cards)."""
    return [card_from_model(m, box) for m in parse_entries(source, entries, CardModel)]


@cache
def default_db() -> BlueMoonDB:
    """The project's Blue Moon deck files (``data/*.toml``)."""
    base = resources.files("cardtable.games.bluemoon").joinpath("data")
    with resources.as_file(base) as folder:
        return load_db(sorted(Path(folder).glob("*.toml")))
