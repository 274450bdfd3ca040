"""Replays: {game, engine version, setup, seed, actions}; replaying reproduces every state."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable import __version__
from cardtable.core.errors import CardtableError, ReplayError
from cardtable.core.game import Action, Game, Outcome, state_hash, to_action
from cardtable.core.registry import get_game


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
        """Inverse of to_json, with a clear error for a malformed document."""
        try:
            return Replay(
                game=str(data["game"]),
                setup=dict(data.get("setup") or {}),
                seed=int(data["seed"]),
                actions=[to_action(a) for a in data.get("actions", [])],
                version=str(data.get("version", "?")),
                final_hash=data.get("final_hash"),
                outcome=data.get("outcome"),
            )
        except (KeyError, TypeError, ValueError, CardtableError) as exc:
            raise ReplayError(f"malformed replay: {exc}") from None

    def save(self, path: str | Path) -> None:
        """Write as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n")

    @staticmethod
    def load(path: str | Path) -> Replay:
        """Read a JSON replay file."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ReplayError(f"{path}: cannot read replay: {exc}") from None
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
            raise ReplayError(f"step {step + 1} ({list(action)}): {exc}") from None
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
        raise ReplayError("the replay reaches a different final state than the one recorded")
    if replay.outcome is not None:
        out = game.outcome(state)
        if out is None or out != Outcome.from_json(replay.outcome):
            raise ReplayError(
                f"the replay ends with {None if out is None else out.to_json()}, "
                f"recorded {replay.outcome}"
            )
    return state
