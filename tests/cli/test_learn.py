"""`cardtable learn GAME` through a real terminal (pexpect, docs/learn.md): a person
follows every step of the guided game, typing the suggested move each step shows, then
plays the real game after it to its end by always typing ``1``: Clash in English and in
Russian, Epic and Boss Battle in English, Blue Moon in Russian. Inside a lesson the table's commands
work (``explain``, ``why``), taking back and saving are refused, another legal move is
answered with why the suggestion is better and the lesson goes on with the suggestion,
and ``quit`` leaves it.

Rules (shown with their sentences in the first step's panel): clash.mana.first_turn,
clash.summon.available, epic.champion.timing, epic.gold.pay, bluemoon.fight.element,
bluemoon.turn.first_turn, boss.stack.timing.sorcery, boss.resource.pay; clash.ability.berserk
(``explain`` inside a lesson).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from cardtable.cli.learn import Lesson, load_lesson
from cardtable.core.registry import get_game
from tests.cli.test_table_help import PROMPT, TIMEOUT, clean

if TYPE_CHECKING:
    from pexpect import spawn  # type: ignore[import-untyped]

pexpect = pytest.importorskip("pexpect")

MOVES_MAX = 300
"""Decisions the real game may ask for before the test gives up on it ending."""


def start(tmp_path: Path, game_id: str, lang: str, seed: int) -> spawn:
    """``cardtable learn GAME`` in a pseudo-terminal of 100 columns."""
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(tmp_path), TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    args = ["-m", "cardtable.cli.main", "learn", game_id, "--lang", lang, "--seed", str(seed)]
    child = pexpect.spawn(
        sys.executable, args, env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 100)
    )
    child.delaybeforesend = None  # the table reads whole lines: no pause before typing
    return child


def lesson_of(game_id: str) -> Lesson:
    return load_lesson(get_game(game_id))


def follow(child: spawn, lesson: Lesson, lang: str) -> list[str]:
    """Answer every step with its suggestion; each step's screen (its panel shows the
    step's number, its text and the suggestion in brackets)."""
    screens = []
    header = "Step {k} of {n}" if lang == "en" else "Шаг {k} из {n}"
    for k, step in enumerate(lesson.steps, 1):
        child.expect(PROMPT)
        screen = clean(child.before)
        assert header.format(k=k, n=len(lesson.steps)) in screen
        assert " ".join(getattr(step.text, lang).split())[:60] in screen
        assert f"[{step.suggest}]" in screen
        screens.append(screen)
        child.sendline(step.suggest)
    return screens


def play_out(child: spawn) -> str:
    """Type ``1`` at every prompt of the real game until it ends; all it printed."""
    out = []
    for _ in range(MOVES_MAX):
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            out.append(child.before)
            child.close()
            assert child.exitstatus == 0
            return clean("".join(out))
        out.append(child.before)
        child.sendline("1")
    raise AssertionError(f"the game did not end in {MOVES_MAX} decisions")


def ended(out: str, opening: str) -> bool:
    """Whether the real game opened with ``opening`` and then ended with an outcome."""
    after = out[out.index(opening) :]
    return any(word in after for word in ("Winner: ", "Draw (", "Победа: ", "Ничья ("))


def test_clash_in_english_to_the_end_of_a_real_game(tmp_path: Path) -> None:
    """clash.mana.first_turn, clash.summon.available: each step shows its rules with their
    sentences and the suggestion; the suggestion typed is praised with its reason; the
    script's replies are shown; the lesson's last move wins; then a solo game against
    the level 1 AI is played to its end."""
    lesson = lesson_of("clash")
    child = start(tmp_path, "clash", "en", 2)
    try:
        screens = follow(child, lesson, "en")
        out = play_out(child)
    finally:
        child.close(force=True)
    assert "Clash of Decks: your first game" in screens[0]
    assert "[clash.mana.first_turn] On the game's very first turn" in screens[0]
    assert "[clash.summon.available] Only the 4 leftmost cards" in screens[0]
    assert "Good move. Spark Imp costs only 1 mana" in screens[1]
    assert "Player B (lesson), 5 actions: Play “River Otter”" in screens[5]
    assert out.index("Winner: Player A (fort destroyed).") < out.index("Now a real game")
    assert ended(out, "Clash of Decks: seed 2; Player A: human; AI B: clash-solo:level=1")


