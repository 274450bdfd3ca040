"""The policy network and the ``nn`` agent (cardtable.learn.policy, nn_agent): self-play
records, at each decision with a choice, the mover's vector, its legal action indices and
the agent's choice, the same arrays for the same seed, and a run stopped during its games
plays on from its last saved part to the same arrays; the same seed gives the same policy
weights bit for bit and a stopped run resumed equals an uninterrupted one; the masked
softmax puts nothing on illegal indices and sums to 1; imitation of a greedy teacher beats
the uniform choice on held-out games; a policy file round-trips and is refused, naming
it, when it is not a policy for the game; ``nn`` plays only legal actions, replays for a
seed, reads only the seat's view, loads every game's shipped policy and plays a whole
game with it; ``cardtable train`` writes the policy, its agreement and its curve."""

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
from cardtable.core.registry import game_ids, get_game
from cardtable.core.rng import Rng
from cardtable.learn import nn_agent, selfplay
from cardtable.learn.nn_agent import NnAgent, shipped_policy
from cardtable.learn.policy import PolicyNet, masked_softmax
from cardtable.learn.selfplay import generate
from cardtable.learn.train import (
    CHECKPOINT,
    CURVE,
    DATA,
    PART,
    POLICY,
    SAVE_GAMES,
    SUMMARY,
    TrainConfig,
    train,
)
from cardtable.learn.value import ValueFileError, ValueNet
from cardtable.rl.encoding import encoder_for
from cardtable.rl.episode import Episode
from cardtable.sim.run import agent_seed, game_seed

DECKS = {"decks": ["ember", "tide"]}
TINY = TrainConfig(
    "clash",
    setup=DECKS,
    agent="greedy",
    games=6,
    epochs=3,
    hidden=(4,),
    seed=3,
    policy_hidden=(8,),
)


def key_of(exc: CardtableError) -> str:
    assert isinstance(exc.message, Message)
    return exc.message.key


def same_weights(a: PolicyNet, b: PolicyNet) -> bool:
    return all(
        x.dtype == y.dtype and x.tobytes() == y.tobytes()
        for x, y in zip([*a.weights, *a.biases], [*b.weights, *b.biases], strict=True)
    )


def tiny_policy(game_id: str, seed: int = 0, setup: dict[str, Any] | None = None) -> PolicyNet:
    enc = encoder_for(get_game(game_id), setup or {})
    return PolicyNet.initial(
        game_id, setup or {}, enc.obs_size, (8,), seed, outputs=enc.num_actions
    )


def played_state(gid: str, seed: int, moves: int) -> Any:
    """A state some random moves into a game (its default setup)."""
    game = get_game(gid)
    state = game.new_game(None, seed)
    agent = RandomAgent(seed)
    for _ in range(moves):
        seat = game.to_move(state)
        assert seat is not None
        game.apply(state, agent.act(SeatView(game, state, seat)))
    return state


def test_self_play_records_the_movers_choices() -> None:
    """The policy targets, read back through the RL interface (``Episode``) on the same
    seeds: the mover's vector, its legal indices and the index the agent chose."""
    game = get_game("clash")
    samples = generate(game, DECKS, "greedy", 2, seed=5)
    again = generate(game, DECKS, "greedy", 2, seed=5)
    for name, array in samples.arrays().items():
        assert np.array_equal(array, again.arrays()[name]), name
    encoder = encoder_for(game, DECKS)
    expected: list[tuple[np.ndarray, list[int], int]] = []
    for i in range(2):
        gseed = game_seed(5, i)
        agents = [make_agent("greedy", game, agent_seed(gseed, s)) for s in range(2)]
        episode = Episode(encoder, [0, 1], gseed)
        while (seat := episode.mover) is not None:
            action = agents[seat].act(SeatView(game, episode.state, seat))
            choices = episode.choices()
            index = next(k for k, a in choices.items() if a == action)
            if len(choices) > 1:
                expected.append((episode.observation(seat), sorted(choices), index))
            episode.play(index)
    assert samples.decisions == len(expected) > 20
    for d, (vector, legal, chosen) in enumerate(expected):
        assert np.array_equal(samples.dense(samples.moves[d : d + 1])[0], vector)
        got = samples.legal[samples.legal_ptr[d] : samples.legal_ptr[d + 1]]
        assert sorted(got.tolist()) == legal
        assert samples.chosen[d] == chosen
    masks = samples.masks(np.arange(samples.decisions), encoder.num_actions)
    assert masks[np.arange(samples.decisions), samples.chosen].all()


