"""Clash position documents (docs/positions.md): load a hand-written situation, export any state.

Seats are written A, B (C, D with four seats). A hand lists cards left to right with
the fortress as ``"@bastion"`` or ``"@fort"``; a row lists creatures from the bridge
outward. An AI seat (solo, co-op) has a ``deck`` and a ``discard`` pile, both listed
from the top, and its ``fortress`` side.

A position taken while Подкрепление's row is being chosen has ``pending: {reinforce:
CARD, seat: B}``, the cards on their way to the table (``limbo``) and the rest of the
interrupted resolution (``resolving``: its frames, outermost first, each a mapping
whose cards are written as places such as ``B.hand.3``, ``A.top.0`` or ``limbo.0``).

A step-mode position (``step: true``) may stand at a phase boundary: ``pending:
{continue: turn|summon|assault|heal|next}`` (rules.BOUNDARIES). Exported positions carry
``derived``: values computed from the rest (costs now, health, the mana a phase 1 gives);
a loaded position that writes some of them is checked against them (``check_derived``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardtable.core.errors import CardDataError, PositionError, shown
from cardtable.core.game import NO_DECISION
from cardtable.core.position import (
    COUNTER_MAX,
    Field,
    check_copies,
    check_derived,
    check_document,
    check_inline_ids,
    check_range,
    stop_boundary,
)
from cardtable.core.problems import joined
from cardtable.games.clash.abilities import ids_of, mask_of
from cardtable.games.clash.cards import parse_cards
from cardtable.games.clash.effects import (
    GameOver,
    available,
    champion_cost,
    cost_now,
    fort_hp,
    refresh_auras,
    touch_all_rows,
)
from cardtable.games.clash.formats import SEATS as MODE_SEATS
from cardtable.games.clash.formats import ClashSetup, make_table
from cardtable.games.clash.problems import MESSAGES, PKG
from cardtable.games.clash.records import CREATURE, SPELL, CardDef
from cardtable.games.clash.rules import BOUNDARIES, ENGINE_TURN_CAP, legal_actions, open_turn
from cardtable.games.clash.solo import ai_mana
from cardtable.games.clash.state import DRAFT, OVER, SUMMON, ClashState, Table, build_state
from cardtable.games.clash.texts import labels

if TYPE_CHECKING:
    from cardtable.games.clash.game import ClashGame

SEATS = "ABCD"
FORTRESS_TOKENS = {"@bastion": 0, "@fort": 1}
_TOP_KEYS = {
    "game",
    "phase",
    "turn",
    "active",
    "first",
    "mana",
    "fatigue",
    "turns_taken",
    "pending",
    "players",
    "cards",
    "winners",
    "reason",
    "max_turns",
    "draft",
    "seed",
    "mode",
    "ai_seat",
    "ai_settings",
    "limbo",
    "resolving",
    "step",
    "derived",
}
_PLAYER_KEYS = {
    "hand",
    "top",
    "bottom",
    "removed",
    "deck",
    "discard",
    "fortress",
    "champion",
    "champion_state",
}
_AI_KEYS = {"fixed_mana", "variable_mana", "resilience", "abilities"}
_CARDS = ("hand", "top", "bottom", "removed", "deck", "discard")
FIELDS: tuple[Field, ...] = (
    Field("phase", "str"),
    Field("turn", "int"),
    Field("active", "str|int"),
    Field("first", "str|int", null=True),
    Field("mana", "int"),
    Field("fatigue", "bool"),
    Field("step", "bool"),
    Field("turns_taken", "map", null=True),
    Field("turns_taken.*", "int", 0, ENGINE_TURN_CAP + 1, rule="engine.turn_limit"),
    Field("pending", "str|map"),
    Field("players", "map", null=True),
    Field("players.*", "map", null=True, one_of=tuple(_PLAYER_KEYS)),
    *(Field(f"players.*.{zone}", "list", null=True) for zone in _CARDS),
    *(Field(f"players.*.{zone}.*", "card") for zone in _CARDS),
    Field("players.*.top.*.damage", "int", 0, COUNTER_MAX),
    Field("players.*.bottom.*.damage", "int", 0, COUNTER_MAX),
    Field("players.*.top.*.sprint", "int", 0, COUNTER_MAX),
    Field("players.*.bottom.*.sprint", "int", 0, COUNTER_MAX),
    Field("players.*.fortress", "str", null=True),
    Field("players.*.champion", "str"),
    Field("players.*.champion_state", "str"),
    Field("cards", "list", null=True),
    Field("winners", "list", null=True),
    Field("max_turns", "int", 0, COUNTER_MAX),
    Field("draft", "map", null=True),
    Field("seed", "int"),
    Field("mode", "str"),
    Field("ai_seat", "int", 0, 1),
    Field("ai_settings", "map", null=True),
    Field("ai_settings.fixed_mana", "int", 2, 10, rule="clash.custom.fixed_mana"),
    Field("ai_settings.variable_mana", "int", 0, 2, rule="clash.custom.variable_mana"),
    Field("ai_settings.resilience", "bool"),
    Field("ai_settings.abilities", "strs"),
    Field("limbo", "list", null=True),
    Field("resolving", "list", null=True),
)
"""What each key of a position may hold (core.position.check_document); the limits that
depend on the table (mana, turns) are checked once it is built (``_check_limits``), the
copies a deck allows by ``check_decks`` (position files)."""
_CREATURE_KEYS = {
    "card",
    "damage",
    "new",
    "symbiont",
    "shackled",
    "symbiont_shackled",
    "guard_used",
    "edge_used",
    "sprint",
    "champion",
    "symbiont_champion",
}


def _refused(key: str, /, **params: Any) -> PositionError:
    """A position refused with the Clash catalog message ``key``."""
    return PositionError.msg_in(PKG, key, **params)


def _listed(items: Any, sort: bool = True) -> str:
    """Keys or letters as a message lists them: "a, b, c"."""
    return ", ".join(sorted(items) if sort else items)


def _seat(value: Any, what: str) -> int:
    if isinstance(value, str) and value.upper() in SEATS:
        return SEATS.index(value.upper())
    if isinstance(value, int) and 0 <= value < 4:
        return value
    raise _refused("pos_seat", where=what, got=shown(value))


class _Builder:
    def __init__(self, game: ClashGame, inline: list[CardDef]) -> None:
        self.defs = dict(game.db.cards)
        for c in inline:
            self.defs[c.id] = c
        self.cards: list[CardDef] = []
        self.origin: list[int] = []
        self.ai_pool: list[int] = []

    def new(self, ident: Any, seat: int, where: str) -> int:
        if not isinstance(ident, str):
            raise _refused("pos_card_id", where=where, got=shown(ident))
        d = self.defs.get(ident)
        if d is None:
            key = ident.lower()
            d = next(
                (c for c in self.defs.values() if key in (c.name_ru.lower(), c.name_en.lower())),
                None,
            )
        if d is None:
            raise PositionError.msg("position_unknown_card", where=where, card=shown(ident))
        self.cards.append(d)
        self.origin.append(seat)
        return len(self.cards) - 1


def load(game: ClashGame, data: Mapping[str, Any]) -> ClashState:
    """A state from a position document; a clear PositionError for anything wrong."""
    check_document(data, "clash", FIELDS, keys=_TOP_KEYS)
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise PositionError.msg(
            "position_unknown_keys", keys=_listed(unknown), known=_listed(_TOP_KEYS)
        )
    raw_inline = data.get("cards") or []
    if not isinstance(raw_inline, list):
        raise _refused("pos_cards_list")
    try:
        inline = parse_cards("cards", raw_inline)
    except CardDataError as exc:
        raise PositionError.wrap(exc) from None
    check_inline_ids(raw_inline, game.db.cards, lambda k, c: _what_if(inline[k], game.db.cards[c]))
    phase_name = data.get("phase", "summon")
    if phase_name not in ("summon", "over", "draft"):
        raise _refused("pos_phase", got=shown(phase_name))
    b = _Builder(game, inline)
    table = _read_table(game, data)
    n = len(table.team)
    players = data.get("players") or {}
    if not isinstance(players, Mapping):
        raise _refused("pos_players_map")
    extra = set(players) - set(SEATS[:n])
    if extra:
        raise _refused(
            "pos_players_seats", mode=table.mode, seats=_listed(SEATS[:n]), extra=_listed(extra)
        )
    layout: list[dict[str, Any]] = []
    for seat in range(n):
        p = players.get(SEATS[seat]) or {}
        bad = set(p) - _PLAYER_KEYS
        if bad:
            raise PositionError.msg(
                "position_unknown_keys_at",
                where=f"players.{SEATS[seat]}",
                keys=_listed(bad),
                known=_listed(_PLAYER_KEYS),
            )
        if table.ai[seat] and p.get("hand"):
            raise _refused("pos_ai_hand", seat=SEATS[seat])
        if not table.ai[seat] and (p.get("deck") or p.get("discard")):
            raise _refused("pos_not_ai_deck", seat=SEATS[seat])
        layout.append(_read_player(b, seat, p))
    draft = data.get("draft")
    draft_layout = _read_draft(b, draft, n) if draft is not None else None
    limbo = _read_limbo(b, data.get("limbo") or [])
    st = build_state(
        b.cards,
        table,
        int(data.get("seed", 0)),
        bool(data.get("fatigue", False)),
        int(data.get("max_turns", 0)),
        custom=tuple(c for c in raw_inline),
        origin=b.origin,
    )
    st.step = bool(data.get("step", False))
    st.turn = int(data.get("turn", 1))
    st.active = _seat(data.get("active", "A"), "active")
    if data.get("first") is None:
        st.first = -1 if phase_name == "draft" else 0  # a draft tosses the coin at its end
    else:
        st.first = _seat(data["first"], "first")
    taken = data.get("turns_taken")
    if taken is None and st.first >= 0:
        # The turn counter counts every seat's turns from the first player's first.
        for s in range(n):
            offset = (s - st.first) % n
            st.turns_taken[s] = max(0, (st.turn - offset + n - 1) // n)
    elif taken is not None:
        for k, v in dict(taken).items():
            st.turns_taken[_seat(k, "turns_taken")] = int(v)
    for seat, lay in enumerate(layout):
        _place_player(st, seat, lay)
    st.limbo = limbo
    for c in limbo:
        st.public[c] = 1
    if draft_layout is not None:
        st.pool, st.revealed, drafted, queue = draft_layout
        st.drafted = drafted
        st.draft_queue = queue
    touch_all_rows(st)  # the rows were filled by hand: recompute them all
    refresh_auras(st)
    st.mana = int(data.get("mana", 0))
    if phase_name == "over":
        st.phase = OVER
        st.winners = [_seat(w, "winners") for w in data.get("winners", [])]
        st.reason = str(data.get("reason", "position"))
        st.pending = NO_DECISION
    elif phase_name == "draft":
        st.phase = DRAFT
        st.hands = [[] for _ in st.hands]  # fortresses join the hands after the draft
        st.ai_pool = b.ai_pool
        st.pending = ("pick",)
        if st.draft_queue:
            st.active = st.draft_queue[0]
    else:
        st.phase = SUMMON
        st.pending = _read_pending(st, data.get("pending", "main"))
        st.stack = _read_frames(st, data.get("resolving") or [])
    _check_limits(st)
    if st.phase != OVER:
        for seat in range(n):
            if st.ai[seat]:
                if st.phase == SUMMON and not st.decks[seat]:
                    raise _refused("pos_ai_empty", seat=SEATS[seat])
                continue
            if st.phase == SUMMON and st.hands[seat][-1] == st.fortress[seat]:
                raise _refused("pos_fortress_rightmost", seat=SEATS[seat])
        if not legal_actions(st):
            raise _refused("pos_no_legal")
    problems = game.invariant_problems(st)
    if problems:
        raise PositionError.msg_in(PKG, "pos_impossible", problems=joined(problems))
    if data.get("derived") is not None:
        check_derived(data["derived"], derived(st), DERIVED)
    return st


def _what_if(inline: CardDef, printed: CardDef) -> bool:
    """An inline card with a set card's id is that card with what-if numbers (how
    positions keep overridden cards: overrides.FIELDS), nothing else changed."""
    return (
        replace(inline, cost=printed.cost, attack=printed.attack, health=printed.health) == printed
    )


def _check_limits(st: ClashState) -> None:
    """The numbers a table allows: mana at most what phase 1 can give (the hand, every
    card at most, 2 more per Catalyst creature, an AI 10 and 2 per creature:
    clash.mana.regen, clash.ability.catalyst, clash.custom.fixed_mana); turns from the
    first (clash.turn.start) to the engine's cap (engine.turn_limit)."""
    cards = len(st.card_ids)
    check_range(st.mana, "mana", 0, 10 + 3 * cards, "clash.mana.regen")
    check_range(st.turn, "turn", 0 if st.phase == DRAFT else 1, None, "clash.turn.start")
    cap = st.max_turns or ENGINE_TURN_CAP
    check_range(st.turn, "turn", None, cap + (st.phase == OVER), "engine.turn_limit")


