"""The non-interactive commands: replay, cards, simulate, bench, position, games."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.cli.modes import seat_roles
from cardtable.cli.play import load_saved
from cardtable.cli.render import (
    board,
    console,
    err_console,
    event_lines,
    game_module,
    games_progress,
    outcome_text,
    seat_label,
    t,
)
from cardtable.core.errors import CardtableError, IllegalAction, SetupError
from cardtable.core.game import Game
from cardtable.core.position import dump_position, load_position
from cardtable.core.registry import game_ids, get_game
from cardtable.core.replay import iter_replay, verify
from cardtable.native import build_name
from cardtable.sim import Estimate, GameRecord, bench, simulate
from cardtable.sim.backends import available_cores, capped_jobs
from cardtable.sim.store import torn_tail


def echo_json(data: Any) -> None:
    """One JSON document on stdout, nothing else."""
    typer.echo(json.dumps(data, ensure_ascii=False))


# --- games -------------------------------------------------------------------------------
def games_cmd(lang: str) -> None:
    """The registered games."""
    table = Table(title=t("games_title", lang))
    table.add_column(t("col_id", lang))
    table.add_column(t("col_title", lang))
    for gid in game_ids():
        table.add_row(gid, Text(get_game(gid).title.get(lang, gid)))
    console().print(table)


# --- replay ------------------------------------------------------------------------------
def replay_cmd(path: str, verify_only: bool, lang: str, force: bool = False) -> None:
    """Verify a replay, then show its events turn by turn and the outcome. A replay of a
    newer format or engine version, or whose hash does not match, is refused unless
    ``force`` (docs/saves.md)."""
    replay, _, problems = load_saved(path, lang, force=force)
    for problem in problems:
        err_console().print(Text(t("save_forced", lang, problem=problem), style="yellow"))
    game = get_game(replay.game)
    final = verify(replay)  # raises ReplayError naming the step of an illegal action
    out = console()
    if not verify_only:
        out.print(
            Text(
                t(
                    "replay_header",
                    lang,
                    title=game.title.get(lang, game.id),
                    seed=replay.seed,
                    setup=json.dumps(replay.setup, ensure_ascii=False),
                    n=len(replay.actions),
                ),
                style="bold",
            )
        )
        state: Any = None
        shown = 0
        for step, (state, action) in enumerate(iter_replay(replay, log=True)):
            log = state.log or []
            for line in event_lines(game, state, log[shown:], lang):
                out.print(line)
            shown = len(log)
            for redrawn in (r for r in replay.reseeds if r.at == step):
                who = seat_label(game, redrawn.seat, lang, state)
                out.print(Text(f"  ↺ {t('replay_redrawn', lang, seat=who)}", style="dim"))
            if action is not None:
                seat = game.to_move(state)
                who = seat_label(game, seat, lang, state) if seat is not None else "?"
                out.print(Text(f"  → {who}: {game.describe(action, lang, state)}", style="dim"))
    out.print(
        Text(
            t("replay_ok", lang, game=replay.game, seed=replay.seed, n=len(replay.actions)),
            style="green",
        )
    )
    outcome = game.outcome(final)
    if outcome is None:
        out.print(t("not_finished", lang), markup=False)
    else:
        out.print(Text(outcome_text(game, outcome, lang, final), style="bold green"))


# --- cards -------------------------------------------------------------------------------
def cards_cmd(game_id: str, as_json: bool, lang: str, explain: bool = False) -> None:
    """The card set as a table or one JSON list; ``explain`` adds what each card's
    abilities and keywords do, with their rule ids (docs/table.md)."""
    game = get_game(game_id)
    module = game_module(game, "render")
    if module is None or not hasattr(module, "card_list"):
        raise SetupError(t("no_cards", lang, game=game_id))
    if as_json:
        echo_json(module.card_list(game))
    elif explain:
        console().print(module.card_table(game, lang, explain=True))
    else:
        console().print(module.card_table(game, lang))


# --- simulate ----------------------------------------------------------------------------
def _interval(e: Estimate, percent: bool) -> tuple[str, str]:
    if e.n == 0:
        return "—", "—"
    if percent:
        return f"{100 * e.value:.1f}%", f"[{100 * e.low:.1f}%, {100 * e.high:.1f}%]"
    return f"{e.value:.2f}", f"[{e.low:.2f}, {e.high:.2f}]"


@dataclass(frozen=True, slots=True)
class Where:
    """Where and how a batch runs: workers, backend, Ray address, results file."""

    jobs: int = 1
    backend: str = "local"
    address: str | None = None
    out: str | None = None


# --- batch runs: worker count, results files, Ctrl-C (docs/saves.md, "Batch runs") --------
_invocation: list[str] = []


def set_invocation(argv: Sequence[str]) -> None:
    """Remember the command line (its arguments after ``cardtable``) for resume hints."""
    _invocation[:] = [str(a) for a in argv]


def invoked_command() -> str:
    """The command as it was typed (running it again resumes an interrupted run)."""
    return shlex.join(["cardtable", *_invocation])


def note_jobs(where: Where, work: int, lang: str) -> None:
    """Say so on stderr when ``--jobs`` asks for more workers than cores or games."""
    if where.backend != "local":
        return
    used = capped_jobs(where.jobs, work)
    if used >= where.jobs:
        return
    cores = available_cores()
    if used == cores and cores < where.jobs and cores <= work:
        text = t("jobs_capped_cores", lang, asked=where.jobs, cores=cores, used=used)
    else:
        text = t("jobs_capped_games", lang, asked=where.jobs, games=work, used=used)
    err_console().print(Text(text, style="yellow"), soft_wrap=True)


def note_torn(path: str | Path | None, lang: str) -> None:
    """Say so on stderr when a results file's last line was cut short (it is dropped)."""
    line = None if path is None else torn_tail(path)
    if line is not None:
        text = t("results_repaired", lang, path=str(path), line=line)
        err_console().print(Text(text, style="yellow"), soft_wrap=True)


