"""Balance reports (issue 6, deliverables 3 and 4): report sections, numbers recomputed
from the records, intervals, per-card sample sizes, refused pairings, byte-identical
reports, and what-if files (parsing errors, overrides in the results and the config)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli.lab import BalanceRequest, write_balance
from cardtable.core.errors import SetupError
from cardtable.core.registry import get_game
from cardtable.sim.balance import Balance, balance_plan, card_impact, difference
from cardtable.sim.stats import Estimate, proportion
from cardtable.sim.tasks import outcome_fields, seat_score
from cardtable.sim.tournament import play
from cardtable.sim.whatif import WhatIfError, parse_whatif, read_whatif

DECKS = ("ember", "tide", "storm")
GAMES = 4


def _records(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[1:]]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Balance]:
    """A small balance run written to a directory (random agents, four seeds)."""
    directory = tmp_path_factory.mktemp("balance")
    plan = balance_plan("clash", DECKS, agent="random", games=GAMES, seed=3)
    balance = Balance(play(plan, out=str(directory / "results.jsonl")))
    request = BalanceRequest(
        "clash", agent="random", games=GAMES, seed=3, out=str(directory), lang="en", top=3
    )
    write_balance(directory, get_game("clash"), balance, request)
    return directory, balance


def _table_rows(markdown: str, header: str) -> list[list[str]]:
    """The body rows of the Markdown table whose first header cell is ``header``."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {header} |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split(" | ")])
    return rows


def test_report_has_every_section_and_the_pictures(report: tuple[Path, Balance]) -> None:
    """Deliverable 2: the report starts with the exact command, holds no date, and has
    the setup, seat advantage, deck matrix, card impact and game length sections with
    matrix.png, cards.png and length.png next to it."""
    directory, _ = report
    text = (directory / "report.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# Clash of Decks: balance of 3 decks")
    assert lines[2:5] == [
        "```",
        "cardtable balance clash --agent random --top 3 --games 4 --seed 3 "
        f"--out {directory} --lang en",
        "```",
    ]
    for section in ("## Setup", "## Seat advantage", "## Deck against deck", "## Card impact"):
        assert section in text
    assert "## Game length" in text and "correlation, not causation" in text
    for picture in ("matrix.png", "cards.png", "length.png"):
        assert f"]({picture})" in text
        assert (directory / picture).read_bytes().startswith(b"\x89PNG")
    assert not re.search(r"20\d\d-\d\d-\d\d", text)  # no date


def test_matrix_equals_counts_from_the_records(report: tuple[Path, Balance]) -> None:
    """Deliverable 2 (deck matrix): every cell is the row deck's wins (draws as half)
    against the column deck recounted from results.jsonl, over n = 2 x seeds games, with
    a Wilson interval that contains the value; Overall is the deck's score in all games."""
    directory, balance = report
    records = _records(directory / "results.jsonl")
    assert len(records) == 3 * GAMES * 2
    rows = _table_rows((directory / "report.md").read_text(encoding="utf-8"), "Row vs column")
    titles = [get_game("clash").deck_title(d, "en") for d in DECKS]
    assert [r[0] for r in rows] == titles
    for i, a in enumerate(DECKS):
        total, count = 0.0, 0
        for j, b in enumerate(DECKS):
            if a == b:
                assert rows[i][j + 1] == "—"
                continue
            games = [r for r in records if set(r["labels"]) == {a, b}]
            score = sum(seat_score(r, r["labels"].index(a)) for r in games)
            total, count = total + score, count + len(games)
            expected = proportion(score, len(games))
            assert len(games) == 2 * GAMES
            assert rows[i][j + 1] == (
                f"{100 * expected.value:.1f}% [{100 * expected.low:.1f}, "
                f"{100 * expected.high:.1f}] n={2 * GAMES}"
            )
            cell = balance.matrix()[i][j]
            assert cell.low <= cell.value <= cell.high
        assert rows[i][-1].startswith(f"{100 * total / count:.1f}% [")
    first = balance.seat_advantage()
    won_first = sum(seat_score(r, r["first"]) for r in records)
    assert first.n == len(records) and first.value == won_first / len(records)
    assert first.low <= first.value <= first.high


def test_card_sample_sizes_add_up(report: tuple[Path, Balance]) -> None:
    """Deliverable 2 (per-card impact): for every card seen played, the seat-games where
    the seat played it and those where a seat of the same deck did not add up to the
    seat-games of those decks; the played side counts exactly the seats whose `played`
    list holds the card; rows are sorted by difference and flagged as small samples
    below 30."""
    directory, balance = report
    records = _records(directory / "results.jsonl")
    cards = balance.card_impact()
    seen = {c for r in records for played in r["played"] for c in played}
    assert {c.card for c in cards} == seen
    for card in cards:
        deck_games = sum(label in card.decks for r in records for label in r["labels"])
        assert card.played.n + card.not_played.n == deck_games
        assert card.played.n == sum(card.card in p for r in records for p in r["played"])
        assert card.small == (min(card.played.n, card.not_played.n) < 30)
        for e in (card.played, card.not_played):
            assert e.n == 0 or e.low <= e.value <= e.high  # n=0: always played by its decks
        if card.not_played.n:
            assert card.low <= card.diff <= card.high
    diffs = [c.diff for c in cards if c.not_played.n]
    assert diffs == sorted(diffs, reverse=True)
    assert all(c.not_played.n for c in cards[: len(diffs)])  # no baseline: listed last
    rows = _table_rows((directory / "report.md").read_text(encoding="utf-8"), "Card")
    assert len(rows) == len(cards) and all(r[-1] == "small sample" for r in rows)


