"""The rulebook's AI opponent (solo and co-op): its settings, levels and turn.

The AI makes no decisions: every step of its turn is fixed by the rulebook, so the
engine plays it. Its fortress is its deck: damage mills the deck (effects.mill), the
bastion flips to the fort over the reshuffled discard pile (effects.ai_deck_empty).
Rule ids: clash.solo.*, clash.solo.ai.* (the ten exceptions), clash.custom.*.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cardtable.core.carddata import Names, parse_entries, read_toml, schema_problem
from cardtable.core.errors import CardDataError, SetupError
from cardtable.games.clash.abilities import (
    BLACKMAIL,
    BLOOD_TRIBUTE,
    CATALYST,
    ERRAND,
    SYMBIOSIS,
    ability_id,
    mask_of,
)
from cardtable.games.clash.effects import (
    SPELL_HIT,
    Suspend,
    ai_deck_empty,
    count_controlled,
    emit,
    enter_play,
    hit_targets,
    mill,
    resolve_hit,
    restore_champions,
)
from cardtable.games.clash.problems import MESSAGES, PKG
from cardtable.games.clash.state import CHAMP_EXHAUSTED, ClashState

_M = TypeVar("_M", bound=BaseModel)

QUICK_FIXED_MANA = 6
QUICK_VARIABLE_MANA = 1
CHAMPION_DISCOUNT = 2


class AiSpend(BaseModel):
    """Difficulty points spent by hand (clash.custom.level)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    variable_mana: int | None = Field(
        default=None, description="mana per creature facing the AI: 1 or 2 (true: 2)"
    )
    fixed_mana: int | None = Field(default=None, description="base mana, 3 to 10")
    first: bool = Field(default=False, description="the AI plays first")
    resilience: bool = Field(default=False, description="attacks on the AI mill only 1 card")
    abilities: tuple[str, ...] = Field(default=(), description="abilities of every AI creature")

    @field_validator("variable_mana", mode="before")
    @classmethod
    def _book_option(cls, value: object) -> object:
        # The rulebook's one option is "+2 per creature": true reads as 2, false as none.
        if isinstance(value, bool):
            return 2 if value else None
        return value

    @field_validator("abilities")
    @classmethod
    def _known(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        out = []
        for name in value:
            ident = ability_id(name)
            if ident is None:
                raise MESSAGES.problem("ai_unknown_ability", name=name)
            if ident in out:
                raise MESSAGES.problem("ai_ability_twice", ability=ident)
            out.append(ident)
        return tuple(out)


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid")
    fixed_mana: int = Field(ge=0)
    variable_mana: int = Field(ge=0)


class _Costs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    variable_mana: dict[int, float]
    ai_first: float
    resilience: float
    fixed_mana: dict[int, float]
    abilities: dict[str, float]


class _CoopPreset(AiSpend):
    level: int = Field(ge=1, le=10)


class _Preset(_CoopPreset):
    name: Names


@dataclass(frozen=True, slots=True)
class AiSettings:
    """What an AI seat plays with."""

    fixed_mana: int
    variable_mana: int
    resilience: bool
    grant: int
    first: bool


@dataclass(frozen=True, slots=True)
class Levels:
    """The custom variant's starting AI, the point costs and the ten presets of solo and
    of co-op (data/solo_levels.toml)."""

    base: _Base
    costs: _Costs
    presets: dict[int, _Preset]
    coop: dict[int, _CoopPreset]

    def preset(self, level: int, coop: bool = False) -> AiSpend:
        """A level's named preset, solo's or co-op's."""
        return (self.coop if coop else self.presets)[level]

    def cost(self, spend: AiSpend) -> float:
        """Points a spending costs; a clear error for a setting the table does not offer."""
        total = 0.0
        if spend.variable_mana is not None:
            total += _mana_cost(self.costs.variable_mana, spend.variable_mana, "ai_variable_mana")
        if spend.fixed_mana is not None:
            total += _mana_cost(self.costs.fixed_mana, spend.fixed_mana, "ai_fixed_mana")
        if spend.first:
            total += self.costs.ai_first
        if spend.resilience:
            total += self.costs.resilience
        for a in spend.abilities:
            if a not in self.costs.abilities:
                offered = ", ".join(self.costs.abilities)
                raise MESSAGES.setup_problem("ai_ability_offered", ability=a, offered=offered)
            total += self.costs.abilities[a]
        return total


def _mana_cost(table: dict[int, float], mana: int, key: str) -> float:
    """What an amount of AI mana costs; a clear error (``key``) naming the amounts offered."""
    if mana not in table:
        offered = ", ".join(str(k) for k in sorted(table))
        raise MESSAGES.setup_problem(key, offered=offered, mana=mana)
    return table[mana]


@cache
def levels() -> Levels:
    """The custom variant's table, validated once."""
    raw, source = levels_document()
    return parse_levels(raw, source)


def levels_document() -> tuple[dict[str, Any], str]:
    """The levels file as read (not yet validated), and where it is."""
    base = resources.files("cardtable.games.clash").joinpath("data")
    with resources.as_file(base) as folder:
        path = Path(folder) / "solo_levels.toml"
        return read_toml(path), str(path)


def _section(model: type[_M], raw: dict[str, Any], name: str, source: str) -> _M:
    """One table of the levels file, validated; a CardDataError names the file and it."""
    try:
        return model.model_validate(raw.get(name))
    except ValidationError as exc:
        raise CardDataError.msg(
            "card_problem", source=source, what=name, card=name, problem=schema_problem(exc)
        ) from None


def parse_levels(raw: dict[str, Any], source: str) -> Levels:
    """The custom variant's table from its file's document; a CardDataError names the
    file and the field, a SetupError a preset whose points do not add up."""
    base = _section(_Base, raw, "base", source)
    costs = _section(_Costs, raw, "costs", source)
    presets = {p.level: p for p in parse_entries(source, raw.get("preset", []), _Preset, "preset")}
    coop = {
        p.level: p
        for p in parse_entries(source, raw.get("coop_preset", []), _CoopPreset, "coop_preset")
    }
    table = Levels(base, costs, presets, coop)
    for key, listed in (("preset", presets), ("coop_preset", coop)):
        missing = sorted(set(range(1, 11)) - set(listed))
        if missing:
            raise SetupError.msg_in(
                PKG,
                "ai_presets_missing",
                source=source,
                key=key,
                levels=", ".join(map(str, missing)),
            )
        for level, p in listed.items():
            if table.cost(p) != level:
                raise SetupError.msg_in(
                    PKG,
                    "ai_preset_points",
                    source=source,
                    level=level,
                    points=f"{table.cost(p):g}",
                )
    return table


def spends(level: int) -> list[AiSpend]:
    """Every way to spend exactly ``level`` difficulty points (clash.custom.level): the
    choices the rulebook leaves to the player, in a fixed order (the cost table's order,
    abilities as in the table). A level's preset is one of them."""
    if not 1 <= level <= 10:
        raise MESSAGES.setup_problem("ai_level_range", level=level)
    table = levels()
    costs = table.costs
    names = list(costs.abilities)
    fixed: list[tuple[int | None, float]] = [(None, 0.0), *sorted(costs.fixed_mana.items())]
    per_creature: list[tuple[int | None, float]] = [
        (None, 0.0),
        *sorted(costs.variable_mana.items()),
    ]
    out: list[AiSpend] = []
    for variable, variable_cost in per_creature:
        for mana, mana_cost in fixed:
            for first in (False, True):
                for resilience in (False, True):
                    base = (
                        variable_cost
                        + mana_cost
                        + first * costs.ai_first
                        + resilience * costs.resilience
                    )
                    if base > level:
                        continue
                    for k in range(len(names) + 1):
                        for chosen in combinations(names, k):
                            if base + sum(costs.abilities[a] for a in chosen) == level:
                                out.append(
                                    AiSpend(
                                        variable_mana=variable,
                                        fixed_mana=mana,
                                        first=first,
                                        resilience=resilience,
                                        abilities=chosen,
                                    )
                                )
    return out


def spend_option(spend: AiSpend) -> dict[str, object]:
    """A spend as the setup's ``ai`` option, naming only what it sets (abilities in the
    cost table's order, so equal spends give equal options)."""
    data = spend.model_dump(include=set(AiSpend.model_fields))
    order = list(levels().costs.abilities)
    data["abilities"] = sorted(spend.abilities, key=order.index)
    return {k: v for k, v in data.items() if v not in (None, False, [])}


def ai_settings(
    level: int | None, spend: AiSpend | None, champion: bool = False, coop: bool = False
) -> AiSettings:
    """Quick variant (no level), a level's preset (co-op's in co-op), or points spent by
    hand (checked): a custom AI starts from the table's base numbers, and what the points
    buy replaces them (R41)."""
    if level is None:
        return AiSettings(QUICK_FIXED_MANA, QUICK_VARIABLE_MANA, False, 0, False)
    table = levels()
    points = level  # a champion does not change the points, only the level achieved
    _ = champion
    if spend is None:
        spend = table.preset(level, coop)
    spent = table.cost(spend)
    if spent != points:
        raise MESSAGES.setup_problem("ai_level_points", level=level, n=points, spent=f"{spent:g}")
    return spend_settings(spend)


def spend_settings(spend: AiSpend) -> AiSettings:
    """The AI a custom spend makes: the table's base numbers, replaced by what the points
    bought (R41; the points are not checked here)."""
    base = levels().base
    return AiSettings(
        fixed_mana=base.fixed_mana if spend.fixed_mana is None else spend.fixed_mana,
        variable_mana=base.variable_mana if spend.variable_mana is None else spend.variable_mana,
        resilience=spend.resilience,
        grant=mask_of(list(spend.abilities)),
        first=spend.first,
    )


def level_achieved(level: int, champion: bool) -> int:
    """The level a win counts for: 2 less when the player had a champion (clash.custom.champion)."""
    return max(0, level - CHAMPION_DISCOUNT) if champion else level


# --- the AI's turn -------------------------------------------------------------------
def ai_mana(st: ClashState, seat: int) -> int:
    """Phase 1: fixed mana, plus the variable part per enemy creature facing it (clash.solo.ai.mana)."""
    facing = sum(len(st.board[lane][1 - side]) for lane, side in st.seat_rows[seat])
    mana = st.ai_fixed[seat] + st.ai_var[seat] * facing
    mana += 2 * count_controlled(st, seat, CATALYST)
    mana -= count_controlled(st, seat, BLACKMAIL)  # clash.solo.ai.blackmail
    return max(0, mana)


def ai_mana_phase(st: ClashState, seat: int) -> None:
    """Phase 1 of an AI turn: the mana it summons with (clash.solo.ai.mana). Its summoning
    (ai_summon) and the assault follow as in the duel (rules.open_turn)."""
    mana = ai_mana(st, seat)
    st.mana = mana
    if st.log is not None:
        emit(st, "mana", "clash.solo.ai.mana", seat, mana=mana)


def ai_summon(st: ClashState, seat: int, mana: int, spent: int, row: int) -> None:
    """Phase 2 of an AI turn: reveal cards into alternating rows until their costs reach
    its mana (clash.solo.ai.summon), from ``spent`` mana counted so far, the next card
    into ``row`` (a player's Подкрепление decision may stop it in the middle: the
    "ai_turn" frame)."""
    while spent < mana:
        lane, side = st.seat_rows[seat][row]
        row ^= 1  # the rows alternate with every card revealed, whatever becomes of it
        try:
            spent += ai_reveal_into(st, seat, lane, side)
        except Suspend as s:
            s.frames.append(("ai_turn", seat, mana, spent, row))
            raise
    st.mana = max(0, mana - spent)


def ai_reveal_into(st: ClashState, seat: int, lane: int, side: int) -> int:
    """Reveal the AI's top card into a row; returns the mana it counts as spending."""
    deck = st.decks[seat]
    if not deck:
        ai_deck_empty(st, seat)
        deck = st.decks[seat]
    c = deck.pop()
    st.public[c] = 1
    if st.log is not None:
        emit(st, "reveal", "clash.solo.ai.summon", seat, card=c)
    st.limbo.append(c)
    if not deck:
        ai_deck_empty(st, seat)  # the bastion shows: flip and reshuffle before the card lands
    st.limbo.remove(c)
    return ai_place(st, seat, c, lane, side, errand=True)


def ai_place(st: ClashState, seat: int, c: int, lane: int, side: int, errand: bool) -> int:
    """Put a revealed AI card into play by the AI's rules and exceptions."""
    bits = st.abil[c]
    if st.kind[c] == 1:  # spell
        enemy = st.board[lane][1 - side]
        if not enemy:
            st.discards[seat].append(c)
            if st.log is not None:
                emit(st, "fizzle", "clash.solo.ai.spell", seat, card=c)
            return 0
        cost = _pay(st, seat, c)
        st.limbo.append(c)
        if st.log is not None:
            emit(st, "cast", "clash.solo.ai.spell", seat, card=c, target=enemy[0])
        if CHAMP_EXHAUSTED in st.champ_state:
            restore_champions(st, c)
        try:
            resolve_hit(st, c, seat, SPELL_HIT, hit_targets(st, bits, enemy[0]), -1, st.atk[c])
        except Suspend as s:
            s.frames.append(("ai_cost", cost))
            raise
        return cost
    if errand and bits & ERRAND and st.discards[seat]:
        other = st.discards[seat][-1]
        if st.cost[other] > st.cost[c]:
            # Поручение (AI): the dearer card enters play, the other tops the discard pile.
            st.discards[seat].pop()
            st.discards[seat].append(c)
            st.public[other] = 1
            if st.log is not None:
                emit(st, "errand_swap", "clash.solo.ai.errand", seat, card=other, swapped=c)
            return ai_place(st, seat, other, lane, side, errand=False)
    host = -1
    if bits & SYMBIOSIS:
        host = next(
            (x for x in st.board[lane][side] if not st.eff[x] & SYMBIOSIS and x not in st.symb), -1
        )
        if host < 0:
            st.discards[seat].append(c)
            if st.log is not None:
                emit(st, "fizzle", "clash.solo.ai.symbiosis", seat, card=c)
            return 0
    cost = _pay(st, seat, c)
    try:
        enter_play(st, seat, c, lane, side, host)
    except Suspend as s:
        s.frames.append(("ai_cost", cost))
        raise
    return cost


def _pay(st: ClashState, seat: int, c: int) -> int:
    """The mana an AI card counts; Кровавая дань costs 0 and mills its cost (clash.solo.ai.blood_tribute)."""
    if st.abil[c] & BLOOD_TRIBUTE:
        if st.log is not None:
            emit(st, "blood_tribute", "clash.solo.ai.blood_tribute", seat, amount=st.cost[c])
        st.limbo.append(c)  # the card waits while its tribute is milled
        mill(st, seat, st.cost[c], seat)
        st.limbo.remove(c)
        return 0
    return st.cost[c]


# --- the rulebook's AI as a named agent ----------------------------------------------
class RulebookAI:
    """``clash-solo[:level=L]``: the rulebook's AI at a seat. It never decides: naming it
    for a seat makes the game a solo (or co-op) game with the AI there (see
    ClashGame.prepare_match); its turns are played by the rules."""

    name = "clash-solo"

    def __init__(self, level: int | None) -> None:
        self.level = level

    def act(self, view: object) -> tuple[object, ...]:
        """Never called: an AI seat has no decisions."""
        raise SetupError.msg_in(PKG, "ai_never_decides")


def solo_agent_level(params: dict[str, str], spec: str) -> int | None:
    """The level of a ``clash-solo`` spec (None for the quick variant)."""
    bad = set(params) - {"level", "seed"}
    if bad:
        raise SetupError.msg_in(PKG, "agent_params", spec=spec, bad=", ".join(sorted(bad)))
    if "level" not in params:
        return None
    try:
        level = int(params["level"])
    except ValueError:
        raise SetupError.msg_in(PKG, "agent_level_number", spec=spec) from None
    if not 1 <= level <= 10:
        raise SetupError.msg_in(PKG, "agent_level_range", spec=spec, level=level)
    return level
