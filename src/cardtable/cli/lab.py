"""`cardtable tournament` and `cardtable balance`: the work behind the two commands.

Both play a round robin on paired seeds (cardtable.sim.tournament), show Rich tables in
the user's language and, with ``--out DIR``, keep the results file (resumable) and write
a report with PNG pictures next to it. A report starts with the command that produced it
and holds no date, so the same results give the same report byte for byte.
"""

from __future__ import annotations

import json
import math
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

from cardtable.cli.render import console, games_progress, t
from cardtable.cli.tools import Counter, Where, echo_json, note_jobs, note_torn, stop_on_ctrl_c
from cardtable.core.errors import SetupError
from cardtable.core.game import Game
from cardtable.core.registry import get_game
from cardtable.sim.balance import SMALL_SAMPLE, Balance, CardImpact, balance_plan
from cardtable.sim.report import Block, Bullets, Code, Heading, Image, Paragraph, write_report
from cardtable.sim.report import Table as ReportTable
from cardtable.sim.stats import Estimate
from cardtable.sim.tournament import Plan, Record, Schedule, Tournament, play
from cardtable.sim.whatif import Overrides, overrides_text, read_whatif

if TYPE_CHECKING:
    from cardtable.sim.plots import Bar

RESULTS = "results.jsonl"
ALL = "all"
DEFAULT_AGENT = "greedy"


@dataclass(frozen=True, slots=True)
class TournamentRequest:
    """The options of `cardtable tournament`."""

    game: str
    agents: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    """``--deck``, repeatable."""
    decks_opt: str | None = None
    """``--decks``: ``all`` or ids joined by commas."""
    games: int = 10
    seed: int = 0
    sets: tuple[str, ...] = ()
    players: int | None = None
    """``--players`` (already in ``setup``; kept for the report's command line)."""
    setup: dict[str, Any] | None = None
    out: str | None = None
    as_json: bool = False
    lang: str = "ru"
    where: Where = field(default_factory=Where)
    timings: bool = False
    """``--timings``: the measured CPU times in the ``--json`` document too."""


@dataclass(frozen=True, slots=True)
class BalanceRequest:
    """The options of `cardtable balance`."""

    game: str
    decks: tuple[str, ...] = ()
    decks_opt: str | None = None
    agent: str = DEFAULT_AGENT
    games: int = 50
    seed: int = 0
    sets: tuple[str, ...] = ()
    players: int | None = None
    """``--players`` (already in ``setup``; kept for the report's command line)."""
    setup: dict[str, Any] | None = None
    what_if: str | None = None
    out: str | None = None
    fmt: str = "md"
    top: int = 10
    as_json: bool = False
    lang: str = "ru"
    where: Where = field(default_factory=Where)


# --- the command lines a report starts with ----------------------------------------------
def _common_args(
    games: int,
    seed: int,
    sets: Sequence[str],
    out: str | None,
    lang: str,
    players: int | None = None,
) -> list[str]:
    args = ["--games", str(games), "--seed", str(seed)]
    if players is not None:
        args += ["--players", str(players)]
    for item in sets:
        args += ["--set", item]
    if out is not None:
        args += ["--out", out]
    return [*args, "--lang", lang]


def _deck_args(decks: Sequence[str], decks_opt: str | None) -> list[str]:
    args = [a for d in decks for a in ("--deck", d)]
    return args + (["--decks", decks_opt] if decks_opt is not None else [])


def tournament_command_text(req: TournamentRequest) -> str:
    """The command, with every option that decides the results (not --jobs/--backend)."""
    args = ["cardtable", "tournament", req.game]
    args += [a for spec in req.agents for a in ("--agent", spec)]
    args += _deck_args(req.decks, req.decks_opt)
    common = _common_args(req.games, req.seed, req.sets, req.out, req.lang, req.players)
    return shlex.join(args + common)


def balance_command_text(req: BalanceRequest) -> str:
    """The command, with every option that decides the report (not --jobs/--backend)."""
    args = ["cardtable", "balance", req.game, *_deck_args(req.decks, req.decks_opt)]
    args += ["--agent", req.agent]
    if req.what_if is not None:
        args += ["--what-if", req.what_if]
    if req.fmt != "md":
        args += ["--format", req.fmt]
    if req.top != 10:
        args += ["--top", str(req.top)]
    common = _common_args(req.games, req.seed, req.sets, req.out, req.lang, req.players)
    return shlex.join(args + common)