def check_decks(game: ClashGame, st: ClashState) -> None:
    """A card of the sets at most once in each seat's deck (clash.format.unique), so no
    more copies than seats; inline cards belong to no set and no deck."""
    unlimited = {c for c in st.card_ids if c not in game.db.cards}
    check_copies(st.card_ids, len(st.hands), "clash.format.unique", skip=unlimited)


def _read_player(b: _Builder, seat: int, p: Mapping[str, Any]) -> dict[str, Any]:
    who = f"players.{SEATS[seat]}"
    hand: list[tuple[str, int, int]] = []
    fortress_side = None
    for i, entry in enumerate(p.get("hand") or []):
        if isinstance(entry, str) and entry in FORTRESS_TOKENS:
            if fortress_side is not None:
                raise _refused("pos_two_fortresses", where=who)
            fortress_side = FORTRESS_TOKENS[entry]
            hand.append(("fortress", -1, 1))
            continue
        hidden = False
        if isinstance(entry, Mapping):
            bad = set(entry) - {"card", "hidden"}
            if bad:
                raise PositionError.msg(
                    "position_unknown_keys_at",
                    where=f"{who}.hand #{i + 1}",
                    keys=_listed(bad),
                    known=_listed(("card", "hidden")),
                )
            hidden = bool(entry.get("hidden", False))
            entry = entry.get("card")
        inst = b.new(entry, seat, f"{who}.hand #{i + 1}")
        hand.append(("card", inst, 0 if hidden else 1))
    if p.get("hand") and fortress_side is None:
        raise _refused("pos_needs_fortress", where=who)
    rows = []
    for r, key in enumerate(("top", "bottom")):
        row = []
        for i, entry in enumerate(p.get(key) or []):
            where = f"{who}.{key} #{i + 1}"
            extra: dict[str, Any] = {}
            if isinstance(entry, Mapping):
                bad = set(entry) - _CREATURE_KEYS
                if bad:
                    raise PositionError.msg(
                        "position_unknown_keys_at",
                        where=where,
                        keys=_listed(bad),
                        known=_listed(_CREATURE_KEYS),
                    )
                extra = dict(entry)
                entry = extra.pop("card", None)
            inst = b.new(entry, seat, where)
            if b.cards[inst].kind != CREATURE:
                raise _refused("pos_only_creatures", where=where)
            if "symbiont" in extra:
                extra["symbiont"] = b.new(extra["symbiont"], seat, f"{where}.symbiont")
            for key in ("shackled", "symbiont_shackled"):
                if key in extra:
                    held = extra[key]
                    src = 1 - seat
                    if isinstance(held, Mapping):
                        src = _seat(held.get("from", SEATS[1 - seat]), f"{where}.{key}.from")
                        held = held.get("card")
                    extra[key] = (b.new(held, src, f"{where}.{key}"), src)
            if "symbiont_shackled" in extra and "symbiont" not in extra:
                raise _refused("pos_symbiont_shackled", where=where)
            row.append((inst, extra, r))
        rows.append(row)
    removed = [b.new(c, seat, f"{who}.removed") for c in p.get("removed") or []]
    # An AI's deck and discard pile are written from the top; stored bottom first.
    deck = [b.new(c, seat, f"{who}.deck") for c in reversed(p.get("deck") or [])]
    discard = [b.new(c, seat, f"{who}.discard") for c in reversed(p.get("discard") or [])]
    side = p.get("fortress")
    if side is not None:
        if side not in ("bastion", "fort"):
            raise _refused("pos_fortress_side", where=who, got=shown(side))
        fortress_side = 1 if side == "fort" else 0
    champion = -1
    in_play = [i for row in rows for i, extra, _ in row if extra.get("champion")]
    in_play += [
        extra["symbiont"] for row in rows for _, extra, _ in row if extra.get("symbiont_champion")
    ]
    state = p.get("champion_state", "in_play" if in_play else "ready")
    if state not in ("ready", "exhausted", "in_play"):
        raise _refused("pos_champion_state", where=who, got=shown(state))
    if len(in_play) > 1:
        raise _refused("pos_one_champion", where=who)
    if in_play:
        if "champion" in p or state != "in_play":
            raise _refused("pos_champion_in_play", where=who)
        champion = in_play[0]
    elif "champion" in p:
        champion = b.new(p["champion"], seat, f"{who}.champion")
        if b.cards[champion].kind != CREATURE:
            raise _refused("pos_champion_creature", where=who)
    return {
        "hand": hand,
        "fortress_side": fortress_side or 0,
        "rows": rows,
        "removed": removed,
        "deck": deck,
        "discard": discard,
        "champion": champion,
        "champion_state": ("ready", "in_play", "exhausted").index(state),
    }


