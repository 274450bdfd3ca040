"""Shared help for the games' invariant checks on numbered card instances."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

_EVERY: dict[int, frozenset[int]] = {}


def flatten(zones: Iterable[list[int]]) -> list[int]:
    """The instances of every zone, zone after zone, in one list."""
    return list(chain.from_iterable(zones))


def is_permutation(instances: list[int], m: int) -> bool:
    """Whether ``instances`` holds each of 0 … m-1 exactly once: the quick test that lets
    an invariant check skip its detailed count when every card is in one place."""
    every = _EVERY.get(m)
    if every is None:
        if len(_EVERY) >= 256:
            _EVERY.clear()
        every = _EVERY[m] = frozenset(range(m))
    return len(instances) == m and every == set(instances)