def test_clash_in_russian_with_the_table_commands_and_another_move(tmp_path: Path) -> None:
    """clash.ability.berserk, clash.summon.available: ``explain`` and ``why`` answer inside
    a lesson; ``back`` and ``save`` are refused; a move other than the suggestion is
    accepted, answered with why the suggestion is better, and the lesson goes on with the
    suggestion; the real game is then played to its end in Russian."""
    lesson = lesson_of("clash")
    child = start(tmp_path, "clash", "ru", 10)
    try:
        child.expect(PROMPT)
        assert "Шаг 1 из 9" in clean(child.before)
        child.sendline("explain берсерк")
        child.expect(PROMPT)
        assert "Берсерк (способность)" in clean(child.before)
        assert "[clash.ability.berserk]" in clean(child.before)
        child.sendline("why 6")
        child.expect(PROMPT)
        assert "[clash.summon.available] Эта карта — 5-я слева" in clean(child.before)
        child.sendline("back")
        child.expect(PROMPT)
        assert "В уроке ходы идут по сценарию" in clean(child.before)
        child.sendline("save lesson.json")
        child.expect(PROMPT)
        assert "Урок не сохраняется: cardtable learn clash" in clean(child.before)
        assert not (tmp_path / "lesson.json").exists()
        for step in lesson.steps[:5]:
            child.sendline(step.suggest)
            child.expect(PROMPT)
        child.sendline("play war_drummer")  # step 6 suggests Fire Lance
        child.expect(PROMPT)
        screen = clean(child.before)
        assert (
            "Вы выбрали: Разыграть «Боевой барабанщик». Урок продолжается по своему плану — "
            "Разыграть «Огненное копьё»: Заклинание в итоге не стоит здоровья" in screen
        )
        assert "Шаг 7 из 9" in screen and "[target river_otter]" in screen
        for step in lesson.steps[6:]:
            child.sendline(step.suggest)
            if step is not lesson.steps[-1]:
                child.expect(PROMPT)
        out = play_out(child)
    finally:
        child.close(force=True)
    assert ended(out, "Битва колод: сид 10; Игрок А: human; ИИ Б: clash-solo:level=1")


def test_epic_in_english_to_the_end_of_a_real_game(tmp_path: Path) -> None:
    """epic.champion.timing, epic.gold.pay: the Epic lesson step by step, then a game
    against the greedy AI to its end."""
    child = start(tmp_path, "epic", "en", 5)
    try:
        screens = follow(child, lesson_of("epic"), "en")
        out = play_out(child)
    finally:
        child.close(force=True)
    assert "[epic.champion.timing] Champions can be played only" in screens[0]
    assert "[epic.gold.pay] Playing a cost-1 card" in screens[0]
    assert "Player 2 (lesson), 3 actions: Pass; Play “Champion of the Wicked”; Pass" in screens[3]
    assert "Good move. When you pass, the damage is dealt" in out
    assert ended(out, "Epic Card Game: seed 5; Player 1: human; Player 2: greedy")


def test_bluemoon_in_russian_to_the_end_of_a_real_game(tmp_path: Path) -> None:
    """bluemoon.fight.element, bluemoon.turn.first_turn: the Blue Moon lesson step by step
    in Russian, then a game against the greedy AI to its end."""
    child = start(tmp_path, "bluemoon", "ru", 3)
    try:
        screens = follow(child, lesson_of("bluemoon"), "ru")
        out = play_out(child)
    finally:
        child.close(force=True)
    assert "«Голубая луна»: первая партия" in screens[0]
    assert "[bluemoon.turn.first_turn] В первый ход боя" in screens[0]
    assert "[bluemoon.fight.element]" in screens[0]
    assert "Игрок 2 (урок), действий: 2: Сдаться" in screens[5]
    assert ended(out, "Голубая луна: сид 3; Игрок 1: human; Игрок 2: greedy")


def test_boss_in_english_to_the_end_of_a_real_game(tmp_path: Path) -> None:
    """boss.stack.timing.sorcery, boss.resource.pay: the Boss Battle lesson step by step,
    its last pass landing the lethal blow, then a game against the greedy AI to its end."""
    child = start(tmp_path, "boss", "en", 7)
    try:
        screens = follow(child, lesson_of("boss"), "en")
        out = play_out(child)
    finally:
        child.close(force=True)
    assert "[boss.stack.timing.sorcery] Strategies, units, events and objects" in screens[0]
    assert "[boss.resource.pay] Costs are paid" in screens[0]
    assert "Player 2 (lesson): pass priority" in screens[2]
    assert out.index("Winner: Player 1") < out.index("Now a real game")
    assert ended(out, "Boss Battle: seed 7; Player 1: human; Player 2: greedy")


def test_quit_leaves_the_lesson(tmp_path: Path) -> None:
    """``quit`` in a lesson ends it, says how to start again and starts no game."""
    child = start(tmp_path, "epic", "en", 1)
    try:
        child.expect(PROMPT)
        child.sendline("quit")
        child.expect(pexpect.EOF)
        out = clean(child.before)
    finally:
        child.close(force=True)
    assert "The lesson stops here; cardtable learn epic starts it again." in out
    assert "seed 1" not in out
