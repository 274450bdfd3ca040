"""Agents: every agent finishes every conformance setup; greedy plays better than random."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.agents import make_agent
from cardtable.core import get_game, state_hash
from cardtable.core.match import play_match
from cardtable.sim import simulate
from tests.conformance.playout import games_and_setups

# One test per setup, so that the workers share them (greedy plays a game's setups in
# a quarter of a minute).
CASES = games_and_setups()


@pytest.mark.parametrize(("gid", "i", "setup"), CASES, ids=[f"{g}-setup{i}" for g, i, _ in CASES])
@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_agents_finish_every_setup(gid: str, i: int, setup: dict[str, Any], spec: str) -> None:
    """Agents only ever return legal actions (play_match checks each) in every setup."""
    game = get_game(gid)
    seats = game.num_seats(game.new_game(setup, 0))
    agents = [make_agent(spec, game, 10 * i + s) for s in range(seats)]
    result = play_match(game, setup, 100 + i, agents)
    assert result.outcome is not None


def test_greedy_is_deterministic_for_a_seed() -> None:
    """Same seeds, same greedy game (no wall clock, no global random)."""
    game = get_game("clash")
    runs = [
        play_match(game, {}, 7, [make_agent("greedy", game, 1), make_agent("greedy", game, 2)])
        for _ in range(2)
    ]
    assert state_hash(runs[0].state) == state_hash(runs[1].state)
    assert runs[0].replay.actions == runs[1].replay.actions


def test_greedy_beats_random() -> None:
    """The greedy agent (one decision ahead with Clash's evaluation) wins most games."""
    result = simulate("clash", {}, ["greedy", "random"], 120, seed=3)
    assert result.win_rate(0).low > 0.7


def test_simulation_does_not_depend_on_processes() -> None:
    """Game i of a run uses the same seeds whether one or two processes play it."""
    one = simulate("clash", {}, ["greedy", "random"], 30, seed=5, jobs=1)
    two = simulate("clash", {}, ["greedy", "random"], 30, seed=5, jobs=2)
    assert one.records == two.records
