"""Boss Battle position documents (docs/positions.md): load a situation, export any state.

Players are P1, P2, … in turn order. Cards are named by id (or by name); a card on the
battlefield may be a mapping with its tokens and marks. A card is referred to elsewhere
(attackers, frames, choices) by its place: ``P2.field.1`` (player 2's battlefield, the
first card), ``P1.hand.2``, ``P1.grave.1``, ``P1.abyss.1``, ``P1.deck.1`` (from the top),
``stack.1`` / ``resolving.1`` / ``queue.1`` (a card being cast, from the bottom).
Without ``pending`` the loaded game runs on to its first decision.

A step-mode position (``step: true``) may stand at a phase boundary: ``pending: {continue:
BOUNDARY}`` (rules.BOUNDARIES), whose phase and start step it implies. Exported positions
carry ``derived``: values computed from the rest (costs now, resources, castable cards,
units' attack, the boss's health); a loaded position that writes some of them is checked
against them (``check_derived``).
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
    flag,
    stop_boundary,
    whole,
)
from cardtable.core.problems import joined
from cardtable.core.rng import seed_state
from cardtable.games.boss.cards import parse_cards
from cardtable.games.boss.effects import (
    ALL_SEATS,
    GameOver,
    attack_of,
    available,
    defn,
    max_resources,
    tactic_cost,
)
from cardtable.games.boss.overrides import changes, check_overrides, decode, encode
from cardtable.games.boss.problems import MESSAGES, PKG
from cardtable.games.boss.rules import (
    BOSS_PER_PLAYER,
    BOUNDARIES,
    START_STOPS,
    STOP_PHASE,
    TURN_CAP,
    advance,
    legal_actions,
    play_options,
    stop_messages,
)
from cardtable.games.boss.state import (
    F_CARD,
    F_CTL,
    F_IDX,
    F_MEMO,
    F_SRC,
    F_STEP,
    OVER,
    PHASES,
    PLAYER,
    REDEAL,
    SOURCES,
    SRC_CARD,
    SRC_HUNGER,
    STACK,
    BossState,
)

if TYPE_CHECKING:
    from cardtable.games.boss.game import BossGame

_TOP = {
    "game",
    "players",
    "phase",
    "turn",
    "active",
    "first",
    "boss",
    "boss_max",
    "shield",
    "combat",
    "attackers",
    "priority",
    "passes",
    "pending",
    "stack",
    "resolving",
    "queue",
    "effects",
    "redeal_queue",
    "winners",
    "reason",
    "max_turns",
    "overrides",
    "cards",
    "step",
    "derived",
}
_SEAT = {
    "deck_name",
    "hand",
    "deck",
    "grave",
    "abyss",
    "field",
    "slots",
    "filled",
    "extra",
    "waiting",
    "redeals",
}
_PERMANENT = {
    "card",
    "owner",
    "durability",
    "energy",
    "attack",
    "eot_attack",
    "tapped",
    "exhausted",
    "fed",
}
ZONES = ("hand", "deck", "grave", "abyss", "field")
ATTR = {"hand": "hands", "deck": "decks", "grave": "graves", "abyss": "abyss", "field": "field"}
COMBAT_NAMES = {
    -4: "draw",
    -3: "untap",
    -2: "wound_done",
    -1: "wound",
    0: "none",
    1: "declared",
    2: "done",
}
"""``state.combat``: the start phase's next step (rules.start_steps), or the combat's stage."""
STOP_COMBAT = {
    **{b: COMBAT_NAMES[code] for code, b in START_STOPS.items()},
    **dict.fromkeys(("placement2", "end", "next"), "done"),
}
"""The start step (or combat stage) a stop stands at unless the position writes it."""
DERIVED = ("boss", "cost_now", "resources", "castable", "attack")
FRAME_LISTS = ("stack", "resolving", "queue")
FRAME_ATTR = {"stack": "stack", "resolving": "res", "queue": "queue"}
MEMO_CODES = ("it", "chosen", "pick", "target")
"""Frame memory keys holding one card, player or stack item."""


def _seat(value: Any, n: int, what: str) -> int:
    if isinstance(value, str) and value.upper().startswith("P") and value[1:].isdigit():
        k = int(value[1:]) - 1
        if 0 <= k < n:
            return k
    known = ", ".join(f"P{k + 1}" for k in range(n))
    raise PositionError.msg("position_choice", where=what, got=shown(value), known=known)


def _int(value: Any, what: str, low: int = 0, high: int = 10**6) -> int:
    return whole(value, what, low, high)


def _flag(value: Any, what: str) -> int:
    return int(flag(value, what))


MAX_COPIES = 2
"""A deck holds at most two copies of a card (boss.setup.deck)."""
_ZONE_FIELDS = tuple(Field(f"players.*.{zone}", "list", null=True) for zone in ZONES)
FIELDS: tuple[Field, ...] = (
    Field("players", "map", 2, 6, rule="boss.setup.opponent"),
    Field("players.*", "map", one_of=tuple(_SEAT)),
    *_ZONE_FIELDS,
    *(Field(f"players.*.{zone}.*", "card") for zone in ZONES),
    Field("players.*.slots", "int", 0, 20, rule="boss.resource.max"),
    *(Field(k, "list", null=True) for k in ("stack", "resolving", "queue", "attackers")),
    *(Field(f"{k}.*", "map") for k in ("stack", "resolving", "queue")),
    *(Field(f"{k}.*.memo", "map", null=True) for k in ("stack", "resolving", "queue")),
    Field("effects", "list", null=True),
    Field("winners", "list", null=True),
    Field("redeal_queue", "list", null=True),
    Field("overrides", "map", null=True),
    Field("cards", "list", null=True),
)
"""What each key of a position may hold beyond the numbers the loader reads with their
ranges (core.position.check_document); the limits that depend on the table (resources,
turns) are checked once it is built (``_Loader.limits``), the copies a deck allows by
``check_decks`` (position files)."""


class _Loader:
    """Builds a state from a document, keeping every card's place for references."""

    def __init__(self, game: BossGame, data: Mapping[str, Any]) -> None:
        check_document(data, "boss", FIELDS, game.db.cards, _TOP)
        check_keys(data, _TOP)
        try:
            inline = parse_cards("cards", list(data.get("cards") or []))
        except CardDataError as exc:
            raise PositionError.wrap(exc) from None
        self.game = game
        self.data = data
        self.db = game.db_with(inline, data.get("cards") or [])
        players = data.get("players")
        if not isinstance(players, Mapping) or not players:
            raise PositionError.msg_in(PKG, "pos_players_map")
        self.n = len(players)
        if not 2 <= self.n <= 6:
            raise PositionError.msg_in(PKG, "pos_players_count", n=self.n)
        self.players = players
        self.paths: dict[str, int] = {}
        st = BossState.__new__(BossState)
        st.card_ids, st.owner, st.known = [], [], []
        st.log = None
        st._legal = None
        st._sts = None
        st.overrides = ""
        st.rng = seed_state(0)  # a position carries no seed: redeals shuffle from a fixed one
        st.step = bool(_flag(data.get("step", False), "step"))
        st.pending = NO_DECISION
        self.st = st
        self.boundary = self.stop_boundary(data.get("pending"))
        self.extras: dict[int, Mapping[str, Any]] = {}

    def card(self, raw: Any, owner: int, where: str, known: int) -> int:
        extra: Mapping[str, Any] = {}
        if isinstance(raw, Mapping):
            extra = raw
            raw = raw.get("card")
        if not isinstance(raw, str):
            raise PositionError.msg_in(PKG, "pos_card_form", where=where)
        try:
            ident = self.db.card(raw).id
        except CardDataError:
            raise PositionError.msg("position_unknown_card", where=where, card=shown(raw)) from None
        st = self.st
        st.card_ids.append(ident)
        st.owner.append(owner)
        if "known" in extra:
            known = self.known_mask(extra["known"], where)
        st.known.append(known)
        i = len(st.card_ids) - 1
        if extra:
            self.extras[i] = extra
        return i

    def stop_boundary(self, raw: Any) -> str | None:
        """The boundary of ``pending: {continue: BOUNDARY}`` (step mode), else None."""
        if not isinstance(raw, Mapping):
            return None
        if set(raw) != {"continue"}:
            raise PositionError.msg_in(PKG, "pos_pending_stop", got=", ".join(map(str, raw)))
        return stop_boundary(raw, BOUNDARIES, self.st.step)

    def known_mask(self, value: Any, where: str) -> int:
        if value == "all":
            return ALL_SEATS
        if not isinstance(value, list):
            raise PositionError.msg_in(PKG, "pos_known", where=where)
        mask = 0
        for p in value:
            mask |= 1 << _seat(p, self.n, f"{where}.known")
        return mask

    def build(self) -> BossState:
        st, n = self.st, self.n
        names = [f"P{k + 1}" for k in range(n)]
        if sorted(self.players, key=str) != sorted(names):
            raise PositionError.msg_in(PKG, "pos_players_names", names=", ".join(names))
        for name in ZONES:
            setattr(st, ATTR[name], [[] for _ in range(n)])
        st.labels = []
        for s, name in enumerate(names):
            p = self.players[name]
            if not isinstance(p, Mapping):
                raise PositionError.msg_in(PKG, "pos_player_map", name=name)
            check_keys(p, _SEAT, f"players.{name}")
            st.labels.append(str(p.get("deck_name", "constructed")))
            for zone in ZONES:
                entries = p.get(zone) or []
                if not isinstance(entries, list):
                    raise PositionError.msg_in(PKG, "pos_zone_list", where=f"players.{name}.{zone}")
                default = {"hand": 1 << s, "deck": 0}.get(zone, ALL_SEATS)
                if zone == "deck":
                    entries = list(reversed(entries))  # written from the top
                for k, raw in enumerate(entries):
                    where = f"{name}.{zone}.{k + 1 if zone != 'deck' else len(entries) - k}"
                    if zone != "field" and isinstance(raw, Mapping):
                        check_keys(raw, ("card", "known"), where)
                    i = self.card(raw, s, where, default)
                    getattr(st, ATTR[zone])[s].append(i)
                    self.paths[where] = i
        self.frames_cards()
        m = len(st.card_ids)
        for attr in (
            "ctl",
            "dur",
            "energy",
            "atk",
            "eot_atk",
            "tapped",
            "exhausted",
            "fed",
            "since",
        ):
            setattr(st, attr, [0] * m)
        st.ctl = [-1] * m
        st.stamp = 0
        for s in range(n):
            for k, i in enumerate(st.field[s]):
                self.permanent(i, s, f"P{s + 1}.field.{k + 1}")
        for s, name in enumerate(names):
            p = self.players[name]
            st_slots = _int(p.get("slots", 0), f"{name}.slots", 0, 20)
            self.seat_numbers(s, name, p, st_slots)
        self.scalars()
        self.frames()
        self.overrides()
        return self.finish()

    def permanent(self, i: int, s: int, where: str) -> None:
        st = self.st
        d = self.db.cards[st.card_ids[i]]
        if not d.is_permanent:
            kind = MESSAGES.message(f"ct_type_{d.type}")
            raise PositionError.msg_in(PKG, "pos_not_permanent", where=where, kind=kind)
        extra = self.extras.get(i, {})
        check_keys(extra, _PERMANENT, where)
        if "owner" in extra:
            st.owner[i] = _seat(extra["owner"], self.n, f"{where}.owner")
        st.ctl[i] = s
        st.known[i] = ALL_SEATS
        st.stamp += 1
        st.since[i] = st.stamp
        if d.is_unit:
            st.dur[i] = _int(extra.get("durability", d.durability), f"{where}.durability", -20, 40)
            st.fed[i] = _flag(extra.get("fed", False), f"{where}.fed")
        elif "durability" in extra or "fed" in extra:
            raise PositionError.msg_in(PKG, "pos_durability", where=where)
        st.energy[i] = _int(extra.get("energy", 0), f"{where}.energy", 0, 99)
        st.atk[i] = _int(extra.get("attack", 0), f"{where}.attack", -20, 40)
        st.eot_atk[i] = _int(extra.get("eot_attack", 0), f"{where}.eot_attack", -20, 40)
        st.tapped[i] = _flag(extra.get("tapped", False), f"{where}.tapped")
        st.exhausted[i] = _flag(extra.get("exhausted", False), f"{where}.exhausted")

    def seat_numbers(self, s: int, name: str, p: Mapping[str, Any], slots: int) -> None:
        st = self.st
        if s == 0:
            st.slots, st.filled, st.temp, st.waiting, st.redeals = [], [], [], [], []
        st.slots.append(slots)
        st.filled.append(_int(p.get("filled", slots), f"{name}.filled", 0, slots))
        st.temp.append(_int(p.get("extra", 0), f"{name}.extra", 0, 20))
        st.waiting.append(_flag(p.get("waiting", False), f"{name}.waiting"))
        st.redeals.append(_int(p.get("redeals", 0), f"{name}.redeals", 0, 20))
        if len(st.hands[s]) > 9:
            raise PositionError.msg_in(PKG, "pos_hand_size", name=name, n=len(st.hands[s]))

    def scalars(self) -> None:
        data, st, n = self.data, self.st, self.n
        stop = self.boundary
        phase = data.get("phase", "placement1" if stop is None else PHASES[STOP_PHASE[stop]])
        if phase not in PHASES:
            known = ", ".join(PHASES)
            raise PositionError.msg("position_choice", where="phase", got=shown(phase), known=known)
        if stop is not None and phase != PHASES[STOP_PHASE[stop]]:
            want = PHASES[STOP_PHASE[stop]]
            raise PositionError.msg_in(PKG, "pos_stop_phase", stop=stop, phase=want, got=phase)
        st.phase = PHASES.index(phase)
        st.turn = _int(data.get("turn", 1), "turn", 0, 10_000)
        st.active = _seat(data.get("active", "P1"), n, "active")
        st.first = _seat(data.get("first", "P1"), n, "first")
        st.boss_max = _int(data.get("boss_max", BOSS_PER_PLAYER * n), "boss_max", 1, 10_000)
        st.boss = _int(data.get("boss", st.boss_max), "boss", -100, st.boss_max)
        if st.boss <= 0 and st.phase != OVER:
            raise PositionError.msg_in(PKG, "pos_boss_health")
        st.shield = _int(data.get("shield", 0), "shield", 0, 99)
        combat = data.get("combat", STOP_COMBAT.get(stop or "", "none"))
        names = {v: k for k, v in COMBAT_NAMES.items()}
        if combat not in names:
            known = ", ".join(names)
            raise PositionError.msg(
                "position_choice", where="combat", got=shown(combat), known=known
            )
        if stop is not None and stop in START_STOPS.values() and combat != STOP_COMBAT[stop]:
            want = STOP_COMBAT[stop]
            raise PositionError.msg_in(PKG, "pos_stop_combat", stop=stop, combat=want, got=combat)
        st.combat = names[combat]
        st.prio = -1 if data.get("priority") is None else _seat(data["priority"], n, "priority")
        if st.phase in (1, 2, 3, 4, 5) and st.prio < 0 and st.combat >= 0:
            st.prio = st.active
        st.passes = _int(data.get("passes", 0), "passes", 0, n)
        st.reason = str(data.get("reason", ""))
        st.winners = [_seat(w, n, "winners") for w in data.get("winners") or []]
        st.max_turns = _int(data.get("max_turns", 0), "max_turns", 0, 10_000)
        st.redeal_queue = [_seat(w, n, "redeal_queue") for w in data.get("redeal_queue") or []]
        st.effects = []
        for k, e in enumerate(data.get("effects") or []):
            if not (isinstance(e, list) and len(e) == 4):
                raise PositionError.msg_in(PKG, "pos_effect_form", where=f"effects.{k + 1}")
            what, who, until, by = e
            if until not in ("eot", "next_turn"):
                raise PositionError.msg_in(PKG, "pos_effect_until", where=f"effects.{k + 1}")
            st.effects.append([str(what), _seat(who, n, "effects"), until, _seat(by, n, "effects")])

    def frames_cards(self) -> None:
        """Cards being cast sit in the frames that cast them."""
        self.frame_data: dict[str, list[Mapping[str, Any]]] = {}
        for key in FRAME_LISTS:
            raw = self.data.get(key) or []
            if not isinstance(raw, list):
                raise PositionError.msg_in(PKG, "pos_frames_list", where=key)
            self.frame_data[key] = raw
            for k, f in enumerate(raw):
                where = f"{key}.{k + 1}"
                if not isinstance(f, Mapping):
                    raise PositionError.msg_in(PKG, "pos_frame_map", where=where)
                if f.get("source", "card") == "card":
                    owner = _seat(f.get("owner", f.get("controller", "P1")), self.n, where)
                    self.paths[where] = self.card(f.get("card"), owner, where, ALL_SEATS)

    def code(self, value: Any, where: str) -> int:
        """A card path, a player or a stack item."""
        if isinstance(value, str):
            if value in self.paths:
                return self.paths[value]
            if value.startswith("stack:") and value[6:].isdigit():
                return STACK + int(value[6:]) - 1
            if value.upper().startswith("P") and value[1:].isdigit():
                return PLAYER + _seat(value, self.n, where)
        raise PositionError.msg_in(PKG, "pos_unknown_place", where=where, got=shown(value))

    def frames(self) -> None:
        st = self.st
        for key in FRAME_LISTS:
            out = []
            for k, f in enumerate(self.frame_data[key]):
                where = f"{key}.{k + 1}"
                source = f.get("source", "card")
                if source not in SOURCES:
                    known = ", ".join(SOURCES)
                    raise PositionError.msg(
                        "position_choice", where=f"{where}.source", got=shown(source), known=known
                    )
                src = SOURCES.index(source)
                ctl = _seat(f.get("controller", "P1"), self.n, where)
                if src == SRC_CARD:
                    card = self.paths[where]
                elif src == SRC_HUNGER:
                    card = -1
                else:
                    card = self.code(f.get("card"), f"{where}.card")
                memo: dict[str, Any] = {}
                for name, value in (f.get("memo") or {}).items():
                    if name in MEMO_CODES:
                        memo[name] = self.code(value, f"{where}.memo.{name}")
                    elif name == "objs":
                        memo[name] = [self.code(v, f"{where}.memo.objs") for v in value]
                    elif name == "move":
                        memo[name] = [value[0], self.code(value[1], f"{where}.memo.move")]
                    else:
                        memo[name] = value
                out.append(
                    [
                        card,
                        ctl,
                        src,
                        _int(f.get("index", 0), f"{where}.index", 0, 20),
                        _int(f.get("step", 0), f"{where}.step", 0, 50),
                        memo,
                    ]
                )
            setattr(st, FRAME_ATTR[key], out)
        st.attackers = [self.code(a, "attackers") for a in self.data.get("attackers") or []]

    def overrides(self) -> None:
        st = self.st
        try:
            wanted = check_overrides(self.db, self.data.get("overrides"))
        except SetupError as exc:
            raise PositionError.wrap(exc) from None
        if wanted:
            st.overrides = encode(changes(self.db, wanted))

    def limits(self) -> None:
        """The numbers a table allows: resources at most nine unless a card says otherwise
        (boss.resource.max); turns up to the cap (engine.turn_limit)."""
        st, db = self.st, self.game.dbs(self.st)
        for s in range(self.n):
            top = max_resources(db, st, s)
            name = f"players.P{s + 1}"
            check_range(st.slots[s], f"{name}.slots", 0, top, "boss.resource.max")
            held = st.filled[s] + st.temp[s]
            check_range(held, f"{name}.filled + extra", 0, top, "boss.resource.max")
        cap = (st.max_turns or TURN_CAP) + (st.phase == OVER)
        check_range(st.turn, "turn", 0, min(cap, COUNTER_MAX), "engine.turn_limit")

    def finish(self) -> BossState:
        st = self.st
        self.limits()
        self.pending()
        if self.data.get("derived") is not None:
            check_derived(self.data["derived"], derived(self.game, st), DERIVED)
        return st

    def pending(self) -> None:
        st = self.st
        raw = self.data.get("pending")
        db = self.game.dbs(st)
        if st.phase == OVER:
            st.pending = NO_DECISION
            return
        if self.boundary is not None:
            st.pending = ("continue", self.boundary)
            problems = stop_messages(st)
            if problems:
                raise PositionError.msg_in(PKG, "pos_stop_problems", problems=joined(problems))
            return
        if raw is None:
            if st.phase == REDEAL:
                raise PositionError.msg("position_needs_pending", phase="redeal")
            st.pending = NO_DECISION
            try:
                advance(db, st)
            except GameOver:
                st.pending = NO_DECISION
            return
        if not isinstance(raw, list) or len(raw) < 2:
            raise PositionError.msg_in(PKG, "pos_pending_form")
        pending: list[Any] = [str(raw[0]), _seat(raw[1], self.n, "pending")]
        if len(raw) > 2:
            pending.append(self.code(raw[2], "pending"))
        st.pending = tuple(pending)
        try:
            options = legal_actions(db, st)
        except (IndexError, KeyError, AssertionError):
            options = []
        st._legal = None
        if not options:
            got = " ".join(str(x) for x in raw)
            raise PositionError.msg_in(PKG, "pos_no_option", got=got)


