"""Fixed-size tensors for learning agents: each game's observation vector and action space.

An ``Encoder`` belongs to one game and one setup (the number of seats and the mode fix the
sizes). It reads only what a seat is shown:

- ``observation(view)`` turns ``game.observe(state, seat)`` into a float32 vector of
  ``obs_size``; it never sees the state, so it cannot read what the rules hide.
- ``action_indices(view, actions)`` gives each legal action of the seat to move its index
  in the fixed ``Discrete(num_actions)`` space: distinct indices for distinct actions of
  one decision, each index meaning the same kind of choice in every game (for example
  "play the card in hand slot 3", not "the fourth legal action").

``obs_segments`` and ``action_segments`` document both layouts (``docs/rl.md`` prints
them); ``describe_index`` says what one action index means.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardtable.core.game import Action, Game


@dataclass(frozen=True, slots=True)
class Segment:
    """A named run of positions in a vector or an action space."""

    name: str
    start: int
    size: int
    meaning: str
    """What the positions hold, in English (docs/rl.md)."""

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """Builds a list of segments one after another (``add`` returns the new segment)."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> Segment:
        seg = Segment(name, self.size, size, meaning)
        self.segments.append(seg)
        self.size += size
        return seg


class Encoder(ABC):
    """One game's observation and action encoding for one setup."""

    game: Game
    setup: dict[str, Any]
    seats: int
    obs_size: int
    num_actions: int
    obs_layout: Layout
    """The observation's segments (``obs_size`` is its size)."""
    action_layout: Layout
    """The action space's segments (``num_actions`` is its size)."""

    def __init__(self, game: Game, setup: Mapping[str, Any] | None) -> None:
        self.game = game
        self.setup = dict(setup or {})
        self.seats = game.num_seats(game.new_game(self.setup, 0))

    @abstractmethod
    def observation(self, view: Mapping[str, Any]) -> np.ndarray:
        """The seat's view (``game.observe``) as a float32 vector of ``obs_size``."""

    @abstractmethod
    def action_indices(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[int]:
        """The index of each legal action (same order), all distinct, each below
        ``num_actions``; ``view`` is the view of the seat choosing."""

    def use_catalogue(self, ids: Iterable[str]) -> None:
        """Cards are one-hot over these ids, sorted (``catalogue``, ``card_index``), then one
        "other card" slot (``other``) for a card no card file prints: ``vocab`` in all."""
        self.catalogue: tuple[str, ...] = tuple(sorted(ids))
        self.card_index = {c: i for i, c in enumerate(self.catalogue)}
        self.other = len(self.catalogue)
        self.vocab = self.other + 1

    def card_slot(self, card: str | None) -> int:
        """A card's index in the one-hot vocabulary (``other`` if unprinted or unknown)."""
        return self.other if card is None else self.card_index.get(card, self.other)

    def obs_segments(self) -> list[Segment]:
        """The observation layout, in order, covering ``obs_size``."""
        return list(self.obs_layout.segments)

    def action_segments(self) -> list[Segment]:
        """The action layout, in order, covering ``num_actions``."""
        return list(self.action_layout.segments)

    def describe_index(self, index: int) -> str:
        """What an action index means (its segment, offset and ``spell``)."""
        for seg in self.action_layout.segments:
            if seg.start <= index < seg.stop:
                return f"{seg.name}[{index - seg.start}]: {self.spell(seg, index - seg.start)}"
        raise ValueError(f"action index {index} is outside 0..{self.num_actions - 1}")

    def spell(self, seg: Segment, k: int) -> str:
        """What offset ``k`` of an action segment means (its meaning, unless an encoder
        spells the slot out)."""
        return seg.meaning

    def separate(self, indices: Sequence[int]) -> list[int]:
        """``indices`` with each repeat moved to the next free index of its segment (then
        of the whole space): the last resort that keeps one decision's indices distinct
        when a zone holds more cards than the layout has slots for."""
        if len(set(indices)) == len(indices):
            return list(indices)
        segments = self.action_layout.segments
        taken: set[int] = set()
        out = []
        for i in indices:
            seg = next(s for s in segments if s.start <= i < s.stop)
            j = i
            while j in taken:
                j += 1
                if j == seg.stop:
                    j = seg.start
                if j == i:
                    j = next(x for x in range(self.num_actions) if x not in taken)
                    break
            taken.add(j)
            out.append(j)
        return out

    def mask(self, indices: Sequence[int]) -> np.ndarray:
        """The int8 action mask with ``indices`` set."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        out[list(indices)] = 1
        return out


EncoderFactory = Callable[[Game, Mapping[str, Any] | None], Encoder]
_ENCODERS: dict[str, EncoderFactory] = {}


def register_encoder(game_id: str, factory: EncoderFactory) -> None:
    """Make ``encoder_for(game_id, ...)`` build encoders with ``factory``."""
    _ENCODERS[game_id] = factory


def encoder_for(game: Game, setup: Mapping[str, Any] | None = None) -> Encoder:
    """The encoder of a game for a setup."""
    if game.id not in _ENCODERS:
        import importlib

        importlib.import_module(f"cardtable.rl.{game.id}")
    try:
        factory = _ENCODERS[game.id]
    except KeyError:
        raise ValueError(f"no encoder for game {game.id!r}") from None
    return factory(game, setup)
