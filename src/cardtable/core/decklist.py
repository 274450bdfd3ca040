"""Deck lists as people write them: one card per line, with an optional number of copies.

Accepted lines (case and surrounding spaces do not matter)::

    Огненный бес          one copy, by Russian or English printed name or by id
    3 Fire Imp            three copies (also "3x Fire Imp", "3 × Fire Imp")
    Fire Imp x3           three copies (also "Fire Imp ×3")
    # a comment           ignored, as are empty lines and lines starting with //

A line may also name one of the game's preconstructed decks (its id or title in either
language): the list's *base*, for games whose built decks start from one (a Blue Moon
deck belongs to a people). Every line that cannot be read is reported at once, each
with its number, so a pasted list is fixed in one go. The game's own construction
rules (deck size, copies, pools) are checked when the game starts from the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.errors import CardtableError, DeckError, Message, SetupError, shown
from cardtable.core.game import game_package

MAX_TEXT = 20_000  # characters: a deck list is a few hundred
MAX_COPIES = 99

COUNT_FIRST = re.compile(r"^(\d{1,3})\s*[xх×*]?\s+(.+)$", re.IGNORECASE)
COUNT_LAST = re.compile(r"^(.+?)\s+(?:[xх×*]\s*(\d{1,3})|(\d{1,3})\s*[xх×*])$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class DeckList:
    """A read deck list: card ids in the list's order (copies repeated) and its base."""

    cards: tuple[str, ...]
    base: str | None = None


def _read_line(
    line: str, card_id: Callable[[str], str | None], deck_id: Callable[[str], str | None]
) -> tuple[list[str], str | None] | Message:
    """One line's cards (or its base deck), or the message saying why it cannot be read."""
    whole = card_id(line)
    if whole is not None:
        return [whole], None
    for pattern in (COUNT_FIRST, COUNT_LAST):
        m = pattern.match(line)
        if m is None:
            continue
        if pattern is COUNT_FIRST:
            count, name = int(m.group(1)), m.group(2)
        else:
            count, name = int(m.group(2) or m.group(3)), m.group(1)
        found = card_id(name.strip())
        if found is None:
            continue
        if not 1 <= count <= MAX_COPIES:
            return Message("decklist_copies", {"text": shown(line), "high": MAX_COPIES})
        return [found] * count, None
    base = deck_id(line)
    if base is not None:
        return [], base
    return Message("decklist_unknown", {"text": shown(line)})


def parse_deck_list(
    text: str,
    card_id: Callable[[str], str | None],
    deck_id: Callable[[str], str | None],
    game: Message | str,
) -> DeckList:
    """The list in ``text``; ``card_id``/``deck_id`` find a card/deck id by id or name
    (None if there is none). A DeckError names every line that cannot be read."""
    if len(text) > MAX_TEXT:
        raise DeckError.msg("decklist_long", n=len(text), high=MAX_TEXT)
    cards: list[str] = []
    base: str | None = None
    bad: list[Message] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = " ".join(raw.split())
        if not line or line.startswith(("#", "//")):
            continue
        read = _read_line(line, card_id, deck_id)
        if isinstance(read, Message):
            bad.append(Message("decklist_line", {"line": number, "problem": read}))
            continue
        found, named = read
        if named is not None:
            if base is not None and named != base:
                bad.append(Message("decklist_line", {
                    "line": number,
                    "problem": Message("decklist_two_bases", {"first": base, "second": named}),
                }))  # fmt: skip
                continue
            base = named
        cards.extend(found)
    if bad:
        raise DeckError.msg("decklist_bad", game=game, n=len(bad), lines=bad)
    if not cards:
        raise DeckError.msg("decklist_empty", game=game)
    return DeckList(tuple(cards), base)


def read_deck_list(game: Any, text: str, setup: Any = None) -> DeckList:
    """A deck list for ``game`` (a ``core.game.Game``): cards found by ``game.card_id``,
    bases among the decks ``game.deck_names(setup)`` lists, by id or title."""

    def card_id(ident: str) -> str | None:
        try:
            return str(game.card_id(ident))
        except CardtableError:
            return None

    titles: dict[str, str] = {}
    for deck in _deck_names(game, setup):
        for key in (deck, game.deck_title(deck, "ru"), game.deck_title(deck, "en")):
            titles[key.strip().lower()] = deck

    def deck_id(ident: str) -> str | None:
        return titles.get(ident.strip().lower())

    return parse_deck_list(text, card_id, deck_id, Message("game_title", {}, game_package(game)))


def _deck_names(game: Any, setup: Any) -> Sequence[str]:
    """The decks a list may name as its base: the setup's, else none."""
    try:
        return list(game.deck_names(setup))
    except CardtableError:
        return []


def refuse_bases(game: str, bases: Sequence[str | None]) -> None:
    """For games whose built decks start from no preconstructed deck: a SetupError if a
    list named one."""
    named = next((b for b in bases if b is not None), None)
    if named is not None:
        raise SetupError.msg("decklist_base_unused", game=game, deck=named)


def constructed(
    setup: Mapping[str, Any] | None,
    lists: Sequence[Sequence[str]],
    drop: Sequence[str],
    fmt: str | None = "constructed",
) -> dict[str, Any]:
    """The setup with built decks: ``lists`` as its ``lists`` option, ``format`` set to
    ``fmt`` (unless None), and the options naming preconstructed decks (``drop``) removed."""
    out = {k: v for k, v in (setup or {}).items() if k not in drop}
    if fmt is not None:
        out["format"] = fmt
    out["lists"] = [list(cards) for cards in lists]
    return out
