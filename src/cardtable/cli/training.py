"""``cardtable train GAME``: a value network and a policy network trained by self-play
(cardtable.learn), in one run or in rounds (``--rounds``, cardtable.learn.rounds)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from cardtable.cli.render import console, err_console, t
from cardtable.core.errors import SetupError
from cardtable.core.registry import get_game
from cardtable.learn.rounds import ROUNDS, ROUNDS_CURVE, Round, RoundsConfig, train_rounds
from cardtable.learn.train import (
    CURVE,
    NET,
    POLICY,
    SUMMARY,
    Epoch,
    PolicyEpoch,
    TrainConfig,
    TrainResult,
    train,
)


@dataclass(frozen=True, slots=True)
class TrainRequest:
    """The command line's choices."""

    game: str
    setup: str | None
    agent: str
    games: int
    epochs: int
    seed: int
    out: str | None
    hidden: str
    lang: str
    policy_hidden: str = "32"
    rounds: RoundsConfig = field(default_factory=RoundsConfig)
    td: float = 0.8
    """λ of the labels in rounds after the first (``TrainConfig.td``)."""


def parse_setup(text: str | None, lang: str) -> dict[str, Any]:
    """``--setup`` as a JSON object."""
    if not text:
        return {}
    try:
        setup = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SetupError(t("train_bad_setup", lang, error=str(exc))) from None
    if not isinstance(setup, dict):
        raise SetupError(t("train_bad_setup", lang, error=type(setup).__name__))
    return setup


def parse_hidden(text: str, lang: str, option: str = "--hidden") -> tuple[int, ...]:
    """``--hidden 64,32`` as layer widths (empty or 0: a linear model)."""
    try:
        sizes = tuple(int(p) for p in text.split(",") if p.strip())
    except ValueError:
        raise SetupError(t("train_bad_hidden", lang, got=text, option=option)) from None
    if any(s < 0 for s in sizes):
        raise SetupError(t("train_bad_hidden", lang, got=text, option=option))
    return tuple(s for s in sizes if s)


def train_cmd(req: TrainRequest) -> None:
    """Play, train with a progress bar (resuming a stopped run in the same folder), then
    print where the network, the summary and the curve are."""
    lang = req.lang
    get_game(req.game)  # an unknown game fails before anything is written
    more = req.rounds
    config = TrainConfig(
        game=req.game,
        setup=parse_setup(req.setup, lang),
        agent=req.agent,
        games=req.games,
        epochs=req.epochs,
        seed=req.seed,
        hidden=parse_hidden(req.hidden, lang),
        policy_hidden=parse_hidden(req.policy_hidden, lang, "--policy-hidden"),
        td=req.td if more.rounds > 1 else 1.0,
    )
    out = Path(req.out or f"runs/train-{req.game}-{req.seed}")
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[loss]}"),
        console=err_console(),
        transient=True,
    )
    rounds: list[Round] = []
    with progress:
        if more.rounds > 1:
            stage = progress.add_task(t("train_rounds", lang), total=more.rounds, loss="")
        games = progress.add_task(t("train_playing", lang), total=config.games, loss="")
        epochs = progress.add_task(t("train_epochs", lang), total=config.epochs, loss="")
        policy = progress.add_task(t("train_policy", lang), total=config.epochs, loss="")

        def on_epoch(e: Epoch) -> None:
            loss = t("train_loss", lang, train=f"{e.train_loss:.4f}", val=f"{e.val_loss:.4f}")
            progress.update(epochs, completed=e.epoch, loss=loss)

        def on_policy_epoch(e: PolicyEpoch) -> None:
            loss = t(
                "train_policy_loss",
                lang,
                train=f"{e.train_loss:.3f}",
                val=f"{e.val_loss:.3f}",
                agree=f"{e.val_agreement:.1%}",
            )
            progress.update(policy, completed=e.epoch, loss=loss)

        hooks: dict[str, Any] = {
            "on_game": lambda i: progress.update(games, completed=i + 1),
            "on_epoch": on_epoch,
            "on_policy_epoch": on_policy_epoch,
        }
        if more.rounds > 1:

            def on_round(r: int) -> None:
                progress.update(stage, completed=r)
                for task in (games, epochs, policy):
                    progress.update(task, completed=0, loss="")

            rounds = train_rounds(config, more, out, on_round=on_round, **hooks)
            result = None
        else:
            result = train(config, out, **hooks)
    if result is not None:
        _print_result(out, result, lang)
    else:
        _print_rounds(out, rounds, more, lang)


def _print_rounds(out: Path, rounds: list[Round], more: RoundsConfig, lang: str) -> None:
    """Each round's held-out loss and score, then the files."""
    table = Table(title=t("train_rounds", lang))
    for head in ("train_round", "train_agent", "train_val_loss", "train_baseline"):
        table.add_column(t(head, lang))
    if more.measure_games:
        table.add_column(t("train_score", lang, opponent=more.measure, n=more.measure_games))
    for r in rounds:
        row = [str(r.round), r.agent, f"{r.val_loss:.4f}", f"{r.baseline:.4f}"]
        if more.measure_games:
            row.append("-" if r.score is None else f"{r.score:.1%}")
        table.add_row(*row)
    screen = console()
    screen.print(table)
    for name in (NET, POLICY, SUMMARY, CURVE, ROUNDS, ROUNDS_CURVE):
        if (out / name).exists():
            screen.print(Text(f"  {out / name}"))


def _print_result(out: Path, result: TrainResult, lang: str) -> None:
    """The losses of one run, then the files."""
    screen = console()
    if result.resumed_at:
        screen.print(Text(t("train_resumed", lang, n=result.resumed_at)))
    last = result.history[-1] if result.history else None
    screen.print(
        Text(
            t(
                "train_done",
                lang,
                samples=result.samples,
                val=result.val_samples,
                loss=f"{last.val_loss:.4f}" if last else "-",
                baseline=f"{result.baseline:.4f}",
            ),
            style="bold green",
        )
    )
    names = [NET, SUMMARY, CURVE]
    trained = result.policy
    if trained is not None and trained.history:
        step = trained.history[-1]
        text = t(
            "train_policy_done",
            lang,
            agree=f"{step.val_agreement:.1%}",
            val=trained.val_decisions,
            uniform=f"{trained.uniform_agreement:.1%}",
            loss=f"{step.val_loss:.3f}",
            uniform_loss=f"{trained.uniform_loss:.3f}",
        )
        screen.print(Text(text, style="bold green"))
        names.insert(1, POLICY)
    for name in names:
        screen.print(Text(f"  {out / name}"))
