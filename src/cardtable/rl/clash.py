"""Clash of Decks as fixed-size tensors: the observation vector and the action space.

Seats are relative: seat 0 of every per-seat block is the observer, then the others in
turn order (``(observer + j) % seats``), so one network can play any seat. Cards are
one-hot over the catalogue of printed cards (sorted ids) plus one "other card" slot for
cards no card file prints (a position's inline cards). Every value lies in [0, 1]:
numbers are divided by the constants below and clipped.

Rows list creatures from the bridge outward; a seat's rows are its top (0) and bottom
(1) row. Only the ``ROW_SLOTS`` creatures nearest the bridge of each row are shown and
addressed by slot; a creature standing farther out is still a target or host through
the overflow segments, numbered in board order (observer first, top row then bottom,
from the bridge outward), whose size bounds every card instance of the setup.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from cardtable.core.game import Action, Game, canonical_json
from cardtable.games.clash.abilities import ABILITIES
from cardtable.games.clash.cards import default_db, parse_cards
from cardtable.games.clash.formats import DRAFT_REVEAL
from cardtable.games.clash.records import SPELL, CardDB, CardDef
from cardtable.games.clash.rules import BOUNDARIES, FATIGUE_AFTER
from cardtable.rl.encoding import Encoder, Layout, Segment, register_encoder

ROW_SLOTS = 8
"""Creatures shown (and addressed by slot) per row, nearest the bridge first."""
HAND_SLOTS = 12
"""Hand places shown per seat, left to right (a deck of 8, the fortress and 3 returned)."""
PLAY_SLOTS = 4
"""Only the 4 leftmost cards of a hand, fortress not counted, can be played
(clash.summon.available)."""

NUMBER_DIV = 10.0  # cost, attack, health, damage of a card
PLAYER_HEALTH_DIV = 10.0  # a player's health: cards right of the fortress
PILE_DIV = 24.0  # an AI deck or discard pile (an AI deck holds 24 cards)
REMOVED_DIV = 16.0
TURN_DIV = 64.0
TURNS_TAKEN_DIV = 16.0
MANA_DIV = 16.0
SPRINT_DIV = 4.0
DRAFTED_DIV = 8.0
POOL_DIV = 64.0
COPIES_DIV = 2.0  # copies of a card in a pile (decks hold each card once; two decks may share)
ROW_SIZE_DIV = 2.0 * ROW_SLOTS

PENDING = ("main", "place", "target", "give", "reinforce", "pick", "continue")
MODES = ("duel", "solo", "coop", "ffa", "2v2")
PHASES = ("draft", "summon", "over")
CHAMPION_STATES = ("ready", "in_play", "exhausted")
ABILITY_IDS = tuple(ABILITIES)

SEAT_FIELDS = (
    "ai",
    "teammate",
    "fortress",
    "fort_up",
    "health",
    "fortress_place",
    "hand_size",
    "hidden_places",
    "turns_taken",
    "fatigued",
    "no_champion",
    *(f"champion_{s}" for s in CHAMPION_STATES),
)
HAND_FIELDS = ("fortress", "hidden", "available", "cost", "attack", "health", "spell")
CREATURE_FIELDS = (
    "present",
    "attack",
    "health",
    "damage",
    "left",
    "new",
    "symbiont",
    "shackled",
    "sprint",
)


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


@lru_cache(maxsize=64)
def _custom_defs(text: str) -> dict[str, CardDef]:
    """A view's card definitions not as printed (``view["cards"]``), by id."""
    return {c.id: c for c in parse_cards("view", json.loads(text))}


