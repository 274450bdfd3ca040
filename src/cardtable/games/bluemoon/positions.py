"""Blue Moon position documents (docs/positions.md): load a situation, export any state.

Players are P1 and P2. Cards are named by id; a card in an area may be a mapping with
``active``, ``turn`` (the fight turn it was played in) and ``aim`` (for a "one of my …"
card: the path, e.g. ``P1.combat.0``, of the card it applies to). Decks are written from
the top. ``used`` lists the cards whose "on my turn" power was used this turn; ``shed`` the
cards discarded toward the opponent's demands, each as ``[card, demanding card]`` paths;
``tried`` the combinations taken back this turn (rule 11), each a list of paths;
``undo_point`` where rule 11 returns to (``element``, ``stopped``, the ``active`` combat
cards, the ``aims`` as ``[card, card or null]`` pairs); without it, in the main decision,
the table as it stands (the cards played this turn left out).
``overrides`` (``{card: {field: number}}``, as in a setup: overrides.py) gives the game's
what-if card numbers; an exported position lists the ones its game has.

A step-mode position (``step: true``) may stand at a phase boundary: ``pending: {continue:
fight|turn|leadership|main|after|announce|refill|end|next}`` (rules.BOUNDARIES). Exported
positions carry ``derived``: values computed from the rest (totals, the total needed, the
cards playable now, unmet demands, hand room, the refill's draws); a loaded position that
writes some of them is checked against them (``check_derived``).
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
    check_range,
    stop_boundary,
)
from cardtable.core.problems import joined
from cardtable.games.bluemoon.cards import PEOPLES, parse_cards
from cardtable.games.bluemoon.overrides import changes, check_overrides, decode, encode
from cardtable.games.bluemoon.powers import ELEMENTS, draw_cap, shielded, total, unmet_sources
from cardtable.games.bluemoon.problems import PKG
from cardtable.games.bluemoon.rules import (
    B_AFTER,
    B_FIGHT,
    B_REFILL,
    BOUNDARIES,
    HAND,
    P_DRAWN,
    P_STAGE,
    STAGE_AFTER,
    STAGE_END,
    STAGE_LEAD,
    STAGE_MAIN,
    STAGE_OPEN,
    lead_options,
    main_options,
    settle_aims,
)
from cardtable.games.bluemoon.state import FIGHT, OVER, BlueMoonState
from cardtable.games.bluemoon.tasks import MODES, hand_room

if TYPE_CHECKING:
    from cardtable.games.bluemoon.game import BlueMoonGame

PHASES = ("setup", "fight", "over")
_TOP = {
    "game",
    "phase",
    "game_no",
    "fight",
    "element",
    "starter",
    "active",
    "first",
    "fight_turn",
    "players",
    "cards",
    "pending",
    "plays",
    "stopped",
    "irreversible",
    "leadership_now",
    "out_first",
    "match_to",
    "reshuffle",
    "setup_queue",
    "winners",
    "reason",
    "seed",
    "tasks",
    "shed",
    "swap",
    "freed",
    "overrides",
    "used",
    "tried",
    "undo_point",
    "step",
    "derived",
}
_PLAYER = {
    "people",
    "hand",
    "revealed",
    "deck",
    "discard",
    "leadership",
    "combat",
    "support",
    "dragons",
    "crystals",
    "turns",
    "back",
}
ZONES = ("hand", "deck", "discard", "leadership", "combat", "support")
ATTR = {
    "hand": "hands",
    "deck": "decks",
    "discard": "discards",
    "leadership": "leaders",
    "combat": "combat",
    "support": "support",
}
MAX_FIGHT = 61
"""Every fight takes at least one card of the 60 (bluemoon.deck.size): won with a card
played, declined with one to three discarded."""
FIELDS: tuple[Field, ...] = (
    Field("phase", "str", one_of=PHASES),
    Field("game_no", "int", 0, COUNTER_MAX, rule="bluemoon.match"),
    Field("fight", "int", 0, MAX_FIGHT, rule="bluemoon.fight.start"),
    Field("fight_turn", "int", 0, MAX_FIGHT, rule="bluemoon.turn.character"),
    Field("element", "str", null=True, one_of=ELEMENTS),
    *(Field(k, "str") for k in ("starter", "active", "first")),
    Field("players", "map", null=True),
    Field("players.*", "map", null=True, one_of=tuple(_PLAYER)),
    Field("players.*.people", "str"),
    *(Field(f"players.*.{zone}", "list", null=True) for zone in ZONES),
    *(Field(f"players.*.{zone}.*", "card") for zone in ZONES),
    *(Field(f"players.*.{zone}.*.turn", "int", 0, MAX_FIGHT) for zone in ("combat", "support")),
    *(Field(f"players.*.{zone}.*.active", "bool") for zone in ("combat", "support")),
    *(Field(f"players.*.{zone}.*.aim", "str", null=True) for zone in ("combat", "support")),
    Field("players.*.dragons", "int", 0, 3, rule="bluemoon.setup.dragons"),
    Field("players.*.crystals", "int", 0, 23, rule="bluemoon.end.crystals"),
    Field("players.*.turns", "int", 0, MAX_FIGHT),
    Field("players.*.revealed", "ints", 0, 29),
    Field("players.*.back", "ints", 0, 29),
    Field("cards", "list", null=True),
    Field("pending", "map", null=True),
    Field("plays", "ints", 0, COUNTER_MAX, null=True),
    Field("plays", "list", 7, 7, null=True),
    *(Field(k, "bool") for k in ("stopped", "irreversible", "reshuffle", "swap")),
    *(Field(k, "str", null=True) for k in ("leadership_now", "out_first")),
    Field("match_to", "int", 0, 20, rule="bluemoon.match"),
    *(Field(k, "list", null=True) for k in ("setup_queue", "winners", "tasks", "shed")),
    *(Field(k, "list", null=True) for k in ("freed", "used", "tried")),
    Field("tasks.*", "list", 5, 5),
    Field("tasks.*.3", "int", 0, COUNTER_MAX),
    Field("tasks.*.4", "int", 0, COUNTER_MAX),
    Field("tried.*", "list"),
    Field("seed", "int"),
    Field("overrides", "map", null=True),
    Field("undo_point", "map", null=True),
    Field("undo_point.active", "list", null=True),
    Field("undo_point.aims", "list", null=True),
    Field("undo_point.aims.*", "list", 2, 2),
)
"""What each key of a position may hold (core.position.check_document); the limits that
depend on the table (fights, crystals in a match) are checked once it is built
(``_check_limits``), the copies a deck allows by ``check_decks`` (position files)."""


def _refused(key: str, /, **params: Any) -> PositionError:
    """A position refused with the Blue Moon catalog message ``key``."""
    return PositionError.msg_in(PKG, key, **params)


def _listed(items: Any) -> str:
    """Keys as a message lists them: "a, b, c"."""
    return ", ".join(sorted(items))


def _seat(value: Any, what: str) -> int:
    if isinstance(value, str) and value.upper() in ("P1", "P2"):
        return int(value[1]) - 1
    raise _refused("pos_seat", where=what, got=shown(value))


def load(game: BlueMoonGame, data: Mapping[str, Any]) -> BlueMoonState:
    """A state from a position document; a clear PositionError for anything wrong."""
    check_document(data, "bluemoon", FIELDS, game.db.cards, _TOP)
    bad = set(data) - _TOP
    if bad:
        raise PositionError.msg("position_unknown_keys", keys=_listed(bad), known=_listed(_TOP))
    try:
        inline = parse_cards("cards", list(data.get("cards") or []))
    except CardDataError as exc:
        raise PositionError.wrap(exc) from None
    db = game.db_with(inline, data.get("cards") or [])
    try:
        wanted = check_overrides(db, data.get("overrides"), prefix="overrides")
    except SetupError as exc:
        raise PositionError.wrap(exc) from None
    st = BlueMoonState.__new__(BlueMoonState)
    st._seen = None
    st._totals = None
    st.overrides = ""
    st.card_ids, st.owner = [], []
    extras: dict[int, Mapping[str, Any]] = {}
    paths: dict[str, int] = {}

    def new(ident: Any, owner: int, where: str) -> int:
        if not isinstance(ident, str) or ident not in db.cards:
            raise PositionError.msg("position_unknown_card", where=where, card=shown(ident))
        if db.cards[ident].type == "leader":
            raise _refused("pos_leader_card", where=where, card=ident)
        st.card_ids.append(ident)
        st.owner.append(owner)
        return len(st.card_ids) - 1

    players = data.get("players") or {}
    for name in (*ZONES,):
        setattr(st, ATTR[name], [[], []])
    st.boxes = ["", ""]
    st.dragons = [0, 0]
    st.crystals = [0, 0]
    st.turns_in_fight = [0, 0]
    public: set[int] = set()
    for s in (0, 1):
        key = f"P{s + 1}"
        p = players.get(key) or {}
        unknown = set(p) - _PLAYER
        if unknown:
            raise PositionError.msg(
                "position_unknown_keys_at",
                where=f"players.{key}",
                keys=_listed(unknown),
                known=_listed(_PLAYER),
            )
        people = str(p.get("people", "hoax" if s == 0 else "vulca"))
        if people not in PEOPLES:
            raise PositionError.msg(
                "position_choice",
                where=f"players.{key}.people",
                got=shown(people),
                known=", ".join(PEOPLES),
            )
        st.boxes[s] = people
        st.dragons[s] = int(p.get("dragons", 0))
        st.crystals[s] = int(p.get("crystals", 0))
        st.turns_in_fight[s] = int(p.get("turns", 0))
        for zone in ZONES:
            for k, entry in enumerate(p.get(zone) or []):
                extra: Mapping[str, Any] = {}
                if isinstance(entry, Mapping):
                    extra = entry
                    entry = entry.get("card")
                i = new(entry, s, f"players.{key}.{zone} #{k + 1}")
                getattr(st, ATTR[zone])[s].append(i)
                extras[i] = extra
                paths[f"{key}.{zone}.{k}"] = i
        st.decks[s].reverse()  # written from the top; stored with the top last
        for k in p.get("revealed") or []:
            public.add(st.hands[s][int(k)])
    m = len(st.card_ids)
    st.act = [0] * m
    st.played_on = [0] * m
    st.public = [0] * m
    st.aim = [-1] * m
    for i, e in extras.items():
        st.played_on[i] = int(e.get("turn", 0))
        zone_area = any(i in row for row in st.combat)
        if zone_area:
            st.act[i] = int(bool(e.get("active", True)))
        if e.get("aim") is not None:
            st.aim[i] = _path(paths, e["aim"], "aim")
    for s in (0, 1):
        for zone in ("discard", "leadership", "combat", "support"):
            for i in getattr(st, ATTR[zone])[s]:
                st.public[i] = 1
    for i in public:
        st.public[i] = 1
    for s in (0, 1):
        for k in (players.get(f"P{s + 1}") or {}).get("back") or []:
            st.act[st.hands[s][int(k)]] = 1
    if (st.dragons[0] and st.dragons[1]) or sum(st.dragons) > 3:
        raise _refused("pos_dragons")
    st.phase = PHASES.index(str(data.get("phase", "fight")))
    st.game_no = int(data.get("game_no", 1))
    st.fight = int(data.get("fight", 1))
    element = data.get("element")
    if element is not None and element not in ELEMENTS:
        raise _refused("pos_element", where="element", got=shown(element))
    st.element = -1 if element is None else ELEMENTS.index(element)
    st.starter = _seat(data.get("starter", "P1"), "starter")
    st.active = _seat(data.get("active", "P1"), "active")
    st.first = _seat(data.get("first", "P1"), "first")
    st.fturn = int(data.get("fight_turn", 1))
    plays = list(data.get("plays") or [0, 0, 0, 0, 0, 0, 0])
    if len(plays) != 7:
        raise _refused("pos_plays")
    st.plays = [int(x) for x in plays]
    st.stopped = int(bool(data.get("stopped", False)))
    st.irrev = int(bool(data.get("irreversible", False)))
    lead = data.get("leadership_now")
    if lead is not None and lead not in paths:
        raise _refused("pos_no_card_at", where="leadership_now", place=shown(lead))
    st.lead_now = -1 if lead is None else paths[lead]
    out = data.get("out_first")
    st.out_first = -1 if out is None else _seat(out, "out_first")
    st.target = int(data.get("match_to", 0))
    st.pick = [int(bool(data.get("reshuffle", False))), int(bool(data.get("swap", False)))]
    st.setup_queue = [_seat(x, "setup_queue") for x in data.get("setup_queue") or []]
    st.winners = [_seat(x, "winners") for x in data.get("winners") or []]
    st.reason = str(data.get("reason", ""))
    st.shed = []
    for x in data.get("shed") or []:
        if not isinstance(x, list | tuple) or len(x) != 2:
            raise _refused("pos_shed", got=shown(x))
        st.shed += [_path(paths, x[0], "shed"), _path(paths, x[1], "shed")]
    st.freed = [_path(paths, x, "freed") for x in data.get("freed") or []]
    st.used = [_path(paths, x, "used") for x in data.get("used") or []]
    st.tried = [
        sorted(_path(paths, x, "tried") for x in combo) for combo in data.get("tried") or []
    ]
    st.tasks = []
    for t in data.get("tasks") or []:
        mode, actor, source, n, done = t
        if mode not in MODES:
            raise _refused("pos_task_action", got=shown(mode))
        if source not in paths:
            raise _refused("pos_no_card_at", where="tasks", place=shown(source))
        st.tasks.append(
            [MODES.index(mode), _seat(actor, "tasks"), paths[source], int(n), int(done)]
        )
    st.rng = int(data.get("seed", 0))
    st.log = None
    st._legal = None
    st.step = bool(data.get("step", False))
    pend = data.get("pending")
    stop = _read_stop(st, pend, data)
    if st.phase == OVER:
        st.pending = NO_DECISION
    elif stop:
        st.pending = ("continue", st.active, stop)
    elif pend is None:
        st.pending = ("play", st.active) if st.phase == FIGHT else ("setup", st.active)
    else:
        st.pending = (str(pend["kind"]), _seat(pend["seat"], "pending seat"))
    if "plays" not in data and st.pending and st.pending[0] in ("play", "task"):
        st.plays[6] = 1  # already in the main decision
    st.back = _undo_point(st, paths, data.get("undo_point"), db)
    st.overrides = encode(changes(db, wanted, set(st.card_ids)))
    st.forget()  # nothing cached from the table while it was being laid out
    if st.phase == FIGHT and not stop:  # at a stop as in play: settled at the next decision
        settle_aims(game.dbs(st), st)
    _check_limits(st)
    problems = game.invariant_problems(st)
    if problems:
        raise PositionError.msg_in(PKG, "pos_impossible", problems=joined(problems))
    if data.get("derived") is not None:
        check_derived(data["derived"], derived(game, st), DERIVED)
    return st


# The stage of the turn (``plays``' last number) each stop stands in by default.
STOP_STAGE = {
    "fight": STAGE_LEAD,
    "turn": STAGE_LEAD,
    "leadership": STAGE_LEAD,
    "main": STAGE_OPEN,
    "after": STAGE_MAIN,
    "announce": STAGE_AFTER,
    "refill": STAGE_AFTER,
    "end": STAGE_AFTER,
    "next": STAGE_END,
}


def _read_stop(st: BlueMoonState, value: Any, data: Mapping[str, Any]) -> str:
    """The boundary of ``pending: {continue: BOUNDARY}`` (step mode), "" for another pending;
    the stage of the turn it implies when ``plays`` is left out, and the fight's first turn
    to come at a ``fight`` stop."""
    if not (isinstance(value, Mapping) and "continue" in value):
        return ""
    boundary = stop_boundary(value, BOUNDARIES, st.step)
    if st.phase != FIGHT:
        raise _refused("pos_stop_fight")
    if st.tasks:
        raise _refused("pos_stop_tasks")
    if "plays" not in data:
        st.plays[P_STAGE] = STOP_STAGE[boundary]
    if boundary == B_FIGHT:
        if "fight_turn" not in data:
            st.fturn = 0
        if "starter" not in data:
            st.starter = st.active
        if st.fturn or st.starter != st.active or any(st.combat + st.support):
            raise _refused("pos_stop_fight_start")
    return str(boundary)


def _check_limits(st: BlueMoonState) -> None:
    """The numbers a table allows: a fight under way has its number (bluemoon.fight.start);
    a game scores at most 4 crystals, so a match to N holds at most N + 3
    (bluemoon.end.crystals, bluemoon.match)."""
    if st.phase == FIGHT:
        check_range(st.fight, "fight", 1, MAX_FIGHT, "bluemoon.fight.start")
    top = max(st.target, 1) + 3
    for s in (0, 1):
        check_range(st.crystals[s], f"players.P{s + 1}.crystals", 0, top, "bluemoon.end.crystals")


def check_decks(game: BlueMoonGame, st: BlueMoonState) -> None:
    """A player's cards are one deck: each card once (bluemoon.deck.no_repeats), 30 in
    all (bluemoon.deck.size)."""
    names = {0: "P1", 1: "P2"}
    check_copies(st.card_ids, 1, "bluemoon.deck.no_repeats", st.owner, names=names)
    for s in (0, 1):
        if st.owner.count(s) > 30:
            raise PositionError.msg(
                "position_cards",
                player=names[s],
                n=st.owner.count(s),
                limit=30,
                rule="bluemoon.deck.size",
            )


def _path(paths: Mapping[str, int], x: Any, what: str) -> int:
    if not isinstance(x, str) or x not in paths:
        raise _refused("pos_path", where=what, got=shown(x))
    return paths[x]


def _undo_point(st: BlueMoonState, paths: Mapping[str, int], doc: Any, db: Any) -> list[int]:
    """``state.back`` from an ``undo_point`` mapping, or from the table as it stands."""
    s = st.active
    if doc is None:
        if st.phase != FIGHT or st.plays[6] == 0:
            return []  # the «Сдаться?» phase has not begun
        was = [i for i in st.combat[s] if st.act[i] and st.played_on[i] != st.fturn]
        element, stopped = st.element, st.stopped
        aims = [(i, st.aim[i]) for t in (0, 1) for i in st.combat[t] + st.support[t]]
    else:
        if not isinstance(doc, Mapping) or set(doc) - {"element", "stopped", "active", "aims"}:
            raise _refused("pos_undo_point")
        el = doc.get("element")
        if el is not None and el not in ELEMENTS:
            raise _refused("pos_element", where="undo_point.element", got=shown(el))
        element = -1 if el is None else ELEMENTS.index(el)
        stopped = int(bool(doc.get("stopped", False)))
        was = [_path(paths, x, "undo_point.active") for x in doc.get("active") or []]
        aims = []
        for pair in doc.get("aims") or []:
            target = -1 if pair[1] is None else _path(paths, pair[1], "undo_point.aims")
            aims.append((_path(paths, pair[0], "undo_point.aims"), target))
    out = [element, stopped, len(was), *was]
    for i, t in aims:
        if db.cards[st.card_ids[i]].aimed is not None:
            out += [i, t]
    return out


def export(game: BlueMoonGame, st: BlueMoonState) -> dict[str, Any]:
    """A position document describing any state."""
    paths: dict[int, str] = {}
    players: dict[str, Any] = {}
    for s in (0, 1):
        key = f"P{s + 1}"
        doc_p: dict[str, Any] = {
            "people": st.boxes[s],
            "dragons": st.dragons[s],
            "crystals": st.crystals[s],
            "turns": st.turns_in_fight[s],
        }
        for zone in ZONES:
            cards = getattr(st, ATTR[zone])[s]
            if zone == "deck":
                cards = list(reversed(cards))
            for k, i in enumerate(cards):
                paths[i] = f"{key}.{zone}.{k}"
            if zone in ("combat", "support"):
                doc_p[zone] = [
                    {"card": st.card_ids[i], "active": bool(st.act[i]), "turn": st.played_on[i]}
                    for i in cards
                ]
                for entry, i in zip(doc_p[zone], cards, strict=True):
                    if st.aim[i] >= 0:
                        entry["aim"] = st.aim[i]  # a card index for now: paths below
            else:
                doc_p[zone] = [st.card_ids[i] for i in cards]
        doc_p["revealed"] = [k for k, i in enumerate(st.hands[s]) if st.public[i]]
        doc_p["back"] = [k for k, i in enumerate(st.hands[s]) if st.act[i]]
        players[key] = doc_p
    doc: dict[str, Any] = {
        "game": "bluemoon",
        "phase": PHASES[st.phase],
        "game_no": st.game_no,
        "fight": st.fight,
        "element": None if st.element < 0 else ELEMENTS[st.element],
        "starter": f"P{st.starter + 1}",
        "active": f"P{st.active + 1}",
        "first": f"P{st.first + 1}",
        "fight_turn": st.fturn,
        "plays": list(st.plays),
        "stopped": bool(st.stopped),
        "irreversible": bool(st.irrev),
        "leadership_now": None if st.lead_now < 0 else paths[st.lead_now],
        "out_first": None if st.out_first < 0 else f"P{st.out_first + 1}",
        "match_to": st.target,
        "reshuffle": bool(st.pick[0]),
        "swap": bool(st.pick[1]),
        "setup_queue": [f"P{x + 1}" for x in st.setup_queue],
        "players": players,
    }
    for key in ("P1", "P2"):
        for zone in ("combat", "support"):
            for entry in players[key][zone]:
                if "aim" in entry:
                    entry["aim"] = paths[entry["aim"]]
    if st.shed:
        doc["shed"] = [
            [paths[st.shed[k]], paths[st.shed[k + 1]]] for k in range(0, len(st.shed), 2)
        ]
    if st.freed:
        doc["freed"] = [paths[c] for c in st.freed]
    if st.used:
        doc["used"] = [paths[c] for c in st.used]
    if st.tried:
        doc["tried"] = [sorted(paths[c] for c in combo) for combo in st.tried]
    if st.back:
        b = st.back
        k = b[2]
        pairs = b[3 + k :]
        doc["undo_point"] = {
            "element": None if b[0] < 0 else ELEMENTS[b[0]],
            "stopped": bool(b[1]),
            "active": [paths[c] for c in b[3 : 3 + k]],
            "aims": [
                [paths[pairs[j]], None if pairs[j + 1] < 0 else paths[pairs[j + 1]]]
                for j in range(0, len(pairs), 2)
            ],
        }
    if st.tasks:
        doc["tasks"] = [[MODES[t[0]], f"P{t[1] + 1}", paths[t[2]], t[3], t[4]] for t in st.tasks]
    if st.step:
        doc["step"] = True
    if st.pending and st.pending[0] == "continue":
        doc["pending"] = {"continue": st.pending[2]}
    elif st.pending:
        doc["pending"] = {"kind": st.pending[0], "seat": f"P{st.pending[1] + 1}"}
    if st.phase == OVER:
        doc["winners"] = [f"P{w + 1}" for w in st.winners]
        doc["reason"] = st.reason
    custom = game.custom_cards(st)
    if custom:
        doc["cards"] = custom
    if st.overrides:
        doc["overrides"] = decode(st.overrides)
    values = derived(game, st)
    if values:
        doc["derived"] = values
    return doc


# --- derived values ------------------------------------------------------------------
DERIVED = ("total", "needed", "playable", "unmet", "hand_room", "refill")


def derived(game: BlueMoonGame, st: BlueMoonState) -> dict[str, Any]:
    """Values a scenario checks that are not written as state, computed from it (in a
    fight only):

    - ``total``: each player's total now in the fight's element, once it is named (what the
      active player announces at the ``announce`` stop: bluemoon.turn.announce);
    - ``needed``: the total the active player must reach, the opponent's, or 0 under an
      active shield of the element (bluemoon.turn.announce.at_least, bluemoon.icon.shield);
      once the element is named;
    - ``playable`` (not at a ``fight`` stop, before the fight's first turn): the active
      player's hand cards, in hand order, they may play now: the
      leadership cards while the leadership phase is open (bluemoon.turn.leadership), and
      the characters, boosters and supports the main decision allows as the table stands
      (bluemoon.turn.character, bluemoon.turn.booster_support); none once that phase is over
      or while declining a fight;
    - ``unmet``: the opponent's cards whose demands on the active player are not met this
      turn (bluemoon.special.rule5);
    - ``hand_room``: each player, the cards they could still take from their deck into
      their hand now, one at a time (the deck, less what the opponent's draw limits allow:
      bluemoon.turn.refill.modified);
    - ``refill``: at a ``refill`` stop, the cards the refill will draw (bluemoon.turn.refill).
    """
    out: dict[str, Any] = {}
    if st.phase != FIGHT:
        return out
    db = game.dbs(st)
    s = st.active
    me = f"P{s + 1}"
    if st.element >= 0:
        out["total"] = {f"P{x + 1}": total(db, st, x) for x in (0, 1)}
        out["needed"] = {me: 0 if shielded(db, st, s) else total(db, st, 1 - s)}
    stage = st.plays[P_STAGE]
    cards: set[int] = set()
    if st.pending and st.pending[0] == "decline":  # declining: cards are discarded, not played
        stage = STAGE_END
    if stage == STAGE_LEAD:
        cards.update(lead_options(db, st, s))
    if stage in (STAGE_LEAD, STAGE_OPEN, STAGE_MAIN) and not _past_main(st):
        for a in main_options(db, st, s):
            if a[0] in ("char", "boost", "support"):
                cards.add(a[1])
    if not _stop_at(st, B_FIGHT):  # before a fight's first turn the turn's numbers are old
        out["playable"] = {me: [st.card_ids[c] for c in st.hands[s] if c in cards]}
    out["unmet"] = {me: [st.card_ids[c] for c in unmet_sources(db, st, s)]}
    out["hand_room"] = {
        f"P{x + 1}": min(len(st.decks[x]), hand_room(db, st, x, True)) for x in (0, 1)
    }
    if _stop_at(st, B_REFILL):
        need = HAND - len(st.hands[s])
        drawn = st.plays[P_DRAWN]
        out["refill"] = min(len(st.decks[s]), draw_cap(db, st, s, need, drawn)) if need > 0 else 0
    return out


def _past_main(st: BlueMoonState) -> bool:
    """The booster/support phase is over: the ``after`` stop (still in the main stage)."""
    return _stop_at(st, B_AFTER)


def _stop_at(st: BlueMoonState, boundary: str) -> bool:
    """The state stands at this step-mode stop."""
    p = st.pending
    return bool(p) and p[0] == "continue" and p[2] == boundary
