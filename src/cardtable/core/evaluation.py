"""A game's evaluation broken into named terms: what a hint's reason is drawn from.

``Game.evaluate(state, seat)`` is one number in [-1, 1]. ``Game.evaluation_terms`` gives
the same judgement as a list of ``EvalTerm`` s, one per thing the evaluation weighs (in
Clash: the seat's fortress, its creatures, the opponent's fortress and creatures). Each
term's ``value`` is its share of the evaluation as the seat sees it (more is better for
the seat), in the evaluation's own units: the values add up to the evaluation before the
game squashes it into [-1, 1]. ``n`` is the number a player reads in the term's sentence
(how many cards lie right of the fortress).

The sentences live in the game's catalog as counted messages taking ``n``:
``hint.<key>`` says what the term is after a move ("keeps your fortress 3 cards from
the right") and ``hint.<key>.up`` says that the move improves it ("moves your fortress
to 4 cards from the right").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class EvalTerm:
    """One named part of a game's evaluation of a state for a seat."""

    key: str
    """The term's id: its sentences are the catalog messages ``hint.<key>`` and
    ``hint.<key>.up``."""
    value: float
    """Its share of the evaluation for the seat (more is better), in the evaluation's units."""
    n: int = 0
    """The number its sentence names."""


def reason_key(key: str, improves: bool) -> str:
    """The catalog message of a term's sentence: improved by a move, or as it stands."""
    return f"hint.{key}.up" if improves else f"hint.{key}"
