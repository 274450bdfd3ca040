"""Whole seeded games: turn order and the start of every turn.

Rule ids: boss.setup.first and boss.setup.order (a random first player, then clockwise),
boss.turn.start.draw (the first player's first turn draws too), boss.resource.wound (every
turn starts with 1 damage to the boss), boss.win.lethal and boss.win.end (the game ends
when the boss falls, with the one player who dealt the blow as winner).
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import get_game

GAME = get_game("boss")


def _play(seed: int, players: int, turns: int = 400):
    """A seeded game of random legal choices; the active player of every turn, in order."""
    st = GAME.new_game({"players": players}, seed, log=True)
    rnd = random.Random(seed)
    order: list[int] = []
    while GAME.outcome(st) is None and st.turn < turns:
        GAME.apply(st, rnd.choice(GAME.legal_actions(st)))
    for ev in st.log:
        if ev.kind == "turn":
            assert ev.data["turn"] == len(order) + 1
            order.append(ev.seat)
    return st, order


def _firsts(players: int) -> dict[int, int]:
    """A seed for every seat that goes first with it."""
    out: dict[int, int] = {}
    for seed in range(100):
        out.setdefault(GAME.new_game({"players": players}, seed).first, seed)
        if len(out) == players:
            return out
    raise AssertionError("some seat never goes first")


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_four_players_take_turns_clockwise_from_the_random_first(first: int) -> None:
    seed = _firsts(4)[first]
    st, order = _play(seed, 4)
    assert order[0] == first
    assert order == [(first + k) % 4 for k in range(len(order))]
    assert len(order) >= 8
    # the game ended when the boss fell, won by exactly one player
    out = GAME.outcome(st)
    assert out is not None and out.reason == "lethal" and len(out.winners) == 1
    assert st.boss <= 0
    assert not GAME.check_invariants(st)


def test_every_turn_starts_with_the_draw_and_the_wound() -> None:
    """The «ранение» hits the boss once at every turn's start, dealt by the player and
    giving no extra resource; the draw comes first, the first player's first turn included."""
    st, order = _play(4, 3)
    kinds = [(e.kind, e.seat, e.data) for e in st.log]
    starts = [k for k, e in enumerate(kinds) if e[0] == "turn"]
    assert len(starts) == len(order)
    for n, k in enumerate(starts):
        seat = order[n]
        window = kinds[k : (starts[n + 1] if n + 1 < len(starts) else len(kinds))]
        names = [e[0] for e in window]
        # the start draw: into the hand, to the graveyard from a full hand, or nothing
        draw_at = min(names.index(k) for k in ("draw", "overflow", "no_card") if k in names)
        wounds = [e for e in window if e[0] == "boss_damage" and e[2]["card"] == -1]
        assert len(wounds) == 1 and wounds[0][1] == seat and wounds[0][2]["n"] == 1
        assert draw_at < window.index(wounds[0])


def test_first_player_draws_on_the_first_turn() -> None:
    st = GAME.new_game({"players": 2, "first": 1}, 6)
    while st.pending[0] == "redeal":
        GAME.apply(st, ("keep",))
    assert st.active == 1 and st.pending == ("wound", 1)
    assert len(st.hands[1]) == 6 and len(st.hands[0]) == 5
    assert st.boss == 49