# --- checking the options ----------------------------------------------------------------
def check_games(games: int, lang: str) -> None:
    """A positive number of games."""
    if games <= 0:
        raise SetupError(t("games_positive", lang, n=games))


def check_specs(specs: Sequence[str], lang: str) -> None:
    """No person at a batch table, no entrant twice."""
    if any(s.strip() == "human" for s in specs):
        raise SetupError(t("human_only_play", lang))
    _no_repeats(specs, lang)


def _no_repeats(names: Sequence[str], lang: str) -> None:
    for name in names:
        if names.count(name) > 1:
            raise SetupError(t("lab_repeated", lang, name=name))


def chosen_decks(
    game: Game,
    setup: dict[str, Any],
    decks: Sequence[str],
    decks_opt: str | None,
    lang: str,
    default_all: bool = False,
) -> tuple[str, ...]:
    """The decks asked for (``--deck`` or ``--decks``), checked against the game's."""
    if decks and decks_opt is not None:
        raise SetupError(t("lab_decks_twice", lang))
    if not decks and decks_opt is None and not default_all:
        return ()
    known = game.deck_names(setup)
    if not known:
        raise SetupError(t("lab_no_decks", lang, game=game.id))
    if decks:
        wanted = list(decks)
    elif decks_opt is None or decks_opt.strip() == ALL:
        wanted = list(known)
    else:
        wanted = [d.strip() for d in decks_opt.split(",") if d.strip()]
    for deck in wanted:
        if deck not in known:
            raise SetupError(
                t("lab_unknown_deck", lang, deck=deck, game=game.id, decks=", ".join(known))
            )
    _no_repeats(wanted, lang)
    if len(wanted) < 2:
        raise SetupError(t("lab_two_decks", lang))
    return tuple(wanted)


def load_whatif(path: str | None, lang: str) -> Overrides:
    """The what-if overrides (none without a file); a WhatIfError carries its message
    key, so the command line says it in the user's language."""
    if path is None:
        return {}
    return read_whatif(path)


def out_dir(out: str | None, lang: str) -> Path | None:
    """The output directory (refusing an existing file of that name)."""
    if out is None:
        return None
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise SetupError(t("lab_out_not_dir", lang, path=out))
    return path


def tournament_plan(req: TournamentRequest) -> Plan:
    """The plan the options ask for (entrants are decks when decks are named)."""
    lang = req.lang
    check_games(req.games, lang)
    game = get_game(req.game)
    setup = dict(req.setup or {})
    decks = chosen_decks(game, setup, req.decks, req.decks_opt, lang)
    common: dict[str, Any] = {"game": req.game, "setup": setup, "games": req.games}
    if decks:
        if len(req.agents) > 1:
            raise SetupError(t("lab_one_agent", lang, n=len(req.agents)))
        agent = req.agents[0] if req.agents else DEFAULT_AGENT
        check_specs([agent], lang)
        return Plan(entrants=decks, by_deck=True, agent=agent, seed=req.seed, **common)
    if len(req.agents) < 2:
        raise SetupError(t("lab_two_agents", lang))
    check_specs(req.agents, lang)
    return Plan(entrants=tuple(req.agents), seed=req.seed, **common)


def balance_request_plan(req: BalanceRequest) -> Plan:
    """The balance plan the options ask for (all decks unless some are named)."""
    lang = req.lang
    check_games(req.games, lang)
    if req.top < 1:
        raise SetupError(t("lab_top_positive", lang, n=req.top))
    game = get_game(req.game)
    setup = dict(req.setup or {})
    decks = chosen_decks(game, setup, req.decks, req.decks_opt, lang, default_all=True)
    check_specs([req.agent], lang)
    overrides = load_whatif(req.what_if, lang)
    return balance_plan(
        req.game,
        decks,
        agent=req.agent,
        setup=setup,
        games=req.games,
        seed=req.seed,
        overrides=overrides,
    )


