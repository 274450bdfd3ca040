"""Replays: {game, engine version, setup, seed, actions}; replaying reproduces every state.

A game with take-backs (``cardtable.core.undo``) also records ``reseeds``: after
``at`` actions, what ``seat`` could not see was redrawn by ``Game.determinize`` with
``Rng(seed)``. Replaying applies them at their places, so the record stays exact.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable import __version__
from cardtable.core import savefile
from cardtable.core.carddata import schema_problem
from cardtable.core.errors import CardtableError, Message, ReplayError, shown
from cardtable.core.game import Action, Game, Outcome, state_hash
from cardtable.core.registry import get_game
from cardtable.core.rng import Rng


class _OutcomeDoc(BaseModel):
    """A recorded outcome: ``Outcome.to_json``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    winners: list[int]
    reason: str
    scores: list[float] | None = None


class _ReseedDoc(BaseModel):
    """A recorded redraw of hidden cards (a take-back): ``Reseed``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    at: int = Field(ge=0)
    seat: int = Field(ge=0)
    seed: int = Field(ge=0, lt=2**64)


class Reseed(NamedTuple):
    """After ``at`` actions, what ``seat`` could not see was redrawn:
    ``game.determinize(state, seat, Rng(seed))`` replaced the state (its log kept)."""

    at: int
    seat: int
    seed: int


class ReplayDoc(BaseModel):
    """The schema of a replay document (saved games add keys of their own: ``agents``,
    ``lang``, the format version and hash; they are kept, not checked here)."""

    model_config = ConfigDict(extra="allow", strict=True)
    game: str = Field(min_length=1)
    version: str = "?"
    setup: dict[str, Any] | None = None
    seed: int = Field(ge=-(2**63), lt=2**64)
    actions: list[list[Any]] = Field(default_factory=list)
    final_hash: str | None = None
    outcome: _OutcomeDoc | None = None
    reseeds: list[_ReseedDoc] = Field(default_factory=list)


@dataclass(slots=True)
class Replay:
    """A recorded game: enough to reproduce it exactly."""

    game: str
    setup: dict[str, Any]
    seed: int
    actions: list[Action] = field(default_factory=list)
    version: str = __version__
    final_hash: str | None = None
    outcome: dict[str, Any] | None = None
    reseeds: list[Reseed] = field(default_factory=list)
    """Take-backs' redraws, in the order of their places (``at`` never decreasing)."""

    def to_json(self) -> dict[str, Any]:
        """Plain-data form (``reseeds`` only when there are some)."""
        out: dict[str, Any] = {
            "game": self.game,
            "version": self.version,
            "setup": self.setup,
            "seed": self.seed,
            "actions": [list(a) for a in self.actions],
            "final_hash": self.final_hash,
            "outcome": self.outcome,
        }
        if self.reseeds:
            out["reseeds"] = [r._asdict() for r in self.reseeds]
        return out

    def prefix(self, n: int) -> Replay:
        """The game after its first ``n`` actions, with the redraws recorded up to there."""
        return Replay(
            game=self.game,
            setup=self.setup,
            seed=self.seed,
            actions=self.actions[:n],
            version=self.version,
            reseeds=[r for r in self.reseeds if r.at <= n],
        )

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Replay:
        """Inverse of to_json: the document is checked against ``ReplayDoc`` (and every
        action is a list of texts and whole numbers); a ReplayError names the field."""
        if not isinstance(data, Mapping):
            raise ReplayError.msg("replay_problem", problem=Message("replay_not_mapping"))
        try:
            doc = ReplayDoc.model_validate(dict(data))
        except ValidationError as exc:
            raise ReplayError.msg("replay_problem", problem=schema_problem(exc)) from None
        for k, action in enumerate(doc.actions):
            for part in action:
                if isinstance(part, bool) or not isinstance(part, str | int):
                    problem = Message("replay_bad_action", {"n": k + 1, "got": shown(part)})
                    raise ReplayError.msg("replay_problem", problem=problem)
        reseeds = [Reseed(r.at, r.seat, r.seed) for r in doc.reseeds]
        for k, r in enumerate(reseeds):
            low = reseeds[k - 1].at if k else 0
            if not low <= r.at <= len(doc.actions):
                place = {"n": k + 1, "at": r.at, "low": low, "high": len(doc.actions)}
                problem = Message("replay_reseed_place", place)
                raise ReplayError.msg("replay_problem", problem=problem)
        return Replay(
            game=doc.game,
            setup=dict(doc.setup or {}),
            seed=doc.seed,
            actions=[tuple(a) for a in doc.actions],
            version=doc.version,
            final_hash=doc.final_hash,
            outcome=None if doc.outcome is None else dict(data["outcome"]),
            reseeds=reseeds,
        )

    def save(self, path: str | Path) -> None:
        """Write as JSON with its format version and hash, atomically (docs/saves.md)."""
        savefile.write(path, self.to_json())

    @staticmethod
    def load(path: str | Path, force: bool = False) -> Replay:
        """Read a JSON replay file; one newer than this engine (its format or engine
        version) or whose hash does not match is refused unless ``force``
        (``savefile.SaveFileError`` naming the file and the problem)."""
        data, _ = savefile.load(path, force=force)
        return Replay.from_json(data)

    def seal(self, game: Game, state: Any) -> None:
        """Record the final hash and outcome of the state reached."""
        self.final_hash = state_hash(state)
        out = game.outcome(state)
        self.outcome = None if out is None else out.to_json()


