"""Blue Moon: two peoples fight for the three dragons (issue 5, in progress)."""

from cardtable.core.registry import register
from cardtable.games.bluemoon.game import BlueMoonGame

GAME = register(BlueMoonGame())

__all__ = ["GAME", "BlueMoonGame"]