# --- playing with a progress bar -----------------------------------------------------------
def play_with_progress(plan: Plan, where: Where, out: Path | None, lang: str) -> Tournament:
    """Play a plan with a transient progress bar on stderr (Ctrl-C stops it cleanly and
    says how to resume: docs/saves.md, "Batch runs")."""
    results = None if out is None else out / RESULTS
    note_torn(results, lang)
    counted = Counter()
    total = [0]
    stopping = stop_on_ctrl_c(results, lang, lambda: (counted.n, total[0]))
    with (
        stopping,
        games_progress(lang) as progress,
    ):
        bar = progress.add_task("games", total=None)

        def sized(plan_schedule: Schedule) -> None:
            total[0] = len(plan_schedule.tasks)
            note_jobs(where, total[0], lang)
            progress.update(bar, total=total[0])

        def tick(_: Record) -> None:
            counted()
            progress.advance(bar)

        return play(
            plan,
            jobs=where.jobs,
            backend=where.backend,
            address=where.address,
            out=None if results is None else str(results),
            on_record=tick,
            on_schedule=sized,
        )


# --- formatting ----------------------------------------------------------------------------
def pct(e: Estimate) -> str:
    """'55.0%' (a dash without games)."""
    return "—" if e.n == 0 else f"{100 * e.value:.1f}%"


def interval(e: Estimate) -> str:
    """'[45.1, 64.6]' in percent (empty without games)."""
    return "" if e.n == 0 else f"[{100 * e.low:.1f}, {100 * e.high:.1f}]"


def cell(e: Estimate, sep: str = " ") -> str:
    """'55.0% [45.1, 64.6] n=40' (empty without games)."""
    return "" if e.n == 0 else f"{pct(e)}{sep}{interval(e)}{sep}n={e.n}"


def points(value: float) -> str:
    """A difference of rates in percentage points, signed."""
    return "—" if math.isnan(value) else f"{100 * value:+.1f}"


def names(game: Game, plan: Plan, lang: str) -> dict[str, str]:
    """Each entrant's display name (a deck's title)."""
    if not plan.by_deck:
        return {e: e for e in plan.entrants}
    return {e: game.deck_title(e, lang) for e in plan.entrants}


def card_names(game: Game, balance: Balance, lang: str) -> dict[str, str]:
    """Each played card's printed name (its id when the game has no name for it)."""
    return {c.card: game.card_title(c.card, lang) for c in balance.card_impact()}


def skipped_lines(result: Tournament, shown: dict[str, str], lang: str) -> list[str]:
    """'A – B: reason' for every pairing the rules refuse."""
    return [f"{' – '.join(shown[e] for e in s.entrants)}: {s.text(lang)}" for s in result.skipped]


# --- tournament ----------------------------------------------------------------------------
def standings_table(result: Tournament, shown: dict[str, str], lang: str) -> ReportTable:
    """Rank, entrant, rating, win rate, games and thinking time as plain cells."""
    headers = tuple(
        t(k, lang)
        for k in (
            "col_rank",
            "col_entrant",
            "col_rating",
            "col_mu_sigma",
            "col_win_rate",
            "col_interval",
            "col_games",
            "col_think",
        )
    )
    rows = tuple(
        (
            str(s.rank),
            shown[s.entrant],
            f"{s.rating.ordinal:.2f}",
            f"{s.rating.mu:.2f} ± {s.rating.sigma:.2f}",
            pct(s.win_rate),
            interval(s.win_rate),
            str(s.games),
            f"{1000 * s.seconds_per_decision:.3f}",
        )
        for s in result.standings()
    )
    return ReportTable(headers, rows, right=(0, 2, 3, 4, 6, 7))


def pairwise_table(
    result: Tournament, shown: dict[str, str], lang: str, sep: str = " "
) -> ReportTable:
    """Row entrant's score against the column entrant (— on the diagonal)."""
    entrants = result.plan.entrants
    headers = (t("col_row_vs_col", lang), *(shown[e] for e in entrants))
    rows = tuple(
        (shown[a], *("—" if a == b else cell(result.pairwise(a, b), sep) for b in entrants))
        for a in entrants
    )
    return ReportTable(headers, rows)


