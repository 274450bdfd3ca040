"""Blue Moon text and observations (outside the hot path)."""

from __future__ import annotations

from typing import Any

from cardtable.core.carddata import InlineCards
from cardtable.core.events import Event
from cardtable.core.i18n import has, tr
from cardtable.games.bluemoon.overrides import decode
from cardtable.games.bluemoon.powers import ELEMENTS, count_kind, defn, ignored, shielded, total
from cardtable.games.bluemoon.records import BlueMoonDB
from cardtable.games.bluemoon.state import OVER, BlueMoonState
from cardtable.games.bluemoon.texts import COUNTS

PKG = "cardtable.games.bluemoon"
PHASES = ("setup", "fight", "over")


def msg(key: str, lang: str, **kw: Any) -> str:
    """A Blue Moon message."""
    return tr(PKG, key, lang, **kw)


def seat_name(seat: int, lang: str) -> str:
    """'Игрок 1' / 'Player 1'."""
    return msg("seat", lang, n=seat + 1)


def card_name(game: InlineCards[BlueMoonDB], st: BlueMoonState, i: int, lang: str) -> str:
    """The printed name of an instance in ``lang``."""
    return game.dbs(st).cards[st.card_ids[i]].name(lang)


def _task_mode(st: BlueMoonState | None) -> str:
    """The mode of the task on top (tasks.MODES), or ""."""
    if st is None or not st.tasks or not st.pending or st.pending[0] != "task":
        return ""
    from cardtable.games.bluemoon.tasks import MODES, T_CODE

    return MODES[st.tasks[0][T_CODE]]


def describe(
    game: InlineCards[BlueMoonDB], st: BlueMoonState | None, action: tuple[Any, ...], lang: str
) -> str:
    """Human text of an action."""
    kind = action[0]
    if kind == "continue":
        return describe_continue(game, st, lang)
    if kind in COUNTS:
        mode = _task_mode(st)
        key = "act_take_hand" if mode == "take_hand" else f"act_{kind}"
        return msg(key, lang, n=action[1])
    if kind == "pick" and st is not None:
        name = card_name(game, st, action[1], lang)
        mode = _task_mode(st)
        if mode == "aim":
            from cardtable.games.bluemoon.tasks import T_SOURCE

            source = card_name(game, st, st.tasks[0][T_SOURCE], lang)
            return msg("act_pick_aim", lang, card=name, source=source)
        if mode == "drown":
            return msg("act_pick_keep", lang, card=name)
        return msg("act_pick", lang, card=name)
    if st is None or len(action) == 1:
        return msg(f"act_{kind}", lang)
    name = card_name(game, st, action[1], lang)
    if kind == "char" and len(action) > 2:
        return msg("act_char_element", lang, card=name, element=msg(ELEMENTS[action[2]], lang))
    if kind == "shed" and len(action) > 2:
        demand = card_name(game, st, action[2], lang)
        return msg("act_shed_toward", lang, card=name, source=demand)
    return msg(f"act_{kind}", lang, card=name)


def describe_continue(game: InlineCards[BlueMoonDB], st: BlueMoonState | None, lang: str) -> str:
    """A step-mode stop's ``continue``, naming what comes next (engine.step)."""
    if st is None or not st.pending or st.pending[0] != "continue":
        return msg("act_continue", lang)
    boundary = st.pending[2]
    s = st.active
    args: dict[str, Any] = {"seat": seat_name(s, lang)}
    key = f"step_{boundary}"
    if boundary == "fight":
        args["n"] = st.fight
    elif boundary == "announce":
        args["n"] = total(game.dbs(st), st, s)
        args["element"] = msg(ELEMENTS[st.element], lang) if st.element >= 0 else "—"
    elif boundary == "next":
        args["seat"] = seat_name(1 - s, lang)
        if count_kind(game.dbs(st), st, s, "flood") >= 2:
            key = "step_next_flood"  # two Floods: the opponent retreats at once
    return msg("act_continue_to", lang, next=msg(key, lang, **args))


def render_event(game: InlineCards[BlueMoonDB], st: BlueMoonState, ev: Event, lang: str) -> str:
    """One event as a line."""
    d = dict(ev.data)
    kw: dict[str, Any] = {}
    if ev.seat is not None and ev.seat >= 0:
        kw["seat"] = seat_name(ev.seat, lang)
    if "card" in d:
        kw["card"] = card_name(game, st, d.pop("card"), lang)
    if "element" in d:
        kw["element"] = msg(ELEMENTS[d.pop("element")], lang) if d.get("element", 0) >= 0 else ""
    kw.update({k: v for k, v in d.items() if k in ("n", "reason")})
    try:
        return msg(f"ev_{ev.kind}", lang, **kw)
    except (KeyError, IndexError, ValueError):
        return f"{ev.kind} {ev.rule}"


