"""Clash of Decks («Битва колод»): the duel with all 28 special abilities."""

from cardtable.core.registry import register
from cardtable.games.clash.game import ClashGame

GAME = register(ClashGame())

__all__ = ["GAME", "ClashGame"]