def rich_table(table: ReportTable, title: str) -> Table:
    """A report table shown in the terminal."""
    out = Table(title=title)
    for i, header in enumerate(table.headers):
        out.add_column(header, justify="right" if i in table.right else "left")
    for row in table.rows:
        out.add_row(*(Text(c) for c in row))
    return out


def tournament_title(game: Game, result: Tournament, lang: str) -> str:
    """The report's and the table's title."""
    plan = result.plan
    return t(
        "lab_tour_title_decks" if plan.by_deck else "lab_tour_title",
        lang,
        title=game.title.get(lang, game.id),
        n=len(plan.entrants),
        games=plan.games,
        seed=plan.seed,
        agent=plan.agent,
    )


def tournament_blocks(game: Game, result: Tournament, command: str, lang: str) -> list[Block]:
    """The tournament report."""
    shown = names(game, result.plan, lang)
    blocks: list[Block] = [
        Heading(tournament_title(game, result, lang), 1),
        Code(command),
        Paragraph(t("lab_tour_about", lang, seats=result.seats, played=len(result.records))),
        Heading(t("lab_standings", lang)),
        standings_table(result, shown, lang),
        Paragraph(t("lab_rating_about", lang)),
        Image("ratings.png", t("lab_plot_ratings", lang)),
        Heading(t("lab_pairwise", lang)),
        pairwise_table(result, shown, lang),
        Image("matrix.png", t("lab_plot_matrix", lang)),
    ]
    if result.skipped:
        blocks += [
            Heading(t("lab_skipped_title", lang)),
            Bullets(tuple(skipped_lines(result, shown, lang))),
        ]
    return blocks


def matrix_values(result: Tournament) -> list[list[float | None]]:
    """Pairwise rates for the heatmap (None: no games)."""
    entrants = result.plan.entrants
    values: list[list[float | None]] = []
    for a in entrants:
        row: list[float | None] = []
        for b in entrants:
            e = result.pairwise(a, b)
            row.append(None if a == b or e.n == 0 else e.value)
        values.append(row)
    return values


def write_tournament(
    directory: Path, game: Game, result: Tournament, command: str, lang: str
) -> list[Path]:
    """tournament.md, ratings.png and matrix.png."""
    from cardtable.sim import plots  # matplotlib loads only when pictures are drawn

    shown = names(game, result.plan, lang)
    bars = [
        plots.Bar(
            shown[s.entrant],
            s.rating.mu,
            s.rating.mu - 2 * s.rating.sigma,
            s.rating.mu + 2 * s.rating.sigma,
        )
        for s in result.standings()
    ]
    labels = [shown[e] for e in result.plan.entrants]
    return [
        write_report(directory / "tournament.md", tournament_blocks(game, result, command, lang)),
        plots.interval_chart(
            directory / "ratings.png", bars, t("lab_plot_ratings", lang), t("lab_plot_mu", lang)
        ),
        plots.heatmap(
            directory / "matrix.png",
            labels,
            matrix_values(result),
            t("lab_plot_matrix", lang),
            t("col_win_rate", lang),
        ),
    ]


def tournament_cmd(req: TournamentRequest) -> None:
    """Play the round robin, then show (or print as JSON, or write) its results."""
    lang = req.lang
    plan = tournament_plan(req)
    directory = out_dir(req.out, lang)
    game = get_game(req.game)
    result = play_with_progress(plan, req.where, directory, lang)
    written: list[Path] = []
    if directory is not None:
        written = write_tournament(directory, game, result, tournament_command_text(req), lang)
    if req.as_json:
        echo_json(result.to_json(req.timings))
        return
    shown = names(game, plan, lang)
    out = console()
    out.print(
        rich_table(standings_table(result, shown, lang), tournament_title(game, result, lang))
    )
    out.print(rich_table(pairwise_table(result, shown, lang, "\n"), t("lab_pairwise", lang)))
    _print_tail(skipped_lines(result, shown, lang), written, lang)


def _print_tail(skipped: list[str], written: list[Path], lang: str) -> None:
    out = console()
    for line in skipped:
        out.print(Text(t("lab_skipped", lang, pairing=line), style="yellow"))
    if written:
        out.print(Text(t("lab_written", lang, paths=", ".join(str(p) for p in written))))


