"""Epic position documents (docs/positions.md): load a situation, export any state.

Players are written P1 and P2. Cards are named by id; a champion in play may be a mapping
with its position, damage and this turn's changes. Cards the state refers to (attackers,
blockers, an effect being resolved) are written as zone paths such as ``P1.play.2`` or
``limbo.0``, so that an exported position loads back to the same position.

A step-mode position (``step: true``) may stand at a phase boundary: ``pending: {continue:
turn|main|before_blocks|blockers|before_damage|damage|end|heal|next}`` (rules.BOUNDARIES).
Exported positions carry ``derived``: values computed from the rest (the token supply,
gold, which hand cards may be played now, champions' offense and defense); a loaded
position that writes some of them is checked against them (``check_derived``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.core.errors import CardDataError, PositionError, SetupError, shown
from cardtable.core.game import NO_DECISION
from cardtable.core.position import (
    COUNTER_MAX,
    Field,
    check_copies,
    check_derived,
    check_document,
    check_keys,
    check_range,
    stop_boundary,
)
from cardtable.core.problems import joined
from cardtable.games.epic.cards import (
    FACTIONS,
    KEYWORDS,
    KW_BIT,
    TOKEN_PILES,
    parse_cards,
)
from cardtable.games.epic.effects import PLAYER, defense, offense, statics_in_play
from cardtable.games.epic.multi import MODES
from cardtable.games.epic.overrides import decode, position_key
from cardtable.games.epic.problems import PKG
from cardtable.games.epic.records import EpicDB
from cardtable.games.epic.rules import (
    BEFORE_BLOCKS,
    BEFORE_DAMAGE,
    BOUNDARIES,
    MAIN,
    STOP_WINDOW,
    TURN,
    TURN_CAP,
    continue_seat,
    playable,
)
from cardtable.games.epic.state import (
    DRAFT,
    F_MEMO,
    MEMO_REF,
    MEMO_REFS,
    MEMO_SEATS,
    MULLIGAN,
    OVER,
    PLAY,
    EpicState,
    new_frame,
)

if TYPE_CHECKING:
    from cardtable.games.epic.game import EpicGame

PHASES = ("mulligan", "play", "over", "draft")
DRAFT_ZONES = ("pack", "later", "drafted")
POSITIONS = ("prepared", "expended", "flipped")
_TOP = {
    "game",
    "phase",
    "turn",
    "active",
    "first",
    "window",
    "initiative",
    "players",
    "cards",
    "pending",
    "passes",
    "played",
    "combat",
    "stack",
    "triggers",
    "assign",
    "winners",
    "reason",
    "mulligan",
    "no_attacks",
    "seed",
    "this_turn",
    "mode",
    "teams",
    "out",
    "removed",
    "draft",
    "overrides",
    "step",
    "derived",
}
_PLAYER = {
    "health",
    "gold",
    "hand",
    "deck",
    "discard",
    "play",
    "turns_taken",
    "revealed",
    *DRAFT_ZONES,
}
_CHAMP = {
    "card",
    "position",
    "damage",
    "arriving",
    "counters",
    "offense",
    "defense",
    "keywords",
    "owner",
}


ZONE_ATTR = {"hand": "hands", "deck": "decks", "discard": "discards", "pack": "packs"}
MAX_COPIES = 8
"""The most copies of a card any format gives one player: a pool holds ``copies`` of each
card, at most 8 (formats.EpicSetup); constructed decks 3 (epic.format.constructed.copies)."""
_LISTS = ("hand", "deck", "discard", "play", "revealed", *DRAFT_ZONES)
FIELDS: tuple[Field, ...] = (
    Field("phase", "str", one_of=PHASES),
    Field("turn", "int", 0, TURN_CAP + 1, rule="epic.turn.structure"),
    Field("active", "str"),
    Field("first", "str", null=True),
    Field("window", "str"),
    Field("initiative", "str", null=True),
    Field("players", "map", 1, 8, null=True),
    Field("players.*", "map", null=True, one_of=tuple(_PLAYER)),
    Field("players.*.health", "int", -COUNTER_MAX, COUNTER_MAX, rule="epic.setup.health"),
    Field("players.*.gold", "int", 0, 1, rule="epic.gold.marker"),
    Field("players.*.turns_taken", "int", 0, TURN_CAP + 1),
    *(Field(f"players.*.{zone}", "list", null=True) for zone in _LISTS),
    *(Field(f"players.*.{zone}", "strs", null=True) for zone in ("hand", "deck", "discard")),
    *(Field(f"players.*.{zone}", "strs", null=True) for zone in DRAFT_ZONES),
    Field("players.*.revealed", "ints", 0),
    Field("players.*.play.*", "card"),
    Field("players.*.play.*.position", "str", one_of=POSITIONS),
    Field("players.*.play.*.damage", "int", 0, COUNTER_MAX),
    Field("players.*.play.*.arriving", "bool"),
    Field("players.*.play.*.counters", "int", 0, COUNTER_MAX),
    Field("players.*.play.*.offense", "int", -COUNTER_MAX, COUNTER_MAX),
    Field("players.*.play.*.defense", "int", -COUNTER_MAX, COUNTER_MAX),
    Field("players.*.play.*.keywords", "strs"),
    Field("players.*.play.*.owner", "str"),
    Field("cards", "list", null=True),
    Field("pending", "map", null=True),
    Field("pending.kind", "str"),
    Field("pending.seat", "str"),
    Field("passes", "int", 0, 8),
    Field("played", "bool"),
    Field("no_attacks", "bool"),
    Field("step", "bool"),
    Field("seed", "int"),
    Field("combat", "map", null=True),
    Field("combat.attackers", "list"),
    Field("combat.blockers", "list"),
    Field("combat.blocked", "bool"),
    Field("stack", "map", null=True),
    Field("stack.limbo", "list"),
    Field("stack.limbo.*", "map"),
    Field("stack.frames", "list"),
    Field("stack.frames.*", "list", 7, 8),
    *(Field(f"stack.frames.*.{k}", "int", -COUNTER_MAX, COUNTER_MAX) for k in (2, 3, 4)),
    Field("stack.frames.*.6", "list"),
    Field("stack.frames.*.7", "map"),
    Field("triggers", "list", null=True),
    Field("triggers.*", "list"),
    Field("triggers.*.*", "list", 3, 4),
    Field("triggers.*.*.2", "int", -COUNTER_MAX, COUNTER_MAX),
    Field("assign", "map", null=True),
    Field("winners", "list", null=True),
    Field("mulligan", "map", null=True),
    Field("mulligan.queue", "list"),
    Field("mulligan.chosen", "list"),
    Field("this_turn", "map", null=True),
    *(Field(f"this_turn.{k}", "list") for k in ("broken", "control", "break_at_end")),
    Field("this_turn.discard_at_end", "list"),
    Field("this_turn.control.*", "list", 2, 2),
    Field("this_turn.discard_at_end.*", "list", 2, 2),
    Field("this_turn.discard_at_end.*.1", "int", 0, COUNTER_MAX),
    Field("this_turn.played_cost1", "map", null=True),
    Field("this_turn.played_cost1.*", "strs"),
    Field("mode", "str"),
    Field("teams", "list", null=True),
    Field("teams.*", "list"),
    Field("out", "list", null=True),
    Field("removed", "list", null=True),
    Field("removed.*", "map"),
    Field("draft", "map", null=True),
    Field("draft.kind", "str"),
    Field("draft.round", "int", 0, COUNTER_MAX),
    Field("draft.step", "int", 0, COUNTER_MAX),
    Field("draft.queue", "list"),
    Field("overrides", "map", null=True),
)
"""What each key of a position may hold (core.position.check_document); the limits that
depend on the table (health, turns) are checked once it is built (``_check_limits``),
the copies a deck allows by ``check_decks`` (position files)."""


def _seat(value: Any, what: str, n: int = 2) -> int:
    names = [f"P{k + 1}" for k in range(n)]
    if isinstance(value, str) and value.upper() in names:
        return int(value[1:]) - 1
    raise PositionError.msg("position_choice", where=what, got=shown(value), known=", ".join(names))


def load(game: EpicGame, data: Mapping[str, Any]) -> EpicState:
    """A state from a position document; a clear PositionError for anything wrong."""
    check_document(data, "epic", FIELDS, game.db.cards, _TOP)
    check_keys(data, _TOP)
    try:
        inline = parse_cards("cards", list(data.get("cards") or []))
    except CardDataError as exc:
        raise PositionError.wrap(exc) from None
    db = game.db_with(inline, data.get("cards") or [])
    st = EpicState.__new__(EpicState)
    st.card_ids, st.owner = [], []
    paths: dict[str, int] = {}

    def new(ident: Any, owner: int, where: str) -> int:
        if not isinstance(ident, str) or ident not in db.cards:
            raise PositionError.msg("position_unknown_card", where=where, card=shown(ident))
        st.card_ids.append(ident)
        st.owner.append(owner)
        return len(st.card_ids) - 1

    players = data.get("players") or {}
    n = max(2, len(players))
    if sorted(players) != sorted(f"P{k + 1}" for k in range(len(players))):
        got = ", ".join(shown(k) for k in sorted(players, key=str))
        raise PositionError.msg_in(PKG, "pos_players_names", last=len(players), got=got)
    if n > 8:
        raise PositionError.msg_in(PKG, "pos_players_most", n=n)

    def seat_of(value: Any, what: str) -> int:
        return _seat(value, what, n)

    mode = str(data.get("mode", "duel" if n == 2 else "ffa"))
    if mode not in MODES:
        raise PositionError.msg("position_choice", where="mode", got=mode, known=", ".join(MODES))
    if (mode == "duel") != (n == 2):
        raise PositionError.msg_in(PKG, "pos_mode_players", mode=mode, n=n)
    st.health, st.gold, st.turns_taken = [30] * n, [1] * n, [0] * n
    st.hands = [[] for _ in range(n)]
    st.packs = [[] for _ in range(n)]
    st.later = [[] for _ in range(n)]
    st.drafted = [[] for _ in range(n)]
    st.decks = [[] for _ in range(n)]
    st.discards = [[] for _ in range(n)]
    st.play = [[] for _ in range(n)]
    extras: dict[int, dict[str, Any]] = {}
    revealed: set[int] = set()
    for s in range(n):
        key = f"P{s + 1}"
        p = players.get(key) or {}
        check_keys(p, _PLAYER, f"players.{key}")
        st.health[s] = int(p.get("health", 30))
        st.gold[s] = int(p.get("gold", 1))
        st.turns_taken[s] = int(p.get("turns_taken", 0))
        for zone in ("hand", "deck", "discard", *DRAFT_ZONES):
            for k, ident in enumerate(p.get(zone) or []):
                i = new(ident, s, f"{key} {zone} #{k + 1}")
                getattr(st, ZONE_ATTR.get(zone, zone))[s].append(i)
                paths[f"{key}.{zone}.{k}"] = i
        st.decks[s].reverse()  # written from the top; stored with the top last
        for k in p.get("revealed") or []:
            revealed.add(st.hands[s][int(k)])
        for k, entry in enumerate(p.get("play") or []):
            extra: dict[str, Any] = {}
            if isinstance(entry, Mapping):
                check_keys(entry, _CHAMP, f"{key} play #{k + 1}")
                extra = dict(entry)
                entry = extra.pop("card", None)
            owner = seat_of(extra.pop("owner"), "owner") if "owner" in extra else s
            i = new(entry, owner, f"{key} play #{k + 1}")
            st.play[s].append(i)
            extras[i] = extra
            paths[f"{key}.play.{k}"] = i
    st.limbo = []
    for k, ident in enumerate(
        (data.get("stack") or {}).get("limbo", []) if isinstance(data.get("stack"), Mapping) else []
    ):
        i = new(ident["card"], seat_of(ident["owner"], "limbo owner"), f"limbo #{k + 1}")
        st.limbo.append(i)
        paths[f"limbo.{k}"] = i
    removed_start = len(st.card_ids)
    for k, entry in enumerate(data.get("removed") or []):
        new(entry["card"], seat_of(entry["owner"], "removed owner"), f"removed #{k + 1}")
    st.removed = list(range(removed_start, len(st.card_ids)))
    st.reset_instances()
    for k, i in enumerate(st.removed):
        st.public[i] = 0 if (data.get("removed") or [])[k].get("face_down") else 1
    st.mode = mode
    st.team = list(range(n))
    for t, members in enumerate(data.get("teams") or []):
        for m in members:
            st.team[seat_of(m, "teams")] = n + t
    if mode in ("team", "hydra") and not data.get("teams"):
        raise PositionError.msg_in(PKG, "pos_mode_teams", mode=mode)
    st.out = [seat_of(x, "out") for x in data.get("out") or []]
    for s in range(n):
        for place, i in enumerate(st.play[s]):
            st.controller[i] = s
            st.public[i] = 1
            e = extras[i]
            st.pos[i] = POSITIONS.index(e.get("position", "prepared"))
            st.damage[i] = int(e.get("damage", 0))
            st.arriving[i] = int(bool(e.get("arriving", False)))
            st.counters[i] = int(e.get("counters", 0))
            st.eot_off[i] = int(e.get("offense", 0))
            st.eot_def[i] = int(e.get("defense", 0))
            kw = 0
            for k in e.get("keywords", []):
                if k not in KW_BIT:
                    where = f"P{s + 1} play #{place + 1} keywords"
                    known = ", ".join(KEYWORDS)
                    raise PositionError.msg(
                        "position_choice", where=where, got=shown(k), known=known
                    )
                kw |= KW_BIT[k]
            st.eot_kw[i] = kw
        for i in st.discards[s]:
            st.public[i] = 1
    for i in revealed:
        st.public[i] = 1

    def ref(x: Any, where: str) -> int:
        if isinstance(x, str) and x in paths:
            return paths[x]
        if isinstance(x, str) and x.startswith("player:"):
            return PLAYER | seat_of(x[7:], where)
        raise PositionError.msg_in(PKG, "pos_no_card", where=where, path=shown(x))

    st.phase = PHASES.index(data.get("phase", "play"))
    st.turn = int(data.get("turn", 1))
    st.active = seat_of(data.get("active", "P1"), "active")
    st.step = bool(data.get("step", False))
    stop = _read_stop(st, data.get("pending"))
    first = data.get("first", "P1")  # None: not chosen yet (a draft comes first)
    st.first = -1 if first is None else seat_of(first, "first")
    if n == 2 and st.turns_taken == [0, 0] and st.first >= 0:
        st.turns_taken[st.first] = (st.turn + 1) // 2
        st.turns_taken[1 - st.first] = st.turn // 2
    st.window = str(data.get("window", "main" if st.phase == PLAY else ""))
    init = data.get("initiative", "P1" if st.phase != PLAY else f"P{st.active + 1}")
    if stop:  # a stop's window and initiative by default: where the engine stands there
        st.window = str(data.get("window", STOP_WINDOW.get(stop, "end")))
        if "initiative" not in data:
            init = f"P{st.active + 1}" if stop in (MAIN, BEFORE_BLOCKS) else None
    st.init = -1 if init is None else seat_of(init, "initiative")
    st.passes = int(data.get("passes", 0))
    st.played = int(bool(data.get("played", False)))
    st.no_attacks = int(bool(data.get("no_attacks", False)))
    combat = data.get("combat") or {}
    st.attackers = [ref(x, "combat attackers") for x in combat.get("attackers", [])]
    st.blockers = [ref(x, "combat blockers") for x in combat.get("blockers", [])]
    st.blocked = int(bool(combat.get("blocked", False)))
    st.defender = seat_of(combat["defender"], "defender") if "defender" in combat else -1
    if stop == BEFORE_DAMAGE and "initiative" not in data:
        st.init = st.defender  # step 4 opens with the defending player's initiative
    stack = data.get("stack") or {}
    st.stack = []
    for f in stack.get("frames", []) if isinstance(stack, Mapping) else []:
        frame = new_frame(
            ref(f[0], "stack"), seat_of(f[1], "stack controller"), int(f[2]), int(f[3])
        )
        frame[4] = int(f[4])
        frame[5] = -1 if f[5] is None else seat_of(f[5], "stack target player")
        frame[6] = [ref(x, "stack choice") for x in f[6]]
        memo = dict(f[7]) if len(f) > 7 else {}
        for key in MEMO_REF:
            if key in memo:
                memo[key] = ref(memo[key], "stack memo")
        for key in MEMO_REFS:
            if key in memo:
                memo[key] = [ref(x, "stack memo") for x in memo[key]]
        if "it_ctl" in memo:
            memo["it_ctl"] = -1 if memo["it_ctl"] is None else seat_of(memo["it_ctl"], "stack memo")
        for key in MEMO_SEATS:
            if key in memo:
                memo[key] = [seat_of(x, "stack memo") for x in memo[key]]
        frame[F_MEMO] = memo
        st.stack.append(frame)
    this_turn = data.get("this_turn") or {}
    this_turn_keys = ("broken", "played_cost1", "control", "break_at_end", "discard_at_end")
    check_keys(this_turn, this_turn_keys, "this_turn")
    st.broken_turn = [ref(x, "this_turn.broken") for x in this_turn.get("broken", [])]
    st.played1 = [0] * n
    for key, factions in (this_turn.get("played_cost1") or {}).items():
        for f in factions:
            if f not in FACTIONS:
                where, known = "this_turn.played_cost1", ", ".join(FACTIONS)
                raise PositionError.msg("position_choice", where=where, got=shown(f), known=known)
            st.played1[seat_of(key, "this_turn.played_cost1")] |= 1 << FACTIONS.index(f)
    st.eot_control = [
        v
        for c, owner in this_turn.get("control", [])
        for v in (ref(c, "this_turn.control"), seat_of(owner, "this_turn.control"))
    ]
    st.eot_break = [ref(x, "this_turn.break_at_end") for x in this_turn.get("break_at_end", [])]
    st.eot_discard = [
        v
        for seat, k in this_turn.get("discard_at_end", [])
        for v in (seat_of(seat, "this_turn.discard_at_end"), int(k))
    ]
    st.triggers = [
        [
            [ref(t[0], "trigger"), seat_of(t[1], "trigger"), int(t[2])]
            + ([seat_of(t[3], "trigger player")] if len(t) > 3 else [])
            for t in s
        ]
        for s in data.get("triggers") or []
    ]
    st.new_triggers = []
    assign = dict(data.get("assign") or {})
    if "src" in assign:  # combat damage being split (rules.assign_options)
        assign["src"] = -1 if assign["src"] is None else ref(assign["src"], "assign src")
    for key in ("queue", "bt"):
        if key in assign:
            assign[key] = [ref(x, f"assign {key}") for x in assign[key]]
    if "hits" in assign:
        assign["hits"] = [
            v
            for src, target, n in assign["hits"]
            for v in (ref(src, "assign hits"), ref(target, "assign hits"), int(n))
        ]
    for key in ("discard", "recycle"):
        if key in assign:
            assign[key] = [seat_of(x, f"assign {key}") for x in assign[key]]
    for key in ("buried", "recalled"):
        if key in assign:
            assign[key] = [ref(x, f"assign {key}") for x in assign[key]]
    st.assign = assign
    st.supply = []
    st.winners = [seat_of(w, "winners") for w in data.get("winners") or []]
    st.reason = str(data.get("reason", ""))
    draft = data.get("draft") or {}
    st.draft = str(draft.get("kind", ""))
    if st.draft not in ("", "pick", "limited", "pool", "blind", "triple"):
        known = "pick, limited, pool, blind, triple"
        raise PositionError.msg("position_choice", where="draft.kind", got=st.draft, known=known)
    st.draft_round = int(draft.get("round", 0))
    st.draft_step = int(draft.get("step", 0))
    st.draft_queue = [seat_of(x, "draft.queue") for x in draft.get("queue", [])]
    mull = data.get("mulligan") or {}
    st.mull_queue = [seat_of(x, "mulligan") for x in mull.get("queue", [])]
    st.mull_chosen = [ref(x, "mulligan") for x in mull.get("chosen", [])]
    pend = data.get("pending")
    if st.phase == OVER:
        st.pending = NO_DECISION
    elif stop:
        st.pending = ("continue", continue_seat(st), stop)
    elif pend is None:
        st.pending = ("act", st.init if st.init >= 0 else st.active)
    else:
        st.pending = (str(pend.get("kind")), seat_of(pend.get("seat"), "pending seat"))
    st.rng = int(data.get("seed", 0))
    st.log = None
    st.overrides = _overrides(db, data.get("overrides"), st.card_ids)
    st.clear_caches()
    if st.phase == MULLIGAN and not st.mull_queue:
        raise PositionError.msg_in(PKG, "pos_mulligan_queue")
    _check_limits(st)
    try:
        problems = game.invariant_problems(st)
    except (IndexError, KeyError, AssertionError):  # a decision with nothing to decide on
        raise PositionError.msg_in(PKG, "pos_no_option", kind=next(iter(st.pending), "")) from None
    if problems:
        raise PositionError.msg_in(PKG, "pos_impossible", problems=joined(problems))
    if data.get("derived") is not None:
        check_derived(data["derived"], derived(game, st), DERIVED)
    return st


def _check_limits(st: EpicState) -> None:
    """The numbers a table allows: a player still in a running game has health left
    (epic.end.eliminated); turns from the first in the turns of play (epic.turn.structure)
    to the engine's cap (ruling R32)."""
    if st.phase != OVER:
        for s, health in enumerate(st.health):
            if s not in st.out:
                check_range(health, f"players.P{s + 1}.health", 1, None, "epic.end.eliminated")
    if st.phase == PLAY:
        check_range(st.turn, "turn", 1, TURN_CAP + 1, "epic.turn.structure")


