"""Shared help for the games' invariant checks on numbered card instances."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain


def flatten(zones: Iterable[list[int]]) -> list[int]:
    """The instances of every zone, zone after zone, in one list."""
    return list(chain.from_iterable(zones))


def is_permutation(instances: list[int], m: int) -> bool:
    """Whether ``instances`` holds each of 0 … m-1 exactly once: the quick test that lets
    an invariant check skip its detailed count when every card is in one place. (Marking
    each instance seen, compiled, takes under half the time of comparing a set of them
    with ``range(m)``'s.)"""
    if len(instances) != m:
        return False
    seen = [False] * m
    for c in instances:
        if c < 0 or c >= m or seen[c]:
            return False
        seen[c] = True
    return True
