"""The registry of games, looked up by id. The core names no game: games register themselves."""

from __future__ import annotations

import importlib
import pkgutil

from cardtable.core.errors import SetupError
from cardtable.core.game import Game

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game under its id (called by each game package on import)."""
    if not game.id:
        raise ValueError("a game needs an id")
    _GAMES[game.id] = game
    return game


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import cardtable.games as games_pkg

    for info in pkgutil.iter_modules(games_pkg.__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{games_pkg.__name__}.{info.name}")


def game_ids() -> list[str]:
    """Ids of all registered games, sorted."""
    _load_all()
    return sorted(_GAMES)


def get_game(game_id: str) -> Game:
    """The game registered under ``game_id``; a clear error for an unknown id."""
    _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise SetupError.msg("unknown_game", got=game_id, known=", ".join(sorted(_GAMES))) from None
