"""Epic cards as the engine reads them: plain, frozen records built from the validated card
files (``cards.py`` holds the schema and the loading).

The records mirror the schema's models field by field (a selector's ``self`` is ``this``
here), so the effect interpreter reads each field directly; the module is compiled with
the rules (``cardtable.native``), which turns every such read into a field access.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.core.carddata import find_card
from cardtable.core.records import Record
from cardtable.games.epic.problems import MESSAGES


@dataclass(frozen=True, slots=True)
class SelectorDef(Record):
    """Who or what an op acts on (``cards.Selector``)."""

    target: str | None = None
    each: str | None = None
    this: bool = False
    you: bool = False
    turn_player: bool = False
    it: bool = False
    its_controller: bool = False
    them: bool = False
    controller: str = "any"
    choice: bool = False
    distinct: bool = False
    same_name: bool = False
    not_token: bool = False
    combat: str | None = None
    unmarked: bool = False
    broken_this_turn: bool = False
    faction: str | None = None
    not_faction: str | None = None
    other: bool = False
    max_offense: int | None = None
    max_defense: int | None = None
    card_type: str | None = None
    cost: int | None = None
    klass: str | None = None


@dataclass(frozen=True, slots=True)
class StepDef(Record):
    """One sentence of a card (``cards.Step``)."""

    op: str
    amount: int = 0
    add: str | None = None
    times: int = 1
    times_x: bool = False
    your_turn: bool = False
    their_turn: bool = False
    cond: str | None = None
    until_eot: bool = False
    up_to: bool = False
    chooser: str = "you"
    into: str | None = None
    to: tuple[SelectorDef, ...] = ()
    kind: str | None = None
    offense: int = 0
    defense: int = 0
    keywords: tuple[str, ...] = ()
    may: bool = False
    frenzy: bool = False


@dataclass(frozen=True, slots=True)
class ModeDef(Record):
    """One branch of an event (``cards.Mode``)."""

    steps: tuple[StepDef, ...]
    gold: int = 0
    your_turn: bool = False


@dataclass(frozen=True, slots=True)
class AbilityDef(Record):
    """A triggered ability (``cards.Ability``)."""

    when: str
    steps: tuple[StepDef, ...]
    zone: str = "play"
    faction: str | None = None
    n: int = 2
    and_or: bool = False


@dataclass(frozen=True, slots=True)
class TalentCostDef(Record):
    """What using a talent costs (``cards.TalentCost``)."""

    expend: bool = False
    gold: int = 0
    break_self: bool = False
    counter: int = 0


@dataclass(frozen=True, slots=True)
class TalentDef(Record):
    """An activated ability (``cards.Talent``)."""

    cost: TalentCostDef
    steps: tuple[StepDef, ...]


@dataclass(frozen=True, slots=True)
class StaticDef(Record):
    """A constant modifier a champion in play gives (``cards.Static``)."""

    to: SelectorDef
    offense: int = 0
    defense: int = 0
    keywords: tuple[str, ...] = ()
    faction: str | None = None
    your_turn: bool = False


@dataclass(frozen=True, slots=True)
class CardDef(Record):
    """A card as the engine uses it (``cards.card_from_model`` builds it)."""

    id: str
    edition: str
    name_ru: str
    name_en: str
    faction: str
    type: str
    cost: int
    offense: int
    defense: int
    classes: tuple[str, ...]
    keywords: int
    abilities: tuple[AbilityDef, ...]
    statics: tuple[StaticDef, ...]
    modes: tuple[ModeDef, ...]
    frenzy_keywords: int = 0
    recall: str | None = None
    recall_gold: int = 1
    talents: tuple[TalentDef, ...] = ()
    must_be_blocked: bool = False
    must_attack: bool = False
    guards_when_expended: bool = False
    deadly: bool = False
    ambush_for: str | None = None
    discard_abilities: bool = False
    # derived from the fields above (``derived``), read by the engine's hot loops:
    is_champion: bool = False
    """Champions and tokens stay in play; events resolve and leave."""
    stat_statics: tuple[StaticDef, ...] = ()
    """The constant abilities that change offense or defense."""
    keyword_statics: tuple[StaticDef, ...] = ()
    """The constant abilities that grant keywords."""
    whens: frozenset[str] = frozenset()
    """When its triggered abilities fire (``AbilityDef.when``)."""

    def name(self, lang: str) -> str:
        """The card's name in ``lang``."""
        return self.name_ru if lang == "ru" else self.name_en


def derived(
    type_: str, abilities: tuple[AbilityDef, ...], statics: tuple[StaticDef, ...]
) -> tuple[bool, tuple[StaticDef, ...], tuple[StaticDef, ...], frozenset[str]]:
    """A card's derived fields (``is_champion`` … ``whens``) from its type and abilities."""
    return (
        type_ != "event",
        tuple(s for s in statics if s.offense or s.defense),
        tuple(s for s in statics if s.keywords),
        frozenset(a.when for a in abilities),
    )


@dataclass(frozen=True, slots=True)
class EpicDB(Record):
    """Every Epic card the engine knows, by id."""

    cards: Mapping[str, CardDef]

    def card(self, ident: str) -> CardDef:
        """A card by id or name; a clear error if unknown."""
        return find_card(self.cards, ident, MESSAGES)

    def token(self, kind: str) -> CardDef:
        """The token card of a kind."""
        return self.cards[f"{kind}_token"]

    def pool(self, edition: str) -> list[CardDef]:
        """The non-token cards of an edition, in file order."""
        return [c for c in self.cards.values() if c.edition == edition]
