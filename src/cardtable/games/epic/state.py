"""The Epic state: plain data (ints, strs, lists, dicts of plain data).

Card instances are numbered; tokens get new numbers when they come into play and go to
the ``supply`` list when they leave it. An effect being resolved is an explicit frame
on ``stack``: [card, controller, source kind, index, next step, target player, targets
chosen for the current step], so a resolution waiting for a target choice can be
cloned and saved like everything else.

``step`` is the setup's step mode (rules.stop, rules.apply_action): written to JSON only
when true, so default games keep their JSON form.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from cardtable.core.events import Event
from cardtable.core.game import canonical_json

if TYPE_CHECKING:
    from cardtable.games.epic.effects import StaticsInPlay

# phases
MULLIGAN, PLAY, OVER, DRAFT = 0, 1, 2, 3
# champion positions (epic.position.*)
PREPARED, EXPENDED, FLIPPED = 0, 1, 2
# frame fields
F_CARD, F_CTL, F_SRC, F_IDX, F_STEP, F_TP, F_CHOSEN, F_MEMO = range(8)
# frame memo keys holding card instances (a single one / lists), for positions
MEMO_REF = ("it",)
MEMO_REFS = ("them", "targets", "marked", "bag", "shown")
# frame memo keys holding seats: the players still to choose in an "each player chooses"
MEMO_SEATS = ("choosers",)
SRC_MODE, SRC_ABILITY, SRC_TALENT = 0, 1, 2

_SCALARS = (
    "rng",
    "phase",
    "turn",
    "active",
    "first",
    "window",
    "init",
    "passes",
    "played",
    "blocked",
    "defender",
    "reason",
    "no_attacks",
    "mode",
    "draft",
    "draft_round",
    "draft_step",
)
_INT_LISTS = (
    "owner",
    "controller",
    "pos",
    "damage",
    "counters",
    "eot_off",
    "eot_def",
    "eot_kw",
    "arriving",
    "public",
    "health",
    "gold",
    "turns_taken",
    "limbo",
    "supply",
    "attackers",
    "blockers",
    "winners",
    "mull_queue",
    "mull_chosen",
    "broken_turn",
    "played1",
    "eot_control",
    "eot_break",
    "eot_discard",
    "out",
    "team",
    "removed",
    "draft_queue",
)
_STR_LISTS = ("card_ids",)
_NESTED = ("hands", "decks", "discards", "play", "packs", "later", "drafted")


# per-instance numbers beside card_ids/owner/controller, all 0 for a card out of play
PER_INSTANCE = ("pos", "damage", "counters", "eot_off", "eot_def", "eot_kw", "arriving", "public")


def new_frame(card: int, ctl: int, src: int, index: int, step: int = 0) -> list[Any]:
    """A frame: what resolves, who controls it, where it is, and its memory (the champion a
    sentence targeted, X, marks...)."""
    return [card, ctl, src, index, step, -1, [], {}]


def copy_frame(f: list[Any]) -> list[Any]:
    """An independent copy of a frame (plain data)."""
    memo = {k: (v[:] if isinstance(v, list) else v) for k, v in f[F_MEMO].items()}
    return [*f[:F_CHOSEN], list(f[F_CHOSEN]), memo]


class EpicState:
    """One point in one Epic game."""

    __slots__ = (
        *_SCALARS,
        *_INT_LISTS,
        *_STR_LISTS,
        *_NESTED,
        "stack",
        "triggers",
        "new_triggers",
        "assign",
        "pending",
        "step",
        "log",
        "overrides",
        "_legal",
        "_statics",
        "_keywords",
        "_damaged",
    )

    rng: int
    phase: int
    turn: int
    active: int
    first: int
    window: str
    init: int
    passes: int
    played: int
    blocked: int
    defender: int
    reason: str
    no_attacks: int
    mode: str
    draft: str
    draft_round: int
    draft_step: int
    draft_queue: list[int]
    packs: list[list[int]]
    later: list[list[int]]
    drafted: list[list[int]]
    owner: list[int]
    controller: list[int]
    pos: list[int]
    damage: list[int]
    counters: list[int]
    eot_off: list[int]
    eot_def: list[int]
    eot_kw: list[int]
    arriving: list[int]
    public: list[int]
    health: list[int]
    gold: list[int]
    turns_taken: list[int]
    limbo: list[int]
    supply: list[int]
    attackers: list[int]
    blockers: list[int]
    winners: list[int]
    mull_queue: list[int]
    mull_chosen: list[int]
    broken_turn: list[int]
    played1: list[int]
    eot_control: list[int]
    eot_break: list[int]
    eot_discard: list[int]
    out: list[int]
    team: list[int]
    removed: list[int]
    card_ids: list[str]
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    play: list[list[int]]
    stack: list[list[Any]]
    triggers: list[list[list[int]]]
    new_triggers: list[list[int]]
    # choices in progress: combat damage being split (side, src and its damage left,
    # queue of champions still to place theirs, bt: the Breakthrough attackers, hits: flat
    # (source, target, amount) triples), discards owed, Recycle, recalled events
    assign: dict[str, Any]
    pending: tuple[Any, ...]
    step: bool  # step mode (engine.step): stops at phase boundaries, no forced steps
    log: list[Event] | None
    # what-if card numbers (overrides.py): canonical JSON text, "" for none (a plain game)
    overrides: str
    # Caches, never saved (to_json, the hash, equality and positions never see them; a
    # state loaded or built afresh starts with them empty, clear_caches):
    # - ``_legal``: the pending decision's options, until the next action.
    # - ``_statics``: the constant abilities of the champions in play (epic.ability.static;
    #   effects.statics_in_play), for the database it names. It changes only with the play areas:
    #   forgotten (forget_play) whenever a champion enters play, leaves it (broken,
    #   banished, returned, transformed, a player's elimination) or changes control
    #   (epic.control, and its end at the end of the turn). Immutable, so clones share it.
    # - ``_keywords``: champions' keyword bits by instance, printed | gained until the end
    #   of the turn | given by constant abilities (effects.keywords; Frenzy's are added on
    #   each look, they follow the hand sizes, epic.keyword.frenzy.dynamic). Kept only
    #   while no constant ability in play that gives keywords or a faction looks at combat,
    #   offense or defense (StaticsInPlay.plain). Forgotten with ``_statics``, and
    #   (forget_keywords) when a champion gains keywords until the end of the turn, when
    #   the turn player changes (constant abilities "during your turn") and at the end of
    #   the turn's clean-up (epic.turn.end.expire). Copied by clone.
    # - ``_damaged``: False only when no champion in play has damage (the state-based
    #   check, effects.check_champions, found none since): only dealing damage to a
    #   champion makes it True again (effects.deal_damage); damage is otherwise only
    #   removed (leaving play, the end of the turn's healing, epic.turn.end.heal).
    _legal: list[tuple[Any, ...]] | None
    _statics: StaticsInPlay | None
    _keywords: dict[int, int] | None
    _damaged: bool

    def clone(self) -> EpicState:
        """An independent copy (hand-written)."""
        c = EpicState.__new__(EpicState)
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        for name in _INT_LISTS:
            setattr(c, name, getattr(self, name)[:])
        c.card_ids = self.card_ids[:]
        for name in _NESTED:
            setattr(c, name, [x[:] for x in getattr(self, name)])
        c.stack = [copy_frame(f) for f in self.stack]
        c.triggers = [[t[:] for t in s] for s in self.triggers]
        c.new_triggers = [t[:] for t in self.new_triggers]
        c.assign = {
            k: (v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
            for k, v in self.assign.items()
        }
        c.pending = self.pending
        c.step = self.step
        c.log = None
        c.overrides = self.overrides
        c._legal = self._legal
        c._statics = self._statics  # immutable: shared
        kws = self._keywords
        c._keywords = None if kws is None else kws.copy()
        c._damaged = self._damaged
        return c

    def to_json(self) -> dict[str, Any]:
        """Exact plain-data form."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        for name in (*_INT_LISTS, *_STR_LISTS):
            out[name] = list(getattr(self, name))
        for name in _NESTED:
            out[name] = [list(x) for x in getattr(self, name)]
        out["stack"] = [copy_frame(f) for f in self.stack]
        out["triggers"] = [[list(t) for t in s] for s in self.triggers]
        out["new_triggers"] = [list(t) for t in self.new_triggers]
        out["assign"] = {  # copies: the form must not change as the game goes on
            k: (
                {str(a): b for a, b in v.items()}
                if isinstance(v, dict)
                else v[:]
                if isinstance(v, list)
                else v
            )
            for k, v in self.assign.items()
        }
        out["pending"] = list(self.pending)
        if self.step:
            out["step"] = True
        if self.overrides:
            out["overrides"] = json.loads(self.overrides)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> EpicState:
        """Inverse of to_json."""
        s = EpicState.__new__(EpicState)
        for name in _SCALARS:
            setattr(s, name, data[name])
        for name in (*_INT_LISTS, *_STR_LISTS):
            setattr(s, name, list(data[name]))
        for name in _NESTED:
            setattr(s, name, [list(x) for x in data[name]])
        s.stack = [copy_frame(f) for f in data["stack"]]
        s.triggers = [[list(t) for t in st] for st in data["triggers"]]
        s.new_triggers = [list(t) for t in data["new_triggers"]]
        s.assign = {
            k: (
                {int(a): b for a, b in v.items()}
                if isinstance(v, dict)
                else list(v)
                if isinstance(v, list)
                else v
            )
            for k, v in data["assign"].items()
        }
        s.pending = tuple(data["pending"])
        s.step = bool(data.get("step", False))
        s.log = None
        over = data.get("overrides")
        s.overrides = canonical_json(over) if over else ""
        s.clear_caches()
        return s

    def clear_caches(self) -> None:
        """Forget every cache: the legal actions, the constant abilities in play, the
        champions' keywords, and whether no champion is damaged."""
        self._legal = None
        self._statics = None
        self._keywords = None
        self._damaged = True

    def forget_play(self) -> None:
        """A play area changed (a champion entered or left play, or changed control): the
        constant abilities in play and the keywords they give are found again."""
        self._statics = None
        self._keywords = None

    def forget_keywords(self) -> None:
        """Something the champions' keywords depend on changed (keywords gained or lost
        until the end of the turn, the turn player): they are worked out again."""
        self._keywords = None

    def reset_instances(self) -> None:
        """Per-instance lists sized to ``card_ids``: nothing in play, nothing known."""
        m = len(self.card_ids)
        self.controller = [-1] * m
        for name in PER_INSTANCE:
            setattr(self, name, [0] * m)

    def add_instance(self, card: str, owner: int) -> int:
        """A new card instance (a token from the supply), out of play."""
        self.card_ids.append(card)
        self.owner.append(owner)
        self.controller.append(-1)
        for name in PER_INSTANCE:
            getattr(self, name).append(0)
        return len(self.card_ids) - 1

    def nseats(self) -> int:
        """Number of seats."""
        return len(self.health)