def check_decks(game: EpicGame, st: EpicState) -> None:
    """At most ``MAX_COPIES`` copies of a card per owner, tokens aside (their supply is
    unlimited: epic.token.supply)."""
    db = game.dbs(st)
    tokens = {c for c in st.card_ids if db.cards[c].type == "token"}
    names = {s: f"P{s + 1}" for s in range(len(st.health))}
    check_copies(st.card_ids, MAX_COPIES, "epic.format.constructed.copies", st.owner, tokens, names)


def _read_stop(st: EpicState, value: Any) -> str:
    """The boundary of ``pending: {continue: BOUNDARY}`` (step mode), "" for another pending."""
    if not (isinstance(value, Mapping) and "continue" in value):
        return ""
    boundary = stop_boundary(value, BOUNDARIES, st.step)
    if st.phase != PLAY:
        raise PositionError.msg_in(PKG, "pos_continue_phase")
    return boundary


def _overrides(db: EpicDB, raw: Any, card_ids: list[str]) -> str:
    """The state's form of the document's what-if numbers (``overrides``, as in a setup:
    overrides.py); a PositionError names a bad one."""
    try:
        return position_key(db, raw, card_ids)
    except SetupError as exc:
        raise PositionError.wrap(exc) from None


def export(game: EpicGame, st: EpicState) -> dict[str, Any]:
    """A position document describing any state."""
    paths: dict[int, str] = {}
    players: dict[str, Any] = {}
    for s in range(len(st.health)):
        key = f"P{s + 1}"
        deck_top_first = list(reversed(st.decks[s]))
        for zone, cards in (
            ("hand", st.hands[s]),
            ("deck", deck_top_first),
            ("discard", st.discards[s]),
            ("play", st.play[s]),
            ("pack", st.packs[s]),
            ("later", st.later[s]),
            ("drafted", st.drafted[s]),
        ):
            for k, i in enumerate(cards):
                paths[i] = f"{key}.{zone}.{k}"
        players[key] = {
            "health": st.health[s],
            "gold": st.gold[s],
            "turns_taken": st.turns_taken[s],
            "hand": [st.card_ids[i] for i in st.hands[s]],
            "revealed": [k for k, i in enumerate(st.hands[s]) if st.public[i]],
            "deck": [st.card_ids[i] for i in deck_top_first],
            "discard": [st.card_ids[i] for i in st.discards[s]],
            "play": [_champion(st, i, s) for i in st.play[s]],
        }
        for zone, cards in (
            ("pack", st.packs[s]),
            ("later", st.later[s]),
            ("drafted", st.drafted[s]),
        ):
            if cards:
                players[key][zone] = [st.card_ids[i] for i in cards]
    for k, i in enumerate(st.limbo):
        paths[i] = f"limbo.{k}"

    def p(x: int) -> str:
        return f"player:P{(x & ~PLAYER) + 1}" if x & PLAYER else paths[x]

    doc: dict[str, Any] = {
        "game": "epic",
        "phase": PHASES[st.phase],
        "turn": st.turn,
        "active": f"P{st.active + 1}",
        "first": None if st.first < 0 else f"P{st.first + 1}",
        "window": st.window,
        "initiative": None if st.init < 0 else f"P{st.init + 1}",
        "passes": st.passes,
        "played": bool(st.played),
        "no_attacks": bool(st.no_attacks),
        "players": players,
    }
    if st.step:
        doc["step"] = True
    if st.mode != "duel" or len(st.health) != 2:
        doc["mode"] = st.mode
    groups: dict[int, list[int]] = {}
    for s, t in enumerate(st.team):
        groups.setdefault(t, []).append(s)
    if any(len(g) > 1 for g in groups.values()):
        ordered = sorted(groups.values(), key=min)
        doc["teams"] = [[f"P{s + 1}" for s in g] for g in ordered]
    if st.out:
        doc["out"] = [f"P{s + 1}" for s in st.out]
    if st.removed:
        doc["removed"] = [
            {"card": st.card_ids[i], "owner": f"P{st.owner[i] + 1}"}
            | ({} if st.public[i] else {"face_down": True})
            for i in st.removed
        ]
    if st.draft:
        doc["draft"] = {
            "kind": st.draft,
            "round": st.draft_round,
            "step": st.draft_step,
            "queue": [f"P{x + 1}" for x in st.draft_queue],
        }
    if st.pending and st.pending[0] == "continue":
        doc["pending"] = {"continue": st.pending[2]}
    elif st.pending:
        doc["pending"] = {"kind": st.pending[0], "seat": f"P{st.pending[1] + 1}"}
    if st.overrides:
        doc["overrides"] = decode(st.overrides)
    if st.attackers or st.blockers or st.defender >= 0:
        doc["combat"] = {
            "attackers": [p(i) for i in st.attackers],
            "blockers": [p(i) for i in st.blockers],
            "blocked": bool(st.blocked),
        }
        if st.defender >= 0:
            doc["combat"]["defender"] = f"P{st.defender + 1}"
    if st.stack or st.limbo:
        doc["stack"] = {
            "limbo": [{"card": st.card_ids[i], "owner": f"P{st.owner[i] + 1}"} for i in st.limbo],
            "frames": [
                [
                    p(f[0]),
                    f"P{f[1] + 1}",
                    f[2],
                    f[3],
                    f[4],
                    None if f[5] < 0 else f"P{f[5] + 1}",
                    [p(x) for x in f[6]],
                    _memo(f[F_MEMO], p),
                ]
                for f in st.stack
            ],
        }
    tt: dict[str, Any] = {}
    if st.broken_turn:
        tt["broken"] = [p(x) for x in st.broken_turn]
    if any(st.played1):
        tt["played_cost1"] = {
            f"P{s + 1}": [f for k, f in enumerate(FACTIONS) if bits & (1 << k)]
            for s, bits in enumerate(st.played1)
            if bits
        }
    if st.eot_control:
        pairs = st.eot_control
        tt["control"] = [[p(pairs[k]), f"P{pairs[k + 1] + 1}"] for k in range(0, len(pairs), 2)]
    if st.eot_break:
        tt["break_at_end"] = [p(x) for x in st.eot_break]
    if st.eot_discard:
        d = st.eot_discard
        tt["discard_at_end"] = [[f"P{d[k] + 1}", d[k + 1]] for k in range(0, len(d), 2)]
    if tt:
        doc["this_turn"] = tt
    if st.triggers:
        doc["triggers"] = [
            [[p(t[0]), f"P{t[1] + 1}", t[2], *(f"P{x + 1}" for x in t[3:])] for t in s]
            for s in st.triggers
        ]
    if st.assign:
        a = dict(st.assign)
        if "src" in a:
            a["src"] = None if a["src"] < 0 else p(a["src"])
        for key in ("queue", "bt"):
            if key in a:
                a[key] = [p(x) for x in a[key]]
        if "hits" in a:
            h = a["hits"]
            a["hits"] = [[p(h[k]), p(h[k + 1]), h[k + 2]] for k in range(0, len(h), 3)]
        for key in ("discard", "recycle"):
            if key in a:
                a[key] = [f"P{x + 1}" for x in a[key]]
        for key in ("buried", "recalled"):
            if key in a:
                a[key] = [p(x) for x in a[key]]
        doc["assign"] = a
    if st.phase == MULLIGAN:
        doc["mulligan"] = {
            "queue": [f"P{x + 1}" for x in st.mull_queue],
            "chosen": [p(i) for i in st.mull_chosen],
        }
    if st.phase == OVER:
        doc["winners"] = [f"P{w + 1}" for w in st.winners]
        doc["reason"] = st.reason
    custom = game.custom_cards(st)
    if custom:
        doc["cards"] = custom
    values = derived(game, st)
    if values:
        doc["derived"] = values
    return doc


