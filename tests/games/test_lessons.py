"""The guided first games of `cardtable learn` as data (src/cardtable/games/<game>/data/
lesson.yaml, docs/learn.md): every step starts at the learner's decision, its suggested
move is a legal action there, the scripted replies are the opponent's legal moves, every
rule id a step cites is in the game's rules index, every text is there in both languages
and reads as the language it is in, the real game after the lesson starts, and the
numbers the lessons' texts promise are what the engine does.

Rules (the outcomes the lessons announce): clash.fortress.damage, clash.end.fort_rightmost,
epic.keyword.tribute, epic.combat.damage.unblocked, bluemoon.fight.win.dragons,
bluemoon.fight.win.take_back, boss.turn.combat.damage, boss.win.lethal; engine contract: Game.load_position, Game.parse_action,
Game.prepare_match.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import learn
from cardtable.cli.learn import Lesson, lesson_games, load_lesson, suggestion, walk
from cardtable.cli.table import action_verbs
from cardtable.core.errors import CardDataError, SetupError
from cardtable.core.registry import get_game
from tests.i18n.checks import problems
from tests.i18n.test_scan import COMMAND_WORDS

GAMES = ("clash", "epic", "bluemoon", "boss")
ROOT = Path(__file__).resolve().parents[2]


def rules_index(game_id: str) -> set[str]:
    """The ids of a game's rules index (docs/rules/<game>.md)."""
    text = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| `([^`]+)` \|", text, re.MULTILINE))


def texts(lesson: Lesson) -> list[tuple[str, dict[str, str]]]:
    """Every text of a lesson, with where it is."""
    out = [("title", lesson.title.model_dump()), ("intro", lesson.intro.model_dump())]
    for k, step in enumerate(lesson.steps, 1):
        out += [
            (f"step {k} text", step.text.model_dump()),
            (f"step {k} why", step.why.model_dump()),
        ]
    return [*out, ("outro", lesson.outro.model_dump())]


def test_every_game_has_a_lesson() -> None:
    """`cardtable learn` teaches every registered game."""
    assert set(lesson_games()) == set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_suggestion_is_legal_where_it_is_suggested(game_id: str) -> None:
    """Each step starts at the learner's decision (walk checks it), its suggestion is one
    of the legal actions there, and the script runs to its last step; 5 to 10 steps."""
    game = get_game(game_id)
    lesson = load_lesson(game)
    seen = []
    for index, state in walk(game, lesson):
        assert game.to_move(state) == lesson.seat
        action = suggestion(game, lesson, index, state)
        assert action in game.legal_actions(state)
        assert game.action_text(state, action) == lesson.steps[index].suggest
        seen.append(index)
    assert seen == list(range(len(lesson.steps)))
    assert 5 <= len(lesson.steps) <= 10


@pytest.mark.parametrize("game_id", GAMES)
def test_every_cited_rule_is_in_the_rules_index(game_id: str) -> None:
    """A step cites only ids of docs/rules/<game>.md."""
    known = rules_index(game_id)
    lesson = load_lesson(get_game(game_id))
    cited = {rule for step in lesson.steps for rule in step.rules}
    assert cited - known == set()
    assert all(rule.startswith(f"{game_id}.") for rule in cited)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_in_both_languages(game_id: str) -> None:
    """Titles, steps and the closing words exist in Russian and English, are not empty
    and read as their language: no Cyrillic or «» in English, no Latin word in Russian but
    the commands and the moves a player types, no raw ids."""
    game = get_game(game_id)
    lesson = load_lesson(game)
    allowed = set(COMMAND_WORDS)
    allowed |= {t.key for t in game.glossary("en") if t.kind == "card"}
    allowed |= {w for step in lesson.steps for w in re.split(r"\s+", step.suggest)}
    allowed |= action_verbs(game)
    found = []
    for where, both in texts(lesson):
        assert set(both) == {"ru", "en"}
        for lang, text in both.items():
            assert text.strip(), f"{where} ({lang}) is empty"
            found += [f"{where} ({lang}): {p}" for p in problems(text, lang, allowed)]
    assert found == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_real_game_after_the_lesson_starts(game_id: str) -> None:
    """The final game's setup starts a game with the lesson's seats, the learner a person
    and every other seat an agent."""
    game = get_game(game_id)
    lesson = load_lesson(game)
    setup, specs = learn.final_match(game, lesson)
    state = game.new_game(setup, 7)
    first = next(walk(game, lesson))[1]
    assert game.num_seats(state) == len(specs) == game.num_seats(first)
    assert [s for s, spec in enumerate(specs) if spec == "human"] == [lesson.seat]


def states_after(game_id: str) -> list[Any]:
    """The state after each step's suggestion and replies."""
    game = get_game(game_id)
    lesson = load_lesson(game)
    out = []
    for index, state in walk(game, lesson):
        game.apply(state, suggestion(game, lesson, index, state))
        learn.play_reply(game, lesson, index, state)
        out.append(state)
    return out


def exported(game_id: str, state: Any) -> dict[str, Any]:
    return get_game(game_id).export_position(state)


CLAIMS: list[tuple[str, int, Callable[[dict[str, Any]], Any], Any]] = [
    # clash.fortress.damage: "its health drops from 7 to 2" (step 8)
    ("clash", 8, lambda p: p["derived"]["health"]["B"], 2),
    # clash.end.fort_rightmost: "You win." (step 9)
    ("clash", 9, lambda p: (p["phase"], p["winners"]), ("over", ["A"])),
    # epic.keyword.tribute: "Player 2 takes 4 damage, from 30 down to 26" (step 2)
    ("epic", 2, lambda p: p["players"]["P2"]["health"], 26),
    # epic.combat.damage.unblocked: "13 damage, from 26 down to 13" (step 10)
    ("epic", 10, lambda p: p["players"]["P2"]["health"], 13),
    # bluemoon.fight.win.dragons: "you won the fight and attracted a dragon" (step 5)
    ("bluemoon", 5, lambda p: p["players"]["P1"]["dragons"], 1),
    # bluemoon.fight.win.take_back: "their dragon first sends yours back" (step 8)
    (
        "bluemoon",
        8,
        lambda p: (p["players"]["P1"]["dragons"], p["players"]["P2"]["dragons"]),
        (0, 0),
    ),
    # boss.turn.combat.damage: "2 + 2 = 4 brings the boss from 6 down to 2" (step 7)
    ("boss", 7, lambda p: p["boss"], 2),
    # boss.win.lethal: "the lethal blow yours. You win." (step 9)
    ("boss", 9, lambda p: (p["phase"], p["winners"], p["reason"]), ("over", ["P1"], "lethal")),
]


@pytest.mark.parametrize(("game_id", "step", "read", "expected"), CLAIMS)
def test_what_the_lessons_say_is_what_happens(
    game_id: str, step: int, read: Callable[[dict[str, Any]], Any], expected: Any
) -> None:
    """The numbers and outcomes a step's text announces, read from the position after it."""
    state = states_after(game_id)[step - 1]
    assert read(exported(game_id, state)) == expected


def test_a_wrong_suggestion_names_the_file_and_the_step() -> None:
    """A suggestion that is not a legal action stops the walk with one error naming the
    lesson file and the step, in either language."""
    game = get_game("clash")
    lesson = load_lesson(game)
    steps = list(lesson.steps)
    steps[2] = steps[2].model_copy(update={"suggest": "play blood_priest"})
    broken = lesson.model_copy(update={"steps": steps})
    with pytest.raises(CardDataError) as caught:
        list(walk(game, broken))
    assert "lesson.yaml: step 3: " in caught.value.text("en")
    assert "play blood_priest" in caught.value.text("en")
    assert "шаг 3" in caught.value.text("ru")


def test_a_malformed_lesson_file_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unknown key or a text missing a language is refused naming the file and the
    field; a game without a lesson file is refused listing those with one."""
    path = tmp_path / "lesson.yaml"
    monkeypatch.setattr(learn, "lesson_file", lambda game: path)
    game = get_game("clash")
    path.write_text(
        "game: clash\ntitle: {en: T}\nintro: {en: I, ru: И}\noutro: {en: O, ru: О}\n"
        "steps: [{position: {}, rules: [clash.goal], text: {en: a, ru: б}, suggest: end,"
        " why: {en: a, ru: б}}]\nfinal: {players: [human, greedy]}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardDataError) as caught:
        load_lesson(game)
    assert str(path) in caught.value.text("en") and "title.ru" in caught.value.text("en")
    path.unlink()
    with pytest.raises(SetupError) as refused:
        load_lesson(game)
    assert "clash has no lesson yet" in refused.value.text("en")
