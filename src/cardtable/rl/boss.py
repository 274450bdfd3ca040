"""Boss Battle as fixed-size tensors: the observation vector and the action space.

Seats are relative: seat 0 of every per-seat block is the observer, then the others in
turn order (``(observer + j) % seats``), so one network can play any seat. Cards are
one-hot (or counted) over the catalogue of printed cards (sorted ids) plus one "other
card" slot for cards no card file prints (a position's inline cards). Every value lies
in [0, 1]: numbers are divided by the constants below and clipped.

A permanent is addressed by its relative seat and its slot on that seat's battlefield
(the order the cards entered); ``FIELD_SLOTS`` slots per seat are shown and addressed,
a permanent beyond them shares the last slot. Stack items are counted from the top.

Hand and graveyard cards are found by instance: the view gives the instance numbers
beside the card ids (``hand_insts``, ``grave_insts``), as the actions name them. A hand
card is addressed by its slot in the hand, a graveyard card by its card's catalogue
index (the rules offer one copy of a card per graveyard: copies are one choice), in the
part of the segment of the graveyard's relative seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, get_args

import numpy as np

from cardtable.core.game import Action, Game
from cardtable.core.overrides import encode
from cardtable.games.boss.cards import Forbidden, default_db
from cardtable.games.boss.effects import HAND_LIMIT
from cardtable.games.boss.records import BossDB
from cardtable.games.boss.rules import BOUNDARIES
from cardtable.games.boss.state import PHASES, PLAYER, SOURCES, STACK
from cardtable.rl.encoding import Encoder, Layout, Segment, register_encoder

HAND_SLOTS = HAND_LIMIT
"""A hand holds at most 9 cards (boss.zone.hand_limit): every hand card has a slot."""
FIELD_SLOTS = 16
"""Permanents shown and addressed per seat (random games rarely pass 11)."""
STACK_SLOTS = 8
"""Stack items shown and targetable, from the top."""
RESOLVING_SLOTS = 4
"""Items being resolved shown, from the top (one at a time is usual)."""
AMOUNT_SLOTS = 9
"""A synergy (Синергия) X is at most 9 (the card schema, what-if numbers included)."""

NUMBER_DIV = 10.0  # cost, attack, durability, energy tokens
RESOURCE_DIV = 12.0  # slots, filled, extra resources, the maximum
HAND_DIV = float(HAND_LIMIT)
PILE_DIV = 50.0  # deck or graveyard size (a deck holds at most 50 cards)
ABYSS_DIV = 15.0
REDEAL_DIV = 5.0
TURN_DIV = 100.0
SHIELD_DIV = 10.0
COPIES_DIV = 2.0  # copies of a card in a pile (a deck holds at most two)
FRAME_DIV = 4.0  # a frame's ability index and step

PENDING = (
    "redeal",
    "wound",
    "priority",
    "attackers",
    "scrap_cost",
    "subst_target",
    "target",
    "mode",
    "discard",
    "sacrifice",
    "feed",
    "energy",
    "amount",
    "continue",
)
COMBAT = ("draw next", "untap next", "start effects next", "wound next", "none", "attacked", "done")
"""``view["combat"]`` from -4 to 2: the start phase's next step, then the combat's state."""
FORBIDS: tuple[str, ...] = get_args(Forbidden)
UNTIL = ("eot", "next_turn")
SEAT_FIELDS = (
    "active",
    "priority",
    "deciding",
    "first",
    "winner",
    "waiting",
    "hand_size",
    "deck_size",
    "grave_size",
    "abyss_size",
    "abyss_unseen",
    "slots",
    "filled",
    "extra",
    "max_resources",
    "redeals",
    "field_size",
)
HAND_FIELDS = ("cost", "tactic", "permanent")
PERM_FIELDS = (
    "unit",
    "attack",
    "durability",
    "energy",
    "tapped",
    "exhausted",
    "fed",
    "attacking",
    "not_owner",
)
FIELD_ACTIONS = {
    "construct": "use its construct effect (Конструирование)",
    "synergy": "use its synergy (Синергия: the move is chosen next)",
    "scrap": "use its scrap effect (Металлолом: the permanent to destroy is chosen next)",
    "substitute": "use its substitution (Подмена: the mitsim to bring back is chosen next)",
    "attack": "declare it an attacker",
    "reckon": "use its reckoning («Расплата») instead of attacking",
    "destroy": "destroy it to pay a scrap cost (Металлолом)",
    "sacrifice": "sacrifice it",
    "feed": "take the hunger token from it (Голод)",
}
SINGLES = {
    "keep": "keep the hand",
    "redeal": "ask for a redeal",
    "slot": "the wound's reward («ранение»): a filled resource slot",
    "card": "the wound's reward («ранение»): an extra card",
    "pass": "pass priority",
    "wait": "pass until something changes (for the active player: the rest of the turn)",
    "done": "no more attackers",
    "continue": "go on past a step-mode stop",
}
FRAME_FIELDS = ("index", "step")


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def _seat(view: Mapping[str, Any]) -> int:
    seat = view.get("seat")
    if seat is None:
        raise ValueError("the Boss Battle encoding needs a seat's view, not a spectator's")
    return int(seat)


def _deciding(view: Mapping[str, Any]) -> int | None:
    """The seat owning the pending decision (game.to_move, from the view)."""
    pending = view["pending"]
    if not pending or view["phase"] == "over":
        return None
    return int(view["active"]) if pending[0] == "continue" else int(pending[1])


class BossEncoder(Encoder):
    """Boss Battle's observation and action encoding for one setup."""

    def __init__(self, game: Game, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, setup)
        db: BossDB | None = getattr(game, "db", None)
        self.db = db if isinstance(db, BossDB) else default_db()
        self.use_catalogue(self.db.cards)
        self.labels: tuple[str, ...] = (*sorted(self.db.decks), "constructed", "random")
        cards = self.db.cards.values()
        self.ability_slots = max(1, max((len(d.activated) for d in cards), default=1))
        self.mode_slots = max(1, max((len(d.modes) for d in cards), default=1))
        self._obs_layout(self.seats, self.vocab)
        self._action_layout(self.seats, self.vocab)

    # --- layouts ---------------------------------------------------------------------
    def _obs_layout(self, s: int, v: int) -> None:
        lay = Layout()
        add = lay.add
        self.o_pending = add(
            "pending",
            len(PENDING) + 1,
            "one-hot pending decision: " + ", ".join(PENDING) + ", none (game over)",
        )
        self.o_stop = add(
            "pending_stop", len(BOUNDARIES), "step mode: one-hot boundary " + ", ".join(BOUNDARIES)
        )
        self.o_phase = add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        self.o_combat = add(
            "combat_step",
            len(COMBAT),
            "one-hot view['combat'] from -4 to 2: the start phase's next step (draw, untap, "
            "start effects, wound), then none / attackers declared / combat damage dealt",
        )
        self.o_clock = add("clock", 1, f"turn / {TURN_DIV:g} (clipped)")
        self.o_boss = add(
            "boss", 2, f"the boss's health / its starting health; its shield / {SHIELD_DIV:g}"
        )
        self.o_flags = add("flags", 2, "step mode on; the game is over")
        self.o_seat = add(
            "seats",
            s * len(SEAT_FIELDS),
            "per relative seat: "
            + ", ".join(SEAT_FIELDS)
            + f" (flags 0/1; hand size / {HAND_DIV:g}; deck and graveyard sizes / "
            f"{PILE_DIV:g}; abyss size and its cards unseen by the observer / {ABYSS_DIV:g}; "
            f"resources / {RESOURCE_DIV:g}; redeals / {REDEAL_DIV:g}; permanents / "
            f"{FIELD_SLOTS}; clipped)",
        )
        self.o_deck = add(
            "deck_label",
            s * (len(self.labels) + 1),
            "per relative seat: one-hot deck: " + ", ".join(self.labels) + ", other",
        )
        self.o_forbid = add(
            "forbidden",
            s * len(UNTIL) * len(FORBIDS),
            "per relative seat, per duration (until the end of the turn, until its next turn):"
            " what a card forbids it (" + ", ".join(FORBIDS) + ")",
        )
        self.o_hand = add(
            "hand",
            HAND_SLOTS * (v + len(HAND_FIELDS)),
            f"the observer's hand, {HAND_SLOTS} slots in the view's order (the hand limit): "
            f"one-hot card, printed cost / {NUMBER_DIV:g}, tactic, permanent",
        )
        self.o_known = add(
            "hand_known",
            s * v,
            f"per relative seat (0: empty): copies / {COPIES_DIV:g} of each card in its hand "
            "that every player has seen",
        )
        self.o_grave = add(
            "graveyard", s * v, f"per relative seat: copies / {COPIES_DIV:g} of each card"
        )
        self.o_abyss = add(
            "abyss",
            s * v,
            f"per relative seat: copies / {COPIES_DIV:g} of each card of its abyss the "
            "observer has seen",
        )
        self._per_perm = v + len(PERM_FIELDS)
        self.o_field = add(
            "battlefield",
            s * FIELD_SLOTS * self._per_perm,
            f"per relative seat, {FIELD_SLOTS} slots in the order the permanents entered "
            "(later ones not shown): one-hot card, "
            + ", ".join(PERM_FIELDS)
            + f" (numbers now / {NUMBER_DIV:g}, clipped; not_owner: controlled, not owned)",
        )
        self._per_frame = v + s + len(SOURCES) + len(FRAME_FIELDS)
        frame = (
            "one-hot card, one-hot relative controller, one-hot source ("
            + ", ".join(SOURCES)
            + f"), its ability index and step / {FRAME_DIV:g}"
        )
        self.o_stack = add(
            "stack",
            STACK_SLOTS * self._per_frame + 1,
            f"the {STACK_SLOTS} top stack items, top first (deeper ones not shown): "
            f"{frame}; then the stack size / {STACK_SLOTS} (clipped)",
        )
        self.o_res = add(
            "resolving",
            RESOLVING_SLOTS * self._per_frame,
            f"the {RESOLVING_SLOTS} items being resolved, innermost first: {frame}",
        )
        self.obs_layout = lay
        self.obs_size = lay.size

    def _action_layout(self, s: int, v: int) -> None:
        lay = Layout()
        add = lay.add
        f = FIELD_SLOTS
        later = f" (slot {f - 1} also stands for every later permanent)"
        self.a_single = {name: add(name, 1, meaning) for name, meaning in SINGLES.items()}
        self.a_play = add("play", HAND_SLOTS, "cast the card in your hand slot k")
        self.a_discard = add("discard", HAND_SLOTS, "discard the card in your hand slot k")
        a = self.ability_slots
        self.a_activate = add(
            "activate",
            f * a,
            f"activate ability k % {a} of your permanent in battlefield slot k // {a}" + later,
        )
        self.a_field = {
            name: add(name, f, f"your permanent in battlefield slot k: {meaning}" + later)
            for name, meaning in FIELD_ACTIONS.items()
        }
        self.a_return = add(
            "return",
            v,
            "substitution (Подмена): bring back the mitsim with catalogue index k from your "
            "graveyard",
        )
        self.a_target_perm = add(
            "target_permanent",
            s * f,
            f"target the permanent in battlefield slot k % {f} of the seat k // {f} after you"
            + later,
        )
        self.a_target_player = add("target_player", s, "target the seat k after you (0: you)")
        self.a_target_stack = add(
            "target_stack",
            STACK_SLOTS,
            f"target the stack item k from the top (item {STACK_SLOTS - 1} also stands for "
            "every deeper one)",
        )
        self.a_target_grave = add(
            "target_grave",
            s * v,
            f"target the card with catalogue index k % {v} in the graveyard of the seat "
            f"k // {v} after you (copies are one choice; index {v - 1}: any unprinted card)",
        )
        self.a_mode = add(
            "mode",
            self.mode_slots,
            f"choose mode k of the card (no printed card has more than {self.mode_slots})",
        )
        self.a_give = add(
            "give",
            s * f,
            f"synergy: move energy onto the permanent in slot k % {f} of the seat k // {f} "
            "after you" + later,
        )
        self.a_take = add(
            "take",
            s * f,
            f"synergy: take energy from the permanent in slot k % {f} of the seat k // {f} "
            "after you" + later,
        )
        self.a_amount = add("amount", AMOUNT_SLOTS, "synergy: move k + 1 energy tokens")
        self.action_layout = lay
        self.num_actions = lay.size

    def spell(self, seg: Segment, k: int) -> str:
        """The meaning of offset ``k`` of an action segment, its slot spelled out."""
        name = seg.name
        f, v, a = FIELD_SLOTS, self.vocab, self.ability_slots
        if name in SINGLES:
            return SINGLES[name]
        if name in ("play", "discard"):
            return f"{name} the card in your hand slot {k}"
        if name == "activate":
            return f"activate ability {k % a} of your permanent in battlefield slot {k // a}"
        if name in FIELD_ACTIONS:
            return f"your permanent in battlefield slot {k}: {FIELD_ACTIONS[name]}"
        if name == "return":
            return f"substitution: bring back {self._card_name(k)} from your graveyard"
        if name in ("target_permanent", "give", "take"):
            verb = {
                "target_permanent": "target",
                "give": "synergy: move energy onto",
                "take": "synergy: take energy from",
            }[name]
            return f"{verb} the permanent in slot {k % f} of {_zone('battlefield', k // f)}"
        if name == "target_player":
            return "target yourself" if k == 0 else f"target the seat {k} after you"
        if name == "target_stack":
            return f"target the stack item {k} from the top"
        if name == "target_grave":
            return f"target {self._card_name(k % v)} in {_zone('graveyard', k // v)}"
        if name == "mode":
            return f"choose mode {k} of the card"
        return f"synergy: move {k + 1} energy token{'s' if k else ''}"

    def _card_name(self, k: int) -> str:
        return f"the card {self.catalogue[k]}" if k < self.other else "a card no card file prints"

    # --- cards -----------------------------------------------------------------------
    def card_slot(self, card: str | None) -> int:
        """The card's index in the one-hot vocabulary (the "other card" slot if unprinted)."""
        return self.card_index.get(card, self.other) if card is not None else self.other

    def _db(self, view: Mapping[str, Any]) -> BossDB:
        """The cards as this game has them: the printed ones, or with what-if numbers."""
        changed = view.get("overrides")
        with_key = getattr(self.game, "with_key", None)
        if not changed or with_key is None:
            return self.db
        out: BossDB = with_key(self.db, encode(changed))
        return out

    def _count(self, out: np.ndarray, start: int, cards: Sequence[str | None]) -> None:
        for c in cards:
            if c is None:
                continue
            i = start + self.card_slot(c)
            out[i] = min(1.0, out[i] + 1.0 / COPIES_DIV)

    # --- the observation -------------------------------------------------------------
    def observation(self, view: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self.obs_size, dtype=np.float32)
        me = _seat(view)
        s, v = self.seats, self.vocab
        db = self._db(view)

        pending = view["pending"]
        kind = pending[0] if pending and view["phase"] != "over" else None
        out[self.o_pending.start + (PENDING.index(kind) if kind else len(PENDING))] = 1.0
        if kind == "continue":
            out[self.o_stop.start + BOUNDARIES.index(pending[1])] = 1.0
        out[self.o_phase.start + PHASES.index(view["phase"])] = 1.0
        combat = min(max(int(view["combat"]) + 4, 0), len(COMBAT) - 1)
        out[self.o_combat.start + combat] = 1.0
        out[self.o_clock.start] = _clip(view["turn"] / TURN_DIV)
        out[self.o_boss.start] = _clip(view["boss"] / max(1, view["boss_max"]))
        out[self.o_boss.start + 1] = _clip(view["shield"] / SHIELD_DIV)
        out[self.o_flags.start] = float(bool(view.get("step")))
        out[self.o_flags.start + 1] = float(view["phase"] == "over")

        hand = view["players"][me]["hand"] or []
        width = v + len(HAND_FIELDS)
        for k, c in enumerate(hand[:HAND_SLOTS]):
            at = self.o_hand.start + k * width
            out[at + self.card_slot(c)] = 1.0
            d = db.cards.get(c)
            if d is not None:
                out[at + v] = _clip(d.cost / NUMBER_DIV)
                out[at + v + 1] = float(d.type == "tactic")
                out[at + v + 2] = float(d.is_permanent)
        for j in range(s):
            self._seat_block(out, view, (me + j) % s, j, me)
        self._frames(out, me, self.o_stack.start, view["stack"][::-1], STACK_SLOTS)
        out[self.o_stack.stop - 1] = _clip(len(view["stack"]) / STACK_SLOTS)
        self._frames(out, me, self.o_res.start, view["resolving"][::-1], RESOLVING_SLOTS)
        return out

    def _seat_block(
        self, out: np.ndarray, view: Mapping[str, Any], seat: int, j: int, me: int
    ) -> None:
        v = self.vocab
        p = view["players"][seat]
        abyss = p["abyss"]
        flags = {
            "active": view["active"] == seat,
            "priority": view["priority"] == seat,
            "deciding": _deciding(view) == seat,
            "first": view["first"] == seat,
            "winner": seat in view.get("winners", ()),
            "waiting": p["waiting"],
        }
        numbers = {
            "hand_size": p["hand_size"] / HAND_DIV,
            "deck_size": p["deck_size"] / PILE_DIV,
            "grave_size": len(p["grave"]) / PILE_DIV,
            "abyss_size": len(abyss) / ABYSS_DIV,
            "abyss_unseen": sum(c is None for c in abyss) / ABYSS_DIV,
            "slots": p["slots"] / RESOURCE_DIV,
            "filled": p["filled"] / RESOURCE_DIV,
            "extra": p["extra"] / RESOURCE_DIV,
            "max_resources": p["max_resources"] / RESOURCE_DIV,
            "redeals": p["redeals"] / REDEAL_DIV,
            "field_size": len(p["field"]) / FIELD_SLOTS,
        }
        at = self.o_seat.start + j * len(SEAT_FIELDS)
        values = [float(bool(x)) for x in flags.values()] + [_clip(x) for x in numbers.values()]
        out[at : at + len(SEAT_FIELDS)] = values
        nl = len(self.labels) + 1
        label = p["deck_name"]
        at = self.o_deck.start + j * nl
        out[at + (self.labels.index(label) if label in self.labels else nl - 1)] = 1.0
        for e in view["effects"]:
            what, who, until = e[0], e[1], e[2]
            if who == seat and what in FORBIDS and until in UNTIL:
                k = UNTIL.index(until) * len(FORBIDS) + FORBIDS.index(what)
                out[self.o_forbid.start + j * len(UNTIL) * len(FORBIDS) + k] = 1.0
        if seat != me:
            self._count(out, self.o_known.start + j * v, p["hand_known"] or [])
        self._count(out, self.o_grave.start + j * v, p["grave"])
        self._count(out, self.o_abyss.start + j * v, abyss)
        attackers = set(view["attackers"])
        width = self._per_perm
        for k, perm in enumerate(p["field"][:FIELD_SLOTS]):
            at = self.o_field.start + (j * FIELD_SLOTS + k) * width
            out[at + self.card_slot(perm["card"])] = 1.0
            unit = "attack" in perm
            out[at + v : at + width] = [
                float(unit),
                _clip(perm.get("attack", 0) / NUMBER_DIV),
                _clip(perm.get("durability", 0) / NUMBER_DIV),
                _clip(perm["energy"] / NUMBER_DIV),
                float(perm["tapped"]),
                float(perm["exhausted"]),
                float(perm.get("fed", False)),
                float(perm["inst"] in attackers),
                float(perm["owner"] != seat),
            ]

    def _frames(
        self, out: np.ndarray, me: int, start: int, frames: Sequence[Mapping[str, Any]], slots: int
    ) -> None:
        s, v = self.seats, self.vocab
        for k, f in enumerate(frames[:slots]):
            at = start + k * self._per_frame
            if f["card"] is not None:
                out[at + self.card_slot(f["card"])] = 1.0
            out[at + v + (int(f["controller"]) - me) % s] = 1.0
            if f["source"] in SOURCES:
                out[at + v + s + SOURCES.index(f["source"])] = 1.0
            at += v + s + len(SOURCES)
            out[at] = _clip(int(f["index"]) / FRAME_DIV)
            out[at + 1] = _clip(int(f["step"]) / FRAME_DIV)

    # --- actions ---------------------------------------------------------------------
    def _places(self, view: Mapping[str, Any], me: int) -> dict[int, tuple[int, int]]:
        """Each permanent by instance: (relative seat, battlefield slot, capped)."""
        out: dict[int, tuple[int, int]] = {}
        for j in range(self.seats):
            for k, perm in enumerate(view["players"][(me + j) % self.seats]["field"]):
                out[int(perm["inst"])] = (j, min(k, FIELD_SLOTS - 1))
        return out

    def _graves(self, view: Mapping[str, Any], me: int) -> dict[int, int]:
        """Each graveyard card by instance: its index in the target_grave segment."""
        out: dict[int, int] = {}
        for j in range(self.seats):
            p = view["players"][(me + j) % self.seats]
            for inst, card in zip(p["grave_insts"], p["grave"], strict=True):
                out[int(inst)] = j * self.vocab + self.card_slot(card)
        return out

    def action_indices(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[int]:
        me = _seat(view)
        s, f = self.seats, FIELD_SLOTS
        places = self._places(view, me)
        mine = view["players"][me]
        hand = {int(inst): k for k, inst in enumerate(mine["hand_insts"] or [])}
        graves = self._graves(view, me)
        out: list[int] = []

        def own(inst: int) -> int:
            j, k = places[inst]
            if j != 0:
                raise ValueError(f"permanent {inst} is not the deciding seat's")
            return k

        for action in actions:
            kind = action[0]
            if kind in SINGLES:
                out.append(self.a_single[kind].start)
            elif kind in ("play", "discard"):
                seg = self.a_play if kind == "play" else self.a_discard
                out.append(seg.start + min(hand[int(action[1])], HAND_SLOTS - 1))
            elif kind == "return":
                j, k = divmod(graves[int(action[1])], self.vocab)
                if j != 0:
                    raise ValueError(f"card {action[1]} is not in the deciding seat's graveyard")
                out.append(self.a_return.start + k)
            elif kind == "activate":
                k = min(int(action[2]), self.ability_slots - 1)
                out.append(self.a_activate.start + own(int(action[1])) * self.ability_slots + k)
            elif kind in FIELD_ACTIONS:
                out.append(self.a_field[kind].start + own(int(action[1])))
            elif kind == "target":
                x = int(action[1])
                if x >= STACK:
                    top = len(view["stack"]) - 1 - (x - STACK)
                    out.append(self.a_target_stack.start + min(max(top, 0), STACK_SLOTS - 1))
                elif x >= PLAYER:
                    out.append(self.a_target_player.start + (x - PLAYER - me) % s)
                elif x in places:
                    j, k = places[x]
                    out.append(self.a_target_perm.start + j * f + k)
                else:
                    out.append(self.a_target_grave.start + graves[x])
            elif kind in ("give", "take"):
                j, k = places[int(action[1])]
                seg = self.a_give if kind == "give" else self.a_take
                out.append(seg.start + j * f + k)
            elif kind == "mode":
                out.append(self.a_mode.start + min(int(action[1]), self.mode_slots - 1))
            elif kind == "amount":
                n = min(max(int(action[1]), 1), AMOUNT_SLOTS)
                out.append(self.a_amount.start + n - 1)
            else:
                raise ValueError(f"unknown Boss Battle action {action!r}")
        return self.separate(out)


def _zone(zone: str, j: int) -> str:
    """'your graveyard', 'the graveyard of the seat 2 after you'."""
    return f"your {zone}" if j == 0 else f"the {zone} of the seat {j} after you"


register_encoder("boss", BossEncoder)