def test_a_run_stopped_during_self_play_plays_on_from_its_last_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = TrainConfig(**{**TINY.to_json(), "games": 12, "agent": "random", "epochs": 1})
    real = selfplay.play_one
    played: list[int] = []

    def stopping(encoder: Any, agent: str, seed: int, index: int, *labels: Any) -> Any:
        if index == SAVE_GAMES + 2:
            raise KeyboardInterrupt  # as a stopped process would
        played.append(index)
        return real(encoder, agent, seed, index, *labels)

    monkeypatch.setattr(selfplay, "play_one", stopping)
    with pytest.raises(KeyboardInterrupt):
        train(config, tmp_path / "a")
    assert (tmp_path / "a" / PART).exists() and not (tmp_path / "a" / DATA).exists()
    played.clear()

    def counting(encoder: Any, agent: str, seed: int, index: int, *labels: Any) -> Any:
        played.append(index)
        return real(encoder, agent, seed, index, *labels)

    monkeypatch.setattr(selfplay, "play_one", counting)
    resumed = train(config, tmp_path / "a")
    assert played == list(range(SAVE_GAMES, 12))  # the saved part is not played again
    assert not (tmp_path / "a" / PART).exists()
    monkeypatch.undo()
    whole = train(config, tmp_path / "b")
    with np.load(tmp_path / "a" / DATA) as a, np.load(tmp_path / "b" / DATA) as b:
        assert a.files == b.files
        for name in a.files:
            assert np.array_equal(a[name], b[name]) and a[name].dtype == b[name].dtype, name
    assert resumed.policy is not None and whole.policy is not None
    assert same_weights(resumed.policy.net, whole.policy.net)


def test_same_seed_gives_the_same_policy_weights_bit_for_bit() -> None:
    first, second = train(TINY), train(TINY)
    assert first.policy is not None and second.policy is not None
    assert same_weights(first.policy.net, second.policy.net)
    assert first.policy.history == second.policy.history
    other = train(TrainConfig(**{**TINY.to_json(), "hidden": (4,), "seed": 4}))
    assert other.policy is not None and not same_weights(first.policy.net, other.policy.net)


def test_a_stopped_run_resumed_equals_an_uninterrupted_one(tmp_path: Path) -> None:
    stopped = train(TINY, tmp_path / "a", stop_after=1)
    assert stopped.policy is not None and len(stopped.policy.history) == 1
    assert (tmp_path / "a" / CHECKPOINT).exists()
    resumed = train(TINY, tmp_path / "a")
    whole = train(TINY, tmp_path / "b")
    assert resumed.resumed_at == 1 and whole.resumed_at == 0
    assert resumed.policy is not None and whole.policy is not None
    assert same_weights(resumed.policy.net, whole.policy.net)
    assert resumed.policy.history == whole.policy.history
    assert len(whole.policy.history) == TINY.epochs
    on_disk = [PolicyNet.load(tmp_path / d / POLICY, get_game("clash"), DECKS) for d in "ab"]
    assert same_weights(on_disk[0], on_disk[1]) and same_weights(on_disk[0], whole.policy.net)


def test_the_masked_softmax_is_a_distribution_over_the_legal_indices() -> None:
    rng = np.random.default_rng(0)
    logits = rng.normal(0.0, 30.0, (6, 40)).astype(np.float32)  # large: no overflow
    mask = rng.random((6, 40)) < 0.2
    mask[:, 7] = True
    for temp in (1.0, 0.3, 5.0):
        p = masked_softmax(logits, mask, temp)
        assert np.all(p[~mask] == 0.0)
        assert np.all(p[mask] >= 0.0)
        assert np.allclose(p.sum(axis=1), 1.0)
    one = masked_softmax(logits[0], mask[0])
    assert np.array_equal(one, masked_softmax(logits, mask)[0])
    sharp = masked_softmax(logits[0], mask[0], 1e-3)
    best = np.flatnonzero(mask[0])[np.argmax(logits[0][mask[0]])]
    assert sharp[best] == pytest.approx(1.0)


