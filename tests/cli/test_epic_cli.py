"""The command line with Epic: play (agents and a person), the card list, bench, simulate."""

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
    out = ok("play", "epic", "--p1", "greedy", "--p2", "random", "--seed", "5").output
    assert "Победитель" in out or "Ничья" in out
    en = ok(
        "play", "epic", "--p1", "greedy", "--p2", "random", "--seed", "6", "--lang", "en"
    ).output
    assert "Winner" in en or "A draw" in en


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_human_screen_hides_the_opponents_hand(tmp_path: Path, seed: int, lang: str):
    save = tmp_path / "game.json"
    out = ok(
        "play", "epic", "--seed", str(seed), "--save", str(save), "--lang", lang, input=""
    ).output
    assert "Ввод закончился" in out or "Input ended" in out or "EOF" in out.upper()
    # The state at the person's first screen: set-up plus any moves of the agent before it.
    replay = Replay.load(str(save))
    assert all(a[0] in ("mull", "keep") for a in replay.actions)  # nothing played yet
    st = run_replay(replay)
    game = get_game("epic")
    human = 0
    mine = {game.db.cards[st.card_ids[c]].name(lang) for c in st.hands[human]}
    assert mine and all(name in out for name in mine)
    theirs = {game.db.cards[st.card_ids[c]].name(lang) for c in st.hands[1]} - mine
    for name in theirs:
        assert name not in out, f"the opponent's card {name!r} is shown"


def test_cards_json_lists_the_duel_set_the_base_set_and_tokens():
    data = json.loads(ok("cards", "epic", "--json").stdout)
    assert len(data) == 141
    assert sum(c["edition"] == "duel2023" for c in data) == 17
    assert sum(c["edition"] == "base2015" for c in data) == 120
    assert sum(c["type"] == "token" for c in data) == 4
    for card in data:
        for key in (
            "id",
            "name",
            "edition",
            "faction",
            "type",
            "cost",
            "offense",
            "defense",
            "classes",
            "keywords",
            "text",
        ):
            assert key in card
        assert set(card["name"]) == {"ru", "en"} and set(card["text"]) == {"ru", "en"}
        assert card["text"]["ru"] and card["text"]["en"]
    demon = next(c for c in data if c["id"] == "demon_of_torment")
    assert "Клич: 3 урона каждому существу противников" in demon["text"]["ru"]
    assert "Tribute: 3 damage to each opponent champion" in demon["text"]["en"]
    flame = next(c for c in data if c["id"] == "torrent_of_flame")
    assert " или " in flame["text"]["ru"] and " or " in flame["text"]["en"]
    wicked = next(c for c in data if c["id"] == "champion_of_the_wicked")
    assert "Ваши другие существа «Зло» имеют +1/+1" in wicked["text"]["ru"]


def test_cards_table():
    assert "Демон страданий" in ok("cards", "epic").output
    assert "Demon of Torment" in ok("cards", "epic", "--lang", "en").output


def test_bench_epic():
    data = json.loads(
        ok("bench", "epic", "--games", "5", "--ismcts-decisions", "1", "--json").stdout
    )
    assert data["games_per_s"] > 0
    out = ok("bench", "epic", "--games", "5", "--ismcts-decisions", "0", "--lang", "en").output
    assert "Games per second" in out and "≥ 200" in out and "50,000" not in out


def test_simulate_epic_json():
    data = json.loads(ok("simulate", "epic", "--games", "20", "--seed", "2", "--json").stdout)
    assert data["games"] == 20
    assert data["wins"]["p1"] + data["wins"]["p2"] + data["draws"] == 20


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_draft_screen_shows_only_your_pack(tmp_path: Path, lang: str):
    """epic.format.draft_blind: the person sees their own pack with card texts; the other
    player's pack and picks stay hidden (a pick is shown face down)."""
    save = tmp_path / "draft.json"
    out = ok(
        "play",
        "epic",
        "--format",
        "draft_blind",
        "--seed",
        "4",
        "--save",
        str(save),
        "--lang",
        lang,
        input="1\n",
    ).output
    replay = Replay.load(str(save))
    game = get_game("epic")
    st = game.new_game(replay.setup, replay.seed)
    mine = {game.db.cards[st.card_ids[c]].name(lang) for c in st.packs[0]}
    theirs = {game.db.cards[st.card_ids[c]].name(lang) for c in st.packs[1]}
    assert all(name in out for name in mine)
    for name in theirs - mine:  # the pack that comes back later is the opponent's first one
        before_pass = out.split("Игрок 2 (greedy)" if lang == "ru" else "Player 2 (greedy)")[0]
        assert name not in before_pass
    assert ("Берёт карту (в закрытую)" in out) or ("Picks a card (face down)" in out)


def test_players_option_seats_a_free_for_all():
    """epic.multi: --players 3 without a mode plays free-for-all, one agent per seat."""
    data = json.loads(
        ok("simulate", "epic", "--players", "3", "--games", "2", "--seed", "1", "--json").stdout
    )
    assert data["setup"] == {"players": 3, "mode": "ffa"}
    assert len(data["seats"]) == 3


