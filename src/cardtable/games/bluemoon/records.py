"""Blue Moon cards as the engine reads them: plain, frozen records built from the validated
deck files (``cards.py`` holds the schema and the loading).

The records mirror the schema's models field by field (``PowerDef`` is ``cards.Power``,
``MutantDef`` is ``cards.Mutant``), so the rules read each field directly; the module is
compiled with the rules (``cardtable.native``), which turns every such read into a field
access.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.core.carddata import find_card
from cardtable.core.records import Record
from cardtable.games.bluemoon.problems import MESSAGES

AIMED_MODES = ("double_one", "set_one", "sum_one", "max_one")


@dataclass(frozen=True, slots=True)
class PowerDef(Record):
    """One effect of a card's special power (``cards.Power``; see powers.py for what each
    kind does)."""

    kind: str
    n: int = 0
    element: str | None = None
    types: tuple[str, ...] = ()
    except_people: str | None = None
    except_types: tuple[str, ...] = ()
    may: bool = False
    has_text: bool | None = None
    """forbid: only cards with / without a power"""
    min_printed: int | None = None
    """forbid: a printed value at least this"""
    combat_only: bool = False
    """limit: cards into the combat area only"""
    aspect: str = "all"
    """ignore: what is ignored (all, text, icons)"""
    except_icons: tuple[str, ...] = ()
    with_icons: bool = False
    """ignore: only cards that have icons"""
    mode: str | None = None
    """value: double_one, set_one, sum_one, max_one, zero_odd, zero_even; draw_block: none,
    one_per_turn, hand_four, no_take; end_draw: add, to"""
    who: str = "you"
    """retreat_dragons: who retreats (me, you)"""
    delta: int = 0
    at_most: int | None = None
    except_last: bool = False
    """act: not your last active character"""
    or_dragon: bool = False
    """must_discard: if not done, I attract a dragon (even on a retreat)"""
    timing: str = "now"
    """act: now (when played), my_turn (once on each of my turns), after_booster_support
    (immediately after my booster/support phase) or end_of_turn (at the end of my turn)"""
    void_if_opposed_by: tuple[str, ...] = ()
    """ignore: the card has no effect while the opponent has one of these cards (ids)
    working, and its ignoring never reaches them"""


def is_aimed(p: PowerDef) -> bool:
    """A power applied to "one of my" cards, which its player chooses: a change to one of
    my characters (``value`` with an ``AIMED_MODES`` mode) or the doubling of one of my
    Caterpillar boosters' demands (``double_effect``) (bluemoon.special.rule2_choice)."""
    return p.kind == "double_effect" or (p.kind == "value" and p.mode in AIMED_MODES)


@dataclass(frozen=True, slots=True)
class MutantDef(Record):
    """When a mutant may be played, and how it switches the contested element
    (``cards.Mutant``)."""

    when: str
    n: int = 0
    element: str | None = None
    switch: str = "toggle"


@dataclass(frozen=True, slots=True)
class CardDef(Record):
    """A card as the engine uses it (``cards.card_from_model`` builds it)."""

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
    powers: tuple[PowerDef, ...]
    mutant: MutantDef | None
    # derived from the fields above (``derived``), read by the engine's hot paths:
    protected: bool = False
    """It has the PROTECTED icon."""
    ignores: tuple[PowerDef, ...] = ()
    """Its ``ignore`` powers."""
    aimed: PowerDef | None = None
    """Its "one of my …" power (``is_aimed``), the first if several: one of ``powers``."""
    on_my_turn: bool = False
    """It has an ``act`` power used once on each of its player's turns."""

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


def derived(
    icons: frozenset[str], powers: tuple[PowerDef, ...]
) -> tuple[bool, tuple[PowerDef, ...], PowerDef | None, bool]:
    """A card's derived fields (``protected`` … ``on_my_turn``) from its icons and powers."""
    aimed = [p for p in powers if is_aimed(p)]
    return (
        "protected" in icons,
        tuple(p for p in powers if p.kind == "ignore"),
        aimed[0] if aimed else None,
        any(p.kind == "act" and p.timing == "my_turn" for p in powers),
    )


@dataclass(frozen=True, slots=True)
class BlueMoonDB(Record):
    """Every Blue Moon card, by id, and the deck boxes (``blue_moon_db`` builds it)."""

    cards: Mapping[str, CardDef]
    boxes: Mapping[str, tuple[str, ...]]
    # derived: the cards with a "one of my …" power (a quick test for a whole game)
    aimed_ids: frozenset[str] = frozenset()

    def card(self, ident: str) -> CardDef:
        """A card by id or name; a clear error if unknown."""
        return find_card(self.cards, ident, MESSAGES)

    def leader(self, box: str) -> CardDef:
        """The leader card of a deck box."""
        return next(self.cards[c] for c in self.boxes[box] if self.cards[c].type == "leader")

    def deck(self, box: str) -> list[str]:
        """The 30 playing cards of a deck box, in file order."""
        return [c for c in self.boxes[box] if self.cards[c].type != "leader"]


def blue_moon_db(cards: Mapping[str, CardDef], boxes: Mapping[str, tuple[str, ...]]) -> BlueMoonDB:
    """The database of these cards and boxes, with its derived fields."""
    aimed = frozenset(c for c, d in cards.items() if d.aimed is not None)
    return BlueMoonDB(cards, boxes, aimed)