def check_decks(game: BossGame, st: BossState) -> None:
    """At most two copies of a card per owner (boss.setup.deck)."""
    names = {s: f"P{s + 1}" for s in range(st.nseats())}
    check_copies(st.card_ids, MAX_COPIES, "boss.setup.deck", st.owner, names=names)


def load(game: BossGame, data: Mapping[str, Any]) -> BossState:
    """A state from a position document; a clear PositionError for anything wrong."""
    return _Loader(game, data).build()


# --- export ------------------------------------------------------------------------------
def _paths(st: BossState) -> dict[int, str]:
    out: dict[int, str] = {}
    for s in range(st.nseats()):
        for zone in ZONES:
            cards = getattr(st, ATTR[zone])[s]
            if zone == "deck":
                for k, c in enumerate(reversed(cards)):
                    out[c] = f"P{s + 1}.deck.{k + 1}"
            else:
                for k, c in enumerate(cards):
                    out[c] = f"P{s + 1}.{zone}.{k + 1}"
    for key in FRAME_LISTS:
        for k, f in enumerate(getattr(st, FRAME_ATTR[key])):
            if f[F_SRC] == SRC_CARD:
                out[f[F_CARD]] = f"{key}.{k + 1}"
    return out


def _code_text(st: BossState, paths: dict[int, str], x: int) -> str:
    if x >= STACK:
        return f"stack:{x - STACK + 1}"
    if x >= PLAYER:
        return f"P{x - PLAYER + 1}"
    return paths[x]


