"""Screens that fit the terminal: the layout helpers the games' render modules share.

A table whose narrowest form (every column as wide as its longest word) is wider than
the console would cut words, and a cut card name can no longer be told from another.
``Fit`` renders the first of several layouts whose narrowest form fits the console it
is printed on; ``fitted(table)`` (``FitTable``) sets the table's column widths so that
no column is narrower than its longest word, or, when that cannot fit, shows the same
rows as stacked records ("1. Name · Header: value; …"), which wrap at spaces and so
never cut a word.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text


class Fit:
    """The first candidate whose narrowest form fits the console's width (the last one
    whatever its width)."""

    def __init__(self, *candidates: RenderableType) -> None:
        if not candidates:
            raise ValueError("Fit needs at least one layout")
        self.candidates = candidates

    def choose(self, console: Console, options: ConsoleOptions) -> RenderableType:
        """The layout printed at ``options.max_width``."""
        for layout in self.candidates[:-1]:
            if Measurement.get(console, options, layout).minimum <= options.max_width:
                return layout
        return self.candidates[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.choose(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        first = Measurement.get(console, options, self.candidates[0])
        last = Measurement.get(console, options, self.candidates[-1])
        return Measurement(min(first.minimum, last.minimum), first.maximum)


def as_text(cell: Any) -> Text | None:
    """A table cell as one line of text (None for a cell that is not text)."""
    if isinstance(cell, Text):
        text = cell.copy()
    elif isinstance(cell, str):
        try:
            text = Text.from_markup(cell)
        except Exception:  # not markup after all: the characters as they are
            text = Text(cell)
    else:
        return None
    lines = text.split("\n")
    return Text(" · ").join(line for line in lines if line.plain.strip())


def stacked(table: Table, lead: int = 2) -> RenderableType:
    """A table's rows as records that wrap: the first ``lead`` cells as the record's
    name, then ``header: value`` for every other cell that is not empty."""
    headers = [as_text(col.header) or Text() for col in table.columns]
    columns = [list(col.cells) for col in table.columns]
    parts: list[RenderableType] = []
    if table.title:
        title = as_text(table.title) or Text()
        title.stylize(str(table.title_style or "bold"))
        parts.append(title)
    for row in zip(*columns, strict=True):
        line = Text()
        for k, cell in enumerate(row):
            text = as_text(cell)
            if text is None:
                parts.append(line)
                parts.append(cell)
                line = Text()
                continue
            if not text.plain.strip():
                continue
            if k < lead:
                if line.plain:
                    line.append(". " if k == 1 and line.plain.isdigit() else " ")
                line.append_text(text)
                continue
            line.append(" · " if k == lead else "; ", style="dim")
            if headers[k].plain:
                line.append_text(headers[k])
                line.append(": ")
            line.append_text(text)
        parts.append(line)
    return Group(*parts)


class FitTable:
    """A table whose every column keeps at least its longest word: the widest columns
    give way first, never below that; when even the narrowest form is too wide, the
    ``fallback`` is rendered instead (by default the rows as records, ``stacked``).

    Rich itself narrows a too-wide table by cutting its widest columns, below their
    longest word if need be; here the widths are worked out first and fixed."""

    def __init__(self, table: Table, fallback: RenderableType | None = None, lead: int = 2) -> None:
        self.table = table
        self.fallback = stacked(table, lead) if fallback is None else fallback

    def _ranges(self, console: Console, options: ConsoleOptions) -> tuple[list[int], list[int]]:
        table = self.table
        ranges = [table._measure_column(console, options, col) for col in table.columns]
        return [r.minimum for r in ranges], [r.maximum for r in ranges]

    def widths(self, console: Console, options: ConsoleOptions) -> list[int] | None:
        """Each column's width (padding included), or None when the table cannot fit."""
        room = options.max_width - self.table._extra_width
        low, high = self._ranges(console, options)
        if sum(low) > room:
            return None
        widths = list(high)
        excess = sum(widths) - room
        while excess > 0:
            loose = [i for i, w in enumerate(widths) if w > low[i]]
            top = max(widths[i] for i in loose)
            widest = [i for i in loose if widths[i] == top]
            below = [widths[i] for i in loose if widths[i] < top]
            floor = max([*below, *(low[i] for i in widest)])
            for i in widest:
                cut = min(top - max(floor, low[i]), excess)
                if cut <= 0:
                    cut = min(1, excess, widths[i] - low[i])
                widths[i] -= cut
                excess -= cut
                if excess <= 0:
                    break
        return widths

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self.widths(console, options)
        if widths is None:
            yield self.fallback
            return
        table = self.table
        for col, width in zip(table.columns, widths, strict=True):
            col.width = max(1, width - table._get_padding_width(col._index))
        yield table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        low, high = self._ranges(console, options)
        extra = self.table._extra_width
        other = Measurement.get(console, options, self.fallback)
        return Measurement(min(sum(low) + extra, other.minimum), sum(high) + extra)


def fitted(table: Table, lead: int = 2) -> FitTable:
    """The table where it fits without cutting a word, else its rows as records."""
    return FitTable(table, lead=lead)


def wrap_join(parts: Iterable[Text], sep: str = "; ") -> Text:
    """Pieces of text joined into one paragraph that wraps at spaces."""
    return Text(sep).join(list(parts))
