"""Replays: {game, engine version, setup, seed, actions}; replaying reproduces every state."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable import __version__
from cardtable.core import savefile
from cardtable.core.carddata import schema_problem
from cardtable.core.errors import CardtableError, Message, ReplayError, shown
from cardtable.core.game import Action, Game, Outcome, state_hash
from cardtable.core.registry import get_game


class _OutcomeDoc(BaseModel):
    """A recorded outcome: ``Outcome.to_json``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    winners: list[int]
    reason: str
    scores: list[float] | None = None


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

    def to_json(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "game": self.game,
            "version": self.version,
            "setup": self.setup,
            "seed": self.seed,
            "actions": [list(a) for a in self.actions],
            "final_hash": self.final_hash,
            "outcome": self.outcome,
        }

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
        return Replay(
            game=doc.game,
            setup=dict(doc.setup or {}),
            seed=doc.seed,
            actions=[tuple(a) for a in doc.actions],
            version=doc.version,
            final_hash=doc.final_hash,
            outcome=None if doc.outcome is None else dict(data["outcome"]),
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


def iter_replay(replay: Replay, log: bool = False) -> Iterator[tuple[Any, Action | None]]:
    """Yield (state, action about to be applied) along the replay, then (final state, None).

    The same state object is mutated between steps; clone it to keep one.
    """
    game = get_game(replay.game)
    state = game.new_game(replay.setup, replay.seed, log=log)
    for step, action in enumerate(replay.actions):
        yield state, action
        try:
            game.apply(state, action)
        except CardtableError as exc:
            raise ReplayError.msg(
                "replay_step", step=step + 1, action=list(action), problem=exc
            ) from None
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