def _place_player(st: ClashState, seat: int, lay: dict[str, Any]) -> None:
    hand = []
    for kind, inst, public in lay["hand"]:
        if kind == "fortress":
            hand.append(st.fortress[seat])
        else:
            hand.append(inst)
            st.public[inst] = public
    st.public[st.fortress[seat]] = 1
    if st.ai[seat]:
        st.decks[seat] = lay["deck"]
        st.discards[seat] = lay["discard"]
        for c in lay["discard"]:
            st.public[c] = 1
    else:
        st.hands[seat] = hand if lay["hand"] else [st.fortress[seat]]
    st.fort_up[seat] = lay["fortress_side"]
    for r, row in enumerate(lay["rows"]):
        lane, side = st.seat_rows[seat][r]
        for inst, extra, _ in row:
            st.board[lane][side].append(inst)
            st.lane_of[inst] = lane * 2 + side
            st.public[inst] = 1
            st.entered[inst] = st.turn if extra.get("new") else st.turn - 1
            if "symbiont" in extra:
                st.symb[inst] = extra["symbiont"]
                st.public[extra["symbiont"]] = 1
            if "shackled" in extra:
                st.shackled[inst] = extra["shackled"]
                st.public[extra["shackled"][0]] = 1
            if "symbiont_shackled" in extra:
                st.shackled[extra["symbiont"]] = extra["symbiont_shackled"]
                st.public[extra["symbiont_shackled"][0]] = 1
            if extra.get("guard_used"):
                st.guard_used[inst] = st.turn
            if extra.get("edge_used"):
                st.edge_used[inst] = st.turn
            st.sprint[inst] = int(extra.get("sprint", 0))
            st.damage[inst] = int(extra.get("damage", 0))
    st.removed.extend(lay["removed"])
    for c in lay["removed"]:
        st.public[c] = 1
    if lay["champion"] >= 0:
        slots = list(st.champion)
        slots[seat] = lay["champion"]
        st.champion = tuple(slots)
        st.champ_state[seat] = lay["champion_state"]
        st.public[lay["champion"]] = 1


