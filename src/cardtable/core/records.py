"""The base of the games' card records (``games/<game>/records.py``)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


class Record:
    """A frozen dataclass record that pickles as its class called with its fields in order:
    compiled records refuse the attribute assignment a default unpickling performs (a
    search worker or an OpenSpiel state carries the game's card database)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))  # type: ignore[arg-type]
