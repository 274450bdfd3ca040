"""Clash of Decks («Битва колод»): the duel with all 28 special abilities."""

from typing import Any

from cardtable.core.agent import register_agent
from cardtable.core.registry import register
from cardtable.games.clash.game import ClashGame
from cardtable.games.clash.solo import RulebookAI, solo_agent_level

GAME = register(ClashGame())


def _rulebook_ai(game: Any, seed: int, params: dict[str, str]) -> RulebookAI:
    return RulebookAI(solo_agent_level(params, "clash-solo"))


register_agent("clash-solo", _rulebook_ai)

__all__ = ["GAME", "ClashGame"]
