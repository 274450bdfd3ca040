"""Clash in the terminal: Подкрепление's decision and a fallen fort on the screen.

Rules: clash.ability.reinforcement (ruling R10: the player picks the row of the creature
called in, an option like any other, in Russian and English), clash.end.fort_rightmost
(ruling R8: the loser's fort ends rightmost, health 0).
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.main import app

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
