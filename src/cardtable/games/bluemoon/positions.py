"""Blue Moon position documents (docs/positions.md): load a situation, export any state.

Players are P1 and P2. Cards are named by id; a card in an area may be a mapping with
``active`` and ``turn`` (the fight turn it was played in). Decks are written from the top.
``overrides`` (``{card: {field: number}}``, as in a setup: overrides.py) gives the game's
what-if card numbers; an exported position lists the ones its game has.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.core.errors import CardDataError, PositionError, SetupError
from cardtable.games.bluemoon.cards import PEOPLES, parse_cards
from cardtable.games.bluemoon.overrides import changes, check_overrides, decode, encode
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
    for i, e in extras.items():
        st.played_on[i] = int(e.get("turn", 0))
        zone_area = any(i in row for row in st.combat)
        if zone_area:
            st.act[i] = int(bool(e.get("active", True)))
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
            "to come, stage: 0 before the main decision, 1 in it, 2 at the end)"
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
    st.shed = [paths.get(x, -1) for x in data.get("shed") or []]
    st.freed = [paths.get(x, -1) for x in data.get("freed") or []]
    if -1 in st.shed or -1 in st.freed:
        raise PositionError("shed/freed: a card path that names no card")
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
    st.overrides = encode(changes(db, wanted, set(st.card_ids)))
    problems = game.check_invariants(st)
    if problems:
        raise PositionError("; ".join(problems))
    return st


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
    if st.shed:
        doc["shed"] = [paths[c] for c in st.shed]
    if st.freed:
        doc["freed"] = [paths[c] for c in st.freed]
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
