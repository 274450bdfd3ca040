"""Blue Moon as fixed-size tensors: the observation vector and the action space.

The observation reads only ``game.observe(state, seat)``; per-seat parts are relative to the
observer (seat 0 of the vector is the observer, seat 1 the opponent). Cards are indices into
the catalogue: every card of the printed card files, sorted by id, then one "other card"
slot shared by cards the files do not have (inline cards of positions). Numbers are divided
by the divisors the segments' meanings name and clipped to [0, 1]; a zone longer than its
slots keeps its first cards (the hand's multi-hot still counts every card). The view does not
say which power a ``task`` decision carries out (its mode and source card), so neither does
the observation: the legal actions' indices tell the kind of choice.

Actions get fixed indices by what they name: a hand card by its slot in the view's hand, a
card in play by its slot in its owner's combat or support area, a count by its value. A
player owns 30 cards (``formats.DECK``), so 30 slots per hand or area hold every card: the
index of an action never depends on how many cards there are. Cards the view does not
place (a pick from one's own deck or discard pile while searching it) are named by their
catalogue index: the view shows no instance of them, their card follows from the public deck
lists (the view's peoples or the setup's ``lists``), which the engine numbers in order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardtable.core.game import Action, Game
from cardtable.games.bluemoon.cards import GANGS, ICONS, PEOPLES, PLAYED_TYPES, default_db
from cardtable.games.bluemoon.formats import DECK
from cardtable.games.bluemoon.records import BlueMoonDB
from cardtable.games.bluemoon.rules import BOUNDARIES
from cardtable.games.bluemoon.state import DRAGONS
from cardtable.rl.encoding import Encoder, Layout, Segment, register_encoder

DECISIONS = ("setup", "retrieve", "lead", "play", "task", "decline", "continue")
PHASES = ("setup", "fight", "over")
HAND_SLOTS = 12  # observed hand slots (a hand rarely holds more than 10)
COMBAT_SLOTS = 12  # observed combat slots per seat
SUPPORT_SLOTS = 6  # observed support slots per seat
SLOTS = DECK  # action slots per hand or area: a player owns DECK cards
FIGHTS = 20  # divisor of the fight number
TURNS = 16  # divisor of a card's turn number (turns of the fight so far)
TOTAL = 20  # divisor of a total (Fire or Earth strength)
SINGLES = {
    "continue": "go on from a step-mode stop (engine.step)",
    "keep": "set-up: keep the hand (after sending cards back, or none)",
    "on": "start of turn: take back no more RETRIEVE cards",
    "no_lead": "leadership phase: play no leadership card",
    "retreat": "retreat (before playing, or instead of meeting a demand)",
    "decline": "the starter's first turn: decline the fight",
    "done": "end the booster/support phase (the total is enough)",
    "undo": "rule 11: take this turn's cards back and decide again",
    "withdraw": "rule 11: take this turn's cards back and retreat",
    "concede": "rule 11's penalty: concede the game",
    "yes": "a power's task: carry out the action (no card to choose)",
    "stop": "a power's task: decline it / stop choosing",
    "enough": "declining: discard no more cards",
}
HAND_ACTIONS = {
    "back": "set-up: send the hand card in slot k back to the deck",
    "lead": "play the leadership card in hand slot k",
    "char": "play the character in hand slot k (element already named)",
    "char_fire": "play the character in hand slot k, naming Fire",
    "char_earth": "play the character in hand slot k, naming Earth",
    "boost": "play the booster in hand slot k",
    "support": "play the support card in hand slot k",
    "shed": "discard the hand card in slot k toward the opponent's one unmet demand",
    "discard": "declining: discard the hand card in slot k",
    "pick_hand": "a power's task: choose the card in own hand slot k",
}
AREA_ACTIONS = {
    "retrieve": "take back own RETRIEVE card",
    "use": "use the once-per-turn action of own card",
    "pick_own": "a power's task: choose own card",
    "pick_opp": "a power's task: choose the opponent's card",
}
AREA_SLOTS = f"k < {SLOTS}: combat slot k, {SLOTS} <= k < {2 * SLOTS}: support slot k - {SLOTS}"


def catalogue(db: BlueMoonDB) -> list[str]:
    """The printed cards' ids, sorted (the index of the "other card" slot is its length)."""
    return sorted(db.cards)