@contextmanager
def stop_on_ctrl_c(
    results: str | Path | None, lang: str, count: Callable[[], tuple[int, int]]
) -> Iterator[None]:
    """Turn Ctrl-C during a batch into a clean stop (the workers are stopped by the
    backend, the results file is closed whole): say how far it got and the command that
    resumes it, and exit with code 130."""
    try:
        yield
    except KeyboardInterrupt:
        done, total = count()
        err = err_console()
        err.print()
        err.print(Text(t("interrupted", lang, done=done, total=total), style="yellow"))
        if results is not None:
            key = "interrupted_resume" if Path(results).exists() else "interrupted_restart"
            text = t(key, lang, path=str(results), command=invoked_command())
        else:
            text = t("interrupted_lost", lang)
        err.print(Text(text), soft_wrap=True)
        raise typer.Exit(130) from None


class Counter:
    """Counts games as they are reported (those read back from a results file too)."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self, *_: Any) -> None:
        self.n += 1


def simulate_cmd(
    game_id: str,
    setup: Mapping[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int,
    where: Where,
    as_json: bool,
    lang: str,
    paired: bool = False,
    timings: bool = False,
) -> None:
    """Play many games between agents and report the statistics (``--json``: the same
    bytes for the same run; measured times only with ``timings``)."""
    if games <= 0:
        raise SetupError(t("games_positive", lang, n=games))
    if any(s.strip() == "human" for s in specs):
        raise SetupError(t("human_only_play", lang))
    if paired and games % len(specs):
        raise SetupError(t("paired_multiple", lang, seats=len(specs), games=games))
    game = get_game(game_id)
    setup, specs = game.prepare_match(setup, list(specs))
    roles = seat_roles(game, dict(setup), seed)
    run_args = {**asdict(where), "paired": paired}
    note_jobs(where, games, lang)
    note_torn(where.out, lang)
    counted = Counter()
    stopping = stop_on_ctrl_c(where.out, lang, lambda: (counted.n, games))
    if as_json:
        with stopping:
            result = simulate(game_id, setup, specs, games, seed, on_game=counted, **run_args)
        doc = result.to_json(timings)
        doc["seats"] = [
            {"player": f"p{s + 1}", "agent": spec, **roles[s]} for s, spec in enumerate(specs)
        ]
        echo_json(doc)
        return
    with (
        stopping,
        games_progress(lang) as progress,
    ):
        task = progress.add_task("games", total=games)

        def tick(_: GameRecord) -> None:
            counted()
            progress.advance(task)

        result = simulate(game_id, setup, specs, games, seed, on_game=tick, **run_args)
    table = Table(
        title=t("sim_title", lang, title=game.title.get(lang, game_id), n=games, seed=seed)
    )
    for key in ("col_measure", "col_value", "col_interval"):
        table.add_column(t(key, lang))
    fresh = game.new_game(setup, seed)
    for a, spec in enumerate(specs):
        if paired:
            label = t("sim_agent_rate", lang, agent=spec, wins=result.agent_wins(a))
            table.add_row(Text(label), *_interval(result.agent_win_rate(a), True))
        if spec.split(":")[0] not in ("random",):
            think = result.seconds_per_decision(a)
            table.add_row(Text(t("sim_think", lang, agent=spec)), f"{think:.3f}", "")
    for s, spec in enumerate(specs):
        if paired:
            break
        value, interval = _interval(result.win_rate(s), True)
        marks = [seat_label(game, s, lang, fresh)]
        if "team" in roles[s]:
            marks.append(t("sim_team", lang, n=roles[s]["team"]))
        label = t(
            "sim_win_rate",
            lang,
            seat=f"p{s + 1} ({', '.join(marks)})",
            agent=spec,
            wins=result.wins(s),
        )
        table.add_row(Text(label), value, interval)
    table.add_row(t("sim_draws", lang), str(result.draws), "")
    table.add_row(t("sim_first", lang), *_interval(result.first_player_rate(), True))
    table.add_row(t("sim_length", lang), *_interval(result.length(), False))
    console().print(table)


# --- levels ------------------------------------------------------------------------------
def levels_cmd(game_id: str, as_json: bool, lang: str) -> None:
    """The AI's difficulty levels and the point costs of its settings."""
    game = get_game(game_id)
    module = game_module(game, "render")
    if module is None or not hasattr(module, "level_list"):
        raise SetupError(t("no_levels", lang, game=game_id))
    if as_json:
        echo_json(module.level_list())
        return
    out = console()
    for table in module.level_tables(lang):
        out.print(table)


