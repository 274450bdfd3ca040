"""The game contract: the hooks every game implements, and the policy shared by all.

A ``Game`` is immutable (rules and card database); a state is one point in one game.
``apply`` is the checked entry point; ``apply_unchecked`` is the documented fast
path for callers (simulations, search) that only pass actions from ``legal_actions``.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from cardtable.core.errors import CardDataError, IllegalAction, Message, SetupError, shown
from cardtable.core.evaluation import EvalTerm
from cardtable.core.events import Event
from cardtable.core.help import Reason, Term

Action = tuple[Any, ...]
"""An action: a short tuple of strs and ints, e.g. ``("play", 7)``; JSON stores it as a list."""

CONTINUE: Action = ("continue",)
"""Step mode: the only option of a stop at a phase boundary (its text is ``continue``)."""

NO_DECISION: tuple[Any, ...] = ()
"""A state's ``pending`` when no decision is open. Assigning this name rather than a
literal ``()`` keeps the attribute's declared type: the type checker, and mypyc after it,
would narrow it to the empty tuple and refuse the next decision."""


def to_action(value: Any) -> Action:
    """An action from its JSON form (a list) or an action already."""
    if isinstance(value, tuple):
        return value
    if isinstance(value, list):
        return tuple(value)
    raise IllegalAction(f"an action must be a list or tuple, not {value!r}")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seats (empty for a draw), why, and optional scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Outcome:
        """Inverse of to_json."""
        scores = data.get("scores")
        return Outcome(
            tuple(data["winners"]), str(data["reason"]), None if scores is None else tuple(scores)
        )


class GameState(Protocol):
    """What the core needs of every game's state."""

    rng: int
    log: list[Event] | None

    def clone(self) -> Any: ...

    def to_json(self) -> dict[str, Any]: ...


