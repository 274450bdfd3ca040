#!/usr/bin/env python3
"""Transcripts of the terminal table for the docs: each feature drives the real
``cardtable play`` in a pseudo-terminal (pexpect), as a person would, and writes what
the screen showed, as plain text, to ``docs/transcripts/<feature>-<game>.<lang>.txt``.

Usage (from the repository root, with the project's venv):

    python tools/transcripts.py            # every feature
    python tools/transcripts.py undo       # one feature

The games are seeded and the agents deterministic, so a transcript changes only when
the table does. A feature is one function in ``FEATURES``; the tests check the
behaviour, the transcripts document it.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import pexpect  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "transcripts"
GAMES = ("clash", "epic", "bluemoon", "boss")
LANGS = ("en", "ru")
COLUMNS = 100
TIMEOUT = 60
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")
PROMPT = r"\(help[^)\n]*\): "
SAVE_PROMPT = r"(Enter[^)\n]*\)|Enter: keep only the autosave\)): "
EVENTS = {"en": "Recent events", "ru": "Последние события"}


def plain(text: str) -> str:
    """Terminal output as plain text: colours gone, line ends as ``\n``, no trailing
    spaces but the last line's (a prompt, which the typed line follows)."""
    lines = ANSI.sub("", text).replace("\r\n", "\n").replace("\r", "").split("\n")
    return "\n".join([line.rstrip() for line in lines[:-1]] + lines[-1:])


class Terminal:
    """One ``cardtable`` command in a pseudo-terminal; everything it shows is kept."""

    def __init__(self, args: Sequence[str], data: Path) -> None:
        env = dict(os.environ, CARDTABLE_DATA_DIR=str(data), TERM="xterm-256color")
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        self.data = data
        self.shown: list[str] = []
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "cardtable.cli.main", *args],
            env=env,
            encoding="utf-8",
            timeout=TIMEOUT,
            dimensions=(40, COLUMNS),
        )
        self.shown.append("$ cardtable " + " ".join(args) + "\n")
        self._wait(PROMPT)

    def _wait(self, pattern: str | list[object]) -> int:
        found = int(self.child.expect(pattern))
        after = self.child.after if isinstance(self.child.after, str) else ""
        self.shown.append(plain(self.child.before + after))
        return found

    def type(self, line: str) -> str:
        """Type a line at the prompt; what the table showed before asking again."""
        self.child.sendline(line)
        self._wait(PROMPT)
        return self.shown[-1]

    def quit(self) -> None:
        """Leave the game (keeping only the autosave when asked for a file)."""
        self.child.sendline("quit")
        if self._wait([SAVE_PROMPT, pexpect.EOF]) == 0:
            self.child.sendline("")
            self._wait(pexpect.EOF)
        self.child.close()

    def text(self) -> str:
        """The whole session as one text (the data folder written as ``$DATA``)."""
        return "".join(self.shown).replace(str(self.data), "$DATA").rstrip() + "\n"


def write(feature: str, game: str, lang: str, sessions: Sequence[Terminal]) -> Path:
    """Write the sessions of one feature, game and language as its transcript."""
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{feature}-{game}.{lang}.txt"
    path.write_text("\n".join(s.text() for s in sessions), encoding="utf-8")
    return path


# --- undo (docs/table.md, "Take-back") ------------------------------------------------------
UNDO_FIRST = {"epic": "keep"}
"""The first decision undone, where option 1 would show little (Epic's mulligan of one
card: keeping the hand lets the agent's turn follow)."""


def decide(term: Terminal, lang: str, first: str = "1") -> None:
    """One whole decision: ``first``, then option 1 for every detail it opens."""
    out = term.type(first)
    while EVENTS[lang] not in out:
        out = term.type("1")


def undo(data: Path) -> list[Path]:
    """Undo against agents: nothing to undo at first, one decision undone, then two
    decisions undone one after the other; with two people at the table it is refused."""
    written = []
    for game in GAMES:
        for lang in LANGS:
            word = "undo" if lang == "en" else "отмена"
            term = Terminal(["play", game, "--seed", "3", "--lang", lang], data / game / lang)
            term.type(word)
            decide(term, lang, UNDO_FIRST.get(game, "1"))
            term.type(word)
            decide(term, lang, UNDO_FIRST.get(game, "1"))
            decide(term, lang)
            term.type(word)
            term.type(word)
            term.quit()
            seats = ["play", game, "--seed", "3", "--p2", "human", "--lang", lang]
            hot = Terminal(seats, data / game / lang / "hot-seat")
            hot.type(word)
            hot.quit()
            written.append(write("undo", game, lang, [term, hot]))
    return written


