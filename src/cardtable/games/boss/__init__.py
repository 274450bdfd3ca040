"""Boss Battle («Битва с боссом»): two to six players race to land the lethal blow on a
shared boss; the book's stack, resources and five mechanics, with an original card pool."""

from cardtable.core.registry import register
from cardtable.games.boss.game import BossGame

GAME = register(BossGame())

__all__ = ["GAME", "BossGame"]
