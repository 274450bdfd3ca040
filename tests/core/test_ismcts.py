"""ISMCTS: generic over the games, seeded, budgeted in iterations (issue 6)."""

from __future__ import annotations

import pytest

from cardtable.agents import make_agent
from cardtable.core import get_game, state_hash
from cardtable.core.errors import SetupError
from cardtable.core.match import play_match


def test_ismcts_replays_exactly_for_a_seed() -> None:
    """The same seeds give the same ISMCTS game, action by action (no wall clock)."""
    game = get_game("clash")
    runs = [
        play_match(
            game, {}, 3, [make_agent("ismcts:iters=30", game, 1), make_agent("random", game, 2)]
        )
        for _ in range(2)
    ]
    assert runs[0].replay.actions == runs[1].replay.actions
    assert state_hash(runs[0].state) == state_hash(runs[1].state)


@pytest.mark.parametrize("gid", ["clash", "epic", "bluemoon"])
def test_ismcts_beats_random(gid: str) -> None:
    """With a small budget ISMCTS already wins most games against random play, from both
    seats (play_match checks that every action it returns is legal)."""
    game = get_game(gid)
    wins = 0
    games = 6 if gid == "clash" else 4
    for seed in range(games):
        agents = [make_agent("ismcts:iters=30", game, seed), make_agent("random", game, 50 + seed)]
        me = seed % 2
        if me:
            agents.reverse()
        result = play_match(game, {}, 100 + seed, agents)
        assert result.outcome is not None
        wins += me in result.outcome.winners
    assert wins >= games - 1


def test_ismcts_greedy_rollouts_and_bad_parameters() -> None:
    """Rollouts may follow the greedy policy; bad parameters are refused with a reason."""
    game = get_game("clash")
    agent = make_agent("ismcts:iters=10,rollout=greedy,depth=8,c=1.2", game, 4)
    result = play_match(game, {}, 5, [agent, make_agent("random", game, 6)])
    assert result.outcome is not None
    for spec, reason in (
        ("ismcts:iters=0", "at least 1"),
        ("ismcts:c=wide", "c must be a number"),
        ("ismcts:rollout=smart", "rollout is random or greedy"),
        ("ismcts:speed=3", "unknown parameter"),
    ):
        with pytest.raises(SetupError, match=reason):
            make_agent(spec, game, 1)
