"""Epic card data: the TOML schema (cards, abilities, effect steps) and loading into the
engine's records (``records.py``: ``CardDef``, ``EpicDB`` and the parts they hold).

A card's behaviour is data in the effect vocabulary of ``effects.py``: an ability is
``{when, steps}`` (or a static modifier), an event has one or more ``modes`` (the book's
"or"), and each step is one sentence of the card: an ``op`` with its arguments and
target selectors. Targets are chosen when their step resolves (epic.target.sentence).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardtable.core.carddata import Names, check_top_keys, parse_entries, read_toml
from cardtable.core.errors import CardDataError, Message
from cardtable.games.epic.problems import MESSAGES, PKG
from cardtable.games.epic.records import (
    AbilityDef,
    CardDef,
    EpicDB,
    ModeDef,
    SelectorDef,
    StaticDef,
    StepDef,
    TalentCostDef,
    TalentDef,
    derived,
)

FACTIONS = ("good", "wild", "evil", "sage")
KEYWORDS = (
    "airborne",
    "ambush",
    "blitz",
    "breakthrough",
    "righteous",
    "unbreakable",
    "untargetable",
    "unbanishable",
    "unblockable",
)
KW_BIT = {k: 1 << i for i, k in enumerate(KEYWORDS)}
TOKEN_KINDS = ("human", "demon", "wolf", "zombie")
# The common token piles of a box (epic.components, epic.setup.tokens): double-faced cards,
# each pile shared by its two kinds. The supply never runs out (epic.token.supply): past a
# pile, stand-ins are used.
TOKEN_PILES = (("human_demon", ("human", "demon"), 22), ("wolf_zombie", ("wolf", "zombie"), 12))


SELECTOR_KINDS = ("target", "each", "self", "you", "turn_player", "it", "its_controller", "them")
"""The fields of a selector that say which kind it is (exactly one of them)."""


class Selector(BaseModel):
    """Who or what an op acts on.

    ``target``: the controller chooses one (``any`` = a champion or a player) when the step
    resolves; ``each``: every champion or player matching the filters; ``self``: this card;
    ``you``: the controller; ``turn_player``: the player whose turn it is.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    target: Literal["any", "champion", "player", "discard_card", "hand_card"] | None = None
    each: Literal["champion", "player"] | None = None
    self: bool = False
    you: bool = False
    turn_player: bool = False
    it: bool = Field(default=False, description="the champion an earlier sentence targeted")
    its_controller: bool = Field(default=False, description="that champion's controller")
    them: bool = Field(default=False, description="the champions the previous sentence acted on")
    controller: Literal["you", "opponent", "any", "target_player"] = "any"
    choice: bool = Field(
        default=False, description="chosen, not targeted: Untargetable does not protect"
    )
    distinct: bool = Field(default=False, description="not one this effect already targeted")
    same_name: bool = Field(default=False, description="sharing the targeted champion's name")
    not_token: bool = False
    combat: Literal["attacking", "blocking", "attacking_alone", "idle"] | None = Field(
        default=None, description="idle: prepared and out of battle (and able to attack)"
    )
    unmarked: bool = Field(default=False, description="not chosen by a 'mark' sentence")
    broken_this_turn: bool = False
    faction: str | None = None
    not_faction: str | None = None
    other: bool = False
    max_offense: int | None = None
    max_defense: int | None = None
    card_type: Literal["champion", "event"] | None = None
    cost: int | None = None
    klass: str | None = Field(default=None, alias="class", description="a class, e.g. dragon")

    @model_validator(mode="after")
    def _one_kind(self) -> Selector:
        kinds = [
            self.target is not None,
            self.each is not None,
            self.self,
            self.you,
            self.turn_player,
            self.it,
            self.its_controller,
            self.them,
        ]
        if sum(kinds) != 1:
            raise MESSAGES.problem("card_selector_kinds", kinds=", ".join(SELECTOR_KINDS))
        return self


