"""The Blue Moon state: plain data (ints, strs, lists of ints, lists of lists).

Card instances are numbered; ``card_ids``/``owner`` give each one's card and player. A
player's cards are in exactly one of: deck (top last), hand, discard pile, leadership pile
(on the leader, top last), combat area (in play order), support area. ``act[i]`` marks the
combat cards that are active; support cards are active for the whole fight.

``overrides`` holds a game's what-if card numbers (overrides.py): the canonical JSON text
of the changed fields, ``""`` in a game without them. It never changes during a game, so a
clone shares it; ``to_json`` writes it (as a table) only when there are some, so the JSON of
a game without overrides is as before.

``_legal`` caches the pending decision's options until the next action; ``_memo`` holds a
``Memo`` only while a computation that does not change the state runs (``powers.memoizing``).
Neither is part of the state's data: ``to_json`` leaves them out and ``clone`` does not share
the memo.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.core.events import Event
from cardtable.core.game import canonical_json
from cardtable.games.bluemoon.cards import Power

SETUP, FIGHT, OVER = 0, 1, 2
FIRE, EARTH = 0, 1
DRAGONS = 3

_SCALARS = (
    "rng",
    "phase",
    "game_no",
    "fight",
    "element",
    "starter",
    "active",
    "first",
    "fturn",
    "reason",
    "out_first",
    "irrev",
    "stopped",
    "lead_now",
    "target",
)
_INT_LISTS = (
    "owner",
    "act",
    "played_on",
    "public",
    "dragons",
    "crystals",
    "winners",
    "turns_in_fight",
    "plays",
    "setup_queue",
    "pick",
    "shed",
    "freed",
)
_STR_LISTS = ("card_ids", "boxes")
_NESTED = ("decks", "hands", "discards", "leaders", "combat", "support", "tasks")


class Memo:
    """Per-seat facts derived from an unchanging state (filled lazily, see powers.py)."""

    __slots__ = ("active", "ignoring", "powers", "raw")

    def __init__(self) -> None:
        self.raw: list[list[int] | None] = [None, None]
        self.ignoring: list[list[Power] | None] = [None, None]
        self.powers: list[list[Power] | None] = [None, None]
        self.active: list[list[int] | None] = [None, None]


class BlueMoonState:
    """One point in one Blue Moon game (or match)."""

    __slots__ = (
        *_SCALARS,
        *_INT_LISTS,
        *_STR_LISTS,
        *_NESTED,
        "pending",
        "overrides",
        "log",
        "_legal",
        "_memo",
    )

    rng: int
    phase: int
    game_no: int
    fight: int
    element: int
    starter: int
    active: int
    first: int
    fturn: int
    reason: str
    out_first: int
    irrev: int
    stopped: int
    lead_now: int
    target: int
    owner: list[int]
    act: list[int]
    played_on: list[int]
    public: list[int]
    dragons: list[int]
    crystals: list[int]
    winners: list[int]
    turns_in_fight: list[int]
    plays: list[int]
    setup_queue: list[int]
    pick: list[int]
    shed: list[int]
    freed: list[int]
    card_ids: list[str]
    boxes: list[str]
    decks: list[list[int]]
    hands: list[list[int]]
    discards: list[list[int]]
    leaders: list[list[int]]
    combat: list[list[int]]
    support: list[list[int]]
    tasks: list[list[int]]
    pending: tuple[Any, ...]
    overrides: str
    log: list[Event] | None
    _legal: list[tuple[Any, ...]] | None
    _memo: Memo | None

    def clone(self) -> BlueMoonState:
        """An independent copy (hand-written)."""
        c = BlueMoonState.__new__(BlueMoonState)
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        for name in (*_INT_LISTS, *_STR_LISTS):
            setattr(c, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(c, name, [x[:] for x in getattr(self, name)])
        c.pending = self.pending
        c.overrides = self.overrides
        c.log = None
        c._legal = self._legal
        c._memo = None
        return c

    def to_json(self) -> dict[str, Any]:
        """Exact plain-data form."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        for name in (*_INT_LISTS, *_STR_LISTS):
            out[name] = list(getattr(self, name))
        for name in _NESTED:
            out[name] = [list(x) for x in getattr(self, name)]
        out["pending"] = list(self.pending)
        if self.overrides:
            out["overrides"] = json.loads(self.overrides)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> BlueMoonState:
        """Inverse of to_json."""
        s = BlueMoonState.__new__(BlueMoonState)
        for name in _SCALARS:
            setattr(s, name, data[name])
        for name in (*_INT_LISTS, *_STR_LISTS):
            setattr(s, name, list(data[name]))
        for name in _NESTED:
            setattr(s, name, [list(x) for x in data[name]])
        s.pending = tuple(data["pending"])
        over = data.get("overrides")
        s.overrides = canonical_json(over) if over else ""
        s.log = None
        s._legal = None
        s._memo = None
        return s
