"""The invariant checks themselves: a state whose cards are not each in exactly one place
is reported (ARCHITECTURE.md, "Checks every game passes": invariants after every action),
so the conformance suite's playouts cannot pass a broken state unnoticed."""

from __future__ import annotations

import pytest

from cardtable.core import get_game
from tests.conformance.playout import playout

# game -> the per-seat zones a card is taken from and copied into, and a four-player setup
ZONES = {
    "epic": ("hands", "decks", {"players": 4, "mode": "ffa"}),
    "boss": ("hands", "decks", {"players": 4}),
}


def _mid_game(gid: str, setup: dict) -> object:
    states = [state for state, _action in playout(get_game(gid), setup, 4)]
    return states[len(states) // 2].clone()


@pytest.mark.parametrize("gid", sorted(ZONES))
@pytest.mark.parametrize("players", [2, 4])
def test_a_card_in_two_places_or_none_is_reported(gid: str, players: int) -> None:
    """engine invariants: copying a hand card into the deck (two places), removing it
    (no place) or naming an instance the game does not have is each reported."""
    game = get_game(gid)
    src, dst, four = ZONES[gid]
    setup = four if players == 4 else {}
    st = _mid_game(gid, setup)
    assert not game.check_invariants(st)
    hand = next(h for h in getattr(st, src) if h)
    card = hand[0]
    getattr(st, dst)[0].append(card)
    assert any("2 places" in p for p in game.check_invariants(st))
    getattr(st, dst)[0].pop()
    hand.remove(card)
    assert any("0 places" in p for p in game.check_invariants(st))
    hand.append(len(st.card_ids) + 5)
    assert any("not a card of this game" in p for p in game.check_invariants(st))