# --- derived values ------------------------------------------------------------------
DERIVED = ("supply", "stand_ins", "gold", "gold_due", "playable", "stats")


def derived(game: EpicGame, st: EpicState) -> dict[str, Any]:
    """Values a scenario checks that are not written as state, computed from it:

    - ``supply``: the token cards left in the common piles (epic.setup.tokens, epic.token):
      a box holds 22 double-faced human/demon cards and 12 wolf/zombie cards
      (epic.components; ``cards.TOKEN_PILES``); each token in play takes one card of its
      pile;
    - ``stand_ins``: tokens in play beyond a pile (the supply is unlimited: a stand-in
      takes the place of the missing card, epic.token.supply); only when some are;
    - ``gold``: each player's gold available now, 1 or 0 (epic.gold.marker);
    - ``gold_due``: at a ``turn`` stop, each player's gold once start step 2 has turned
      the markers (epic.turn.start.gold, epic.multi.gold);
    - ``playable``: each player's hand cards left to right, whether that card could be
      played now by a player holding initiative (its gold, and a champion only in its
      player's main phase unless it has Ambush: epic.play.pay, epic.champion.timing);
      costs never change during a game, so the flag is what a cost would tell;
    - ``stats``: each player's champions in play, in order, as [offense, defense] now
      (constant abilities and this turn's changes counted: epic.ability.static).

    Players out of the game are left out; nothing during a draft (no game yet).
    """
    out: dict[str, Any] = {}
    if st.phase == DRAFT:
        return out
    db = game.dbs(st)
    seats = [s for s in range(len(st.health)) if s not in st.out]
    in_play: dict[str, int] = {}
    for row in st.play:
        for i in row:
            d = db.cards[st.card_ids[i]]
            if d.type == "token":
                in_play[d.id] = in_play.get(d.id, 0) + 1
    supply: dict[str, int] = {}
    stand_ins: dict[str, int] = {}
    for pile, kinds, size in TOKEN_PILES:
        used = sum(in_play.get(f"{k}_token", 0) for k in kinds)
        supply[pile] = max(0, size - used)
        if used > size:
            stand_ins[pile] = used - size
    out["supply"] = supply
    if stand_ins:
        out["stand_ins"] = stand_ins
    out["gold"] = {f"P{s + 1}": st.gold[s] for s in seats}
    if st.pending and st.pending[0] == "continue" and st.pending[2] == TURN:
        due = [
            1 if st.mode == "duel" or s == st.active else st.gold[s] for s in range(len(st.gold))
        ]
        out["gold_due"] = {f"P{s + 1}": due[s] for s in seats}
    if st.phase != PLAY:
        return out
    flags: dict[str, list[bool]] = {}
    for s in seats:
        ids = {st.card_ids[a[1]] for a in playable(db, st, s) if a[0] == "play"}
        flags[f"P{s + 1}"] = [st.card_ids[c] in ids for c in st.hands[s]]
    out["playable"] = flags
    statics = statics_in_play(db, st)
    out["stats"] = {
        f"P{s + 1}": [
            [offense(db, st, i, statics), defense(db, st, i, statics)] for i in st.play[s]
        ]
        for s in seats
    }
    return out


