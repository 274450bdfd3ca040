"""BossGame: the common game hooks for Boss Battle (two to six players, one shared boss)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from cardtable.core.carddata import InlineCards
from cardtable.core.evaluation import EvalTerm
from cardtable.core.events import Event
from cardtable.core.game import Action, Game, Outcome
from cardtable.core.help import Reason, Term
from cardtable.core.rng import Rng, seed_state
from cardtable.games.boss import balance, positions, texts, view
from cardtable.games.boss.cards import default_db, parse_cards
from cardtable.games.boss.effects import attack_of, available, can_attack, defn
from cardtable.games.boss.formats import make_decks, parse_setup
from cardtable.games.boss.invariants import invariant_problems
from cardtable.games.boss.overrides import changes, check_overrides, decode, encode
from cardtable.games.boss.overrides import with_overrides as overridden_db
from cardtable.games.boss.records import BossDB, boss_db
from cardtable.games.boss.rules import (
    apply_action,
    legal_actions,
    new_state,
    why_not,
)
from cardtable.games.boss.state import (
    COMBAT,
    END,
    F_CARD,
    F_CTL,
    F_SRC,
    MAIN1,
    OVER,
    REDEAL,
    SRC_CARD,
    START,
    BossState,
)

SPREAD = 4.0
"""How steeply ``evaluate`` turns an edge in the race into a value."""


class BossGame(InlineCards[BossDB], Game):
    """Boss Battle («Битва с боссом»)."""

    id = "boss"
    title: Mapping[str, str] = MappingProxyType({"ru": "Битва с боссом", "en": "Boss Battle"})
    precon_option = "decks"
    bench_targets: Mapping[str, float] = MappingProxyType({"games_per_s": 300})
    search_settings: Mapping[str, float] = MappingProxyType({"depth": 1, "c": 0.4})  # docs/ai.md
    supports_step = True

    def __init__(self, db: BossDB | None = None) -> None:
        self._init_cards(db)
        self._overridden: dict[str, tuple[BossDB, BossDB]] = {}

    def _load_db(self) -> BossDB:
        return default_db()

    def _parse_inline(self, raw: list[Any]) -> list[Any]:
        return parse_cards("position", raw)

    def _extend(self, cards: dict[str, Any]) -> BossDB:
        return boss_db(cards, self.db.decks)

    def dbs(self, st: Any) -> BossDB:
        """The database that knows every card of a state as it is in that game: its inline
        cards (positions) and its what-if numbers (``st.overrides``)."""
        key = st.overrides
        if not key and not self._raw_by_id and self._db is not None:
            return self._db  # the common case: the card files as printed
        base = super().dbs(st)
        if not key:
            return base
        return self.with_key(base, key)

    def with_key(self, base: BossDB, key: str) -> BossDB:
        """``base`` with the overrides of a state's form ``key`` (remembered)."""
        if not key:
            return base
        found = self._overridden.get(key)
        if found is None or found[0] is not base:
            if len(self._overridden) >= 64:
                self._overridden.clear()
            found = (base, overridden_db(base, decode(key)))
            self._overridden[key] = found
        return found[1]

    # --- hooks ---------------------------------------------------------------------------
    def new_game(self, setup: Mapping[str, Any] | None, seed: int, log: bool = False) -> BossState:
        """A fresh game: decks by the format, the boss at 25 health per player, a random
        first player, five cards each and the redeals (boss.setup.*)."""
        opts = parse_setup(setup)
        db, key = self.db, ""
        if opts.overrides:
            wanted = check_overrides(self.db, opts.overrides)
            full = self.with_key(self.db, encode(changes(self.db, wanted)))
            decks, labels = make_decks(full, opts, seed)
            key = encode(changes(self.db, wanted, {c for deck in decks for c in deck}))
            db = self.with_key(self.db, key)
        else:
            decks, labels = make_decks(db, opts, seed)
        st = new_state(db, decks, labels, seed, opts.first, log, opts.max_turns)
        st.overrides = key
        st.step = opts.step
        return st

    def prepare_match(
        self, setup: Mapping[str, Any] | None, specs: list[str]
    ) -> tuple[dict[str, Any], list[str]]:
        """One agent per player: missing seats play greedy, extra specs are dropped."""
        out = dict(setup or {})
        n = parse_setup(out).seats()
        fitted = list(specs[:n]) + ["greedy"] * max(0, n - len(specs))
        return out, fitted

    def legal_actions(self, state: BossState) -> list[Action]:
        """The options of the pending decision."""
        known = state._legal  # cached until the next action
        if known is not None:
            return known
        return legal_actions(self.dbs(state), state)

    def apply_unchecked(self, state: BossState, action: Action) -> None:
        """Perform a legal action (and the forced steps after it)."""
        apply_action(self.dbs(state), state, action)

    def to_move(self, state: BossState) -> int | None:
        """The seat whose decision is pending; the active player at a step-mode stop."""
        pending = state.pending
        if not pending or state.phase == OVER:
            return None
        if pending[0] == "continue":
            return state.active
        seat: int = pending[1]
        return seat

    def outcome(self, state: BossState) -> Outcome | None:
        """Winners (the player who dealt the lethal blow) and the reason once over."""
        if state.phase != OVER:
            return None
        return Outcome(tuple(state.winners), state.reason)

    def num_seats(self, state: BossState) -> int:
        """Number of players."""
        return state.nseats()

    def observe(self, state: BossState, seat: int) -> dict[str, Any]:
        """What the seat may know (boss.zone.*)."""
        return view.observation(self, state, seat)

    def spectate(self, state: BossState) -> dict[str, Any]:
        """What every seat may know: no hand but its public cards."""
        return view.observation(self, state, None)

    def determinize(self, state: BossState, seat: int, rng: Rng) -> BossState:
        """Reshuffle what ``seat`` cannot see: every player's deck order, the other players'
        hand cards it has not seen, and its own cards exiled unseen by its redeals (which
        could be any of its deck's cards); the future randomness too."""
        s = state.clone()
        bit = 1 << seat
        known = s.known
        for owner in range(s.nseats()):
            hand, deck, abyss = s.hands[owner], s.decks[owner], s.abyss[owner]
            hand_at = [k for k, c in enumerate(hand) if not known[c] & bit]
            abyss_at = [k for k, c in enumerate(abyss) if not known[c] & bit]
            pool = [hand[k] for k in hand_at] + deck + [abyss[k] for k in abyss_at]
            rng.shuffle(pool)
            for k in hand_at:
                hand[k] = pool.pop()
            for k in abyss_at:
                abyss[k] = pool.pop()
            s.decks[owner] = pool
        s.known = _relabel(state, s)
        s.rng = seed_state(rng.spawn())
        s._legal = None
        return s

    def describe(self, action: Action, lang: str, state: Any = None) -> str:
        """A short text of an action."""
        return view.describe(self, state, action, lang)

    def action_text(self, state: BossState, action: Action) -> str:
        """Canonical text of an action."""
        return texts.action_text(state, action)

    def state_from_json(self, data: Mapping[str, Any]) -> BossState:
        """Inverse of state.to_json()."""
        return BossState.from_json(dict(data))

    def render_event(self, state: BossState, event: Event, lang: str) -> str:
        """One event as text."""
        return view.render_event(self, state, event, lang)

    def load_position(self, data: Mapping[str, Any]) -> BossState:
        """A state from a position document."""
        return positions.load(self, data)

    def export_position(self, state: BossState) -> dict[str, Any]:
        """A position document of the state."""
        return positions.export(self, state)

    def check_decks(self, state: BossState) -> None:
        """At most the copies of a card a deck allows (positions.check_decks)."""
        positions.check_decks(self, state)

    def check_invariants(self, state: BossState) -> list[str]:
        """Every card in one place, counters in range, one pending decision or an outcome."""
        return invariant_problems(self.dbs(state), state)

    def evaluate(self, state: BossState, seat: int) -> float:
        """Who is likely to land the lethal blow: the first player in turn order whose next
        attack can finish the boss takes most of the chance; the rest is shared by each
        player's material (units' attack and durability, other permanents, slots, cards in
        hand and deck, resources, attacks about to land)."""
        if state.phase == OVER:
            if not state.winners:
                return 0.0
            return 1.0 if seat in state.winners else -1.0
        db = self.dbs(state)
        n = state.nseats()
        ids = state.card_ids

        def cost(c: int) -> int:
            return db.cards[ids[c]].cost

        burst = [0.0] * n
        value = [0.0] * n
        for p in range(n):
            for u in state.field[p]:
                if not defn(db, state, u).is_unit:
                    value[p] += 2.0 + 0.5 * state.energy[u]
                    continue
                a = attack_of(db, state, u)
                d = max(0, state.dur[u])
                value[p] += a * min(d, 4) + 0.3 * d
                if d > 0 and not (p == state.active and state.tapped[u]):
                    burst[p] += a
            have = available(state, p)
            burst[p] += 1 + max(
                (db.burn[state.card_ids[c]] for c in state.hands[p] if cost(c) <= have),
                default=0,
            )
            value[p] += (
                3.0 * state.slots[p]
                + 0.3 * have
                + 1.0 * len(state.hands[p])
                + 0.3 * len(state.decks[p])
            )
        for f in state.stack:  # cast cards count as resolved, as far as material goes
            if f[F_SRC] == SRC_CARD:
                cast = defn(db, state, f[F_CARD])
                if cast.is_unit:
                    worth = cast.attack * min(cast.durability, 4) + 0.3 * cast.durability
                else:
                    worth = 2.0 if cast.is_permanent else 1.5 * cast.cost + 0.5
                value[f[F_CTL]] += worth
        active = state.active
        if state.waiting[active] and state.phase < END:  # its turn is given up
            value[active] -= 0.3 * available(state, active)
            if state.phase < COMBAT or (state.phase == COMBAT and state.combat == 0):
                value[active] -= sum(
                    attack_of(db, state, u)
                    for u in state.field[active]
                    if defn(db, state, u).is_unit and can_attack(db, state, u)
                )
        if state.phase == COMBAT and state.combat == 1:  # attackers about to deal damage
            landing = [u for u in state.attackers if state.ctl[u] == active]
            value[active] += len(landing)
            burst[active] = sum(attack_of(db, state, u) for u in landing) + 0.5 * available(
                state, active
            )
        share, left = _lethal_shares(state, burst)
        total = sum(value) or 1.0
        for p in range(n):
            share[p] += left * value[p] / total
        # the share above or below an even one, spread out so that a search tells small
        # differences apart (a heuristic value stays inside the -1 / 1 of a finished game)
        edge = (share[seat] - 1.0 / n) * n / (n - 1)
        return max(-0.99, min(0.99, math.tanh(SPREAD * edge)))

    def evaluation_terms(self, state: BossState, seat: int) -> list[EvalTerm]:
        """``evaluate`` by term, before its tanh: for each part of the material (units,
        other cards in play, slots, resources, hand, deck) the seat's lead over the rivals'
        mean in it, as a share of the chance the material shares out; and the seat's edge
        in the race to the lethal blow. A lead, not the seat's own amount, so that a term
        does not move when only another part changes the table's total."""
        if state.phase == OVER:
            return []
        db = self.dbs(state)
        n = state.nseats()
        parts, burst, units = _material(db, state)
        lethal, left = _lethal_shares(state, burst)
        total = sum(sum(p.values()) for p in parts) or 1.0
        scale = SPREAD * left / total
        rivals = [p for p in range(n) if p != seat]

        def lead(key: str) -> float:
            return parts[seat][key] - sum(parts[p][key] for p in rivals) / len(rivals)

        terms = [
            EvalTerm(key, scale * lead(key), count)
            for key, count in (
                ("units", units[seat][0]),
                ("objects", units[seat][1]),
                ("slots", state.slots[seat]),
                ("resources", available(state, seat)),
                ("hand", len(state.hands[seat])),
                ("deck", len(state.decks[seat])),
            )
        ]
        race = lethal[seat] - sum(lethal[p] for p in rivals) / len(rivals)
        terms.append(EvalTerm("blow", SPREAD * race, int(burst[seat])))
        return terms

    def is_subdecision(self, state: BossState) -> bool:
        """Choosing attackers, a cost, a target, a mode or an amount completes an earlier
        choice."""
        return bool(state.pending) and state.pending[0] in (
            "attackers",
            "scrap_cost",
            "subst_target",
            "target",
            "mode",
            "energy",
            "amount",
        )

    def turn_number(self, state: BossState) -> int:
        """Turns played."""
        return state.turn

    def conformance_setups(self) -> list[dict[str, Any]]:
        """Two, three and four players, each with the precon decks and with random decks;
        step mode in a duel (the step-mode tests replay every setup with stops)."""
        return [
            {},
            {"players": 3},
            {"players": 4},
            {"players": 2, "format": "random", "first": 1},
            {"players": 3, "format": "random"},
            {"players": 4, "format": "random"},
            # step mode: every single-option decision and phase boundary offered
            {"step": True},
        ]

    def card_name(self, state: BossState, inst: int, lang: str) -> str:
        """The printed name of an instance."""
        return self.dbs(state).cards[state.card_ids[inst]].name(lang)

    def render(self, state: BossState, seat: int | None, lang: str, compact: bool = False) -> Any:
        """The table as ``seat`` sees it (None: a spectator), as a Rich renderable."""
        from cardtable.games.boss import render

        return render.render(self, state, seat, lang, compact)

    # --- help at the table (core.help) -----------------------------------------------
    def hand_cards(self, state: BossState, seat: int) -> list[int]:
        """The hand in the order the screen numbers it."""
        return list(state.hands[seat])

    def why_not(self, state: BossState, seat: int, card: int) -> list[Reason]:
        """The rule ids that keep ``card`` from being cast now (rules.why_not)."""
        return list(why_not(self.dbs(state), state, seat, card))

    def glossary(self, lang: str) -> list[Term]:
        """Cards, keywords and mechanics (render.glossary)."""
        from cardtable.games.boss import render

        return render.glossary(self, lang)

    # --- balance and tournaments (balance.py, overrides.py) -----------------------------
    def played_card(self, state: BossState, action: Action) -> str | None:
        """The card a ``("play", card)`` action casts from the hand (balance.played_card)."""
        return balance.played_card(state, action)

    def deck_names(self, setup: Mapping[str, Any] | None) -> list[str]:
        """The preconstructed decks."""
        return balance.deck_names(self.db, setup)

    def with_decks(self, setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
        """The setup with ``decks[s]`` at seat ``s`` (balance.with_decks)."""
        return balance.with_decks(self.db, setup, decks)

    def deck_title(self, deck: str, lang: str) -> str:
        """A deck's name."""
        return balance.deck_title(self.db, deck, lang)

    def deck_seats(self, setup: Mapping[str, Any] | None) -> list[int]:
        """Every player's seat."""
        return list(range(parse_setup(setup).seats()))

    def card_title(self, card: str, lang: str) -> str:
        """A card's printed name (the id if unknown)."""
        return balance.card_title(self.db, card, lang)

    def with_card_overrides(
        self, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The setup with what-if numbers in its ``overrides`` option (overrides.py)."""
        return balance.with_card_overrides(self.db, setup, overrides)


def _relabel(before: BossState, after: BossState) -> list[int]:
    """Who knows each card after a determinization: a card now in a hidden place takes the
    knowledge of the place (only its owner knows a hand card, nobody a deck card, the others
    a card the owner exiled unseen)."""
    known = before.known[:]
    for owner in range(after.nseats()):
        for k, c in enumerate(after.hands[owner]):
            known[c] = before.known[before.hands[owner][k]]
        for c in after.decks[owner]:
            known[c] = 0
        for k, c in enumerate(after.abyss[owner]):
            known[c] = before.known[before.abyss[owner][k]]
    return known


def _material(
    db: BossDB, state: BossState
) -> tuple[list[dict[str, float]], list[float], list[tuple[int, int]]]:
    """``evaluate``'s material by player and part, the damage each player's next attack
    can deal (its burst), and each player's units and other cards in play or being cast
    (counted)."""
    n = state.nseats()
    ids = state.card_ids
    parts = [dict.fromkeys(("units", "objects", "slots", "resources", "hand", "deck"), 0.0)]
    parts += [dict(parts[0]) for _ in range(n - 1)]
    burst = [0.0] * n
    counts = [[0, 0] for _ in range(n)]
    for p in range(n):
        for u in state.field[p]:
            if not defn(db, state, u).is_unit:
                parts[p]["objects"] += 2.0 + 0.5 * state.energy[u]
                counts[p][1] += 1
                continue
            a = attack_of(db, state, u)
            d = max(0, state.dur[u])
            parts[p]["units"] += a * min(d, 4) + 0.3 * d
            counts[p][0] += 1
            if d > 0 and not (p == state.active and state.tapped[u]):
                burst[p] += a
        have = available(state, p)
        burst[p] += 1 + max(
            (db.burn[ids[c]] for c in state.hands[p] if db.cards[ids[c]].cost <= have), default=0
        )
        parts[p]["slots"] += 3.0 * state.slots[p]
        parts[p]["resources"] += 0.3 * have
        parts[p]["hand"] += 1.0 * len(state.hands[p])
        parts[p]["deck"] += 0.3 * len(state.decks[p])
    for f in state.stack:  # cast cards count as resolved, as far as material goes
        if f[F_SRC] == SRC_CARD:
            cast = defn(db, state, f[F_CARD])
            if cast.is_unit:
                worth = cast.attack * min(cast.durability, 4) + 0.3 * cast.durability
                parts[f[F_CTL]]["units"] += worth
                counts[f[F_CTL]][0] += 1
            else:
                worth = 2.0 if cast.is_permanent else 1.5 * cast.cost + 0.5
                parts[f[F_CTL]]["objects"] += worth
                counts[f[F_CTL]][1] += 1
    active = state.active
    if state.waiting[active] and state.phase < END:  # its turn is given up
        parts[active]["resources"] -= 0.3 * available(state, active)
        if state.phase < COMBAT or (state.phase == COMBAT and state.combat == 0):
            parts[active]["units"] -= sum(
                attack_of(db, state, u)
                for u in state.field[active]
                if defn(db, state, u).is_unit and can_attack(db, state, u)
            )
    if state.phase == COMBAT and state.combat == 1:  # attackers about to deal damage
        landing = [u for u in state.attackers if state.ctl[u] == active]
        parts[active]["units"] += len(landing)
        burst[active] = sum(attack_of(db, state, u) for u in landing) + 0.5 * available(
            state, active
        )
    return parts, burst, [(u, o) for u, o in counts]


def _lethal_shares(state: BossState, burst: list[float]) -> tuple[list[float], float]:
    """``evaluate``'s chance of the lethal blow by player, and the chance left over that
    material shares out."""
    n = state.nseats()
    active = state.active
    early = (
        state.phase in (REDEAL, START, MAIN1) or (state.phase == COMBAT and state.combat in (0, 1))
    ) and not (state.waiting[active] and state.combat != 1)  # waiting: no attack now
    order = [(active + k) % n for k in range(n)]
    if not early:
        order = order[1:] + order[:1]
    share = [0.0] * n
    left = 1.0
    for p in order:
        if burst[p] >= state.boss:
            share[p] += 0.75 * left
            left *= 0.25
    return share, left