def _card(game: InlineCards[BlueMoonDB], st: BlueMoonState, i: int) -> dict[str, Any]:
    db = game.dbs(st)
    out = {
        "inst": i,
        "card": st.card_ids[i],
        "active": bool(st.act[i]) or i in st.support[st.owner[i]],
        "ignored": ignored(db, st, i),
        "turn": st.played_on[i],
    }
    if st.aim[i] >= 0:  # the card a "one of my …" card applies to, as its player said
        out["aim"] = st.card_ids[st.aim[i]]
    return out


def observation(
    game: InlineCards[BlueMoonDB], st: BlueMoonState, seat: int | None
) -> dict[str, Any]:
    """What ``seat`` may know (bluemoon.special.rule10): its own hand and discard pile, the
    other hand's size and revealed cards, both areas, the top of the other discard pile and
    of each leadership pile, deck sizes; no deck order. A game with what-if numbers shows
    them to both players (``overrides``, as the changed cards would be printed). ``seat``
    None: a spectator, who sees of each hand its revealed cards (``public_hands``) and of
    each discard pile its top (``discard_tops``)."""
    db = game.dbs(st)
    obs: dict[str, Any] = {
        "game": "bluemoon",
        "seat": seat,
        "phase": PHASES[st.phase],
        "game_no": st.game_no,
        "fight": st.fight,
        "element": ELEMENTS[st.element] if st.element >= 0 else None,
        "starter": st.starter,
        "active": st.active,
        "pending": list(st.pending[:2]),
        "peoples": list(st.boxes),
        "dragons": list(st.dragons),
        "crystals": list(st.crystals),
        "hand_sizes": [len(h) for h in st.hands],
        "deck_sizes": [len(d) for d in st.decks],
        "leaders_top": [st.card_ids[p[-1]] if p else None for p in st.leaders],
        "combat": [[_card(game, st, i) for i in row] for row in st.combat],
        "support": [[_card(game, st, i) for i in row] for row in st.support],
        "totals": [total(db, st, s) if st.element >= 0 else 0 for s in (0, 1)],
        "shielded": [bool(st.element >= 0 and shielded(db, st, s)) for s in (0, 1)],
    }
    if seat is None:
        obs["public_hands"] = [sorted(st.card_ids[c] for c in h if st.public[c]) for h in st.hands]
        obs["discard_tops"] = [st.card_ids[d[-1]] if d else None for d in st.discards]
    else:
        other = 1 - seat
        obs["hand"] = [{"inst": c, "card": st.card_ids[c]} for c in st.hands[seat]]
        obs["other_hand"] = sorted(st.card_ids[c] for c in st.hands[other] if st.public[c])
        obs["discard"] = [st.card_ids[c] for c in st.discards[seat]]
        top = st.discards[other][-1] if st.discards[other] else None
        obs["other_discard_top"] = None if top is None else st.card_ids[top]
    if st.overrides:
        obs["overrides"] = decode(st.overrides)
    if st.step:  # step mode (engine.step): a stop is public, with its boundary
        obs["step"] = True
        if st.pending and st.pending[0] == "continue":
            obs["pending"] = list(st.pending[:3])
    if st.phase == OVER:
        obs["winners"] = list(st.winners)
        obs["reason"] = st.reason
    return obs


def gang_text(gang: str, lang: str) -> str:
    """A card's gang as its icon reads: "банда «Топ»" / "gang “Top”" (bluemoon.icon.gang)."""
    key = f"gang_{gang}"
    return msg("gang", lang, gang=msg(key, lang) if has(PKG, key, lang) else gang)


def card_facts(game: InlineCards[BlueMoonDB], i: int, st: BlueMoonState, lang: str) -> str:
    """A card's type, values and icons as a short line."""
    d = defn(game.dbs(st), st, i)
    parts = [msg(f"type_{d.type}", lang)]
    if d.type in ("character", "booster", "support"):
        parts.append(f"{msg('fire', lang)} {d.fire} / {msg('earth', lang)} {d.earth}")
    parts += [msg(f"icon_{x}", lang) for x in sorted(d.icons)]
    if d.gang:
        parts.append(gang_text(d.gang, lang))
    return ", ".join(parts)
