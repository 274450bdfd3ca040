"""Epic Card Game: both editions' rules; the duel set's printed cards so far."""

from cardtable.core.registry import register
from cardtable.games.epic.game import EpicGame

GAME = register(EpicGame())

__all__ = ["GAME", "EpicGame"]