def _read_draft(
    b: _Builder, draft: Any, n: int
) -> tuple[list[int], list[int], list[list[int]], list[int]]:
    if not isinstance(draft, Mapping):
        raise _refused("pos_draft_map")
    pool = [b.new(c, -1, "draft.pool") for c in draft.get("pool") or []]
    revealed = [b.new(c, -1, "draft.revealed") for c in draft.get("revealed") or []]
    drafted_raw = draft.get("drafted") or {}
    drafted = [
        [b.new(c, s, f"draft.drafted.{SEATS[s]}") for c in drafted_raw.get(SEATS[s], [])]
        for s in range(n)
    ]
    b.ai_pool = [b.new(c, -1, "draft.ai_pool") for c in draft.get("ai_pool") or []]
    queue = [_seat(s, "draft.queue") for s in draft.get("queue") or []]
    return pool, revealed, drafted, queue


def _read_table(game: ClashGame, data: Mapping[str, Any]) -> Table:
    """The table of the position's mode, with its AI settings written as numbers."""
    mode = data.get("mode", "duel")
    if mode not in MODE_SEATS:
        raise PositionError.msg(
            "position_choice", where="mode", got=shown(mode), known=_listed(MODE_SEATS, sort=False)
        )
    ai_seat = int(data.get("ai_seat", 1)) if mode == "solo" else 1
    table = make_table(ClashSetup(mode=mode, ai_seat=ai_seat), game.db)
    raw = data.get("ai_settings")
    if raw is None:
        return table
    if mode not in ("solo", "coop"):
        raise _refused("pos_ai_settings_modes")
    if not isinstance(raw, Mapping) or set(raw) - _AI_KEYS:
        raise _refused("pos_ai_settings_keys", known=_listed(_AI_KEYS))
    try:
        grant = mask_of([str(a) for a in raw.get("abilities", [])])
    except KeyError as exc:
        raise _refused("pos_ai_settings_ability", name=shown(exc.args[0])) from None
    n = len(table.team)
    pick = [i for i in range(n) if table.ai[i]]
    fixed = list(table.ai_fixed)
    var = list(table.ai_var)
    res = list(table.ai_resilient)
    grants = list(table.ai_grant)
    for i in pick:
        fixed[i] = int(raw.get("fixed_mana", fixed[i]))
        var[i] = int(raw.get("variable_mana", var[i]))
        res[i] = int(bool(raw.get("resilience", res[i])))
        grants[i] = grant
    return Table(
        table.mode,
        table.lane_seats,
        table.seat_rows,
        table.team,
        table.ai,
        tuple(fixed),
        tuple(var),
        tuple(res),
        tuple(grants),
    )


