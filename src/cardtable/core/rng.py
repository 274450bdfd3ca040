"""A small seeded generator whose whole state is one int kept inside a game state.

SplitMix64: fast, good enough for shuffles, and trivially cloned and serialized.
Rules draw randomness only from here, never from the `random` module or the clock.

Compiled (mypyc), ``randbelow`` and ``shuffle`` compute on signed 64-bit machine
integers (``i64``), whose wrap-around is the unsigned arithmetic modulo 2**64 the
definition uses: the same draws bit for bit (tested against the definition in unbounded
integers), ``shuffle`` some twenty times as fast. Interpreted, ``i64`` is Python's
``int``, which does not wrap, so the definition itself runs.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from mypy_extensions import i64

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
# The generator's constants as signed 64-bit integers (the machine-integer path).
_GOLDEN64: Final[i64] = GOLDEN - (1 << 64)
_MIX1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
_LOW32: Final[i64] = 0xFFFFFFFF
_SMALL: Final = 1 << 31
"""Bounds below this take the machine-integer path (``_below`` is exact for them)."""


class HasRng(Protocol):
    rng: int


def _wraps(x: i64) -> bool:
    """True when ``i64`` arithmetic wraps around, i.e. this module runs compiled."""
    return x * 4 == 0


WRAPS: Final = _wraps(1 << 62)
"""The compiled build: draws and shuffles run on machine integers."""


def _signed(state: int) -> i64:
    """A generator state (an unsigned 64-bit value) as a signed 64-bit integer."""
    return state - (1 << 64) if state >= (1 << 63) else state


def _mix64(s: i64) -> i64:
    """SplitMix64's output for the state ``s`` (a logical shift is the arithmetic one with
    the sign's copies masked off)."""
    z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _below(z: i64, m: i64) -> i64:
    """The high 64 bits of the unsigned ``z`` times ``m`` (0 < m < 2**31), assembled from
    the two 32-bit halves of ``z``: ``randbelow``'s draw in [0, m)."""
    return (((z >> 32) & _LOW32) * m + (((z & _LOW32) * m) >> 32)) >> 32


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
    """A uniform int in [0, n): the high 64 bits of ``next_u64`` times ``n``."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    if WRAPS and n < _SMALL:
        s: i64 = _signed(holder.rng) + _GOLDEN64
        holder.rng = int(s) & MASK64
        return int(_below(_mix64(s), n))
    return (next_u64(holder) * n) >> 64


def _shuffle64(s: i64, items: list[Any]) -> i64:
    """``shuffle``'s loop on machine integers; returns the generator's new state."""
    i: i64 = len(items) - 1
    while i > 0:
        s = s + _GOLDEN64
        j: i64 = _below(_mix64(s), i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return s


def shuffle(holder: HasRng, items: list[Any]) -> None:
    """Fisher-Yates shuffle in place: place i swaps with ``randbelow(i + 1)``'s draw, from
    the last place down (inlined: the same draws, faster)."""
    if WRAPS and len(items) < _SMALL:
        holder.rng = int(_shuffle64(_signed(holder.rng), items)) & MASK64
        return
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
