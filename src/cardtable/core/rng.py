"""A small seeded generator whose whole state is one int kept inside a game state.

SplitMix64: fast, good enough for shuffles, and trivially cloned and serialized.
Rules draw randomness only from here, never from the `random` module or the clock.
"""

from __future__ import annotations

from typing import Any, Protocol

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class HasRng(Protocol):
    rng: int


def seed_state(seed: int) -> int:
    """The generator state for a user-visible seed (any int)."""
    return (seed * GOLDEN + 0x632BE59BD9B4E019) & MASK64


def next_u64(holder: HasRng) -> int:
    """Advance the holder's generator and return 64 random bits."""
    s = (holder.rng + GOLDEN) & MASK64
    holder.rng = s
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def randbelow(holder: HasRng, n: int) -> int:
    """A uniform int in [0, n)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    return (next_u64(holder) * n) >> 64


def shuffle(holder: HasRng, items: list[Any]) -> None:
    """Fisher-Yates shuffle in place (``randbelow`` inlined: the same draws, faster)."""
    s = holder.rng
    for i in range(len(items) - 1, 0, -1):
        s = (s + GOLDEN) & MASK64
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    holder.rng = s


class Rng:
    """A free-standing generator (for agents and determinization) with the same algorithm."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)

    def randbelow(self, n: int) -> int:
        """A uniform int in [0, n)."""
        return randbelow(self, n)

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle in place."""
        shuffle(self, items)

    def choice(self, items: list[Any]) -> Any:
        """One element, uniformly."""
        return items[randbelow(self, len(items))]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (next_u64(self) >> 11) / float(1 << 53)

    def spawn(self) -> int:
        """A fresh seed derived from this generator (for sub-generators)."""
        return next_u64(self)