def _find(st: ClashState, ident: Any, where: str, among: list[int]) -> int:
    lab = labels(st)
    for c in among:
        if ident in (lab[c], st.card_ids[c]):
            return c
    raise _refused("pos_no_card_there", where=where, card=shown(ident))


def _read_limbo(b: _Builder, entries: Any) -> list[int]:
    if not isinstance(entries, list):
        raise _refused("pos_limbo_list")
    out = []
    for i, entry in enumerate(entries):
        seat = -1
        if isinstance(entry, Mapping):
            if set(entry) - {"card", "from"}:
                raise _refused("pos_limbo_entry", where=f"limbo #{i + 1}")
            if "from" in entry:
                seat = _seat(entry["from"], f"limbo #{i + 1} from")
            entry = entry.get("card")
        out.append(b.new(entry, seat, f"limbo #{i + 1}"))
    return out


def places(st: ClashState) -> dict[int, str]:
    """Every card instance's place as text: ``A.hand.2`` (0 is leftmost), ``B.top.0`` (0 is
    next to the bridge; ``.symbiont``, ``.shackled``, ``.symbiont_shackled`` for the cards
    with it), ``B.deck.0`` and ``B.discard.0`` (from the top), ``A.champion``, ``limbo.0``."""
    out: dict[int, str] = {}
    for seat in range(len(st.hands)):
        name = SEATS[seat]
        for i, c in enumerate(st.hands[seat]):
            out[c] = f"{name}.hand.{i}"
        for r, key in enumerate(("top", "bottom")):
            lane, side = st.seat_rows[seat][r]
            for i, c in enumerate(st.board[lane][side]):
                here = f"{name}.{key}.{i}"
                out[c] = here
                symbiont = st.symb.get(c, -1)
                if symbiont >= 0:
                    out[symbiont] = here + ".symbiont"
                if c in st.shackled:
                    out[st.shackled[c][0]] = here + ".shackled"
                if symbiont in st.shackled:
                    out[st.shackled[symbiont][0]] = here + ".symbiont_shackled"
        for i, c in enumerate(reversed(st.decks[seat])):
            out[c] = f"{name}.deck.{i}"
        for i, c in enumerate(reversed(st.discards[seat])):
            out[c] = f"{name}.discard.{i}"
        champ = st.champion[seat]
        if champ >= 0 and champ not in out:
            out[champ] = f"{name}.champion"
    for i, c in enumerate(st.limbo):
        out[c] = f"limbo.{i}"
    return out


