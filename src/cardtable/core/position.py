"""Position files: a hand-written situation in YAML or JSON, loaded into a state or exported."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from cardtable.core.errors import PositionError
from cardtable.core.game import Game
from cardtable.core.registry import get_game


def read_document(path: str | Path) -> dict[str, Any]:
    """A YAML or JSON document as a dict, with a clear error for unreadable input."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionError(f"{p}: cannot read: {exc.strerror}") from None
    try:
        data = json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise PositionError(f"{p}: not valid {p.suffix.lstrip('.') or 'YAML'}: {exc}") from None
    if not isinstance(data, dict):
        raise PositionError(f"{p}: a position must be a mapping at the top level")
    return data


def load_position(
    path: str | Path, game: Game | None = None, extra: Mapping[str, Any] | None = None
) -> tuple[Game, Any]:
    """The game and state described by a position file (its ``game:`` key names the game);
    ``extra`` keys replace the file's (e.g. ``{"step": True}`` for ``--step``)."""
    data = read_document(path)
    if extra:
        data.update(extra)
    if game is None:
        if "game" not in data:
            raise PositionError(f"{path}: a position needs a 'game' key")
        game = get_game(str(data["game"]))
    try:
        return game, game.load_position(data)
    except PositionError as exc:
        raise PositionError(f"{path}: {exc}") from None


def dump_position(game: Game, state: Any) -> str:
    """The position document of a state as YAML text."""
    doc: Mapping[str, Any] = game.export_position(state)
    return yaml.safe_dump(dict(doc), allow_unicode=True, sort_keys=False, width=100)


def check_derived(written: Any, actual: Mapping[str, Any], known: Iterable[str]) -> None:
    """Compare the ``derived:`` values a position writes with those its state gives
    (``actual``; ``known`` names every key a game derives): one PositionError names every
    value that disagrees."""
    keys = tuple(known)
    names = ", ".join(keys)
    if not isinstance(written, Mapping):
        raise PositionError(f"derived: a mapping with keys from {names}")
    problems: list[str] = []
    for key, want in written.items():
        if key not in keys:
            problems.append(f"derived.{key}: unknown (one of {names})")
        elif key not in actual:
            problems.append(f"derived.{key}: not defined in this position")
        else:
            _compare(f"derived.{key}", want, actual[key], problems)
    if problems:
        raise PositionError("derived values disagree: " + "; ".join(problems))


def _compare(where: str, want: Any, have: Any, problems: list[str]) -> None:
    if isinstance(want, Mapping) and isinstance(have, Mapping):
        for k, v in want.items():
            if k not in have:
                shown = ", ".join(map(str, have)) or "none"
                problems.append(f"{where}.{k}: not defined (have {shown})")
            else:
                _compare(f"{where}.{k}", v, have[k], problems)
    elif want != have:
        problems.append(f"{where}: written {want!r}, is {have!r}")
