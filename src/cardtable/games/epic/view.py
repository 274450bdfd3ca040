"""Epic text and observations (outside the hot path)."""

from __future__ import annotations

from typing import Any

from cardtable.core.carddata import InlineCards
from cardtable.core.events import Event
from cardtable.core.i18n import tr
from cardtable.games.epic.cards import KEYWORDS
from cardtable.games.epic.effects import (
    PLAYER,
    StaticsInPlay,
    frame_steps,
    keywords,
    statics_in_play,
    strength,
)
from cardtable.games.epic.multi import next_seat
from cardtable.games.epic.records import EpicDB
from cardtable.games.epic.state import DRAFT, F_CARD, F_STEP, OVER, EpicState

PKG = "cardtable.games.epic"
POSITIONS = ("prepared", "expended", "flipped")


def msg(key: str, lang: str, **kw: Any) -> str:
    """An Epic message."""
    return tr(PKG, key, lang, **kw)


def seat_name(seat: int, lang: str) -> str:
    """'Игрок 1' / 'Player 1'."""
    if seat >= 2:
        return msg("seat_n", lang, n=seat + 1)
    return msg("seat_a" if seat == 0 else "seat_b", lang)


def card_name(game: InlineCards[EpicDB], st: EpicState, i: int, lang: str) -> str:
    """The printed name of an instance."""
    return game.dbs(st).cards[st.card_ids[i]].name(lang)


def describe(
    game: InlineCards[EpicDB], st: EpicState | None, action: tuple[Any, ...], lang: str
) -> str:
    """Human text of an action."""
    kind = action[0]
    simple = {
        "attack": "act_attack",
        "pass": "act_pass",
        "return": "act_return",
        "end": "act_end",
        "done": "act_done",
        "keep": "act_keep",
        "skip": "act_skip",
        "decline": "act_decline",
    }
    if kind == "attack" and len(action) > 1:
        return msg("act_attack_player", lang, seat=seat_name(action[1], lang))
    if kind == "continue":
        return describe_continue(st, lang)
    if kind in simple:
        return msg(simple[kind], lang)
    if st is None:  # nothing to name the cards by: the action as typed
        return " ".join(str(a) for a in action)
    if kind == "play":
        name = card_name(game, st, action[1], lang)
        d = game.dbs(st).cards[st.card_ids[action[1]]]
        if len(d.modes) > 1:
            return msg("act_play_mode", lang, card=name, mode=action[2] + 1)
        return msg("act_play", lang, card=name)
    if kind == "add":
        key = (
            "act_add_attacker" if st.pending and st.pending[0] == "attackers" else "act_add_blocker"
        )
        return msg(key, lang, card=card_name(game, st, action[1], lang))
    if kind in ("to", "player"):
        src = st.assign.get("src", -1)
        args: dict[str, Any] = {"n": action[-1]}
        if kind == "to":
            args["card"] = card_name(game, st, action[1], lang)
        if src >= 0:  # whose damage it is (rules.assign_options)
            return msg(f"act_{kind}_from", lang, src=card_name(game, st, src, lang), **args)
        return msg(f"act_{kind}", lang, **args)
    if kind == "target":
        x = action[1]
        if x & PLAYER:
            return msg("act_target_player", lang, seat=seat_name(x & ~PLAYER, lang))
        return msg("act_target_card", lang, card=card_name(game, st, x, lang))
    if kind == "discard":
        return msg("act_discard", lang, card=card_name(game, st, action[1], lang))
    if kind == "x":
        return msg("act_x", lang, n=action[1])
    if kind in ("bury", "first", "pick", "cut"):
        return msg(f"act_{kind}", lang, card=card_name(game, st, action[1], lang))
    if kind == "show":
        names = ", ".join(card_name(game, st, c, lang) for c in action[1:])
        return msg("act_show", lang, cards=names)
    if kind == "mull":
        return msg("act_mull", lang, card=card_name(game, st, action[1], lang))
    if kind == "talent":
        d = game.dbs(st).cards[st.card_ids[action[1]]]
        name = card_name(game, st, action[1], lang)
        if len(d.talents) > 1:
            return msg("act_talent_n", lang, card=name, n=action[2] + 1)
        return msg("act_talent", lang, card=name)
    if kind == "recall":
        d = game.dbs(st).cards[st.card_ids[action[1]]]
        name = card_name(game, st, action[1], lang)
        if d.recall == "play" and len(d.modes) > 1:
            return msg("act_recall_mode", lang, card=name, mode=action[2] + 1)
        return msg("act_recall", lang, card=name)
    if kind in ("yes", "no"):
        return describe_may(game, st, kind == "yes", lang)
    return msg(f"act_{kind}", lang)


