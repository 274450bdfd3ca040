"""Clash set-up: modes and their tables, formats, deck rules and drafts (clash.format.*).

Modes: ``duel`` (2 players), ``solo`` (a player against the rulebook's AI), ``coop``
(2 players and 2 AIs), ``ffa`` (4 players, every man for himself) and ``2v2``.
Formats: ``precon``, ``draft`` and ``constructed`` (not in solo or co-op).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, model_validator

from cardtable.core import rng as crng
from cardtable.core.errors import DeckError, Message
from cardtable.games.clash.cards import BASE_SET
from cardtable.games.clash.effects import default_first, emit, toss_first
from cardtable.games.clash.overrides import with_overrides
from cardtable.games.clash.problems import MESSAGES, PKG
from cardtable.games.clash.records import CREATURE, CardDB, CardDef
from cardtable.games.clash.solo import AiSpend, ai_settings
from cardtable.games.clash.state import (
    DRAFT,
    SUMMON,
    CardTables,
    ClashState,
    Table,
    card_tables,
    deal_ai_decks,
    deal_hand,
    state_from_tables,
)

DECK_SIZE = 8
AI_DECK_SIZE = 24
DRAFT_REVEAL = 4
SEAT_NAMES = "ABCD"


class Graft(BaseModel):
    """A mutation graft: one part of a laboratory card glued onto a deck creature (clash.mutation.phase)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: int = Field(ge=0, le=3)
    card: str = Field(description="the creature of that seat's deck")
    part: Literal["attack", "health", "cost", "abilities"]
    source: str = Field(description="the laboratory card the part is cut from")


