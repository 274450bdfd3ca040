"""Help at the table: the terms a game explains and the reasons a card cannot be played.

A game describes its cards, abilities and keywords as ``Term`` s generated from its card
data (``Game.glossary``), and says why a card of a hand cannot be played now as a list
of ``Reason`` s (``Game.why_not``): the id of the rule clause (``docs/rules/<game>.md``)
and the numbers that explain it. The terminal (``cardtable.cli.table``) renders both
with the game's catalog: the clause's sentence is the message ``rule.<id>``, formatted
with the reason's numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Reason = tuple[str, Mapping[str, Any]]
"""Why a card cannot be played: a rule id and the values its sentence names."""


@dataclass(frozen=True, slots=True)
class Term:
    """One thing a player may ask about: a card, an ability, a keyword, an icon."""

    kind: str
    """'card', 'ability', 'keyword', 'icon' or 'mechanic' (a message ``kind_<kind>``)."""
    key: str
    """A stable id (the card or ability id)."""
    title: str
    """Its name in the language asked."""
    text: str
    """What it does, in that language (generated from its data)."""
    names: tuple[str, ...] = ()
    """Every name it answers to besides ``title`` (the other language's name, the id)."""
    rules: tuple[str, ...] = field(default=())
    """Ids of the rule clauses it applies, most specific first."""


def normalize(name: str) -> str:
    """A name as typed and as matched: case-folded, «»“”"' and a final dot (of an
    abbreviation such as «Берс.») dropped, spaces collapsed, ё read as е."""
    text = name.casefold().replace("ё", "е")
    for ch in "«»“”\"'":
        text = text.replace(ch, "")
    return " ".join(text.split()).rstrip(".")


def find_terms(terms: Iterable[Term], query: str) -> list[Term]:
    """The terms a name picks: those it names exactly (any language, any case); else
    those it is the beginning of (an unambiguous prefix picks one). Duplicates of one
    key are kept once."""
    wanted = normalize(query)
    if not wanted:
        return []
    pool = list(terms)
    exact: list[Term] = []
    prefix: list[Term] = []
    for term in pool:
        names = {normalize(n) for n in (term.title, term.key, *term.names)}
        if wanted in names:
            exact.append(term)
        elif any(n.startswith(wanted) for n in names):
            prefix.append(term)
    found = exact or prefix
    seen: set[tuple[str, str]] = set()
    out = []
    for term in found:
        if (term.kind, term.key) not in seen:
            seen.add((term.kind, term.key))
            out.append(term)
    return out