def test_the_same_results_give_the_same_report_byte_for_byte(
    report: tuple[Path, Balance], tmp_path: Path
) -> None:
    """Deliverable 2 (reproducible): the report and its pictures written again from the
    same results are identical byte for byte (HTML too: text and <img> links)."""
    directory, balance = report
    request = BalanceRequest(
        "clash", agent="random", games=GAMES, seed=3, out=str(directory), lang="en", top=3
    )
    again = Balance(
        play(balance.tournament.plan, out=str(directory / "results.jsonl"))
    )  # read back
    copy = tmp_path / "copy"
    write_balance(copy, get_game("clash"), again, request)
    for name in ("report.md", "matrix.png", "cards.png", "length.png"):
        assert (copy / name).read_bytes() == (directory / name).read_bytes(), name
    html_request = BalanceRequest("clash", agent="random", games=GAMES, seed=3, fmt="html")
    write_balance(copy, get_game("clash"), again, html_request)
    page = (copy / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<img src="cards.png"' in page


def test_refused_pairings_are_skipped_and_listed() -> None:
    """Deliverable 2: a pairing the rules refuse (a champion from one of the decks) is
    not played; it is listed with the reason and its matrix cells stay empty."""
    plan = balance_plan(
        "clash",
        ("ember", "tide", "shadow"),
        agent="random",
        games=1,
        setup={"champions": ["jailer", None]},
    )
    balance = Balance(play(plan))
    assert [s.entrants for s in balance.tournament.skipped] == [
        ("ember", "shadow"),
        ("tide", "shadow"),
    ]
    assert "jailer" in balance.tournament.skipped[0].reason
    assert len(balance.records) == 2
    assert balance.matrix()[0][2].n == 0 and balance.matrix()[0][1].n == 2
    assert balance.to_json()["skipped"][0]["entrants"] == ["ember", "shadow"]


def test_newcombe_difference() -> None:
    """Deliverable 2: the difference's interval is Newcombe's (built from the two Wilson
    intervals) and contains the difference."""
    a, b = proportion(30, 40), proportion(20, 40)
    d, low, high = difference(a, b)
    assert d == pytest.approx(0.25) and low < d < high
    assert low == pytest.approx(0.25 - ((a.value - a.low) ** 2 + (b.high - b.value) ** 2) ** 0.5)
    assert card_impact([]) == []
    assert all(x != x for x in difference(Estimate(0.5, 0.4, 0.6, 10), proportion(0, 0)))


# --- what-if -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[cards.spark_imp]\ncost = ", "not valid TOML"),
        ("[cards]\nspark_imp = 1\n", "cards.spark_imp must be a table"),
        ("[cards.spark_imp]\ncost = 'one'\n", "cards.spark_imp.cost must be a number, got “one”"),
        ("[cards.spark_imp]\ncost = true\n", "must be a number, got “true”"),
        ("[cards.spark_imp]\ncost = nan\n", "must be a number"),
        ("title = 'x'\n[cards.spark_imp]\ncost = 1\n", "found “title”"),
        ("# nothing\n", "nothing to change"),
    ],
)
def test_whatif_errors_name_the_problem(tmp_path: Path, text: str, message: str) -> None:
    """Deliverable 2 (what-if): a bad file is refused with one clear message naming the
    file and the problem (TOML syntax errors with their line)."""
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(WhatIfError, match=re.escape(message)) as info:
        read_whatif(path)
    assert str(path) in str(info.value)
    if "TOML" in message:
        assert "line 2" in str(info.value)


def test_whatif_file_is_read_sorted(tmp_path: Path) -> None:
    """Deliverable 2 (what-if): the example file gives {card: {field: number}}; a
    missing file is named."""
    path = tmp_path / "imp.toml"
    path.write_text(
        "# what-if: make the imp cheaper\n[cards.spark_imp]\ncost = 1\n"
        "[cards.fire_lance]\ndamage = 5\ncost = 2\n",
        encoding="utf-8",
    )
    assert read_whatif(path) == {"fire_lance": {"cost": 2, "damage": 5}, "spark_imp": {"cost": 1}}
    assert list(read_whatif(path)) == ["fire_lance", "spark_imp"]
    with pytest.raises(WhatIfError, match="no such file"):
        read_whatif(tmp_path / "missing.toml")
    assert parse_whatif({"cards": {"a": {"cost": 1.5}}}) == {"a": {"cost": 1.5}}


def test_overrides_change_the_games_and_the_configuration(tmp_path: Path) -> None:
    """Deliverable 2 (what-if): the overrides reach the games through the game's hook
    (the same seeds play differently), they are part of the results configuration (a
    what-if run never resumes a plain run's file), and the game refuses unknown cards."""
    plain = balance_plan("clash", ("ember", "tide"), agent="greedy", games=3, seed=2)
    strong = {"spark_imp": {"attack": 9, "cost": 0}, "fire_lance": {"damage": 9}}
    changed = balance_plan(
        "clash", ("ember", "tide"), agent="greedy", games=3, seed=2, overrides=strong
    )
    assert changed.config()["overrides"] == strong and plain.config()["overrides"] == {}
    out = tmp_path / "results.jsonl"
    base = Balance(play(plain, out=str(out)))
    with pytest.raises(SetupError, match="another run"):
        play(changed, out=str(out))
    what_if = Balance(play(changed))
    assert [outcome_fields(r) for r in base.records] != [outcome_fields(r) for r in what_if.records]
    assert what_if.overall("ember").value > base.overall("ember").value
    bad = balance_plan("clash", ("ember", "tide"), overrides={"no_such_card": {"cost": 1}})
    with pytest.raises(SetupError, match="no_such_card"):
        play(bad)