def test_the_scores_of_one_vector_match_the_batch() -> None:
    """``legal_logits`` (the first layer read only at the non-zero entries) agrees with
    ``logits`` for linear and deeper networks."""
    rng = np.random.default_rng(7)
    for hidden in [(), (8,), (16, 4)]:
        net = PolicyNet.initial("clash", DECKS, 300, hidden, seed=4, outputs=50)
        x = np.where(rng.random(300) < 0.1, rng.random(300), 0.0).astype(np.float32)
        idx = [3, 17, 49]
        assert np.allclose(net.legal_logits(x, idx), net.logits(x)[0, idx], atol=1e-5)


def test_imitating_greedy_beats_the_uniform_choice_on_held_out_games() -> None:
    config = TrainConfig(
        "clash",
        setup=DECKS,
        agent="greedy",
        games=40,
        epochs=6,
        hidden=(),
        seed=1,
        validation=0.25,
        policy_hidden=(16,),
    )
    result = train(config)
    policy = result.policy
    assert policy is not None and policy.val_decisions > 200
    assert 0.25 < policy.uniform_agreement < 0.45  # about three options a decision
    last = policy.history[-1]
    assert last.val_loss < 0.9 * policy.uniform_loss
    assert last.val_agreement > policy.uniform_agreement + 0.1


def test_policy_file_round_trip_and_refusals(tmp_path: Path) -> None:
    clash_game = get_game("clash")
    net = tiny_policy("clash", seed=2, setup=DECKS)
    path = net.save(tmp_path / "p.npz", dtype="float16")
    back = PolicyNet.load(path, clash_game, DECKS)
    assert back.meta.kind == "policy" and back.meta.outputs == net.meta.outputs
    x = encoder_for(clash_game, DECKS).observation(
        clash_game.observe(clash_game.new_game(DECKS, 1), 0)
    )
    assert np.allclose(back.logits(x), net.logits(x), atol=2e-2)

    with pytest.raises(ValueFileError) as caught:
        PolicyNet.load(path, clash_game, {})
    assert key_of(caught.value) == "value_setup" and "p.npz" in str(caught.value)
    value = ValueNet.initial("clash", DECKS, net.meta.obs_size, (4,), 0)
    value_path = value.save(tmp_path / "v.npz")
    with pytest.raises(ValueFileError) as caught:
        PolicyNet.load(value_path)
    assert key_of(caught.value) == "value_kind" and "v.npz" in str(caught.value)
    with pytest.raises(ValueFileError) as caught:
        ValueNet.load(path)  # and a policy is not a value network
    assert key_of(caught.value) == "value_kind"
    narrow = PolicyNet.initial("clash", DECKS, net.meta.obs_size, (4,), 0, outputs=5)
    narrow_path = narrow.save(tmp_path / "narrow.npz")
    with pytest.raises(ValueFileError) as caught:
        PolicyNet.load(narrow_path, clash_game, DECKS)
    assert key_of(caught.value) == "policy_actions" and "narrow.npz" in str(caught.value)


SHIPPED_POLICIES = ("clash", "epic", "boss")
"""The games whose policy ships in the package (docs/ai.md: where one beats the uniform
choice on held-out decisions of its teacher and makes the search stronger as its prior)."""


def test_the_package_ships_exactly_the_listed_policies() -> None:
    from importlib import resources

    folder = resources.files("cardtable.learn").joinpath("weights")
    found = sorted(p.name for p in folder.iterdir() if p.name.endswith("-policy.npz"))
    assert found == sorted(f"{g}-policy.npz" for g in SHIPPED_POLICIES)
    assert set(SHIPPED_POLICIES) <= set(game_ids())


@pytest.mark.parametrize("gid", SHIPPED_POLICIES)
def test_the_shipped_policy_loads_and_plays_a_whole_game(gid: str) -> None:
    game = get_game(gid)
    net = shipped_policy(game)
    assert net.meta.game == gid and net.meta.setup == {} and net.meta.kind == "policy"
    seats = game.num_seats(game.new_game(None, 0))
    agent = make_agent("nn", game, 1)
    assert isinstance(agent, NnAgent) and agent.temp == 0
    result = play_match(game, None, 3, [agent] + [RandomAgent(s) for s in range(1, seats)])
    assert game.outcome(result.state) == result.outcome  # checked: every action legal


