"""The command line with Blue Moon: play (agents and a person), cards, bench, simulate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core.registry import get_game
from cardtable.core.replay import Replay, run_replay

runner = CliRunner()


def ok(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def test_play_agents_to_the_end():
    """bluemoon.end.crystals: two agents play a game to its end in both languages."""
    out = ok("play", "bluemoon", "--p1", "greedy", "--p2", "random", "--seed", "5").output
    assert "Победитель" in out or "Ничья" in out
    en = ok(
        "play", "bluemoon", "--p1", "greedy", "--p2", "random", "--seed", "6", "--lang", "en"
    ).output
    assert "Winner" in en or "A draw" in en


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_human_screen_hides_the_opponents_hand(tmp_path: Path, seed: int, lang: str):
    """bluemoon.special.rule10: the person sees their own hand, the areas, the dragons and
    the totals, never the cards in the other hand."""
    save = tmp_path / "game.json"
    out = ok(
        "play",
        "bluemoon",
        "--seed",
        str(seed),
        "--save",
        str(save),
        "--lang",
        lang,
        "--set",
        'peoples=["vulca","hoax"]',
        input="",
    ).output
    st = run_replay(Replay.load(str(save)))
    game = get_game("bluemoon")
    mine = {game.db.cards[st.card_ids[c]].name(lang) for c in st.hands[0]}
    assert mine and all(name in out for name in mine)
    shown = {
        game.db.cards[st.card_ids[c]].name(lang) for row in st.combat + st.support for c in row
    }
    theirs = {game.db.cards[st.card_ids[c]].name(lang) for c in st.hands[1]} - mine - shown
    for name in theirs:
        assert name not in out, f"the opponent's card {name!r} is shown"
    assert ("Драконы" in out) or ("Dragons" in out)


def test_bench_and_simulate():
    """bluemoon.match: the bench prints games per second against its target; simulate
    reports both seats."""
    data = json.loads(
        ok("bench", "bluemoon", "--games", "5", "--ismcts-decisions", "1", "--json").stdout
    )
    assert data["games_per_s"] > 0
    out = ok("bench", "bluemoon", "--games", "5", "--ismcts-decisions", "0", "--lang", "en").output
    assert "Games per second" in out and "≥ 300" in out
    sim = json.loads(ok("simulate", "bluemoon", "--games", "20", "--seed", "2", "--json").stdout)
    assert sim["games"] == 20
    assert sim["wins"]["p1"] + sim["wins"]["p2"] + sim["draws"] == 20


def test_cards_list():
    """bluemoon.setup.decks: the card list names the cards and their powers in both languages."""
    assert "Catusan" in ok("cards", "bluemoon", "--lang", "en").output
    data = json.loads(ok("cards", "bluemoon", "--json").stdout)
    assert len(data) == 248 and all(set(c["text"]) == {"ru", "en"} for c in data)


def test_cards_put_back_stay_hidden_from_the_other_player():
    """bluemoon.special.rule10, bluemoon.setup.optional_reshuffle: which card an agent puts
    back into its deck is not named to the other player; its own view names it."""
    from cardtable.games.bluemoon import render

    game = get_game("bluemoon")
    st = game.new_game({"reshuffle": True, "peoples": ["vulca", "hoax"]}, 1)
    action = game.legal_actions(st)[0]
    assert action[0] == "back"
    name = game.db.cards[st.card_ids[action[1]]].name("ru")
    assert name not in render.describe_seen(game, st, action, st.pending[1], "ru")
    assert name in game.describe(action, "ru", st)


STEP_POSITION = """\
game: bluemoon
element: fire
fight_turn: 3
players:
  P1:
    people: vulca
    turns: 2
    hand: [blaze]
    deck: [furnace, lavar_the_powerful, volca, spark]
    combat: [{card: torch, turn: 1}]
  P2:
    people: hoax
    turns: 1
    hand: [athradysas_the_seeker]
    deck: [zedemikras_the_brain, nirwadas_the_traveler, vetraskedas_the_sceptic]
    combat: [{card: ledinemras_the_monk, turn: 2}]
"""


def test_play_step_offers_continue_at_each_boundary_in_both_languages(tmp_path: Path):
    """engine.step, bluemoon.turn.phases, bluemoon.turn.start, bluemoon.turn.leadership:
    with --step the person answers every stop; the saved game records the setup and its
    continues, and --set step=true sets up the same game."""
    save = tmp_path / "g.json"
    args = ["play", "bluemoon", "--seed", "3", "--p2", "random"]
    en = ok(*args, "--step", "--lang", "en", "--save", str(save), input="1\n" * 40).output
    # the agent's run of moves reads as one line (docs/table.md, "The screen")
    assert "Player 2 (random), 13 actions: Continue: fight 1, Player 2's first turn;" in en
    assert "1. Continue: the start of Player 1's turn" in en
    assert "Step mode, a stop. Continue: Player 1's leadership phase" in en
    assert "[continue]" in en
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["setup"]["step"] is True and ["continue"] in doc["actions"]
    ru = ok(*args, "--step", "--lang", "ru", input="1\n" * 40).output
    assert "1. Продолжить: начало хода (Игрок 1)" in ru
    assert "Пошаговый режим, остановка. Продолжить: фаза «Лидерство» (Игрок 1)" in ru
    again = tmp_path / "h.json"
    ok(*args, "--set", "step=true", "--lang", "en", "--save", str(again), input="1\n" * 40)
    other = json.loads(again.read_text(encoding="utf-8"))
    assert other["setup"] == doc["setup"] and other["actions"] == doc["actions"]
    assert "Replay verified" in ok("replay", str(save), "--verify-only", "--lang", "en").output


def test_position_step_applies_actions_one_stop_at_a_time(tmp_path: Path):
    """engine.step, bluemoon.turn.booster_support, bluemoon.turn.announce,
    bluemoon.turn.refill: `position --step` (or `step: true` in the file) stops after the
    booster/support phase, before the announcement and before the refill; the derived
    values are printed with the position."""
    path = tmp_path / "p.yaml"
    path.write_text(STEP_POSITION, encoding="utf-8")
    out = ok("position", "bluemoon", str(path), "--step", "--apply", "char blaze; done")
    assert "pending:\n  continue: after" in out.output and "step: true" in out.output
    apply = "char blaze; done; continue; continue"
    out = ok("position", "bluemoon", str(path), "--step", "--apply", apply, "--lang", "en")
    assert "pending:\n  continue: refill" in out.output
    assert "derived:" in out.output and "refill: 4" in out.output
    assert "Player 1 announces 4 Fire  [bluemoon.turn.announce]" in out.output
    assert "Step mode, a stop. Continue: Player 1 refills their hand to six cards" in out.output
    path.write_text("step: true\n" + STEP_POSITION, encoding="utf-8")
    same = ok("position", "bluemoon", str(path), "--apply", apply, "--lang", "en")
    assert same.output == out.output
    default = tmp_path / "d.yaml"
    default.write_text(STEP_POSITION, encoding="utf-8")
    # default mode: "done", the only option left, is taken; P2 is to play
    out = ok("position", "bluemoon", str(default), "--apply", "char blaze", "--lang", "en")
    assert "continue" not in out.output and "active: P2" in out.output
    # a real decision is no stop: continue is refused
    result = runner.invoke(
        app, ["position", "bluemoon", str(default), "--step", "--apply", "continue"]
    )
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "continue" in result.output and "char blaze" in result.output
