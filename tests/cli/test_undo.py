"""``undo`` at the terminal table, driven through a real terminal (pexpect), for every
game in Russian and English (docs/table.md, "Take-back"): with nothing to undo it says
so; an undo takes back the person's last decision and the agents' replies and shows the
table exactly as the person saw it then; undos in a row go further back; the game's
record (the autosave) verifies as a replay, and resuming it shows that same table. With
a second person at the table (hot-seat) undo is refused.

Rules: the decisions undone here: clash.card.spell.target, clash.summon.place,
epic.mulligan, bluemoon.turn.leadership, boss.setup.redeal, boss.resource.wound.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core.replay import Replay, verify
from tests.cli.test_table_help import Table, table

GAMES = ("clash", "epic", "bluemoon", "boss")
SEED = "3"
EVENTS = {"en": "Recent events", "ru": "Последние события"}
OPTIONS = {"en": "Your options (", "ru": "Ваши варианты ("}
UNDONE = {"en": "Undone: ", "ru": "Отменено: "}
REDRAWN = {"en": "the next cards may differ.", "ru": "следующие карты могут быть другими."}
NOTHING = {"en": "Nothing to undo", "ru": "Отменять нечего"}
HUMANS = {
    "en": "Undo is only for a game against agents",
    "ru": "Отменять ходы можно только в игре против ИИ",
}
WORDS = {"en": ("undo", "undo", "undo"), "ru": ("отмена", "отменить", "undo")}
REPLAYED = {"en": ("Replay verified", "undo: what"), "ru": ("Запись проверена", "отмена хода: то")}


def decide(t: Table, lang: str) -> str:
    """One whole decision: option 1, and option 1 for every detail it opens, until the
    next decision shows the table; that screen."""
    out = t.ask("1")
    while EVENTS[lang] not in out:
        out = t.ask("1")
    return out


def table_after(out: str, lang: str) -> str:
    """The screen an undo printed after saying what it took back."""
    assert UNDONE[lang] in out, out[:300]
    return out.split(REDRAWN[lang], 1)[1].strip()


def options(screen: str, lang: str) -> str:
    """The list of options at the end of a screen."""
    return screen[screen.rindex(OPTIONS[lang]) :]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_decisions_and_replies(tmp_path: Path, game: str, lang: str) -> None:
    """Nothing to undo at the first decision; after one decision an undo shows the first
    table again word for word; after two more, two undos go back to the second and then
    the first table, and a third finds nothing. The autosave records the redraws, verifies
    (``cardtable replay`` shows where they happened) and resumes at that first table."""
    first_word, second_word, third_word = WORDS[lang]
    with table(tmp_path, game, "--seed", SEED, "--lang", lang) as t:
        first = t.opening
        assert "undo" in t.ask("help")
        assert NOTHING[lang] in t.ask(first_word)
        decide(t, lang)
        out = t.ask(second_word)
        assert first.endswith(table_after(out, lang))
        second = decide(t, lang)
        decide(t, lang)
        out = t.ask(third_word)
        assert options(table_after(out, lang), lang) == options(second, lang)
        out = t.ask(first_word)
        restored = table_after(out, lang)
        assert first.endswith(restored)
        assert NOTHING[lang] in t.ask(second_word)
    save = tmp_path / "autosave" / f"{game}-{SEED}.json"
    replay = Replay.load(save)
    assert len(replay.reseeds) == 2  # the last undo went back before the second one
    assert {r.at for r in replay.reseeds} == {len(replay.actions)}
    verify(replay)
    shown = CliRunner().invoke(app, ["replay", str(save), "--lang", lang])
    assert shown.exit_code == 0, shown.output
    verified, redrawn = REPLAYED[lang]
    assert verified in shown.output and shown.output.count(redrawn) == 2
    with table(tmp_path, game, "--resume", str(save), "--lang", lang) as t:
        assert t.opening.endswith(restored)


@pytest.mark.parametrize(("game", "lang"), [("clash", "en"), ("boss", "ru")])
def test_undo_is_refused_with_two_people(tmp_path: Path, game: str, lang: str) -> None:
    """Hot-seat (two seats played by people): undo is refused before and after a
    decision, and the game goes on."""
    with table(tmp_path, game, "--seed", SEED, "--p2", "human", "--lang", lang) as t:
        assert HUMANS[lang] in t.ask(WORDS[lang][0])
        decide(t, lang)
        out = t.ask(WORDS[lang][1])
        assert HUMANS[lang] in out and UNDONE[lang] not in out


def test_back_after_an_undo_keeps_the_redrawn_game(tmp_path: Path) -> None:
    """clash.card.spell.target: after an undo, a spell chosen and taken back with
    ``back`` (its target still open) returns to the table the undo restored, and the
    record still verifies."""
    with table(tmp_path, "clash", "--seed", SEED, "--lang", "en") as t:
        decide(t, "en")
        restored = table_after(t.ask("undo"), "en")
        assert "[target " in t.ask("1")
        assert "Taken back" in t.ask("back")
        assert options(t.ask("board"), "en") == options(restored, "en")
    replay = Replay.load(tmp_path / "autosave" / f"clash-{SEED}.json")
    assert len(replay.reseeds) == 1
    verify(replay)


def test_a_game_action_written_undo_is_played_not_taken_for_the_table_command() -> None:
    """Blue Moon's rule-11 take-back is an action written ``undo`` (bluemoon.special.rule11):
    where it is legal, typing ``undo`` means that action (the table's is ``takeback``)."""
    from types import SimpleNamespace

    from cardtable.agents import RandomAgent
    from cardtable.cli.human import HumanAgent
    from cardtable.core.agent import SeatView
    from cardtable.core.registry import get_game

    game = get_game("bluemoon")
    seen = {True: 0, False: 0}
    for seed in range(40):
        state = game.new_game({}, seed)
        agent = RandomAgent(seed)
        while (seat := game.to_move(state)) is not None:
            legal = game.legal_actions(state)
            human = HumanAgent(SimpleNamespace(game=game, state=state))
            offered = ("undo",) in legal
            assert human._is_action_text("undo") is offered
            seen[offered] += 1
            game.apply(state, agent.act(SeatView(game, state, seat)))
        if seen[True] and seen[False]:
            break
    assert seen[True] and seen[False]