class ClashEncoder(Encoder):
    """Clash's observation and action encoding for one setup."""

    def __init__(self, game: Game, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, setup)
        db: CardDB | None = getattr(game, "db", None)
        self.db = db if isinstance(db, CardDB) else default_db()
        self.use_catalogue(self.db.cards)
        v = self.vocab
        s = self.seats
        state = game.new_game(self.setup, 0)
        # No row can hold more creatures than the game has cards (fortresses aside).
        cards = len(state.card_ids) - s
        self.overflow = max(0, cards - ROW_SLOTS)
        self.pick_slots = DRAFT_REVEAL * s // 2  # 4 per round in 2-seat drafts, 8 with 4
        self._obs_layout(s, v)
        self._action_layout(s)

    # --- layouts ---------------------------------------------------------------------
    def _obs_layout(self, s: int, v: int) -> None:
        lay = Layout()
        add = lay.add
        self.o_pending = add(
            "pending",
            len(PENDING) + 1,
            "one-hot pending decision: " + ", ".join(PENDING) + ", none",
        )
        self.o_yours = add("pending_yours", 1, "1 when this seat owns the pending decision")
        self.o_pcard = add(
            "pending_card",
            v,
            "one-hot card being placed or cast (place, target, give) or the creature "
            "Reinforcement plays (reinforce: the last card of limbo)",
        )
        self.o_psource = add(
            "pending_source",
            PLAY_SLOTS + 2,
            "where that card comes from: hand slot 0-3 (fortress not counted), the "
            "champion, limbo (reinforce); with the card, none when the observer cannot tell "
            "(a hidden place of another seat's hand)",
        )
        self.o_pstrike = add(
            "pending_strike",
            s + 3,
            "give: the creature the Mercenary spell strikes: one-hot relative seat, "
            f"one-hot row (top, bottom), slot / {ROW_SLOTS} (clipped)",
        )
        self.o_pstop = add(
            "pending_stop", len(BOUNDARIES), "step mode: one-hot boundary " + ", ".join(BOUNDARIES)
        )
        self.o_phase = add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        self.o_mode = add("mode", len(MODES), "one-hot mode: " + ", ".join(MODES))
        self.o_flags = add("flags", 2, "fatigue module on, step mode on")
        self.o_clock = add(
            "clock",
            2,
            f"turn / {TURN_DIV:g}, the active seat's unspent mana / {MANA_DIV:g} (clipped)",
        )
        self.o_active = add("active", s, "one-hot relative seat whose turn (or draft pick) it is")
        self.o_first = add("first", s, "one-hot relative seat that played first (none in a draft)")
        self.o_winners = add("winners", s, "relative seats that won (game over)")
        self.o_seat = add(
            "seats",
            s * len(SEAT_FIELDS),
            "per relative seat: "
            + ", ".join(SEAT_FIELDS)
            + f" (health: a player's / {PLAYER_HEALTH_DIV:g}, an AI's deck / {PILE_DIV:g}; "
            f"fatigued: the fatigue module is on and the seat has taken {FATIGUE_AFTER} turns, "
            "so its turns start by losing its rightmost card; "
            f"fortress_place and hand_size / {HAND_SLOTS}; turns_taken / {TURNS_TAKEN_DIV:g}; "
            "clipped)",
        )
        self.o_champ = add("champion_card", s * v, "per relative seat: one-hot champion card")
        self.o_hand = add(
            "hands",
            s * HAND_SLOTS * (v + len(HAND_FIELDS)),
            f"per relative seat, {HAND_SLOTS} hand places left to right (places beyond are "
            "not shown): one-hot card (if seen), "
            + ", ".join(HAND_FIELDS)
            + f" (available: playable place of the observer's hand; numbers printed / "
            f"{NUMBER_DIV:g})",
        )
        self.o_hidden = add(
            "hidden_cards",
            s * v,
            f"per relative seat: copies / {COPIES_DIV:g} of each card in its hidden hand places",
        )
        self.o_deck = add(
            "decks",
            s * (v + 1),
            f"per relative seat: AI deck contents (copies / {COPIES_DIV:g}), size / {PILE_DIV:g}",
        )
        self.o_discard = add(
            "discards",
            s * (v + 1),
            f"per relative seat: AI discard pile (copies / {COPIES_DIV:g}), size / {PILE_DIV:g}",
        )
        self.o_drafted = add(
            "drafted",
            s * (v + 1),
            f"per relative seat: cards taken in the draft (copies / {COPIES_DIV:g}), "
            f"count / {DRAFTED_DIV:g}",
        )
        per = 2 * v + len(CREATURE_FIELDS) + len(ABILITY_IDS)
        self.o_board = add(
            "board",
            s * 2 * ROW_SLOTS * per,
            f"per relative seat, row (top, bottom) and slot from the bridge outward (the "
            f"first {ROW_SLOTS}; farther ones not shown): one-hot card, multi-hot attached "
            "cards (symbiont, shackled), "
            + ", ".join(CREATURE_FIELDS)
            + f" (numbers / {NUMBER_DIV:g}, shackled count / 2, sprint / {SPRINT_DIV:g}), "
            "its current abilities (" + ", ".join(ABILITY_IDS) + ")",
        )
        self.o_rowsize = add(
            "row_sizes", s * 2, f"per relative seat and row: creatures / {ROW_SIZE_DIV:g} (clipped)"
        )
        self.o_removed = add(
            "removed",
            v + 1,
            f"cards out of the game (copies / {COPIES_DIV:g}), count / {REMOVED_DIV:g}",
        )
        self.o_limbo = add("limbo", v, "cards on their way to the table (copies / 2)")
        self.o_revealed = add(
            "revealed", self.pick_slots * v, "draft: one-hot card per revealed slot (pick k)"
        )
        self.o_pool = add(
            "draft_pool",
            v + 1,
            f"draft: pool size / {POOL_DIV:g}, cards left to the AIs (copies / {COPIES_DIV:g})",
        )
        self.obs_layout = lay
        self.obs_size = lay.size
        self._per_creature = per

    def _action_layout(self, s: int) -> None:
        lay = Layout()
        add = lay.add
        self.a_play = add(
            "play",
            PLAY_SLOTS,
            "main: play the card in hand slot k (k-th card from the left, fortress not counted)",
        )
        self.a_champion = add("play_champion", 1, "main: play your champion")
        self.a_end = add("end", 1, "main: end the summoning phase (the assault follows)")
        self.a_row = add(
            "row", 2, "place/reinforce: put the creature in your row k (0 top, 1 bottom)"
        )
        self.a_host = add(
            "host",
            2 * ROW_SLOTS,
            f"place/reinforce: merge onto your creature in row k // {ROW_SLOTS}, slot "
            f"k % {ROW_SLOTS} from the bridge (Symbiosis)",
        )
        self.a_host_over = add(
            "host_overflow",
            self.overflow,
            f"place/reinforce: merge onto the k-th of your creatures beyond slot "
            f"{ROW_SLOTS - 1} (top row then bottom, from the bridge outward)",
        )
        self.a_target = add(
            "target",
            s * 2 * ROW_SLOTS,
            f"target: strike the creature of the seat k // {2 * ROW_SLOTS} after you "
            f"(0: you), row (k // {ROW_SLOTS}) % 2, slot k % {ROW_SLOTS} from the bridge",
        )
        self.a_target_over = add(
            "target_overflow",
            self.overflow,
            f"target: strike the k-th creature beyond slot {ROW_SLOTS - 1} of its row, in "
            "board order (you first, top row then bottom, from the bridge outward)",
        )
        self.a_give = add(
            "give", s - 1, "give: the Mercenary spell goes to the seat k + 1 after you"
        )
        self.a_pick = add("pick", self.pick_slots, "pick: take the revealed draft card in slot k")
        self.a_continue = add("continue", 1, "continue: go on past a step-mode stop")
        self.action_layout = lay
        self.num_actions = lay.size

    def spell(self, seg: Segment, k: int) -> str:
        """The meaning of offset ``k`` of an action segment, its slot spelled out."""
        return _spelled(seg.name, k)

    # --- cards -------------------------------------------------------------------------
    def _defs(self, view: Mapping[str, Any]) -> Mapping[str, CardDef]:
        custom = view.get("cards")
        return _custom_defs(canonical_json(list(custom))) if custom else {}

    def _multi(self, out: np.ndarray, start: int, cards: Sequence[str]) -> None:
        for c in cards:
            i = start + self.card_slot(c)
            out[i] = min(1.0, out[i] + 1.0 / COPIES_DIV)

    # --- the observation ---------------------------------------------------------------
    def observation(self, view: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self.obs_size, dtype=np.float32)
        me = _seat(view)
        s = self.seats
        v = self.vocab

        def rel(seat: int) -> int:
            return (seat - me) % s

        pending = view["pending"]
        kind = pending[0] if pending else None
        out[self.o_pending.start + (PENDING.index(kind) if kind else len(PENDING))] = 1.0
        out[self.o_yours.start] = float(kind is not None and self._owner(view) == me)
        if kind in ("place", "target", "give"):
            self._pending_card(out, view, pending[1])
        elif kind == "reinforce" and view["limbo"]:
            out[self.o_pcard.start + self.card_slot(view["limbo"][-1])] = 1.0
            out[self.o_psource.start + PLAY_SLOTS + 1] = 1.0
        if kind == "give":
            where = self._places(view).get(pending[2])
            if where is not None:
                j, k, p = where
                out[self.o_pstrike.start + j] = 1.0
                out[self.o_pstrike.start + s + k] = 1.0
                out[self.o_pstrike.start + s + 2] = _clip(p / ROW_SLOTS)
        if kind == "continue":
            out[self.o_pstop.start + BOUNDARIES.index(pending[1])] = 1.0

        out[self.o_phase.start + PHASES.index(view["phase"])] = 1.0
        if view["mode"] in MODES:
            out[self.o_mode.start + MODES.index(view["mode"])] = 1.0
        out[self.o_flags.start] = float(bool(view["fatigue"]))
        out[self.o_flags.start + 1] = float(bool(view.get("step")))
        out[self.o_clock.start] = _clip(view["turn"] / TURN_DIV)
        out[self.o_clock.start + 1] = _clip(view["mana"] / MANA_DIV)
        out[self.o_active.start + rel(view["active"])] = 1.0
        if view["first"] is not None:
            out[self.o_first.start + rel(view["first"])] = 1.0
        for w in view.get("winners", ()):
            out[self.o_winners.start + rel(w)] = 1.0

        defs = self._defs(view)
        hand_width = v + len(HAND_FIELDS)
        nav = len(view["available"])
        for j in range(s):
            seat = (me + j) % s
            self._seat_info(out, view, seat, j, me)
            champ = view["champions"][seat]
            if champ is not None:
                out[self.o_champ.start + j * v + self.card_slot(champ["card"])] = 1.0
            base = self.o_hand.start + j * HAND_SLOTS * hand_width
            played = 0  # non-fortress places so far (the observer's available ones lead)
            for place, entry in enumerate(view["hands"][seat][:HAND_SLOTS]):
                at = base + place * hand_width
                if entry is None:
                    out[at + v + 1] = 1.0
                    continue
                if entry["card"] == "fortress":
                    out[at + v] = 1.0
                    continue
                out[at + self.card_slot(entry["card"])] = 1.0
                if seat == me and played < nav:
                    out[at + v + 2] = 1.0
                played += 1
                d = defs.get(entry["card"]) or self.db.cards.get(entry["card"])
                if d is not None:
                    out[at + v + 3] = _clip(d.cost / NUMBER_DIV)
                    out[at + v + 4] = _clip(d.attack / NUMBER_DIV)
                    out[at + v + 5] = _clip(d.health / NUMBER_DIV)
                    out[at + v + 6] = float(d.kind == SPELL)
            self._multi(out, self.o_hidden.start + j * v, view["hidden"][seat])
            for seg, cards, div in (
                (self.o_deck, view["decks"][seat], PILE_DIV),
                (self.o_discard, view["discards"][seat], PILE_DIV),
                (
                    self.o_drafted,
                    view["draft"]["drafted"][seat] if "draft" in view else [],
                    DRAFTED_DIV,
                ),
            ):
                at = seg.start + j * (v + 1)
                self._multi(out, at, cards)
                out[at + v] = _clip(len(cards) / div)
            self._rows(out, view, seat, j)

        self._multi(out, self.o_removed.start, view["removed"])
        out[self.o_removed.start + v] = _clip(len(view["removed"]) / REMOVED_DIV)
        self._multi(out, self.o_limbo.start, view["limbo"])
        draft = view.get("draft")
        if draft is not None:
            for k, entry in enumerate(draft["revealed"][: self.pick_slots]):
                out[self.o_revealed.start + k * v + self.card_slot(entry["card"])] = 1.0
            out[self.o_pool.start + v] = _clip(draft["pool_size"] / POOL_DIV)
            self._multi(out, self.o_pool.start, draft["ai_pool"])
        return out

    def _pending_card(self, out: np.ndarray, view: Mapping[str, Any], inst: int) -> None:
        """The card a place, target or give decision plays and where it comes from, if the
        observer can tell: a hidden place of another seat's hand shows nothing."""
        seat = int(view["active"])
        hand = view["hands"][seat]
        found = _hand_slot(hand, inst)
        if found is not None:
            slot, card = found
            out[self.o_psource.start + min(slot, PLAY_SLOTS - 1)] = 1.0
            out[self.o_pcard.start + self.card_slot(card)] = 1.0
        elif None not in hand:  # every card of that hand is seen: it is the champion
            out[self.o_psource.start + PLAY_SLOTS] = 1.0
            champ = view["champions"][seat]
            if champ is not None:
                out[self.o_pcard.start + self.card_slot(champ["card"])] = 1.0

    def _seat_info(
        self, out: np.ndarray, view: Mapping[str, Any], seat: int, j: int, me: int
    ) -> None:
        at = self.o_seat.start + j * len(SEAT_FIELDS)
        ai = bool(view["ai"][seat])
        hand = view["hands"][seat]
        fields = dict.fromkeys(SEAT_FIELDS, 0.0)
        fields["ai"] = float(ai)
        fields["teammate"] = float(view["teams"][seat] == view["teams"][me])
        fort = view["fortress"][seat]
        if fort is not None:
            fields["fortress"] = 1.0
            fields["fort_up"] = float(fort["side"] == "fort")
            fields["health"] = _clip(fort["health"] / (PILE_DIV if ai else PLAYER_HEALTH_DIV))
            fields["fortress_place"] = _clip(max(fort["index"], 0) / HAND_SLOTS)
        fields["hand_size"] = _clip(len(hand) / HAND_SLOTS)
        fields["hidden_places"] = _clip(sum(e is None for e in hand) / HAND_SLOTS)
        taken = view["turns_taken"][seat]
        fields["turns_taken"] = _clip(taken / TURNS_TAKEN_DIV)
        fields["fatigued"] = float(bool(view["fatigue"]) and taken >= FATIGUE_AFTER)
        champ = view["champions"][seat]
        fields["champion_" + champ["state"] if champ else "no_champion"] = 1.0
        out[at : at + len(SEAT_FIELDS)] = list(fields.values())

    def _rows(self, out: np.ndarray, view: Mapping[str, Any], seat: int, j: int) -> None:
        v = self.vocab
        per = self._per_creature
        nf = len(CREATURE_FIELDS)
        for k, (lane, side) in enumerate(view["rows"][seat]):
            row = view["board"][lane][side]
            out[self.o_rowsize.start + j * 2 + k] = _clip(len(row) / ROW_SIZE_DIV)
            for p, c in enumerate(row[:ROW_SLOTS]):
                at = self.o_board.start + ((j * 2 + k) * ROW_SLOTS + p) * per
                out[at + self.card_slot(c["card"])] = 1.0
                attached = ([c["symbiont"]] if "symbiont" in c else []) + c.get("shackled", [])
                self._multi(out, at + v, attached)
                at += 2 * v
                out[at : at + nf] = [
                    1.0,
                    _clip(c["attack"] / NUMBER_DIV),
                    _clip(c["health"] / NUMBER_DIV),
                    _clip(c["damage"] / NUMBER_DIV),
                    _clip((c["health"] - c["damage"]) / NUMBER_DIV),
                    float(bool(c["new"])),
                    float("symbiont" in c),
                    _clip(len(c.get("shackled", ())) / 2.0),
                    _clip(c.get("sprint", 0) / SPRINT_DIV),
                ]
                at += nf
                for a in c["abilities"]:
                    if a in ABILITIES:
                        out[at + ABILITY_IDS.index(a)] = 1.0

    def _owner(self, view: Mapping[str, Any]) -> int:
        """The seat owning the pending decision (game.to_move, from the view)."""
        pending = view["pending"]
        if pending[0] == "reinforce":
            return int(pending[2])
        active = int(view["active"])
        if pending[0] == "continue" and view["ai"][active]:
            return list(view["ai"]).index(0)
        return active

    # --- actions -----------------------------------------------------------------------
    def _places(self, view: Mapping[str, Any]) -> dict[int, tuple[int, int, int]]:
        """Each creature in play by instance: (relative seat, row, slot from the bridge)."""
        me = _seat(view)
        out: dict[int, tuple[int, int, int]] = {}
        for j in range(self.seats):
            for k, (lane, side) in enumerate(view["rows"][(me + j) % self.seats]):
                for p, c in enumerate(view["board"][lane][side]):
                    out[c["inst"]] = (j, k, p)
        return out

    def action_indices(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[int]:
        me = _seat(view)
        hand = view["hands"][me]
        places: dict[int, tuple[int, int, int]] | None = None
        beyond: dict[int, int] = {}
        own_beyond: dict[int, int] = {}
        out: list[int] = []
        for action in actions:
            kind = action[0]
            if kind == "play":
                found = _hand_slot(hand, action[1])
                if found is None:  # not in the hand: the champion beside the table
                    out.append(self.a_champion.start)
                elif found[0] < PLAY_SLOTS:
                    out.append(self.a_play.start + found[0])
                else:
                    raise ValueError(f"hand slot {found[0]} of {action!r} cannot be played")
            elif kind == "end":
                out.append(self.a_end.start)
            elif kind == "continue":
                out.append(self.a_continue.start)
            elif kind == "row":
                out.append(self.a_row.start + int(action[1]))
            elif kind in ("host", "target"):
                if places is None:
                    places = self._places(view)
                    for inst, (j, _k, p) in places.items():  # board order
                        if p >= ROW_SLOTS:
                            beyond[inst] = len(beyond)
                            if j == 0:
                                own_beyond[inst] = len(own_beyond)
                j, k, p = places[action[1]]
                if kind == "host":
                    if j != 0:
                        raise ValueError(f"{action!r}: a host is one of the seat's creatures")
                    if p < ROW_SLOTS:
                        out.append(self.a_host.start + k * ROW_SLOTS + p)
                    else:
                        out.append(self.a_host_over.start + own_beyond[action[1]])
                elif p < ROW_SLOTS:
                    out.append(self.a_target.start + (j * 2 + k) * ROW_SLOTS + p)
                else:
                    out.append(self.a_target_over.start + beyond[action[1]])
            elif kind == "give":
                out.append(self.a_give.start + (int(action[1]) - me) % self.seats - 1)
            elif kind == "pick":
                revealed = [e["inst"] for e in view["draft"]["revealed"]]
                out.append(self.a_pick.start + revealed.index(action[1]))
            else:
                raise ValueError(f"unknown Clash action {action!r}")
        return out


ROWS = ("top", "bottom")


def _row_of(j: int, row: int) -> str:
    """'your top row', 'the bottom row of the seat 2 after you'."""
    return f"your {ROWS[row]} row" if j == 0 else f"the {ROWS[row]} row of the seat {j} after you"


def _spelled(name: str, k: int) -> str:
    """The meaning of offset ``k`` of an action segment."""
    r = ROW_SLOTS
    if name == "play":
        return f"play the card in hand slot {k} (card {k + 1} from the left, fortress not counted)"
    if name == "play_champion":
        return "play your champion"
    if name == "end":
        return "end the summoning phase (the assault follows)"
    if name == "row":
        return f"put the creature in your {ROWS[k]} row"
    if name == "host":
        return f"merge the Symbiosis creature onto slot {k % r} of {_row_of(0, k // r)}"
    if name == "host_overflow":
        return (
            f"merge the Symbiosis creature onto your creature number {k} (from 0) beyond "
            f"slot {r - 1} of its row (top row first, from the bridge outward)"
        )
    if name == "target":
        j, row, p = k // (2 * r), (k // r) % 2, k % r
        return f"strike the creature in slot {p} from the bridge of {_row_of(j, row)}"
    if name == "target_overflow":
        return (
            f"strike creature number {k} (from 0) beyond slot {r - 1} of its row (you "
            "first, then the seats after you; top row then bottom; from the bridge outward)"
        )
    if name == "give":
        return f"the Mercenary spell goes to the seat {k + 1} after you"
    if name == "pick":
        return f"take the revealed draft card in slot {k}"
    return "go on past the step-mode stop"


def _seat(view: Mapping[str, Any]) -> int:
    seat = view.get("seat")
    if seat is None:
        raise ValueError("the Clash encoding needs a seat's view, not a spectator's")
    return int(seat)


def _hand_slot(hand: Sequence[Mapping[str, Any] | None], inst: int) -> tuple[int, str] | None:
    """(place among the hand's cards, fortress not counted; card) of a seen instance."""
    k = 0
    for entry in hand:
        if entry is not None:
            if entry["card"] == "fortress":
                continue
            if entry["inst"] == inst:
                return k, str(entry["card"])
        k += 1
    return None


register_encoder("clash", ClashEncoder)
