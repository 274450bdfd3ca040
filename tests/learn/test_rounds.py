"""Self-play in rounds (cardtable.learn.lookahead, rounds; selfplay's λ-returns): the
λ-return of a position follows its seat's next position and ends at the result; the
``nn-value`` agent plays the legal action whose resulting position its network rates best,
averaged over samples of the hidden cards, never touching the true state, and is refused
with a clear message for bad parameters; a round starts from the weights of the round
before (refused when its layers differ), plays with its network and labels with its
values; rounds are reproducible bit for bit, resume where they stopped and refuse a folder
of other settings; ``cardtable train --rounds`` shows each round and writes the files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from cardtable.agents import RandomAgent, make_agent
from cardtable.cli.main import app
from cardtable.core.agent import SeatView
from cardtable.core.errors import CardtableError, Message, SetupError
from cardtable.core.game import state_hash
from cardtable.core.match import play_match
from cardtable.core.registry import get_game
from cardtable.learn import plots
from cardtable.learn import rounds as rounds_mod
from cardtable.learn.lookahead import ValueLookahead
from cardtable.learn.rounds import ROUNDS, ROUNDS_CURVE, RoundsConfig, round_folder, train_rounds
from cardtable.learn.selfplay import lambda_returns, play_one
from cardtable.learn.train import CURVE, NET, TrainConfig, TrainError, _initial_value, train
from cardtable.learn.value import ValueFileError, ValueNet
from cardtable.rl.encoding import encoder_for

DECKS = {"decks": ["ember", "tide"]}
TINY = TrainConfig(
    "clash", setup=DECKS, agent="greedy", games=4, epochs=1, hidden=(4,), seed=2, td=0.5
)
TWO = RoundsConfig(rounds=2, explore=0.1, dets=1)


def key_of(exc: CardtableError) -> str:
    assert isinstance(exc.message, Message)
    return exc.message.key


def tiny_net(gid: str, seed: int = 0, hidden: tuple[int, ...] = (4,)) -> ValueNet:
    enc = encoder_for(get_game(gid), {})
    return ValueNet.initial(gid, {}, enc.obs_size, hidden, seed)


def played_state(gid: str, seed: int, moves: int) -> Any:
    """A state some random moves into a game (its default setup), then on to a decision
    with at least two options."""
    game = get_game(gid)
    state = game.new_game(None, seed)
    agent = RandomAgent(seed)
    done = 0
    while True:
        seat = game.to_move(state)
        assert seat is not None
        view = SeatView(game, state, seat)
        if done >= moves and len(view.legal) > 1:
            return state
        game.apply(state, agent.act(view))
        done += 1


def same_weights(a: ValueNet, b: ValueNet) -> bool:
    return all(
        x.tobytes() == y.tobytes()
        for x, y in zip([*a.weights, *a.biases], [*b.weights, *b.biases], strict=True)
    )


# --- λ-returns --------------------------------------------------------------------------
def test_lambda_returns_follow_each_seats_next_row_and_end_at_the_result() -> None:
    """TD(λ) labels: a seat's last row gets its result; an earlier one (1-λ) times the
    value of the seat's next row plus λ times that row's label; the seats' rows interleave."""
    seats = [0, 1, 0, 1, 0]
    values = np.array([0.1, -0.2, 0.3, -0.4, 0.5])
    results = [1.0, -1.0, 1.0, -1.0, 1.0]
    lam = 0.5
    got = lambda_returns(values, seats, results, lam)
    seat0_last = 1.0
    seat0_mid = 0.5 * 0.5 + 0.5 * seat0_last  # next row's value 0.5
    seat0_first = 0.5 * 0.3 + 0.5 * seat0_mid
    seat1_last = -1.0
    seat1_first = 0.5 * -0.4 + 0.5 * seat1_last
    assert got == pytest.approx([seat0_first, seat1_first, seat0_mid, seat1_last, seat0_last])
    assert lambda_returns(values, seats, results, 1.0) == results
    assert lambda_returns(values, seats, results, 0.0) == pytest.approx([0.3, -0.4, 0.5, -1, 1])


