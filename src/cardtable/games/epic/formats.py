"""Epic set-up options and deck formats (epic.format.*)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable.core import rng as crng
from cardtable.core.carddata import validation_message
from cardtable.core.errors import DeckError, SetupError
from cardtable.games.epic.cards import EpicDB

RANDOM_DECK = 30
CONSTRUCTED_MIN = 60
MAX_COPIES = 3


class EpicSetup(BaseModel):
    """The options an Epic game starts from (unknown keys are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal["random", "constructed"] = Field(
        default="random", description="random: 30 cards each from the shuffled pool"
    )
    edition: Literal["duel2023"] = Field(default="duel2023", description="the card pool")
    copies: int = Field(default=4, ge=1, le=8, description="copies of each card in the pool")
    lists: tuple[tuple[str, ...], tuple[str, ...]] | None = Field(
        default=None, description="constructed: each player's deck (card ids)"
    )
    first: int | None = Field(default=None, ge=0, le=1)


def parse_setup(setup: Mapping[str, Any] | None) -> EpicSetup:
    """A validated setup, with one clear message naming the bad option."""
    try:
        return EpicSetup.model_validate(dict(setup or {}))
    except ValidationError as exc:
        raise SetupError(f"Epic setup: {validation_message(exc)}") from None


def random_decks(db: EpicDB, setup: EpicSetup, seed: int, players: int = 2) -> list[list[str]]:
    """Shuffle the pool and deal 30 cards to each player (epic.format.random)."""
    pool = [c.id for c in db.pool(setup.edition) for _ in range(setup.copies)]
    if len(pool) < RANDOM_DECK * players:
        raise SetupError(
            f"Epic setup: {len(pool)} cards in the pool, {RANDOM_DECK * players} needed: raise 'copies'"
        )
    dealer = crng.Rng(seed ^ 0xDEC)
    dealer.shuffle(pool)
    return [pool[k * RANDOM_DECK : (k + 1) * RANDOM_DECK] for k in range(players)]


def deck_problem(db: EpicDB, cards: Sequence[str]) -> str | None:
    """Why a constructed deck is refused, or None (epic.format.constructed)."""
    for c in cards:
        if c not in db.cards or db.cards[c].type == "token":
            return f"unknown card {c!r}"
    if len(cards) < CONSTRUCTED_MIN:
        return f"a constructed deck has at least {CONSTRUCTED_MIN} cards, this one has {len(cards)}"
    counts = Counter(cards)
    for c, n in counts.items():
        if n > MAX_COPIES:
            return f"{n} copies of {c!r}: at most {MAX_COPIES}"
    for faction in ("good", "wild", "evil", "sage"):
        zero = sum(
            n for c, n in counts.items() if db.cards[c].faction == faction and db.cards[c].cost == 0
        )
        one = sum(
            n for c, n in counts.items() if db.cards[c].faction == faction and db.cards[c].cost == 1
        )
        if one < 2 * zero:
            return (
                f"{zero} cost-0 {faction} cards need at least {2 * zero} cost-1 {faction} cards, "
                f"the deck has {one}"
            )
    return None


def check_deck(db: EpicDB, cards: Sequence[str], who: str) -> None:
    """Raise DeckError unless the deck is legal."""
    problem = deck_problem(db, cards)
    if problem:
        raise DeckError(f"{who}: {problem}")