# The fields of each frame of a suspended resolution (effects.Suspend), after its kind:
# a field's codec turns instance numbers into places and seats into letters.
FRAMES: dict[str, tuple[tuple[str, str], ...]] = {
    "hit": (
        ("source", "card"),
        ("seat", "seat"),
        ("hit", "hit"),
        ("abilities", "abilities"),
        ("foe", "seat"),
        ("killed", "flag"),
        ("reinforcements", "rows"),
        ("next", "int"),
        ("edge", "surplus"),
        ("targets", "cards"),
    ),
    "chain": (
        ("attacker", "card"),
        ("fury", "flag"),
        ("depth", "int"),
        ("seat", "seat"),
        ("provoked", "cards"),
    ),
    "replies": (("carriers", "cards"), ("next", "int"), ("depth", "int")),
    "assault": (("attackers", "cards"), ("next", "int")),
    "ai_cost": (("mana", "int"),),
    "ai_turn": (("seat", "seat"), ("mana", "int"), ("spent", "int"), ("row", "int")),
}
HIT_KINDS = ("attack", "spell", "retaliation")
ROWS = ("top", "bottom")


def _frame_doc(st: ClashState, where: dict[int, str], frame: tuple[Any, ...]) -> dict[str, Any]:
    doc: dict[str, Any] = {"frame": frame[0]}
    for (name, codec), value in zip(FRAMES[frame[0]], frame[1:], strict=True):
        if codec == "card":
            doc[name] = where[value]
        elif codec == "cards":
            doc[name] = [where[c] for c in value]
        elif codec == "seat":
            doc[name] = SEATS[value] if value >= 0 else None
        elif codec == "hit":
            doc[name] = HIT_KINDS[value]
        elif codec == "abilities":
            doc[name] = ids_of(value)
        elif codec == "flag":
            doc[name] = bool(value)
        elif codec == "rows":
            doc[name] = [
                [SEATS[seat], ROWS[st.seat_rows[seat].index((lane, side))]]
                for seat, lane, side in value
            ]
        elif codec == "surplus":
            doc[name] = [[SEATS[seat], n] for seat, n in value]
        else:
            doc[name] = value
    return doc


def _read_frames(st: ClashState, docs: Any) -> list[tuple[Any, ...]]:
    if not isinstance(docs, list):
        raise _refused("pos_resolving_list")
    if docs and st.pending[:1] != ("reinforce",):
        raise _refused("pos_resolving_only")
    found = {text: c for c, text in places(st).items()}
    out = []
    for k, doc in enumerate(docs):
        where = f"resolving #{k + 1}"
        kind = doc.get("frame") if isinstance(doc, Mapping) else None
        if kind not in FRAMES:
            raise _refused("pos_frame_kind", where=where, known=_listed(FRAMES, sort=False))
        fields = FRAMES[kind]
        extra = set(doc) - {"frame"} - {name for name, _ in fields}
        if extra:
            raise PositionError.msg(
                "position_unknown_keys_at",
                where=where,
                keys=_listed(extra),
                known=_listed(["frame", *(name for name, _ in fields)], sort=False),
            )
        frame: list[Any] = [kind]
        for name, codec in fields:
            if name not in doc:
                raise _refused("pos_missing", where=where, name=name)
            frame.append(_read_field(st, found, f"{where} {name}", codec, doc[name]))
        out.append(tuple(frame))
    return out


def _read_field(st: ClashState, found: dict[str, int], where: str, codec: str, value: Any) -> Any:
    def card(text: Any) -> int:
        if text not in found:
            raise _refused("pos_no_card_at", where=where, place=shown(text))
        return found[text]

    try:
        if codec == "card":
            return card(value)
        if codec == "cards":
            return tuple(card(t) for t in value)
        if codec == "seat":
            return -1 if value is None else _seat(value, where)
        if codec == "hit":
            return HIT_KINDS.index(value)
        if codec == "abilities":
            return mask_of([str(a) for a in value])
        if codec == "flag":
            return int(bool(value))
        if codec == "rows":
            out = []
            for seat_name, row in value:
                seat = _seat(seat_name, where)
                out.append((seat, *st.seat_rows[seat][ROWS.index(row)]))
            return tuple(out)
        if codec == "surplus":
            return tuple((_seat(seat_name, where), int(n)) for seat_name, n in value)
        return int(value)
    except (KeyError, TypeError, ValueError):
        raise _refused("pos_cannot_read", where=where, got=shown(value)) from None