# --- balance -------------------------------------------------------------------------------
def balance_title(game: Game, balance: Balance, lang: str) -> str:
    """The report's and the summary's title."""
    plan = balance.tournament.plan
    return t(
        "lab_bal_title",
        lang,
        title=game.title.get(lang, game.id),
        n=len(plan.entrants),
        agent=plan.agent,
        games=plan.games,
        seed=plan.seed,
    )


def measures_table(balance: Balance, lang: str) -> ReportTable:
    """Seat advantage and game length."""
    first, turns = balance.seat_advantage(), balance.length()
    turns_interval = "" if turns.n == 0 else f"[{turns.low:.2f}, {turns.high:.2f}]"
    return ReportTable(
        tuple(t(k, lang) for k in ("col_measure", "col_value", "col_interval", "col_n")),
        (
            (t("sim_first", lang), pct(first), interval(first), str(first.n)),
            (
                t("sim_length", lang),
                "—" if turns.n == 0 else f"{turns.value:.2f}",
                turns_interval,
                str(turns.n),
            ),
        ),
        right=(1, 3),
    )


def deck_matrix_table(
    balance: Balance, shown: dict[str, str], lang: str, sep: str = " "
) -> ReportTable:
    """Row deck's score against column deck, and each deck's overall score."""
    decks = balance.decks
    matrix = balance.matrix()
    headers = (t("col_row_vs_col", lang), *(shown[d] for d in decks), t("col_overall", lang))
    rows = tuple(
        (
            shown[a],
            *("—" if a == b else cell(matrix[i][j], sep) for j, b in enumerate(decks)),
            cell(balance.overall(a), sep),
        )
        for i, a in enumerate(decks)
    )
    return ReportTable(headers, rows)


def card_row(card: CardImpact, shown: dict[str, str], lang: str) -> tuple[str, ...]:
    """One card's line of the impact table."""
    diff = points(card.diff)
    if not math.isnan(card.low):
        diff += f" [{points(card.low)}, {points(card.high)}]"
    return (
        shown.get(card.card, card.card),
        ", ".join(shown.get(d, d) for d in card.decks),
        pct(card.played),
        str(card.played.n),
        pct(card.not_played),
        str(card.not_played.n),
        diff,
        t("lab_small", lang) if card.small else "",
    )


def cards_table(cards: Sequence[CardImpact], shown: dict[str, str], lang: str) -> ReportTable:
    """The per-card impact table."""
    headers = tuple(
        t(k, lang)
        for k in (
            "col_card",
            "col_decks",
            "col_played",
            "col_n",
            "col_not_played",
            "col_n",
            "col_diff",
            "col_note",
        )
    )
    return ReportTable(
        headers, tuple(card_row(c, shown, lang) for c in cards), right=(2, 3, 4, 5, 6)
    )


def top_and_bottom(cards: Sequence[CardImpact], top: int) -> list[CardImpact]:
    """The ``top`` largest and ``top`` smallest differences (all when few)."""
    if len(cards) <= 2 * top:
        return list(cards)
    return [*cards[:top], *cards[-top:]]


