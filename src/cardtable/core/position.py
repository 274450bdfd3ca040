"""Position files: a hand-written situation in YAML or JSON, loaded into a state or exported."""

from __future__ import annotations

import json
from collections.abc import Mapping
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
