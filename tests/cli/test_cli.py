"""The command line: every command's happy path, JSON outputs, errors, play/save/resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core.game import state_hash
from cardtable.core.registry import get_game
from cardtable.core.replay import Replay, run_replay, verify

runner = CliRunner()


def cli(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def ok(*args: str, input: str | None = None):
    result = cli(*args, input=input)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def fails(*args: str, input: str | None = None):
    result = cli(*args, input=input)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith(("Ошибка", "Error"))]
    assert len(errors) == 1, result.output
    return errors[0]


# --- games, cards, simulate, bench -----------------------------------------------------
def test_games_lists_clash_in_both_languages():
    ru = ok("games").output
    en = ok("games", "--lang", "en").output
    assert "clash" in ru and "Битва колод" in ru
    assert "Clash of Decks" in en and "Битва колод" not in en


def test_cards_table_and_languages():
    ru = ok("cards", "clash").output
    en = ok("cards", "clash", "--lang", "en").output
    assert "Искорка" in ru and "Spark Imp" not in ru
    assert "Spark Imp" in en and "Аура: Ярость" in ru


def test_cards_json():
    data = json.loads(ok("cards", "clash", "--json").stdout)
    assert isinstance(data, list) and len(data) == len(get_game("clash").db.cards)
    for card in data:
        for key in (
            "id",
            "number",
            "name",
            "kind",
            "cost",
            "attack",
            "health",
            "damage",
            "abilities",
            "aura",
            "deck",
        ):
            assert key in card
        assert set(card["name"]) == {"ru", "en"}
    spell = next(c for c in data if c["kind"] == "spell")
    assert spell["damage"] is not None and spell["attack"] is None


def test_simulate_json_is_one_document():
    out = ok(
        "simulate",
        "clash",
        "--games",
        "12",
        "--p1",
        "greedy",
        "--p2",
        "random",
        "--seed",
        "3",
        "--json",
    ).stdout
    data = json.loads(out)
    assert data["games"] == 12
    assert set(data["wins"]) == {"p1", "p2"}
    assert data["wins"]["p1"] + data["wins"]["p2"] + data["draws"] == 12
    assert "first_player_win_rate" in data and "mean_turns" in data


def test_simulate_table():
    out = ok(
        "simulate",
        "clash",
        "--games",
        "10",
        "--p1",
        "random",
        "--p2",
        "greedy",
        "--seed",
        "1",
        "--fatigue",
        "--lang",
        "en",
    ).output
    assert "95% interval" in out and "Win rate of p1" in out and "Mean game length" in out


def test_bench_json_and_table():
    """Issue 6 (benchmarks): the bench prints throughput, clone/apply costs and ISMCTS
    iterations per second, timed over the decisions asked for."""
    data = json.loads(
        ok("bench", "clash", "--games", "15", "--ismcts-decisions", "3", "--json").stdout
    )
    assert data["games_per_s"] > 0 and data["actions_per_s"] > 0
    assert data["clone_us"] > 0 and data["apply_us"] > 0
    search = data["ismcts"]
    assert search["decisions"] == 3 and search["iterations"] > 0 and search["iters_per_s"] > 0
    out = ok("bench", "clash", "--games", "15", "--ismcts-decisions", "2", "--lang", "en").output
    assert "Games per second" in out and "1,000" in out and "50,000" in out
    assert "iterations per second" in out
    skipped = json.loads(
        ok("bench", "clash", "--games", "5", "--ismcts-decisions", "0", "--json").stdout
    )
    assert skipped["ismcts"] is None


# --- errors ------------------------------------------------------------------------------
def test_unknown_game():
    assert "unknown game “nope”" in fails("cards", "nope", "--lang", "en")
    assert "неизвестная игра «nope»" in fails("cards", "nope")


def test_unknown_agent():
    assert "неизвестный агент «bogus»" in fails(
        "simulate", "clash", "--games", "2", "--p2", "bogus"
    )
    assert "unknown agent “bogus”" in fails(
        "simulate", "clash", "--games", "2", "--p2", "bogus", "--lang", "en"
    )
    assert "unknown agent" in fails("play", "clash", "--p1", "bogus", "--seed", "1", "--lang", "en")


def test_bad_options():
    assert "--bogus" in fails("games", "--bogus")
    assert "--lang" in fails("games", "--lang", "de")
    assert "--format" in fails("simulate", "clash", "--format", "sealed")
    assert "unknown Clash deck “nope”" in fails(
        "simulate", "clash", "--games", "2", "--deck-a", "ember", "--deck-b", "nope", "--lang", "en"
    )
    assert "--deck-b" in fails("play", "clash", "--deck-a", "ember", "--lang", "en")


def test_missing_files(tmp_path: Path):
    assert "nothing.json" in fails("replay", str(tmp_path / "nothing.json"))
    assert "nothing.yaml" in fails("position", "clash", str(tmp_path / "nothing.yaml"))
    assert "nothing.json" in fails("play", "clash", "--resume", str(tmp_path / "nothing.json"))


# --- play ------------------------------------------------------------------------------
def test_play_agents_to_the_end_then_replay(tmp_path: Path):
    save = tmp_path / "g.json"
    out = ok(
        "play",
        "clash",
        "--p1",
        "greedy",
        "--p2",
        "random",
        "--seed",
        "5",
        "--lang",
        "en",
        "--save",
        str(save),
    ).output
    assert "Winner:" in out or "Draw" in out
    assert "Player A (greedy):" in out
    doc = json.loads(save.read_text())
    assert doc["agents"] == ["greedy", "random"] and doc["lang"] == "en"
    assert doc["outcome"] is not None
    verify(Replay.load(save))
    shown = ok("replay", str(save), "--lang", "en").output
    assert "Replay verified" in shown and ("Winner:" in shown or "Draw" in shown)
    assert "— Player" in shown  # turn headers
    assert "Запись проверена" in ok("replay", str(save), "--verify-only").output


def test_play_human_ending_turns_reaches_the_end_or_eof():
    out = ok("play", "clash", "--seed", "2", "--p2", "random", input="end\n" * 300).output
    assert "Победа" in out or "Ничья" in out or "Ввод закончился" in out


def test_play_human_numbers_in_a_draft():
    out = ok(
        "play",
        "clash",
        "--seed",
        "4",
        "--format",
        "draft",
        "--p2",
        "random",
        "--lang",
        "en",
        input="1\n" * 400,
    ).output
    assert "Take “" in out
    assert "Winner:" in out or "Draw" in out or "Input ended" in out


def test_play_eof_at_once_is_clean():
    out = ok("play", "clash", "--seed", "1", "--lang", "en", input="").output
    assert "Input ended" in out


def test_human_commands(tmp_path: Path):
    path = tmp_path / "s.json"
    out = ok(
        "play",
        "clash",
        "--seed",
        "8",
        "--lang",
        "en",
        input=f"help\nwhat\nboard\nsave {path}\nquit\n",
    ).output
    assert "Commands:" in out and "I do not understand" in out
    assert "Game saved" in out and "Game stopped" in out
    assert json.loads(path.read_text())["agents"] == ["human", "greedy"]


def test_save_then_resume_continues_the_same_game(tmp_path: Path):
    first = tmp_path / "first.json"
    ok("play", "clash", "--seed", "11", "--save", str(first), input="1\n1\n1\n1\n")
    saved = Replay.load(first)
    assert len(saved.actions) >= 2
    assert state_hash(run_replay(saved)) == saved.final_hash
    second = tmp_path / "second.json"
    out = ok(
        "play",
        "clash",
        "--resume",
        str(first),
        "--p1",
        "greedy",
        "--save",
        str(second),
        "--lang",
        "en",
    ).output
    assert f"after {len(saved.actions)} actions" in out
    assert "Winner:" in out or "Draw" in out
    done = Replay.load(second)
    assert done.seed == saved.seed and done.setup == saved.setup
    assert done.actions[: len(saved.actions)] == saved.actions
    prefix = Replay(saved.game, saved.setup, saved.seed, list(done.actions[: len(saved.actions)]))
    assert state_hash(run_replay(prefix)) == saved.final_hash
    verify(done)
    # the agents of the first file are kept when not overridden
    assert json.loads(second.read_text())["agents"] == ["greedy", "greedy"]


@pytest.mark.parametrize("seed", [1, 6, 21])
def test_human_never_sees_hidden_cards(tmp_path: Path, seed: int):
    save = tmp_path / "h.json"
    out = ok("play", "clash", "--seed", str(seed), "--save", str(save), input="").output
    game = get_game("clash")
    state = run_replay(Replay.load(save))
    assert game.to_move(state) == 0
    mine = {game.card_def(state, c).name("ru") for c in state.hands[0] if c != state.fortress[0]}
    assert all(name in out for name in mine)
    visible = set(mine)
    for lane in state.board:
        for row in lane:
            visible |= {game.card_def(state, c).name("ru") for c in row}
    hidden = {
        game.card_def(state, c).name("ru")
        for c in state.hands[1]
        if c != state.fortress[1] and not state.public[c]
    }
    assert hidden
    for name in hidden - visible:
        assert name not in out, name


# --- replay errors ---------------------------------------------------------------------
def test_replay_with_an_illegal_action_names_the_step(tmp_path: Path):
    good = tmp_path / "g.json"
    ok("play", "clash", "--p1", "random", "--p2", "random", "--seed", "3", "--save", str(good))
    doc = json.loads(good.read_text())
    doc["actions"][2] = ["play", 999]
    doc["final_hash"] = doc["outcome"] = None
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    # an edited save no longer matches its hash (docs/saves.md): --force replays it anyway
    assert "does not match its hash" in fails("replay", str(bad), "--lang", "en")
    line = fails("replay", str(bad), "--lang", "en", "--force")
    assert "step 3" in line
    assert "ход 3" in fails("replay", str(bad), "--verify-only", "--force")  # --lang ru


# --- position --------------------------------------------------------------------------
POSITION = """\
cards:
  - {id: k1, number: 101, name: {ru: Кузнечик, en: Grasshopper}, kind: creature, cost: 1, attack: 2, health: 5}
  - {id: s2, number: 132, name: {ru: Удар, en: Strike}, kind: spell, cost: 2, damage: 2}
active: A
mana: 10
players:
  A: {hand: ["@bastion", k1, s2, spark_imp]}
  B: {hand: ["@bastion", river_otter], top: [sea_serpent]}
"""


def test_position_show_and_apply(tmp_path: Path):
    path = tmp_path / "p.yaml"
    path.write_text(POSITION, encoding="utf-8")
    shown = ok("position", "clash", str(path), "--lang", "en").output
    assert "Grasshopper" in shown and "mana: 10" in shown
    out = ok(
        "position",
        "clash",
        str(path),
        "--apply",
        "play k1; row top; play s2; target sea_serpent",
        "--lang",
        "en",
    ).output
    assert "mana: 7" in out
    assert "Strike" in out and "deals 2 damage" in out
    assert "damage: 2" in out  # the serpent in the resulting position
    line = fails("position", "clash", str(path), "--apply", "play k1; row middle", "--lang", "en")
    assert "action 2" in line and "row middle" in line
