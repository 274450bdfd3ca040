"""The Clash state: plain data only (ints, lists, tuples, dicts of ints).

Card instances are numbered 0..N-1. Per-instance *static* numbers (cost, attack,
health, abilities) are tuples shared between clones; everything that changes during
play is in lists that ``clone`` copies. A row lists creatures from the bridge outward,
so index 0 is the creature next to the bridge and appending places a creature
behind all others.

A resolution that stops for a player's decision in its middle (Подкрепление's row)
keeps what is left of it in ``stack``: frames of plain data, outermost first (see
effects.Suspend and rules.resume).

``step`` is the setup's step mode (rules.settle, rules.stop): written to JSON only when
true, so default games keep their JSON form.

``_aura_dirty`` is a cache marker, not part of the game: the rows (bit ``lane * 2 + side``,
the code ``lane_of`` uses) whose creatures' abilities (``eff``) may differ from what
``effects.refresh_auras`` would compute now (clash.ability.aura, clash.order.assault.*,
clash.order.summon.*). ``refresh_auras`` recomputes those rows only and clears it; see
effects.py for what sets a row's bit. It is never written to JSON, hashed or compared;
``clone`` copies it, and a state loaded from JSON (or built fresh) starts with every row
marked (``ALL_ROWS``), so its first update recomputes the whole table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.events import Event
from cardtable.core.game import NO_DECISION
from cardtable.core.rng import seed_state, shuffle

# phases
DRAFT, SUMMON, OVER = 0, 1, 2
# where an instance is (see ClashState.where)
(
    IN_HAND,
    IN_PLAY,
    ATTACHED,
    SHACKLED,
    LIMBO,
    REMOVED,
    POOL,
    DRAFTED,
    UNUSED,
    IN_DECK,
    IN_DISCARD,
    CHAMPION,
) = range(12)
# a champion's state (clash.champion.*)
CHAMP_READY, CHAMP_IN_PLAY, CHAMP_EXHAUSTED = 0, 1, 2
# ``ClashState._aura_dirty`` with every row's bit set (-1 has them all, whatever the number
# of lanes): the next aura update recomputes every row.
ALL_ROWS = -1

_STATIC = (
    "card_ids",
    "kind",
    "cost",
    "atk",
    "hp",
    "abil",
    "aura",
    "fortress",
    "lane_seats",
    "seat_rows",
    "fatigue",
    "max_turns",
    "custom",
    "origin",
    "mode",
    "ai",
    "team",
    "ai_fixed",
    "ai_var",
    "ai_resilient",
    "champion",
)
_SCALARS = ("rng", "phase", "turn", "active", "first", "mana", "reason")
_INT_LISTS = (
    "turns_taken",
    "fort_up",
    "damage",
    "entered",
    "guard_used",
    "edge_used",
    "sprint",
    "eff",
    "public",
    "lane_of",
    "seat_grant",
    "removed",
    "pool",
    "revealed",
    "draft_queue",
    "winners",
    "limbo",
    "ai_pool",
    "champ_state",
)


class ClashState:
    """One point in one Clash game."""

    __slots__ = (
        *_STATIC,
        *_SCALARS,
        *_INT_LISTS,
        "hands",
        "decks",
        "discards",
        "board",
        "symb",
        "shackled",
        "pending",
        "drafted",
        "stack",
        "step",
        "log",
        "_legal",
        "_aura_dirty",
    )

    card_ids: tuple[str, ...]
    kind: tuple[int, ...]
    cost: tuple[int, ...]
    atk: tuple[int, ...]
    hp: tuple[int, ...]
    abil: tuple[int, ...]
    aura: tuple[int, ...]
    fortress: tuple[int, ...]
    lane_seats: tuple[tuple[int, int], ...]
    seat_rows: tuple[tuple[tuple[int, int], ...], ...]
    fatigue: bool
    max_turns: int
    custom: tuple[dict[str, Any], ...]
    origin: tuple[int, ...]
    mode: str
    ai: tuple[int, ...]
    team: tuple[int, ...]
    ai_fixed: tuple[int, ...]
    ai_var: tuple[int, ...]
    ai_resilient: tuple[int, ...]
    champion: tuple[int, ...]

    rng: int
    phase: int
    turn: int
    active: int
    first: int
    mana: int
    reason: str

    turns_taken: list[int]
    fort_up: list[int]
    damage: list[int]
    entered: list[int]
    guard_used: list[int]
    edge_used: list[int]
    sprint: list[int]
    eff: list[int]
    public: list[int]
    lane_of: list[int]
    seat_grant: list[int]
    removed: list[int]
    pool: list[int]
    revealed: list[int]
    draft_queue: list[int]
    winners: list[int]
    limbo: list[int]
    ai_pool: list[int]
    champ_state: list[int]

    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    board: list[list[list[int]]]
    symb: dict[int, int]
    shackled: dict[int, tuple[int, int]]
    pending: tuple[Any, ...]
    drafted: list[list[int]]
    stack: list[tuple[Any, ...]]
    step: bool
    log: list[Event] | None
    _legal: list[tuple[Any, ...]] | None
    # Rows whose creatures' ``eff`` awaits recomputation (see the module docstring and
    # effects.refresh_auras): a cache, never part of the plain form.
    _aura_dirty: int

    def clone(self) -> ClashState:
        """An independent copy (hand-written: no deepcopy on the hot path)."""
        c = ClashState.__new__(ClashState)
        for name in _STATIC:
            setattr(c, name, getattr(self, name))
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        for name in _INT_LISTS:
            setattr(c, name, getattr(self, name)[:])
        c.hands = [h[:] for h in self.hands]
        c.decks = [d[:] for d in self.decks]
        c.discards = [d[:] for d in self.discards]
        c.board = [[side[:] for side in lane] for lane in self.board]
        c.symb = dict(self.symb)
        c.shackled = dict(self.shackled)
        c.pending = self.pending
        c.drafted = [d[:] for d in self.drafted]
        c.stack = self.stack[:]  # frames are tuples: shared safely
        c.step = self.step
        c.log = None
        c._legal = self._legal
        c._aura_dirty = self._aura_dirty
        return c

    def to_json(self) -> dict[str, Any]:
        """Exact plain-data form (round-trips through from_json)."""
        out: dict[str, Any] = {}
        for name in _STATIC:
            value = getattr(self, name)
            if name == "lane_seats":
                value = [list(v) for v in value]
            elif name == "seat_rows":
                value = [[list(r) for r in v] for v in value]
            elif name == "custom":
                value = [dict(v) for v in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        for name in _SCALARS:
            out[name] = getattr(self, name)
        for name in _INT_LISTS:
            out[name] = list(getattr(self, name))
        out["hands"] = [list(h) for h in self.hands]
        out["decks"] = [list(d) for d in self.decks]
        out["discards"] = [list(d) for d in self.discards]
        out["board"] = [[list(s) for s in lane] for lane in self.board]
        out["symb"] = [[k, v] for k, v in sorted(self.symb.items())]
        out["shackled"] = [[k, v[0], v[1]] for k, v in sorted(self.shackled.items())]
        out["pending"] = list(self.pending)
        out["drafted"] = [list(d) for d in self.drafted]
        out["stack"] = [_plain(f) for f in self.stack]
        if self.step:
            out["step"] = True
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> ClashState:
        """Inverse of to_json."""
        s = ClashState.__new__(ClashState)
        for name in _STATIC:
            value = data[name]
            if name == "lane_seats":
                value = tuple(tuple(v) for v in value)
            elif name == "seat_rows":
                value = tuple(tuple(tuple(r) for r in v) for v in value)
            elif name == "custom":
                value = tuple(dict(v) for v in value)
            elif isinstance(value, list):
                value = tuple(value)
            setattr(s, name, value)
        for name in _SCALARS:
            setattr(s, name, data[name])
        for name in _INT_LISTS:
            setattr(s, name, list(data[name]))
        s.hands = [list(h) for h in data["hands"]]
        s.decks = [list(d) for d in data["decks"]]
        s.discards = [list(d) for d in data["discards"]]
        s.board = [[list(side) for side in lane] for lane in data["board"]]
        s.symb = {int(k): int(v) for k, v in data["symb"]}
        s.shackled = {int(k): (int(a), int(b)) for k, a, b in data["shackled"]}
        s.pending = tuple(data["pending"])
        s.drafted = [list(d) for d in data["drafted"]]
        s.stack = [_frozen(f) for f in data.get("stack", [])]
        s.step = bool(data.get("step", False))
        s.log = None
        s._legal = None
        # ``eff`` is read back as saved (it may be mid-resolution, before an update):
        # every row is recomputed at the next update, as before the aura cache.
        s._aura_dirty = ALL_ROWS
        return s

    # --- small derived facts (cheap; not stored) -----------------------------------
    def nseats(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def owner_in_play(self, inst: int) -> int:
        """The seat controlling a creature in play."""
        code = self.lane_of[inst]
        return self.lane_seats[code >> 1][code & 1]

    def where(self, inst: int) -> int:
        """The zone code of an instance (slow: for invariants and views)."""
        if self.lane_of[inst] >= 0:
            return IN_PLAY
        if inst in self.champion and inst not in self.symb.values():
            return CHAMPION
        if any(inst in h for h in self.hands):
            return IN_HAND
        if any(inst in d for d in self.decks):
            return IN_DECK
        if any(inst in d for d in self.discards):
            return IN_DISCARD
        if inst in self.symb.values():
            return ATTACHED
        if any(inst == v[0] for v in self.shackled.values()):
            return SHACKLED
        if inst in self.limbo:
            return LIMBO
        if inst in self.removed:
            return REMOVED
        if inst in self.pool or inst in self.revealed:
            return POOL
        if any(inst in d for d in self.drafted):
            return DRAFTED
        return UNUSED


def _plain(value: Any) -> Any:
    """A frame as JSON data: tuples become lists, all the way down."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    """The inverse of ``_plain``: lists become tuples, all the way down."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits where: rows between seats, teams, AI seats and their settings.

    A lane is one row of the table running across a bridge between two seats
    (``lane_seats[lane] = (seat on side 0, seat on side 1)``); each seat has a top and a
    bottom row (``seat_rows[seat] = ((lane, side), (lane, side))``).
    """

    mode: str
    lane_seats: tuple[tuple[int, int], ...]
    seat_rows: tuple[tuple[tuple[int, int], ...], ...]
    team: tuple[int, ...]
    ai: tuple[int, ...]
    ai_fixed: tuple[int, ...]
    ai_var: tuple[int, ...]
    ai_resilient: tuple[int, ...]
    ai_grant: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardTables:
    """The static per-instance numbers of a game's cards (the state's tuples of the same
    names): the cards given, then one fortress per seat. They depend only on the cards
    and the number of seats, so a set-up can make them once and share them between
    games (formats' set-up cache); states share them like clones do."""

    card_ids: tuple[str, ...]
    kind: tuple[int, ...]
    cost: tuple[int, ...]
    atk: tuple[int, ...]
    hp: tuple[int, ...]
    abil: tuple[int, ...]
    aura: tuple[int, ...]
    fortress: tuple[int, ...]
    origin: tuple[int, ...]


def card_tables(cards: Sequence[Any], seats: int, origin: list[int] | None = None) -> CardTables:
    """The static tables of the given card instances (CardDefs) plus one fortress per seat."""
    n_cards = len(cards)
    return CardTables(
        tuple(c.id for c in cards) + ("fortress",) * seats,
        tuple(c.kind for c in cards) + (2,) * seats,
        tuple(c.cost for c in cards) + (0,) * seats,
        tuple(c.attack for c in cards) + (0,) * seats,
        tuple(c.health for c in cards) + (0,) * seats,
        tuple(c.abilities for c in cards) + (0,) * seats,
        tuple(c.aura for c in cards) + (0,) * seats,
        tuple(range(n_cards, n_cards + seats)),
        tuple(origin if origin is not None else [-1] * n_cards) + tuple(range(seats)),
    )


def build_state(
    cards: list[Any],
    table: Table,
    seed: int,
    fatigue: bool = False,
    max_turns: int = 0,
    custom: tuple[dict[str, Any], ...] = (),
    origin: list[int] | None = None,
) -> ClashState:
    """An empty table holding the given card instances (CardDefs) plus one fortress per seat."""
    tables = card_tables(cards, len(table.team), origin)
    return state_from_tables(tables, table, seed, fatigue, max_turns, custom)


def state_from_tables(
    tables: CardTables,
    table: Table,
    seed: int,
    fatigue: bool = False,
    max_turns: int = 0,
    custom: tuple[dict[str, Any], ...] = (),
) -> ClashState:
    """An empty table holding the instances of ``tables`` (``build_state`` from tables
    made beforehand)."""
    seats = len(table.team)
    lane_seats = table.lane_seats
    st = ClashState.__new__(ClashState)
    n = len(tables.card_ids)
    st.card_ids = tables.card_ids
    st.kind = tables.kind
    st.cost = tables.cost
    st.atk = tables.atk
    st.hp = tables.hp
    st.abil = tables.abil
    st.aura = tables.aura
    st.fortress = tables.fortress
    st.lane_seats = lane_seats
    st.seat_rows = table.seat_rows
    st.mode = table.mode
    st.ai = table.ai
    st.team = table.team
    st.ai_fixed = table.ai_fixed
    st.ai_var = table.ai_var
    st.ai_resilient = table.ai_resilient
    st.fatigue = fatigue
    st.max_turns = max_turns
    st.custom = custom
    st.origin = tables.origin
    st.rng = seed_state(seed)
    st.phase = SUMMON
    st.turn = 0
    st.active = 0
    st.first = 0
    st.mana = 0
    st.limbo = []
    st.reason = ""
    st.turns_taken = [0] * seats
    st.fort_up = [0] * seats
    st.damage = [0] * n
    st.entered = [-1] * n
    st.guard_used = [-1] * n
    st.edge_used = [-1] * n
    st.sprint = [0] * n
    st.eff = [0] * n
    st.public = [0] * n
    st.lane_of = [-1] * n
    st.seat_grant = list(table.ai_grant)
    st.champion = (-1,) * seats
    st.champ_state = [0] * seats
    st.removed = []
    st.pool = []
    st.revealed = []
    st.draft_queue = []
    st.winners = []
    st.hands = [[] for _ in range(seats)]
    st.decks = [[] for _ in range(seats)]
    st.discards = [[] for _ in range(seats)]
    st.ai_pool = []
    st.board = [[[], []] for _ in lane_seats]
    st.symb = {}
    st.shackled = {}
    st.pending = NO_DECISION
    st.drafted = [[] for _ in range(seats)]
    st.stack = []
    st.step = False
    st.log = None
    st._legal = None
    # Whoever fills the board directly (positions) has every row recomputed at the first
    # aura update; an empty board makes that free.
    st._aura_dirty = ALL_ROWS
    return st


# --- the deal (clash.setup.hand, clash.solo.setup): per game, so compiled with the rules
def deal_hand(st: ClashState, seat: int, cards: list[int]) -> None:
    """Shuffle a deck into a hand with the fortress leftmost, bastion up (clash.setup.hand)."""
    shuffle(st, cards)
    st.hands[seat] = [st.fortress[seat], *cards]
    st.fort_up[seat] = 0
    for c in cards:
        st.public[c] = 0
    st.public[st.fortress[seat]] = 1


def deal_ai_decks(st: ClashState, cards: list[int]) -> None:
    """Shuffle the AI's cards face down into its deck(s) of 24, fortress under (clash.solo.setup)."""
    ai_seats = [s for s in range(len(st.hands)) if st.ai[s]]
    if not ai_seats:
        return
    cards = list(cards)
    shuffle(st, cards)
    size = len(cards) // len(ai_seats)
    for k, s in enumerate(ai_seats):
        st.decks[s] = cards[k * size : (k + 1) * size]
        st.fort_up[s] = 0
        for c in st.decks[s]:
            st.public[c] = 0
