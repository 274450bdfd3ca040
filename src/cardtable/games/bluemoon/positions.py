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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.core.errors import CardDataError, PositionError, SetupError
from cardtable.games.bluemoon.cards import PEOPLES, parse_cards
from cardtable.games.bluemoon.overrides import changes, check_overrides, decode, encode
from cardtable.games.bluemoon.rules import settle_aims
from cardtable.games.bluemoon.state import FIGHT, OVER, BlueMoonState
from cardtable.games.bluemoon.tasks import MODES

if TYPE_CHECKING:
    from cardtable.games.bluemoon.game import BlueMoonGame

PHASES = ("setup", "fight", "over")
ELEMENTS = ("fire", "earth")
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


def _seat(value: Any, what: str) -> int:
    if isinstance(value, str) and value.upper() in ("P1", "P2"):
        return int(value[1]) - 1
    raise PositionError(f"{what}: expected P1 or P2, got {value!r}")


def load(game: BlueMoonGame, data: Mapping[str, Any]) -> BlueMoonState:
    """A state from a position document; a clear PositionError for anything wrong."""
    bad = set(data) - _TOP
    if bad:
        raise PositionError(f"unknown key(s) {sorted(bad)}")
    try:
        inline = parse_cards("position 'cards'", list(data.get("cards") or []))
    except CardDataError as exc:
        raise PositionError(str(exc)) from None
    db = game.db_with(inline, data.get("cards") or [])
    try:
        wanted = check_overrides(db, data.get("overrides"))
    except SetupError as exc:
        raise PositionError(str(exc).replace("Blue Moon setup: ", "", 1)) from None
    st = BlueMoonState.__new__(BlueMoonState)
    st._memo = None
    st.overrides = ""
    st.card_ids, st.owner = [], []
    extras: dict[int, Mapping[str, Any]] = {}
    paths: dict[str, int] = {}

    def new(ident: Any, owner: int, where: str) -> int:
        if not isinstance(ident, str) or ident not in db.cards:
            raise PositionError(f"{where}: unknown card {ident!r}")
        if db.cards[ident].type == "leader":
            raise PositionError(f"{where}: {ident!r} is a leader card, not a playing card")
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
            raise PositionError(f"{key}: unknown key(s) {sorted(unknown)}")
        people = str(p.get("people", "hoax" if s == 0 else "vulca"))
        if people not in PEOPLES:
            raise PositionError(f"{key}.people: unknown {people!r}; known: {', '.join(PEOPLES)}")
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
                i = new(entry, s, f"{key} {zone} #{k + 1}")
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
        raise PositionError("dragons: only one player holds dragons, at most three in all")
    st.phase = PHASES.index(str(data.get("phase", "fight")))
    st.game_no = int(data.get("game_no", 1))
    st.fight = int(data.get("fight", 1))
    element = data.get("element")
    if element is not None and element not in ELEMENTS:
        raise PositionError(f"element: expected fire, earth or null, got {element!r}")
    st.element = -1 if element is None else ELEMENTS.index(element)
    st.starter = _seat(data.get("starter", "P1"), "starter")
    st.active = _seat(data.get("active", "P1"), "active")
    st.first = _seat(data.get("first", "P1"), "first")
    st.fturn = int(data.get("fight_turn", 1))
    plays = list(data.get("plays") or [0, 0, 0, 0, 0, 0, 0])
    if len(plays) != 7:
        raise PositionError(
            "plays: seven numbers (characters, boosters, supports, cards, cards drawn, FREE "
            "to come, stage: 0 before the main decision, 1 in it, 3 just after it, 2 at the "
            "end)"
        )
    st.plays = [int(x) for x in plays]
    st.stopped = int(bool(data.get("stopped", False)))
    st.irrev = int(bool(data.get("irreversible", False)))
    lead = data.get("leadership_now")
    if lead is not None and lead not in paths:
        raise PositionError(f"leadership_now: no card at {lead!r}")
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
            raise PositionError(f"shed: expected [card, demanding card] paths, got {x!r}")
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
            raise PositionError(f"tasks: unknown action {mode!r}")
        if source not in paths:
            raise PositionError(f"tasks: no card at {source!r}")
        st.tasks.append(
            [MODES.index(mode), _seat(actor, "tasks"), paths[source], int(n), int(done)]
        )
    st.rng = int(data.get("seed", 0))
    st.log = None
    st._legal = None
    pend = data.get("pending")
    if st.phase == OVER:
        st.pending = ()
    elif pend is None:
        st.pending = ("play", st.active) if st.phase == FIGHT else ("setup", st.active)
    else:
        st.pending = (str(pend["kind"]), _seat(pend["seat"], "pending seat"))
    if "plays" not in data and st.pending and st.pending[0] in ("play", "task"):
        st.plays[6] = 1  # already in the main decision
    st.back = _undo_point(st, paths, data.get("undo_point"), db)
    st.overrides = encode(changes(db, wanted, set(st.card_ids)))
    if st.phase == FIGHT:
        settle_aims(game.dbs(st), st)
    problems = game.check_invariants(st)
    if problems:
        raise PositionError("; ".join(problems))
    return st


def _path(paths: Mapping[str, int], x: Any, what: str) -> int:
    if not isinstance(x, str) or x not in paths:
        raise PositionError(f"{what}: {x!r} is a card path that names no card")
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
            raise PositionError("undo_point: a mapping of element, stopped, active, aims")
        el = doc.get("element")
        if el is not None and el not in ELEMENTS:
            raise PositionError(f"undo_point.element: expected fire, earth or null, got {el!r}")
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
    if st.pending:
        doc["pending"] = {"kind": st.pending[0], "seat": f"P{st.pending[1] + 1}"}
    if st.phase == OVER:
        doc["winners"] = [f"P{w + 1}" for w in st.winners]
        doc["reason"] = st.reason
    custom = game.custom_cards(st)
    if custom:
        doc["cards"] = custom
    if st.overrides:
        doc["overrides"] = decode(st.overrides)
    return doc
