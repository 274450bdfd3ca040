"""Epic's fixed-size encoding (``encoding.Encoder``): one observation vector and one
``Discrete`` action space per setup, read only from ``game.observe(state, seat)``.

Seats are relative: seat 0 of every per-seat block is the observer, then the others in
turn order (clockwise). Cards are indices into the catalogue, the sorted ids of the card
files (tokens included), plus one last "other card" index shared by cards the files do
not know (a position's inline cards). Ordered zones (the hand, each play area, a draft
pack) get one slot per card: a one-hot of its catalogue index, and for champions their
current numbers; unordered or long piles (discard piles, revealed hand cards, the cards
put back in a mulligan, drafted cards, cards being resolved) get per-card counts.
Every value lies in [0, 1]: numbers are divided by the constants below and clipped
(health by twice the seat's starting health). A zone longer than its slots is cut: its
first slots are kept.

An action index means one kind of choice whatever the decision: "play the card in hand
slot 3 in its first mode", "the champion in play slot 2 of the seat after you" (added as
an attacker or blocker, or targeted). Cards the view lists without their instance
numbers (discard piles, drafted cards) are named by their rank among the options of
that kind, in the engine's order. An action whose slot lies beyond the encoded slots
takes the highest free index of its own segment (the whole space if that is full):
indices stay distinct and deterministic, at the price of that one meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

import numpy as np

from cardtable.core.game import Action, Game
from cardtable.games.epic.cards import KEYWORDS
from cardtable.games.epic.draft import DECK, KEEP_ALL, PACK
from cardtable.games.epic.effects import PLAYER
from cardtable.games.epic.formats import parse_setup
from cardtable.games.epic.game import EpicGame
from cardtable.games.epic.rules import BOUNDARIES
from cardtable.rl.encoding import Encoder, Layout, Segment, register_encoder

KINDS = (
    "mulligan",
    "act",
    "return_or_end",
    "attackers",
    "blockers",
    "assign",
    "target",
    "x",
    "recycle",
    "order",
    "discard",
    "may",
    "pick",
    "cut",
    "continue",
)
PHASES = ("mulligan", "play", "over", "draft")
WINDOWS = ("main", "pass", "before_blocks", "before_damage", "end")
POSITIONS = ("prepared", "expended", "flipped")
DRAFT_KINDS = ("pick", "limited", "pool", "blind", "triple")
CUT_KINDS = ("pick", "limited", "triple")  # drafts ending with cuts down to 30 cards

HAND_SLOTS = 12
PLAY_SLOTS = 16  # per seat; also the attackers or blockers a split of damage looks at
X_VALUES = 21  # X from 0 to 20
PLAYER_DAMAGE = 30
ORDER_OTHER = 8
SPLIT_AMOUNTS = ("1", "the smaller other amount", "the larger other amount", "all that is left")

STAT_DIV = 20.0  # offense, defense, damage (the largest printed is 18)
HAND_DIV = 10.0
PILE_DIV = 60.0
COUNT_DIV = 4.0
TURN_DIV = 100.0

SEAT_FEATURES = (
    "health / (2 x starting health)",
    "gold",
    "hand size / 10",
    "deck size / 60",
    "discard pile size / 60",
    "champions in play / 16",
    "a teammate (team and Hydra modes)",
    "a winner (game over)",
    "combat damage placed on the player in the split so far / 20",
)
CHAMPION_FEATURES = (
    "offense / 20",
    "defense / 20",
    "damage / 20",
    "prepared",
    "expended",
    "flipped",
    "arriving",
    *KEYWORDS,
    "owned by another seat",
    "attacking",
    "blocking",
    "combat damage placed on it in the split so far / 20",
    "its damage is being split now",
)
SIMPLE = (
    ("pass", "pass", "pass initiative (act)"),
    ("keep", "keep", "keep the hand (mulligan)"),
    ("return", "return", "give the turn player initiative back (return_or_end)"),
    ("end", "end", "end the turn (return_or_end)"),
    ("done", "done", "no more attackers / blockers (attackers, blockers)"),
    ("yes", "yes", "do the optional sentence / reveal all Loyalty cards (may)"),
    ("no", "no", "decline the optional sentence or the Loyalty reveal (may)"),
    ("skip", "skip", 'leave an "up to" target unchosen (target)'),
    ("decline", "decline", "put no card back with Recycle (recycle)"),
    ("continue", "continue", "go on past a step-mode stop (continue)"),
)
_SIMPLE_KEYS = frozenset(key for key, _, _ in SIMPLE)


class EpicEncoder(Encoder):
    """Epic's observation vector and action space for one setup."""

    def __init__(self, game: Game, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, setup)
        if not isinstance(game, EpicGame):
            raise TypeError("the Epic encoder needs the Epic game")
        db = game.db
        self.catalogue = tuple(sorted(db.cards))
        self.cards = len(self.catalogue) + 1  # the last index: a card the files do not know
        self._index = {cid: k for k, cid in enumerate(self.catalogue)}
        st = game.new_game(self.setup, 0)  # the setup's fixed sizes, all public
        n = self.seats
        self.start_health = [2.0 * max(1, h) for h in st.health]
        opts = parse_setup(self.setup)
        self.step = opts.step
        teams = opts.team_of_seats()
        self.team = teams if teams is not None else list(range(n))
        per_seat = max(st.owner.count(s) for s in range(n))
        names = sum(1 for c in db.cards.values() if c.type != "token")
        self.draft = st.draft
        deck = DECK if self.draft else per_seat
        self.modes = max(1, *(len(c.modes) for c in db.cards.values()))
        self.talents = max(1, *(len(c.talents) for c in db.cards.values()))
        self.abilities = max(1, *(len(c.abilities) for c in db.cards.values()))
        recallable = sum(1 for c in db.cards.values() if c.recall)
        loyalty = {a.n for c in db.cards.values() for a in c.abilities if a.when == "loyalty"}
        self.show_sizes = sorted(k for k in loyalty if k <= HAND_SLOTS)
        self._combos: dict[tuple[int, ...], int] = {}
        for k in self.show_sizes:
            for combo in combinations(range(HAND_SLOTS), k):
                self._combos[combo] = len(self._combos)
        self.pack = 0 if self.draft in KEEP_ALL else PACK.get(self.draft, 0)
        self.cuts = min(names, per_seat) if self.draft in CUT_KINDS else 0
        self._build_obs()
        self._build_actions(deck, names, recallable)

    # --- layouts ----------------------------------------------------------------------
    def _build_obs(self) -> None:
        n, c = self.seats, self.cards
        lay = Layout()
        add = lay.add
        self.o_kind = add(
            "decision", len(KINDS), "the pending decision's kind: " + ", ".join(KINDS)
        )
        self.o_who = add("decision_seat", n, "the seat deciding, relative (0: you)")
        if self.step:
            self.o_stop = add(
                "stop", len(BOUNDARIES), "a step-mode stop's boundary: " + ", ".join(BOUNDARIES)
            )
        self.o_phase = add("phase", len(PHASES), "the phase: " + ", ".join(PHASES))
        self.o_window = add("window", len(WINDOWS), "the window: " + ", ".join(WINDOWS))
        self.o_turn = add("turn", 1, "turns played / 100")
        self.o_active = add("active", n, "whose turn it is, relative")
        self.o_first = add("first", n, "the first player, relative")
        self.o_init = add("initiative", n, "who holds initiative, relative (none: zeros)")
        self.o_seats = add(
            "seats", n * len(SEAT_FEATURES), "per relative seat: " + "; ".join(SEAT_FEATURES)
        )
        self.o_hand = add(
            "hand",
            HAND_SLOTS * c,
            f"your hand in order, {HAND_SLOTS} slots x the catalogue one-hot (further cards cut)",
        )
        self.o_mull = add("mulligan", c, "per card: copies chosen to put back in the mulligan / 4")
        self.o_known = add(
            "known_hands",
            (n - 1) * c,
            "per other seat (1.. after you), per card: its revealed hand cards / 4",
        )
        self.o_play = add(
            "play",
            n * PLAY_SLOTS * (c + len(CHAMPION_FEATURES)),
            f"per relative seat, {PLAY_SLOTS} play slots in order (further champions cut), "
            "each the catalogue one-hot then: " + "; ".join(CHAMPION_FEATURES),
        )
        self.o_discard = add(
            "discards", n * c, "per relative seat, per card: copies in its discard pile / 4"
        )
        self.o_limbo = add("limbo", c, "per card: copies being resolved / 4")
        self.o_combat = add(
            "combat",
            3,
            "combat damage being split: what is left of the current champion's / 20; "
            "the attackers' damage; the blockers' damage",
        )
        if self.draft:
            self.o_draft = add(
                "draft",
                len(DRAFT_KINDS) + 1 + 2 * n,
                "the draft kind (" + ", ".join(DRAFT_KINDS) + "); its round / 10; per relative "
                f"seat its pack size / {max(1, self.pack)}; per relative seat its drafted cards / 60",
            )
            if self.pack:  # (the drafts that keep every card dealt have no packs)
                self.o_pack = add(
                    "pack",
                    self.pack * c,
                    f"your pack in order, {self.pack} slots x the catalogue one-hot",
                )
            self.o_drafted = add("drafted", c, "per card: copies you drafted / 4")
        self.obs_layout = lay
        self.obs_size = lay.size

    def _build_actions(self, deck: int, names: int, recallable: int) -> None:
        n, m = self.seats, self.modes
        lay = Layout()
        add = lay.add
        self.a: dict[str, Segment] = {}
        for key, name, meaning in SIMPLE:
            self.a[key] = add(name, 1, meaning)
        self.a["play"] = add(
            "play", HAND_SLOTS * m, f"play the card in hand slot h in mode k: index h*{m} + k (act)"
        )
        self.a["hand"] = add(
            "hand_card",
            HAND_SLOTS,
            "the card in hand slot h: put it back (mulligan), discard it (discard), target it (target)",
        )
        if self.show_sizes:
            self.a["show"] = add(
                "show",
                len(self._combos),
                "reveal the cards in a set of hand slots for Loyalty (may): sets of "
                f"{'/'.join(map(str, self.show_sizes))} slots in lexicographic order",
            )
        self.a["talent"] = add(
            "talent",
            PLAY_SLOTS * self.talents,
            f"use talent k of your champion in play slot p: index p*{self.talents} + k (act)",
        )
        self.a["recall"] = add(
            "recall",
            max(1, recallable) * m,
            f"recall the r-th card offered (distinct recallable names of your discard pile, "
            f"from the bottom) in mode k: index r*{m} + k (act)",
        )
        if n > 2:
            self.a["attack"] = add(
                "attack", n - 1, "attack the seat j after you, j = index + 1 (act)"
            )
        else:
            self.a["attack"] = add("attack", 1, "attack (act)")
        self.a["champion"] = add(
            "champion",
            n * PLAY_SLOTS,
            f"the champion in play slot p of the seat j after you (0: yours): index j*{PLAY_SLOTS} "
            "+ p; add it (attackers, blockers) or target it (target)",
        )
        self.a["player"] = add("player", n, "target the seat j after you (0: yourself) (target)")
        self.a["elsewhere"] = add(
            "card_elsewhere",
            n * deck,
            "target the k-th card offered that is neither in play nor in your hand (discard "
            "piles: seat by seat, each from the bottom) (target)",
        )
        self.a["bury"] = add(
            "bury",
            min(names, deck),
            "put back the k-th card offered (distinct names of your discard pile, from the "
            "bottom) (recycle)",
        )
        self.a["split"] = add(
            "split",
            PLAY_SLOTS * len(SPLIT_AMOUNTS),
            "damage on the fighting champion at place g of the opposing attackers or blockers: "
            f"index g*{len(SPLIT_AMOUNTS)} + a, a: " + ", ".join(SPLIT_AMOUNTS) + " (assign)",
        )
        self.a["damage_player"] = add(
            "damage_player", PLAYER_DAMAGE, "n = index + 1 damage on the defending player (assign)"
        )
        self.a["x"] = add("x", X_VALUES, "choose X = index (x)")
        self.a["first"] = add(
            "order_play",
            PLAY_SLOTS * self.abilities,
            f"ability k of your champion in play slot p resolves first: index p*{self.abilities} "
            "+ k (order)",
        )
        self.a["first_other"] = add(
            "order_other",
            ORDER_OTHER * self.abilities,
            "ability k of the r-th card offered outside your play area (a discard pile...) "
            f"resolves first: index r*{self.abilities} + k (order)",
        )
        if self.pack:
            self.a["pick"] = add("pick", self.pack, "take the card in pack slot k (pick)")
        if self.cuts:
            self.a["cut"] = add(
                "cut", self.cuts, "leave out the k-th card offered (distinct drafted names) (cut)"
            )
        self.action_layout = lay
        self.num_actions = lay.size

    # --- observation --------------------------------------------------------------------
    def card(self, cid: str) -> int:
        """The catalogue index of a card id (the last index: a card the files lack)."""
        return self._index.get(cid, self.cards - 1)

    def observation(self, view: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self.obs_size, dtype=np.float32)
        n, me = self.seats, int(view["seat"])
        pending = view["pending"]
        if pending:
            if pending[0] in KINDS:
                out[self.o_kind.start + KINDS.index(pending[0])] = 1
            out[self.o_who.start + (pending[1] - me) % n] = 1
            if self.step and pending[0] == "continue" and pending[2] in BOUNDARIES:
                out[self.o_stop.start + BOUNDARIES.index(pending[2])] = 1
        out[self.o_phase.start + PHASES.index(view["phase"])] = 1
        if view["window"] in WINDOWS:
            out[self.o_window.start + WINDOWS.index(view["window"])] = 1
        out[self.o_turn.start] = view["turn"] / TURN_DIV
        for seg, seat in ((self.o_active, view["active"]), (self.o_first, view["first"])):
            if seat is not None and seat >= 0:
                out[seg.start + (seat - me) % n] = 1
        if view["initiative"] >= 0:
            out[self.o_init.start + (view["initiative"] - me) % n] = 1
        self._seats(out, view, me)
        for k, h in enumerate(view["hands"][me][:HAND_SLOTS]):
            out[self.o_hand.start + k * self.cards + self.card(h["card"])] = 1
        self._counts(out, self.o_mull.start, view.get("mulligan", ()))
        for j in range(1, n):
            self._counts(
                out, self.o_known.start + (j - 1) * self.cards, view["hands"][(me + j) % n]
            )
        self._play(out, view, me)
        for j in range(n):
            self._counts(out, self.o_discard.start + j * self.cards, view["discards"][(me + j) % n])
        self._counts(out, self.o_limbo.start, view["limbo"])
        split = view.get("combat_damage")
        if split is not None:
            out[self.o_combat.start] = split["left"] / STAT_DIV
            out[self.o_combat.start + 1 + (1 if split["side"] else 0)] = 1
        if self.draft and "draft" in view:
            self._draft(out, view["draft"], me)
        return np.clip(out, 0.0, 1.0, out=out)

    def _counts(self, out: np.ndarray, start: int, ids: Sequence[str]) -> None:
        for cid in ids:
            out[start + self.card(cid)] += 1 / COUNT_DIV

    def _seats(self, out: np.ndarray, view: Mapping[str, Any], me: int) -> None:
        n, width = self.seats, len(SEAT_FEATURES)
        split = view.get("combat_damage")
        on_player = [0] * n
        for part in split["parts"] if split else ():
            if "player" in part:
                on_player[part["player"]] += part["n"]
        winners = view.get("winners", ())
        for j in range(n):
            s = (me + j) % n
            row = out[self.o_seats.start + j * width : self.o_seats.start + (j + 1) * width]
            row[:] = (
                view["health"][s] / self.start_health[s],
                view["gold"][s],
                view["hand_sizes"][s] / HAND_DIV,
                view["deck_sizes"][s] / PILE_DIV,
                len(view["discards"][s]) / PILE_DIV,
                len(view["play"][s]) / PLAY_SLOTS,
                float(s != me and self.team[s] == self.team[me]),
                float(s in winners),
                on_player[s] / STAT_DIV,
            )

    def _play(self, out: np.ndarray, view: Mapping[str, Any], me: int) -> None:
        n, c = self.seats, self.cards
        width = c + len(CHAMPION_FEATURES)
        attackers, blockers = set(view["attackers"]), set(view["blockers"])
        split = view.get("combat_damage")
        placed: dict[int, int] = {}
        src = -1
        if split is not None:
            src = split["src"]
            for part in split["parts"]:
                if "card" in part:
                    placed[part["card"]] = placed.get(part["card"], 0) + part["n"]
        kw0 = 7  # CHAMPION_FEATURES: the keywords start after the numbers and positions
        for j in range(n):
            s = (me + j) % n
            for p, ch in enumerate(view["play"][s][:PLAY_SLOTS]):
                at = self.o_play.start + (j * PLAY_SLOTS + p) * width
                out[at + self.card(ch["card"])] = 1
                f = at + c
                i = ch["inst"]
                out[f : f + 3] = (
                    ch["offense"] / STAT_DIV,
                    ch["defense"] / STAT_DIV,
                    ch["damage"] / STAT_DIV,
                )
                out[f + 3 + POSITIONS.index(ch["position"])] = 1
                out[f + 6] = float(ch["arriving"])
                for kw in ch["keywords"]:
                    out[f + kw0 + KEYWORDS.index(kw)] = 1
                tail = f + kw0 + len(KEYWORDS)
                out[tail : tail + 5] = (
                    float(ch["owner"] != s),
                    float(i in attackers),
                    float(i in blockers),
                    placed.get(i, 0) / STAT_DIV,
                    float(i == src),
                )

    def _draft(self, out: np.ndarray, draft: Mapping[str, Any], me: int) -> None:
        n, at = self.seats, self.o_draft.start
        if draft["kind"] in DRAFT_KINDS:
            out[at + DRAFT_KINDS.index(draft["kind"])] = 1
        at += len(DRAFT_KINDS)
        out[at] = draft["round"] / 10.0
        for j in range(n):
            s = (me + j) % n
            out[at + 1 + j] = draft["pack_sizes"][s] / max(1, self.pack)
            out[at + 1 + n + j] = draft["drafted_sizes"][s] / PILE_DIV
        for k, card in enumerate(draft["pack"][: self.pack]):
            out[self.o_pack.start + k * self.cards + self.card(card["card"])] = 1
        self._counts(out, self.o_drafted.start, draft["drafted"])

    # --- actions ------------------------------------------------------------------------
    def action_indices(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[int]:
        wanted = self._natural(view, actions)
        taken: set[int] = set()
        out: list[int | None] = [None] * len(actions)
        for k, (seg, off) in enumerate(wanted):
            if off is not None and 0 <= off < seg.size and seg.start + off not in taken:
                out[k] = seg.start + off
                taken.add(seg.start + off)
        for k, (seg, _) in enumerate(wanted):  # beyond the slots: the highest free index
            if out[k] is None:
                free = next(
                    (x for x in range(seg.stop - 1, seg.start - 1, -1) if x not in taken), None
                )
                if free is None:
                    free = next(x for x in range(self.num_actions - 1, -1, -1) if x not in taken)
                out[k] = free
                taken.add(free)
        return [int(x) for x in out if x is not None]

    def _natural(
        self, view: Mapping[str, Any], actions: Sequence[Action]
    ) -> list[tuple[Segment, int | None]]:
        """Each action's segment and its offset there (None: no slot for it)."""
        n, me, a = self.seats, int(view["seat"]), self.a
        hand = {h["inst"]: k for k, h in enumerate(view["hands"][me])}
        play: dict[int, tuple[int, int]] = {}
        for j in range(n):
            for p, ch in enumerate(view["play"][(me + j) % n]):
                play[ch["inst"]] = (j, p)
        pack = {c["inst"]: k for k, c in enumerate(view.get("draft", {}).get("pack", ()))}
        ranks: dict[str, dict[int, int]] = {}

        def rank(group: str, key: int) -> int:
            seen = ranks.setdefault(group, {})
            return seen.setdefault(key, len(seen))

        amounts = _split_amounts(view, actions)
        out: list[tuple[Segment, int | None]] = []
        for act in actions:
            kind = act[0]
            seg: Segment
            off: int | None = 0
            if kind in _SIMPLE_KEYS:
                seg = a[kind]
            elif kind == "play":
                seg, off = a["play"], _slot(hand, act[1], HAND_SLOTS, self.modes, act[2])
            elif kind in ("mull", "discard"):
                seg, off = a["hand"], _slot(hand, act[1], HAND_SLOTS)
            elif kind == "talent":
                j, p = play.get(act[1], (-1, -1))
                seg = a["talent"]
                off = p * self.talents + act[2] if j == 0 and p < PLAY_SLOTS else None
            elif kind == "recall":
                seg, off = a["recall"], rank("recall", act[1]) * self.modes + act[2]
            elif kind == "attack":
                seg, off = a["attack"], ((act[1] - me) % n - 1 if len(act) > 1 else 0)
            elif kind == "add":
                seg, off = a["champion"], _champion(play, act[1])
            elif kind == "target":
                seg, off = self._target(act[1], me, hand, play, rank)
            elif kind == "bury":
                seg, off = a["bury"], rank("bury", act[1])
            elif kind == "to":
                seg, off = a["split"], amounts.get((act[1], act[2]))
            elif kind == "player":
                seg, off = a["damage_player"], act[1] - 1
            elif kind == "x":
                seg, off = a["x"], act[1]
            elif kind == "first":
                j, p = play.get(act[1], (-1, -1))
                if j == 0 and p < PLAY_SLOTS:
                    seg, off = a["first"], p * self.abilities + act[2]
                else:
                    seg = a["first_other"]
                    off = rank("first", act[1]) * self.abilities + act[2]
            elif kind == "show" and "show" in a:
                slots = tuple(sorted(hand.get(c, HAND_SLOTS) for c in act[1:]))
                seg, off = a["show"], self._combos.get(slots)
            elif kind == "pick" and "pick" in a:
                seg, off = a["pick"], _slot(pack, act[1], self.pack)
            elif kind == "cut" and "cut" in a:
                seg, off = a["cut"], rank("cut", act[1])
            else:
                raise ValueError(f"the Epic encoding has no index for {act!r}")
            out.append((seg, off))
        return out

    def _target(
        self,
        x: int,
        me: int,
        hand: Mapping[int, int],
        play: Mapping[int, tuple[int, int]],
        rank: Callable[[str, int], int],
    ) -> tuple[Segment, int | None]:
        """A target's segment and offset: a player, a champion in play, a card of your
        hand, or a card elsewhere (by its rank among those offered)."""
        if x & PLAYER:
            return self.a["player"], ((x & ~PLAYER) - me) % self.seats
        if x in play:
            return self.a["champion"], _champion(play, x)
        if x in hand:
            return self.a["hand"], _slot(hand, x, HAND_SLOTS)
        return self.a["elsewhere"], rank("elsewhere", x)

    def describe_index(self, index: int) -> str:
        """What an action index means: its segment, offset and, for slotted segments, the
        slot and option it stands for."""
        text = super().describe_index(index)
        for key, seg in self.a.items():
            if seg.start <= index < seg.stop:
                detail = _DETAIL.get(key)
                if detail is not None:
                    text += f" -- here: {detail(self, index - seg.start)}"
        return text


def _slot(slots: Mapping[int, int], inst: int, size: int, width: int = 1, k: int = 0) -> int | None:
    """The offset of an instance's slot (times ``width``, plus option ``k``); None when it
    is not listed or lies beyond ``size`` slots."""
    p = slots.get(inst)
    if p is None or p >= size:
        return None
    return p * width + k


def _champion(play: Mapping[int, tuple[int, int]], inst: int) -> int | None:
    """The offset of a champion in the ``champion`` segment."""
    j, p = play.get(inst, (-1, PLAY_SLOTS))
    return j * PLAY_SLOTS + p if j >= 0 and p < PLAY_SLOTS else None


def _split_amounts(
    view: Mapping[str, Any], actions: Sequence[Action]
) -> dict[tuple[int, int], int | None]:
    """The ``split`` offset of each ("to", champion, n): the champion's place among the
    opposing fighters (the blockers while the attackers' damage is split, else the
    attackers) times four, plus the amount's kind (SPLIT_AMOUNTS): 1, the smaller or the
    larger of the other amounts offered for it, or all that is left."""
    split = view.get("combat_damage")
    if split is None:
        return {}
    left = split["left"]
    group = list(view["blockers"] if split["side"] == 0 else view["attackers"])
    others: dict[int, list[int]] = {}
    for act in actions:
        if act[0] == "to" and act[2] not in (1, left):
            others.setdefault(act[1], []).append(act[2])
    out: dict[tuple[int, int], int | None] = {}
    for act in actions:
        if act[0] != "to":
            continue
        t, amount = act[1], act[2]
        if t not in group or group.index(t) >= PLAY_SLOTS:
            out[(t, amount)] = None
            continue
        if amount == left:
            kind = 3
        elif amount == 1:
            kind = 0
        else:
            kind = 1 + sorted(others[t]).index(amount)  # (at most two: room and short)
        place = group.index(t) * len(SPLIT_AMOUNTS)
        out[(t, amount)] = place + kind if kind < 3 or amount == left else None
    return out


def _show(enc: EpicEncoder, off: int) -> str:
    combo = next(c for c, k in enc._combos.items() if k == off)
    return "hand slots " + ", ".join(map(str, combo))


def _split(enc: EpicEncoder, off: int) -> str:
    width = len(SPLIT_AMOUNTS)
    return f"fighter {off // width}, amount: {SPLIT_AMOUNTS[off % width]}"


def _seat_slot(enc: EpicEncoder, off: int) -> str:
    return f"seat {off // PLAY_SLOTS} after you, play slot {off % PLAY_SLOTS}"


_DETAIL: dict[str, Callable[[EpicEncoder, int], str]] = {
    "play": lambda e, o: f"hand slot {o // e.modes}, mode {o % e.modes + 1}",
    "hand": lambda e, o: f"hand slot {o}",
    "show": _show,
    "talent": lambda e, o: f"play slot {o // e.talents}, talent {o % e.talents + 1}",
    "recall": lambda e, o: f"recallable card {o // e.modes}, mode {o % e.modes + 1}",
    "attack": lambda e, o: f"seat {o + 1} after you",
    "champion": _seat_slot,
    "player": lambda e, o: "yourself" if o == 0 else f"seat {o} after you",
    "elsewhere": lambda e, o: f"card offered {o}",
    "bury": lambda e, o: f"card offered {o}",
    "split": _split,
    "damage_player": lambda e, o: f"{o + 1} damage",
    "x": lambda e, o: f"X = {o}",
    "first": lambda e, o: f"play slot {o // e.abilities}, ability {o % e.abilities + 1}",
    "first_other": lambda e, o: f"card offered {o // e.abilities}, ability {o % e.abilities + 1}",
    "pick": lambda e, o: f"pack slot {o}",
    "cut": lambda e, o: f"card offered {o}",
}

register_encoder("epic", EpicEncoder)