def balance_blocks(game: Game, balance: Balance, command: str, lang: str, top: int) -> list[Block]:
    """The balance report."""
    plan = balance.tournament.plan
    shown = {**card_names(game, balance, lang), **names(game, plan, lang)}
    setup_lines = [
        t("lab_rep_game", lang, title=game.title.get(lang, game.id), game=game.id),
        t("lab_rep_decks", lang, decks=", ".join(shown[d] for d in plan.entrants)),
        t("lab_rep_agent", lang, agent=plan.agent),
        t("lab_rep_games", lang, games=plan.games, seed=plan.seed, played=len(balance.records)),
    ]
    if plan.setup:
        setup_lines.append(t("lab_rep_setup", lang, setup=_setup_text(plan.setup)))
    blocks: list[Block] = [
        Heading(balance_title(game, balance, lang), 1),
        Code(command),
        Heading(t("lab_rep_setup_title", lang)),
        Bullets(tuple(setup_lines)),
    ]
    if plan.overrides:
        blocks += [
            Heading(t("lab_rep_whatif", lang)),
            Paragraph(t("lab_rep_whatif_about", lang)),
            Bullets(tuple(overrides_text(plan.overrides))),
        ]
    blocks += [
        Heading(t("lab_rep_seat", lang)),
        measures_table(balance, lang),
        Paragraph(t("lab_rep_seat_about", lang)),
        Heading(t("lab_rep_matrix", lang)),
        Paragraph(t("lab_rep_matrix_about", lang)),
        deck_matrix_table(balance, shown, lang),
        Image("matrix.png", t("lab_plot_deck_matrix", lang)),
        Heading(t("lab_rep_cards", lang)),
        Paragraph(t("lab_rep_cards_about", lang, small=SMALL_SAMPLE)),
        cards_table(balance.card_impact(), shown, lang),
        Image("cards.png", t("lab_plot_cards", lang, n=top)),
        Heading(t("lab_rep_length", lang)),
        ReportTable(
            (t("col_turns", lang), t("col_games", lang)),
            tuple((str(k), str(n)) for k, n in balance.length_histogram()),
            right=(0, 1),
        ),
        Image("length.png", t("lab_plot_length", lang)),
    ]
    skipped = skipped_lines(balance.tournament, shown, lang)
    if skipped:
        blocks += [Heading(t("lab_skipped_title", lang)), Bullets(tuple(skipped))]
    return blocks


def _setup_text(setup: Any) -> str:
    return json.dumps(setup, sort_keys=True, ensure_ascii=False)


def card_bars(cards: Sequence[CardImpact], shown: dict[str, str]) -> list[Bar]:
    """Impact bars in percentage points, small samples marked * (cards without a
    comparison left out)."""
    from cardtable.sim import plots

    return [
        plots.Bar(
            shown.get(c.card, c.card) + (" *" if c.small else ""),
            100 * c.diff,
            100 * c.low,
            100 * c.high,
        )
        for c in cards
        if not math.isnan(c.diff)
    ]


def write_balance(directory: Path, game: Game, balance: Balance, req: BalanceRequest) -> list[Path]:
    """The report (md or html) and matrix.png, cards.png, length.png next to it."""
    from cardtable.sim import plots

    lang = req.lang
    shown = {**card_names(game, balance, lang), **names(game, balance.tournament.plan, lang)}
    blocks = balance_blocks(game, balance, balance_command_text(req), lang, req.top)
    labels = [shown[d] for d in balance.decks]
    return [
        write_report(directory / f"report.{req.fmt}", blocks, req.fmt, lang),
        plots.heatmap(
            directory / "matrix.png",
            labels,
            matrix_values(balance.tournament),
            t("lab_plot_deck_matrix", lang),
            t("col_win_rate", lang),
        ),
        plots.interval_chart(
            directory / "cards.png",
            card_bars(top_and_bottom(balance.card_impact(), req.top), shown),
            t("lab_plot_cards", lang, n=req.top),
            t("lab_plot_diff", lang),
            zero=0.0,
        ),
        plots.histogram(
            directory / "length.png",
            balance.length_histogram(),
            t("lab_plot_length", lang),
            t("col_turns", lang),
            t("col_games", lang),
        ),
    ]


def balance_cmd(req: BalanceRequest) -> None:
    """Play every deck pairing, then show a summary (or JSON) and write the report."""
    lang = req.lang
    plan = balance_request_plan(req)
    directory = out_dir(req.out, lang)
    game = get_game(req.game)
    balance = Balance(play_with_progress(plan, req.where, directory, lang))
    written: list[Path] = []
    if directory is not None:
        written = write_balance(directory, game, balance, req)
    if req.as_json:
        echo_json(balance.to_json())
        return
    shown = {**card_names(game, balance, lang), **names(game, plan, lang)}
    out = console()
    out.print(rich_table(measures_table(balance, lang), balance_title(game, balance, lang)))
    out.print(rich_table(deck_matrix_table(balance, shown, lang, "\n"), t("lab_rep_matrix", lang)))
    cards = top_and_bottom(balance.card_impact(), req.top)
    out.print(rich_table(cards_table(cards, shown, lang), t("lab_cards_top", lang, n=req.top)))
    _print_tail(skipped_lines(balance.tournament, shown, lang), written, lang)
