"""Take-back against agents (``undo`` at the table, docs/table.md "Take-back").

An undo takes back a seat's last whole decision and everything played after it (the
agents' replies), back to the moment that seat last had a choice. The exact earlier
state is rebuilt from the replay; then what the seat cannot see there (deck orders,
other players' hidden cards, the state's own random generator) is redrawn by
``Game.determinize`` with a generator of its own, so that nothing the seat saw after
that moment (a card it drew, a card an agent played) tells it where a hidden card is.
The redraw is recorded in the replay (``Replay.reseeds``), which keeps replaying exact.

Who may undo (no other person at the table) is the interface's policy; this module
only computes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.core.game import Action, Game
from cardtable.core.registry import get_game
from cardtable.core.replay import Replay, Reseed, iter_replay, run_replay
from cardtable.core.rng import Rng

UNDO_SALT = 0x5EED_0F_BAC4
"""Mixed into the game seed for the redraws' seeds (distinct from the agents' seeds)."""


@dataclass(frozen=True, slots=True)
class Undone:
    """What an undo did: the record after it, its state, and what it took back."""

    replay: Replay
    state: Any
    point: int
    """How many actions of the record stay (the restored moment)."""
    actions: list[Action]
    """The actions taken back, oldest first: the seat's decision, then what followed."""


def is_choice(game: Game, state: Any, seat: int) -> bool:
    """Whether ``seat`` has a whole decision to make now: its own, not the detail of a
    choice just made (``Game.is_subdecision``), with more than one option."""
    return (
        game.to_move(state) == seat
        and not game.is_subdecision(state)
        and len(game.legal_actions(state)) > 1
    )


def undo_point(replay: Replay, seat: int) -> int | None:
    """How many actions stay when ``seat`` undoes: the last moment before the end of the
    record at which it had a whole decision (None: it has had none)."""
    game = get_game(replay.game)
    end = len(replay.actions)
    point = None
    for k, (state, _) in enumerate(iter_replay(replay)):
        if k < end and is_choice(game, state, seat):
            point = k
    return point


def undo_seed(seed: int, point: int, earlier: int) -> int:
    """The seed of a redraw at ``point`` of a game with ``seed``, the ``earlier``-th
    redraw there: reproducible, and different for each undo of one moment."""
    rng = Rng(seed ^ UNDO_SALT)
    for part in (point, earlier):
        rng = Rng(rng.spawn() ^ part)
    return rng.spawn()


def undo(replay: Replay, seat: int, log: bool = False) -> Undone | None:
    """Take back ``seat``'s last whole decision and everything after it, and redraw what
    ``seat`` cannot see at the restored moment; None when there is nothing to undo. The
    given replay is not changed; the returned one records the redraw."""
    point = undo_point(replay, seat)
    if point is None:
        return None
    kept = replay.prefix(point)
    earlier = sum(1 for r in kept.reseeds if r.at == point)
    kept.reseeds.append(Reseed(point, seat, undo_seed(replay.seed, point, earlier)))
    state = run_replay(kept, log=log)
    return Undone(kept, state, point, list(replay.actions[point:]))
