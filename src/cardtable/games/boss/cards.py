"""Boss Battle card data: the TOML schema (cards, abilities, effect steps) and loading into
the engine's records (``records.py``: ``CardDef``, ``BossDB`` and the parts they hold).

A card's behaviour is data in the effect vocabulary of ``effects.py``. Strategies and
tactics have ``steps`` (or ``modes``, "choose one"); permanents may have triggered
abilities (``triggers``), activated abilities (``activated``), «Расплата»
(``reckoning``), Конструирование X (``construct``), Синергия X (``synergy``),
Металлолом (``scrap``), constant effects (``statics``) and keywords (Голод ``hunger``,
Подмена ``substitution``, ``haste``, ``ward``). Each step is one sentence: an ``op``, its
numbers and who or what it acts on (``to`` plus filters). ``docs/cards/boss.md``
describes every field for card designers.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardtable.core.carddata import Names, check_top_keys, parse_entries, read_toml
from cardtable.core.errors import CardDataError, Message, shown
from cardtable.games.boss.problems import MESSAGES
from cardtable.games.boss.records import (
    MITSIM,
    ActivatedDef,
    BossDB,
    CardDef,
    ConstructDef,
    Deck,
    ModeDef,
    ReckoningDef,
    StaticDef,
    StepDef,
    TriggeredDef,
    boss_db,
    derived,
)

TYPES = ("unit", "strategy", "tactic", "event", "object")
KEYWORDS = ("haste", "hunger", "substitution", "ward")
SUBSTITUTION_COST = 2
"""Resources a Подмена costs (boss.mech.substitution)."""

Op = Literal[
    "damage_boss",
    "damage",
    "heal_boss",
    "shield_boss",
    "draw",
    "discard",
    "mill",
    "gain_temp",
    "gain_slot",
    "refill",
    "drain",
    "tap",
    "untap",
    "destroy",
    "exile",
    "bounce",
    "attack",
    "repair",
    "energy",
    "drain_energy",
    "counter",
    "return",
    "forbid",
    "sacrifice",
    "stun",
]
Target = Literal[
    "self",
    "you",
    "it",
    "active_player",
    "target_unit",
    "target_permanent",
    "target_player",
    "target_opponent",
    "target_stack",
    "target_grave",
    "each_unit",
    "each_permanent",
    "each_player",
    "each_opponent",
]
Per = Literal[
    "your_units",
    "your_permanents",
    "your_mitsims",
    "your_grave",
    "your_hand",
    "opponents",
    "energy_self",
    "attack_self",
    "durability_self",
    "attackers",
]
"""``attackers``: your units attacking now (declared this combat, damage not yet dealt)."""
Forbidden = Literal[
    "attack", "attack_exhausted", "tactics", "abilities", "heal_boss", "gain_temp", "prevent"
]
"""What a ``forbid`` step or static forbids (boss.golden.forbid); ``attack_exhausted``
beats what haste and ``allow`` statics allow (``effects.allowed``)."""
Allowed = Literal["attack_exhausted", "abilities_exhausted"]
"""What an ``allow`` static allows beyond the rules (boss.golden.card_text)."""
When = Literal[
    "enters",
    "dies",
    "start_of_turn",
    "end_of_turn",
    "attacks",
    "you_damage_boss",
    "opponent_casts",
    "ally_dies",
]

PLAYER_TARGETS = ("you", "active_player", "target_player", "target_opponent")
PLAYER_EACH = ("each_player", "each_opponent")
PLAYER_OPS = (
    "draw",
    "discard",
    "mill",
    "gain_temp",
    "gain_slot",
    "refill",
    "drain",
    "forbid",
    "sacrifice",
)
PERMANENT_OPS = (
    "damage",
    "tap",
    "untap",
    "destroy",
    "exile",
    "bounce",
    "attack",
    "repair",
    "energy",
    "drain_energy",
    "stun",
)
NO_TARGET_OPS = ("damage_boss", "heal_boss", "shield_boss")


class Step(BaseModel):
    """One sentence of a card: an op, its number and who or what it acts on."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    op: Op
    amount: int = Field(default=1, ge=-20, le=30)
    per: Per | None = Field(default=None, description="amount times this count")
    to: Target | None = Field(
        default=None, description="who or what it acts on (players' ops: default 'you')"
    )
    controller: Literal["you", "opponent", "any"] = "any"
    type: Literal["unit", "event", "object", "permanent"] | None = None
    klass: str | None = Field(default=None, alias="class")
    tapped: bool | None = None
    other: bool = Field(default=False, description="not this card itself")
    max_cost: int | None = None
    until_eot: bool = Field(default=False, description="attack: only until the end of the turn")
    what: Forbidden | None = Field(default=None, description="forbid: what is forbidden")
    until: Literal["eot", "next_turn"] = Field(
        default="eot",
        description="forbid: until the end of this turn, or until the start of your next turn",
    )
    into: Literal["hand", "battlefield"] = Field(default="hand", description="return: where to")
    if_boss_at_most: int | None = Field(
        default=None, description="only if the boss has at most this much health"
    )
    if_your_turn: bool | None = Field(
        default=None, description="true: only in your turn; false: only in another's"
    )
    if_did: bool = Field(default=False, description="only if the sentence before it did something")

    @model_validator(mode="after")
    def _shape(self) -> Step:
        op, to = self.op, self.to
        if op in NO_TARGET_OPS:
            if to is not None:
                raise MESSAGES.problem("card_op_boss", op=op)
        elif op in PLAYER_OPS:
            if to is not None and to not in PLAYER_TARGETS + PLAYER_EACH:
                raise MESSAGES.problem("card_op_players", op=op)
        elif op in PERMANENT_OPS:
            grave_ok = op == "exile" and to == "target_grave"
            if (
                to is None
                or to in PLAYER_TARGETS + PLAYER_EACH + ("target_stack",)
                or (to == "target_grave" and not grave_ok)
            ):
                raise MESSAGES.problem("card_op_permanents", op=op)
        elif op == "counter":
            if to != "target_stack":
                raise MESSAGES.problem("card_op_target", op=op, to="target_stack")
        elif op == "return" and to != "target_grave":
            raise MESSAGES.problem("card_op_target", op=op, to="target_grave")
        if op == "forbid" and self.what is None:
            raise MESSAGES.problem("card_forbid_what", known=", ".join(get_args(Forbidden)))
        if op != "forbid" and self.what is not None:
            raise MESSAGES.problem("card_what_forbid")
        if op in ("damage_boss", "damage", "heal_boss", "shield_boss", "draw", "mill") and (
            self.amount < 0
        ):
            raise MESSAGES.problem("card_op_amount", op=op, amount=self.amount)
        return self