SPLIT = """\
game: epic
turn: 3
active: P1
first: P1
window: before_damage
initiative: P2
cards:
  - {id: tusker, edition: duel2023, name: {ru: Бивень, en: Tusker}, faction: wild,
     type: champion, cost: 0, offense: 8, defense: 8, keywords: [breakthrough]}
  - {id: tower, edition: duel2023, name: {ru: Башня, en: Tower}, faction: sage,
     type: champion, cost: 0, offense: 0, defense: 10}
players:
  P1: {hand: [armament], play: [{card: tusker, position: expended},
                                {card: human_token, position: expended}]}
  P2: {hand: [armament], play: [{card: tower, position: flipped},
                                {card: wolf_token, position: flipped}]}
combat: {attackers: [P1.play.0, P1.play.1], blockers: [P2.play.0, P2.play.1],
         blocked: true, defender: P2}
"""


@pytest.mark.parametrize(
    ("lang", "parts", "now"),
    [
        (
            "ru",
            "Назначено: «Бивень» → «Башня»: 1",
            "Урон «Бивень» распределяет Игрок 1: осталось 7",
        ),
        ("en", "Assigned: “Tusker” → “Tower”: 1", "Player 1 places the damage of “Tusker”: 7 left"),
    ],
)
def test_position_shows_the_damage_split(tmp_path: Path, lang: str, parts: str, now: str):
    """epic.combat.damage.blocked: halfway through a split the table shows the parts placed
    and whose damage is being placed, and the exported position keeps the split."""
    path = tmp_path / "split.yaml"
    path.write_text(SPLIT, encoding="utf-8")
    out = ok("position", "epic", str(path), "--apply", "pass; pass; to tower 1", "--lang", lang)
    assert parts in out.output and now in out.output
    assert "src: P1.play.0" in out.output and "left: 7" in out.output


STOPS = """\
game: epic
turn: 3
active: P1
first: P1
players:
  P1: {deck: [purification], hand: [purification], play: [{card: imperial_commander, position: expended}]}
  P2: {deck: [purification], hand: []}
"""


def _fails(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


def test_play_step_offers_continue_at_each_boundary_in_both_languages(tmp_path: Path):
    """engine.step, epic.turn.start, epic.turn.main.initiative: with --step the person
    answers every stop; the saved game records the setup and its continues, and --set
    step=true sets up the same game."""
    save = tmp_path / "g.json"
    args = ["play", "epic", "--seed", "3", "--p2", "random"]
    en = ok(*args, "--step", "--lang", "en", "--save", str(save), input="1\n" * 40).output
    assert "1. Continue: Player 1's start phase: gold, a card drawn" in en
    assert "Step mode, a stop. Continue: Player 1's main phase" in en
    assert "[continue]" in en
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["setup"]["step"] is True and ["continue"] in doc["actions"]
    ru = ok(*args, "--step", "--lang", "ru", input="1\n" * 40).output
    assert "Продолжить: основная фаза (Игрок 1)" in ru
    assert "Пошаговый режим, остановка." in ru
    again = tmp_path / "h.json"
    ok(*args, "--set", "step=true", "--lang", "en", "--save", str(again), input="1\n" * 40)
    other = json.loads(again.read_text(encoding="utf-8"))
    assert other["setup"] == doc["setup"] and other["actions"] == doc["actions"]
    assert "Replay verified" in ok("replay", str(save), "--verify-only", "--lang", "en").output


def test_position_step_applies_actions_one_stop_at_a_time(tmp_path: Path):
    """engine.step, epic.turn.main.pass, epic.turn.end, epic.turn.end.heal: `position
    --step` (or `step: true` in the file) stops before the end phase and before healing;
    the derived values are printed with the position."""
    path = tmp_path / "p.yaml"
    path.write_text(STOPS, encoding="utf-8")
    out = ok("position", "epic", str(path), "--step", "--apply", "pass; pass", "--lang", "en")
    assert "pending:\n  continue: end" in out.output and "step: true" in out.output
    out = ok(
        "position", "epic", str(path), "--step", "--apply", "pass; pass; continue", "--lang", "en"
    ).output
    assert "pending:\n  continue: heal" in out
    assert "derived:" in out and "human_demon: 22" in out
    path.write_text(STOPS.replace("game: epic\n", "game: epic\nstep: true\n"), encoding="utf-8")
    same = ok("position", "epic", str(path), "--apply", "pass; pass; continue", "--lang", "en")
    assert same.output == out
    default = tmp_path / "d.yaml"
    default.write_text(STOPS, encoding="utf-8")
    out = ok("position", "epic", str(default), "--apply", "pass", "--lang", "en").output
    assert "continue" not in out and "active: P2" in out
    # a real decision is no stop: continue is refused, the options are named
    out = _fails("position", "epic", str(default), "--step", "--apply", "continue", "--lang", "en")
    assert "Unknown action “continue”. Options: play purification, pass" in out
