"""One game as a learning episode, shared by the PettingZoo, Gymnasium, vector and
OpenSpiel adapters: the setup from mode keywords, the seats that decide, the legal
action indices of the pending decision, rewards from the outcome and the table as text.

Everything a learning agent is given passes through ``game.observe(state, seat)`` and the
game's ``Encoder`` (opponent agents get the usual ``SeatView``).

Rewards: when the game ends every seat that decides gets +1 if it is among the winners
and -1 if not; a draw (no winners) gives 0 to all. A game stopped before its end (a
step budget) gives 0 to all.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardtable.core.game import Action, Game, Outcome
from cardtable.core.registry import get_game
from cardtable.rl.encoding import Encoder, encoder_for

OBS_LOW, OBS_HIGH = 0.0, 1.0
"""Bounds of every observation value: each game's encoder divides its numbers by fixed
constants and clips them to [0, 1] (see the encoder modules)."""


def derived_seed(*numbers: int) -> int:
    """A seed derived from a few integers (numpy's ``SeedSequence``): per-game and
    per-agent seeds that differ for any difference in the numbers."""
    entropy = [n & 0xFFFF_FFFF_FFFF_FFFF for n in numbers]
    return int(np.random.SeedSequence(entropy).generate_state(1, np.uint32)[0])


def make_setup(
    game: Game, setup: Mapping[str, Any] | None, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The setup with keyword options (``mode="solo"``, ``players=3``) merged in, checked
    by starting a game from it: an unknown or bad option fails with the game's own error."""
    merged = dict(setup or {})
    merged.update(options)
    game.new_game(merged, 0)
    return merged


def player_seats(game: Game, setup: Mapping[str, Any]) -> list[int]:
    """The seats whose choices the agents make: every seat except those the rules play
    themselves (Clash's solo and co-op AI), i.e. the seats that bring a deck of their own."""
    return list(game.deck_seats(setup))


def seat_rewards(outcome: Outcome | None, seats: Sequence[int]) -> list[float]:
    """+1 for a winner, -1 for the others, 0 for all after a draw or without an outcome."""
    if outcome is None or not outcome.winners:
        return [0.0] * len(seats)
    return [1.0 if s in outcome.winners else -1.0 for s in seats]


def outcome_info(outcome: Outcome) -> dict[str, Any]:
    """The outcome as info entries (winning seats, reason, scores when the game has them)."""
    return {
        "winners": list(outcome.winners),
        "reason": outcome.reason,
        "scores": None if outcome.scores is None else list(outcome.scores),
    }


def table_text(game: Game, state: Any, seat: int | None, lang: str, width: int = 100) -> str:
    """The terminal screen of the table as ``seat`` sees it (``None``: a spectator), as text."""
    from rich.console import Console

    console = Console(
        record=True, width=width, file=io.StringIO(), color_system=None, force_terminal=False
    )
    console.print(game.render(state, seat, lang))
    return console.export_text()


class IllegalIndex(ValueError):
    """An action index that is not legal in the pending decision."""


class Episode:
    """One game of one setup driven by action indices, seen only through seat views."""

    __slots__ = ("_choices", "_view", "decisions", "encoder", "game", "seats", "state")

    def __init__(self, encoder: Encoder, seats: Sequence[int], seed: int) -> None:
        self.encoder = encoder
        self.game = encoder.game
        self.seats = tuple(seats)
        self.state = self.game.new_game(encoder.setup, seed)
        self.decisions = 0
        self._view: tuple[int, dict[str, Any]] | None = None
        self._choices: dict[int, Action] | None = None

    @property
    def mover(self) -> int | None:
        """The seat that decides now (None once the game is over)."""
        seat = self.game.to_move(self.state)
        if seat is not None and seat not in self.seats:
            raise RuntimeError(f"{self.game.id}: seat {seat} decides but is not a player seat")
        return seat

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now (cached until the next action)."""
        if self._view is None or self._view[0] != seat:
            self._view = (seat, self.game.observe(self.state, seat))
        return self._view[1]

    def observation(self, seat: int) -> np.ndarray:
        """The seat's view as the encoder's float32 vector."""
        return np.asarray(self.encoder.observation(self.view(seat)), dtype=np.float32)

    def choices(self) -> dict[int, Action]:
        """The legal actions of the pending decision by action index (empty once over)."""
        if self._choices is None:
            seat = self.mover
            if seat is None:
                self._choices = {}
            else:
                legal = self.game.legal_actions(self.state)
                self._choices = index_actions(self.encoder, self.view(seat), legal)
        return self._choices

    def mask(self, seat: int | None = None) -> np.ndarray:
        """The int8 action mask of ``seat`` (the seat to move by default): zeros for a seat
        that does not decide now."""
        mover = self.mover
        if mover is None or (seat is not None and seat != mover):
            return np.zeros(self.encoder.num_actions, dtype=np.int8)
        return self.encoder.mask(list(self.choices()))

    def play(self, index: int) -> None:
        """Perform the action with this index in the pending decision."""
        action = self.choices().get(int(index))
        if action is None:
            raise IllegalIndex(
                f"{self.game.id}: action index {index} is not legal now "
                f"(legal: {sorted(self.choices())})"
            )
        self.game.apply_unchecked(self.state, action)
        self.decisions += 1
        self._view = None
        self._choices = None

    @property
    def over(self) -> bool:
        """True once the game has an outcome."""
        return self.game.to_move(self.state) is None

    def outcome(self) -> Outcome | None:
        """The outcome once the game is over."""
        return self.game.outcome(self.state)

    def rewards(self) -> list[float]:
        """Each player seat's reward (``seat_rewards``), in the order of ``seats``."""
        return seat_rewards(self.outcome(), self.seats)

    def text(self, seat: int | None, lang: str) -> str:
        """The table as ``seat`` sees it, as terminal text."""
        return table_text(self.game, self.state, seat, lang)


def index_actions(
    encoder: Encoder, view: Mapping[str, Any], legal: Sequence[Action]
) -> dict[int, Action]:
    """The legal actions by their encoder index; a clear error when the encoder breaks its
    contract (indices repeated or outside the action space)."""
    indices = [int(i) for i in encoder.action_indices(view, legal)]
    out = dict(zip(indices, legal, strict=True))
    if len(out) != len(legal) or any(not 0 <= i < encoder.num_actions for i in indices):
        raise RuntimeError(
            f"{encoder.game.id} encoder: action indices {indices} are not distinct indices "
            f"below {encoder.num_actions} for {list(legal)}"
        )
    return out


def episode_encoder(
    game_id: str, setup: Mapping[str, Any] | None, options: Mapping[str, Any]
) -> tuple[Encoder, list[int]]:
    """The encoder and the player seats of a game id with a setup and keyword options."""
    game = get_game(game_id)
    merged = make_setup(game, setup, options)
    return encoder_for(game, merged), player_seats(game, merged)
