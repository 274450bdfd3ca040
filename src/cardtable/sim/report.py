"""Reports as a few plain blocks (headings, text, code, tables, images), written as
Markdown or as one self-contained HTML page.

The output depends only on the blocks: no dates, no versions, so the same results give
the same file byte for byte.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cardtable.core.files import atomic_write_text

FORMATS = ("md", "html")


@dataclass(frozen=True, slots=True)
class Heading:
    """A section title (level 1 is the report's title)."""

    text: str
    level: int = 2


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph of plain text."""

    text: str


@dataclass(frozen=True, slots=True)
class Code:
    """Preformatted text (a command)."""

    text: str


@dataclass(frozen=True, slots=True)
class Bullets:
    """A list of plain lines."""

    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """Rows of cells under headers; ``right`` marks the columns aligned right."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    right: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Image:
    """A picture next to the report (a relative path)."""

    path: str
    alt: str


Block = Heading | Paragraph | Code | Bullets | Table | Image


# --- Markdown ----------------------------------------------------------------------------
def _md_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _md_table(table: Table) -> str:
    head = "| " + " | ".join(_md_cell(h) for h in table.headers) + " |"
    rule = (
        "|"
        + "|".join("---:" if i in table.right else "---" for i in range(len(table.headers)))
        + "|"
    )
    body = ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
    return "\n".join([head, rule, *body])


def _md_block(block: Block) -> str:
    if isinstance(block, Heading):
        return "#" * block.level + " " + block.text
    if isinstance(block, Paragraph):
        return block.text
    if isinstance(block, Code):
        return "```\n" + block.text + "\n```"
    if isinstance(block, Bullets):
        return "\n".join(f"- {item}" for item in block.items)
    if isinstance(block, Table):
        return _md_table(block)
    return f"![{block.alt}]({block.path})"


def to_markdown(blocks: Sequence[Block]) -> str:
    """The report as Markdown (blocks separated by blank lines, one final newline)."""
    return "\n\n".join(_md_block(b) for b in blocks) + "\n"


# --- HTML --------------------------------------------------------------------------------
_STYLE = (
    "body{font-family:sans-serif;max-width:72em;margin:2em auto;padding:0 1em}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #bbb;padding:.25em .5em}"
    "th{background:#eee}td.r{text-align:right}"
    "pre{background:#f4f4f4;padding:.5em;overflow-x:auto}img{max-width:100%}"
)


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in table.headers)
    rows = []
    for row in table.rows:
        cells = "".join(
            f'<td class="r">{html.escape(c)}</td>'
            if i in table.right
            else f"<td>{html.escape(c)}</td>"
            for i, c in enumerate(row)
        )
        rows.append(f"<tr>{cells}</tr>")
    return f"<table>\n<tr>{head}</tr>\n" + "\n".join(rows) + "\n</table>"


def _html_block(block: Block) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{html.escape(block.text)}</h{block.level}>"
    if isinstance(block, Paragraph):
        return f"<p>{html.escape(block.text)}</p>"
    if isinstance(block, Code):
        return f"<pre><code>{html.escape(block.text)}</code></pre>"
    if isinstance(block, Bullets):
        items = "".join(f"<li>{html.escape(i)}</li>" for i in block.items)
        return f"<ul>{items}</ul>"
    if isinstance(block, Table):
        return _html_table(block)
    return f'<p><img src="{html.escape(block.path)}" alt="{html.escape(block.alt)}"></p>'


def to_html(blocks: Sequence[Block], lang: str = "en") -> str:
    """The report as one HTML page (its title is the first heading; images are links)."""
    title = next((b.text for b in blocks if isinstance(b, Heading)), "report")
    body = "\n".join(_html_block(b) for b in blocks)
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"{body}\n</body>\n</html>\n"
    )


def write_report(
    path: str | Path, blocks: Sequence[Block], fmt: str = "md", lang: str = "en"
) -> Path:
    """Write the report in ``fmt`` (md or html) atomically and return its path."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r}: choose one of {', '.join(FORMATS)}")
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = to_markdown(blocks) if fmt == "md" else to_html(blocks, lang)
    return atomic_write_text(target, text)
