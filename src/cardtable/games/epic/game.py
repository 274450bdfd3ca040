"""EpicGame: the common game hooks for Epic Card Game (duel, both editions' rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from cardtable.core.carddata import InlineCards
from cardtable.core.errors import Message
from cardtable.core.evaluation import EvalTerm
from cardtable.core.events import Event
from cardtable.core.game import Action, Game, Outcome
from cardtable.core.help import Reason, Term
from cardtable.core.rng import Rng, seed_state
from cardtable.games.epic import balance, positions, texts, view
from cardtable.games.epic.cards import default_db, parse_cards
from cardtable.games.epic.effects import (
    statics_in_play,
    strength,
)
from cardtable.games.epic.formats import draft_kind, draft_material, make_decks, parse_setup
from cardtable.games.epic.invariants import invariant_problems
from cardtable.games.epic.overrides import changes, check_overrides, decode, encode
from cardtable.games.epic.overrides import with_overrides as overridden_db
from cardtable.games.epic.records import EpicDB
from cardtable.games.epic.rules import (
    apply_action,
    legal_actions,
    new_state,
    split_forecast,
    why_not,
)
from cardtable.games.epic.state import DRAFT, OVER, EpicState


class EpicGame(InlineCards[EpicDB], Game):
    """Epic Card Game."""

    id = "epic"
    title: Mapping[str, str] = MappingProxyType({"ru": "Эпик", "en": "Epic Card Game"})
    precon_option = "factions"
    list_formats = ("constructed", "limited")  # a limited game checks lists against its pools
    bench_targets: Mapping[str, float] = MappingProxyType({"games_per_s": 200})
    search_settings: Mapping[str, float] = MappingProxyType({"depth": 10})  # docs/ai.md
    supports_step = True

    def __init__(self, db: EpicDB | None = None) -> None:
        self._init_cards(db)
        # What-if databases by the state's form of the overrides: (the database they
        # change, the changed copy). Derived data only: a state finds its cards by its own
        # ``overrides``, a state without them never looks here.
        self._overridden: dict[str, tuple[EpicDB, EpicDB]] = {}

    def _load_db(self) -> EpicDB:
        return default_db()

    def _parse_inline(self, raw: list[Any]) -> list[Any]:
        return parse_cards("position", raw)

    def _extend(self, cards: dict[str, Any]) -> EpicDB:
        return EpicDB(cards)

    def dbs(self, st: Any) -> EpicDB:
        """The database that knows every card of a state as it is in that game: its inline
        cards (positions) and its what-if numbers (``st.overrides``, overrides.py)."""
        key = st.overrides
        if not key and not self._raw_by_id and self._db is not None:
            return self._db  # the common case: the card files as printed
        base = super().dbs(st)
        if not key:
            return base
        return self.with_key(base, key)

    def with_key(self, base: EpicDB, key: str) -> EpicDB:
        """``base`` with the overrides of a state's form ``key`` (remembered, so that a
        game keeps looking at one database)."""
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
    def new_game(self, setup: Mapping[str, Any] | None, seed: int, log: bool = False) -> EpicState:
        """A fresh game: decks by the format, 30 health, 5 cards, mulligans (epic.setup.*)."""
        opts = parse_setup(setup)
        db, key = self.db, ""
        wanted = check_overrides(self.db, opts.overrides) if opts.overrides else {}
        if wanted:  # what-if numbers (overrides.py), from the deck check on
            db = self.with_key(self.db, encode(changes(self.db, wanted)))
        kind = ""
        if draft_kind(opts):
            decks, kind = draft_material(db, opts, seed)
        else:
            decks = make_decks(db, opts, seed)
        if wanted:
            key = encode(changes(self.db, wanted, {c for deck in decks for c in deck}))
            db = self.with_key(self.db, key)
        teams = opts.team_of_seats()
        st = new_state(db, decks, seed, opts.first, log, opts.mode, teams, kind)
        st.overrides = key
        st.step = opts.step  # no turn has begun yet: the mulligans (or a draft) come first
        return st

    def prepare_match(
        self, setup: Mapping[str, Any] | None, specs: list[str]
    ) -> tuple[dict[str, Any], list[str]]:
        """One agent per player: a multi-player mode named without a player count takes one
        player per spec given, three or more players named without a mode play ffa; missing
        seats play greedy, extra specs are dropped."""
        out = dict(setup or {})
        if out.get("mode", "duel") != "duel" and "players" not in out:
            out["players"] = max(3, len(specs))
        n = int(out.get("players", 2)) if str(out.get("players", 2)).isdigit() else 2
        if n > 2 and "mode" not in out:
            out["mode"] = "ffa"
        fitted = list(specs[:n]) + ["greedy"] * max(0, n - len(specs))
        return out, fitted

    def legal_actions(self, state: EpicState) -> list[Action]:
        """The options of the pending decision."""
        known = state._legal  # cached until the next action
        if known is not None:
            return known
        return legal_actions(self.dbs(state), state)

    def apply_unchecked(self, state: EpicState, action: Action) -> None:
        """Perform a legal action (and the forced steps after it)."""
        apply_action(self.dbs(state), state, action)

    def to_move(self, state: EpicState) -> int | None:
        """The seat whose decision is pending (a step-mode stop: the turn player's, or after
        an eliminated turn player the next player's)."""
        if state.phase == OVER or not state.pending:
            return None
        return int(state.pending[1])

    def outcome(self, state: EpicState) -> Outcome | None:
        """Winners and reason once over."""
        if state.phase != OVER:
            return None
        return Outcome(tuple(state.winners), state.reason)

    def num_seats(self, state: EpicState) -> int:
        """Number of seats."""
        return len(state.health)

    def observe(self, state: EpicState, seat: int) -> dict[str, Any]:
        """Own hand, others' hand sizes and revealed cards, no deck order."""
        return view.observation(self, state, seat)

    def spectate(self, state: EpicState) -> dict[str, Any]:
        """What every seat may know: no hand but its public cards."""
        return view.observation(self, state, None)

    def determinize(self, state: EpicState, seat: int, rng: Rng) -> EpicState:
        """Reshuffle every card seat cannot see: others' unrevealed hand cards with their
        decks, and its own deck order; the future randomness too."""
        s = state.clone()
        if s.phase == DRAFT:
            _determinize_draft(s, seat, rng)
        for other in range(len(s.health)):
            deck = s.decks[other]
            if other == seat:
                rng.shuffle(deck)
                continue
            hand = s.hands[other]
            places = [k for k, c in enumerate(hand) if not s.public[c]]
            pool = [hand[k] for k in places] + deck
            rng.shuffle(pool)
            for k, c in zip(places, pool, strict=False):
                hand[k] = c
            s.decks[other] = pool[len(places) :]
        s.rng = seed_state(rng.spawn())
        s._legal = None
        # The constant abilities and keywords remembered (state.py) stay right: only hidden
        # hands, decks and draft zones were shuffled, never a card in play, its controller,
        # this turn's keywords, the turn player, or a hand's size (Frenzy).
        return s

    def describe(self, action: Action, lang: str, state: Any = None) -> str:
        """A short text of an action."""
        return view.describe(self, state, action, lang)

    def action_text(self, state: EpicState, action: Action) -> str:
        """Canonical text of an action."""
        return texts.action_text(state, action)

    def state_from_json(self, data: Mapping[str, Any]) -> EpicState:
        """Inverse of state.to_json()."""
        return EpicState.from_json(dict(data))

    def render_event(self, state: EpicState, event: Event, lang: str) -> str:
        """One event as text."""
        return view.render_event(self, state, event, lang)

    def load_position(self, data: Mapping[str, Any]) -> EpicState:
        """A state from a position document."""
        return positions.load(self, data)

    def export_position(self, state: EpicState) -> dict[str, Any]:
        """A position document of the state."""
        return positions.export(self, state)

    def check_decks(self, state: EpicState) -> None:
        """At most the copies of a card a deck allows (positions.check_decks)."""
        positions.check_decks(self, state)

    def check_invariants(self, state: EpicState) -> list[str]:
        """Every card in one place, stats in range, one pending decision or an outcome."""
        return [str(m) for m in invariant_problems(self.dbs(state), state)]

    def invariant_problems(self, state: EpicState) -> list[Message]:
        """``check_invariants`` as catalog messages (a position file's problems, said in
        the reader's language)."""
        return invariant_problems(self.dbs(state), state)

    def evaluate(self, state: EpicState, seat: int) -> float:
        """Health, board and cards in hand, compared."""
        if state.phase == OVER:
            if not state.winners:
                return 0.0
            return 1.0 if seat in state.winners else -1.0
        db = self.dbs(state)
        if state.phase == DRAFT:  # the value of the cards drafted so far
            mine = _draft_value(db, state, state.drafted[seat])
            rest = [_draft_value(db, state, d) for k, d in enumerate(state.drafted) if k != seat]
            return max(-0.99, min(0.99, (mine - sum(rest) / max(1, len(rest))) / 40.0))
        score = 0.0
        statics = statics_in_play(db, state)
        broken: set[int] = set()
        health: dict[int, int] = {}
        if state.pending and state.pending[0] == "assign":  # the split made so far counts
            broken, health = split_forecast(db, state)
        for s in range(len(state.health)):
            strengths = [strength(db, state, i, statics) for i in state.play[s] if i not in broken]
            board = sum(off + 0.5 * dfn for off, dfn in strengths)
            life = state.health[s] + health.get(s, 0)
            value = life + 0.4 * board + 2.0 * len(state.hands[s]) + 1.0 * state.gold[s]
            score += value if s == seat else -value
        return max(-0.99, min(0.99, score / 60.0))

    def evaluation_terms(self, state: EpicState, seat: int) -> list[EvalTerm]:
        """``evaluate`` by term: the seat's health, champions in play, hand and gold, and
        the other players' (summed); in a draft, the cards drafted so far."""
        if state.phase == OVER:
            return []
        db = self.dbs(state)
        if state.phase == DRAFT:
            mine = _draft_value(db, state, state.drafted[seat])
            rest = [_draft_value(db, state, d) for k, d in enumerate(state.drafted) if k != seat]
            other = sum(rest) / max(1, len(rest))
            return [
                EvalTerm("draft", mine / 40.0, len(state.drafted[seat])),
                EvalTerm("foe_draft", -other / 40.0, len(state.drafted[seat - 1])),
            ]
        statics = statics_in_play(db, state)
        broken: set[int] = set()
        health: dict[int, int] = {}
        if state.pending and state.pending[0] == "assign":  # the split made so far counts
            broken, health = split_forecast(db, state)
        parts: dict[str, list[float]] = {}  # term -> [value for the seat, shown number]
        for s in range(len(state.health)):
            standing = [i for i in state.play[s] if i not in broken]
            strengths = [strength(db, state, i, statics) for i in standing]
            board = sum(off + 0.5 * dfn for off, dfn in strengths)
            life = state.health[s] + health.get(s, 0)
            sign, prefix = (1.0, "") if s == seat else (-1.0, "foe_")
            for key, value, shown_n in (
                ("health", life, life),
                ("champions", 0.4 * board, len(standing)),
                ("hand", 2.0 * len(state.hands[s]), len(state.hands[s])),
                ("gold", 1.0 * state.gold[s], state.gold[s]),
            ):
                part = parts.setdefault(prefix + key, [0.0, 0.0])
                part[0] += sign * value / 60.0
                part[1] += shown_n
        order = ("health", "champions", "hand", "gold")
        return [
            EvalTerm(key, parts[key][0], int(parts[key][1]))
            for key in (*order, *(f"foe_{k}" for k in order))
            if key in parts
        ]

    def is_subdecision(self, state: EpicState) -> bool:
        """Choosing attackers, blockers, targets or damage completes an earlier choice."""
        return bool(state.pending) and state.pending[0] in (
            "attackers",
            "blockers",
            "assign",
            "target",
            "x",
            "recycle",
        )

    def turn_number(self, state: EpicState) -> int:
        """Turns played."""
        return state.turn

    def conformance_setups(self) -> list[dict[str, Any]]:
        """Random decks from the base set and from the duel set, precon and limited, the
        drafts, every multi-player mode, and step mode (a duel and a team game)."""
        return [
            {},
            {"first": 1, "edition": "duel2023", "copies": 5},
            {"format": "precon"},
            {"format": "limited", "first": 0},
            {"players": 3, "mode": "ffa"},
            {"players": 4, "mode": "hunter_first_blood"},
            {"players": 4, "mode": "hunter_last_survivor", "copies": 2},
            {"players": 4, "mode": "team", "teams": [[1, 3], [2, 4]]},
            {"players": 4, "mode": "hydra", "teams": [[1, 2], [3, 4]]},
            {"format": "draft_blind"},
            {"format": "random_pick", "first": 1},
            {"players": 3, "mode": "ffa", "format": "draft_triple"},
            # step mode: every single-option decision and phase boundary offered
            {"step": True, "edition": "duel2023", "copies": 4},
            {"players": 4, "mode": "team", "teams": [[1, 2], [3, 4]], "step": True},
        ]

    def card_name(self, state: EpicState, inst: int, lang: str) -> str:
        """The printed name of an instance."""
        return self.dbs(state).cards[state.card_ids[inst]].name(lang)

    def render(self, state: EpicState, seat: int | None, lang: str, compact: bool = False) -> Any:
        """The table as ``seat`` sees it (None: a spectator), as a Rich renderable."""
        from cardtable.games.epic import render

        return render.render(self, state, seat, lang, compact)

    # --- help at the table (core.help) -----------------------------------------------
    def hand_cards(self, state: EpicState, seat: int) -> list[int]:
        """The hand in the order the screen numbers it."""
        return list(state.hands[seat])

    def why_not(self, state: EpicState, seat: int, card: int) -> list[Reason]:
        """The rule ids that keep ``card`` from being played now (rules.why_not)."""
        return list(why_not(self.dbs(state), state, seat, card))

    def glossary(self, lang: str) -> list[Term]:
        """Cards and keywords (render.glossary)."""
        from cardtable.games.epic import render

        return render.glossary(self, lang)

    # --- balance and tournaments (balance.py, overrides.py) -----------------------------
    def played_card(self, state: EpicState, action: Action) -> str | None:
        """The card a ``("play", card, mode)`` action plays from the hand; None for
        everything else (balance.played_card)."""
        return balance.played_card(state, action)

    def deck_names(self, setup: Mapping[str, Any] | None) -> list[str]:
        """The precon format's six faction pairs, e.g. 'good+wild'; none otherwise."""
        return balance.deck_names(setup)

    def with_decks(self, setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
        """The precon setup with the two players' faction pairs (balance.with_decks)."""
        return balance.with_decks(setup, decks)

    def deck_title(self, deck: str, lang: str) -> str:
        """'Good + Wild' / 'Добро + Природа'."""
        return balance.deck_title(deck, lang)

    def deck_seats(self, setup: Mapping[str, Any] | None) -> list[int]:
        """Every player's seat."""
        return list(range(parse_setup(setup).players))

    def card_title(self, card: str, lang: str) -> str:
        """A card's printed name (the id if unknown)."""
        return balance.card_title(self.db, card, lang)

    def with_card_overrides(
        self, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The setup with what-if cost, offense, defense or recall_gold in its
        ``overrides`` option (overrides.py)."""
        return balance.with_card_overrides(self.db, setup, overrides)


def _draft_value(db: EpicDB, st: EpicState, cards: list[int]) -> float:
    """A rough worth of drafted cards: cost-1 cards and big champions count more."""
    total = 0.0
    for c in cards:
        d = db.cards[st.card_ids[c]]
        total += 1.0 + 0.5 * d.cost + (d.offense + d.defense) / 20.0
    return total


def _determinize_draft(s: EpicState, seat: int, rng: Rng) -> None:
    """During a draft: the cards of other players' packs and picks, every unopened pack
    and the cards left out face down are shuffled among those places."""
    slots: list[tuple[list[int], int]] = []
    for other in range(len(s.health)):
        zones = [s.later[other]]
        if other != seat:
            zones += [s.packs[other], s.drafted[other]]
        for zone in zones:
            slots += [(zone, k) for k in range(len(zone))]
    slots += [(s.removed, k) for k, c in enumerate(s.removed) if not s.public[c]]
    cards = [zone[k] for zone, k in slots]
    rng.shuffle(cards)
    for (zone, k), c in zip(slots, cards, strict=True):
        zone[k] = c
    for other in range(len(s.health)):
        for zone in (s.packs[other], s.drafted[other]):
            for c in zone:
                s.owner[c] = other