class Step(BaseModel):
    """One sentence of a card: an op, its numbers and selectors."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    op: Literal[
        "damage",
        "draw",
        "gain_health",
        "tokens",
        "banish",
        "break",
        "modify",
        "return_to_hand",
        "discard",
        "counters",
        "expend",
        "prepare",
        "transform",
        "lose_health",
        "forbid_attacks",
        "recycle",
        "from_discard",
        "from_hand",
        "recall_self",
        "remove_from_battle",
        "reanimate_all",
        "banish_pile",
        "gain_control",
        "join_combat",
        "break_at_end",
        "discard_at_end",
        "mark",
        "divide",
        "choose_x",
    ]
    amount: int = 0
    add: Literal["x", "it_offense", "discard_champions", "damage_taken"] | None = Field(
        default=None, description="a number added to amount when the sentence resolves"
    )
    times: int = Field(default=1, ge=1, le=12, description="repeat the sentence (new target each)")
    times_x: bool = Field(default=False, description="repeat it X times (X from choose_x)")
    your_turn: bool = Field(default=False, description="only in its controller's turn")
    their_turn: bool = Field(default=False, description="only outside its controller's turn")
    cond: (
        Literal["did", "you_controlled_it", "it_unblocked_vs_you", "played_cost1", "in_play"] | None
    ) = Field(default=None, alias="if", description="a condition the sentence needs")
    until_eot: bool = Field(default=False, description="gain_control: only this turn")
    up_to: bool = Field(default=False, description="the target may be left unchosen")
    chooser: Literal["you", "opponent", "each"] = Field(
        default="you",
        description="who chooses the target: its controller, the next opponent, or (mark "
        "only) each player in turn from its controller, 'you' meaning the one choosing",
    )
    into: Literal["hand", "play"] | None = Field(
        default=None, description="from_discard / recall_self: where the card goes"
    )
    to: tuple[Selector, ...] = ()
    kind: str | None = None
    offense: int = 0
    defense: int = 0
    keywords: tuple[str, ...] = ()
    may: bool = False
    frenzy: bool = Field(default=False, description="only while Frenzy holds (epic.keyword.frenzy)")

    @model_validator(mode="after")
    def _args(self) -> Step:
        if self.op in ("damage", "banish", "break", "modify", "return_to_hand") and not self.to:
            raise MESSAGES.problem("card_op_needs_to", op=self.op)
        if self.op in ("tokens", "transform") and self.kind not in TOKEN_KINDS:
            raise MESSAGES.problem("card_op_needs_kind", op=self.op, known=", ".join(TOKEN_KINDS))
        if self.op in ("counters", "expend", "prepare", "transform") and not self.to:
            raise MESSAGES.problem("card_op_needs_to", op=self.op)
        if self.op == "from_discard" and (self.into is None or not self.to):
            raise MESSAGES.problem("card_from_discard")
        if self.op == "recall_self" and self.into is None:
            raise MESSAGES.problem("card_recall_self")
        needs_to = ("from_hand", "gain_control", "join_combat", "break_at_end", "mark", "divide")
        if self.op in needs_to and not self.to:
            raise MESSAGES.problem("card_op_needs_to", op=self.op)
        if self.chooser == "each" and self.op != "mark":
            raise MESSAGES.problem("card_chooser_each")
        bad = [k for k in self.keywords if k not in KEYWORDS]
        if bad:
            raise MESSAGES.problem(
                "card_unknown_keyword", keyword=bad[0], known=", ".join(KEYWORDS)
            )
        return self


class Mode(BaseModel):
    """One branch of an event (the book's "or")."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    steps: tuple[Step, ...]
    gold: int = Field(default=0, ge=0, le=1, description="extra gold this mode costs")
    your_turn: bool = Field(default=False, description="only playable in its controller's turn")


class Ability(BaseModel):
    """A triggered ability (``when`` → steps) of a champion.

    ``loyalty``: on entering play its controller may reveal ``n`` cards of the card's
    faction from hand to apply it; ``ally``: when its controller plays a cost-1 card of
    ``faction`` while it is in play.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    when: Literal[
        "tribute",
        "leaves_play",
        "broken",
        "attacks",
        "start_of_turn",
        "end_of_turn",
        "ally",
        "loyalty",
        "blocks",
        "other_broken",
        "recalled",
        "leaves_discard",
        "to_discard",
        "deals_damage",
        "damages_player",
    ]
    zone: Literal["play", "discard"] = Field(
        default="play", description="discard: works while the card is in its owner's discard pile"
    )
    faction: str | None = None
    n: int = Field(default=2, ge=1, le=5)
    and_or: bool = Field(
        default=False,
        description="one of several conditions joined by 'and/or': met together, applies once",
    )
    steps: tuple[Step, ...]


class TalentCost(BaseModel):
    """What using a talent costs (epic.talent): expending it, gold, breaking it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    expend: bool = False
    gold: int = Field(default=0, ge=0, le=1)
    break_self: bool = False
    counter: int = Field(default=0, ge=0, description="+1/+1 counters removed from it")


class Talent(BaseModel):
    """An activated ability: ``cost: steps``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: TalentCost
    steps: tuple[Step, ...]


class Static(BaseModel):
    """A constant modifier a champion in play gives (e.g. to your other good champions)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    to: Selector
    offense: int = 0
    defense: int = 0
    keywords: tuple[str, ...] = ()
    faction: str | None = Field(default=None, description="a faction they also have")
    your_turn: bool = Field(default=False, description="only in its controller's turn")


class CardModel(BaseModel):
    """One card as written in a card file."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    edition: Literal["duel2023", "base2015", "token"]
    name: Names
    faction: Literal["good", "wild", "evil", "sage"]
    type: Literal["champion", "event", "token"]
    cost: int = Field(ge=0, le=1)
    offense: int | None = Field(default=None, ge=0)
    defense: int | None = Field(default=None, ge=0)
    classes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    statics: tuple[Static, ...] = ()
    modes: tuple[Mode, ...] = ()
    talents: tuple[Talent, ...] = ()
    frenzy_keywords: tuple[str, ...] = Field(
        default=(), description="keywords it has while Frenzy holds (epic.keyword.frenzy)"
    )
    recall: Literal["play", "hand"] | None = Field(
        default=None,
        description="play: «Воззвание» (play it free from the discard pile, then banish it); "
        "hand: the 2015 Recall (return it to hand)",
    )
    recall_gold: int = Field(default=1, ge=0, le=1, description="gold the recall costs")
    must_be_blocked: bool = Field(default=False, description="the defender blocks it if able")
    must_attack: bool = Field(default=False, description="attacks each turn if able")
    guards_when_expended: bool = Field(
        default=False, description="while it is expended its controller cannot be attacked"
    )
    deadly: bool = Field(default=False, description="breaks any champion it damages")
    ambush_for: str | None = Field(
        default=None, description="its controller may play champions of this faction as if Ambush"
    )

    @model_validator(mode="after")
    def _shape(self) -> CardModel:
        bad = [k for k in (*self.keywords, *self.frenzy_keywords) if k not in KEYWORDS]
        if bad:
            raise MESSAGES.problem(
                "card_unknown_keyword", keyword=bad[0], known=", ".join(KEYWORDS)
            )
        if self.type == "event":
            if not self.modes:
                raise MESSAGES.problem("card_event_modes")
            if self.offense is not None or self.defense is not None:
                raise MESSAGES.problem("card_event_stats")
            if any(a.zone != "discard" for a in self.abilities):
                raise MESSAGES.problem("card_event_zone")
        else:
            if self.offense is None or self.defense is None:
                raise MESSAGES.problem("card_champion_stats")
            if self.modes:
                raise MESSAGES.problem("card_modes_events")
        return self


def selector_def(m: Selector) -> SelectorDef:
    fields = {name: getattr(m, name) for name in Selector.model_fields}
    fields["this"] = fields.pop("self")
    return SelectorDef(**fields)


def _step(m: Step) -> StepDef:
    fields = {name: getattr(m, name) for name in Step.model_fields}
    fields["to"] = tuple(selector_def(s) for s in m.to)
    return StepDef(**fields)


def _steps(steps: tuple[Step, ...]) -> tuple[StepDef, ...]:
    return tuple(_step(s) for s in steps)


def _ability(m: Ability) -> AbilityDef:
    return AbilityDef(m.when, _steps(m.steps), m.zone, m.faction, m.n, m.and_or)


def _static(m: Static) -> StaticDef:
    return StaticDef(selector_def(m.to), m.offense, m.defense, m.keywords, m.faction, m.your_turn)


def _talent(m: Talent) -> TalentDef:
    c = m.cost
    return TalentDef(TalentCostDef(c.expend, c.gold, c.break_self, c.counter), _steps(m.steps))


def card_from_model(m: CardModel) -> CardDef:
    """The engine's record of a validated card (records.py)."""
    kw = 0
    for k in m.keywords:
        kw |= KW_BIT[k]
    fkw = 0
    for k in m.frenzy_keywords:
        fkw |= KW_BIT[k]
    abilities = tuple(_ability(a) for a in m.abilities)
    statics = tuple(_static(s) for s in m.statics)
    return CardDef(
        m.id,
        m.edition,
        m.name.ru,
        m.name.en,
        m.faction,
        m.type,
        m.cost,
        m.offense or 0,
        m.defense or 0,
        tuple(c.lower() for c in m.classes),
        kw,
        abilities,
        statics,
        tuple(ModeDef(_steps(x.steps), x.gold, x.your_turn) for x in m.modes),
        fkw,
        m.recall,
        m.recall_gold,
        tuple(_talent(t) for t in m.talents),
        m.must_be_blocked,
        m.must_attack,
        m.guards_when_expended,
        m.deadly,
        m.ambush_for,
        any(a.zone == "discard" for a in m.abilities),
        *derived(m.type, abilities, statics),
    )


def parse_cards(source: str, entries: list[Any]) -> list[CardDef]:
    """Validate raw card entries into definitions."""
    return [card_from_model(m) for m in parse_entries(source, entries, CardModel)]


def load_db(paths: list[Path]) -> EpicDB:
    """Load and validate card files; fails whole with one clear message."""
    cards: dict[str, CardDef] = {}
    for path in paths:
        raw = read_toml(path)
        check_top_keys(str(path), raw, ("card",))
        for c in parse_cards(str(path), raw.get("card", [])):
            if c.id in cards:
                raise CardDataError.msg(
                    "card_id_twice", source=str(path), what=Message("entry_card"), card=c.id
                )
            cards[c.id] = c
    for kind in TOKEN_KINDS:
        if f"{kind}_token" not in cards:
            raise CardDataError.msg_in(PKG, "card_token_missing", kind=kind, card=f"{kind}_token")
    return EpicDB(cards)


@cache
def default_db() -> EpicDB:
    """The project's Epic card files (``data/*.toml``)."""
    base = resources.files("cardtable.games.epic").joinpath("data")
    with resources.as_file(base) as folder:
        return load_db(sorted(Path(folder).glob("*.toml")))
