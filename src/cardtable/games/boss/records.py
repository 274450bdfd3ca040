"""Boss Battle cards as the engine reads them: plain, frozen records built from the validated
card files (``cards.py`` holds the schema and the loading).

The records mirror the schema's models field by field (``StepDef`` is ``cards.Step``,
``StaticDef`` is ``cards.Static`` and so on; a card's ``construct`` is the schema's
``construction``, written ``construct`` in a card file), so the effect interpreter reads
each field directly; the module is compiled with the rules (``cardtable.native``), which
turns every such read into a field access.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from cardtable.core.carddata import find_card
from cardtable.core.records import Record
from cardtable.games.boss.problems import MESSAGES

PERMANENTS = ("unit", "event", "object")
MITSIM = "mitsim"


@dataclass(frozen=True, slots=True)
class StepDef(Record):
    """One sentence of a card: an op, its number and who or what it acts on
    (``cards.Step``)."""

    op: str
    amount: int = 1
    per: str | None = None
    """amount times this count"""
    to: str | None = None
    """who or what it acts on (players' ops: default 'you')"""
    controller: str = "any"
    type: str | None = None
    klass: str | None = None
    """``class`` in a card file"""
    tapped: bool | None = None
    other: bool = False
    """not this card itself"""
    max_cost: int | None = None
    until_eot: bool = False
    """attack: only until the end of the turn"""
    what: str | None = None
    """forbid: what is forbidden"""
    until: str = "eot"
    """forbid: until the end of this turn (eot), or until the start of your next turn
    (next_turn)"""
    into: str = "hand"
    """return: where to (hand, battlefield)"""
    if_boss_at_most: int | None = None
    """only if the boss has at most this much health"""
    if_your_turn: bool | None = None
    """true: only in your turn; false: only in another's"""
    if_did: bool = False
    """only if the sentence before it did something"""


@dataclass(frozen=True, slots=True)
class ModeDef(Record):
    """One branch of a "choose one" strategy or tactic (``cards.Mode``)."""

    steps: tuple[StepDef, ...]


@dataclass(frozen=True, slots=True)
class TriggeredDef(Record):
    """A triggered ability: when something happens, its steps resolve (boss.trigger;
    ``cards.Triggered``)."""

    when: str
    steps: tuple[StepDef, ...]


@dataclass(frozen=True, slots=True)
class ActivatedDef(Record):
    """An activated ability: pay ``cost`` resources (and turn the card when ``tap``, and
    sacrifice it when ``sacrifice``), then the steps go on the stack (``cards.Activated``)."""

    steps: tuple[StepDef, ...]
    cost: int = 0
    tap: bool = False
    sacrifice: bool = False


@dataclass(frozen=True, slots=True)
class ReckoningDef(Record):
    """«Расплата»: used in its controller's combat phase instead of attacking
    (boss.turn.reckoning): its cost in resources, and a turn of the card
    (``cards.Reckoning``)."""

    steps: tuple[StepDef, ...]
    cost: int = 0


@dataclass(frozen=True, slots=True)
class ConstructDef(Record):
    """Конструирование X: the effect usable once X energy tokens lie on the card; if not
    used before the next opponent's turn, the overload resolves and the card goes to the
    graveyard (boss.mech.construct; ``cards.Construct``)."""

    x: int
    steps: tuple[StepDef, ...]
    overload: tuple[StepDef, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticDef(Record):
    """A constant effect of a permanent on the battlefield (boss.golden.statics;
    ``cards.Static`` says what each ``kind`` and ``applies`` means)."""

    kind: str
    amount: int = 0
    what: str | None = None
    applies: str = "self"


@dataclass(frozen=True, slots=True)
class CardDef(Record):
    """A card as the engine uses it (``cards.card_from_model`` builds it)."""

    id: str
    name_ru: str
    name_en: str
    type: str
    cost: int
    attack: int
    durability: int
    classes: tuple[str, ...]
    keywords: tuple[str, ...]
    steps: tuple[StepDef, ...]
    modes: tuple[ModeDef, ...]
    triggers: tuple[TriggeredDef, ...]
    activated: tuple[ActivatedDef, ...]
    reckoning: ReckoningDef | None
    construct: ConstructDef | None
    synergy: int
    scrap: tuple[StepDef, ...]
    statics: tuple[StaticDef, ...]
    # derived from the fields above (``derived``), read by the hot loops:
    is_permanent: bool = False
    is_unit: bool = False
    is_mitsim: bool = False
    hunger: bool = False
    substitution: bool = False
    haste: bool = False
    ward: bool = False
    whens: frozenset[str] = frozenset()
    has_abilities: bool = False
    """It has an ability its controller may activate (activated, construct, synergy,
    scrap, substitution)."""

    def name(self, lang: str) -> str:
        """The card's name in ``lang``."""
        return self.name_ru if lang == "ru" else self.name_en


def derived(
    type_: str,
    classes: tuple[str, ...],
    keywords: tuple[str, ...],
    triggers: tuple[TriggeredDef, ...],
    activated: tuple[ActivatedDef, ...],
    construct: ConstructDef | None,
    synergy: int,
    scrap: tuple[StepDef, ...],
) -> tuple[bool, bool, bool, bool, bool, bool, bool, frozenset[str], bool]:
    """A card's derived fields (``is_permanent`` … ``has_abilities``) from the rest."""
    return (
        type_ in PERMANENTS,
        type_ == "unit",
        MITSIM in classes,
        "hunger" in keywords,
        "substitution" in keywords,
        "haste" in keywords,
        "ward" in keywords,
        frozenset(t.when for t in triggers),
        bool(activated or construct or synergy or scrap or "substitution" in keywords),
    )


def rederived(card: CardDef) -> CardDef:
    """The card with its derived fields worked out again (after ``dataclasses.replace``
    changed the fields they come from)."""
    d = derived(
        card.type,
        card.classes,
        card.keywords,
        card.triggers,
        card.activated,
        card.construct,
        card.synergy,
        card.scrap,
    )
    return replace(
        card,
        is_permanent=d[0],
        is_unit=d[1],
        is_mitsim=d[2],
        hunger=d[3],
        substitution=d[4],
        haste=d[5],
        ward=d[6],
        whens=d[7],
        has_abilities=d[8],
    )


@dataclass(frozen=True, slots=True)
class Deck(Record):
    """A preconstructed deck: its names, plan and card list (ids, copies repeated)."""

    id: str
    name_ru: str
    name_en: str
    plan_ru: str
    plan_en: str
    cards: tuple[str, ...]

    def name(self, lang: str) -> str:
        """The deck's name in ``lang``."""
        return self.name_ru if lang == "ru" else self.name_en

    def plan(self, lang: str) -> str:
        """The deck's plan in ``lang``."""
        return self.plan_ru if lang == "ru" else self.plan_en


def burn(card: CardDef) -> int:
    """The damage to the boss a strategy's or tactic's sentences deal with no condition
    and no multiplier (the best of its modes)."""
    if card.type not in ("strategy", "tactic"):
        return 0
    branches = [m.steps for m in card.modes] or [card.steps]
    return max(
        sum(
            s.amount
            for s in steps
            if s.op == "damage_boss"
            and s.per is None
            and s.if_boss_at_most is None
            and s.if_your_turn is None
            and not s.if_did
        )
        for steps in branches
    )


@dataclass(frozen=True, slots=True)
class BossDB(Record):
    """Every Boss Battle card the engine knows, by id, and the preconstructed decks
    (``boss_db`` builds it)."""

    cards: Mapping[str, CardDef]
    decks: Mapping[str, Deck]
    # derived from the cards (``boss_db``), read by the hot loops:
    min_tactic_cost: int = 99
    """The cheapest tactic's printed cost (a player with fewer resources and no cost
    reduction cannot answer: boss.stack.auto_pass)."""
    min_cost: int = 99
    """The cheapest card's printed cost (the same use in the active player's placement)."""
    cost_statics: bool = False
    """Whether any card changes what tactics cost."""
    forbid_statics: bool = False
    """Whether any card forbids something by a constant effect."""
    cast_info: Mapping[str, tuple[bool, int]] = field(default_factory=dict)
    """Card id -> (is a tactic, printed cost): what casting it needs, for the hot loops."""
    burn: Mapping[str, int] = field(default_factory=dict)
    """Card id -> the damage to the boss its own sentences deal outright (a strategy or
    tactic; 0 for the rest), for the AI's estimate of a finishing blow."""

    def card(self, ident: str) -> CardDef:
        """A card by id or name; a clear error if unknown."""
        return find_card(self.cards, ident, MESSAGES)


def boss_db(cards: Mapping[str, CardDef], decks: Mapping[str, Deck]) -> BossDB:
    """The database of these cards and decks, with its derived fields."""
    costs = [c.cost for c in cards.values() if c.type == "tactic"]
    every = [c.cost for c in cards.values()]
    return BossDB(
        cards,
        decks,
        min(costs) if costs else 99,
        min(every) if every else 99,
        any(s.kind == "tactic_cost" for c in cards.values() for s in c.statics),
        any(s.kind == "forbid" for c in cards.values() for s in c.statics),
        {c.id: (c.type == "tactic", c.cost) for c in cards.values()},
        {c.id: burn(c) for c in cards.values()},
    )