def export(game: BossGame, st: BossState) -> dict[str, Any]:
    """A position document describing the state exactly."""
    db = game.dbs(st)
    n = st.nseats()
    paths = _paths(st)
    pn = [f"P{s + 1}" for s in range(n)]

    def who(mask: int) -> Any:
        if mask == ALL_SEATS:
            return "all"
        return [pn[s] for s in range(n) if mask & (1 << s)]

    def card(c: int, default: int) -> Any:
        if st.known[c] == default:
            return st.card_ids[c]
        return {"card": st.card_ids[c], "known": who(st.known[c])}

    players: dict[str, Any] = {}
    for s in range(n):
        field = []
        for i in st.field[s]:
            d = db.cards[st.card_ids[i]]
            entry: dict[str, Any] = {"card": st.card_ids[i]}
            if st.owner[i] != s:
                entry["owner"] = pn[st.owner[i]]
            if d.is_unit:
                if st.dur[i] != d.durability:
                    entry["durability"] = st.dur[i]
                if st.fed[i]:
                    entry["fed"] = True
            for key, attr in (("energy", "energy"), ("attack", "atk"), ("eot_attack", "eot_atk")):
                if getattr(st, attr)[i]:
                    entry[key] = getattr(st, attr)[i]
            if st.tapped[i]:
                entry["tapped"] = True
            if st.exhausted[i]:
                entry["exhausted"] = True
            field.append(entry["card"] if len(entry) == 1 else entry)
        p: dict[str, Any] = {
            "deck_name": st.labels[s],
            "hand": [card(c, 1 << s) for c in st.hands[s]],
            "deck": [card(c, 0) for c in reversed(st.decks[s])],
            "grave": [card(c, ALL_SEATS) for c in st.graves[s]],
            "abyss": [card(c, ALL_SEATS) for c in st.abyss[s]],
            "field": field,
            "slots": st.slots[s],
            "filled": st.filled[s],
        }
        if st.temp[s]:
            p["extra"] = st.temp[s]
        if st.waiting[s]:
            p["waiting"] = True
        if st.redeals[s]:
            p["redeals"] = st.redeals[s]
        players[pn[s]] = p
    doc: dict[str, Any] = {"game": "boss"}
    if st.step:
        doc["step"] = True
    doc |= {
        "phase": PHASES[st.phase],
        "turn": st.turn,
        "active": pn[st.active],
        "first": pn[st.first],
        "boss": st.boss,
        "boss_max": st.boss_max,
        "players": players,
    }
    if st.shield:
        doc["shield"] = st.shield
    if st.combat:
        doc["combat"] = COMBAT_NAMES[st.combat]
    if st.attackers:
        doc["attackers"] = [paths[a] for a in st.attackers]
    doc["priority"] = pn[st.prio] if st.prio >= 0 else None
    if st.passes:
        doc["passes"] = st.passes
    for key in FRAME_LISTS:
        frames = getattr(st, FRAME_ATTR[key])
        if frames:
            doc[key] = [_frame_doc(st, paths, f, key, k) for k, f in enumerate(frames)]
    if st.effects:
        doc["effects"] = [[e[0], pn[e[1]], e[2], pn[e[3]]] for e in st.effects]
    if st.redeal_queue:
        doc["redeal_queue"] = [pn[s] for s in st.redeal_queue]
    if st.max_turns:
        doc["max_turns"] = st.max_turns
    if st.overrides:
        doc["overrides"] = decode(st.overrides)
    if st.phase == OVER:
        doc["winners"] = [pn[w] for w in st.winners]
        doc["reason"] = st.reason
    elif st.pending and st.pending[0] == "continue":
        doc["pending"] = {"continue": st.pending[1]}
    elif st.pending:
        pending: list[Any] = [st.pending[0], pn[st.pending[1]]]
        if len(st.pending) > 2:
            pending.append(paths[st.pending[2]])
        doc["pending"] = pending
    custom = game.custom_cards(st)
    if custom:
        doc["cards"] = custom
    doc["derived"] = derived(game, st)
    return doc