# --- bench -------------------------------------------------------------------------------
def bench_cmd(
    game_id: str,
    games: int,
    seed: int,
    ismcts_decisions: int,
    as_json: bool,
    lang: str,
    builds: str = "this",
    jobs: int = 1,
    ismcts_iters: int = 200,
    vector_steps: int = 0,
) -> None:
    """Throughput of random full games on one core, ISMCTS search speed and the RL vector
    runner's steps per second: of this process's build, or of the interpreted and compiled
    builds side by side."""
    if games <= 0:
        raise SetupError(t("games_positive", lang, n=games))
    game = get_game(game_id)
    if builds == "both":
        runs: dict[str, list[dict[str, Any]]] = {"interpreted": [], "compiled": []}
        for _round in range(BUILD_ROUNDS):  # alternated: a machine's speed drifts
            for name, found in runs.items():
                found.append(
                    bench_in_process(
                        game_id,
                        games,
                        seed,
                        ismcts_decisions,
                        name,
                        jobs,
                        ismcts_iters,
                        vector_steps,
                    )
                )
        measured = {name: median_run(found) for name, found in runs.items()}
        if as_json:
            echo_json(measured)
            return
        console().print(builds_table(game, games, measured, lang))
        return
    result = bench(
        game_id,
        games,
        seed,
        ismcts_decisions=ismcts_decisions,
        ismcts_jobs=jobs,
        ismcts_iters=ismcts_iters,
    )
    if vector_steps:
        from cardtable.rl.vector import bench_vector

        result = replace(result, vector=bench_vector(game_id, VECTOR_ENVS, vector_steps, seed))
    if as_json:
        echo_json({**result.to_json(), "build": build_name()})
        return

    def verdict(value: float, target: float) -> Text:
        ok = value >= target
        return Text(
            f"≥ {target:,.0f} ({t('bench_met' if ok else 'bench_missed', lang)})",
            style="green" if ok else "red",
        )

    targets = game.bench_targets
    title = t("bench_title", lang, title=game.title.get(lang, game_id), n=games)
    build = t(f"build_{build_name()}", lang)
    table = Table(title=f"{title} · {build}")
    keys = ["col_measure", "col_value"] + (["col_target"] if targets else [])
    for key in keys:
        table.add_column(t(key, lang))

    def row(label: str, value: str, target: Text | str = "") -> None:
        table.add_row(label, value, *([target] if targets else []))

    for label_key, key, value in (
        ("bench_games", "games_per_s", result.games_per_s),
        ("bench_actions", "actions_per_s", result.actions_per_s),
    ):
        goal = targets.get(key)
        row(t(label_key, lang), f"{value:,.0f}", "" if goal is None else verdict(value, goal))
    row(t("bench_clone", lang), f"{result.clone_us:.2f}")
    row(t("bench_apply", lang), f"{result.apply_us:.2f}")
    row(t("bench_legal", lang), f"{result.legal_us:.2f}")
    if result.ismcts is not None:
        search = result.ismcts
        row(
            t("bench_ismcts_rate", lang, iterations=t("count_iterations", lang, n=search.iters)),
            f"{search.iters_per_s:,.0f}",
        )
        row(
            t(
                "bench_ismcts_decision",
                lang,
                iterations=t("count_iterations", lang, n=search.iters),
                decisions=t("count_decisions", lang, n=search.decisions),
            ),
            f"{search.seconds_per_decision:.3f}",
        )
    if result.ismcts_parallel is not None:
        search = result.ismcts_parallel
        row(
            t(
                "bench_ismcts_jobs",
                lang,
                jobs=search.jobs,
                iterations=t("count_iterations", lang, n=search.iters),
            ),
            f"{search.iters_per_s:,.0f}",
        )
    if result.vector is not None:
        row(t("bench_vector", lang, n=result.vector.envs), f"{result.vector.steps_per_s:,.0f}")
    console().print(table)