def canonical_json(data: Any) -> str:
    """Deterministic JSON text (sorted keys, no spaces)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: GameState) -> str:
    """A hash equal for equal states (derived from the exact JSON form)."""
    return hashlib.sha256(canonical_json(state.to_json()).encode()).hexdigest()[:32]


class Game(ABC):
    """One game's rules and card database behind the common hooks."""

    id: str = ""
    title: Mapping[str, str] = MappingProxyType({})
    # The setup option naming preconstructed decks, which decks built from lists replace
    # (``with_lists``), and the formats such decks are played in; None: no built decks.
    precon_option: str | None = None
    list_formats: tuple[str, ...] = ("constructed",)
    has_hidden_info: bool = True
    bench_targets: Mapping[str, float] = MappingProxyType({})
    """Throughput goals `cardtable bench` checks (``games_per_s``, ``actions_per_s``); none: no check."""
    supports_step: bool = False
    """True when the setup option ``step`` is known: in step mode ``apply`` takes no forced
    step by itself (a decision with one option is offered to its seat) and the game stops
    at every phase boundary with a decision whose only option is ``CONTINUE``
    (docs/positions.md, "Step mode")."""

    # --- the hooks every game implements -------------------------------------------
    @abstractmethod
    def new_game(self, setup: Mapping[str, Any] | None, seed: int, log: bool = False) -> Any:
        """A fresh state from a setup (validated) and a seed; ``log`` records set-up events too."""

    @abstractmethod
    def legal_actions(self, state: Any) -> list[Action]:
        """The choices open to the seat that decides now (empty once the game is over)."""

    @abstractmethod
    def apply_unchecked(self, state: Any, action: Action) -> None:
        """Perform an action known to be legal (fast path; no validation)."""

    @abstractmethod
    def to_move(self, state: Any) -> int | None:
        """The seat that decides now, or None once the game is over."""

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """The outcome once the game is over, else None."""

    @abstractmethod
    def observe(self, state: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-able data with every hidden thing removed."""

    @abstractmethod
    def spectate(self, state: Any) -> dict[str, Any]:
        """What someone without a seat may know (a spectator, an unfinished game's public
        page): only what every seat may know, as JSON-able data."""

    @abstractmethod
    def determinize(self, state: Any, seat: int, rng: Any) -> Any:
        """A full state consistent with observe(state, seat), hidden parts resampled."""

    @abstractmethod
    def describe(self, action: Action, lang: str, state: Any = None) -> str:
        """A short human text of an action in ``ru`` or ``en``."""

    @abstractmethod
    def action_text(self, state: Any, action: Action) -> str:
        """The canonical text form of a legal action (used by ``--apply`` and saves)."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of ``state.to_json()``."""

    @abstractmethod
    def num_seats(self, state: Any) -> int:
        """How many seats the game has."""

    @abstractmethod
    def check_invariants(self, state: Any) -> list[str]:
        """Broken invariants as messages (empty when all hold)."""

    @abstractmethod
    def evaluate(self, state: Any, seat: int) -> float:
        """A heuristic value of the state for ``seat`` in [-1, 1] (greedy play, search cut-offs)."""

    @abstractmethod
    def render_event(self, state: Any, event: Event, lang: str) -> str:
        """One event as a line of text."""

    @abstractmethod
    def load_position(self, data: Mapping[str, Any]) -> Any:
        """A state from a position document (see docs/positions.md)."""

    @abstractmethod
    def export_position(self, state: Any) -> dict[str, Any]:
        """A position document describing the state."""

    def check_decks(self, state: Any) -> None:
        """Raise a PositionError when a loaded position holds more copies of a card than
        the game's decks allow (docs/positions.md, "Checks on loading"). Position files
        (``core.position.load_position``) are checked; positions built in Python, such as
        test tables padded with filler cards, may skip it. Default: no limit."""
        return None

    # --- shared policy ---------------------------------------------------------------
    def apply(self, state: Any, action: Any) -> None:
        """Checked entry point: reject anything not in legal_actions, leaving the state as it was."""
        action = to_action(action)
        if self.to_move(state) is None:
            raise IllegalAction(Message("game_over"))
        legal = self.legal_actions(state)
        if action not in legal:
            shown = ", ".join(self.action_text(state, a) for a in legal[:20])
            raise IllegalAction(Message("illegal_action", {"action": list(action), "legal": shown}))
        self.apply_unchecked(state, action)

    def parse_action(self, state: Any, text: str) -> Action:
        """The legal action whose canonical text (or 1-based number in the list) is ``text``."""
        legal = self.legal_actions(state)
        wanted = " ".join(text.strip().lower().split())
        if wanted.isdigit() and 1 <= int(wanted) <= len(legal):
            return legal[int(wanted) - 1]
        for action in legal:
            if self.action_text(state, action).lower() == wanted:
                return action
        shown = ", ".join(self.action_text(state, a) for a in legal)
        raise IllegalAction(Message("unknown_action_text", {"text": text, "legal": shown}))

    def prepare_match(
        self, setup: Mapping[str, Any] | None, specs: list[str]
    ) -> tuple[dict[str, Any], list[str]]:
        """Adjust a setup to the agents named for its seats (one spec per seat).

        A game whose rulebook defines a scripted opponent (Clash's solo AI) turns a spec
        naming it into the setup that puts that opponent at the table.
        """
        return dict(setup or {}), list(specs)

    def conformance_setups(self) -> list[dict[str, Any]]:
        """Setups the shared conformance suite plays (one per mode and format worth covering)."""
        return [{}]

    def render(self, state: Any, seat: int | None, lang: str, compact: bool = False) -> Any:
        """The table as ``seat`` may see it, as a Rich renderable (``None``: a spectator);
        ``compact``: the short screen for a terminal of 80 columns and 24 lines (card texts
        left to ``explain``). Every screen fits the console it is printed on without
        cutting a word (core.layout)."""
        raise NotImplementedError(f"{self.id}: no terminal rendering")

    def is_subdecision(self, state: Any) -> bool:
        """True when the pending decision completes an earlier one (e.g. a row for a chosen card)."""
        return False

    def turn_number(self, state: Any) -> int:
        """How many turns have been played (for game-length statistics)."""
        return 0

    # --- help at the table (core.help; docs/table.md) -----------------------------------
    def hand_cards(self, state: Any, seat: int) -> list[int]:
        """The cards of ``seat``'s hand in the order its screen numbers them (``why N``
        asks about the N-th); empty for a game that shows no hand."""
        return []

    def card_key(self, state: Any, card: int) -> str:
        """The id of the card an instance is (what ``played_card`` returns for it)."""
        return str(state.card_ids[card])

    def playing(self, state: Any, seat: int, card: int) -> list[Action]:
        """The legal actions by which ``seat`` plays ``card`` (or a copy of it: copies in
        a hand are one choice) now; empty when it cannot."""
        if self.to_move(state) != seat:
            return []
        key = self.card_key(state, card)
        return [a for a in self.legal_actions(state) if self.played_card(state, a) == key]

    def why_not(self, state: Any, seat: int, card: int) -> list[Reason]:
        """Why ``seat`` cannot play ``card`` (an instance in its hand) now: the ids of the
        rule clauses that forbid it, each with the values its sentence names (the cost
        now, the mana, …), found by the same checks ``legal_actions`` makes. Empty when
        the card is playable or no reason is known (the table tells the two apart with
        ``playing``)."""
        return []

    def glossary(self, lang: str) -> list[Term]:
        """Every card, ability and keyword a player may ask about (``explain``), in
        ``lang``, with texts generated from the card data."""
        return []

    # --- hints (agents.hints; docs/table.md, "Hints and the coach") --------------------
    search_settings: Mapping[str, float] = MappingProxyType({})
    """The ISMCTS settings (``depth``, ``c``) hints search this game with: docs/ai.md gives
    the figures behind each game's choice. Empty: the search's defaults."""

    def evaluation_terms(self, state: Any, seat: int) -> list[EvalTerm]:
        """``evaluate(state, seat)`` broken into named terms (core.evaluation): the values
        add up to the evaluation before it is squashed into [-1, 1]. A hint's reason names
        the term a move improves most. Default: none (hints give no reason)."""
        return []

    # --- balance and tournaments (optional) -----------------------------------------
    def played_card(self, state: Any, action: Action) -> str | None:
        """The id of the card ``action`` plays from its seat's hand, else None (per-card
        impact in balance reports). Called before the action is applied."""
        return None

    def deck_names(self, setup: Mapping[str, Any] | None) -> list[str]:
        """The preconstructed decks a setup can seat (deck-versus-deck reports); none by default."""
        return []

    def with_decks(self, setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
        """The setup with ``decks[s]`` at seat ``s``; a SetupError names a pairing the
        rules do not allow."""
        raise SetupError.msg("no_precons", game=self.id)

    def deck_title(self, deck: str, lang: str) -> str:
        """A deck's name for reports."""
        return deck

    def deck_seats(self, setup: Mapping[str, Any] | None) -> list[int]:
        """The seats that bring a deck of their own, in the order ``with_decks`` and
        ``with_lists`` take decks (every seat unless the rules seat an opponent of theirs)."""
        return list(range(self.num_seats(self.new_game(setup, 0))))

    def with_lists(
        self,
        setup: Mapping[str, Any] | None,
        lists: Sequence[Sequence[str]],
        bases: Sequence[str | None],
    ) -> dict[str, Any]:
        """The setup with ``lists[k]`` (card ids) as the deck the k-th of ``deck_seats``
        built; ``bases[k]`` is the preconstructed deck a list names as its base (None if
        it names none), for games whose built decks need one. The construction rules are
        checked when the game starts from the setup.

        Default: the lists as the ``lists`` option, the setup's format kept if it is one
        of ``list_formats`` (else the first), ``precon_option`` removed, and no base
        allowed; a game without ``precon_option`` builds no decks from lists."""
        from cardtable.core.decklist import constructed, refuse_bases

        if self.precon_option is None:
            raise SetupError.msg("no_lists", game=self.id)
        refuse_bases(self.id, bases)
        fmt = (setup or {}).get("format")
        kept = fmt if fmt in self.list_formats else self.list_formats[0]
        return constructed(setup, lists, drop=(self.precon_option,), fmt=kept)

    def card_id(self, ident: str) -> str:
        """The id of the card ``ident`` names (its id, or its printed name in either
        language); a CardDataError if the game has no such card."""
        raise CardDataError.msg("card_unknown", game=self.id, card=shown(ident))

    def card_title(self, card: str, lang: str) -> str:
        """A card's printed name for reports (the id if the game does not know it)."""
        return card

    def with_card_overrides(
        self, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The setup with some cards' numbers changed for one run (what-if balance):
        ``{card id: {field: value}}``. A SetupError names an unknown card or field."""
        raise SetupError.msg("no_overrides", game=self.id)

    def is_over(self, state: Any) -> bool:
        """True once the game has an outcome."""
        return self.to_move(state) is None


def game_package(game: Game) -> str:
    """The package of a game's class ('cardtable.games.clash')."""
    return type(game).__module__.rsplit(".", 1)[0]