def _read_pending(st: ClashState, value: Any) -> tuple[Any, ...]:
    if value == "main":
        return ("main",)
    if isinstance(value, Mapping) and set(value) == {"continue"}:
        boundary = stop_boundary(value, BOUNDARIES, st.step)
        if boundary == "summon" and not st.ai[st.active]:
            raise _refused("pos_continue_summon")
        return ("continue", boundary)
    if isinstance(value, Mapping) and set(value) == {"reinforce", "seat"}:
        seat = _seat(value["seat"], "pending seat")
        c = _find(st, value["reinforce"], "pending reinforce", st.limbo)
        if st.kind[c] != CREATURE or st.ai[seat]:
            raise _refused("pos_reinforce")
        return ("reinforce", c, seat)
    if isinstance(value, Mapping) and set(value) == {"give", "target"}:
        c = _find(st, value["give"], "pending give", st.hands[st.active])
        found = {text: inst for inst, text in places(st).items()}
        target = found.get(str(value["target"]), -1)
        if st.kind[c] != SPELL or target < 0 or st.lane_of[target] < 0:
            raise _refused("pos_give")
        return ("give", c, target)
    if isinstance(value, Mapping) and len(value) == 1:
        ((kind, ident),) = value.items()
        if kind in ("place", "target"):
            champ = [st.champion[st.active]] if st.champion[st.active] >= 0 else []
            c = _find(st, ident, f"pending {kind}", st.hands[st.active] + champ)
            want = CREATURE if kind == "place" else SPELL
            if st.kind[c] != want:
                what = MESSAGES.message(("creature", "spell")[want])
                raise _refused("pos_pending_kind", kind=kind, card=shown(ident), what=what)
            return (kind, c)
    raise _refused("pos_pending", got=shown(value))


def export(game: ClashGame, st: ClashState) -> dict[str, Any]:
    """A position document describing any state."""
    lab = labels(st)
    doc: dict[str, Any] = {"game": "clash", "phase": ("draft", "summon", "over")[st.phase]}
    if st.step:
        doc["step"] = True
    if st.mode != "duel":
        doc["mode"] = st.mode
    if st.mode == "solo" and st.ai[0]:
        doc["ai_seat"] = 0
    if any(st.ai):
        k = st.ai.index(1)
        doc["ai_settings"] = {
            "fixed_mana": st.ai_fixed[k],
            "variable_mana": st.ai_var[k],
            "resilience": bool(st.ai_resilient[k]),
            "abilities": ids_of(st.seat_grant[k]),
        }
    doc["turn"] = st.turn
    doc["active"] = SEATS[st.active]
    if st.first >= 0:
        doc["first"] = SEATS[st.first]
    doc["mana"] = st.mana
    doc["fatigue"] = st.fatigue
    if st.max_turns:
        doc["max_turns"] = st.max_turns
    doc["turns_taken"] = {SEATS[s]: n for s, n in enumerate(st.turns_taken)}
    if st.pending and st.pending[0] in ("place", "target"):
        doc["pending"] = {st.pending[0]: lab[st.pending[1]]}
    elif st.pending and st.pending[0] == "reinforce":
        doc["pending"] = {"reinforce": lab[st.pending[1]], "seat": SEATS[st.pending[2]]}
    elif st.pending and st.pending[0] == "give":
        doc["pending"] = {"give": lab[st.pending[1]], "target": places(st)[st.pending[2]]}
    elif st.pending and st.pending[0] == "continue":
        doc["pending"] = {"continue": st.pending[1]}
    elif st.pending:
        doc["pending"] = st.pending[0]
    if st.phase == OVER:
        doc["winners"] = [SEATS[w] for w in st.winners]
        doc["reason"] = st.reason
    players: dict[str, Any] = {}
    for seat in range(len(st.hands)):
        hand: list[Any] = []
        for c in st.hands[seat]:
            if c == st.fortress[seat]:
                hand.append("@fort" if st.fort_up[seat] else "@bastion")
            elif st.public[c]:
                hand.append(st.card_ids[c])
            else:
                hand.append({"card": st.card_ids[c], "hidden": True})
        p: dict[str, Any] = {"hand": hand} if hand else {}
        champ = st.champion[seat]
        if champ >= 0 and st.champ_state[seat] != 1:
            p["champion"] = st.card_ids[champ]
            p["champion_state"] = ("ready", "in_play", "exhausted")[st.champ_state[seat]]
        if st.ai[seat]:
            p["fortress"] = "fort" if st.fort_up[seat] else "bastion"
            p["deck"] = [st.card_ids[c] for c in reversed(st.decks[seat])]
            p["discard"] = [st.card_ids[c] for c in reversed(st.discards[seat])]
        for r, key in enumerate(("top", "bottom")):
            lane, side = st.seat_rows[seat][r]
            p[key] = [_creature_doc(st, c) for c in st.board[lane][side]]
        if st.removed:
            p["removed"] = [st.card_ids[c] for c in st.removed if st.origin[c] == seat]
        players[SEATS[seat]] = p
    doc["players"] = players
    if st.limbo:
        doc["limbo"] = [
            {"card": st.card_ids[c], "from": SEATS[st.origin[c]]}
            if st.origin[c] >= 0
            else st.card_ids[c]
            for c in st.limbo
        ]
    if st.stack:
        where = places(st)
        doc["resolving"] = [_frame_doc(st, where, f) for f in st.stack]
    if st.phase == DRAFT:
        doc["draft"] = {
            "pool": [st.card_ids[c] for c in st.pool],
            "revealed": [st.card_ids[c] for c in st.revealed],
            "drafted": {SEATS[s]: [st.card_ids[c] for c in d] for s, d in enumerate(st.drafted)},
            "queue": [SEATS[s] for s in st.draft_queue],
        }
        if st.ai_pool:
            doc["draft"]["ai_pool"] = [st.card_ids[c] for c in st.ai_pool]
    if st.custom:
        doc["cards"] = [dict(c) for c in st.custom]
    values = derived(st)
    if values:
        doc["derived"] = values
    return doc


