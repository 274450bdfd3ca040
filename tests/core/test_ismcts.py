"""ISMCTS: generic over the games, seeded, budgeted in iterations (issue 6)."""

from __future__ import annotations

import pytest

from cardtable.agents import make_agent
from cardtable.agents.ismcts import IsmctsAgent
from cardtable.core import get_game, state_hash
from cardtable.core.agent import SeatView
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
        ("ismcts:reuse=yes", "reuse is 0 or 1"),
    ):
        with pytest.raises(SetupError, match=reason):
            make_agent(spec, game, 1)


def test_tree_reuse_carries_statistics_between_decisions() -> None:
    """Issue 6 (tree reuse): nodes are indexed by the searching seat's observation, and a
    later decision whose observation matches starts from that node's statistics; with
    reuse=0 every search starts from an empty root."""
    game = get_game("clash")
    reusing = make_agent("ismcts:iters=60", game, 1)
    fresh = make_agent("ismcts:iters=60,reuse=0", game, 1)
    for agent in (reusing, fresh):
        play_match(game, {}, 8, [agent, make_agent("random", game, 2)])
    assert isinstance(reusing, IsmctsAgent) and isinstance(fresh, IsmctsAgent)
    assert reusing.reused_visits > 0
    assert fresh.reused_visits == 0


def test_early_stop_keeps_the_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 6 (iteration budget): the search may end before its budget only when no other
    action can overtake the most visited one, so the choice equals the full search's."""
    game = get_game("epic")
    state = game.new_game({}, 4)
    views = []
    rng = make_agent("random", game, 9)
    while (seat := game.to_move(state)) is not None and len(views) < 12:
        view = SeatView(game, state.clone(), seat)
        if len(view.legal) > 1:
            views.append(view)
        game.apply(state, rng.act(SeatView(game, state, seat)))
    stopped = [make_agent("ismcts:iters=120,reuse=0", game, 3).act(v) for v in views]
    monkeypatch.setattr(IsmctsAgent, "_settled", staticmethod(lambda *a: False))
    full = [make_agent("ismcts:iters=120,reuse=0", game, 3).act(v) for v in views]
    assert stopped == full


@pytest.mark.parametrize(
    "setup",
    [{"players": 3, "mode": "ffa"}, {"players": 4, "mode": "team", "teams": [[1, 3], [2, 4]]}],
    ids=["ffa3", "team2v2"],
)
def test_ismcts_in_multiplayer_epic(setup: dict[str, object]) -> None:
    """Multi-player search (docs/ai.md): every node scores for its own mover (or its side, through
    evaluate), so ISMCTS beats random opponents in Epic's free-for-all (a random seat wins
    a third of the time) and with a random partner in the team mode."""
    game = get_game("epic")
    players = int(str(setup["players"]))
    wins = 0
    for k in range(4):
        me = k % players
        agents = [make_agent("random", game, 50 + k + s) for s in range(players)]
        agents[me] = make_agent("ismcts:iters=25,depth=8", game, k)
        result = play_match(game, setup, 100 + k, agents)
        wins += me in result.outcome.winners
    assert wins >= 3
