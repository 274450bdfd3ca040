"""The Clash state: plain data only (ints, lists, tuples, dicts of ints).

Card instances are numbered 0..N-1. Per-instance *static* numbers (cost, attack,
health, abilities) are tuples shared between clones; everything that changes during
play is in lists that ``clone`` copies. A row lists creatures from the bridge outward,
so index 0 is the creature next to the bridge and appending places a creature
behind all others.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.events import Event

# phases
DRAFT, SUMMON, OVER = 0, 1, 2
# where an instance is (see ClashState.where)
IN_HAND, IN_PLAY, ATTACHED, SHACKLED, LIMBO, REMOVED, POOL, DRAFTED, UNUSED = range(9)

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
)


class ClashState:
    """One point in one Clash game."""

    __slots__ = (
        *_STATIC,
        *_SCALARS,
        *_INT_LISTS,
        "hands",
        "board",
        "symb",
        "shackled",
        "pending",
        "drafted",
        "log",
        "_legal",
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

    hands: list[list[int]]
    board: list[list[list[int]]]
    symb: dict[int, int]
    shackled: dict[int, tuple[int, int]]
    pending: tuple[Any, ...]
    drafted: list[list[int]]
    log: list[Event] | None
    _legal: list[tuple[Any, ...]] | None

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
        c.board = [[side[:] for side in lane] for lane in self.board]
        c.symb = dict(self.symb)
        c.shackled = dict(self.shackled)
        c.pending = self.pending
        c.drafted = [d[:] for d in self.drafted]
        c.log = None
        c._legal = self._legal
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
        out["board"] = [[list(s) for s in lane] for lane in self.board]
        out["symb"] = [[k, v] for k, v in sorted(self.symb.items())]
        out["shackled"] = [[k, v[0], v[1]] for k, v in sorted(self.shackled.items())]
        out["pending"] = list(self.pending)
        out["drafted"] = [list(d) for d in self.drafted]
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
        s.board = [[list(side) for side in lane] for lane in data["board"]]
        s.symb = {int(k): int(v) for k, v in data["symb"]}
        s.shackled = {int(k): (int(a), int(b)) for k, a, b in data["shackled"]}
        s.pending = tuple(data["pending"])
        s.drafted = [list(d) for d in data["drafted"]]
        s.log = None
        s._legal = None
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
        if any(inst in h for h in self.hands):
            return IN_HAND
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
