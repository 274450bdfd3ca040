"""Shared help for the games' invariant checks on numbered card instances."""

from __future__ import annotations

from collections.abc import Iterable


def flatten(zones: Iterable[list[int]]) -> list[int]:
    """The instances of every zone, zone after zone, in one list. (Extending a list zone
    by zone, compiled, takes half the time of ``itertools.chain``'s element by element.)"""
    out: list[int] = []
    for zone in zones:
        out.extend(zone)
    return out


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
