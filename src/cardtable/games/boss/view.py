"""Boss Battle text and observations (outside the hot path)."""

from __future__ import annotations

from typing import Any

from cardtable.core.carddata import InlineCards
from cardtable.core.events import Event
from cardtable.core.i18n import load, tr
from cardtable.games.boss.effects import attack_of, defn, max_resources
from cardtable.games.boss.overrides import decode
from cardtable.games.boss.records import BossDB
from cardtable.games.boss.state import (
    F_CARD,
    F_CTL,
    F_IDX,
    F_SRC,
    F_STEP,
    OVER,
    PHASES,
    PLAYER,
    SOURCES,
    STACK,
    BossState,
)

PKG = "cardtable.games.boss"


def msg(key: str, lang: str, **kw: Any) -> str:
    """A Boss Battle message."""
    return tr(PKG, key, lang, **kw)


def forms(key: str, lang: str) -> list[str]:
    """The "|"-separated word forms of a message (cases and genders of card texts)."""
    return load(PKG, lang).raw(key).split("|")


def counted(key: str, n: int, lang: str) -> str:
    """'2 карты' / '2 cards': a counted noun (a plural catalog entry) for ``n``."""
    return msg(key, lang, n=n)


def seat_name(seat: int, lang: str) -> str:
    """'Игрок 1' / 'Player 1'."""
    return msg("seat", lang, n=seat + 1)


def card_name(game: InlineCards[BossDB], st: BossState, i: int, lang: str) -> str:
    """The printed name of an instance in ``lang``."""
    return game.dbs(st).cards[st.card_ids[i]].name(lang)


def describe(
    game: InlineCards[BossDB], st: BossState | None, action: tuple[Any, ...], lang: str
) -> str:
    """Human text of an action."""
    kind = action[0]
    if kind == "continue":
        return describe_continue(st, lang)
    if st is None or len(action) == 1:
        return msg(f"act_{kind}", lang)
    if kind == "target":
        return msg("act_target", lang, target=target_name(game, st, action[1], lang))
    if kind == "mode":
        return msg("act_mode", lang, n=action[1] + 1)
    if kind == "amount":
        return msg("act_amount", lang, n=action[1])
    name = card_name(game, st, action[1], lang)
    if kind == "activate":
        return msg("act_activate", lang, card=name, n=action[2] + 1)
    return msg(f"act_{kind}", lang, card=name)


def describe_continue(st: BossState | None, lang: str) -> str:
    """A step-mode stop's ``continue``, naming what comes next (engine.step)."""
    if st is None or not st.pending or st.pending[0] != "continue":
        return msg("act_continue", lang)
    boundary = st.pending[1]
    seat = st.active
    if boundary == "next":
        seat = (seat + 1) % st.nseats()
    return msg(f"act_continue_{boundary}", lang, seat=seat_name(seat, lang))


def target_name(game: InlineCards[BossDB], st: BossState, x: int, lang: str) -> str:
    """A target in words."""
    if x >= STACK:
        k = x - STACK
        if k < len(st.stack):
            return msg("stack_item", lang, card=card_name(game, st, st.stack[k][F_CARD], lang))
        return msg("stack_item", lang, card="?")
    if x >= PLAYER:
        return seat_name(x - PLAYER, lang)
    return card_name(game, st, x, lang)


# --- events ------------------------------------------------------------------------------
def render_event(game: InlineCards[BossDB], st: BossState, ev: Event, lang: str) -> str:
    """One event as a line (the rule id it applied is shown by the caller)."""
    d = dict(ev.data)
    kw: dict[str, Any] = {"seat": seat_name(ev.seat, lang) if ev.seat is not None else ""}
    for key in ("card", "to", "by"):
        if key in d:
            value = d.pop(key)
            if key == "by":
                kw[key] = seat_name(value, lang)
            else:
                if value >= 0:
                    kw[key] = card_name(game, st, value, lang)
                elif ev.kind == "boss_damage":  # no card: the player's own «ранение»
                    kw[key] = msg("src_wound", lang)
                else:
                    kw[key] = seat_name(ev.seat or 0, lang)
    if "cards" in d:
        kw["cards"] = ", ".join(card_name(game, st, c, lang) for c in d.pop("cards"))
    if "phase" in d:
        kw["phase"] = msg(f"phase_{d.pop('phase')}", lang)
    if "what" in d:
        kw["what"] = msg(f"forbid_{d.pop('what')}", lang)
    if "src" in d:
        kw["src"] = msg(f"src_{SOURCES[d.pop('src')]}", lang)
    if "choice" in d:
        kw["choice"] = msg(f"wound_{d.pop('choice')}", lang)
    if "reason" in d:
        kw["reason"] = msg(f"reason_{d.pop('reason')}", lang)
    if ev.kind in ("slot", "resource", "refill", "drain"):
        kw["count"] = counted(f"ev_n_{ev.kind}", int(d.get("n", 0)), lang)
    kw.update(d)
    if "turns" in kw:  # the turn limit: counted (a plural message takes n)
        kw["n"] = kw["turns"]
    try:
        return msg(f"ev_{ev.kind}", lang, **kw)
    except (KeyError, IndexError, ValueError):
        return f"{ev.kind} {ev.rule}"


