"""Rounds of self-play, each played by the value network the round before trained: TD(λ)
by generations.

``train_rounds(config, rounds, out)``: round 0 is ``train(config)`` (self-play by
``config.agent``, labels λ-returns only if ``config.bootstrap`` is set). Every later round
``r`` plays its games with ``nn-value`` on round ``r-1``'s value network (``depth`` of the
seat's own moves looked ahead, ``dets`` samples, exploring with probability
``explore``), labels them with λ-returns of that network (``config.td``), and trains on from its weights (``init``), on games of its own
seed (``config.seed + r``). Each round is a ``train`` folder ``round-NN`` under ``out``, so
a stopped run resumes inside the round it was in and skips the finished ones; the last
round's networks, summary and curve are copied to ``out`` itself, and ``rounds.json`` and
``rounds.png`` give every round's held-out loss and its agent's score against the
``measure`` opponent (``measure_games`` paired games, seeded ``seed``; none when 0).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from cardtable.core.files import atomic_write_text
from cardtable.learn.train import CURVE, NET, POLICY, SUMMARY, TrainConfig, TrainError, train

ROUNDS = "rounds.json"
ROUNDS_CURVE = "rounds.png"


@dataclass(frozen=True, slots=True)
class RoundsConfig:
    """What the rounds add to one training run's configuration."""

    rounds: int = 1
    explore: float = 0.05
    dets: int = 1
    measure: str = "greedy"
    measure_games: int = 0
    depth: int = 1


@dataclass(slots=True)
class Round:
    """One finished round: its agent, held-out loss and (if measured) score."""

    round: int
    agent: str
    val_loss: float
    baseline: float
    score: float | None = None
    """The round's ``nn-value`` agent's win rate against ``measure`` (draws half)."""


def round_folder(out: Path, r: int) -> Path:
    """The ``train`` folder of round ``r``."""
    return out / f"round-{r:02d}"


def round_config(config: TrainConfig, extra: RoundsConfig, out: Path, r: int) -> TrainConfig:
    """Round ``r``'s training configuration (round 0 is ``config`` itself)."""
    if r == 0:
        return config
    prev = str(round_folder(out, r - 1) / NET)
    agent = f"{value_agent(prev, extra)},explore={extra.explore}"
    return replace(config, agent=agent, seed=config.seed + r, bootstrap=prev, init=prev)


def value_agent(net: str | Path, extra: RoundsConfig) -> str:
    """The ``nn-value`` spec of a round's network (without exploring)."""
    return f"nn-value:net={net},dets={extra.dets},depth={extra.depth}"


def measure(config: TrainConfig, extra: RoundsConfig, net: Path, seed: int) -> float:
    """Win rate (draws half) of ``nn-value`` on ``net`` against ``extra.measure``, on paired
    seeds."""
    from cardtable.sim.run import simulate

    result = simulate(
        config.game,
        config.setup,
        [value_agent(net, extra), extra.measure],
        extra.measure_games,
        seed,
        paired=True,
    )
    return result.agent_win_rate(0).value


def train_rounds(
    config: TrainConfig,
    extra: RoundsConfig,
    out: str | Path,
    *,
    on_round: Callable[[int], None] | None = None,
    on_done: Callable[[Round], None] | None = None,
    **hooks: Any,
) -> list[Round]:
    """Run (or resume) every round, then copy the last round's files to ``out``;
    ``hooks`` go to each round's ``train`` (progress callbacks)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    done = _read_rounds(folder, config, extra)
    for r in range(extra.rounds):
        if on_round is not None:
            on_round(r)
        cfg = round_config(config, extra, folder, r)
        if r < len(done) and (round_folder(folder, r) / NET).exists():
            continue
        result = train(cfg, round_folder(folder, r), **hooks)
        last = result.history[-1].val_loss if result.history else float("nan")
        score = None
        if extra.measure_games:
            score = measure(config, extra, round_folder(folder, r) / NET, config.seed)
        step = Round(r, cfg.agent, last, result.baseline, score)
        done = [*done[:r], step]
        _write_rounds(folder, config, extra, done)
        if on_done is not None:
            on_done(step)
    final = round_folder(folder, extra.rounds - 1)
    for name in (NET, POLICY, SUMMARY, CURVE):
        if (final / name).exists():
            shutil.copyfile(final / name, folder / name)
    return done


def _key(config: TrainConfig, extra: RoundsConfig) -> str:
    doc = {"config": config.to_json(), "rounds": asdict(extra)}
    del doc["rounds"]["rounds"]  # more rounds in the same folder go on from the last
    return json.dumps(doc, sort_keys=True)


def _read_rounds(folder: Path, config: TrainConfig, extra: RoundsConfig) -> list[Round]:
    path = folder / ROUNDS
    if not path.exists():
        return []
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("key") != _key(config, extra):
        raise TrainError.msg("train_other_settings", settings=doc.get("key", "?"))
    return [Round(**r) for r in doc["rounds"]]


def _write_rounds(
    folder: Path, config: TrainConfig, extra: RoundsConfig, rounds: list[Round]
) -> None:
    doc = {"key": _key(config, extra), "rounds": [asdict(r) for r in rounds]}
    atomic_write_text(folder / ROUNDS, json.dumps(doc, indent=2) + "\n")
    from cardtable.learn.plots import rounds_curve

    rounds_curve(folder / ROUNDS_CURVE, rounds, config.game, extra.measure)
