"""Decks chosen in the lobby: a preconstructed deck per deck seat, or a pasted deck list
per deck seat (``core.decklist``), turned into the game's setup options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.decklist import read_deck_list
from cardtable.core.errors import CardtableError, Message
from cardtable.core.game import Game
from cardtable.web.tables import PKG, refuse


def deck_choices(game: Game, setup: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """What the lobby offers for a setup: the seats that bring decks and the
    preconstructed decks they may take (none in a format that deals or drafts them)."""
    seats = game.deck_seats(setup)
    precons = [{"id": d, "title": game.deck_title(d, lang)} for d in game.deck_names(setup)]
    return {"seats": seats, "precons": precons}


def read_list(game: Game, text: str, setup: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A pasted list read for the lobby: its cards with their names, and its base deck."""
    read = read_deck_list(game, text, setup)
    return {
        "cards": [{"id": c, "name": game.card_title(c, lang)} for c in read.cards],
        "base": None if read.base is None else {
            "id": read.base, "title": game.deck_title(read.base, lang)
        },
    }  # fmt: skip


def with_chosen_decks(
    game: Game,
    setup: Mapping[str, Any],
    decks: Sequence[str] | None,
    lists: Sequence[str] | None,
) -> dict[str, Any]:
    """The setup with the host's decks: ``decks`` (preconstructed, one per deck seat) or
    ``lists`` (pasted lists, one per deck seat); unchanged when neither is given. A
    list that cannot be read is refused naming its seat and lines."""
    if decks and lists:
        raise refuse("decks_and_lists")
    if decks:
        return game.with_decks(setup, list(decks))
    if not lists:
        return dict(setup)
    seats = game.deck_seats(setup)
    if len(lists) != len(seats):
        raise refuse("lists_count", n=len(seats), given=len(lists))
    cards: list[tuple[str, ...]] = []
    bases: list[str | None] = []
    for seat, text in zip(seats, lists, strict=True):
        try:
            read = read_deck_list(game, text, setup)
        except CardtableError as exc:
            raise exc.at(Message("list_of_seat", {"seat": seat + 1}, PKG)) from None
        cards.append(read.cards)
        bases.append(read.base)
    return game.with_lists(setup, cards, bases)
