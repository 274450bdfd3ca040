"""The command line in every Clash mode: solo, co-op, ffa, 2v2; levels; the new errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.core.events import Event
from cardtable.core.registry import get_game
from cardtable.core.replay import Replay, run_replay, verify
from cardtable.games.clash.solo import levels
from tests.cli.test_cli import fails, ok

FINISHED = ("Победа", "Ничья", "Winner:", "Draw")


def finished(out: str) -> bool:
    return any(word in out for word in FINISHED)


# --- play with agents only -------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["--mode", "solo", "--level", "7", "--p1", "greedy"],
        ["--mode", "solo", "--ai-seat", "A", "--p1", "random", "--ai-first"],
        ["--p1", "greedy", "--p2", "clash-solo:level=5"],
        ["--mode", "coop", "--level", "2", "--p1", "greedy", "--p2", "random"],
        ["--mode", "ffa", "--p1", "greedy"],
        ["--mode", "2v2", "--p1", "random", "--p3", "greedy"],
    ],
)
def test_agents_play_every_mode_to_the_end(tmp_path: Path, args: list[str]):
    save = tmp_path / "g.json"
    out = ok("play", "clash", "--seed", "3", "--save", str(save), *args).output
    assert finished(out), out[-2000:]
    assert "Traceback" not in out
    doc = json.loads(save.read_text())
    replay = Replay.load(save)
    verify(replay)
    mode = (
        next(args[i + 1] for i, a in enumerate(args) if a == "--mode")
        if "--mode" in args
        else "solo"
    )
    assert doc["setup"]["mode"] == mode
    assert len(doc["agents"]) == (4 if mode in ("coop", "ffa", "2v2") else 2)
    shown = ok("replay", str(save)).output
    assert finished(shown)


def test_solo_names_the_ai_and_shows_its_deck():
    out = ok(
        "play",
        "clash",
        "--mode",
        "solo",
        "--level",
        "3",
        "--p1",
        "greedy",
        "--seed",
        "2",
        "--lang",
        "en",
    ).output
    assert "AI B" in out and "deck of" in out and "discard pile" in out
    assert "AI B reveals" in out


def test_ai_seat_a_and_ai_first():
    out = ok(
        "play",
        "clash",
        "--mode",
        "solo",
        "--ai-seat",
        "A",
        "--ai-first",
        "--p1",
        "greedy",
        "--seed",
        "5",
        "--lang",
        "en",
    ).output
    assert "AI A" in out and "Player B" in out
    assert out.index("— AI A, turn 1 —") < out.index("— Player B, turn 1 —")


# --- a person in solo ------------------------------------------------------------------
def test_human_in_solo_until_eof_then_resume(tmp_path: Path):
    save = tmp_path / "s.json"
    out = ok(
        "play",
        "clash",
        "--mode",
        "solo",
        "--level",
        "4",
        "--seed",
        "6",
        "--save",
        str(save),
        "--lang",
        "en",
        input="end\nend\n",
    ).output
    assert "Input ended" in out and "Your options (Player A)" in out
    assert "AI B" in out
    doc = json.loads(save.read_text())
    assert doc["setup"]["mode"] == "solo" and doc["setup"]["level"] == 4
    assert doc["agents"] == ["human", "clash-solo:level=4"]
    again = ok("play", "clash", "--resume", str(save), "--p1", "greedy", "--lang", "en").output
    assert "Resumed" in again and finished(again)


def test_human_in_solo_never_sees_the_ai_deck(tmp_path: Path):
    save = tmp_path / "h.json"
    out = ok("play", "clash", "--mode", "solo", "--seed", "9", "--save", str(save), input="").output
    game = get_game("clash")
    state = run_replay(Replay.load(save))
    assert game.to_move(state) == 0 and state.ai[1]
    seen = {game.card_def(state, c).name("ru") for c in state.hands[0] if c != state.fortress[0]}
    for c in state.discards[1]:
        seen.add(game.card_def(state, c).name("ru"))
    for lane in state.board:
        for row in lane:
            seen |= {game.card_def(state, c).name("ru") for c in row}
    hidden = {game.card_def(state, c).name("ru") for c in state.decks[1]} - seen
    assert hidden
    for name in hidden:
        assert name not in out, name


# --- four seats ------------------------------------------------------------------------
def test_four_seat_board_shows_all_seats():
    out = ok(
        "play",
        "clash",
        "--mode",
        "2v2",
        "--p1",
        "human",
        "--seed",
        "4",
        "--lang",
        "en",
        input="",
    ).output
    for name in ("Player A", "Player B", "Player C", "Player D"):
        assert name in out
    for n in range(1, 5):
        assert f"Row {n}" in out
    assert "team 1" in out and "team 2" in out
    assert "top row" in out and "bottom row" in out
    ru = ok("play", "clash", "--mode", "coop", "--seed", "4", input="").output
    for name in ("Игрок А", "ИИ Б", "Игрок В", "ИИ Г"):
        assert name in ru
    assert "колода" in ru


def test_player_options_fit_the_mode():
    assert "--p2" in fails("play", "clash", "--mode", "solo", "--p2", "greedy", "--lang", "en")
    assert "--p3" in fails("play", "clash", "--mode", "coop", "--p3", "greedy", "--lang", "en")
    assert "ffa" in fails("play", "clash", "--mode", "ffa", "--p2", "clash-solo", "--lang", "en")
    assert "--ai-seat" in fails("play", "clash", "--mode", "ffa", "--ai-seat", "A", "--lang", "en")


# --- simulate --------------------------------------------------------------------------
def test_simulate_solo_json():
    data = json.loads(
        ok(
            "simulate",
            "clash",
            "--mode",
            "solo",
            "--level",
            "3",
            "--p1",
            "greedy",
            "--games",
            "6",
            "--json",
        ).stdout
    )
    assert set(data["wins"]) == {"p1", "p2"} and set(data["win_rate"]) == {"p1", "p2"}
    assert data["wins"]["p1"] + data["wins"]["p2"] + data["draws"] == 6
    assert data["agents"] == ["greedy", "clash-solo:level=3"]
    assert [s["ai"] for s in data["seats"]] == [False, True]
    same = json.loads(
        ok("simulate", "clash", "--p2", "clash-solo:level=3", "--games", "6", "--json").stdout
    )
    assert same["wins"] == data["wins"]


def test_simulate_four_seats():
    data = json.loads(
        ok("simulate", "clash", "--mode", "2v2", "--games", "4", "--p2", "greedy", "--json").stdout
    )
    assert set(data["wins"]) == {"p1", "p2", "p3", "p4"}
    assert [s["team"] for s in data["seats"]] == [1, 2, 1, 2]
    coop = ok("simulate", "clash", "--mode", "coop", "--level", "1", "--games", "3").output
    assert "ИИ Б" in coop and "команда 2" in coop and "p4" in coop


# --- levels ----------------------------------------------------------------------------
def test_levels_listing():
    ru = ok("levels", "clash").output
    en = ok("levels", "clash", "--lang", "en").output
    for p in levels().presets.values():
        assert p.name.ru in ru and p.name.en in en
    data = json.loads(ok("levels", "clash", "--json").stdout)
    for key in ("presets", "coop_presets"):
        assert [p["level"] for p in data[key]] == list(range(1, 11))
        assert all(p["points"] == p["level"] for p in data[key])
    assert "Уровни ИИ (кооператив" in ru and "co-op" in en
    assert data["costs"]["fixed_mana"]["10"] == 10 and data["costs"]["variable_mana"]["1"] == 3
    assert data["base"] == {"fixed_mana": 2, "variable_mana": 0}


# --- errors ----------------------------------------------------------------------------
def test_bad_mode_and_level():
    assert "--level" in fails("play", "clash", "--mode", "solo", "--level", "11")
    assert "--level" in fails("simulate", "clash", "--mode", "solo", "--level", "0")
    assert "--mode" in fails("play", "clash", "--mode", "solitaire")
    line = fails("play", "clash", "--mode", "solo", "--format", "constructed", "--lang", "en")
    assert "constructed" in line and "(card)" not in line
    assert "level" in fails("play", "clash", "--level", "3", "--lang", "en")
    assert "clash-solo" in fails("simulate", "clash", "--p2", "clash-solo:level=12", "--lang", "en")


# --- every event kind has a text -------------------------------------------------------
def test_every_engine_event_has_a_text():
    game = get_game("clash")
    from cardtable.agents import make_agent
    from cardtable.core.agent import SeatView

    seen: set[str] = set()
    for setup, specs in [
        ({"mode": "solo", "level": 9}, ["greedy", "clash-solo"]),
        ({"mode": "coop", "level": 5}, ["random", "clash-solo", "greedy", "clash-solo"]),
        ({"mode": "ffa"}, ["random"] * 4),
    ]:
        for seed in range(4):
            prepared, specs2 = game.prepare_match(setup, specs)
            agents = [make_agent(s, game, seed + i) for i, s in enumerate(specs2)]
            st = game.new_game(prepared, seed, log=True)
            while (seat := game.to_move(st)) is not None:
                game.apply(st, agents[seat].act(SeatView(game, st, seat)))
            for ev in st.log:
                seen.add(ev.kind)
                for lang in ("ru", "en"):
                    line = game.render_event(st, ev, lang)
                    assert ev.rule not in line and "#" not in line, (ev, line)
    assert {"reveal", "mana", "summon"} <= seen
    # kinds that random games rarely reach, rendered from hand-made events
    st = game.new_game({"mode": "solo"}, 1, log=True)
    card = st.decks[1][-1]
    other = st.decks[1][0]
    for ev in [
        Event("fizzle", "clash.solo.ai.spell", 1, {"card": card}),
        Event("errand_swap", "clash.solo.ai.errand", 1, {"card": card, "swapped": other}),
        Event("returned", "clash.solo.ai.mercenary", 1, {"card": card, "deck": True}),
        Event("reinforce", "clash.solo.ai.reinforcement", 1, {}),
        Event("fortress_heal", "clash.solo.ai.regeneration", 1, {}),
        Event("bastion_broken", "clash.solo.ai.bastion", 1, {}),
        Event("destroyed", "clash.damage.destroy", 1, {"card": card}),
        Event("turn_limit", "engine.turn_limit", None, {"turns": 50}),
    ]:
        for lang in ("ru", "en"):
            line = game.render_event(st, ev, lang)
            assert ev.rule not in line and not line.startswith(ev.kind + " "), line
    line = game.render_event(
        st, Event("destroyed", "clash.damage.destroy", 1, {"card": card}), "en"
    )
    assert "discard pile" in line and "AI B" in line
