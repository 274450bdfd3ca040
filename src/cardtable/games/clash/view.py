"""Clash text: observations, action descriptions and event lines in ru/en (outside the hot
path; the canonical action texts are in texts.py)."""

from __future__ import annotations

import copy
from typing import Any, Protocol

from cardtable.core.events import Event
from cardtable.core.i18n import has, tr
from cardtable.games.clash.abilities import ids_of, names_of
from cardtable.games.clash.effects import atk_of, available, fort_hp, hp_of
from cardtable.games.clash.records import CardDef
from cardtable.games.clash.rules import FATIGUE_AFTER
from cardtable.games.clash.state import DRAFT, OVER, ClashState
from cardtable.games.clash.texts import ROW_NAMES, SEAT_KEYS


class GameTables(Protocol):
    """The game as this module uses it: a card instance's definition in a state.
    A protocol rather than the game's class, so that the module compiles (mypyc)
    without the rest of cardtable."""

    def card_def(self, state: ClashState, inst: int) -> CardDef | None: ...


PKG = "cardtable.games.clash"
COUNTED = ("amount", "mana", "turns")
"""The event fields a counted event message agrees with, in this order."""


def msg(key: str, lang: str, **kw: Any) -> str:
    """A Clash message."""
    return tr(PKG, key, lang, **kw)


def seat_name(seat: int, lang: str, ai: bool = False) -> str:
    """'Игрок А' / 'Player A' … 'Игрок Г' / 'Player D'; an AI seat is 'ИИ Б' / 'AI B'."""
    if not 0 <= seat < len(SEAT_KEYS):
        return f"#{seat + 1}"
    return msg(f"{'ai' if ai else 'seat'}_{SEAT_KEYS[seat]}", lang)


def seat_of(st: ClashState, seat: int, lang: str) -> str:
    """The name of a seat of this table (AI seats named as such)."""
    ai = 0 <= seat < len(st.ai) and bool(st.ai[seat])
    return seat_name(seat, lang, ai)


def _has(key: str, lang: str) -> bool:
    return has(PKG, key, lang)


def _destroyed_to_deck(st: ClashState, ev: Event, card: int) -> bool:
    """Whether an AI's destroyed creature went back on top of its deck (the next events
    of the log say so: Наёмник and Проклятие), not to its discard pile."""
    log = st.log or []
    for i, other in enumerate(log):
        if other is ev:
            for nxt in log[i + 1 : i + 3]:
                if nxt.kind == "returned" and dict(nxt.data).get("deck"):
                    return True
            return False
    return False


def card_name(game: GameTables, st: ClashState, inst: int, lang: str) -> str:
    """The printed name of an instance."""
    d = game.card_def(st, inst)
    return msg("fortress", lang) if d is None else d.name(lang)


def describe(game: GameTables, st: ClashState | None, action: tuple[Any, ...], lang: str) -> str:
    """Human text of an action (Подкрепление's row or host named as such)."""
    kind = action[0]
    if kind == "end":
        return msg("act_end", lang)
    if kind == "continue":
        return describe_continue(st, lang)
    reinforcing = st is not None and st.pending[:1] == ("reinforce",)
    if kind == "row":
        row = msg(f"row_{ROW_NAMES[action[1]]}", lang)
        if st is not None and reinforcing:
            card = card_name(game, st, st.pending[1], lang)
            return msg("act_reinforce_row", lang, card=card, row=row)
        return msg("act_row", lang, row=row)
    if kind == "give":
        who = seat_name(action[1], lang) if st is None else seat_of(st, action[1], lang)
        return msg("act_give", lang, seat=who)
    if st is None:
        return f"{kind} #{action[1]}"
    if kind == "host" and reinforcing:
        card = card_name(game, st, st.pending[1], lang)
        return msg("act_reinforce_host", lang, card=card, host=card_name(game, st, action[1], lang))
    return msg(f"act_{kind}", lang, card=card_name(game, st, action[1], lang))