def test_nn_plays_only_legal_actions_and_replays_for_a_seed(tmp_path: Path) -> None:
    game = get_game("epic")
    path = tiny_policy("epic", seed=5).save(tmp_path / "epic-policy.npz")

    def once(seed: int) -> tuple[str, list[Any]]:
        agents = [make_agent(f"nn:net={path},temp=1,seed={seed}", game, 0) for _ in range(2)]
        result = play_match(game, None, 2, agents)  # checked: an illegal action raises
        return state_hash(result.state), list(result.replay.actions)

    first = once(8)
    assert first == once(8)
    assert first != once(9)  # the seed drives the sampling


@pytest.mark.parametrize("temp", ["0", "1"])
def test_nn_reads_only_the_seats_view(temp: str, tmp_path: Path) -> None:
    for gid in ("clash", "bluemoon"):
        game = get_game(gid)
        path = tiny_policy(gid, seed=3).save(tmp_path / f"{gid}.npz")
        state = played_state(gid, 4, 12)
        seat = game.to_move(state)
        assert seat is not None
        spec = f"nn:net={path},temp={temp},seed=6"
        choice = make_agent(spec, game, 0).act(SeatView(game, state, seat))
        for k in range(3):
            redrawn = game.determinize(state, seat, Rng(k))
            again = make_agent(spec, game, 0).act(SeatView(game, redrawn, seat))
            assert again == choice


def test_temperature_zero_plays_the_most_likely_legal_action(tmp_path: Path) -> None:
    game = get_game("boss")
    net = tiny_policy("boss", seed=1)
    state = played_state("boss", 2, 6)
    seat = game.to_move(state)
    assert seat is not None
    view = SeatView(game, state, seat)
    probs = net.probabilities(game, view.observation, view.legal)
    assert len(probs) == len(view.legal) > 1 and probs.sum() == pytest.approx(1.0)
    agent = NnAgent(game, net, seed=0, temp=0.0)
    assert agent.act(view) == view.legal[int(np.argmax(probs))]


def test_nn_refusals(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    clash_game = get_game("clash")
    monkeypatch.setattr(nn_agent, "policy_entry", lambda gid: tmp_path / f"{gid}-policy.npz")
    with pytest.raises(SetupError) as caught:
        make_agent("nn", clash_game, 0)
    assert key_of(caught.value) == "policy_no_weights"
    assert "clash" in caught.value.text("en") and "net=" in caught.value.text("en")
    assert "clash" in caught.value.text("ru")
    wrong = tiny_policy("boss").save(tmp_path / "clash-policy.npz")  # boss's net as clash's
    with pytest.raises(ValueFileError) as caught:
        make_agent("nn", clash_game, 0)
    assert key_of(caught.value) == "value_game" and str(wrong) in str(caught.value)
    monkeypatch.undo()
    with pytest.raises(ValueFileError) as caught:
        make_agent(f"nn:net={wrong}", clash_game, 0)
    assert key_of(caught.value) == "value_game"
    for bad in ("-1", "hot", "nan"):
        with pytest.raises(SetupError) as caught:
            make_agent(f"nn:temp={bad}", clash_game, 0)
        assert key_of(caught.value) == "agent_non_negative"
    with pytest.raises(SetupError) as caught:
        make_agent("nn:iters=3", clash_game, 0)
    assert key_of(caught.value) == "agent_unknown_params"


def test_train_command_writes_the_policy_its_agreement_and_curve(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["train", "clash", "--setup", json.dumps(DECKS), "--agent", "greedy", "--games", "4"]
    args += ["--epochs", "2", "--hidden", "0", "--policy-hidden", "6", "--seed", "2"]
    args += ["--out", str(out), "--lang", "en"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "held-out top-1 agreement" in result.output and str(out / POLICY) in result.output
    summary = json.loads((out / SUMMARY).read_text())
    policy = summary["policy"]
    assert policy["hidden"] == [6] and len(policy["history"]) == 2
    assert 0.0 <= policy["history"][-1]["val_agreement"] <= 1.0
    assert (out / CURVE).read_bytes().startswith(b"\x89PNG")
    net = PolicyNet.load(out / POLICY, get_game("clash"), DECKS)
    assert net.meta.hidden == (6,) and net.meta.extra["agent"] == "greedy"
    bad = CliRunner().invoke(app, [*args[:-2], "--policy-hidden", "x", "--lang", "en"])
    assert bad.exit_code != 0 and "--policy-hidden" in bad.output
