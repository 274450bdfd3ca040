"""`cardtable tournament` and `cardtable balance` (issue 6, deliverables 3 and 4): tables
in both languages, JSON documents, output directories, resuming, and bad input as one
clear error line with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.main import app

runner = CliRunner()


def cli(*args: str):
    return runner.invoke(app, list(args))


def ok(*args: str):
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def fails(*args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith(("Ошибка", "Error"))]
    assert len(errors) == 1, result.output
    return errors[0]


# --- tournament ----------------------------------------------------------------------------
def test_tournament_of_agents_table_json_and_files(tmp_path: Path) -> None:
    """Deliverable 1: standings with rating, win rate, interval, games and CPU time per
    decision, the pairwise matrix; --json prints one document; --out writes the results,
    tournament.md and the two pictures, and a second run plays nothing new."""
    out = tmp_path / "t"
    args = ["tournament", "clash", "--agent", "greedy", "--agent", "random", "--games", "3"]
    text = ok(*args, "--out", str(out), "--lang", "en").output
    for word in ("Rank", "Rating", "Win rate", "95% interval", "CPU ms per decision", "Row vs"):
        assert word in text
    assert "Written:" in text
    for name in ("results.jsonl", "tournament.md", "ratings.png", "matrix.png"):
        assert (out / name).exists(), name
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 6
    doc = json.loads(ok(*args, "--out", str(out), "--json", "--lang", "en").stdout)
    assert doc["standings"][0]["entrant"] == "greedy" and doc["played"] == 6
    assert (out / "results.jsonl").read_text(encoding="utf-8").splitlines() == lines  # resumed
    report = (out / "tournament.md").read_text(encoding="utf-8")
    assert report.startswith("# Clash of Decks: tournament of 2 agents")
    assert "cardtable tournament clash --agent greedy --agent random --games 3" in report
    ru = ok(*args).output
    assert "Место" in ru and "Доля побед" in ru


def test_tournament_of_decks(tmp_path: Path) -> None:
    """Deliverable 1 (decks): --decks all seats every deck against every other, each seat
    played by the one --agent; deck titles in the user's language."""
    doc = json.loads(
        ok(
            "tournament", "clash", "--decks", "all", "--agent", "random", "--games", "1", "--json"
        ).stdout
    )
    assert doc["by_deck"] and doc["agent"] == "random"
    assert doc["entrants"] == ["ember", "tide", "storm", "shadow"] and doc["played"] == 12
    text = ok(
        "tournament", "clash", "--deck", "ember", "--deck", "tide", "--games", "1", "--lang", "en"
    ).output
    assert "Ember" in text and "Tide" in text and "played by greedy" in text


def test_tournament_bad_input() -> None:
    """Deliverable 3 (errors): an unknown agent, --games 0, one agent, an unknown deck,
    decks given twice and several agents for decks each give one error line, exit 2."""
    base = ["tournament", "clash", "--lang", "en"]
    assert "unknown agent “bogus”" in fails(*base, "--agent", "bogus", "--agent", "random")
    assert "must be positive" in fails(
        *base, "--agent", "greedy", "--agent", "random", "--games", "0"
    )
    assert "at least two entrants" in fails(*base, "--agent", "greedy")
    assert "unknown deck “nope”" in fails(*base, "--deck", "ember", "--deck", "nope")
    assert "not both" in fails(*base, "--deck", "ember", "--decks", "all")
    assert "give --agent once" in fails(
        *base, "--decks", "all", "--agent", "greedy", "--agent", "random"
    )
    assert "named twice" in fails(*base, "--agent", "random", "--agent", "random")
    assert "human" in fails(*base, "--agent", "human", "--agent", "random")
    assert "Ошибка" in fails("tournament", "clash", "--agent", "greedy")