def test_self_play_labels_are_the_bootstrap_networks_lambda_returns() -> None:
    game = get_game("clash")
    enc = encoder_for(game, DECKS)
    net = ValueNet.initial("clash", DECKS, enc.obs_size, (4,), 9)
    plain_x, results, _ = play_one(enc, "greedy", 1, 0)
    xs, labels, _ = play_one(enc, "greedy", 1, 0, net, 0.7)
    assert [x.tobytes() for x in xs] == [x.tobytes() for x in plain_x]  # the same game
    assert set(results) <= {-1.0, 0.0, 1.0}
    seats = [i % enc.seats for i in range(len(xs))]  # every seat's row at every decision
    want = lambda_returns(net.predict(np.stack(xs)), seats, results, 0.7)
    assert labels == pytest.approx(want)
    assert labels != pytest.approx(results)


# --- the nn-value agent -----------------------------------------------------------------
@pytest.mark.parametrize("gid", ["clash", "bluemoon", "boss"])
def test_nn_value_plays_the_action_its_network_rates_best(gid: str) -> None:
    """With one sample, each action's score is the network's value, for the seat, of the
    sample after that action, and the agent plays the best-scored one."""
    game = get_game(gid)
    net = tiny_net(gid, seed=4)
    state = played_state(gid, 3, 10)
    seat = game.to_move(state)
    assert seat is not None
    view = SeatView(game, state, seat)
    agent = ValueLookahead(game, net, seed=7)
    scores = agent.scores(view)
    sample = view.sample_state(ValueLookahead(game, net, seed=7).rng)
    by_text = {game.action_text(sample, a): a for a in game.legal_actions(sample)}
    for text, score in scores.items():
        after = sample.clone()
        game.apply_unchecked(after, by_text[text])
        assert score == pytest.approx(net.value(game, after, seat))
    assert set(scores) == {view.text(a) for a in view.legal}
    chosen = ValueLookahead(game, net, seed=7).act(view)
    assert scores[view.text(chosen)] == max(scores.values())


def test_nn_value_with_depth_takes_the_best_line_of_the_seats_own_moves() -> None:
    """depth=2: an action after which the seat moves again scores the best value over its
    next action; one that hands the move on scores the position itself."""
    game = get_game("clash")
    net = tiny_net("clash", seed=6)
    for seed in range(6):
        state = played_state("clash", seed, 6)
        seat = game.to_move(state)
        assert seat is not None
        view = SeatView(game, state, seat)
        scores = ValueLookahead(game, net, seed=2, depth=2).scores(view)
        sample = view.sample_state(ValueLookahead(game, net, seed=2).rng)
        by_text = {game.action_text(sample, a): a for a in game.legal_actions(sample)}
        again = 0
        for text, score in scores.items():
            after = sample.clone()
            game.apply_unchecked(after, by_text[text])
            if game.to_move(after) != seat:
                assert score == pytest.approx(net.value(game, after, seat))
                continue
            again += 1
            best = []
            for action in game.legal_actions(after):
                nxt = after.clone()
                game.apply_unchecked(nxt, action)
                best.append(net.value(game, nxt, seat))
            assert score == pytest.approx(max(best))
        if again:
            return
    pytest.fail("no decision found after which the seat moves again")


class BlindView(SeatView):
    """A seat's view answering only through its public members: the state itself is not
    there to read."""

    def __init__(self, game: Any, state: Any, seat: int) -> None:
        super().__init__(game, None, seat)
        self.answers = SeatView(game, state, seat)

    @property
    def observation(self) -> dict[str, Any]:
        return self.answers.observation

    @property
    def legal(self) -> list[Any]:
        return self.answers.legal

    def text(self, action: Any) -> str:
        return self.answers.text(action)

    def sample_state(self, rng: Any) -> Any:
        return self.answers.sample_state(rng)


