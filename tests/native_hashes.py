"""Seeded games of every game and setup, printed as final state hashes (JSON): run by the
differential test once per build (``CARDTABLE_INTERPRETED``) and compared."""

from __future__ import annotations

import json
import sys

from cardtable.agents import IsmctsAgent, RandomAgent
from cardtable.core import game_ids, get_game, state_hash
from cardtable.core.match import play_match
from cardtable.native import build_name
from tests.conformance.playout import playout

SEEDS = 3


def hashes() -> dict[str, str]:
    """'game/setup/seed' -> the final state hash of that seeded random game; 'game/ismcts'
    -> the final hash of a short search game (ISMCTS against random)."""
    out: dict[str, str] = {}
    for gid in game_ids():
        game = get_game(gid)
        for si, setup in enumerate(game.conformance_setups()):
            for seed in range(SEEDS):
                for state, action in playout(game, setup, 500 + seed):
                    if action is None:
                        out[f"{gid}/{si}/{seed}"] = state_hash(state)
        seats = game.num_seats(game.new_game(None, 0))
        agents = [IsmctsAgent(game, 3, iters=40)] + [RandomAgent(s) for s in range(1, seats)]
        out[f"{gid}/ismcts"] = state_hash(play_match(game, None, 3, agents).state)
    return out


if __name__ == "__main__":
    found = hashes()
    json.dump({"build": build_name(), "hashes": found}, sys.stdout)
