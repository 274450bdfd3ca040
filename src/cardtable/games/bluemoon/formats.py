"""Blue Moon set-up options and deck construction (bluemoon.setup.*, bluemoon.deck.*)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cardtable.core import rng as crng
from cardtable.core.decklist import constructed
from cardtable.core.errors import DeckError, Message
from cardtable.games.bluemoon.cards import PEOPLES
from cardtable.games.bluemoon.problems import MESSAGES, PKG
from cardtable.games.bluemoon.records import BlueMoonDB

DECK = 30
MAX_FOREIGN_MOONS = 10


class BlueMoonSetup(BaseModel):
    """The options a Blue Moon game starts from (unknown keys are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    peoples: tuple[str, str] | None = Field(
        default=None,
        description="each player's deck (people); default: drawn by the seed (two different)",
    )
    lists: tuple[tuple[str, ...], tuple[str, ...]] | None = Field(
        default=None, description="decks built by the advanced rules: 30 card ids each"
    )
    first: int | None = Field(default=None, ge=0, le=1)
    reshuffle: bool = Field(
        default=False,
        description="the optional rule: cards back into the deck after the first draw",
    )
    match_to: int = Field(
        default=0, ge=0, le=20, description="play games until N crystals (0: one game)"
    )
    swap: bool = Field(default=False, description="a match: the players swap decks after each game")
    overrides: dict[str, Any] | None = Field(
        default=None,
        description="what-if balance: {card id or name: {field: number}} replacing printed "
        "fire, earth or moons for this game (overrides.py; checked when the game is set up)",
    )
    step: bool = Field(
        default=False,
        description="step mode: offer every single-option decision and stop at each phase "
        "boundary of the turn with a 'continue' decision (rules.stop; the CLI's --step)",
    )

    @model_validator(mode="after")
    def _check(self) -> BlueMoonSetup:
        if self.peoples is not None:
            bad = [p for p in self.peoples if p not in PEOPLES]
            if bad:
                raise MESSAGES.problem(
                    "setup_unknown_people", people=bad[0], known=", ".join(PEOPLES)
                )
            # One box per people: the leaders are drawn or agreed on, one each
            # (bluemoon.match.choose_decks); decks built from two collections may share one.
            if self.lists is None and self.peoples[0] == self.peoples[1]:
                raise MESSAGES.problem("setup_same_people", people=self.peoples[0])
        if self.lists is not None and self.peoples is None:
            raise MESSAGES.problem("setup_lists_peoples")
        return self


def parse_setup(setup: Mapping[str, Any] | None) -> BlueMoonSetup:
    """A validated setup, with one clear message naming the bad option."""
    try:
        return BlueMoonSetup.model_validate(dict(setup or {}))
    except ValidationError as exc:
        raise MESSAGES.invalid_setup(exc) from None


def pick_peoples(setup: BlueMoonSetup, seed: int) -> tuple[str, str]:
    """The two peoples: as given, or two different ones drawn by the seed (the leaders
    shuffled and drawn, bluemoon.match.choose_decks)."""
    if setup.peoples is not None:
        return setup.peoples
    dealer = crng.Rng(seed ^ 0xB10E)
    a = dealer.randbelow(len(PEOPLES))
    b = dealer.randbelow(len(PEOPLES) - 1)
    if b >= a:
        b += 1
    return PEOPLES[a], PEOPLES[b]


def deck_problem(db: BlueMoonDB, people: str, cards: Sequence[str]) -> Message | None:
    """Why a deck built by the advanced rules is refused, or None (bluemoon.deck.*)."""
    for c in cards:
        if c not in db.cards:
            return MESSAGES.message("deck_unknown_card", card=c)
        if db.cards[c].type == "leader":
            return MESSAGES.message("deck_leader", card=c, size=DECK)
    if len(cards) != DECK:
        return MESSAGES.message("deck_size", size=DECK, n=len(cards))
    seen: set[str] = set()
    for c in cards:
        if c in seen:
            return MESSAGES.message("deck_card_twice", card=c)
        seen.add(c)
    moons = sum(db.cards[c].moons for c in cards if db.cards[c].people != people)
    if moons > MAX_FOREIGN_MOONS:
        return MESSAGES.message("deck_moons", n=moons, limit=MAX_FOREIGN_MOONS)
    return None


def make_decks(
    db: BlueMoonDB, setup: BlueMoonSetup, seed: int
) -> tuple[list[list[str]], list[str]]:
    """Both decks and their peoples for a setup."""
    peoples = pick_peoples(setup, seed)
    if setup.lists is None:
        return [db.deck(p) for p in peoples], list(peoples)
    decks = []
    for s, (people, cards) in enumerate(zip(peoples, setup.lists, strict=True)):
        problem = deck_problem(db, people, cards)
        if problem:
            raise DeckError.msg_in(PKG, "deck_problem", seat=s + 1, people=people, problem=problem)
        decks.append(list(cards))
    return decks, list(peoples)


def list_people(db: BlueMoonDB, cards: Sequence[str]) -> str:
    """The people a built deck belongs to when its list names none: the people most of
    its cards come from (the foreign cards are limited by their moons,
    bluemoon.deck.build); the first in the rulebook's order on a tie."""
    counts = Counter(db.cards[c].people for c in cards if c in db.cards)
    return max(PEOPLES, key=lambda p: (counts[p], -PEOPLES.index(p)))


def with_lists(
    db: BlueMoonDB,
    setup: Mapping[str, Any] | None,
    lists: Sequence[Sequence[str]],
    bases: Sequence[str | None],
) -> dict[str, Any]:
    """The setup with two decks built by the advanced rules and their peoples (each
    list's named people, else ``list_people``); the decks are checked at the start."""
    out = constructed(setup, lists, drop=(), fmt=None)
    out["peoples"] = [
        base if base is not None else list_people(db, cards)
        for cards, base in zip(lists, bases, strict=True)
    ]
    parse_setup(out)
    return out