def describe_may(game: InlineCards[EpicDB], st: EpicState, yes: bool, lang: str) -> str:
    """``yes`` / ``no`` of a "may" decision: Loyalty's cards shown or not (the frame stands
    before its first step), or a "you may …" sentence done or declined (epic.ability.may)."""
    if not st.stack or st.stack[-1][F_STEP] >= 0:
        return msg("act_yes" if yes else "act_no", lang)
    frame = st.stack[-1]
    name = card_name(game, st, frame[F_CARD], lang)
    if frame[F_STEP] == -1:
        return msg("act_loyalty_yes" if yes else "act_loyalty_no", lang, card=name)
    if not yes:
        return msg("act_may_no", lang, card=name)
    from cardtable.games.epic.render import plain_step_text  # render imports this module

    step = frame_steps(game.dbs(st), st, frame)[-frame[F_STEP] - 2]
    return msg("act_may_yes", lang, card=name, text=plain_step_text(step, lang))


def describe_continue(st: EpicState | None, lang: str) -> str:
    """A step-mode stop's ``continue``, naming what comes next (engine.step)."""
    if st is None or not st.pending or st.pending[0] != "continue":
        return msg("act_continue", lang)
    boundary = st.pending[2]
    seat = st.active
    key = f"step_{boundary}"
    if boundary in ("blockers", "before_damage"):
        seat = st.defender
    elif boundary == "next":
        seat = next_seat(st, seat)
    elif (
        boundary == "turn" and st.mode == "duel" and seat == st.first and st.turns_taken[seat] == 1
    ):
        key = "step_turn_no_draw"  # epic.turn.start.draw: not the first player's first turn
    what = msg(key, lang, seat=seat_name(seat, lang))
    if boundary in ("main", "before_blocks", "before_damage") and (st.triggers or st.stack):
        return msg("act_continue_waiting", lang, next=what)
    return msg("act_continue_to", lang, next=what)


def render_event(game: InlineCards[EpicDB], st: EpicState, ev: Event, lang: str) -> str:
    """One event as a line."""
    d = dict(ev.data)
    kw: dict[str, Any] = {}
    if ev.seat is not None:
        kw["seat"] = seat_name(ev.seat, lang)
    if "card" in d:
        kw["card"] = card_name(game, st, d.pop("card"), lang)
    kw.update({k: v for k, v in d.items() if k in ("n", "amount", "turn", "offense", "defense")})
    if "amount" in kw:  # damage and health are counted (plural messages take n)
        kw["n"] = kw["amount"]
    try:
        return msg(f"ev_{ev.kind}", lang, **kw)
    except (KeyError, IndexError, ValueError):
        return f"{ev.kind} {ev.rule}"


# Keyword bits as the names an observation lists, in KEYWORDS order (memo per bit set).
_KEYWORD_NAMES: dict[int, tuple[str, ...]] = {}


def keyword_names(bits: int) -> list[str]:
    """The keywords whose bits are set, in KEYWORDS order."""
    names = _KEYWORD_NAMES.get(bits)
    if names is None:
        names = _KEYWORD_NAMES[bits] = tuple(k for b, k in enumerate(KEYWORDS) if bits & (1 << b))
    return list(names)