class Mode(BaseModel):
    """One branch of a "choose one" strategy or tactic."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    steps: tuple[Step, ...] = Field(min_length=1)


class Triggered(BaseModel):
    """A triggered ability: when something happens, its steps resolve (boss.trigger)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    when: When
    steps: tuple[Step, ...] = Field(min_length=1)


class Activated(BaseModel):
    """An activated ability: pay ``cost`` resources (and turn the card when ``tap``, and
    sacrifice it when ``sacrifice``), then the steps go on the stack."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: int = Field(default=0, ge=0, le=9)
    tap: bool = False
    sacrifice: bool = False
    steps: tuple[Step, ...] = Field(min_length=1)


class Reckoning(BaseModel):
    """«Расплата»: used in its controller's combat phase instead of attacking
    (boss.turn.reckoning): its cost in resources, and a turn of the card."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: int = Field(default=0, ge=0, le=9)
    steps: tuple[Step, ...] = Field(min_length=1)


class Construct(BaseModel):
    """Конструирование X: the effect usable once X energy tokens lie on the card; if not
    used before the next opponent's turn, the overload resolves and the card goes to the
    graveyard (boss.mech.construct)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    x: int = Field(ge=1, le=9)
    steps: tuple[Step, ...] = Field(min_length=1)
    overload: tuple[Step, ...] = ()


class Static(BaseModel):
    """A constant effect of a permanent on the battlefield (boss.golden.statics).

    ``kind``: ``attack`` (+amount attack), ``forbid`` / ``allow`` (``what``),
    ``protect`` (no damage from opponents' strategies and tactics), ``max_resources``
    (the maximum becomes amount), ``tactic_cost`` (your tactics cost amount more; negative:
    less). ``applies``: whom it concerns.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["attack", "forbid", "allow", "protect", "max_resources", "tactic_cost"]
    amount: int = Field(default=0, ge=-9, le=20)
    what: str | None = None
    applies: Literal[
        "self",
        "your_units",
        "other_your_units",
        "your_mitsims",
        "opponents_units",
        "all_units",
        "you",
        "opponents",
        "all_players",
    ] = "self"

    @model_validator(mode="after")
    def _shape(self) -> Static:
        if self.kind == "forbid" and self.what not in Forbidden.__args__:  # type: ignore[attr-defined]
            known = ", ".join(get_args(Forbidden))
            raise MESSAGES.problem("card_static_what", kind=self.kind, known=known)
        if self.kind == "allow" and self.what not in Allowed.__args__:  # type: ignore[attr-defined]
            known = ", ".join(get_args(Allowed))
            raise MESSAGES.problem("card_static_what", kind=self.kind, known=known)
        if self.kind not in ("forbid", "allow") and self.what is not None:
            raise MESSAGES.problem("card_static_what_only")
        players = self.applies in ("you", "opponents", "all_players")
        if self.kind in ("attack", "allow", "protect") and players:
            raise MESSAGES.problem("card_static_units", kind=self.kind)
        if self.kind in ("max_resources", "tactic_cost") and not players:
            raise MESSAGES.problem("card_static_players", kind=self.kind)
        return self


class CardModel(BaseModel):
    """One card as written in a card file."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    type: Literal["unit", "strategy", "tactic", "event", "object"]
    cost: int = Field(ge=0, le=9)
    attack: int | None = Field(default=None, ge=0, le=20)
    durability: int | None = Field(default=None, ge=1, le=20)
    classes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    modes: tuple[Mode, ...] = ()
    triggers: tuple[Triggered, ...] = ()
    activated: tuple[Activated, ...] = ()
    reckoning: Reckoning | None = None
    construction: Construct | None = Field(
        default=None, alias="construct", description="Конструирование X"
    )
    synergy: int = Field(default=0, ge=0, le=9, description="Синергия X (0: none)")
    scrap: tuple[Step, ...] = Field(default=(), description="Металлолом: its effect")
    statics: tuple[Static, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> CardModel:
        bad = [k for k in self.keywords if k not in KEYWORDS]
        if bad:
            raise MESSAGES.problem(
                "card_unknown_keyword", keyword=bad[0], known=", ".join(KEYWORDS)
            )
        if self.type == "unit":
            if self.attack is None or self.durability is None:
                raise MESSAGES.problem("card_unit_stats")
        elif self.attack is not None or self.durability is not None:
            raise MESSAGES.problem("card_no_stats", type=self.type)
        if self.type in ("strategy", "tactic"):
            if bool(self.steps) == bool(self.modes):
                raise MESSAGES.problem("card_steps_or_modes", type=self.type)
            extra = [
                name
                for name, value in (
                    ("triggers", self.triggers),
                    ("activated", self.activated),
                    ("reckoning", self.reckoning),
                    ("construct", self.construction),
                    ("synergy", self.synergy),
                    ("scrap", self.scrap),
                    ("statics", self.statics),
                    ("keywords", self.keywords),
                )
                if value
            ]
            if extra:
                raise MESSAGES.problem("card_spell_extra", type=self.type, field=extra[0])
        elif self.steps or self.modes:
            raise MESSAGES.problem("card_permanent_steps", type=self.type)
        if "substitution" in self.keywords and MITSIM not in self.classes:
            raise MESSAGES.problem("card_substitution_mitsim")
        if self.type != "unit" and MITSIM in self.classes:
            raise MESSAGES.problem("card_mitsim_unit", type=self.type)
        return self


def step_def(m: Step) -> StepDef:
    """The engine's record of a validated step (records.py)."""
    return StepDef(**{name: getattr(m, name) for name in Step.model_fields})


def _steps(steps: tuple[Step, ...]) -> tuple[StepDef, ...]:
    return tuple(step_def(s) for s in steps)


def static_def(m: Static) -> StaticDef:
    """The engine's record of a validated constant effect (records.py)."""
    return StaticDef(m.kind, m.amount, m.what, m.applies)


def card_from_model(m: CardModel) -> CardDef:
    """The engine's record of a validated card (records.py)."""
    classes = tuple(c.lower() for c in m.classes)
    triggers = tuple(TriggeredDef(t.when, _steps(t.steps)) for t in m.triggers)
    activated = tuple(
        ActivatedDef(_steps(a.steps), a.cost, a.tap, a.sacrifice) for a in m.activated
    )
    r, c = m.reckoning, m.construction
    construct = None if c is None else ConstructDef(c.x, _steps(c.steps), _steps(c.overload))
    scrap = _steps(m.scrap)
    return CardDef(
        m.id,
        m.name.ru,
        m.name.en,
        m.type,
        m.cost,
        m.attack or 0,
        m.durability or 0,
        classes,
        m.keywords,
        _steps(m.steps),
        tuple(ModeDef(_steps(x.steps)) for x in m.modes),
        triggers,
        activated,
        None if r is None else ReckoningDef(_steps(r.steps), r.cost),
        construct,
        m.synergy,
        scrap,
        tuple(static_def(s) for s in m.statics),
        *derived(m.type, classes, m.keywords, triggers, activated, construct, m.synergy, scrap),
    )


class DeckModel(BaseModel):
    """A preconstructed deck as written in ``decks.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    plan: Names = Field(description="the deck's plan in one sentence, for players")
    cards: dict[str, int] = Field(description="card id -> copies (1 or 2)")


def parse_cards(source: str, entries: list[Any]) -> list[CardDef]:
    """Validate raw card entries into definitions."""
    return [card_from_model(m) for m in parse_entries(source, entries, CardModel)]


def parse_decks(source: str, entries: list[Any], cards: Mapping[str, CardDef]) -> dict[str, Deck]:
    """Validate the preconstructed decks (every card known; the deck rules are checked by
    ``formats.deck_problem``)."""
    out: dict[str, Deck] = {}
    for m in parse_entries(source, entries, DeckModel, "deck"):
        listed: list[str] = []
        for ident, copies in m.cards.items():
            problem = None
            if ident not in cards:
                problem = MESSAGES.message("deck_unknown_card", card=shown(ident))
            elif not 1 <= copies <= 2:
                problem = MESSAGES.message("card_deck_copies", card=ident, n=copies)
            if problem is not None:
                raise CardDataError.msg(
                    "card_problem",
                    source=source,
                    what=Message("entry_deck"),
                    card=m.id,
                    problem=problem,
                )
            listed += [ident] * copies
        out[m.id] = Deck(m.id, m.name.ru, m.name.en, m.plan.ru, m.plan.en, tuple(listed))
    return out


def load_db(card_paths: list[Path], deck_path: Path | None) -> BossDB:
    """Load and validate card files and the decks; fails whole with one clear message."""
    cards: dict[str, CardDef] = {}
    for path in card_paths:
        raw = read_toml(path)
        check_top_keys(str(path), raw, ("card",))
        for c in parse_cards(str(path), raw.get("card", [])):
            if c.id in cards:
                raise CardDataError.msg(
                    "card_id_twice", source=str(path), what=Message("entry_card"), card=c.id
                )
            cards[c.id] = c
    decks: dict[str, Deck] = {}
    if deck_path is not None:
        raw = read_toml(deck_path)
        check_top_keys(str(deck_path), raw, ("deck",))
        decks = parse_decks(str(deck_path), raw.get("deck", []), cards)
    return boss_db(cards, decks)


@cache
def default_db() -> BossDB:
    """The project's Boss Battle card files (``data/*.toml`` but ``decks.toml``)."""
    base = resources.files("cardtable.games.boss").joinpath("data")
    with resources.as_file(base) as folder:
        paths = sorted(p for p in Path(folder).glob("*.toml") if p.name != "decks.toml")
        decks = Path(folder) / "decks.toml"
        return load_db(paths, decks if decks.exists() else None)