class BlueMoonEncoder(Encoder):
    """Blue Moon's observation and action encoding for one setup."""

    def __init__(self, game: Game, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, setup)
        db = getattr(game, "db", None)
        self.db = db if isinstance(db, BlueMoonDB) else default_db()
        self.cards = catalogue(self.db)
        self.card_index = {c: k for k, c in enumerate(self.cards)}
        self.other = len(self.cards)
        n_ids = self.other + 1
        cards = self.db.cards.values()
        self.strength = max(1, max((max(d.fire, d.earth) for d in cards), default=0))
        self.features = self._features()
        self.demanders = sorted(
            c for c, d in self.db.cards.items() if any(p.kind == "must_discard" for p in d.powers)
        ) or ["-"]
        self.max_draw = max(3, max((p.n for d in cards for p in d.powers if _counts(p)), default=0))
        self.match_to = int(self.setup.get("match_to") or 0)
        self.crystals = self.match_to + 4  # a game gives at most 4 crystals
        self.games = max(1, 2 * self.match_to)
        self._decks: dict[tuple[str, ...], list[str] | None] = {}
        self._obs_layout(n_ids)
        self._action_layout(n_ids)

    # --- layouts -------------------------------------------------------------------------
    def _obs_layout(self, n_ids: int) -> None:
        f = self.features.shape[1]
        facts = (
            f"printed facts ({f}: type one-hot {'/'.join(PLAYED_TYPES)}, Fire and Earth / "
            f"{self.strength}, icons {'/'.join(ICONS)}, gang one-hot {'/'.join(GANGS)}, moons / 4, "
            "mutant, has a power)"
        )
        lay = Layout()
        self.o_decision = lay.add(
            "decision",
            len(DECISIONS) + 1,
            f"the pending decision's kind: {', '.join(DECISIONS)}, none",
        )
        self.o_decider = lay.add("decider", 2, "who decides: the observer, the opponent")
        self.o_boundary = lay.add(
            "boundary", len(BOUNDARIES), f"a step-mode stop's boundary: {', '.join(BOUNDARIES)}"
        )
        self.o_phase = lay.add("phase", len(PHASES), f"the phase: {', '.join(PHASES)}")
        self.o_element = lay.add("element", 3, "the contested element: Fire, Earth, not named yet")
        self.o_counters = lay.add(
            "counters",
            3,
            f"fight number / {FIGHTS}, game number / {self.games} (a match's games), step mode",
        )
        self.seat_fields = 12
        self.o_seats = lay.add(
            "seats",
            2 * self.seat_fields,
            "per seat (observer first), 12 values each: dragons / 3, crystals / "
            f"{self.crystals}, hand size / {HAND_SLOTS}, deck size / {DECK}, total / {TOTAL}, "
            f"shielded, combat cards / {COMBAT_SLOTS}, support cards / {SUPPORT_SLOTS}, is "
            "active, is the fight's starter, is a winner, own discard pile size / "
            f"{DECK} (observer only)",
        )
        self.o_peoples = lay.add(
            "peoples", 2 * (len(PEOPLES) + 1), "per seat: its people, one-hot (8 and other)"
        )
        self.o_leaders = lay.add(
            "leaders_top",
            2 * (n_ids + 1),
            "per seat: the top card of its leadership pile (present, catalogue one-hot)",
        )
        self.hand_width = 1 + n_ids + f
        self.o_hand = lay.add(
            "hand",
            HAND_SLOTS * self.hand_width,
            f"own hand in the view's order, {HAND_SLOTS} slots (later cards only in "
            f"hand_cards): present, catalogue one-hot ({n_ids}), {facts}",
        )
        self.o_hand_cards = lay.add("hand_cards", n_ids, "own hand, multi-hot over the catalogue")
        self.o_discard = lay.add("discard", n_ids, "own discard pile, multi-hot over the catalogue")
        self.o_tops = lay.add(
            "discard_tops",
            2 * (n_ids + 1),
            "per seat: the top card of its discard pile (present, catalogue one-hot)",
        )
        self.o_revealed = lay.add(
            "other_hand", n_ids, "the opponent's revealed hand cards, multi-hot over the catalogue"
        )
        self.area_width = 1 + n_ids + f + 6
        card_meaning = (
            f"present, catalogue one-hot ({n_ids}), {facts}, active, ignored, turn "
            f"played / {TURNS}, played in the latest turn shown, applies to a card (aim), "
            "cards applying to it / 2"
        )
        self.o_combat = lay.add(
            "combat",
            2 * COMBAT_SLOTS * self.area_width,
            f"per seat, its combat area in play order, {COMBAT_SLOTS} slots (later cards "
            f"dropped): {card_meaning}",
        )
        self.o_support = lay.add(
            "support",
            2 * SUPPORT_SLOTS * self.area_width,
            f"per seat, its support area in play order, {SUPPORT_SLOTS} slots (later cards "
            f"dropped): {card_meaning}",
        )
        self.obs_layout = lay
        self.obs_size = lay.size

    def _action_layout(self, n_ids: int) -> None:
        lay = Layout()
        self.a_single = {k: lay.add(k, 1, m) for k, m in SINGLES.items()}
        self.a_hand = {k: lay.add(k, SLOTS, f"{m} (k < {SLOTS})") for k, m in HAND_ACTIONS.items()}
        self.a_area = {
            k: lay.add(k, 2 * SLOTS, f"{m}: {AREA_SLOTS}") for k, m in AREA_ACTIONS.items()
        }
        self.a_lead_use = lay.add(
            "use_leadership", 1, "use the once-per-turn action of own leadership card this turn"
        )
        j = len(self.demanders)
        self.a_toward = lay.add(
            "shed_toward",
            SLOTS * j,
            f"discard the hand card in slot k toward demanding card d: index k * {j} + d, d "
            f"the rank of the demanding card among the catalogue's {j} such cards "
            f"({', '.join(self.demanders)})",
        )
        self.a_hidden = lay.add(
            "pick_hidden",
            n_ids,
            "a power's task: choose a card of own deck or discard pile (searching it), by "
            "catalogue index (last: other card)",
        )
        self.a_draw = lay.add("draw", self.max_draw, "a power's task: take k + 1 cards")
        self.a_reveal = lay.add(
            "reveal", 3, "a power's task: reveal the top k + 1 cards of the deck"
        )
        self.action_layout = lay
        self.num_actions = lay.size

    def _features(self) -> np.ndarray:
        """Each catalogue card's printed facts (the "other card" row: zeros): type one-hot
        (character, booster, support, leadership), Fire and Earth / the highest printed
        value, icons (ICONS), gang one-hot (GANGS), moons / 4, mutant, has a power."""
        width = len(PLAYED_TYPES) + 2 + len(ICONS) + len(GANGS) + 3
        out = np.zeros((len(self.cards) + 1, width), dtype=np.float32)
        for k, c in enumerate(self.cards):
            d = self.db.cards[c]
            row = out[k]
            if d.type in PLAYED_TYPES:
                row[PLAYED_TYPES.index(d.type)] = 1
            b = len(PLAYED_TYPES)
            row[b] = d.fire / self.strength
            row[b + 1] = d.earth / self.strength
            b += 2
            for icon in d.icons:
                row[b + ICONS.index(icon)] = 1
            b += len(ICONS)
            if d.gang in GANGS:
                row[b + GANGS.index(d.gang)] = 1
            b += len(GANGS)
            row[b] = d.moons / 4
            row[b + 1] = float(d.mutant is not None)
            row[b + 2] = float(d.has_power)
        return out

    # --- observation ---------------------------------------------------------------------
    def _id(self, card: str | None) -> int:
        return self.other if card is None else self.card_index.get(card, self.other)

    def observation(self, view: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self.obs_size, dtype=np.float32)
        me = int(view.get("seat") or 0)
        order = (me, 1 - me)
        pending = list(view.get("pending") or [])
        kind = pending[0] if pending else None
        out[
            self.o_decision.start + (DECISIONS.index(kind) if kind in DECISIONS else len(DECISIONS))
        ] = 1
        if len(pending) > 1:
            out[self.o_decider.start + (0 if pending[1] == me else 1)] = 1
        if kind == "continue" and len(pending) > 2 and pending[2] in BOUNDARIES:
            out[self.o_boundary.start + BOUNDARIES.index(pending[2])] = 1
        out[self.o_phase.start + PHASES.index(view["phase"])] = 1
        element = view.get("element")
        out[self.o_element.start + ({"fire": 0, "earth": 1}.get(element or "", 2))] = 1
        c = self.o_counters.start
        out[c] = min(1.0, view["fight"] / FIGHTS)
        out[c + 1] = min(1.0, view["game_no"] / self.games)
        out[c + 2] = float(bool(view.get("step")))
        winners = view.get("winners") or []
        n_peoples = len(PEOPLES) + 1
        for r, s in enumerate(order):
            b = self.o_seats.start + r * self.seat_fields
            combat, support = view["combat"][s], view["support"][s]
            out[b : b + 11] = (
                view["dragons"][s] / DRAGONS,
                min(1.0, view["crystals"][s] / self.crystals),
                min(1.0, view["hand_sizes"][s] / HAND_SLOTS),
                min(1.0, view["deck_sizes"][s] / DECK),
                min(1.0, view["totals"][s] / TOTAL),
                float(view["shielded"][s]),
                min(1.0, len(combat) / COMBAT_SLOTS),
                min(1.0, len(support) / SUPPORT_SLOTS),
                float(view["active"] == s),
                float(view["starter"] == s),
                float(s in winners),
            )
            people = view["peoples"][s]
            p = PEOPLES.index(people) if people in PEOPLES else len(PEOPLES)
            out[self.o_peoples.start + r * n_peoples + p] = 1
            self._card_flag(
                out, self.o_leaders.start + r * (self.other + 2), view["leaders_top"][s]
            )
        out[self.o_seats.start + 11] = min(1.0, len(view.get("discard", ())) / DECK)
        self._hand(out, view.get("hand", []))
        for card in view.get("discard", []):
            out[self.o_discard.start + self._id(card)] += 1
        own = view.get("discard") or [None]
        self._card_flag(out, self.o_tops.start, own[-1])
        self._card_flag(out, self.o_tops.start + self.other + 2, view.get("other_discard_top"))
        for card in view.get("other_hand", []):
            out[self.o_revealed.start + self._id(card)] += 1
        self._areas(out, view, order)
        return np.minimum(out, 1.0, out=out)

    def _card_flag(self, out: np.ndarray, start: int, card: str | None) -> None:
        """Present flag and catalogue one-hot of an optional card."""
        if card is not None:
            out[start] = 1
            out[start + 1 + self._id(card)] = 1

    def _put_card(self, out: np.ndarray, start: int, card: str) -> int:
        """Present, one-hot and printed facts of a card at ``start``; returns the next position."""
        k = self._id(card)
        out[start] = 1
        out[start + 1 + k] = 1
        b = start + 2 + self.other
        f = int(self.features.shape[1])
        out[b : b + f] = self.features[k]
        return b + f

    def _hand(self, out: np.ndarray, hand: Sequence[Mapping[str, Any]]) -> None:
        for k, entry in enumerate(hand):
            out[self.o_hand_cards.start + self._id(entry["card"])] = 1
            if k < HAND_SLOTS:
                self._put_card(out, self.o_hand.start + k * self.hand_width, entry["card"])

    def _areas(self, out: np.ndarray, view: Mapping[str, Any], order: tuple[int, int]) -> None:
        latest = max(
            (c["turn"] for s in order for c in view["combat"][s] + view["support"][s]), default=0
        )
        for r, s in enumerate(order):
            cards = view["combat"][s] + view["support"][s]
            aimed: dict[str, int] = {}
            for c in cards:
                if "aim" in c:
                    aimed[c["aim"]] = aimed.get(c["aim"], 0) + 1
            for seg, zone, slots in (
                (self.o_combat, view["combat"][s], COMBAT_SLOTS),
                (self.o_support, view["support"][s], SUPPORT_SLOTS),
            ):
                for k, c in enumerate(zone[:slots]):
                    at = seg.start + (r * slots + k) * self.area_width
                    b = self._put_card(out, at, c["card"])
                    out[b : b + 6] = (
                        float(c["active"]),
                        float(c["ignored"]),
                        min(1.0, c["turn"] / TURNS),
                        float(latest > 0 and c["turn"] == latest),
                        float("aim" in c),
                        min(1.0, aimed.get(c["card"], 0) / 2),
                    )

    # --- actions -------------------------------------------------------------------------
    def action_indices(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[int]:
        where = _Where(self, view)
        return self.separate([self._index(where, a) for a in actions])

    def index_of(self, view: Mapping[str, Any], action: Action) -> int:
        """The index an action means in this view (``action_indices`` gives these, except
        that it moves a repeat to the next free index of its segment: that happens only for
        inline cards of positions, which share the "other card" slot)."""
        return self._index(_Where(self, view), action)

    def _index(self, where: _Where, action: Action) -> int:
        kind = action[0]
        if len(action) == 1 and kind in self.a_single:
            return self.a_single[kind].start
        if kind == "char" and len(action) > 2:
            kind = ("char_fire", "char_earth")[int(action[2])]
        if kind == "shed" and len(action) > 2:
            demand = where.opp_cards.get(int(action[2]))
            d = self.demanders.index(demand) if demand in self.demanders else 0
            return self.a_toward.start + where.hand_slot(int(action[1])) * len(self.demanders) + d
        if kind in self.a_hand:
            return self.a_hand[kind].start + where.hand_slot(int(action[1]))
        if kind == "use":
            slot = where.own.get(int(action[1]))
            return self.a_lead_use.start if slot is None else self.a_area["use"].start + slot
        if kind == "retrieve":
            return self.a_area["retrieve"].start + where.own[int(action[1])]
        if kind == "pick":
            i = int(action[1])
            if i in where.hand:
                return self.a_hand["pick_hand"].start + where.hand[i]
            if i in where.own:
                return self.a_area["pick_own"].start + where.own[i]
            if i in where.opp:
                return self.a_area["pick_opp"].start + where.opp[i]
            return self.a_hidden.start + self._id(where.hidden_card(i))
        if kind == "draw" and 1 <= action[1] <= self.max_draw:
            return self.a_draw.start + int(action[1]) - 1
        if kind == "reveal" and 1 <= action[1] <= 3:
            return self.a_reveal.start + int(action[1]) - 1
        raise ValueError(f"no index for the action {action!r}")

    def describe_index(self, index: int) -> str:
        """What an action index means, with its slot, card or count spelled out."""
        text = super().describe_index(index)
        for seg in self.action_layout.segments:
            if seg.start <= index < seg.stop:
                k = index - seg.start
                return f"{text} ({self._detail(seg, k)})" if seg.size > 1 else text
        return text

    def _detail(self, seg: Segment, k: int) -> str:
        if seg.name in self.a_hand:
            return f"hand slot {k}"
        if seg.name in self.a_area:
            return f"combat slot {k}" if k < SLOTS else f"support slot {k - SLOTS}"
        if seg is self.a_toward:
            j = len(self.demanders)
            return f"hand slot {k // j} toward {self.demanders[k % j]}"
        if seg is self.a_hidden:
            return self.cards[k] if k < self.other else "other card"
        return f"{k + 1} card(s)"

    def deck_lists(self, view: Mapping[str, Any]) -> list[str] | None:
        """The card of each instance number, from the public deck lists: the setup's
        ``lists``, else the decks of the peoples the game began with (a match with ``swap``
        reverses the view's peoples each game); None when unknown."""
        peoples = list(view.get("peoples") or [])
        if self.setup.get("swap") and self.match_to and view.get("game_no", 1) % 2 == 0:
            peoples.reverse()
        key = tuple(peoples)
        if key not in self._decks:
            lists = self.setup.get("lists")
            try:
                decks = [list(x) for x in lists] if lists else [self.db.deck(p) for p in peoples]
            except KeyError:
                self._decks[key] = None
            else:
                self._decks[key] = [c for deck in decks for c in deck]
        return self._decks[key]


class _Where:
    """Where the view places each card instance (slots of the observer's hand and of each
    seat's areas: combat slot k is k, support slot k is SLOTS + k)."""

    def __init__(self, enc: BlueMoonEncoder, view: Mapping[str, Any]) -> None:
        self.enc = enc
        self.view = view
        me = int(view.get("seat") or 0)
        self.hand = {int(c["inst"]): k for k, c in enumerate(view.get("hand", []))}
        self.own = _area_slots(view, me)
        self.opp = _area_slots(view, 1 - me)
        self.opp_cards = {
            int(c["inst"]): str(c["card"]) for c in view["combat"][1 - me] + view["support"][1 - me]
        }

    def hand_slot(self, inst: int) -> int:
        return _within(self.hand[inst], SLOTS)

    def hidden_card(self, inst: int) -> str | None:
        """The card of an instance the view does not place (by the public deck lists),
        checked against every instance the view does show."""
        ids = self.enc.deck_lists(self.view)
        if ids is None or not 0 <= inst < len(ids):
            return None
        for s in (0, 1):
            shown = self.view["combat"][s] + self.view["support"][s]
            for c in [*shown, *self.view.get("hand", [])]:
                if not 0 <= c["inst"] < len(ids) or ids[c["inst"]] != c["card"]:
                    return None
        return ids[inst]


def _area_slots(view: Mapping[str, Any], s: int) -> dict[int, int]:
    out = {int(c["inst"]): k for k, c in enumerate(view["combat"][s])}
    out.update({int(c["inst"]): SLOTS + k for k, c in enumerate(view["support"][s])})
    if len(view["combat"][s]) > SLOTS or len(view["support"][s]) > SLOTS:
        raise ValueError(f"an area holds more than the {SLOTS} cards a player owns")
    return out


def _within(slot: int, size: int) -> int:
    if slot >= size:
        raise ValueError(f"slot {slot} beyond the {size} cards a player owns")
    return slot


def _counts(p: Any) -> bool:
    """A power whose task takes a number of cards (``draw`` actions)."""
    return p.kind in ("draw", "end_draw") or (
        p.kind == "act" and p.mode in ("take_hand", "pile_draw")
    )


def make_encoder(game: Game, setup: Mapping[str, Any] | None) -> BlueMoonEncoder:
    """The Blue Moon encoder of a setup."""
    return BlueMoonEncoder(game, setup)


register_encoder("bluemoon", make_encoder)
