"""Boss Battle set-up options and deck construction (boss.setup.*).

A game has two to six players. Decks come from one of three formats: ``precon`` (the
project's preconstructed decks, chosen with ``decks`` or drawn by the seed),
``constructed`` (``lists``: a card list per player, checked against the deck rules) and
``random`` (a legal 30-card deck per player drawn from the whole pool by the seed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cardtable.core import rng as crng
from cardtable.core.errors import DeckError, Message, shown
from cardtable.games.boss.problems import MESSAGES, PKG
from cardtable.games.boss.records import BossDB

MIN_DECK, MAX_DECK, MAX_COPIES = 30, 50, 2
MIN_PLAYERS, MAX_PLAYERS = 2, 6
RANDOM_DECK = 30


class BossSetup(BaseModel):
    """The options a Boss Battle game starts from (unknown keys are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int | None = Field(
        default=None, description="how many players, 2 to 6 (default: one per deck given, else 2)"
    )
    format: Literal["precon", "constructed", "random"] | None = None
    decks: tuple[str, ...] | None = Field(
        default=None, description="precon: each player's deck id, in seat order"
    )
    lists: tuple[tuple[str, ...], ...] | None = Field(
        default=None, description="constructed: each player's card ids (30-50, at most 2 copies)"
    )
    first: int | None = Field(default=None, ge=0, description="the first player (seat index)")
    max_turns: int = Field(default=0, ge=0, le=10_000, description="a turn cap (0: the engine's)")
    overrides: dict[str, Any] | None = Field(
        default=None,
        description="what-if balance: {card id or name: {field: number}} for this game",
    )
    step: bool = Field(
        default=False,
        description="step mode: offer every single-option decision and stop at each phase "
        "boundary with a 'continue' decision (rules.stop; the CLI's --step)",
    )

    @model_validator(mode="after")
    def _check(self) -> BossSetup:
        if self.decks is not None and self.lists is not None:
            raise MESSAGES.problem("setup_decks_or_lists")
        if self.players is not None and not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise MESSAGES.problem(
                "setup_players", n=self.players, low=MIN_PLAYERS, high=MAX_PLAYERS
            )
        fmt = self.kind()
        if fmt == "precon" and self.lists is not None:
            raise MESSAGES.problem("setup_lists_format")
        if fmt == "constructed" and self.lists is None:
            raise MESSAGES.problem("setup_constructed_lists")
        if fmt == "random" and (self.decks is not None or self.lists is not None):
            raise MESSAGES.problem("setup_random_decks")
        given = self.decks if self.decks is not None else self.lists
        if given is not None:
            if self.players is not None and len(given) != self.players:
                raise MESSAGES.problem("setup_decks_count", n=self.players, given=len(given))
            if not MIN_PLAYERS <= len(given) <= MAX_PLAYERS:
                raise MESSAGES.problem(
                    "setup_decks_players", n=len(given), low=MIN_PLAYERS, high=MAX_PLAYERS
                )
        if self.first is not None and self.first >= self.seats():
            raise MESSAGES.problem("setup_first_range", first=self.first, last=self.seats() - 1)
        return self

    def kind(self) -> str:
        """The deck format."""
        if self.format is not None:
            return self.format
        return "constructed" if self.lists is not None else "precon"

    def seats(self) -> int:
        """How many players."""
        if self.players is not None:
            return self.players
        given = self.decks if self.decks is not None else self.lists
        return len(given) if given is not None else MIN_PLAYERS


def parse_setup(setup: Mapping[str, Any] | None) -> BossSetup:
    """A validated setup, with one clear message naming the bad option."""
    try:
        return BossSetup.model_validate(dict(setup or {}))
    except ValidationError as exc:
        raise MESSAGES.invalid_setup(exc) from None


def deck_problem(db: BossDB, cards: Sequence[str]) -> Message | None:
    """Why a deck is refused, or None: 30 to 50 known cards, at most two copies of one
    (boss.setup.deck)."""
    for c in cards:
        if c not in db.cards:
            return MESSAGES.message("deck_unknown_card", card=c)
    if not MIN_DECK <= len(cards) <= MAX_DECK:
        return MESSAGES.message("deck_size", low=MIN_DECK, high=MAX_DECK, n=len(cards))
    for c, k in sorted(Counter(cards).items()):
        if k > MAX_COPIES:
            return MESSAGES.message("deck_copies", n=k, card=c, most=MAX_COPIES)
    return None


def precon_ids(db: BossDB, setup: BossSetup, seed: int) -> list[str]:
    """Each player's precon deck: as given, or drawn by the seed (all different while
    there are enough decks)."""
    n = setup.seats()
    if setup.decks is not None:
        for d in setup.decks:
            if d not in db.decks:
                raise MESSAGES.setup_problem(
                    "setup_unknown_deck", deck=shown(d), known=", ".join(db.decks)
                )
        return list(setup.decks)
    names = list(db.decks)
    if not names:
        raise MESSAGES.setup_problem("setup_no_decks")
    dealer = crng.Rng(seed ^ 0xB055)
    out: list[str] = []
    while len(out) < n:
        pool = names[:]
        dealer.shuffle(pool)
        out += pool
    return out[:n]


def random_deck(db: BossDB, rng: crng.Rng) -> list[str]:
    """A legal 30-card deck from the whole pool: each card 1 or 2 times."""
    ids = sorted(db.cards)
    rng.shuffle(ids)
    out: list[str] = []
    for c in ids:
        if len(out) >= RANDOM_DECK:
            break
        out += [c] * min(1 + rng.randbelow(2), RANDOM_DECK - len(out))
    return out


def make_decks(db: BossDB, setup: BossSetup, seed: int) -> tuple[list[list[str]], list[str]]:
    """Every player's deck and its label (a deck id, or 'constructed'/'random')."""
    fmt = setup.kind()
    n = setup.seats()
    if fmt == "constructed":
        assert setup.lists is not None
        decks = []
        for s, cards in enumerate(setup.lists):
            problem = deck_problem(db, cards)
            if problem:
                raise DeckError.msg_in(PKG, "deck_of_player", seat=s + 1, problem=problem)
            decks.append(list(cards))
        return decks, ["constructed"] * n
    if fmt == "random":
        dealer = crng.Rng(seed ^ 0xDEC5)
        return [random_deck(db, dealer) for _ in range(n)], ["random"] * n
    ids = precon_ids(db, setup, seed)
    return [list(db.decks[d].cards) for d in ids], ids
