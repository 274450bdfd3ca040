"""Clash in the terminal: Подкрепление's decision and a fallen fort on the screen.

Rules: clash.ability.reinforcement (ruling R10: the player picks the row of the creature
called in, an option like any other, in Russian and English), clash.end.fort_rightmost
(ruling R8: the loser's fort ends rightmost, health 0).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core import get_game

runner = CliRunner()

# Storm (Знаменосец) against Ember, seed 1, the person always taking option 1: on turn 3
# Player A's Chain Spark destroys its own Banner Bearer, whose Reinforcement calls in Wind
# Adept; Player A is then asked for its row.
PLAY = ["play", "clash", "--seed", "1", "--p2", "random", "--deck-a", "storm", "--deck-b", "ember"]

POSITION = """\
active: A
players:
  A: {hand: ["@bastion", ash_berserker], top: [dawnblade_duelist]}
  B: {hand: ["@bastion", storm_herald, wind_adept, lightning_bolt, chain_spark], top: [banner_bearer]}
"""

FALL = """\
active: A
players:
  A: {hand: ["@bastion", ash_berserker], top: [dawnblade_duelist]}
  B: {hand: ["@fort", storm_herald, wind_adept]}
"""


def _ok(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def test_the_reinforcement_row_is_offered_in_both_languages() -> None:
    """clash.ability.reinforcement (R10): the options list names the decision."""
    en = _ok(*PLAY, "--lang", "en", input="1\n" * 400)
    assert "1. Reinforcement: “Wind Adept” into the top row   [row top]" in en
    assert "2. Reinforcement: “Wind Adept” into the bottom row   [row bottom]" in en
    ru = _ok(*PLAY, "--lang", "ru", input="1\n" * 400)
    assert "1. Подкрепление: «Адепт ветра» в верхний ряд   [row top]" in ru
    assert "2. Подкрепление: «Адепт ветра» в нижний ряд   [row bottom]" in ru


def test_the_screen_shows_who_chooses_and_the_position_waits(tmp_path: Path) -> None:
    """clash.ability.reinforcement, clash.order.assault.11 (R10): after A's assault
    destroys B's Banner Bearer the screen says B chooses; the position keeps the rest of
    the assault, and choosing the row finishes it."""
    path = tmp_path / "p.yaml"
    path.write_text(POSITION, encoding="utf-8")
    out = _ok("position", "clash", str(path), "--apply", "end", "--lang", "en")
    assert "Reinforcement: Player B chooses where “Storm Herald” goes" in out
    assert "reinforce: storm_herald" in out and "resolving:" in out
    out = _ok("position", "clash", str(path), "--apply", "end", "--lang", "ru")
    assert "Подкрепление: Игрок Б выбирает, куда выложить «Вестник бури»" in out
    out = _ok("position", "clash", str(path), "--apply", "end; row bottom", "--lang", "en")
    assert "resolving:" not in out and "active: B" in out


def test_a_fallen_fort_shows_rightmost_with_no_health(tmp_path: Path) -> None:
    """clash.end.fort_rightmost, clash.fortress.damage (R8): the final screen and position
    show the loser's fort as its rightmost card, health 0."""
    path = tmp_path / "p.yaml"
    path.write_text(FALL, encoding="utf-8")
    out = _ok("position", "clash", str(path), "--apply", "end", "--lang", "en")
    assert "Player B: fort, health 0" in out
    assert "- wind_adept\n    - '@fort'" in out


STOPS = """\
step: true
active: A
mana: 2
players:
  A: {hand: ["@bastion", ash_berserker], top: [dawnblade_duelist]}
  B: {hand: ["@bastion", storm_herald, wind_adept], top: [stone_sentinel]}
"""


def _fails(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


def test_play_step_offers_continue_at_each_boundary_in_both_languages(tmp_path: Path) -> None:
    """engine.step, clash.turn.start, clash.assault.order, clash.damage.heal: with --step
    the person answers every stop; the saved game records the setup and its continues,
    and --set step=true sets up the same game."""
    save = tmp_path / "g.json"
    args = ["play", "clash", "--seed", "3", "--p2", "random", "--deck-a", "storm"]
    en = _ok(
        *args, "--deck-b", "ember", "--step", "--lang", "en", "--save", str(save), input="1\n" * 60
    )
    assert "1. Continue: phase 1, Player A's mana   [continue]" in en or (
        "1. Continue: phase 1, Player B's mana   [continue]" in en
    )
    assert "Continue: phase 3, " in en and "Continue: the end of the turn" in en
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["setup"]["step"] is True and ["continue"] in doc["actions"]
    ru = _ok(*args, "--deck-b", "ember", "--step", "--lang", "ru", input="1\n" * 60)
    assert "Продолжить: фаза 3, штурм" in ru and "Продолжить: конец хода" in ru
    again = tmp_path / "h.json"
    _ok(
        *args,
        "--deck-b",
        "ember",
        "--set",
        "step=true",
        "--lang",
        "en",
        "--save",
        str(again),
        input="1\n" * 60,
    )
    other = json.loads(again.read_text(encoding="utf-8"))
    assert other["setup"] == doc["setup"] and other["actions"] == doc["actions"]
    assert "Replay verified" in _ok("replay", str(save), "--verify-only", "--lang", "en")


def test_step_mode_is_refused_by_name_where_a_game_lacks_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """engine.step: a game without step mode (every built-in game has one, so a game is made
    to lack it here, as a game added from outside may) is named in one error line, whether
    --step or --set step=true asks for it; a saved game keeps its own mode."""
    monkeypatch.setattr(get_game("boss"), "supports_step", False)
    for extra in (["--step"], ["--set", "step=true"]):
        out = _fails("play", "boss", "--p1", "random", *extra, "--lang", "en")
        assert "game “boss” has no step mode" in out
    assert "«boss»" in _fails("play", "boss", "--p1", "random", "--step")
    out = _fails("position", "boss", "docs/examples/boss-stack.yaml", "--step", "--lang", "en")
    assert "game “boss” has no step mode" in out
    save = tmp_path / "g.json"
    save.write_text("{}", encoding="utf-8")
    out = _fails("play", "clash", "--resume", str(save), "--step", "--lang", "en")
    assert "--step sets up a new game" in out


def test_position_step_applies_actions_one_stop_at_a_time(tmp_path: Path) -> None:
    """engine.step, clash.assault.order, clash.damage.heal: `position --step` (or `step:
    true` in the file) stops after the assault with the damage on the table."""
    path = tmp_path / "p.yaml"
    path.write_text(STOPS.replace("step: true\n", ""), encoding="utf-8")
    out = _ok("position", "clash", str(path), "--step", "--apply", "end", "--lang", "en")
    assert "pending:\n  continue: assault" in out and "step: true" in out
    out = _ok("position", "clash", str(path), "--step", "--apply", "end; continue", "--lang", "en")
    assert "pending:\n  continue: heal" in out
    assert "damage: 4" in out and "derived:" in out
    path.write_text(STOPS, encoding="utf-8")
    same = _ok("position", "clash", str(path), "--apply", "end; continue", "--lang", "en")
    assert same == out
    default = tmp_path / "d.yaml"
    default.write_text(STOPS.replace("step: true\n", ""), encoding="utf-8")
    out = _ok("position", "clash", str(default), "--apply", "end", "--lang", "en")
    assert "continue" not in out and "active: B" in out