def _memo(memo: dict[str, Any], p: Any) -> dict[str, Any]:
    """A frame's memory with card references as paths; tokens back in the supply (never to
    come back into play) are left out."""

    def known(x: int) -> bool:
        try:
            p(x)
        except KeyError:
            return False
        return True

    out = dict(memo)
    for key in MEMO_REF:
        if key in out:
            if known(out[key]):
                out[key] = p(out[key])
            else:
                del out[key]
    for key in MEMO_REFS:
        if key in out:
            out[key] = [p(x) for x in out[key] if known(x)]
    if "it_ctl" in out:
        out["it_ctl"] = None if out["it_ctl"] < 0 else f"P{out['it_ctl'] + 1}"
    for key in MEMO_SEATS:
        if key in out:
            out[key] = [f"P{x + 1}" for x in out[key]]
    return out


def _champion(st: EpicState, i: int, s: int) -> Any:
    extra: dict[str, Any] = {}
    if st.pos[i]:
        extra["position"] = POSITIONS[st.pos[i]]
    for key, value in (
        ("damage", st.damage[i]),
        ("counters", st.counters[i]),
        ("offense", st.eot_off[i]),
        ("defense", st.eot_def[i]),
    ):
        if value:
            extra[key] = value
    if st.arriving[i]:
        extra["arriving"] = True
    if st.eot_kw[i]:
        extra["keywords"] = [k for b, k in enumerate(KEYWORDS) if st.eot_kw[i] & (1 << b)]
    if st.owner[i] != s:
        extra["owner"] = f"P{st.owner[i] + 1}"
    if not extra:
        return st.card_ids[i]
    return {"card": st.card_ids[i], **extra}
