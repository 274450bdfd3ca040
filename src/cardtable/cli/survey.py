"""`cardtable levels GAME --survey L`: every way to spend a level's difficulty points,
played by one agent against the rulebook's AI, from easiest to hardest.

The rulebook lets the player spend a level's points as they like; the named presets are
one choice each. A survey plays every choice on the same seeds (sim/survey.py) and
ranks them by the agent's win rate, with the preset's rank, so a player sees which
settings make a level easy or hard and a designer sees whether the point costs hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.table import Table
from rich.text import Text

from cardtable.cli.lab import interval, pct
from cardtable.cli.render import console, game_module, games_progress, t
from cardtable.cli.tools import Counter, Where, echo_json, note_jobs, note_torn, stop_on_ctrl_c
from cardtable.core.errors import SetupError
from cardtable.core.registry import get_game
from cardtable.sim.run import SimResult
from cardtable.sim.survey import Variant, survey


@dataclass(frozen=True, slots=True)
class SurveyRequest:
    """What `levels --survey` was asked."""

    game: str
    level: int
    agent: str
    games: int
    seed: int
    top: int
    as_json: bool
    lang: str


@dataclass(frozen=True, slots=True)
class SpendRow:
    """One spend's result."""

    label: str
    option: dict[str, Any]
    result: SimResult
    preset: bool

    def to_json(self) -> dict[str, Any]:
        """Plain data for --json."""
        rate = self.result.agent_win_rate(0)
        return {
            "label": self.label,
            "ai": self.option,
            "preset": self.preset,
            "games": self.result.games,
            "win_rate": rate.to_json(),
            "mean_turns": self.result.length().to_json(),
        }


def survey_rows(req: SurveyRequest, where: Where) -> list[SpendRow]:
    """Play the survey and rank the spends, easiest for the agent first (ties by label)."""
    game = get_game(req.game)
    module = game_module(game, "render")
    if module is None or not hasattr(module, "level_spends"):
        raise SetupError(t("no_levels", req.lang, game=req.game))
    if req.games <= 0:
        raise SetupError(t("games_positive", req.lang, n=req.games))
    spends = module.level_spends(req.level)
    preset = module.preset_option(req.level)
    variants = [Variant(label, {"ai": option}) for label, option in spends]
    specs = [req.agent, f"clash-solo:level={req.level}"]
    total = len(variants) * 2 * req.games
    note_jobs(where, total, req.lang)
    note_torn(where.out, req.lang)
    counted = Counter()

    def tick() -> None:
        counted()
        progress.advance(bar)

    with (
        stop_on_ctrl_c(where.out, req.lang, lambda: (counted.n, total)),
        games_progress(req.lang) as progress,
    ):
        bar = progress.add_task("games", total=total)
        results = survey(
            req.game,
            variants,
            specs,
            2 * req.games,
            req.seed,
            paired=True,
            jobs=where.jobs,
            backend=where.backend,
            address=where.address,
            out=where.out,
            on_game=tick,
        )
    rows = [
        SpendRow(label, option, result, option == preset)
        for (label, option), result in zip(spends, results, strict=True)
    ]
    rows.sort(key=lambda r: (-r.result.agent_win_rate(0).value, r.label))
    return rows


def survey_cmd(req: SurveyRequest, where: Where) -> None:
    """Print the easiest and hardest spends of a level (or all of them as JSON)."""
    rows = survey_rows(req, where)
    if req.as_json:
        echo_json(
            {
                "game": req.game,
                "level": req.level,
                "agent": req.agent,
                "seeds": req.games,
                "seed": req.seed,
                "spends": [r.to_json() for r in rows],
            }
        )
        return
    module = game_module(get_game(req.game), "render")
    assert module is not None
    lang = req.lang
    ranked = list(enumerate(rows, 1))
    shown = ranked[: req.top] + [p for p in ranked[req.top : -req.top] if p[1].preset]
    shown += ranked[max(req.top, len(ranked) - req.top) :]
    table = Table(
        title=t(
            "survey_title",
            lang,
            level=req.level,
            n=len(rows),
            agent=req.agent,
            seeds=t("count_seeds", lang, n=req.games),
        ),
        title_justify="left",
    )
    for key in ("col_rank", "survey_settings", "col_win_rate", "col_interval", "col_turns"):
        table.add_column(t(key, lang))
    previous = 0
    for rank, row in shown:
        if rank != previous + 1:
            table.add_row("…", "", "", "", "")
        previous = rank
        rate = row.result.agent_win_rate(0)
        text = module.spend_text(row.option, lang)
        if row.preset:
            text = t("survey_preset", lang, text=text)
        table.add_row(
            str(rank),
            Text(text, style="bold" if row.preset else ""),
            pct(rate),
            interval(rate),
            f"{row.result.length().value:.1f}",
        )
    console().print(table)
    console().print(Text(t("survey_note", lang)))
