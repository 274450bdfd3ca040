"""``hint`` and ``--coach`` at the terminal table (docs/table.md, "Hints and the coach"),
driven through a real terminal (pexpect) in every game and both languages.

``hint`` (``подсказка``) lists the three best options open now as the library rates the
position (``agents.hints.rate``), each with its chance to win, its simulations and a
reason; asking twice gives the same answer. With ``--coach``, the best option is played
without a word; the option rated lowest, when it is COACH_MARGIN (and a point, against
rounding) or more below the best, is not: the coach warns with both chances and asks.
Declining leaves the game where it was and the person chooses again; an answer other
than yes or no is asked again; confirming plays the move (the save file records it).

No rule clause of a game is checked here: the moves are the search's (the reasons are
checked against the rules in tests/core/test_hints.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.agents.hints import COACH_MARGIN, rate
from cardtable.cli.coach import HINT_SEED_STEP, percent
from cardtable.core import get_game
from cardtable.core.replay import Replay, iter_replay, run_replay
from tests.cli.test_table_help import PROMPT, Table, clean, table

pexpect = pytest.importorskip("pexpect")

COACH_PROMPT = r"\((?:yes/no|да/нет)\): "
WORDS = {
    "en": {
        "hint": "hint",
        "head": "The AI's best options for you now",
        "option": r"— (\d+)% to win \((\d+) simulations?\)\s*\[([^\]]+)\]",
        "why": "why: ",
        "warn": "Coach: the AI gives this move",
        "again": "Then choose again.",
        "yes_no": "Please answer yes or no.",
        "yes": "yes",
        "no": "no",
    },
    "ru": {
        "hint": "подсказка",
        "head": "Лучшие варианты по мнению ИИ",
        "option": r"— шанс победы (\d+)% \((\d+) симуляц\w*\)\s*\[([^\]]+)\]",
        "why": "почему: ",
        "warn": "Тренер: ИИ даёт этому ходу",
        "again": "Тогда выберите ход заново.",
        "yes_no": "Ответьте «да» или «нет».",
        "yes": "да",
        "no": "нет",
    },
}
DECISIONS = 15  # decisions played with the best option at most, looking for a bad one
CASES = [(game, lang) for game in ("clash", "epic", "bluemoon", "boss") for lang in ("en", "ru")]


def options(out: str, lang: str) -> list[tuple[int, int, str]]:
    """The hinted options: (chance in percent, simulations, option text to type)."""
    return [(int(w), int(n), code) for w, n, code in re.findall(WORDS[lang]["option"], out)]


def saved(save: Path) -> tuple[Replay, Any]:
    """The saved game and the state it reached."""
    replay = Replay.load(save)
    return replay, run_replay(replay)


def played(save: Path) -> list[str]:
    """The option texts of every action in the save file, in order."""
    replay = Replay.load(save)
    game = get_game(replay.game)
    return [game.action_text(s, a) for s, a in iter_replay(replay) if a is not None]


ITERS = 300
"""The search behind ``hint`` here (``--hint-iters``): the wiring is what is checked, the
library's own tests check the default budget."""


def answer(t: Table, line: str, coach: bool) -> str:
    """Type a line and wait for the coach's question (``coach``) or the next prompt."""
    t.child.sendline(line)
    t.child.expect(COACH_PROMPT if coach else PROMPT)
    return clean(t.child.before)


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_hint_and_the_coach(tmp_path: Path, game: str, lang: str) -> None:
    """``hint`` shows the top options of the position as ``agents.hints.rate`` rates them
    (its seed: the game's plus HINT_SEED_STEP per action played), with reasons, the same
    twice; the coach lets the best pass, warns before a move rated 16 points or more below
    it, declining keeps the game as it was, and confirming plays the move."""
    w = WORDS[lang]
    save = tmp_path / "game.json"
    args = (game, "--seed", "3", "--lang", lang, "--coach", "--hint-iters", str(ITERS))
    args += ("--save", str(save))
    with table(tmp_path, *args) as t:
        for _ in range(DECISIONS):
            t.ask("save")
            replay, state = saved(save)
            rules = get_game(game)
            seat = rules.to_move(state)
            assert seat == 0
            seed = replay.seed + HINT_SEED_STEP * len(replay.actions)
            ratings = rate(rules, state, seat, iters=ITERS, seed=seed)
            out = t.ask(w["hint"])
            hinted = options(out, lang)
            assert w["head"] in out
            assert hinted == [(percent(r.win), r.visits, r.code) for r in ratings[:3]]
            assert out.count(w["why"]) == len(hinted)
            assert t.ask(w["hint"]) == out  # searched once per position: the same answer
            best, bad = ratings[0], ratings[-1]
            if best.win - bad.win >= COACH_MARGIN + 0.01:
                break
            assert w["warn"] not in t.ask(best.code)  # the best passes without a word
        else:
            pytest.fail(f"no move rated far below the best in {DECISIONS} decisions")
        before = played(save)
        warning = answer(t, bad.code, coach=True)
        assert w["warn"] in warning
        assert f"{percent(bad.win)}%" in warning and f"{percent(best.win)}%" in warning
        assert w["why"] in warning  # why the best is better
        assert w["again"] in answer(t, w["no"], coach=False)
        assert played(save) == before  # declined: nothing played
        assert t.ask(w["hint"]) == out  # the same position, the same hint
        answer(t, bad.code, coach=True)
        assert w["yes_no"] in answer(t, "maybe", coach=True)
        answer(t, w["yes"], coach=False)
        now = played(save)
        assert now[: len(before)] == before and now[len(before)] == bad.code
