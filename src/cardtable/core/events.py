"""Structured events: what happened, to whom, under which rule clause.

Events are only built when a state carries a log (``state.log is not None``), so
simulations that switch logging off pay one attribute test per event site.
Rendering to Russian or English text happens elsewhere (``Game.render_event``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True, frozen=True)
class Event:
    """One thing that happened in a game."""

    kind: str
    rule: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain-data form."""
        return {"kind": self.kind, "rule": self.rule, "seat": self.seat, "data": dict(self.data)}