def bench_in_process(
    game_id: str,
    games: int,
    seed: int,
    ismcts_decisions: int,
    build: str,
    jobs: int = 1,
    ismcts_iters: int = 200,
    vector_steps: int = 0,
) -> dict[str, Any]:
    """``cardtable bench --json`` run in a fresh process of the given build."""
    env = dict(os.environ, CARDTABLE_INTERPRETED="1" if build == "interpreted" else "0")
    args = [sys.executable, "-m", "cardtable.cli.main", "bench", game_id, "--json",
            "--games", str(games), "--seed", str(seed),
            "--ismcts-decisions", str(ismcts_decisions), "--jobs", str(jobs),
            "--ismcts-iters", str(ismcts_iters), "--vector-steps", str(vector_steps)]  # fmt: skip
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SetupError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else build)
    found: dict[str, Any] = json.loads(done.stdout)
    return found


BUILD_ROUNDS = 3
VECTOR_ENVS = 16
"""Games the bench steps together in the RL vector runner."""


def median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One run's document whose every figure is the median of the runs' (nested ones too)."""
    out: dict[str, Any] = {}
    for key, value in runs[0].items():
        if isinstance(value, float):
            out[key] = sorted(float(r[key]) for r in runs)[len(runs) // 2]
        elif isinstance(value, dict):
            out[key] = median_run([r[key] for r in runs])
        else:
            out[key] = value
    return out


def builds_table(game: Game, games: int, measured: dict[str, dict[str, Any]], lang: str) -> Table:
    """Each measure for the interpreted and the compiled builds, and their ratio."""
    slow, fast = measured["interpreted"], measured["compiled"]
    table = Table(title=t("bench_title", lang, title=game.title.get(lang, game.id), n=games))
    for key in ("col_measure", "build_interpreted", "build_compiled", "col_speedup"):
        table.add_column(t(key, lang))
    caption = t("bench_rounds", lang, n=BUILD_ROUNDS)
    if fast.get("build") != "compiled":
        built = t(f"build_{fast['build']}", lang)
        caption += " " + t("build_not_compiled", lang, build=built)
    table.caption = caption
    rows = [("bench_games", "games_per_s", True), ("bench_actions", "actions_per_s", True),
            ("bench_clone", "clone_us", False), ("bench_apply", "apply_us", False),
            ("bench_legal", "legal_actions_us", False)]  # fmt: skip
    for label, key, more_is_faster in rows:
        a, b = float(slow[key]), float(fast[key])
        ratio = (b / a if more_is_faster else a / b) if a and b else 0.0
        table.add_row(t(label, lang), f"{a:,.2f}", f"{b:,.2f}", f"{ratio:.2f}×")
    if slow.get("ismcts") and fast.get("ismcts"):
        a, b = float(slow["ismcts"]["iters_per_s"]), float(fast["ismcts"]["iters_per_s"])
        label = t("bench_ismcts_rate", lang,
                  iterations=t("count_iterations", lang, n=int(slow["ismcts"]["iters"])))  # fmt: skip
        table.add_row(label, f"{a:,.0f}", f"{b:,.0f}", f"{b / a:.2f}×" if a else "—")
    if slow.get("ismcts_parallel") and fast.get("ismcts_parallel"):
        a, b = (
            float(slow["ismcts_parallel"]["iters_per_s"]),
            float(fast["ismcts_parallel"]["iters_per_s"]),
        )
        label = t("bench_ismcts_jobs", lang, jobs=int(slow["ismcts_parallel"]["jobs"]),
                  iterations=t("count_iterations", lang, n=int(slow["ismcts_parallel"]["iters"])))  # fmt: skip
        table.add_row(label, f"{a:,.0f}", f"{b:,.0f}", f"{b / a:.2f}×" if a else "—")
    if slow.get("vector") and fast.get("vector"):
        a, b = float(slow["vector"]["steps_per_s"]), float(fast["vector"]["steps_per_s"])
        label = t("bench_vector", lang, n=int(slow["vector"]["envs"]))
        table.add_row(label, f"{a:,.0f}", f"{b:,.0f}", f"{b / a:.2f}×" if a else "—")
    return table


# --- position ----------------------------------------------------------------------------
def apply_texts(game: Game, state: Any, texts: str, lang: str) -> None:
    """Play 'act1; act2; …' in text form; an illegal one fails naming it."""
    parts = [p.strip() for p in texts.replace("\n", ";").split(";") if p.strip()]
    for i, text in enumerate(parts, 1):
        try:
            game.apply(state, game.parse_action(state, text))
        except CardtableError as exc:
            raise IllegalAction(
                t("bad_action", lang, i=i, text=text, message=exc.text(lang))
            ) from None


def position_cmd(
    game_id: str, path: str, actions: str | None, lang: str, step: bool = False
) -> None:
    """Show a position, or play actions from it and print the resulting position;
    ``step`` loads it in step mode (as ``step: true`` in the file)."""
    game = get_game(game_id)
    if step and not game.supports_step:
        raise SetupError(t("no_step", lang, game=game.id))
    _, state = load_position(path, game, {"step": True} if step else None)
    state.log = []
    out: Console = console()
    if actions is None:
        out.print(board(game, state, None, lang))
        out.print()
        out.print(Text(t("position_doc", lang), style="bold"))
        typer.echo(dump_position(game, state))
        return
    apply_texts(game, state, actions, lang)
    for line in event_lines(game, state, state.log or [], lang):
        out.print(line)
    out.print()
    out.print(board(game, state, None, lang))
    outcome = game.outcome(state)
    if outcome is not None:
        out.print(Text(outcome_text(game, outcome, lang, state), style="bold green"))
    out.print(Text(t("position_after", lang), style="bold"))
    typer.echo(dump_position(game, state))
