"""Every people against every other (28 pairings): seeded random games keep the invariants,
replay exactly, round-trip through JSON and positions, and observations hide what they
must (the conformance checks, a few games per pairing; bluemoon.match.choose_decks)."""

from __future__ import annotations

import itertools
import json

import pytest

from cardtable.core import get_game, state_hash
from cardtable.core.rng import Rng
from cardtable.games.bluemoon.cards import PEOPLES

GAME = get_game("bluemoon")
PAIRS = list(itertools.combinations(PEOPLES, 2))


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_pairing_plays_clean(a: str, b: str) -> None:
    """bluemoon.match.choose_decks, bluemoon.special.rule10, bluemoon.discard.look,
    bluemoon.special.rule9: both seat orders, three games
    each, invariants after every action, exact JSON and position round-trips, observation
    unchanged when the hidden parts are resampled, and the same seed replaying the game."""
    assert len(PAIRS) == 28
    for k, peoples in enumerate(([a, b], [b, a])):
        for seed in range(3):
            setup = {"peoples": peoples}
            st = GAME.new_game(setup, 100 * k + seed)
            pick = Rng(seed)
            actions = []
            while GAME.to_move(st) is not None:
                legal = GAME.legal_actions(st)
                action = legal[pick.randbelow(len(legal))]
                actions.append(action)
                GAME.apply(st, action)
                assert not GAME.check_invariants(st)
                for seat in (0, 1):
                    seen = GAME.observe(st, seat)
                    other = GAME.determinize(st, seat, Rng(seed + seat))
                    assert GAME.observe(other, seat) == seen
            again = GAME.state_from_json(json.loads(json.dumps(st.to_json())))
            assert state_hash(again) == state_hash(st)
            doc = GAME.export_position(st)
            assert GAME.export_position(GAME.load_position(doc)) == doc
            replay = GAME.new_game(setup, 100 * k + seed)
            for action in actions:
                GAME.apply(replay, action)
            assert state_hash(replay) == state_hash(st)
