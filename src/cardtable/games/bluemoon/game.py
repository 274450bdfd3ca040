"""BlueMoonGame: the common game hooks for Blue Moon (two players, eight peoples)."""

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
from cardtable.games.bluemoon import balance, formats, positions, texts, view
from cardtable.games.bluemoon.cards import default_db, parse_cards
from cardtable.games.bluemoon.formats import make_decks, parse_setup
from cardtable.games.bluemoon.invariants import invariant_problems
from cardtable.games.bluemoon.overrides import changes, check_overrides, decode, encode
from cardtable.games.bluemoon.overrides import with_overrides as overridden_db
from cardtable.games.bluemoon.powers import total
from cardtable.games.bluemoon.records import BlueMoonDB, blue_moon_db
from cardtable.games.bluemoon.rules import (
    P_CHAR,
    apply_action,
    legal_actions,
    new_state,
    total_ok,
    why_not,
)
from cardtable.games.bluemoon.state import FIGHT, OVER, BlueMoonState


class BlueMoonGame(InlineCards[BlueMoonDB], Game):
    """Blue Moon."""

    id = "bluemoon"
    title: Mapping[str, str] = MappingProxyType({"ru": "Голубая луна", "en": "Blue Moon"})
    bench_targets: Mapping[str, float] = MappingProxyType({"games_per_s": 300})
    search_settings: Mapping[str, float] = MappingProxyType({"depth": 10})  # docs/ai.md
    supports_step = True

    def __init__(self, db: BlueMoonDB | None = None) -> None:
        self._init_cards(db)
        # What-if databases by the state's form of the overrides: (the database they
        # change, the changed copy). Derived data only: a state finds its cards by its own
        # ``overrides``, a state without them never looks here.
        self._overridden: dict[str, tuple[BlueMoonDB, BlueMoonDB]] = {}

    def _load_db(self) -> BlueMoonDB:
        return default_db()

    def _parse_inline(self, raw: list[Any]) -> list[Any]:
        return parse_cards("position", raw)

    def _extend(self, cards: dict[str, Any]) -> BlueMoonDB:
        return blue_moon_db(cards, self.db.boxes)

    def dbs(self, st: Any) -> BlueMoonDB:
        """The database that knows every card of a state as it is in that game: its inline
        cards (positions) and its what-if numbers (``st.overrides``, overrides.py)."""
        key = st.overrides
        if not key and not self._raw_by_id and self._db is not None:
            return self._db  # the common case: the card files as printed
        base = super().dbs(st)
        if not key:
            return base
        return self.with_key(base, key)

    def with_key(self, base: BlueMoonDB, key: str) -> BlueMoonDB:
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
    def new_game(
        self, setup: Mapping[str, Any] | None, seed: int, log: bool = False
    ) -> BlueMoonState:
        """A fresh game: two decks, 6 cards each, the dragons neutral (bluemoon.setup.*);
        with ``overrides``, the what-if numbers (overrides.py) from the deck check on."""
        opts = parse_setup(setup)
        db, key = self.db, ""
        if opts.overrides:
            wanted = check_overrides(self.db, opts.overrides)
            full = self.with_key(self.db, encode(changes(self.db, wanted)))
            decks, peoples = make_decks(full, opts, seed)
            key = encode(changes(self.db, wanted, {c for deck in decks for c in deck}))
            db = self.with_key(self.db, key)
        else:
            decks, peoples = make_decks(db, opts, seed)
        return new_state(
            db,
            decks,
            peoples,
            seed,
            opts.first,
            log,
            opts.reshuffle,
            opts.match_to,
            opts.swap,
            key,
            opts.step,
        )

    def legal_actions(self, state: BlueMoonState) -> list[Action]:
        """The options of the pending decision."""
        return legal_actions(self.dbs(state), state)

    def apply_unchecked(self, state: BlueMoonState, action: Action) -> None:
        """Perform a legal action (and the forced steps after it)."""
        apply_action(self.dbs(state), state, action)

    def to_move(self, state: BlueMoonState) -> int | None:
        """The seat whose decision is pending (a step-mode stop: the active player's)."""
        if state.phase == OVER or not state.pending:
            return None
        return int(state.pending[1])

    def outcome(self, state: BlueMoonState) -> Outcome | None:
        """Winners and reason once over."""
        if state.phase != OVER:
            return None
        return Outcome(tuple(state.winners), state.reason)

    def num_seats(self, state: BlueMoonState) -> int:
        """Two players."""
        return 2

    def observe(self, state: BlueMoonState, seat: int) -> dict[str, Any]:
        """What the seat may know (bluemoon.special.rule10)."""
        return view.observation(self, state, seat)

    def spectate(self, state: BlueMoonState) -> dict[str, Any]:
        """What every seat may know: no hand but its public cards."""
        return view.observation(self, state, None)

    def determinize(self, state: BlueMoonState, seat: int, rng: Rng) -> BlueMoonState:
        """Reshuffle what ``seat`` cannot see: the other player's unrevealed hand cards with
        their deck and their discard pile under its top card; its own deck order."""
        s = state.clone()
        rng.shuffle(s.decks[seat])
        other = 1 - seat
        hand = s.hands[other]
        places = [k for k, c in enumerate(hand) if not s.public[c] and not s.act[c]]
        pile = s.discards[other]
        under = pile[:-1]
        pool = [hand[k] for k in places] + s.decks[other] + under
        rng.shuffle(pool)
        for k, c in zip(places, pool, strict=False):
            hand[k] = c
        rest = pool[len(places) :]
        s.decks[other] = rest[: len(s.decks[other])]
        s.discards[other] = rest[len(s.decks[other]) :] + pile[-1:]
        for k in places:  # what now sits in a hidden place carries no public mark
            s.public[hand[k]] = 0
        for c in s.decks[other]:
            s.public[c] = 0
        for c in s.discards[other]:
            s.public[c] = 1
        s.rng = seed_state(rng.spawn())
        s._legal = None
        # The clone's cached facts of the cards in play (``_seen``, ``_totals``) stay: only
        # hands, decks, discard piles and public marks changed, which none of them reads.
        return s

    def describe(self, action: Action, lang: str, state: Any = None) -> str:
        """A short text of an action."""
        return view.describe(self, state, action, lang)

    def action_text(self, state: BlueMoonState, action: Action) -> str:
        """Canonical text of an action."""
        return texts.action_text(state, action)

    def state_from_json(self, data: Mapping[str, Any]) -> BlueMoonState:
        """Inverse of state.to_json()."""
        return BlueMoonState.from_json(dict(data))

    def render_event(self, state: BlueMoonState, event: Event, lang: str) -> str:
        """One event as text."""
        return view.render_event(self, state, event, lang)

    def load_position(self, data: Mapping[str, Any]) -> BlueMoonState:
        """A state from a position document."""
        return positions.load(self, data)

    def export_position(self, state: BlueMoonState) -> dict[str, Any]:
        """A position document of the state."""
        return positions.export(self, state)

    def check_decks(self, state: BlueMoonState) -> None:
        """At most the copies of a card a deck allows (positions.check_decks)."""
        positions.check_decks(self, state)

    def check_invariants(self, state: BlueMoonState) -> list[str]:
        """Every card in one place, the dragons consistent, one decision or an outcome."""
        return [str(m) for m in invariant_problems(self.dbs(state), state)]

    def invariant_problems(self, state: BlueMoonState) -> list[Message]:
        """``check_invariants`` as catalog messages (a position file's problems, said in
        the reader's language)."""
        return invariant_problems(self.dbs(state), state)

    def evaluate(self, state: BlueMoonState, seat: int) -> float:
        """Dragons, the fight's totals and cards in hand, compared."""
        if state.phase == OVER:
            if not state.winners:
                return 0.0
            return 1.0 if seat in state.winners else -1.0
        db = self.dbs(state)
        other = 1 - seat
        score = 3.0 * (state.dragons[seat] - state.dragons[other])
        score += 2.0 * (state.crystals[seat] - state.crystals[other])
        if state.element >= 0:
            score += 0.15 * (total(db, state, seat) - total(db, state, other))
        score += 0.2 * (len(state.hands[seat]) - len(state.hands[other]))
        score += _short_turn(db, state, seat)
        return max(-0.99, min(0.99, score / 12.0))

    def evaluation_terms(self, state: BlueMoonState, seat: int) -> list[EvalTerm]:
        """``evaluate`` by term: dragons, crystals, the fight's totals and hands, each
        side's, and a turn that falls short of the opponent's total (rule 11)."""
        if state.phase == OVER:
            return []
        db = self.dbs(state)
        other = 1 - seat
        terms = [
            EvalTerm("dragons", 3.0 * state.dragons[seat] / 12.0, state.dragons[seat]),
            EvalTerm("foe_dragons", -3.0 * state.dragons[other] / 12.0, state.dragons[other]),
            EvalTerm("crystals", 2.0 * state.crystals[seat] / 12.0, state.crystals[seat]),
            EvalTerm("foe_crystals", -2.0 * state.crystals[other] / 12.0, state.crystals[other]),
        ]
        if state.element >= 0:
            mine, theirs = total(db, state, seat), total(db, state, other)
            terms.append(EvalTerm("total", 0.15 * mine / 12.0, mine))
            terms.append(EvalTerm("foe_total", -0.15 * theirs / 12.0, theirs))
        terms.append(EvalTerm("hand", 0.2 * len(state.hands[seat]) / 12.0, len(state.hands[seat])))
        terms.append(
            EvalTerm("foe_hand", -0.2 * len(state.hands[other]) / 12.0, len(state.hands[other]))
        )
        short = _short_turn(db, state, seat)
        if short:  # the seat's own turn falls short (< 0), or the opponent's (> 0)
            terms.append(EvalTerm("short" if short < 0 else "foe_short", short / 12.0))
        return terms

    def is_subdecision(self, state: BlueMoonState) -> bool:
        """Discarding while declining, and the choices of the active player's own powers
        (which card a "one of my …" card applies to, how many cards a "may draw" takes, …),
        complete an earlier choice."""
        p = state.pending
        return bool(p) and (p[0] == "decline" or (p[0] == "task" and p[1] == state.active))

    def turn_number(self, state: BlueMoonState) -> int:
        """Fights played so far."""
        return state.fight

    def conformance_setups(self) -> list[dict[str, Any]]:
        """The two peoples of the basic set, random pairings, the optional reshuffle, a match;
        step mode (engine.step)."""
        return [
            {"peoples": ["vulca", "hoax"]},
            {},
            {"first": 1, "reshuffle": True},
            {"match_to": 5, "swap": True},
            {"step": True},
        ]

    def render(
        self, state: BlueMoonState, seat: int | None, lang: str, compact: bool = False
    ) -> Any:
        """The table as ``seat`` sees it (None: a spectator), as a Rich renderable."""
        from cardtable.games.bluemoon import render

        return render.render(self, state, seat, lang, compact)

    # --- help at the table (core.help) -----------------------------------------------
    def hand_cards(self, state: BlueMoonState, seat: int) -> list[int]:
        """The hand in the order the screen numbers it."""
        return list(state.hands[seat])

    def why_not(self, state: BlueMoonState, seat: int, card: int) -> list[Reason]:
        """The rule ids that keep ``card`` from being played now (rules.why_not)."""
        return list(why_not(self.dbs(state), state, seat, card))

    def glossary(self, lang: str) -> list[Term]:
        """Cards and icons (render.glossary)."""
        from cardtable.games.bluemoon import render

        return render.glossary(self, lang)

    # --- balance and tournaments (balance.py, overrides.py) -----------------------------
    def played_card(self, state: BlueMoonState, action: Action) -> str | None:
        """The character, booster, support or leadership card an action plays from the
        hand; None for everything else (balance.played_card)."""
        return balance.played_card(state, action)

    def deck_names(self, setup: Mapping[str, Any] | None) -> list[str]:
        """The eight peoples; none with decks built by the advanced rules (``lists``)."""
        return balance.deck_names(setup)

    def with_decks(self, setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
        """The setup with ``peoples`` = the two decks (two different peoples)."""
        return balance.with_decks(setup, decks)

    def deck_title(self, deck: str, lang: str) -> str:
        """A people's name in ``ru`` or ``en``."""
        return balance.deck_title(deck, lang)

    def deck_seats(self, setup: Mapping[str, Any] | None) -> list[int]:
        """Both players."""
        return [0, 1]

    def with_lists(
        self,
        setup: Mapping[str, Any] | None,
        lists: Sequence[Sequence[str]],
        bases: Sequence[str | None],
    ) -> dict[str, Any]:
        """Decks built by the advanced rules: each list's people is the one it names, else
        the people most of its cards belong to (formats.list_people)."""
        return formats.with_lists(self.db, setup, lists, bases)

    def card_title(self, card: str, lang: str) -> str:
        """A card's printed name in ``ru`` or ``en``."""
        return balance.card_title(self.db, card, lang)

    def with_card_overrides(
        self, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The setup with what-if fire, earth or moons in its ``overrides`` option
        (overrides.py)."""
        return balance.with_card_overrides(self.db, setup, overrides)


def _short_turn(db: BlueMoonDB, st: BlueMoonState, seat: int) -> float:
    """A turn whose cards are down but fall short of the opponent's total: after something
    was drawn or revealed it ends in rule 11's penalty unless more cards mend it (about the
    4 crystals it costs), otherwise in a retreat (about a dragon); for the other seat the
    same, reversed (bluemoon.special.rule11, bluemoon.special.rule11_penalty)."""
    p = st.pending
    if not p or p[0] not in ("play", "task") or st.phase != FIGHT or st.element < 0:
        return 0.0
    s = st.active
    if not st.plays[P_CHAR] or total_ok(db, st, s):
        return 0.0
    loss = 6.0 if st.irrev else 1.5
    return -loss if s == seat else loss
