"""The i18n scan: every event kind and every action kind of every game, in Russian and
English, rendered as a player sees them, with no raw id, no rule id where a sentence
was meant, no Latin word in Russian outside card ids, no missing translation and no
Russian quotes on an English screen (tests/i18n/checks.py says what each means).

Texts come from the glossary (what ``explain`` says of every card, ability and keyword),
from seeded random games of every setup the conformance suite plays and from
every scenario file of the game (positions that reach the rare events); the boards of
those games are rendered too. Every event kind the engine emits (found in its source)
must be met and rendered.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cardtable.core import get_game
from tests.games.scenario import load_scenarios
from tests.i18n.checks import problems

GAMES = ("clash", "epic", "bluemoon", "boss")
LANGS = ("ru", "en")
ROOT = Path(__file__).resolve().parents[2]
PER_KIND = 25  # texts checked per action or event kind and language
BOARD_EVERY = 97  # decisions between two rendered boards of a random game
SCENARIO_BOARDS = 3  # one scenario in three ends with its board rendered
#: words a Russian screen may show in Latin letters: what a player types at the table
COMMAND_WORDS = {"help", "rules", "explain", "why", "back", "log", "quit", "hint"}


def emitted_kinds(game_id: str) -> set[str]:
    """The event kinds the engine's source emits (``emit(st, "kind", …)``)."""
    src = "\n".join(p.read_text() for p in (ROOT / "src/cardtable/games" / game_id).glob("*.py"))
    return set(re.findall(r'emit\(\s*[a-z_]+,\s*"([a-z_]+)"', src))


class Scan:
    """Texts met so far and what is wrong with them."""

    def __init__(self, game_id: str, lang: str) -> None:
        self.game = get_game(game_id)
        self.lang = lang
        self.allowed = self.card_words(game_id) | COMMAND_WORDS
        self.found: dict[str, list[str]] = defaultdict(list)
        self.actions: dict[str, int] = defaultdict(int)
        self.events: dict[str, int] = defaultdict(int)

    def card_words(self, game_id: str) -> set[str]:
        """Card ids and their parts (a canonical action text names cards by id)."""
        words: set[str] = set()
        for term in self.game.glossary("en"):
            if term.kind == "card":
                words.add(term.key)
                words.update(re.split(r"[._@-]", term.key))
        return words

    def check(self, where: str, text: str) -> None:
        for problem in problems(text, self.lang, self.allowed):
            if len(self.found[problem]) < 3:
                self.found[problem].append(f"{where}: {text}")

    def decision(self, state: Any) -> None:
        """Describe the legal actions, at most PER_KIND of each kind."""
        game = self.game
        for action in game.legal_actions(state):
            kind = str(action[0])
            if self.actions[kind] >= PER_KIND:
                continue
            self.actions[kind] += 1
            text = game.describe(action, self.lang, state)
            self.check(f"action {game.action_text(state, action)!r}", text)
            if text == game.action_text(state, action):
                self.found["an action shown as its canonical text"].append(text)

    def new_events(self, state: Any, start: int) -> int:
        for ev in state.log[start:]:
            if self.events[ev.kind] >= PER_KIND:
                self.events[ev.kind] += 1
                continue
            self.events[ev.kind] += 1
            self.check(f"event {ev.kind}", self.game.render_event(state, ev, self.lang))
        return len(state.log)

    def board(self, state: Any) -> None:
        out = StringIO()
        console = Console(width=100, file=out, color_system=None, record=True)
        console.print(self.game.render(state, self.game.to_move(state), self.lang))
        for line in console.export_text().splitlines():
            self.check("board", line)

    def random_game(self, setup: dict[str, Any], seed: int) -> None:
        game = self.game
        rng = random.Random(seed)
        state = game.new_game(setup, seed=seed, log=True)
        seen, step = 0, 0
        while not game.is_over(state):
            self.decision(state)
            if step % BOARD_EVERY == 0:
                self.board(state)
            game.apply(state, rng.choice(game.legal_actions(state)))
            seen = self.new_events(state, seen)
            step += 1
        self.board(state)

    def scenario(self, game_id: str, sc: dict[str, Any], board: bool) -> None:
        game = self.game
        # cards a scenario defines inline are test cards, named by their ids
        self.allowed |= {c["id"] for c in sc["position"].get("cards") or [] if "id" in c}
        state = game.load_position({"game": game_id, **sc["position"]})
        state.log = []
        seen = 0
        for text in sc.get("apply", []):
            if game.is_over(state):
                break
            self.decision(state)
            game.apply(state, game.parse_action(state, str(text)))
            seen = self.new_events(state, seen)
        if not game.is_over(state):
            self.decision(state)
        if board:
            self.board(state)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_of_the_game_reads_in_its_language(game_id: str, lang: str) -> None:
    """i18n: every action, event and board text of every setup and scenario."""
    scan = Scan(game_id, lang)
    for term in scan.game.glossary(lang):  # what `explain` and `cards --explain` say
        scan.check(f"explain {term.key}", f"{term.title}: {term.text}")
    for i, setup in enumerate(scan.game.conformance_setups()):
        scan.random_game(setup, seed=7_000 + i)
    for i, (_, sc) in enumerate(load_scenarios(ROOT / "tests/games" / game_id / "scenarios")):
        scan.scenario(game_id, sc, board=i % SCENARIO_BOARDS == 0)
    report = "\n".join(f"{p}:\n    " + "\n    ".join(ex) for p, ex in scan.found.items())
    assert not scan.found, f"{game_id} [{lang}]:\n{report}"
    unseen = emitted_kinds(game_id) - set(scan.events)
    assert not unseen, f"{game_id}: event kinds never met by the scan: {sorted(unseen)}"
