"""The Boss Battle state: plain data (ints, strs, lists, dicts of plain data).

Card instances are numbered; per-instance lists hold what a card carries on the
battlefield (durability and energy tokens, attack changes, tapped, exhaustion). Zones are
lists of instances per seat: ``hands``, ``decks`` (the last one is the top),
``graves`` («потусторонний мир»), ``abyss`` («бездна») and ``field`` (the battlefield, in
the order the cards entered). Items on the stack and effects being resolved are explicit
frames ``[card, controller, source kind, index, next step, memo]``, so a resolution
waiting for a choice is cloned and saved like everything else.

``step`` is the setup's step mode (rules.stop, engine.step): written to JSON only when
true, so default games keep their JSON form.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.core.events import Event
from cardtable.core.game import canonical_json

# phases (boss.turn.*): the redeals before the game, then the five phases of a turn
REDEAL, START, MAIN1, COMBAT, MAIN2, END, OVER = range(7)
PHASES = ("redeal", "start", "placement1", "combat", "placement2", "end", "over")
# frame fields
F_CARD, F_CTL, F_SRC, F_IDX, F_STEP, F_MEMO = range(6)
# frame sources: what resolves
(
    SRC_CARD,
    SRC_ACT,
    SRC_TRIG,
    SRC_RECKON,
    SRC_CONSTRUCT,
    SRC_OVERLOAD,
    SRC_SYNERGY,
    SRC_SCRAP,
    SRC_SUBST,
    SRC_HUNGER,
) = range(10)
SOURCES = (
    "card",
    "ability",
    "trigger",
    "reckoning",
    "construct",
    "overload",
    "synergy",
    "scrap",
    "substitution",
    "hunger",
)
# target codes beside card instances: a player p is PLAYER + p, a stack item k is STACK + k
PLAYER = 1 << 20
STACK = 1 << 21

_SCALARS = (
    "rng",
    "boss",
    "boss_max",
    "turn",
    "active",
    "first",
    "phase",
    "prio",
    "passes",
    "combat",
    "shield",
    "stamp",
    "reason",
    "max_turns",
)
_INT_LISTS = (
    "owner",
    "ctl",
    "dur",
    "energy",
    "atk",
    "eot_atk",
    "tapped",
    "exhausted",
    "fed",
    "known",
    "since",
    "slots",
    "filled",
    "temp",
    "waiting",
    "redeals",
    "redeal_queue",
    "attackers",
    "winners",
)
_STR_LISTS = ("card_ids", "labels")
_NESTED = ("hands", "decks", "graves", "abyss", "field")
PER_INSTANCE = ("dur", "energy", "atk", "eot_atk", "tapped", "exhausted", "fed", "since")
"""Per-instance numbers a card carries on the battlefield, all 0 elsewhere."""


def new_frame(card: int, ctl: int, src: int, index: int = 0) -> list[Any]:
    """A frame: what resolves, who controls it, where its steps are, and its memory."""
    return [card, ctl, src, index, 0, {}]


def copy_frame(f: list[Any]) -> list[Any]:
    """An independent copy of a frame (plain data)."""
    memo = {k: (v[:] if isinstance(v, list) else v) for k, v in f[F_MEMO].items()}
    return [f[0], f[1], f[2], f[3], f[4], memo]


class BossState:
    """One point in one Boss Battle game."""

    __slots__ = (
        *_SCALARS,
        *_INT_LISTS,
        *_STR_LISTS,
        *_NESTED,
        "stack",
        "res",
        "queue",
        "effects",
        "pending",
        "step",
        "log",
        "overrides",
        "_legal",
        "_sts",
    )

    rng: int
    boss: int
    boss_max: int
    turn: int
    active: int
    first: int
    phase: int
    prio: int
    passes: int
    combat: int
    shield: int
    stamp: int
    reason: str
    max_turns: int
    owner: list[int]
    ctl: list[int]
    dur: list[int]
    energy: list[int]
    atk: list[int]
    eot_atk: list[int]
    tapped: list[int]
    exhausted: list[int]
    fed: list[int]
    known: list[int]
    since: list[int]
    slots: list[int]
    filled: list[int]
    temp: list[int]
    waiting: list[int]
    redeals: list[int]
    redeal_queue: list[int]
    attackers: list[int]
    winners: list[int]
    card_ids: list[str]
    labels: list[str]
    """Each player's deck: a precon id, or 'constructed' / 'random'."""
    hands: list[list[int]]
    decks: list[list[int]]
    graves: list[list[int]]
    abyss: list[list[int]]
    field: list[list[int]]
    stack: list[list[Any]]
    res: list[list[Any]]
    queue: list[list[Any]]
    effects: list[list[Any]]
    pending: tuple[Any, ...]
    step: bool
    """Step mode: single-option decisions offered, a stop at every phase boundary."""
    log: list[Event] | None
    overrides: str
    """What-if card numbers (overrides.py): canonical JSON text, "" for none."""
    _legal: list[tuple[Any, ...]] | None
    """Cache, never saved: the pending decision's options (until the next action)."""
    _sts: list[tuple[int, Any]] | None
    """Cache, never saved: the constant effects on the battlefield (``effects.statics``),
    dropped whenever a permanent enters or leaves it."""

    def clone(self) -> BossState:
        """An independent copy (hand-written)."""
        c = BossState.__new__(BossState)
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        for name in _INT_LISTS:
            setattr(c, name, getattr(self, name)[:])
        c.card_ids = self.card_ids
        c.labels = self.labels
        for name in _NESTED:
            setattr(c, name, [x[:] for x in getattr(self, name)])
        c.stack = [copy_frame(f) for f in self.stack]
        c.res = [copy_frame(f) for f in self.res]
        c.queue = [copy_frame(f) for f in self.queue]
        c.effects = [e[:] for e in self.effects]
        c.pending = self.pending
        c.step = self.step
        c.log = None
        c.overrides = self.overrides
        c._legal = self._legal
        c._sts = self._sts
        return c

    def to_json(self) -> dict[str, Any]:
        """Exact plain-data form."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        for name in (*_INT_LISTS, *_STR_LISTS):
            out[name] = list(getattr(self, name))
        for name in _NESTED:
            out[name] = [list(x) for x in getattr(self, name)]
        for name in ("stack", "res", "queue"):
            out[name] = [copy_frame(f) for f in getattr(self, name)]
        out["effects"] = [list(e) for e in self.effects]
        out["pending"] = list(self.pending)
        if self.overrides:
            out["overrides"] = json.loads(self.overrides)
        if self.step:
            out["step"] = True
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> BossState:
        """Inverse of to_json."""
        s = BossState.__new__(BossState)
        for name in _SCALARS:
            setattr(s, name, data[name])
        for name in (*_INT_LISTS, *_STR_LISTS):
            setattr(s, name, list(data[name]))
        for name in _NESTED:
            setattr(s, name, [list(x) for x in data[name]])
        for name in ("stack", "res", "queue"):
            setattr(s, name, [copy_frame(f) for f in data[name]])
        s.effects = [list(e) for e in data["effects"]]
        s.pending = tuple(data["pending"])
        s.step = bool(data.get("step", False))
        s.log = None
        over = data.get("overrides")
        s.overrides = canonical_json(over) if over else ""
        s._legal = None
        s._sts = None
        return s

    def nseats(self) -> int:
        """Number of players."""
        return len(self.hands)