def test_a_results_directory_of_another_run_is_refused(tmp_path: Path) -> None:
    """Deliverable 3 (refusal): --out holding another run's results (another seed) is
    refused with one error line, the file left as it was."""
    out = tmp_path / "t"
    args = ["tournament", "clash", "--agent", "greedy", "--agent", "random", "--games", "1"]
    ok(*args, "--out", str(out))
    before = (out / "results.jsonl").read_bytes()
    assert "another run" in fails(*args, "--out", str(out), "--seed", "9", "--lang", "en")
    assert (out / "results.jsonl").read_bytes() == before
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert "not a directory" in fails(*args, "--out", str(tmp_path / "file"), "--lang", "en")


# --- balance -------------------------------------------------------------------------------
def test_balance_summary_json_and_reports(tmp_path: Path) -> None:
    """Deliverable 2: the summary shows seat advantage, the deck matrix and card impact;
    --json prints the document; --out writes report.md (report.html with --format html),
    results.jsonl and the PNGs, and the same command gives the same report byte for byte."""
    args = ["balance", "clash", "--deck", "ember", "--deck", "tide", "--agent", "random"]
    args += ["--games", "2", "--lang", "en"]
    text = ok(*args).output
    assert "First player's win rate" in text and "Deck against deck" in text
    assert "Cards with the largest impact" in text
    doc = json.loads(ok(*args, "--json").stdout)
    assert doc["kind"] == "balance" and doc["played"] == 4 and doc["cards"]
    assert {m["deck"] for m in doc["matrix"]} == {"ember", "tide"}
    out = tmp_path / "b"
    ok(*args, "--out", str(out))
    first = (out / "report.md").read_bytes()
    ok(*args, "--out", str(out))
    assert (out / "report.md").read_bytes() == first
    for name in ("results.jsonl", "matrix.png", "cards.png", "length.png"):
        assert (out / name).exists(), name
    ok(*args, "--out", str(out), "--format", "html")
    page = (out / "report.html").read_text(encoding="utf-8")
    assert '<img src="matrix.png"' in page and "--format html" in page
    ru = ok("balance", "clash", "--deck", "ember", "--deck", "tide", "--games", "1").output
    assert "Колода против колоды" in ru and "Пламя" in ru


def test_balance_what_if(tmp_path: Path) -> None:
    """Deliverable 2 (what-if): the overrides are listed in the report and change the
    results configuration, so a what-if run refuses a plain run's directory."""
    whatif = tmp_path / "imp.toml"
    whatif.write_text("# what-if: make the imp cheaper\n[cards.spark_imp]\ncost = 0\n", "utf-8")
    args = ["balance", "clash", "--deck", "ember", "--deck", "tide", "--agent", "random"]
    args += ["--games", "1", "--lang", "en"]
    out = tmp_path / "w"
    ok(*args, "--what-if", str(whatif), "--out", str(out))
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "## What-if overrides" in report and "- spark_imp.cost = 0" in report
    assert f"--what-if {whatif}" in report
    assert "another run" in fails(*args, "--out", str(out))


def test_balance_bad_input(tmp_path: Path) -> None:
    """Deliverable 3 (errors): an unknown agent or deck, --games 0 and bad what-if files
    (missing, TOML syntax with its line, an unknown card) give one error line, exit 2,
    in the user's language."""
    base = ["balance", "clash", "--games", "1", "--lang", "en"]
    assert "unknown agent “bogus”" in fails(*base, "--agent", "bogus")
    assert "unknown deck “nope”" in fails(*base, "--deck", "nope", "--deck", "ember")
    assert "must be positive" in fails("balance", "clash", "--games", "0", "--lang", "en")
    assert "no such file" in fails(*base, "--what-if", str(tmp_path / "none.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("[cards.spark_imp]\ncost = = 1\n", encoding="utf-8")
    assert "line 2" in fails(*base, "--what-if", str(bad))
    unknown = tmp_path / "unknown.toml"
    unknown.write_text("[cards.no_such_card]\ncost = 1\n", encoding="utf-8")
    assert "no_such_card" in fails(*base, "--what-if", str(unknown))
    assert "файл «что если»" in fails("balance", "clash", "--what-if", str(bad))
    assert "--format" in fails(*base, "--format", "pdf")
