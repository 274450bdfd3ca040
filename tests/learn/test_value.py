"""Learned evaluation (cardtable.learn): self-play training is reproducible bit for bit
for a seed and resumes exactly where it stopped; a value network file round-trips and is
refused, naming the file, when it does not fit the game or setup or is malformed; the
value at a search cut-off reads only the seat's view; a short Clash run predicts
held-out results better than the constant predictor; ``cardtable train`` writes the
network, the summary and the curve."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from cardtable.agents import make_agent
from cardtable.cli.main import app
from cardtable.core.agent import SeatView
from cardtable.core.registry import get_game
from cardtable.core.rng import Rng
from cardtable.learn.train import CHECKPOINT, CURVE, NET, SUMMARY, TrainConfig, TrainError, train
from cardtable.learn.value import FORMAT, ValueFileError, ValueNet
from cardtable.rl.encoding import encoder_for

DECKS = {"decks": ["ember", "tide"]}
TINY = TrainConfig("clash", setup=DECKS, agent="random", games=6, epochs=3, hidden=(8,), seed=3)


def same_weights(a: ValueNet, b: ValueNet) -> bool:
    return all(
        x.dtype == y.dtype and x.tobytes() == y.tobytes()
        for x, y in zip([*a.weights, *a.biases], [*b.weights, *b.biases], strict=True)
    )


def test_same_seed_gives_the_same_weights_bit_for_bit() -> None:
    first, second = train(TINY), train(TINY)
    assert same_weights(first.net, second.net)
    assert [e.val_loss for e in first.history] == [e.val_loss for e in second.history]
    other = train(TrainConfig(**{**TINY.to_json(), "hidden": (8,), "seed": 4}))
    assert not same_weights(first.net, other.net)


def test_a_stopped_run_resumed_equals_an_uninterrupted_one(tmp_path: Path) -> None:
    stopped = train(TINY, tmp_path / "a", stop_after=1)
    assert len(stopped.history) == 1 and (tmp_path / "a" / CHECKPOINT).exists()
    resumed = train(TINY, tmp_path / "a")
    assert resumed.resumed_at == 1 and len(resumed.history) == TINY.epochs
    whole = train(TINY, tmp_path / "b")
    assert whole.resumed_at == 0
    assert same_weights(resumed.net, whole.net)
    assert resumed.history == whole.history
    on_disk = [ValueNet.load(tmp_path / d / NET, get_game("clash"), DECKS) for d in "ab"]
    assert same_weights(on_disk[0], on_disk[1]) and same_weights(on_disk[0], whole.net)


def test_a_checkpoint_of_other_settings_is_refused(tmp_path: Path) -> None:
    train(TINY, tmp_path, stop_after=1)
    changed = TrainConfig(**{**TINY.to_json(), "hidden": (8,), "lr": 0.01})
    with pytest.raises(TrainError, match=CHECKPOINT):
        train(changed, tmp_path)


def test_save_load_round_trip_and_refusals(tmp_path: Path) -> None:
    clash_game = get_game("clash")
    size = encoder_for(clash_game, DECKS).obs_size
    net = ValueNet.initial("clash", DECKS, size, (8, 4), seed=11)
    path = net.save(tmp_path / "v.npz")
    back = ValueNet.load(path, clash_game, DECKS)
    assert same_weights(net, back) and back.meta == net.meta and back.meta.format == FORMAT
    batch = np.random.default_rng(0).random((5, size), dtype=np.float32)
    assert np.array_equal(net.predict(batch), back.predict(batch))
    assert np.all(np.abs(back.predict(batch)) <= 1.0)

    with pytest.raises(ValueFileError, match=r"v\.npz.*setup"):
        ValueNet.load(path, clash_game, {})
    with pytest.raises(ValueFileError, match=r"v\.npz.*game 'clash'"):
        ValueNet.load(path, get_game("epic"), DECKS)
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not a zip file")
    with pytest.raises(ValueFileError, match=r"garbage\.npz"):
        ValueNet.load(garbage)
    arrays = net.arrays()
    del arrays["w1"]
    np.savez(tmp_path / "short.npz", **arrays)  # type: ignore[arg-type]
    with pytest.raises(ValueFileError, match=r"short\.npz.*malformed"):
        ValueNet.load(tmp_path / "short.npz")
    meta = json.loads(str(arrays["meta"]))
    future = {**net.arrays(), "meta": np.array(json.dumps({**meta, "format": 99}))}
    np.savez(tmp_path / "future.npz", **future)  # type: ignore[arg-type]
    with pytest.raises(ValueFileError, match=r"future\.npz.*format 99"):
        ValueNet.load(tmp_path / "future.npz")
    with pytest.raises(ValueFileError, match=r"missing\.npz"):
        ValueNet.load(tmp_path / "missing.npz")


def test_value_at_a_cut_off_reads_only_the_seats_view() -> None:
    clash_game = get_game("clash")
    enc = encoder_for(clash_game, DECKS)
    net = ValueNet.initial("clash", DECKS, enc.obs_size, (8,), seed=2)
    state = clash_game.new_game(DECKS, 5)
    agent = make_agent("random", clash_game, 1)
    for _ in range(15):
        seat = clash_game.to_move(state)
        assert seat is not None
        clash_game.apply(state, agent.act(SeatView(clash_game, state, seat)))
    for seat in range(2):
        v = net.value(clash_game, state, seat)
        assert -1.0 <= v <= 1.0
        expected = net.predict(enc.observation(clash_game.observe(state, seat)))[0]
        assert v == pytest.approx(float(expected), abs=1e-5)  # (sparse first layer)
        hidden_redrawn = clash_game.determinize(state, seat, Rng(9))
        assert net.value(clash_game, hidden_redrawn, seat) == v
    while (seat := clash_game.to_move(state)) is not None:
        clash_game.apply(state, agent.act(SeatView(clash_game, state, seat)))
    outcome = clash_game.outcome(state)
    assert outcome is not None and outcome.winners
    for seat in range(2):
        assert net.value(clash_game, state, seat) == (1.0 if seat in outcome.winners else -1.0)


@pytest.mark.parametrize("hidden", [(), (8,), (16, 4)])
def test_one_vector_scores_as_the_batch_does(hidden: tuple[int, ...]) -> None:
    """``predict_one`` (the search's call, reading the first layer only where the vector is
    not zero) agrees with ``predict`` for linear and deeper networks."""
    net = ValueNet.initial("clash", DECKS, 300, hidden, seed=4)
    rng = np.random.default_rng(7)
    for _ in range(5):
        x = np.where(rng.random(300) < 0.1, rng.random(300), 0.0).astype(np.float32)
        assert net.predict_one(x) == pytest.approx(float(net.predict(x)[0]), abs=1e-5)
    assert net.predict_one(np.zeros(300, np.float32)) == pytest.approx(
        float(net.predict(np.zeros(300, np.float32))[0]), abs=1e-6
    )


def test_a_short_clash_run_beats_the_constant_predictor_on_held_out_games(
    tmp_path: Path,
) -> None:
    config = TrainConfig(
        "clash",
        setup=DECKS,
        agent="random",
        games=90,
        epochs=3,
        hidden=(8,),
        seed=1,
        validation=0.3,
    )
    result = train(config, tmp_path)
    assert result.val_samples > 1000 and 0.9 < result.baseline <= 1.1
    assert result.history[-1].val_loss < 0.9 * result.baseline
    loaded = ValueNet.load(tmp_path / NET, get_game("clash"), DECKS)
    assert same_weights(loaded, result.net)


def test_train_command_writes_network_summary_and_curve(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["train", "clash", "--setup", json.dumps(DECKS), "--agent", "random", "--games", "4"]
    args += ["--epochs", "2", "--hidden", "4", "--seed", "2", "--out", str(out), "--lang", "en"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads((out / SUMMARY).read_text())
    assert summary["epochs_done"] == 2 and summary["config"]["hidden"] == [4]
    assert (out / CURVE).read_bytes().startswith(b"\x89PNG")
    assert ValueNet.load(out / NET, get_game("clash"), DECKS).meta.hidden == (4,)
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0 and "Resumed after 2 epochs" in again.output
    bad = CliRunner().invoke(app, ["train", "clash", "--setup", "[1]", "--lang", "en"])
    assert bad.exit_code == 2 and "--setup" in bad.output
