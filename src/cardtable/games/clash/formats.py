"""Clash set-up options, deck construction and the duel draft (clash.format.*)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cardtable.core.carddata import validation_message
from cardtable.core.errors import DeckError, SetupError

DECK_SIZE = 8
DRAFT_REVEAL = 4


class ClashSetup(BaseModel):
    """The options a Clash game starts from (unknown keys are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    mode: Literal["duel"] = "duel"
    format: Literal["precon", "draft", "constructed"] = "precon"
    decks: tuple[str, str] | None = Field(
        default=None, description="precon: the two preconstructed deck ids (A, B); random if unset"
    )
    lists: tuple[tuple[str, ...], tuple[str, ...]] | None = Field(
        default=None, description="constructed: each player's 8 card ids"
    )
    card_set: str = Field(
        default="archipelago",
        alias="set",
        description="the set a draft is played from and random precon decks come from",
    )
    fatigue: bool = Field(default=False, description="the optional fatigue module")
    first: int | None = Field(default=None, description="the first seat; a coin toss if unset")
    max_turns: int = Field(
        default=0, ge=0, description="a safety cap for simulations (0 = none): a draw past it"
    )

    @field_validator("first")
    @classmethod
    def _seat(cls, value: int | None) -> int | None:
        if value is not None and value not in (0, 1):
            raise ValueError("first must be 0 (A) or 1 (B)")
        return value


def parse_setup(setup: Mapping[str, Any] | None) -> ClashSetup:
    """A validated setup, with one clear message naming the bad option."""
    try:
        return ClashSetup.model_validate(dict(setup or {}))
    except ValidationError as exc:
        raise SetupError(f"Clash setup: {validation_message(exc)}") from None


def deck_problem(cards: Sequence[str]) -> str | None:
    """Why a list of card ids is not a legal deck (8 different cards), or None (clash.format.unique)."""
    if len(cards) != DECK_SIZE:
        return f"a deck has exactly {DECK_SIZE} cards, this one has {len(cards)}"
    seen: set[str] = set()
    for c in cards:
        if c in seen:
            return f"card {c!r} appears twice: every card of a deck must be different"
        seen.add(c)
    return None


def check_deck(cards: Sequence[str], known: Mapping[str, Any], who: str) -> None:
    """Raise DeckError unless the list is a legal constructed deck of known cards."""
    for c in cards:
        if c not in known:
            raise DeckError(f"{who}: unknown card {c!r}")
    problem = deck_problem(cards)
    if problem:
        raise DeckError(f"{who}: {problem}")


def draft_round_order(round_index: int) -> list[int]:
    """Who picks in one draft round of 4 cards: A 1, B 2, A the last; seats swap each round."""
    a = round_index % 2
    b = 1 - a
    return [a, b, b, a]
