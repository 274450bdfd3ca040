"""``ismcts-nn`` (cardtable.learn.nn_agent): every game's shipped value network loads and
the agent, seated by name, plays a whole game against random to a legal end through the
match runner, its shipped policy as the prior; the same seed gives the same game; a game
without shipped weights, or a weights file for another game, is refused with a clear
catalog message; ISMCTS calls its evaluator at a cut-off before the end (never on a
finished game) and the agent's network is what scores those cut-offs; float16 weights
round-trip to the same predictions within float16 precision. ISMCTS with a prior: the
same seed gives the same search, the prior is asked once per node (never per visit), a
prior with all its mass on one action makes a tiny search choose it, and without a prior
``ismcts-nn`` searches exactly as a plain ``IsmctsAgent`` with the network's value."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardtable.agents import IsmctsAgent, RandomAgent, make_agent
from cardtable.agents.ismcts import Node
from cardtable.core.agent import SeatView
from cardtable.core.errors import CardtableError, Message, SetupError
from cardtable.core.game import state_hash
from cardtable.core.match import play_match
from cardtable.core.registry import game_ids, get_game
from cardtable.learn import nn_agent
from cardtable.learn.nn_agent import IsmctsNnAgent, shipped_weights
from cardtable.learn.policy import PolicyNet
from cardtable.learn.value import ValueFileError, ValueNet
from cardtable.rl.encoding import encoder_for
from tests.learn.test_policy import SHIPPED_POLICIES


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
    if gid in SHIPPED_POLICIES:
        assert agent.policy is not None and agent.policy.meta.game == gid  # the shipped prior
    else:
        assert agent.policy is None  # no shipped policy: UCB1
    agents = [agent] + [RandomAgent(s) for s in range(1, seats)]
    result = play_match(game, None, 7, agents)  # checked: every action legal
    assert game.outcome(result.state) == result.outcome
    assert agent.calls > 0  # the network scored the cut-offs
    assert (agent.prior_calls > 0) == (gid in SHIPPED_POLICIES)  # the policy guided the tree


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


def start(gid: str, seed: int) -> tuple[Any, Any, int]:
    game = get_game(gid)
    state = game.new_game(None, seed)
    seat = game.to_move(state)
    assert seat is not None
    return game, state, seat


class CountingPrior:
    """A prior that gives ``favourite`` (when legal) all its mass, else the uniform
    distribution, and counts its calls per tree position."""

    def __init__(self, favourite: str | None = None) -> None:
        self.favourite = favourite
        self.calls = 0

    def __call__(self, state: Any, mover: int, keyed: dict[str, Any]) -> dict[str, float]:
        self.calls += 1
        if self.favourite in keyed:
            return {k: float(k == self.favourite) for k in keyed}
        return {k: 1.0 / len(keyed) for k in keyed}


def walk(node: Node) -> list[Node]:
    out = [node]
    for child in node.children.values():
        out.extend(walk(child))
    return out


def test_a_search_with_a_prior_replays_for_a_seed_and_asks_once_per_node() -> None:
    game, state, seat = start("epic", 3)
    view = SeatView(game, state, seat)

    def search() -> tuple[dict[str, tuple[int, float]], int]:
        prior = CountingPrior()
        agent = IsmctsAgent(game, 5, iters=60, depth=4, prior=prior)
        return agent.root_stats(view), prior.calls

    first = search()
    assert first == search()
    # the iterations of one search, driven by hand to see its tree: the prior is asked
    # the first time the search chooses at a node and kept there, never again
    prior = CountingPrior()
    agent = IsmctsAgent(game, 5, iters=60, depth=4, prior=prior)
    root = Node(-1)
    for _ in range(60):
        agent._iterate(root, view.sample_state(agent.rng))
    asked = [n for n in walk(root) if n.prior is not None]
    assert root.visits == 60 and root.prior is not None
    assert prior.calls == len(asked) < len(walk(root))
    assert sum(n.visits for n in asked) > 2 * len(asked)  # nodes chosen at more than once


def test_prior_after_asks_the_prior_only_at_nodes_visited_that_often() -> None:
    """``prior_after=K``: the prior is asked at a node once it has K visits, never before
    (every key has the equal share until then); a K no node reaches searches exactly as
    a prior giving every key the equal share."""
    game, state, seat = start("epic", 3)
    view = SeatView(game, state, seat)
    prior = CountingPrior()
    agent = IsmctsAgent(game, 5, iters=120, depth=4, prior=prior, prior_after=6)
    root = Node(-1)
    for _ in range(120):
        agent._iterate(root, view.sample_state(agent.rng))
    nodes = walk(root)
    asked = [n for n in nodes if n.prior is not None]
    assert root.prior is not None and prior.calls == len(asked) > 1
    assert all(n.visits > 6 for n in asked)  # asked at 6 visits or more, then visited
    chosen_at_six = [n for n in nodes if n.visits >= 8 and n.children]
    assert all(n.prior is not None for n in chosen_at_six)
    eager = CountingPrior()
    every = IsmctsAgent(game, 5, iters=120, depth=4, prior=eager)
    every.root_stats(view)
    assert eager.calls > 2 * prior.calls
    never, uniform = CountingPrior(), CountingPrior()
    late = IsmctsAgent(game, 5, iters=60, depth=4, prior=never, prior_after=10**6)
    equal = IsmctsAgent(game, 5, iters=60, depth=4, prior=uniform)
    assert late.root_stats(view) == equal.root_stats(view)
    assert never.calls == 0 < uniform.calls


def test_the_after_option() -> None:
    game = get_game("clash")
    agent = make_agent("ismcts-nn:iters=30,depth=3,net=none,after=4", game, 0)
    assert isinstance(agent, IsmctsNnAgent) and agent.search.prior_after == 4
    assert make_agent("ismcts-nn:iters=30", game, 0).search.prior_after == 0
    for bad, key in (("-1", "agent_non_negative"), ("x", "agent_int")):
        with pytest.raises(SetupError) as caught:
            make_agent(f"ismcts-nn:after={bad}", game, 0)
        assert key_of(caught.value) == key


@pytest.mark.parametrize("gid", ["clash", "boss"])
def test_a_prior_on_one_action_makes_a_tiny_search_choose_it(gid: str) -> None:
    game, state, seat = start(gid, 2)
    view = SeatView(game, state, seat)
    texts = sorted({view.text(a) for a in view.legal})
    assert len(texts) > 1

    def flat(_s: Any, _who: int) -> float:
        return 0.0  # every line looks the same: only the prior tells actions apart

    plain = IsmctsAgent(game, 1, iters=12, depth=2, evaluator=flat).root_stats(view)
    for favourite in (texts[0], texts[-1]):
        agent = IsmctsAgent(
            game, 1, iters=12, depth=2, evaluator=flat, prior=CountingPrior(favourite)
        )
        stats = agent.root_stats(view)
        assert stats == {favourite: (12, 0.0)}
        assert view.text(agent.act(SeatView(game, state, seat))) == favourite
    assert len(plain) > 1  # without the prior the same search spreads its visits


def choose_alike(game: Any, agent: Any, twin: Any, moves: int, also: Any = None) -> None:
    """Play up to ``moves`` decisions of seed 4's game by ``agent``'s choices; ``twin`` must
    choose the same at each (``also`` is asked too, its choice unused)."""
    state = game.new_game(None, 4)
    for _ in range(moves):
        seat = game.to_move(state)
        if seat is None:
            break
        view = SeatView(game, state, seat)
        choice = agent.act(view)
        assert twin.act(view) == choice
        if also is not None:
            also.act(view)
        game.apply(state, choice)


def test_without_a_prior_ismcts_nn_searches_as_plain_ismcts(tmp_path: Path) -> None:
    game = get_game("bluemoon")
    net = tiny_net("bluemoon", seed=3)
    path = net.save(tmp_path / "v.npz")
    agent = make_agent(f"ismcts-nn:iters=40,depth=5,net={path},policy=none", game, 7)
    assert isinstance(agent, IsmctsNnAgent) and agent.policy is None
    plain = IsmctsAgent(game, 7, iters=40, depth=5, evaluator=lambda s, w: net.value(game, s, w))
    choose_alike(game, agent, plain, 25)
    assert plain.iterations_run == agent.search.iterations_run > 0
    assert agent.prior_calls == 0


@pytest.mark.parametrize("gid", ["clash", "epic"])
def test_without_a_network_the_cut_offs_are_the_games_evaluate(gid: str) -> None:
    """``net=none``: no value network; with ``policy=none`` the very search of ``ismcts``
    (its default depth too), with the shipped prior the same evaluate under PUCT."""
    game = get_game(gid)
    bare = make_agent("ismcts-nn:iters=40,net=none,policy=none", game, 7)
    assert isinstance(bare, IsmctsNnAgent) and bare.net is None and bare.policy is None
    assert bare.search.depth == IsmctsAgent(game).depth
    plain = make_agent("ismcts:iters=40", game, 7)
    assert isinstance(plain, IsmctsAgent)
    primed = make_agent("ismcts-nn:iters=40,net=none", game, 7)
    assert isinstance(primed, IsmctsNnAgent) and primed.policy is not None
    choose_alike(game, bare, plain, 20, also=primed)
    assert bare.iterations_run == bare.search.iterations_run == plain.iterations_run > 0
    assert bare.calls == primed.calls == 0
    assert primed.prior_calls > 0


def test_the_policy_option(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    game = get_game("clash")
    enc = encoder_for(game, {})
    policy = PolicyNet.initial("clash", {}, enc.obs_size, (4,), 0, outputs=enc.num_actions)
    path = policy.save(tmp_path / "p.npz")
    agent = make_agent(f"ismcts-nn:iters=30,depth=3,policy={path},cpuct=2", game, 0)
    assert isinstance(agent, IsmctsNnAgent) and agent.search.c_puct == 2.0
    _, state, seat = start("clash", 5)
    agent.act(SeatView(game, state, seat))
    assert 0 < agent.prior_calls < agent.search.iterations_run + 1
    monkeypatch.setattr(nn_agent, "policy_entry", lambda gid: tmp_path / f"{gid}-policy.npz")
    default = make_agent("ismcts-nn", game, 0)  # no shipped policy: the plain search
    assert isinstance(default, IsmctsNnAgent) and default.policy is None
    with pytest.raises(SetupError) as caught:
        make_agent("ismcts-nn:policy=shipped", game, 0)
    assert key_of(caught.value) == "policy_no_weights"
    assert "policy=" in caught.value.text("en") and "ismcts-nn" in caught.value.text("ru")
    with pytest.raises(ValueFileError) as caught:
        make_agent(f"ismcts-nn:policy={tmp_path / 'none.npz'}", game, 0)
    assert key_of(caught.value) == "value_no_file"
    with pytest.raises(SetupError) as caught:
        make_agent("ismcts-nn:cpuct=-1", game, 0)
    assert key_of(caught.value) == "agent_non_negative"


# --- root parallelism: ismcts-nn:jobs=N ----------------------------------------------------
@pytest.mark.parametrize("gid", ["clash", "boss"])
def test_root_parallel_searches_use_the_networks_and_play_one_game_however_run(gid: str):
    """``jobs=2``: two searches, each scoring its cut-offs with the value network (and, in
    a game that ships a policy, asking it as the prior); one seed gives one game whether
    the searches run in two processes or one after another."""
    from cardtable.agents.root_parallel import RootParallel

    game = get_game(gid)

    def game_with(processes: bool) -> tuple[str, RootParallel]:
        agent = make_agent("ismcts-nn:iters=24,depth=4,jobs=2", game, 5)
        assert isinstance(agent, RootParallel) and agent.name == "ismcts-nn"
        agent.processes = processes
        seats = game.num_seats(game.new_game(None, 0))
        agents = [agent] + [RandomAgent(s) for s in range(1, seats)]
        result = play_match(game, None, 9, agents)
        assert agent.iterations_run > 0
        return state_hash(result.state), agent

    in_processes, _ = game_with(True)
    here, agent = game_with(False)
    assert in_processes == here
    assert agent._local is not None and len(agent._local) == 2
    for search in agent._local:
        nn = search.evaluator.__self__
        assert isinstance(nn, IsmctsNnAgent) and nn.calls > 0
        assert (nn.prior_calls > 0) == (gid in SHIPPED_POLICIES)


def test_root_parallel_refuses_more_jobs_than_iterations_and_bad_networks(tmp_path: Path):
    game = get_game("clash")
    with pytest.raises(SetupError, match="3 jobs need"):
        make_agent("ismcts-nn:iters=2,jobs=3", game, 1)
    bad = tmp_path / "other.npz"
    tiny_net("epic").save(bad)
    with pytest.raises(ValueFileError):
        make_agent(f"ismcts-nn:iters=20,jobs=2,net={bad}", game, 1)