@pytest.mark.parametrize("gid", ["epic", "bluemoon"])
def test_nn_value_reads_only_the_seats_view_and_plays_on_samples(
    gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It chooses the same through a view with no state behind it; every action it tries
    is applied to a sample, never to the true state, and the true state is unchanged."""
    game = get_game(gid)
    state = played_state(gid, 5, 12)
    seat = game.to_move(state)
    assert seat is not None
    before = state_hash(state)
    net = tiny_net(gid)
    blind = ValueLookahead(game, net, seed=1, dets=3).act(BlindView(game, state, seat))
    touched: list[str] = []
    for name in ("apply_unchecked", "observe", "outcome"):
        member = getattr(game, name)

        def spy(st: Any, *args: Any, _name: str = name, _member: Any = member) -> Any:
            if st is state:
                touched.append(_name)
            return _member(st, *args)

        monkeypatch.setattr(game, name, spy)
    agent = ValueLookahead(game, net, seed=1, dets=3)
    view = SeatView(game, state, seat)
    assert agent.act(view) == blind
    assert agent.calls == 3 * len(view.legal)
    assert touched == []
    assert state_hash(state) == before


def test_nn_value_replays_for_a_seed_and_explores_with_its_share(tmp_path: Path) -> None:
    game = get_game("clash")
    path = tiny_net("clash", seed=2).save(tmp_path / "v.npz")

    def once(spec: str) -> tuple[str, list[Any]]:
        agents = [make_agent(f"{spec},seed={s}", game, 0) for s in (1, 2)]
        result = play_match(game, None, 4, agents)  # checked: an illegal action raises
        return state_hash(result.state), list(result.replay.actions)

    greedy_net = once(f"nn-value:net={path}")
    assert greedy_net == once(f"nn-value:net={path}")
    assert once(f"nn-value:net={path},explore=0.5") != greedy_net
    state = played_state("clash", 2, 4)
    seat = game.to_move(state)
    assert seat is not None
    view = SeatView(game, state, seat)
    agent = make_agent(f"nn-value:net={path},explore=1", game, 3)
    seen = {view.text(agent.act(view)) for _ in range(200)}
    assert seen == {view.text(a) for a in view.legal}  # explore=1: uniformly random


def test_nn_value_refusals(tmp_path: Path) -> None:
    game = get_game("clash")
    for spec, key in [
        ("nn-value:dets=0", "agent_positive"),
        ("nn-value:depth=0", "agent_positive"),
        ("nn-value:dets=two", "agent_int"),
        ("nn-value:explore=2", "agent_probability"),
        ("nn-value:explore=often", "agent_probability"),
        ("nn-value:iters=3", "agent_unknown_params"),
    ]:
        with pytest.raises(SetupError) as caught:
            make_agent(spec, game, 0)
        assert key_of(caught.value) == key, spec
        assert caught.value.text("en") and caught.value.text("ru")
    wrong = tiny_net("boss").save(tmp_path / "other-game-net.npz")
    with pytest.raises(ValueFileError) as refused:
        make_agent(f"nn-value:net={wrong}", game, 0)
    assert key_of(refused.value) == "value_game" and str(wrong) in str(refused.value)


# --- a round's start and labels ---------------------------------------------------------
def test_a_round_starts_from_the_given_weights_and_refuses_other_layers(tmp_path: Path) -> None:
    enc = encoder_for(get_game("clash"), DECKS)
    start = ValueNet.initial("clash", DECKS, enc.obs_size, (4,), 11)
    path = start.save(tmp_path / "start.npz")
    net = _initial_value(TrainConfig("clash", setup=DECKS, hidden=(4,), init=str(path)), 0)
    assert same_weights(net, start)
    fresh = _initial_value(TrainConfig("clash", setup=DECKS, hidden=(4,), seed=11), enc.obs_size)
    other = _initial_value(TrainConfig("clash", setup=DECKS, hidden=(4,), seed=12), enc.obs_size)
    assert same_weights(fresh, start) and not same_weights(other, start)
    with pytest.raises(ValueFileError) as refused:
        _initial_value(TrainConfig("clash", setup=DECKS, hidden=(8,), init=str(path)), 0)
    assert key_of(refused.value) == "value_hidden" and str(path) in str(refused.value)
    missing = TrainConfig("clash", setup=DECKS, td=0.5, bootstrap=str(tmp_path / "none.npz"))
    with pytest.raises(ValueFileError) as refused:
        train(missing)
    assert key_of(refused.value) == "value_no_file"


# --- rounds -----------------------------------------------------------------------------
@pytest.fixture
def no_plots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip drawing the curves (most of a tiny run's time) where they are not checked."""
    monkeypatch.setattr(plots, "loss_curve", lambda *args, **kw: None)
    monkeypatch.setattr(plots, "rounds_curve", lambda *args, **kw: None)


@pytest.mark.usefixtures("no_plots")
def test_rounds_play_with_the_last_rounds_network_and_replay_bit_for_bit(tmp_path: Path) -> None:
    done = train_rounds(TINY, TWO, tmp_path / "a")
    assert [r.round for r in done] == [0, 1]
    assert done[0].agent == "greedy"
    prev = str(round_folder(tmp_path / "a", 0) / NET)
    assert done[1].agent == f"nn-value:net={prev},dets=1,depth=1,explore=0.1"
    summary = json.loads((round_folder(tmp_path / "a", 1) / "train.json").read_text())
    assert summary["config"]["bootstrap"] == prev and summary["config"]["init"] == prev
    assert summary["config"]["seed"] == TINY.seed + 1
    for name in (NET, ROUNDS):
        assert (tmp_path / "a" / name).stat().st_size > 0
    again = train_rounds(TINY, TWO, tmp_path / "b")
    nets = [ValueNet.load(tmp_path / d / NET) for d in "ab"]
    assert same_weights(nets[0], nets[1])
    assert [r.val_loss for r in again] == [r.val_loss for r in done]
    last = ValueNet.load(round_folder(tmp_path / "a", 1) / NET)
    assert same_weights(last, nets[0])  # the folder's network is the last round's


@pytest.mark.usefixtures("no_plots")
def test_rounds_resume_and_refuse_a_folder_of_other_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    train_rounds(TINY, TWO, tmp_path)
    calls: list[int] = []
    real = rounds_mod.train

    def counting(config: TrainConfig, out: Any, **kw: Any) -> Any:
        calls.append(config.seed - TINY.seed)
        return real(config, out, **kw)

    monkeypatch.setattr(rounds_mod, "train", counting)
    more = train_rounds(TINY, RoundsConfig(rounds=3, explore=0.1, dets=1), tmp_path)
    assert calls == [2] and [r.round for r in more] == [0, 1, 2]
    with pytest.raises(TrainError) as refused:
        train_rounds(TINY, RoundsConfig(rounds=3, explore=0.2, dets=1), tmp_path)
    assert key_of(refused.value) == "train_other_settings"


def test_train_command_with_rounds_shows_each_round(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["train", "clash", "--setup", json.dumps(DECKS), "--games", "4", "--epochs", "1"]
    args += ["--hidden", "4", "--rounds", "2", "--measure-games", "2", "--out", str(out)]
    done = CliRunner().invoke(app, [*args, "--lang", "en"])
    assert done.exit_code == 0, done.output
    assert "Self-play rounds" in done.output and "win rate against greedy" in done.output
    doc = json.loads((out / ROUNDS).read_text())
    assert [r["round"] for r in doc["rounds"]] == [0, 1]
    assert all(0.0 <= r["score"] <= 1.0 for r in doc["rounds"])
    for name in (ROUNDS_CURVE, CURVE):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
    ru = CliRunner().invoke(app, [*args, "--lang", "ru"])  # resumed: nothing to play
    assert ru.exit_code == 0 and "Раунды самоигры" in ru.output
    bad = CliRunner().invoke(app, [*args, "--td", "1.5"])
    assert bad.exit_code != 0 and "--td" in bad.output