# --- learn (docs/learn.md) -------------------------------------------------------------------
LEARN_OTHER = 3
"""The step (counted from 1) answered with another legal move than the suggestion, to
show how a lesson answers it."""


def learn(data: Path) -> list[Path]:
    """Each game's guided first game: every step answered with its suggestion, but step
    LEARN_OTHER with the first other option; then the real game's first screen, and quit."""
    from cardtable.cli.learn import load_lesson, suggestion, walk
    from cardtable.core.registry import get_game

    written = []
    for game_id in GAMES:
        game = get_game(game_id)
        lesson = load_lesson(game)
        moves = []
        for index, state in walk(game, lesson):
            move = lesson.steps[index].suggest
            if index + 1 == LEARN_OTHER:
                legal = game.legal_actions(state)
                best = suggestion(game, lesson, index, state)
                move = str(next(k for k, a in enumerate(legal, 1) if a != best))
            moves.append(move)
        for lang in LANGS:
            args = ["learn", game_id, "--seed", "3", "--lang", lang]
            term = Terminal(args, data / game_id / lang)
            for move in moves:
                term.type(move)
            term.quit()
            written.append(write("learn", game_id, lang, [term]))
    return written


# --- hint (docs/table.md, "Hints and the coach") ------------------------------------------
COACH_PROMPT = r"\((?:yes/no|да/нет)\): "
HINT_DECISIONS = 15
"""Decisions played with the best option at most, looking for one with a much worse move."""


def coached(term: Terminal, line: str) -> bool:
    """Type a line where the coach may answer: wait for the prompt or its question (True)."""
    term.child.sendline(line)
    return term._wait([PROMPT, COACH_PROMPT]) == 1


def hint(data: Path) -> list[Path]:
    """``hint`` at the first decision; the best options played (the coach says nothing)
    up to a decision with a move rated far below the best (from the save file, by
    ``agents.hints.rate`` with the table's seed); there ``hint``, the bad move, the coach's
    warning declined, the move again, confirmed."""
    from cardtable.agents.hints import COACH_MARGIN, rate
    from cardtable.cli.coach import HINT_SEED_STEP
    from cardtable.core.registry import get_game
    from cardtable.core.replay import Replay, run_replay

    written = []
    for game_id in GAMES:
        game = get_game(game_id)
        for lang in LANGS:
            word = "hint" if lang == "en" else "подсказка"
            folder = data / game_id / lang
            folder.mkdir(parents=True, exist_ok=True)
            save = folder / "game.json"
            args = ["play", game_id, "--seed", "3", "--lang", lang, "--coach", "--save", str(save)]
            term = Terminal(args, folder)
            shown = " ".join(term.type(word).split())  # the first decision's hint
            first = re.search(r"1\. .*?\[([^\]]+)\]", shown)
            for decision in range(HINT_DECISIONS):
                replay = Replay.load(save) if save.exists() else None
                state = run_replay(replay) if replay else None
                ratings = []
                if replay is not None and game.to_move(state) == 0:
                    seed = replay.seed + HINT_SEED_STEP * len(replay.actions)
                    ratings = rate(game, state, 0, seed=seed)
                if ratings and ratings[0].win - ratings[-1].win >= COACH_MARGIN + 0.01:
                    bad = ratings[-1].code
                    if decision:
                        term.type(word)
                    coached(term, bad)
                    coached(term, "no" if lang == "en" else "нет")
                    coached(term, bad)
                    coached(term, "yes" if lang == "en" else "да")
                    break
                # no save yet (no action played): the first decision's hinted best
                best = ratings[0].code if ratings else first.group(1) if first else "1"
                if coached(term, best):
                    coached(term, "yes" if lang == "en" else "да")
            term.quit()
            written.append(write("hint", game_id, lang, [term]))
    return written


FEATURES: dict[str, Callable[[Path], list[Path]]] = {
    "undo": undo,
    "learn": learn,
    "hint": hint,
}


def main(argv: Sequence[str]) -> int:
    wanted = list(argv) or list(FEATURES)
    unknown = [f for f in wanted if f not in FEATURES]
    if unknown:
        print(f"unknown feature(s): {', '.join(unknown)}; known: {', '.join(FEATURES)}")
        return 2
    for feature in wanted:
        with tempfile.TemporaryDirectory() as tmp:
            for path in FEATURES[feature](Path(tmp)):
                print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