# --- derived values ----------------------------------------------------------------------
def derived(game: BossGame, st: BossState) -> dict[str, Any]:
    """Values a scenario checks that are not written as state, computed from it:

    - ``boss``: the boss's health now (boss.win.health);
    - ``cost_now``: each player's hand cards' costs now, in hand order, constant effects on
      tactics' costs counted (boss.golden.statics);
    - ``resources``: each player's resources to spend now: filled slots and this turn's
      extra resources (boss.resource.pay);
    - ``castable``: the cards each player could cast if they held priority now, copies
      once, in hand order (boss.stack.timing.*); not while redealing or once over;
    - ``attack``: every unit's attack now by its place (``P1.field.2``): printed, changes,
      Голод, constant effects (boss.type.unit).
    """
    db = game.dbs(st)
    n = st.nseats()
    pn = [f"P{s + 1}" for s in range(n)]
    out: dict[str, Any] = {"boss": st.boss}
    out["cost_now"] = {
        pn[s]: [tactic_cost(db, st, s, defn(db, st, c)) for c in st.hands[s]] for s in range(n)
    }
    out["resources"] = {pn[s]: available(st, s) for s in range(n)}
    if st.phase not in (REDEAL, OVER):
        out["castable"] = {
            pn[s]: [st.card_ids[a[1]] for a in play_options(db, st, s)] for s in range(n)
        }
    out["attack"] = {
        f"{pn[s]}.field.{k + 1}": attack_of(db, st, i)
        for s in range(n)
        for k, i in enumerate(st.field[s])
        if defn(db, st, i).is_unit
    }
    return out


def _frame_doc(
    st: BossState, paths: dict[int, str], f: list[Any], key: str, k: int
) -> dict[str, Any]:
    src = f[F_SRC]
    out: dict[str, Any] = {"source": SOURCES[src], "controller": f"P{f[F_CTL] + 1}"}
    if src == SRC_CARD:
        out["card"] = st.card_ids[f[F_CARD]]
        out["owner"] = f"P{st.owner[f[F_CARD]] + 1}"
    elif src != SRC_HUNGER:
        out["card"] = paths[f[F_CARD]]
    if f[F_IDX]:
        out["index"] = f[F_IDX]
    if f[F_STEP]:
        out["step"] = f[F_STEP]
    memo: dict[str, Any] = {}
    for name, value in f[F_MEMO].items():
        if name in MEMO_CODES:
            memo[name] = _code_text(st, paths, value)
        elif name == "objs":
            memo[name] = [_code_text(st, paths, v) for v in value]
        elif name == "move":
            memo[name] = [value[0], _code_text(st, paths, value[1])]
        else:
            memo[name] = value
    if memo:
        out["memo"] = memo
    return out
