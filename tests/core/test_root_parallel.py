"""Root-parallel ISMCTS (``ismcts:jobs=N``): the searches' statistics summed; one seed
gives one game whether the searches run in processes or one after another."""

from __future__ import annotations

import pytest

from cardtable.agents import RandomAgent, make_agent
from cardtable.agents.root_parallel import RootParallel, shares
from cardtable.core import SetupError, get_game, state_hash
from cardtable.core.match import play_match


def test_the_budget_is_split_evenly() -> None:
    assert shares(10, 3) == [4, 3, 3] and sum(shares(1000, 7)) == 1000


@pytest.mark.parametrize("gid", ["clash", "bluemoon"])
def test_processes_and_sequential_searches_play_the_same_game(gid: str) -> None:
    game = get_game(gid)
    settings = {"c": 0.7, "depth": 10, "rollout": "random", "reuse": True}

    def game_with(processes: bool) -> str:
        agent = RootParallel(game, 5, 40, 2, settings, processes=processes)
        result = play_match(game, None, 9, [agent, RandomAgent(1)])
        assert agent.iterations_run > 0
        return state_hash(result.state)

    assert game_with(True) == game_with(False)


def test_the_spec_names_jobs_and_refuses_more_jobs_than_iterations() -> None:
    game = get_game("clash")
    assert isinstance(make_agent("ismcts:iters=40,jobs=2", game, 1), RootParallel)
    with pytest.raises(SetupError, match="3 jobs need"):
        make_agent("ismcts:iters=2,jobs=3", game, 1)
    with pytest.raises(SetupError, match="at least 1"):
        make_agent("ismcts:jobs=0", game, 1)