class ClashSetup(BaseModel):
    """The options a Clash game starts from (unknown keys are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    mode: Literal["duel", "solo", "coop", "ffa", "2v2"] = "duel"
    format: Literal["precon", "draft", "constructed"] = "precon"
    decks: tuple[str, ...] | None = Field(
        default=None, description="precon: one deck id per player, in seat order; random if unset"
    )
    lists: tuple[tuple[str, ...], ...] | None = Field(
        default=None, description="constructed: each player's 8 card ids"
    )
    card_set: str = Field(
        default=BASE_SET,
        alias="set",
        description="the 32-card set a draft uses and random precon decks come from",
    )
    sets: tuple[str, ...] | None = Field(
        default=None, description="co-op: the two sets of the 64-card pool (all sets if unset)"
    )
    level: int | None = Field(
        default=None, ge=1, le=10, description="solo/co-op custom variant: difficulty 1-10"
    )
    ai: AiSpend | None = Field(
        default=None, description="custom variant: the level's points spent by hand"
    )
    ai_seat: int = Field(default=1, ge=0, le=1, description="solo: the AI's seat (A=0, B=1)")
    fatigue: bool = Field(default=False, description="the optional fatigue module")
    first: int | None = Field(default=None, description="the first seat; a coin toss if unset")
    max_turns: int = Field(
        default=0, ge=0, description="a safety cap for simulations (0 = none): a draw past it"
    )
    grafts: tuple[Graft, ...] = Field(
        default=(), description="mutation grafts on the players' copies of their cards"
    )
    champions: tuple[str | None, ...] | None = Field(
        default=None,
        description="champion module: one creature id per seat (None for none; AI seats none)",
    )
    overrides: dict[str, dict[str, StrictInt]] | None = Field(
        default=None,
        description="what-if balance: {card id: {field: number}} replacing printed cost, "
        "attack, health (creatures) or damage (spells) for this game (overrides.py)",
    )
    step: bool = Field(
        default=False,
        description="step mode: offer every single-option decision and stop at each phase "
        "boundary with a 'continue' decision (rules.stop; the CLI's --step)",
    )

    @model_validator(mode="after")
    def _consistent(self) -> ClashSetup:
        n = SEATS[self.mode]
        if self.first is not None and not 0 <= self.first < n:
            raise MESSAGES.problem("setup_first", last=n - 1)
        if self.mode in ("solo", "coop") and self.format == "constructed":
            raise MESSAGES.problem("setup_no_constructed", mode=self.mode)
        if self.mode not in ("solo", "coop") and (self.level is not None or self.ai is not None):
            raise MESSAGES.problem("setup_level_modes")
        if self.ai is not None and self.level is None:
            raise MESSAGES.problem("setup_ai_needs_level")
        if self.mode != "solo" and self.ai_seat != 1:
            raise MESSAGES.problem("setup_ai_seat_solo")
        players = len(player_seats(self.mode, self.ai_seat))
        if self.decks is not None and len(self.decks) != players:
            raise MESSAGES.problem("setup_decks_count", mode=self.mode, n=players)
        if self.decks is not None:
            twice = next((d for d in self.decks if self.decks.count(d) > 1), None)
            if twice is not None:
                # A set has one copy of each deck; random decks are always different.
                raise MESSAGES.problem("setup_deck_twice", deck=twice)
        if self.champions is not None:
            if len(self.champions) != n:
                raise MESSAGES.problem("setup_champions_count", n=n)
            humans = set(player_seats(self.mode, self.ai_seat))
            if any(c is not None and s not in humans for s, c in enumerate(self.champions)):
                raise MESSAGES.problem("setup_ai_no_champion")
            if self.mode in ("solo", "coop") and self.level is None:
                raise MESSAGES.problem("setup_champion_quick")
        if self.grafts and (self.mode != "duel" or self.format == "draft"):
            raise MESSAGES.problem("setup_grafts_duel")
        if self.lists is not None:
            if self.format != "constructed":
                raise MESSAGES.problem("setup_lists_constructed")
            if len(self.lists) != players:
                raise MESSAGES.problem("setup_lists_count", mode=self.mode, n=players)
        return self


SEATS = {"duel": 2, "solo": 2, "coop": 4, "ffa": 4, "2v2": 4}


def player_seats(mode: str, ai_seat: int = 1) -> list[int]:
    """Seats played by people or agents (not by the rulebook's AI)."""
    if mode == "solo":
        return [1 - ai_seat]
    if mode == "coop":
        return [0, 2]
    return list(range(SEATS[mode]))


def parse_setup(setup: Mapping[str, Any] | None) -> ClashSetup:
    """A validated setup, with one clear message naming the bad option.

    Validated once per distinct setup (``_SETUPS``): equal setups give the same
    (immutable) ClashSetup object, which also lets ``new_state`` reuse its set-up work."""
    key = _setup_key(setup)
    if key is not None:
        found = _SETUPS.get(key)
        if found is not None:
            return found
    try:
        parsed = ClashSetup.model_validate(dict(setup or {}))
    except ValidationError as exc:
        raise MESSAGES.invalid_setup(exc) from None
    if key is not None:
        if len(_SETUPS) >= CACHE_SIZE:
            _SETUPS.clear()
        _SETUPS[key] = parsed
    return parsed


# --- set-up caches -------------------------------------------------------------------
# What a new game needs that depends only on the setup and the card database is made
# once and reused by every game of that setup; only what the seed decides (the random
# decks, the shuffles, the coin) is done per game, in the same order as always, so a seed
# deals exactly what it dealt without the caches. What they hold never changes once made
# (frozen setups, Table, CardTables, tuples; a plan only gains deals for new choices of
# random decks) and is never part of a state's plain form: a state shares the tuples as
# its clones do. Nothing needs invalidating: the keys are the whole input (the setup's
# exact plain data, which pydantic copies; the database and the setup by identity, with
# both objects kept in the entry so an id is never reused while cached), and the card
# database is immutable. A failing setup is never cached: it raises the same error every
# time. Each cache is emptied when it reaches CACHE_SIZE entries.
CACHE_SIZE = 64

# parse_setup: the setup's plain data (types kept: 1, 1.0 and True differ) -> the
# validated setup. A setup holding anything but dicts, lists, tuples, str, int, float,
# bool and None is validated every time.
_SETUPS: dict[Hashable, ClashSetup] = {}


class _Uncacheable(Exception):
    """A setup value ``_setup_key`` cannot freeze."""


def _frozen(value: object) -> Hashable:
    """A hashable copy of plain data that tells every type apart."""
    kind = type(value)
    if value is None or kind is str or kind is int or kind is float or kind is bool:
        return (kind, value)
    if kind is dict:
        assert isinstance(value, dict)
        return (dict, tuple((_frozen(k), _frozen(v)) for k, v in value.items()))
    if kind is list or kind is tuple:
        assert isinstance(value, (list, tuple))
        return (kind, tuple(_frozen(v) for v in value))
    raise _Uncacheable


def _setup_key(setup: Mapping[str, Any] | None) -> Hashable | None:
    """The cache key of a setup as given to ``parse_setup``, or None (not cacheable)."""
    if not setup:
        return ()  # validated as {}
    if type(setup) is not dict:
        return None
    try:
        return _frozen(setup)
    except _Uncacheable:
        return None


@dataclass(frozen=True, slots=True)
class _Deal:
    """A set-up's cards, made once: the static tables of every instance, each champion's
    instance (-1 for none), the player hands as (seat, first instance, count), the AI
    cards as (first instance, count), and the draft pool's size."""

    tables: CardTables
    champion: tuple[int, ...]
    hands: tuple[tuple[int, int, int], ...] = ()
    ai_cards: tuple[int, int] = (0, 0)
    pool: int = 0


class _Plan:
    """The set-up work of one (database, setup): the database the cards come from (with
    the setup's what-if numbers), the table, the player seats, whether an AI opens, the
    set's decks for a random choice and the deals made so far (one for a draft, fixed
    decks or constructed lists, under the key (); one per choice of random decks)."""

    __slots__ = ("ai_first", "cards_db", "db", "deals", "deck_ids", "players", "setup", "table")

    def __init__(
        self,
        db: CardDB,
        setup: ClashSetup,
        cards_db: CardDB,
        table: Table,
        players: list[int],
        ai_first: bool,
    ) -> None:
        self.db = db
        self.setup = setup
        self.cards_db = cards_db
        self.table = table
        self.players = players
        self.ai_first = ai_first
        self.deck_ids: list[str] = []
        self.deals: dict[tuple[str, ...], _Deal] = {}


# new_state: (id of the database, id of the setup) -> its plan (which keeps both objects).
_PLANS: dict[tuple[int, int], _Plan] = {}


# --- tables ----------------------------------------------------------------------------
DUEL_LANES = ((0, 1), (0, 1))
DUEL_ROWS = (((0, 0), (1, 0)), ((0, 1), (1, 1)))
# Four seats A, B, C, D clockwise: lane i runs between seat i (its top row) and the next
# seat (its bottom row), so each seat shares one row with each neighbour and none with
# the seat opposite (clash.multi.table).
FOUR_LANES = tuple((i, (i + 1) % 4) for i in range(4))
FOUR_ROWS = tuple(((i, 0), ((i - 1) % 4, 1)) for i in range(4))


def make_table(setup: ClashSetup, db: CardDB) -> Table:
    """The seating, rows, teams and AI settings of a mode."""
    mode = setup.mode
    n = SEATS[mode]
    lanes: tuple[tuple[int, int], ...] = DUEL_LANES if n == 2 else FOUR_LANES
    rows: tuple[tuple[tuple[int, int], ...], ...] = DUEL_ROWS if n == 2 else FOUR_ROWS
    team = {
        "duel": (0, 1),
        "solo": (0, 1) if setup.ai_seat == 1 else (1, 0),
        "coop": (0, 1, 0, 1),
        "ffa": (0, 1, 2, 3),
        "2v2": (0, 1, 0, 1),
    }[mode]
    humans = set(player_seats(mode, setup.ai_seat))
    ai = tuple(0 if s in humans else 1 for s in range(n))
    fixed = [0] * n
    var = [0] * n
    resilient = [0] * n
    grant = [0] * n
    if any(ai):
        champion = setup.champions is not None and any(c is not None for c in setup.champions)
        settings = ai_settings(setup.level, setup.ai, champion, coop=mode == "coop")
        for s in range(n):
            if ai[s]:
                fixed[s] = settings.fixed_mana
                var[s] = settings.variable_mana
                resilient[s] = int(settings.resilience)
                grant[s] = settings.grant
    return Table(
        mode, lanes, rows, team, ai, tuple(fixed), tuple(var), tuple(resilient), tuple(grant)
    )


# --- decks ---------------------------------------------------------------------------
def deck_problem(cards: Sequence[str]) -> Message | None:
    """Why a list of card ids is not a legal deck (8 different cards), or None (clash.format.unique)."""
    if len(cards) != DECK_SIZE:
        return MESSAGES.message("deck_size", size=DECK_SIZE, n=len(cards))
    seen: set[str] = set()
    for c in cards:
        if c in seen:
            return MESSAGES.message("deck_card_twice", card=c)
        seen.add(c)
    return None


def check_deck(cards: Sequence[str], known: Mapping[str, Any], who: str | Message) -> None:
    """Raise DeckError unless the list is a legal constructed deck of known cards."""
    for c in cards:
        if c not in known:
            raise DeckError.msg_in(PKG, "deck_unknown_card", who=who, card=c)
    problem = deck_problem(cards)
    if problem:
        raise DeckError.msg_in(PKG, "deck_problem", who=who, problem=problem)


# --- drafts --------------------------------------------------------------------------
def duel_round(round_index: int) -> list[int]:
    """Duel draft: A takes 1 of 4, B 2 of 3, A the last; the roles swap each round."""
    a = round_index % 2
    b = 1 - a
    return [a, b, b, a]


FOUR_ORDERS = ("ABCDDCBA", "BCDAADCB", "CDABBADC", "DABCCBAD")


def four_round(round_index: int) -> list[int]:
    """Four-player draft: 8 revealed, picks in the book's orders (clash.multi.draft)."""
    return [SEAT_NAMES.index(ch) for ch in FOUR_ORDERS[round_index % 4]]


def draft_plan(st: ClashState) -> tuple[int, list[int]]:
    """(cards revealed per round, pick order of the next round) for the state's mode."""
    if st.mode == "solo":
        return 4, [player_seats_of(st)[0]]
    if st.mode == "coop":
        first, second = (0, 2) if (sum(len(d) for d in st.drafted) // 2) % 2 == 0 else (2, 0)
        return 8, [first, second]
    if len(st.hands) == 4:
        return 8, four_round(sum(len(d) for d in st.drafted) // 8)
    return DRAFT_REVEAL, duel_round(sum(len(d) for d in st.drafted) // DRAFT_REVEAL)


def player_seats_of(st: ClashState) -> list[int]:
    """Seats without an AI."""
    return [s for s in range(len(st.hands)) if not st.ai[s]]


def start_draft_round(st: ClashState) -> None:
    """Reveal the next cards of the pool and set who picks (clash.format.draft)."""
    reveal, order = draft_plan(st)
    st.revealed = [st.pool.pop() for _ in range(min(reveal, len(st.pool)))]
    for c in st.revealed:
        st.public[c] = 1
    st.draft_queue = order
    st.active = order[0]
    st.pending = ("pick",)


def draft_pick(st: ClashState, c: int) -> bool:
    """The active drafter takes a revealed card; True once the whole draft is over."""
    seat = st.active
    st.revealed.remove(c)
    st.drafted[seat].append(c)
    if st.log is not None:
        emit(st, "pick", "clash.format.draft", seat, card=c)
    st.draft_queue.pop(0)
    if st.draft_queue and st.revealed:
        st.active = st.draft_queue[0]
        return False
    # What the players leave goes to the AIs (solo and co-op drafts).
    st.ai_pool.extend(st.revealed)
    st.revealed = []
    players = player_seats_of(st)
    if any(len(st.drafted[s]) < DECK_SIZE for s in players) and st.pool:
        start_draft_round(st)
        return False
    finish_draft(st)
    return True


def finish_draft(st: ClashState) -> None:
    """Hands from the drafted cards, AI decks from the rest, then the coin (clash.setup.*)."""
    st.phase = SUMMON
    for s in player_seats_of(st):
        deal_hand(st, s, st.drafted[s])
        st.drafted[s] = []
    deal_ai_decks(st, st.ai_pool)
    st.ai_pool = []
    # Cards never revealed stay in the pool, out of the game.
    if st.first < 0:
        st.first = crng.randbelow(st, len(st.hands))
    if st.log is not None:
        emit(st, "first", "clash.setup.coin", st.first)


# --- new games -----------------------------------------------------------------------
def new_state(db: CardDB, setup: ClashSetup, seed: int, log: bool = False) -> ClashState:
    """A table set up by the rulebook for the setup's mode and format; a draft waits for picks.

    With ``overrides`` every card comes from the database with the what-if numbers, and
    the changed definitions are kept in the state (``custom``) for views and positions.
    The work that depends only on (db, setup) is cached (``_plan``); the seed's part
    follows here in the rulebook's order.
    """
    custom: tuple[dict[str, Any], ...] = ()
    if setup.overrides:
        # Fresh card-file dicts for every state (overrides.with_overrides).
        _, custom = with_overrides(db, setup.overrides)
    plan = _plan(db, setup)
    table = plan.table
    if setup.format == "draft":
        deal = plan.deals[()]
        st = state_from_tables(deal.tables, table, seed, setup.fatigue, setup.max_turns, custom)
        seat_champion_slots(st, deal.champion)
        st.log = [] if log else None
        st.step = setup.step
        st.phase = DRAFT
        st.pool = list(range(deal.pool))
        crng.shuffle(st, st.pool)
        st.first = default_first(st, setup.first, plan.ai_first)
        start_draft_round(st)
        return st
    if setup.format == "precon" and not setup.decks:
        chooser = crng.Rng(seed ^ 0x5EED)
        names = tuple(pick_decks(chooser, plan.deck_ids, len(plan.players)))
        found = plan.deals.get(names)
        if found is None:
            found = _precon_deal(plan, list(names))
            plan.deals[names] = found
        deal = found
    else:
        deal = plan.deals[()]
    st = state_from_tables(deal.tables, table, seed, setup.fatigue, setup.max_turns, custom)
    seat_champion_slots(st, deal.champion)
    st.log = [] if log else None
    st.step = setup.step
    for s, start, count in deal.hands:
        deal_hand(st, s, list(range(start, start + count)))
    ai_start, ai_count = deal.ai_cards
    deal_ai_decks(st, list(range(ai_start, ai_start + ai_count)))
    toss_first(st, setup.first, plan.ai_first)
    return st


def _plan(db: CardDB, setup: ClashSetup) -> _Plan:
    """The cached set-up work of (db, setup), made on first use (a setup that fails
    raises here every time, as without the cache)."""
    key = (id(db), id(setup))
    found = _PLANS.get(key)
    if found is not None and found.db is db and found.setup is setup:
        return found
    plan = _make_plan(db, setup)
    if len(_PLANS) >= CACHE_SIZE:
        _PLANS.clear()
    _PLANS[key] = plan
    return plan


def _make_plan(db: CardDB, setup: ClashSetup) -> _Plan:
    """Everything of a new game that the seed does not decide, checked in the order the
    set-up always checked it."""
    cards_db = db
    if setup.overrides:
        cards_db, _ = with_overrides(db, setup.overrides)
    table = make_table(setup, cards_db)
    players = player_seats(setup.mode, setup.ai_seat)
    ai_first = setup.ai is not None and setup.ai.first
    if setup.level is not None and setup.ai is None:
        ai_first = ai_settings(setup.level, None, coop=setup.mode == "coop").first
    plan = _Plan(db, setup, cards_db, table, players, ai_first)
    if setup.format == "draft":
        plan.deals[()] = _draft_deal(plan)
    elif setup.format == "constructed":
        if setup.lists is None:
            raise MESSAGES.setup_problem("setup_needs_lists", n=len(players))
        lists = [list(x) for x in setup.lists]
        for k, cards in enumerate(lists):
            check_deck(
                cards, cards_db.cards, MESSAGES.message("who_deck", seat=SEAT_NAMES[players[k]])
            )
        plan.deals[()] = _deal(plan, lists, [])
    elif setup.decks:
        plan.deals[()] = _precon_deal(plan, list(setup.decks))
    else:
        ids = sorted(cards_db.card_set(setup.card_set).decks)
        if len(ids) < len(players):
            raise MESSAGES.setup_problem("setup_few_decks", n=len(players))
        plan.deck_ids = ids
    return plan


def _draft_deal(plan: _Plan) -> _Deal:
    """A draft's pool (its sets in order, each by card number) and the champions after it."""
    db = plan.cards_db
    setup = plan.setup
    pool_sets = draft_sets(db, setup)
    pool = [db.card(c) for sid in pool_sets for c in db.card_set(sid).cards]
    pool.sort(key=lambda c: (pool_sets.index(_set_of(db, c.id)), c.number))
    champs = champion_defs(db, setup, {c.id for c in pool})
    tables = card_tables(
        pool + [d for _, d in champs],
        len(plan.table.team),
        [-1] * len(pool) + [s for s, _ in champs],
    )
    return _Deal(tables, champion_slots(len(plan.table.team), champs, len(pool)), pool=len(pool))


def _precon_deal(plan: _Plan, names: list[str]) -> _Deal:
    """The cards of preconstructed decks (one per player seat, in seat order) and the AI's."""
    db = plan.cards_db
    lists = [list(db.deck(d).cards) for d in names]
    return _deal(plan, lists, ai_precon_cards(db, plan.setup, names))


def _deal(plan: _Plan, lists: list[list[str]], ai_cards: list[str]) -> _Deal:
    """The instances of the players' lists (seat order, grafts glued on), the AI's cards
    and the champions, checked."""
    db = plan.cards_db
    setup = plan.setup
    table = plan.table
    n = len(table.team)
    per_seat: dict[int, list[str]] = {s: lists[k] for k, s in enumerate(plan.players)}
    defs: list[CardDef] = []
    origin: list[int] = []
    for s in range(n):
        for cid in per_seat.get(s, []):
            defs.append(grafted(db, db.card(cid), [g for g in setup.grafts if g.seat == s]))
            origin.append(s)
    champs = champion_defs(db, setup, set())
    for g in setup.grafts:
        if g.card not in per_seat.get(g.seat, []):
            raise MESSAGES.setup_problem("setup_graft_seat", card=g.card, seat=SEAT_NAMES[g.seat])
    ai_start = len(defs)
    for s, champ in champs:
        # Outside the player's deck, and (solo, co-op) outside the AI's cards too (R70).
        if champ.id in per_seat.get(s, []) or champ.id in ai_cards:
            raise MESSAGES.setup_problem(
                "setup_champion_outside", seat=SEAT_NAMES[s], card=champ.id
            )
    tables = card_tables(
        defs + ai_defs(db, ai_cards) + [d for _, d in champs],
        n,
        origin + ai_origin(ai_cards, table) + [s for s, _ in champs],
    )
    hands: list[tuple[int, int, int]] = []
    start = 0
    for s in range(n):
        if s not in per_seat:
            continue
        count = len(per_seat[s])
        hands.append((s, start, count))
        start += count
    return _Deal(
        tables,
        champion_slots(n, champs, len(defs) + len(ai_cards)),
        tuple(hands),
        (ai_start, len(ai_cards)),
    )


def grafted(db: CardDB, card: CardDef, grafts: Sequence[Graft]) -> CardDef:
    """A seat's copy of a creature with laboratory parts glued on, each part at most once
    (clash.mutation.phase, clash.mutation.stacking)."""
    mine = [g for g in grafts if g.card == card.id]
    if not mine:
        return card
    if card.kind != CREATURE:
        raise MESSAGES.setup_problem("setup_graft_spell", card=card.id)
    parts = [g.part for g in mine]
    for part in set(parts):
        if parts.count(part) > 1:
            raise MESSAGES.setup_problem("setup_graft_twice", card=card.id, part=part)
    out = card
    for g in mine:
        src = db.card(g.source)
        if g.part == "attack":
            out = replace(out, attack=src.attack)
        elif g.part == "health":
            if src.kind != CREATURE:
                raise MESSAGES.setup_problem("setup_graft_no_health", card=g.source)
            out = replace(out, health=src.health)
        elif g.part == "cost":
            out = replace(out, cost=src.cost)
        else:
            out = replace(out, abilities=src.abilities, aura=src.aura)
    return out


def ai_defs(db: CardDB, ai_cards: list[str]) -> list[CardDef]:
    """Definitions of the AI's cards."""
    return [db.card(c) for c in ai_cards]


def ai_origin(ai_cards: list[str], table: Table) -> list[int]:
    """Which AI seat each AI card is labelled with (decks are split later at random)."""
    ai_seats = [s for s in range(len(table.team)) if table.ai[s]]
    if not ai_seats:
        return []
    return [ai_seats[k * len(ai_seats) // len(ai_cards)] for k in range(len(ai_cards))]


def champion_defs(db: CardDB, setup: ClashSetup, pool: set[str]) -> list[tuple[int, CardDef]]:
    """(seat, card) of each champion: a creature from outside the seat's deck (clash.champion.setup)."""
    if setup.champions is None:
        return []
    out = []
    for s, cid in enumerate(setup.champions):
        if cid is None:
            continue
        d = db.card(cid)
        if d.kind != CREATURE:
            raise MESSAGES.setup_problem("setup_champion_creature", card=cid)
        if cid in pool:
            raise MESSAGES.setup_problem("setup_champion_pool", card=cid)
        out.append((s, d))
    return out


def champion_slots(
    seats: int, champs: list[tuple[int, CardDef]], first_inst: int
) -> tuple[int, ...]:
    """Each seat's champion instance (-1 for none): the champions follow ``first_inst``."""
    slots = [-1] * seats
    for k, (s, _) in enumerate(champs):
        slots[s] = first_inst + k
    return tuple(slots)


def seat_champion_slots(st: ClashState, slots: tuple[int, ...]) -> None:
    """Put the champions of ``slots`` beside the table, ready and face up (clash.champion.setup)."""
    for inst in slots:
        if inst >= 0:
            st.public[inst] = 1
    st.champion = slots


def _set_of(db: CardDB, card: str) -> str:
    for s in db.sets.values():
        if card in s.cards:
            return s.id
    return ""


def draft_sets(db: CardDB, setup: ClashSetup) -> list[str]:
    """The sets a draft pool is made of: one set, or two for co-op's 64 cards."""
    if setup.mode == "coop":
        chosen = list(setup.sets) if setup.sets else sorted(db.sets)[:2]
        if len(chosen) != 2 or len(set(chosen)) != 2:
            raise MESSAGES.setup_problem("setup_coop_sets")
        for sid in chosen:
            db.card_set(sid)
        return chosen
    db.card_set(setup.card_set)
    return [setup.card_set]


def pick_decks(chooser: crng.Rng, ids: list[str], count: int) -> list[str]:
    """Different preconstructed decks of the set (``ids`` sorted), chosen by the seed's
    chooser (new_state checks the set has ``count`` of them)."""
    picked: list[str] = []
    for _ in range(count):
        rest = [d for d in ids if d not in picked]
        picked.append(chooser.choice(rest))
    return picked


def ai_precon_cards(db: CardDB, setup: ClashSetup, player_decks: list[str]) -> list[str]:
    """The AI's cards with preconstructed decks: the other decks of the players' set(s)."""
    if setup.mode == "solo":
        card_set = db.set_of_deck(player_decks[0])
        others = [d for d in card_set.decks if d not in player_decks]
        return [c for d in others for c in db.deck(d).cards]
    if setup.mode == "coop":
        sets = draft_sets(db, setup)
        decks = [d for sid in sets for d in db.card_set(sid).decks if d not in player_decks]
        cards = [c for d in decks for c in db.deck(d).cards]
        return cards[: 2 * AI_DECK_SIZE]
    return []


def draft_round_order(round_index: int) -> list[int]:
    """Kept for callers of the duel draft order."""
    return duel_round(round_index)
