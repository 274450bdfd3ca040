"""ClashGame: the common game hooks for Clash of Decks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from cardtable.core.agent import parse_spec
from cardtable.core.errors import Message, shown
from cardtable.core.evaluation import EvalTerm
from cardtable.core.events import Event
from cardtable.core.game import Action, Game, Outcome, canonical_json
from cardtable.core.help import Reason, Term
from cardtable.core.rng import Rng, seed_state
from cardtable.games.clash import balance, positions, texts, view
from cardtable.games.clash.cards import BASE_SET, default_db, parse_cards
from cardtable.games.clash.effects import atk_of, fort_hp, hp_of
from cardtable.games.clash.formats import parse_setup, player_seats
from cardtable.games.clash.invariants import invariant_problems
from cardtable.games.clash.problems import MESSAGES
from cardtable.games.clash.records import CardDB, CardDef
from cardtable.games.clash.rules import (
    apply_action,
    continue_seat,
    legal_actions,
    new_game_state,
    why_not,
)
from cardtable.games.clash.solo import solo_agent_level
from cardtable.games.clash.state import DRAFT, OVER, ClashState


class ClashGame(Game):
    """Clash of Decks («Битва колод»), rules v1.2."""

    id = "clash"
    title: Mapping[str, str] = MappingProxyType({"ru": "Битва колод", "en": "Clash of Decks"})
    precon_option = "decks"
    bench_targets: Mapping[str, float] = MappingProxyType(
        {"games_per_s": 1000, "actions_per_s": 50000}
    )
    supports_step = True

    def __init__(self, db: CardDB | None = None) -> None:
        self._db = db

    @property
    def db(self) -> CardDB:
        """The card set (loaded on first use)."""
        if self._db is None:
            self._db = default_db()
        return self._db

    # --- hooks ---------------------------------------------------------------------
    def new_game(self, setup: Mapping[str, Any] | None, seed: int, log: bool = False) -> ClashState:
        """A fresh game; see formats.ClashSetup for the options."""
        return new_game_state(self.db, parse_setup(setup), seed, log)

    def legal_actions(self, state: ClashState) -> list[Action]:
        """The options of the pending decision."""
        return legal_actions(state)

    def apply_unchecked(self, state: ClashState, action: Action) -> None:
        """Perform a legal action (and the forced steps after it)."""
        apply_action(state, action)

    def to_move(self, state: ClashState) -> int | None:
        """The seat deciding now: the active player, the seat choosing where the creature
        its Подкрепление plays goes, or (a step-mode stop on an AI's turn) the first player."""
        if state.phase == OVER:
            return None
        pending = state.pending
        kind = pending[0]
        if kind == "reinforce":
            return int(pending[2])  # its player chooses, on anyone's turn (ruling R10)
        if kind == "continue":
            return continue_seat(state)
        return state.active

    def outcome(self, state: ClashState) -> Outcome | None:
        """Winners and reason once over."""
        if state.phase != OVER:
            return None
        return Outcome(tuple(state.winners), state.reason)

    def num_seats(self, state: ClashState) -> int:
        """Number of seats."""
        return len(state.hands)

    def observe(self, state: ClashState, seat: int) -> dict[str, Any]:
        """Everything but the hidden order of other players' hands and of the draft pool."""
        return view.observation(self, state, seat)

    def spectate(self, state: ClashState) -> dict[str, Any]:
        """What every seat may know: no hand but its public cards."""
        return view.observation(self, state, None)

    def determinize(self, state: ClashState, seat: int, rng: Rng) -> ClashState:
        """Reshuffle the cards whose places seat cannot know, and the future randomness."""
        s = state.clone()
        for other, hand in enumerate(s.hands):
            if other == seat:
                continue
            places = [i for i, c in enumerate(hand) if not s.public[c]]
            cards = [hand[i] for i in places]
            rng.shuffle(cards)
            for i, c in zip(places, cards, strict=True):
                hand[i] = c
        for deck in s.decks:
            rng.shuffle(deck)  # an AI's deck is face down to everyone
        if s.phase == DRAFT:
            rng.shuffle(s.pool)
        s.rng = seed_state(rng.spawn())
        s._legal = None
        return s

    def describe(self, action: Action, lang: str, state: Any = None) -> str:
        """A short text of an action."""
        return view.describe(self, state, action, lang)

    def action_text(self, state: ClashState, action: Action) -> str:
        """Canonical text: 'play ID', 'row top', 'host ID', 'target ID', 'pick ID', 'end'."""
        return texts.action_text(state, action)

    def state_from_json(self, data: Mapping[str, Any]) -> ClashState:
        """Inverse of state.to_json()."""
        return ClashState.from_json(dict(data))

    def render_event(self, state: ClashState, event: Event, lang: str) -> str:
        """One event as text."""
        return view.render_event(self, state, event, lang)

    def render(self, state: ClashState, seat: int | None, lang: str, compact: bool = False) -> Any:
        """The terminal screen as ``seat`` sees it (games/clash/render.py)."""
        from cardtable.games.clash.render import render

        return render(self, state, seat, lang, compact)

    # --- help at the table (core.help) ----------------------------------------------
    def hand_cards(self, state: ClashState, seat: int) -> list[int]:
        """The hand left to right, the fortress in its place (as the screen numbers it)."""
        return list(state.hands[seat])

    def why_not(self, state: ClashState, seat: int, card: int) -> list[Reason]:
        """The rule ids that keep ``card`` from being played now (rules.why_not)."""
        return list(why_not(state, seat, card))

    def glossary(self, lang: str) -> list[Term]:
        """Abilities, cards and the rules about health and mana (render.glossary)."""
        from cardtable.games.clash.render import glossary

        return glossary(self, lang)

    def load_position(self, data: Mapping[str, Any]) -> ClashState:
        """A state from a position document."""
        return positions.load(self, data)

    def export_position(self, state: ClashState) -> dict[str, Any]:
        """A position document of the state."""
        return positions.export(self, state)

    def check_decks(self, state: ClashState) -> None:
        """At most the copies of a card a deck allows (positions.check_decks)."""
        positions.check_decks(self, state)

    def prepare_match(
        self, setup: Mapping[str, Any] | None, specs: list[str]
    ) -> tuple[dict[str, Any], list[str]]:
        """``clash-solo[:level=L]`` at a seat puts the rulebook's AI there: solo with two
        seats (the AI at that seat), co-op with four (AIs at B and D)."""
        out = dict(setup or {})
        ai = [i for i, spec in enumerate(specs) if parse_spec(spec)[0] == "clash-solo"]
        if not ai:
            return out, list(specs)
        levels = {solo_agent_level(parse_spec(specs[i])[1], specs[i]) for i in ai}
        if len(levels) > 1:
            raise MESSAGES.setup_problem("setup_solo_levels")
        level = levels.pop()
        if len(specs) == 2 and len(ai) == 1:
            mode = "solo"
            out["ai_seat"] = ai[0]
        elif len(specs) == 4 and ai == [1, 3]:
            mode = "coop"
        else:
            raise MESSAGES.setup_problem("setup_solo_seats")
        if out.setdefault("mode", mode) != mode:
            raise MESSAGES.setup_problem("setup_solo_mode", mode=mode, got=shown(out["mode"]))
        if level is not None:
            if out.get("level") not in (None, level):
                raise MESSAGES.setup_problem(
                    "setup_solo_level", level=level, got=shown(out["level"])
                )
            out["level"] = level
        return out, list(specs)

    def conformance_setups(self) -> list[dict[str, Any]]:
        """Every mode and format, with and without fatigue, and step mode."""
        decks = sorted(self.db.card_set(BASE_SET).decks)[:2]
        lists = [list(self.db.deck(d).cards) for d in decks]
        lists[1][0] = lists[0][0]  # both players may own the same card
        return [
            {},
            {"fatigue": True},
            {"format": "draft"},
            {"format": "constructed", "lists": lists, "fatigue": True},
            {"mode": "solo"},
            {"mode": "solo", "format": "draft", "level": 10},
            {"mode": "solo", "level": 5, "ai_seat": 0, "fatigue": True},
            {"mode": "coop", "format": "draft", "level": 3},
            {"mode": "ffa"},
            {"mode": "2v2", "format": "draft"},
            {"decks": ["ember", "tide"], "champions": ["jailer", "void_cocoon"], "fatigue": True},
            {
                "decks": ["storm", "shadow"],
                "grafts": [
                    {"seat": 0, "card": "storm_hawk", "part": "abilities", "source": "void_cocoon"},
                    {"seat": 1, "card": "jailer", "part": "attack", "source": "blood_priest"},
                ],
            },
            {
                "mode": "solo",
                "level": 8,
                "decks": ["shadow"],
                "champions": ["turncloak_shade", None],
                "ai": {"variable_mana": 2, "fixed_mana": 3, "abilities": ["berserk", "water"]},
            },
            # step mode: every single-option decision and phase boundary offered
            {"step": True, "fatigue": True},
            {"mode": "solo", "level": 6, "step": True},
            {"mode": "coop", "format": "draft", "level": 2, "step": True},
        ]

    def is_subdecision(self, state: ClashState) -> bool:
        """Choosing a row, host, target or a Наёмник spell's opponent completes the choice
        of a card (Подкрепление's row is a new decision, often on another seat's turn)."""
        return bool(state.pending) and state.pending[0] in ("place", "target", "give")

    def turn_number(self, state: ClashState) -> int:
        """Turns played by both players."""
        return state.turn

    # --- balance and tournaments (balance.py, overrides.py) -----------------------
    def played_card(self, state: ClashState, action: Action) -> str | None:
        """The card a ``play`` decision takes from the hand; None for rows, hosts, targets,
        picks, the end of the phase and the champion (balance.played_card)."""
        return balance.played_card(state, action)

    def deck_names(self, setup: Mapping[str, Any] | None) -> list[str]:
        """The preconstructed decks of the setup's set; none outside the precon format."""
        return balance.deck_names(self.db, setup)

    def with_decks(self, setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
        """The setup with one deck per player seat, checked by setting up a game with it
        (two players never share a deck: clash.format.precon)."""
        out = balance.with_decks(self.db, setup, decks)
        self.new_game(out, 0)  # champions outside the decks, grafts on their cards
        return out

    def deck_title(self, deck: str, lang: str) -> str:
        """A deck's name in ``ru`` or ``en``."""
        return balance.deck_title(self.db, deck, lang)

    def deck_seats(self, setup: Mapping[str, Any] | None) -> list[int]:
        """The player seats: the rulebook's AI brings no deck of a player's."""
        opts = parse_setup(setup)
        return player_seats(opts.mode, opts.ai_seat)

    def card_id(self, ident: str) -> str:
        """A card's id from its id or printed name."""
        return self.db.card(ident).id

    def card_title(self, card: str, lang: str) -> str:
        """A card's printed name in ``ru`` or ``en``."""
        if card == "fortress":
            return view.msg("fortress", lang)
        found = self.db.cards.get(card)
        return card if found is None else found.name(lang)

    def with_card_overrides(
        self, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The setup with what-if cost, attack, health (creatures) or damage (spells) in
        its ``overrides`` option (overrides.py)."""
        return balance.with_card_overrides(self.db, setup, overrides)

    # --- card lookup for views -----------------------------------------------------
    def card_def(self, state: ClashState, inst: int) -> CardDef | None:
        """The definition behind an instance (None for a fortress)."""
        ident = state.card_ids[inst]
        if ident == "fortress":
            return None
        if state.custom:
            found = _custom_defs(canonical_json(list(state.custom))).get(ident)
            if found is not None:
                return found
        return self.db.cards.get(ident)

    # --- checks and heuristics -----------------------------------------------------
    def check_invariants(self, state: ClashState) -> list[str]:
        """Every card in one place, numbers in range, one pending decision or an outcome."""
        return [str(m) for m in invariant_problems(state)]

    def invariant_problems(self, state: ClashState) -> list[Message]:
        """``check_invariants`` as catalog messages (a position file's problems, said in
        the reader's language)."""
        return invariant_problems(state)

    def evaluate(self, state: ClashState, seat: int) -> float:
        """Life and board difference, squashed to [-1, 1]."""
        if state.phase == OVER:
            if not state.winners:
                return 0.0
            return 1.0 if seat in state.winners else -1.0
        if state.phase == DRAFT:
            return _draft_value(state, seat)
        mine = [s for s in range(len(state.hands)) if state.team[s] == state.team[seat]]
        theirs = [s for s in range(len(state.hands)) if state.team[s] != state.team[seat]]
        score = sum(_life(state, s) + _board_value(state, s) for s in mine) / len(mine)
        score -= sum(_life(state, s) + _board_value(state, s) for s in theirs) / len(theirs)
        return max(-0.99, min(0.99, score / 20.0))

    def evaluation_terms(self, state: ClashState, seat: int) -> list[EvalTerm]:
        """``evaluate`` by term: the seat's side's fortress and creatures, the other side's
        (the AI's deck for the rulebook's AI); in the draft, the cards taken so far."""
        if state.phase == OVER:
            return []
        if state.phase == DRAFT:
            drafted = state.drafted
            own = _draft_strength(state, drafted[seat])
            others = sum(_draft_strength(state, d) for s, d in enumerate(drafted) if s != seat)
            foes = len(drafted) - 1
            return [
                EvalTerm("draft", own / 40.0, len(drafted[seat])),
                EvalTerm("foe_draft", -others / foes / 40.0, len(drafted[seat - 1])),
            ]
        seats = range(len(state.hands))
        mine = [s for s in seats if state.team[s] == state.team[seat]]
        theirs = [s for s in seats if state.team[s] != state.team[seat]]
        ai = any(state.ai[s] for s in theirs)

        def creatures(group: list[int]) -> int:
            return sum(
                len(state.board[lane][side]) for s in group for lane, side in state.seat_rows[s]
            )

        return [
            EvalTerm(
                "fortress",
                sum(_life(state, s) for s in mine) / len(mine) / 20.0,
                fort_hp(state, seat),
            ),
            EvalTerm(
                "creatures",
                sum(_board_value(state, s) for s in mine) / len(mine) / 20.0,
                creatures(mine),
            ),
            EvalTerm(
                "ai_deck" if ai else "foe_fortress",
                -sum(_life(state, s) for s in theirs) / len(theirs) / 20.0,
                min(fort_hp(state, s) for s in theirs),
            ),
            EvalTerm(
                "foe_creatures",
                -sum(_board_value(state, s) for s in theirs) / len(theirs) / 20.0,
                creatures(theirs),
            ),
        ]


@lru_cache(maxsize=64)
def _custom_defs(text: str) -> dict[str, CardDef]:
    import json

    return {c.id: c for c in parse_cards("position", json.loads(text))}


def _draft_value(st: ClashState, seat: int) -> float:
    """During the draft: the printed strength of the cards taken so far, compared."""
    mine = _draft_strength(st, st.drafted[seat])
    others = sum(_draft_strength(st, d) for s, d in enumerate(st.drafted) if s != seat)
    return max(-0.99, min(0.99, (mine - others / (len(st.drafted) - 1)) / 40.0))


def _draft_strength(st: ClashState, cards: list[int]) -> float:
    """The printed strength of drafted cards."""
    return sum(2.0 * st.atk[c] + 0.5 * st.hp[c] - 0.5 * st.cost[c] for c in cards)


def _life(st: ClashState, seat: int) -> float:
    """Fortress health, with a standing bastion worth part of a second life."""
    if st.ai[seat]:
        # An AI's deck is its health, but it spends it on summoning too: half weight;
        # a standing bastion adds the discard pile that becomes its second deck.
        deck = 0.5 * len(st.decks[seat])
        return deck + (0.25 * len(st.discards[seat]) if st.fort_up[seat] == 0 else 0.0)
    hp = fort_hp(st, seat)
    if st.fort_up[seat] == 0:
        return hp + (len(st.hands[seat]) - 1)
    return float(hp)


def _board_value(st: ClashState, seat: int) -> float:
    total = 0.0
    for lane, side in st.seat_rows[seat]:
        for c in st.board[lane][side]:
            # A creature strikes every turn it survives: its attack outweighs the
            # card of health it cost to play (weights tuned by greedy-vs-random runs).
            total += 1.5 * atk_of(st, c) + (hp_of(st, c) - st.damage[c])
    return total
