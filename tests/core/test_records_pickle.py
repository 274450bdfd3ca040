"""Every game's card records pickle and copy to equal records (compiled or not): a search
worker, a process pool or an OpenSpiel state may carry a game's card database."""

from __future__ import annotations

import copy
import pickle

import pytest

from cardtable.core import game_ids, get_game


@pytest.mark.parametrize("gid", game_ids())
def test_card_database_round_trips(gid: str) -> None:
    game = get_game(gid)
    db = game.dbs(game.new_game(None, 0)) if hasattr(game, "dbs") else game.db  # type: ignore[attr-defined]
    again = pickle.loads(pickle.dumps(db))
    assert type(again) is type(db)
    assert dict(again.cards) == dict(db.cards)
    some = next(iter(db.cards.values()))
    assert copy.deepcopy(some) == some and hash(copy.deepcopy(some)) == hash(some)
