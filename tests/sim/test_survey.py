"""Surveys (issue 6, balance lab): one setup's variants on common seeds, the same records
as separate simulations, resumable results; `levels clash --survey` over every way to
spend a level's points (clash.custom.level)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core.errors import SetupError
from cardtable.games.clash.solo import levels, spend_option, spends
from cardtable.sim.run import simulate
from cardtable.sim.survey import Variant, survey

SPECS = ["greedy", "clash-solo:level=1"]
VARIANTS = [
    Variant("mana=3", {"ai": {"fixed_mana": 3}}),
    Variant("catalyst", {"ai": {"abilities": ["catalyst"]}}),
]


def test_each_variant_plays_the_games_its_own_simulation_plays(tmp_path: Path) -> None:
    """Common seeds: variant k's records are those of simulate() with its setup and the
    survey's seed, so variants differ only by their setups."""
    out = tmp_path / "survey.jsonl"
    results = survey("clash", VARIANTS, SPECS, 4, seed=5, out=str(out))
    for variant, result in zip(VARIANTS, results, strict=True):
        alone = simulate("clash", variant.setup, SPECS, 4, seed=5, paired=True)
        assert result.records == alone.records
        assert result.setup["ai"] == variant.setup["ai"]
    assert [r.seed for r in results[0].records] == [r.seed for r in results[1].records]
    # resumable: a second run plays nothing and reads the same records back
    ticks: list[int] = []
    again = survey(
        "clash", VARIANTS, SPECS, 4, seed=5, out=str(out), on_game=lambda: ticks.append(1)
    )
    assert [r.records for r in again] == [r.records for r in results]
    assert len(ticks) == 8
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 8
    assert json.loads(lines[0])["config"]["kind"] == "survey"


def test_a_survey_file_of_other_variants_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "survey.jsonl"
    survey("clash", VARIANTS[:1], SPECS, 2, seed=1, out=str(out))
    with pytest.raises(SetupError, match="another run"):
        survey("clash", VARIANTS, SPECS, 2, seed=1, out=str(out))


def test_bad_surveys_are_refused_before_any_game() -> None:
    with pytest.raises(SetupError, match="at least one variant"):
        survey("clash", [], SPECS, 2)
    with pytest.raises(SetupError, match="distinct labels"):
        survey("clash", [VARIANTS[0], VARIANTS[0]], SPECS, 2)
    with pytest.raises(SetupError, match="multiple of 2"):
        survey("clash", VARIANTS, SPECS, 3)
    with pytest.raises(SetupError, match="the settings cost 2"):
        survey("clash", [Variant("two", {"ai": {"fixed_mana": 4}})], SPECS, 2)


def test_levels_survey_ranks_every_spend_once_with_the_preset_marked() -> None:
    """clash.custom.level: `levels clash --survey 1` plays the 11 one-point spends and
    ranks them by the agent's win rate; the level's preset is among them, flagged."""
    runner = CliRunner()
    res = runner.invoke(
        app, ["levels", "clash", "--survey", "1", "--games", "2", "--seed", "3", "--json"]
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    rows = data["spends"]
    assert len(rows) == len(spends(1)) == 11
    assert sorted(json.dumps(r["ai"], sort_keys=True) for r in rows) == sorted(
        json.dumps(spend_option(s), sort_keys=True) for s in spends(1)
    )
    assert [r["ai"] for r in rows if r["preset"]] == [spend_option(levels().presets[1])]
    rates = [r["win_rate"]["value"] for r in rows]
    assert rates == sorted(rates, reverse=True)
    assert all(r["games"] == 4 for r in rows)
    table = runner.invoke(
        app, ["levels", "clash", "--survey", "1", "--games", "2", "--seed", "3", "--top", "2"]
    )
    assert table.exit_code == 0 and "готовый набор уровня" in table.stdout


def test_levels_survey_errors() -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["levels", "clash", "--survey", "11"])
    assert res.exit_code == 2
    res = runner.invoke(app, ["levels", "epic", "--survey", "3", "--lang", "en"])
    assert res.exit_code == 2 and "epic" in res.output
    res = runner.invoke(app, ["levels", "clash", "--survey", "1", "--games", "0", "--lang", "en"])
    assert res.exit_code == 2
