"""The Blue Moon state: plain data (ints, strs, lists of ints, lists of lists).

Card instances are numbered; ``card_ids``/``owner`` give each one's card and player. A
player's cards are in exactly one of: deck (top last), hand, discard pile, leadership pile
(on the leader, top last), combat area (in play order), support area. ``act[i]`` marks the
combat cards that are active; support cards are active for the whole fight.

``overrides`` holds a game's what-if card numbers (overrides.py): the canonical JSON text
of the changed fields, ``""`` in a game without them. It never changes during a game, so a
clone shares it; ``to_json`` writes it (as a table) only when there are some, so the JSON of
a game without overrides is as before.

Decisions kept as data: ``aim[i]`` is the card a "one of my …" card ``i`` applies to (-1:
none; bluemoon.special.rule2_choice); ``used`` the cards whose "on my turn" power was used
this turn; ``shed`` the cards discarded toward the opponent's demands, as pairs (card, the
demanding card); ``back`` the point rule 11 returns to (the element, STOP, the active combat
cards and the aims when the «Сдаться?» phase began: ``[element, stopped, k, k cards, then
(card, aim) pairs]``); ``tried`` the combinations of cards already taken back this turn.

``step`` is the setup's step mode (engine.step: rules.stop, rules.apply_action): written to
JSON only when true, so the JSON of a default game is as before.

Caches, none of them part of the state's data (``to_json``, the state hash, equality and
positions never see them; ``from_json``, ``rules.new_state`` and ``positions.load`` start
them empty):
  ``_legal``   the pending decision's options, until the next action;
  ``_seen``    a ``Seen``: what the cards in play make of each other, for both seats
               (powers.py), kept from action to action until ``forget`` drops it;
  ``_totals``  each seat's total (``powers.total``, None: not worked out yet), kept with
               ``_seen`` and dropped with it.
``_seen`` and ``_totals`` are immutable (tuples), so ``clone`` shares them (as it shares
``_legal``).
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from cardtable.core.events import Event
from cardtable.core.game import canonical_json
from cardtable.games.bluemoon.records import BlueMoonDB, PowerDef

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
    "aim",
    "used",
    "back",
)
_STR_LISTS = ("card_ids", "boxes")
_NESTED = ("decks", "hands", "discards", "leaders", "combat", "support", "tasks", "tried")


Cards = tuple[int, ...]  # card instances, in order
Powers = tuple[PowerDef, ...]


class Seen(NamedTuple):
    """What the cards in play make of each other, for both seats (index: the seat), worked
    out in one go by ``powers.seen`` from the combat and support areas, the active flags,
    the turn's leadership card, the active player, the owners and the card database ``db``
    (bluemoon.turn.character.active, bluemoon.special.ignore, ruling R14). Immutable (a
    tuple of tuples and frozensets): a state and its clones may share one. A state keeps it
    (``BlueMoonState._seen``) until something it is made from changes
    (``BlueMoonState.forget``)."""

    db: BlueMoonDB
    # the active cards before ignoring (active combat cards, support cards, the leadership
    # card played this turn), in that order
    raw: tuple[Cards, Cards]
    found: tuple[Cards, Cards]  # the active cards with an ignoring power
    muted: frozenset[int]  # the ignoring cards that do not work (ruling R14)
    ignoring: tuple[Powers, Powers]  # the ignoring powers that work
    active: tuple[Cards, Cards]  # the active cards not wholly ignored
    powers: tuple[Powers, Powers]  # the powers of the active cards whose text is not ignored
    kinds: tuple[frozenset[str], frozenset[str]]  # the kinds of those powers (a quick test)


class BlueMoonState:
    """One point in one Blue Moon game (or match)."""

    __slots__ = (
        *_SCALARS,
        *_INT_LISTS,
        *_STR_LISTS,
        *_NESTED,
        "pending",
        "overrides",
        "step",
        "log",
        "_legal",
        "_seen",
        "_totals",
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
    aim: list[int]
    used: list[int]
    back: list[int]
    card_ids: list[str]
    boxes: list[str]
    decks: list[list[int]]
    hands: list[list[int]]
    discards: list[list[int]]
    leaders: list[list[int]]
    combat: list[list[int]]
    support: list[list[int]]
    tasks: list[list[int]]
    tried: list[list[int]]
    pending: tuple[Any, ...]
    overrides: str
    step: bool  # step mode (engine.step): stops at phase boundaries, no forced steps
    log: list[Event] | None
    _legal: list[tuple[Any, ...]] | None
    _seen: Seen | None
    _totals: tuple[int | None, int | None] | None

    def forget(self) -> None:
        """Drop the cached facts of the cards in play (``_seen``, ``_totals``). The rules
        call this whenever something they are made from changes: a card enters or leaves
        the combat or support area, an active flag changes (a character covered, rule 11
        taking cards back), the turn's leadership card or the active player changes, the
        owners change (a match's swap), and, for the totals, the contested element or the
        card a "one of my …" card applies to (``aim``). Moves between the hand, the deck,
        the discard pile and the leadership pile need none: nothing cached reads them."""
        self._seen = None
        self._totals = None

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
        c.step = self.step
        c.log = None
        c._legal = self._legal
        c._seen = self._seen  # immutable: shared
        c._totals = self._totals
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
        if self.step:
            out["step"] = True
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> BlueMoonState:
        """Inverse of to_json."""
        s = BlueMoonState.__new__(BlueMoonState)
        for name in _SCALARS:
            setattr(s, name, data[name])
        defaults: dict[str, Any] = {
            "aim": [-1] * len(data["card_ids"]),
            "used": [],
            "back": [],
            "tried": [],
        }
        for name in (*_INT_LISTS, *_STR_LISTS):
            setattr(s, name, list(data[name] if name in data else defaults[name]))
        for name in _NESTED:
            setattr(s, name, [list(x) for x in (data[name] if name in data else defaults[name])])
        s.pending = tuple(data["pending"])
        over = data.get("overrides")
        s.overrides = canonical_json(over) if over else ""
        s.step = bool(data.get("step", False))
        s.log = None
        s._legal = None
        s._seen = None
        s._totals = None
        return s