def describe_continue(st: ClashState | None, lang: str) -> str:
    """A step-mode stop's ``continue``, naming what comes next (engine.step)."""
    if st is None or st.pending[:1] != ("continue",):
        return msg("act_continue", lang)
    boundary = st.pending[1]
    seat = st.active
    if boundary == "next":
        seat = (seat + 1) % len(st.hands)
    key = f"act_continue_{boundary}"
    if boundary == "turn" and st.fatigue and st.turns_taken[seat] > FATIGUE_AFTER:
        key = "act_continue_turn_fatigue"  # clash.fatigue.discard comes first
    return msg(key, lang, seat=seat_of(st, seat, lang))


def render_event(game: GameTables, st: ClashState, ev: Event, lang: str) -> str:
    """One event as a line."""
    d = dict(ev.data)
    kw: dict[str, Any] = {}
    ai = ev.seat is not None and 0 <= ev.seat < len(st.ai) and bool(st.ai[ev.seat])
    key = f"ev_{ev.kind}"
    if ev.kind == "destroyed" and ai:
        key = "ev_destroyed_ai_deck" if _destroyed_to_deck(st, ev, d["card"]) else "ev_destroyed_ai"
    elif ev.kind == "returned" and d.pop("deck", False):
        key = "ev_returned_deck"
    elif ev.kind == "returned" and d.pop("leftmost", False):
        key = "ev_returned_leftmost"
    elif ai and _has(f"ev_{ev.kind}_ai", lang):
        key = f"ev_{ev.kind}_ai"
    d.pop("leftmost", None)
    if ev.seat is not None:
        kw["seat"] = seat_of(st, ev.seat, lang)
    for name in ("card", "host", "source", "target", "swapped"):
        if name in d:
            kw[name] = card_name(game, st, d.pop(name), lang)
    if "lane" in d:
        lane = d.pop("lane")
        rank = 0 if ev.seat is None else [r[0] for r in st.seat_rows[ev.seat]].index(lane)
        kw["row"] = msg(f"row_{ROW_NAMES[rank]}", lang)
    if ev.kind == "first":
        kw["seat"] = seat_of(st, ev.seat or 0, lang)
    if ev.kind == "attack" and d.get("fortress", -1) >= 0:
        return msg("ev_attack_fortress", lang, target=seat_of(st, d["fortress"], lang), **kw)
    d.pop("fortress", None)
    if "reason" in d:
        reason = d.pop("reason")
        kw["reason"] = msg(f"reason_{reason}", lang) if _has(f"reason_{reason}", lang) else reason
    kw.update(d)
    for counted in COUNTED:  # a counted message takes its number as n
        if counted in kw:
            kw.setdefault("n", kw[counted])
            break
    try:
        return msg(key, lang, **kw)
    except (KeyError, IndexError):
        return f"{ev.kind} {ev.rule} {ev.data}"


def creature_view(game: GameTables, st: ClashState, c: int) -> dict[str, Any]:
    """A creature in play as public data."""
    out: dict[str, Any] = {
        "inst": c,
        "card": st.card_ids[c],
        "attack": atk_of(st, c),
        "health": hp_of(st, c),
        "damage": st.damage[c],
        "abilities": ids_of(st.eff[c]),
        "new": st.entered[c] == st.turn,
    }
    if c in st.symb:
        out["symbiont"] = st.card_ids[st.symb[c]]
    held = [st.shackled[k][0] for k in (c, st.symb.get(c, -1)) if k in st.shackled]
    if held:
        out["shackled"] = [st.card_ids[h] for h in held]
    if st.sprint[c]:
        out["sprint"] = st.sprint[c]
    return out


