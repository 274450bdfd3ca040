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
