"""`cardtable mutation` through a small Typer app (clash.mutation.overview)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from cardtable.cli.mutation import mutation_command, parse_part
from cardtable.games.clash import mutation as mu

app = typer.Typer()
app.command("mutation")(mutation_command)


@app.callback()
def _root() -> None:
    """Keep 'mutation' as a subcommand."""


runner = CliRunner()
AGENTS = ["--p1", "greedy", "--p2", "random", "--p3", "greedy", "--p4", "random"]


def test_all_agent_campaign_runs_to_standings(tmp_path: Path) -> None:
    save = tmp_path / "camp.json"
    res = runner.invoke(
        app, ["mutation", "--seed", "5", *AGENTS, "--save", str(save), "--lang", "en"]
    )
    assert res.exit_code == 0, res.output
    assert "Campaign standings" in res.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["phase"] == mu.OVER and len(doc["results"]) == 12
    # The same seed gives the same campaign.
    again = tmp_path / "again.json"
    runner.invoke(app, ["mutation", "--seed", "5", *AGENTS, "--save", str(again), "--lang", "en"])
    assert json.loads(again.read_text(encoding="utf-8")) == doc


def test_human_eof_stops_cleanly_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    res = runner.invoke(app, ["mutation", "--seed", "4", "--save", str(save)], input="1\nzz\n2\n")
    assert res.exit_code == 0, res.output
    assert "Ввод закончился" in res.output
    assert str(save) in res.output and "--resume" in res.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["phase"] == mu.DRAFT and len(doc["picked"][0]) == 2
    res = runner.invoke(app, ["mutation", "--resume", str(save), "--lang", "en"], input="1\n")
    assert res.exit_code == 0, res.output
    assert "Input ended" in res.output
    assert len(json.loads(save.read_text(encoding="utf-8"))["picked"][0]) == 3


def test_human_builds_grafts_and_reaches_a_duel(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    picks = "1\n" * 15 + "1\n" * 8
    grafts = "9 1 1\n1 attack 1\n1 ат 2\n1 health 1\ndone\n"
    res = runner.invoke(
        app, ["mutation", "--seed", "4", "--save", str(save), "--lang", "en"], input=picks + grafts
    )
    assert res.exit_code == 0, res.output
    assert "Cannot read “9 1 1”" in res.output
    assert "a new one cannot cover it" in res.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    mine = [g for g in doc["grafts"] if g["seat"] == 0]
    assert [(g["part"], g["source"]) for g in mine] == [
        ("attack", doc["lab"][0][0]),
        ("health", doc["lab"][0][0]),
    ]
    assert doc["phase"] == mu.PLAY and "current" in doc  # stopped inside the first duel


def test_bad_resume_file_is_one_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    res = runner.invoke(app, ["mutation", "--resume", str(bad), "--lang", "en"])
    assert res.exit_code == 2
    res = runner.invoke(app, ["mutation", "--p2", "nobody", "--save", str(tmp_path / "x.json")])
    assert res.exit_code == 2 and not (tmp_path / "x.json").exists()


def test_parts_by_number_or_name() -> None:
    assert parse_part("1") == "attack"
    assert parse_part("здоровье") == "health"
    assert parse_part("ab") == "abilities"
    assert parse_part("a") is None  # attack or abilities
    assert parse_part("5") is None