# --- observations ------------------------------------------------------------------------
def _permanent(game: InlineCards[BossDB], st: BossState, i: int) -> dict[str, Any]:
    db = game.dbs(st)
    d = defn(db, st, i)
    out: dict[str, Any] = {
        "inst": i,
        "card": st.card_ids[i],
        "owner": st.owner[i],
        "tapped": bool(st.tapped[i]),
        "exhausted": bool(st.exhausted[i]),
        "energy": st.energy[i],
    }
    if d.is_unit:
        out["attack"] = attack_of(db, st, i)
        out["durability"] = st.dur[i]
        out["fed"] = bool(st.fed[i])
    return out


def _frame(st: BossState, f: list[Any]) -> dict[str, Any]:
    return {
        "inst": f[F_CARD],
        "card": st.card_ids[f[F_CARD]] if f[F_CARD] >= 0 else None,
        "controller": f[F_CTL],
        "source": SOURCES[f[F_SRC]],
        "index": f[F_IDX],
        "step": f[F_STEP],
    }


def observation(game: InlineCards[BossDB], st: BossState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (boss.zone.*): its own hand, the others' hand sizes and the
    cards in them everyone has seen, deck sizes (never their order), graveyards, the
    abyss (the cards a player exiled by redealing are shown to the others only:
    boss.setup.redeal_seen), the battlefield, the stack, resources and the boss. ``seat``
    None: a spectator, who sees no hand and of the hands and the abyss only the cards
    every player has seen.

    Beside the card ids, ``hand_insts`` (the seat's own hand only) and ``grave_insts``
    give the instance numbers the actions name, in the same order, as the battlefield
    and the stack already do (``inst``). They tell nothing hidden: ``rules.new_state``
    numbers the cards in the order of the deck lists (``formats.make_decks``) before any
    shuffle, and a position zone by zone (``positions.ZONES``), so a number follows from
    the deck lists and zone sizes, never from a deck's order or an unseen card;
    ``determinize`` keeps every number (it moves instances, never renumbers them, and
    leaves a seat's own hand alone: the seat knows every card in it)."""
    db = game.dbs(st)
    bit = (1 << st.nseats()) - 1 if seat is None else 1 << seat
    players = []
    for s in range(st.nseats()):
        hand = st.hands[s]
        abyss = st.abyss[s]
        players.append(
            {
                "deck_name": st.labels[s],
                "hand": [st.card_ids[c] for c in hand] if s == seat else None,
                "hand_insts": list(hand) if s == seat else None,
                "hand_size": len(hand),
                "hand_known": sorted(st.card_ids[c] for c in hand if st.known[c] & bit == bit)
                if s != seat
                else None,
                "deck_size": len(st.decks[s]),
                "grave": [st.card_ids[c] for c in st.graves[s]],
                "grave_insts": list(st.graves[s]),
                "abyss": [st.card_ids[c] if st.known[c] & bit == bit else None for c in abyss],
                "slots": st.slots[s],
                "filled": st.filled[s],
                "extra": st.temp[s],
                "max_resources": max_resources(db, st, s),
                "waiting": bool(st.waiting[s]),
                "redeals": st.redeals[s],
                "field": [_permanent(game, st, i) for i in st.field[s]],
            }
        )
    obs: dict[str, Any] = {
        "game": "boss",
        "seat": seat,
        "phase": PHASES[st.phase],
        "turn": st.turn,
        "active": st.active,
        "first": st.first,
        "priority": st.prio,
        "pending": list(st.pending[:2]),
        "boss": st.boss,
        "boss_max": st.boss_max,
        "shield": st.shield,
        "combat": st.combat,
        "attackers": list(st.attackers),
        "players": players,
        "stack": [_frame(st, f) for f in st.stack],
        "resolving": [_frame(st, f) for f in st.res],
        "effects": [list(e) for e in st.effects],
    }
    if st.overrides:
        obs["overrides"] = decode(st.overrides)
    if st.step:
        obs["step"] = True
    if st.phase == OVER:
        obs["winners"] = list(st.winners)
        obs["reason"] = st.reason
    return obs
