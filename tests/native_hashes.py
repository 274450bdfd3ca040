"""Seeded games of every game and setup, printed as final state hashes and as hashes of
what the views made of them (JSON): run by the differential test once per build
(``CARDTABLE_INTERPRETED``) and compared."""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from cardtable.agents import IsmctsAgent, RandomAgent
from cardtable.core import Game, game_ids, get_game, state_hash
from cardtable.core.match import play_match
from cardtable.native import build_name
from tests.conformance.playout import json_text, playout

SEEDS = 3
VIEW_EVERY = 4
"""The views are hashed at one state in VIEW_EVERY (and at the end) of a seeded game."""


def views(game: Game, setup: dict[str, Any], seed: int) -> str:
    """A hash of what the views show along a seeded random game with its log: each seat's
    observation and the spectator's (one state in VIEW_EVERY, and the last), the text of
    every action taken and of every logged event, in both languages."""
    h = hashlib.sha256()
    shown = 0
    for k, (state, action) in enumerate(playout(game, setup, seed, log=True)):
        if action is None or k % VIEW_EVERY == 0:
            for seat in range(game.num_seats(state)):
                h.update(json_text(game.observe(state, seat)))
            h.update(json_text(game.spectate(state)))
        for event in state.log[shown:]:
            for lang in ("ru", "en"):
                h.update(game.render_event(state, event, lang).encode())
        shown = len(state.log)
        if action is not None:
            for lang in ("ru", "en"):
                h.update(game.describe(action, lang, state).encode())
    return h.hexdigest()


def hashes() -> dict[str, str]:
    """'game/setup/seed' -> the final state hash of that seeded random game; 'game/ismcts'
    -> the final hash of a short search game (ISMCTS against random); 'game/setup/views'
    -> ``views`` of one seeded game."""
    out: dict[str, str] = {}
    for gid in game_ids():
        game = get_game(gid)
        for si, setup in enumerate(game.conformance_setups()):
            for seed in range(SEEDS):
                for state, action in playout(game, setup, 500 + seed):
                    if action is None:
                        out[f"{gid}/{si}/{seed}"] = state_hash(state)
            out[f"{gid}/{si}/views"] = views(game, setup, 700 + si)
        seats = game.num_seats(game.new_game(None, 0))
        agents = [IsmctsAgent(game, 3, iters=40)] + [RandomAgent(s) for s in range(1, seats)]
        out[f"{gid}/ismcts"] = state_hash(play_match(game, None, 3, agents).state)
    return out


if __name__ == "__main__":
    found = hashes()
    json.dump({"build": build_name(), "hashes": found}, sys.stdout)
