#!/usr/bin/env python3
"""Keep a game's rules index (docs/rules/<game>.md) in step with the code and the tests.

The index is a set of Markdown tables ``id | summary | code | tests`` between the markers
``<!-- rules-index:begin -->`` and ``<!-- rules-index:end -->``. Ids, summaries and code
cells are written by hand; the tests cell of every row is generated here from the rule
ids that the tests cite (any ``*.py`` / ``*.yaml`` / ``*.yml`` file under ``tests/``).

Usage (from the repository root; stdlib only):

    python tools/rules_index.py clash            # rewrite the tests column
    python tools/rules_index.py --check clash    # exit 1 if anything is out of step
    python tools/rules_index.py [--check]        # every game under src/cardtable/games/

``--check`` reports: a doc whose tests column is not what the generator would write,
a rule id cited by the game's code (``src/cardtable/games/<game>/``: string literals,
docstrings, comments) or by any test but missing from the index, a wildcard citation
(``clash.order.assault.*``, ``f"clash.ability.{x}"``) that matches no indexed id, and
duplicate ids in the index.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.core.files import atomic_write_text

BEGIN = "<!-- rules-index:begin -->"
END = "<!-- rules-index:end -->"
NONE = "—"
# Rule ids that are not the book's but the engine's, shared by all games (e.g. engine.turn_limit).
ENGINE_PREFIX = "engine"
# Last segments that make a dotted name a file name, not a rule id ("clash.md").
FILE_SUFFIXES = frozenset({"md", "py", "yaml", "yml", "toml", "json", "txt", "ru", "en"})
TEST_SUFFIXES = (".py", ".yaml", ".yml")
ROW_ID = re.compile(r"^\|\s*`([^`]+)`\s*\|")


def id_regex(prefix: str) -> re.Pattern[str]:
    """Ids ``prefix.a.b`` not inside a dotted/path name; group 2 marks a wildcard (``.*``, ``.{``)."""
    return re.compile(
        r"(?<![\w./\\-])(" + re.escape(prefix) + r"\.[a-z_]+(?:\.[a-z0-9_]+)*)(\.\*|\.\{)?"
    )


@dataclass
class Citations:
    """Rule ids cited by a set of files: id -> files, and wildcard prefixes -> files."""

    ids: dict[str, set[Path]] = field(default_factory=dict)
    prefixes: dict[str, set[Path]] = field(default_factory=dict)


def scan(files: Iterable[Path], prefixes: Iterable[str]) -> Citations:
    """Collect the rule ids (and wildcard citations) of the given prefixes in the files."""
    regexes = [id_regex(p) for p in prefixes]
    out = Citations()
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for rx in regexes:
            for m in rx.finditer(text):
                ident, wild = m.group(1), m.group(2)
                if ident.rsplit(".", 1)[-1] in FILE_SUFFIXES:
                    continue
                target = out.prefixes if wild else out.ids
                target.setdefault(ident, set()).add(path)
    return out


def _files(top: Path, suffixes: tuple[str, ...]) -> list[Path]:
    if not top.is_dir():
        return []
    return sorted(
        p
        for p in top.rglob("*")
        if p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts
    )


def games(root: Path) -> list[str]:
    """Game packages under src/cardtable/games/ (no __init__, no dirs starting with _)."""
    base = root / "src" / "cardtable" / "games"
    if not base.is_dir():
        return []
    return sorted(
        p.name
        for p in base.iterdir()
        if p.is_dir() and not p.name.startswith(("_", ".")) and (p / "__init__.py").exists()
    )


def _split_row(line: str) -> list[str]:
    """The cells of a Markdown table row (pipes escaped as ``\\|`` are kept)."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [c.strip() for c in re.split(r"(?<!\\)\|", body)]


@dataclass
class Index:
    """The parsed doc: its lines, the region and the rows (line number, id)."""

    path: Path
    lines: list[str]
    rows: list[tuple[int, str]]
    problems: list[str]


def read_index(doc: Path) -> Index:
    """Parse a rules index; structural problems are listed, not raised."""
    problems: list[str] = []
    if not doc.exists():
        return Index(doc, [], [], [f"{doc}: the rules index does not exist"])
    lines = doc.read_text(encoding="utf-8").splitlines()
    try:
        start = lines.index(BEGIN)
        stop = lines.index(END)
    except ValueError:
        return Index(doc, lines, [], [f"{doc}: markers {BEGIN} / {END} not found"])
    if stop < start:
        problems.append(f"{doc}: {END} comes before {BEGIN}")
    rows: list[tuple[int, str]] = []
    for n in range(start + 1, stop):
        m = ROW_ID.match(lines[n])
        if not m:
            continue
        cells = _split_row(lines[n])
        if len(cells) != 4:
            problems.append(f"{doc}:{n + 1}: a row must have 4 cells (id | summary | code | tests)")
            continue
        rows.append((n, m.group(1)))
    return Index(doc, lines, rows, problems)


def tests_cell(files: set[Path], doc: Path) -> str:
    """Links to the test files, by name (by path relative to tests/ when names clash)."""
    if not files:
        return NONE
    names = [f.name for f in files]
    parts = []
    for f in sorted(files, key=lambda p: (p.name, str(p))):
        rel = os.path.relpath(f, doc.parent).replace(os.sep, "/")
        label = f.name
        if names.count(f.name) > 1:
            label = "/".join(f.parts[f.parts.index("tests") + 1 :]) if "tests" in f.parts else rel
        parts.append(f"[{label}]({rel})")
    return ", ".join(parts)


@dataclass
class Report:
    """The result of looking at one game: the up-to-date text and the problems found."""

    game: str
    doc: Path
    old: str
    new: str
    problems: list[str]


def build(root: Path, game: str) -> Report:
    """Regenerate one game's tests column in memory and list every problem."""
    root = root.resolve()
    doc = root / "docs" / "rules" / f"{game}.md"
    index = read_index(doc)
    problems = list(index.problems)
    old = "\n".join(index.lines) + ("\n" if index.lines else "")
    test_cites = scan(_files(root / "tests", TEST_SUFFIXES), (game, ENGINE_PREFIX))
    code_cites = scan(
        _files(root / "src" / "cardtable" / "games" / game, (".py",)), (game, ENGINE_PREFIX)
    )
    lines = list(index.lines)
    seen: dict[str, int] = {}
    for n, ident in index.rows:
        if ident in seen:
            problems.append(
                f"{doc.name}: duplicate id {ident} (lines {seen[ident] + 1} and {n + 1})"
            )
        else:
            seen[ident] = n
        cells = _split_row(lines[n])
        cells[3] = tests_cell(test_cites.ids.get(ident, set()), doc)
        lines[n] = "| " + " | ".join(cells) + " |"
    new = "\n".join(lines) + ("\n" if lines else "")
    if index.rows and new != old:
        problems.append(
            f"{doc.name}: the tests column is out of date; run: python tools/rules_index.py {game}"
        )
    known = set(seen)

    def where(files: set[Path]) -> str:
        return ", ".join(sorted(os.path.relpath(f, root) for f in files))

    for ident, files in sorted(code_cites.ids.items()):
        if ident not in known:
            problems.append(
                f"{doc.name}: id {ident} cited by the code is not indexed ({where(files)})"
            )
    for ident, files in sorted(test_cites.ids.items()):
        if ident.startswith(game + ".") and ident not in known:
            problems.append(
                f"{doc.name}: id {ident} cited by tests is not indexed ({where(files)})"
            )
    for cites in (code_cites, test_cites):
        for prefix, files in sorted(cites.prefixes.items()):
            if not prefix.startswith(game + "."):
                continue
            if not any(k.startswith(prefix + ".") for k in known):
                problems.append(
                    f"{doc.name}: wildcard {prefix}.* matches no indexed id ({where(files)})"
                )
    return Report(game, doc, old, new, problems)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game package)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 on problems")
    parser.add_argument(
        "--root", type=Path, default=Path(__file__).resolve().parent.parent, help="repository root"
    )
    args = parser.parse_args(argv)
    root: Path = args.root
    names = args.games or games(root)
    failed = False
    for game in names:
        rep = build(root, game)
        if args.check:
            for p in rep.problems:
                print(p, file=sys.stderr)
            failed = failed or bool(rep.problems)
            continue
        if rep.new and rep.new != rep.old:
            atomic_write_text(rep.doc, rep.new)
            print(f"{rep.doc.relative_to(root.resolve())}: tests column regenerated")
        remaining = [p for p in rep.problems if "out of date" not in p]
        for p in remaining:
            print(p, file=sys.stderr)
        failed = failed or bool(remaining)
    if args.check and not failed:
        print("rules index: up to date (" + ", ".join(names) + ")")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