def redraw(game: Game, state: Any, seat: int, seed: int) -> Any:
    """The state with what ``seat`` cannot see redrawn (``determinize`` with
    ``Rng(seed)``, which also reseeds the state's own generator), its log kept."""
    if not 0 <= seat < game.num_seats(state):
        raise ReplayError.msg("replay_reseed_seat", seat=seat, game=game.id)
    out = game.determinize(state, seat, Rng(seed))
    out.log = state.log
    return out


def iter_replay(replay: Replay, log: bool = False) -> Iterator[tuple[Any, Action | None]]:
    """Yield (state, action about to be applied) along the replay, then (final state, None).

    The same state object is mutated between steps, except where a take-back's redraw
    (``replay.reseeds``) replaces it; clone it to keep one.
    """
    game = get_game(replay.game)
    state = game.new_game(replay.setup, replay.seed, log=log)
    reseeds = replay.reseeds
    k = 0
    for step, action in enumerate(replay.actions):
        while k < len(reseeds) and reseeds[k].at == step:
            state = redraw(game, state, reseeds[k].seat, reseeds[k].seed)
            k += 1
        yield state, action
        try:
            game.apply(state, action)
        except CardtableError as exc:
            raise ReplayError.msg(
                "replay_step", step=step + 1, action=list(action), problem=exc
            ) from None
    for r in reseeds[k:]:  # the redraws at the end (``from_json`` allows no later place)
        state = redraw(game, state, r.seat, r.seed)
    yield state, None


def run_replay(replay: Replay, log: bool = False) -> Any:
    """The final state of a replay (every action checked)."""
    final = None
    for state, _ in iter_replay(replay, log=log):
        final = state
    return final


def verify(replay: Replay) -> Any:
    """Replay and check the recorded final hash and outcome; return the final state."""
    game = get_game(replay.game)
    state = run_replay(replay)
    if replay.final_hash is not None and state_hash(state) != replay.final_hash:
        raise ReplayError.msg("replay_diverged")
    if replay.outcome is not None:
        out = game.outcome(state)
        if out is None or out != Outcome.from_json(replay.outcome):
            raise ReplayError.msg(
                "replay_other_outcome",
                found=None if out is None else out.to_json(),
                recorded=replay.outcome,
            )
    return state