def observation(game: GameTables, st: ClashState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know: hidden hand places are None, hidden cards listed only as a set
    (``seat`` None: a spectator, who sees only the public places)."""
    hands = []
    hidden = []
    for s, hand in enumerate(st.hands):
        shown: list[dict[str, Any] | None] = []
        secret: list[str] = []
        for c in hand:
            if st.public[c] or s == seat:
                if c == st.fortress[s]:
                    shown.append({"inst": c, "card": "fortress"})
                else:
                    shown.append({"inst": c, "card": st.card_ids[c]})
            else:
                shown.append(None)
                secret.append(st.card_ids[c])
        hands.append(shown)
        hidden.append(sorted(secret))
    fortresses: list[dict[str, Any] | None] = []
    for s in range(len(st.hands)):
        if st.ai[s]:
            fortresses.append(
                {
                    "index": -1,
                    "side": "fort" if st.fort_up[s] else "bastion",
                    "health": len(st.decks[s]),
                }
            )
        elif st.hands[s] and st.fortress[s] in st.hands[s]:
            fortresses.append(
                {
                    "index": st.hands[s].index(st.fortress[s]),
                    "side": "fort" if st.fort_up[s] else "bastion",
                    "health": fort_hp(st, s),
                }
            )
        else:
            fortresses.append(None)
    obs: dict[str, Any] = {
        "game": "clash",
        "seat": seat,
        "phase": ("draft", "summon", "over")[st.phase],
        "turn": st.turn,
        "active": st.active,
        "first": st.first if st.phase != DRAFT else None,
        "mana": st.mana,
        "pending": list(st.pending),
        "turns_taken": list(st.turns_taken),
        "fatigue": st.fatigue,
        "hands": hands,
        "hidden": hidden,
        "fortress": fortresses,
        "board": [[[creature_view(game, st, c) for c in row] for row in lane] for lane in st.board],
        # each seat's top and bottom row as (lane, side) places on the board
        "rows": [[list(place) for place in rows] for rows in st.seat_rows],
        "removed": [st.card_ids[c] for c in st.removed],
        "limbo": [st.card_ids[c] for c in st.limbo],
        "available": [st.card_ids[c] for c in available(st, seat)]
        if seat is not None and st.phase != DRAFT and not st.ai[seat]
        else [],
        "mode": st.mode,
        "teams": list(st.team),
        "ai": list(st.ai),
        # An AI's deck: its size and which cards are in it (known: they are the cards the
        # AI was dealt that are nowhere else), never their order.
        "decks": [sorted(st.card_ids[c] for c in d) for d in st.decks],
        "discards": [[st.card_ids[c] for c in d] for d in st.discards],
        "champions": [
            None
            if champ < 0
            else {
                "card": st.card_ids[champ],
                "state": ("ready", "in_play", "exhausted")[st.champ_state[s]],
            }
            for s, champ in enumerate(st.champion)
        ],
    }
    if st.phase == DRAFT:
        obs["draft"] = {
            "revealed": [{"inst": c, "card": st.card_ids[c]} for c in st.revealed],
            "drafted": [[st.card_ids[c] for c in d] for d in st.drafted],
            "pool_size": len(st.pool),
            "ai_pool": sorted(st.card_ids[c] for c in st.ai_pool),
        }
    if st.custom:
        # Cards not as printed (a position's own cards, what-if overrides): their
        # definitions are public like every printed card.
        obs["cards"] = copy.deepcopy(list(st.custom))
    if st.step:
        obs["step"] = True
    if st.phase == OVER:
        obs["winners"] = list(st.winners)
        obs["reason"] = st.reason
    return obs


def card_line(game: GameTables, st: ClashState, inst: int, lang: str) -> str:
    """'Name (cost) atk/hp [abilities]' for a card instance."""
    d = game.card_def(st, inst)
    if d is None:
        return msg("fortress", lang)
    abil = ", ".join(names_of(d.abilities, lang))
    if d.aura:
        abil = abil.replace(
            names_of(1, lang)[0], f"{names_of(1, lang)[0]}: {names_of(d.aura, lang)[0]}"
        )
    stats = f"{d.attack}/{d.health}" if d.kind == 0 else f"⚡{d.attack}"
    return f"{d.name(lang)} ({d.cost}) {stats}" + (f" [{abil}]" if abil else "")