def champion_view(
    game: InlineCards[EpicDB], st: EpicState, i: int, statics: StaticsInPlay | None = None
) -> dict[str, Any]:
    """A champion in play as public data (``statics``: the constant abilities in play, when
    already found)."""
    db = game.dbs(st)
    return _champion(db, st, i, statics or statics_in_play(db, st))


def _champion(db: EpicDB, st: EpicState, i: int, statics: StaticsInPlay) -> dict[str, Any]:
    """champion_view with the database and the constant abilities in play at hand."""
    off, dfn = strength(db, st, i, statics)
    return {
        "inst": i,
        "card": st.card_ids[i],
        "offense": off,
        "defense": dfn,
        "damage": st.damage[i],
        "position": POSITIONS[st.pos[i]],
        "arriving": bool(st.arriving[i]),
        "keywords": keyword_names(keywords(db, st, i, statics)),
        "owner": st.owner[i],
    }


def combat_damage_view(st: EpicState) -> dict[str, Any]:
    """The split of combat damage so far: whose damage is being placed, how much of it is
    left, and each part placed (a champion's or the defending player's)."""
    a = st.assign
    h = a["hits"]
    parts: list[dict[str, Any]] = []
    for k in range(0, len(h), 3):
        part: dict[str, Any] = {"from": h[k], "n": h[k + 2]}
        if h[k + 1] & PLAYER:
            part["player"] = h[k + 1] & ~PLAYER
        else:
            part["card"] = h[k + 1]
        parts.append(part)
    return {"src": a["src"], "left": a["left"], "side": a["side"], "parts": parts}


def observation(game: InlineCards[EpicDB], st: EpicState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know: its own hand, other hands' sizes and revealed cards, no deck
    order (``seat`` None: a spectator, who sees no hand but its revealed cards and no
    pack)."""
    db = game.dbs(st)
    statics = statics_in_play(db, st)
    hands: list[list[Any]] = []
    for s, hand in enumerate(st.hands):
        if s == seat:
            hands.append([{"inst": c, "card": st.card_ids[c]} for c in hand])
        else:
            hands.append(sorted(st.card_ids[c] for c in hand if st.public[c]))
    obs: dict[str, Any] = {
        "game": "epic",
        "seat": seat,
        "phase": ("mulligan", "play", "over", "draft")[st.phase],
        "turn": st.turn,
        "active": st.active,
        "first": st.first,
        "window": st.window,
        "initiative": st.init,
        "pending": list(st.pending[:2]),
        "health": list(st.health),
        "gold": list(st.gold),
        "hands": hands,
        "hand_sizes": [len(h) for h in st.hands],
        "deck_sizes": [len(d) for d in st.decks],
        "discards": [[st.card_ids[c] for c in d] for d in st.discards],
        "play": [[_champion(db, st, i, statics) for i in row] for row in st.play],
        "attackers": list(st.attackers),
        "blockers": list(st.blockers),
        "limbo": [st.card_ids[c] for c in st.limbo],
    }
    if "hits" in st.assign:  # combat damage being split: public
        obs["combat_damage"] = combat_damage_view(st)
    if st.step:  # step mode (engine.step): a stop is public, with its boundary
        obs["step"] = True
        if st.pending and st.pending[0] == "continue":
            obs["pending"] = list(st.pending)
    if st.phase == DRAFT:  # own pack and picks; the others' only as counts
        obs["draft"] = {
            "kind": st.draft,
            "round": st.draft_round,
            "pack": []
            if seat is None
            else [{"inst": c, "card": st.card_ids[c]} for c in st.packs[seat]],
            "drafted": [] if seat is None else sorted(st.card_ids[c] for c in st.drafted[seat]),
            "pack_sizes": [len(p) for p in st.packs],
            "drafted_sizes": [len(d) for d in st.drafted],
        }
    if st.phase == 0 and st.pending and st.pending[1] == seat:
        obs["mulligan"] = [st.card_ids[c] for c in st.mull_chosen]
    if st.phase == OVER:
        obs["winners"] = list(st.winners)
        obs["reason"] = st.reason
    return obs
