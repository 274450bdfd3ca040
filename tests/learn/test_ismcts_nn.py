"""``ismcts-nn`` (cardtable.learn.nn_agent): every game's shipped value network loads and
the agent, seated by name, plays a whole game against random to a legal end through the
match runner; the same seed gives the same game; a game without shipped weights, or a
weights file for another game, is refused with a clear catalog message; ISMCTS calls its
evaluator at a cut-off before the end (never on a finished game) and the agent's network
is what scores those cut-offs; float16 weights round-trip to the same predictions within
float16 precision."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardtable.agents import IsmctsAgent, RandomAgent, make_agent
from cardtable.core.agent import SeatView
from cardtable.core.errors import CardtableError, Message, SetupError
from cardtable.core.game import state_hash
from cardtable.core.match import play_match
from cardtable.core.registry import game_ids, get_game
from cardtable.learn import nn_agent
from cardtable.learn.nn_agent import IsmctsNnAgent, shipped_weights
from cardtable.learn.value import ValueFileError, ValueNet
from cardtable.rl.encoding import encoder_for


def key_of(exc: CardtableError) -> str:
    assert isinstance(exc.message, Message)
    return exc.message.key


def tiny_net(game_id: str, seed: int = 0) -> ValueNet:
    game = get_game(game_id)
    return ValueNet.initial(game_id, {}, encoder_for(game, {}).obs_size, (4,), seed)


@pytest.mark.parametrize("gid", game_ids())
def test_shipped_weights_load_and_play_a_whole_game(gid: str) -> None:
    game = get_game(gid)
    net = shipped_weights(game)
    assert net.meta.game == gid
    assert net.meta.setup == {}
    seats = game.num_seats(game.new_game(None, 0))
    agent = make_agent("ismcts-nn:iters=20", game, 1)
    assert isinstance(agent, IsmctsNnAgent)
    agents = [agent] + [RandomAgent(s) for s in range(1, seats)]
    result = play_match(game, None, 7, agents)  # checked: every action legal
    assert game.outcome(result.state) == result.outcome
    assert agent.calls > 0  # the network scored the cut-offs


def test_the_same_seed_gives_the_same_game() -> None:
    game = get_game("clash")

    def once() -> tuple[str, list[Any]]:
        agents = [make_agent("ismcts-nn:iters=20,seed=4", game, 0), RandomAgent(9)]
        result = play_match(game, None, 11, agents)
        return state_hash(result.state), list(result.replay.actions)

    assert once() == once()


def test_a_game_without_shipped_weights_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(nn_agent, "weights_entry", lambda gid: tmp_path / "weights" / f"{gid}.npz")
    with pytest.raises(SetupError) as caught:
        make_agent("ismcts-nn", get_game("clash"), 0)
    assert key_of(caught.value) == "ismcts_nn_no_weights"
    assert "clash" in caught.value.text("en") and "net=" in caught.value.text("en")
    assert "clash" in caught.value.text("ru")


def test_weights_for_another_game_are_refused_naming_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "weights").mkdir()
    wrong = tiny_net("boss").save(tmp_path / "weights" / ("clash" + ".npz"))  # clash's file
    monkeypatch.setattr(nn_agent, "weights_entry", lambda gid: tmp_path / "weights" / f"{gid}.npz")
    with pytest.raises(ValueFileError) as caught:
        make_agent("ismcts-nn", get_game("clash"), 0)
    assert key_of(caught.value) == "value_game"
    assert str(wrong) in str(caught.value)
    monkeypatch.undo()
    with pytest.raises(ValueFileError) as caught:
        make_agent(f"ismcts-nn:net={wrong}", get_game("clash"), 0)
    assert key_of(caught.value) == "value_game"
    with pytest.raises(ValueFileError) as caught:
        make_agent(f"ismcts-nn:net={tmp_path / 'none.npz'}", get_game("clash"), 0)
    assert key_of(caught.value) == "value_no_file"


def test_the_evaluator_is_called_at_cut_offs_only() -> None:
    game = get_game("clash")
    state = game.new_game(None, 5)
    seat = game.to_move(state)
    assert seat is not None
    seen: list[int] = []

    def stub(s: Any, who: int) -> float:
        assert game.to_move(s) is not None  # a cut-off, not a finished game
        seen.append(who)
        return 0.25

    agent = IsmctsAgent(game, 3, iters=30, depth=2, evaluator=stub)
    agent.act(SeatView(game, state, seat))
    assert agent.iterations_run > 0
    assert len(seen) >= agent.iterations_run  # every iteration cut off at depth 2
    assert set(seen) <= set(range(game.num_seats(state)))


def test_the_agent_scores_cut_offs_with_its_network(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = get_game("clash")
    path = tiny_net("clash", seed=1).save(tmp_path / "tiny.npz")
    agent = make_agent(f"ismcts-nn:iters=25,depth=2,net={path}", game, 0)
    assert isinstance(agent, IsmctsNnAgent)
    calls: list[int] = []
    real = agent.net.value

    def counting(g: Any, s: Any, who: int) -> float:
        calls.append(who)
        return real(g, s, who)

    monkeypatch.setattr(agent.net, "value", counting)
    state = game.new_game(None, 5)
    seat = game.to_move(state)
    assert seat is not None
    agent.act(SeatView(game, state, seat))
    assert len(calls) == agent.calls > 0


def test_float16_weights_round_trip(tmp_path: Path) -> None:
    game = get_game("clash")
    net = tiny_net("clash", seed=2)
    loaded = ValueNet.load(net.save(tmp_path / "h.npz", dtype="float16"), game, {})
    with np.load(tmp_path / "h.npz") as data:
        assert data["w0"].dtype == np.float16
    assert all(w.dtype == np.float32 for w in loaded.weights)
    state = game.new_game(None, 1)
    assert loaded.value(game, state, 0) == pytest.approx(net.value(game, state, 0), abs=1e-2)