# --- derived values ------------------------------------------------------------------
DERIVED = ("health", "cost_now", "champion_cost", "available", "ai_mana", "mana_due")


def derived(st: ClashState) -> dict[str, Any]:
    """Values a scenario checks that are not written as state, computed from it:

    - ``health``: every seat's health (cards right of the fortress; an AI's: the cards of
      its deck, which fortress damage mills) (clash.goal, clash.solo.ai.fortress_damage);
    - ``cost_now``: each player's hand cards' costs now, left to right, the fortress
      skipped (Ясность counted: clash.ability.clarity);
    - ``champion_cost``: a champion beside the table, its cost now (clash.champion.discount);
    - ``available``: the cards a player may play from the hand now (clash.summon.available);
    - ``ai_mana``: the mana an AI's phase 1 gives with the table as it is (clash.solo.ai.mana);
    - ``mana_due``: at a ``turn`` stop, the mana the coming phase 1 gives, after fatigue
      (clash.mana.regen, clash.fatigue.discard); absent when fatigue ends the game.

    None during a draft (no hands yet).
    """
    out: dict[str, Any] = {}
    if st.phase == DRAFT:
        return out
    seats = range(len(st.hands))
    humans = [s for s in seats if not st.ai[s]]
    out["health"] = {SEATS[s]: fort_hp(st, s) for s in seats}
    out["cost_now"] = {
        SEATS[s]: [cost_now(st, s, c) for c in st.hands[s] if c != st.fortress[s]] for s in humans
    }
    champs = {
        SEATS[s]: champion_cost(st, st.champion[s])
        for s in humans
        if st.champion[s] >= 0 and st.champ_state[s] != 1
    }
    if champs:
        out["champion_cost"] = champs
    out["available"] = {SEATS[s]: [st.card_ids[c] for c in available(st, s)] for s in humans}
    ai_seats = [s for s in seats if st.ai[s]]
    if ai_seats:
        out["ai_mana"] = {SEATS[s]: ai_mana(st, s) for s in ai_seats}
    if st.pending == ("continue", "turn"):
        due = st.clone()  # phase 1 played on a copy: fatigue first, exactly as the game will
        try:
            open_turn(due)
        except GameOver:
            pass
        else:
            out["mana_due"] = due.mana
    return out


def _creature_doc(st: ClashState, c: int) -> Any:
    extra: dict[str, Any] = {}
    if st.damage[c]:
        extra["damage"] = st.damage[c]
    if st.entered[c] == st.turn:
        extra["new"] = True
    if c in st.symb:
        extra["symbiont"] = st.card_ids[st.symb[c]]
    if c in st.shackled:
        card, src = st.shackled[c]
        extra["shackled"] = {"card": st.card_ids[card], "from": SEATS[src]}
    if st.symb.get(c, -1) in st.shackled:
        card, src = st.shackled[st.symb[c]]
        extra["symbiont_shackled"] = {"card": st.card_ids[card], "from": SEATS[src]}
    if st.guard_used[c] == st.turn:
        extra["guard_used"] = True
    if st.edge_used[c] == st.turn:
        extra["edge_used"] = True
    if st.sprint[c]:
        extra["sprint"] = st.sprint[c]
    if c in st.champion:
        extra["champion"] = True
    if c in st.symb and st.symb[c] in st.champion:
        extra["symbiont_champion"] = True
    if not extra:
        return st.card_ids[c]
    return {"card": st.card_ids[c], **extra}


__all__ = ["export", "load"]
