"""Blue Moon: two peoples fight for the three dragons."""

from cardtable.core.registry import register
from cardtable.games.bluemoon.game import BlueMoonGame

GAME = register(BlueMoonGame())

__all__ = ["GAME", "BlueMoonGame"]
