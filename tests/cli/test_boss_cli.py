"""The command line with Boss Battle: play (agents, a person at any seat), the table each
seat sees, card texts, cards, simulate with --players, positions."""

from __future__ import annotations

import io
import itertools
import json
import re
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError
from rich.console import Console
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.play import PlaySession
from cardtable.core.position import load_position
from cardtable.core.registry import get_game
from cardtable.core.replay import Replay, run_replay
from cardtable.games.boss import cards as schema
from cardtable.games.boss.cardtext import card_text, counted, static_text, step_text
from cardtable.games.boss.render import render

runner = CliRunner()
EXAMPLE = Path(__file__).parent.parent.parent / "docs" / "examples" / "boss-stack.yaml"
FIELD_NAMES = re.compile(r"\b(amount|per|klass|op|steps|statics|applies|kind|until_eot)\b")


def ok(*args: str, input: str | None = None) -> Any:
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def screen(game: Any, state: Any, seat: int | None, lang: str) -> str:
    out = Console(record=True, width=160, file=io.StringIO())
    out.print(render(game, state, seat, lang))
    return out.export_text()


# --- play ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "won"), [("ru", "Победа"), ("en", "Winner")])
def test_three_agents_play_a_whole_game(lang: str, won: str) -> None:
    """boss.win.lethal: three agents play to the lethal blow; the log cites rule ids."""
    out = ok(
        "play", "boss", "--players", "3", "--p1", "greedy", "--p2", "random", "--p3", "random",
        "--seed", "2", "--lang", lang,
    ).output  # fmt: skip
    assert won in out
    assert "[boss.win.lethal]" in out and "[boss.resource.wound]" in out
    assert ("Игрок 3" if lang == "ru" else "Player 3") in out


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_persons_screen_hides_the_other_hands(tmp_path: Path, seed: int, lang: str) -> None:
    """boss.zone.hand: the person at seat 1 sees their own hand in full and only the sizes
    of the others' hands (and the cards everyone saw enter them)."""
    save = tmp_path / "game.json"
    out = ok(
        "play", "boss", "--players", "3", "--p1", "human", "--p2", "greedy", "--p3", "random",
        "--seed", str(seed), "--save", str(save), "--lang", lang, input="",
    ).output  # fmt: skip
    assert "Ввод закончился" in out or "Input ended" in out
    st = run_replay(Replay.load(str(save)))
    game = get_game("boss")

    def names(cards: list[int]) -> set[str]:
        return {game.db.cards[st.card_ids[c]].name(lang) for c in cards}

    mine = names(st.hands[0])
    assert mine and all(name in out for name in mine)
    public = names([c for s in range(3) for z in (st.graves[s], st.field[s]) for c in z])
    for s in (1, 2):
        assert str(len(st.hands[s])) in out
        for name in names(st.hands[s]) - mine - public:
            assert name not in out, f"player {s + 1}'s card {name!r} is shown"


def test_the_screen_of_seat_1_shows_no_hidden_card() -> None:
    """boss.zone.hand, boss.setup.redeal_seen: rendered for seat 0, the example position
    shows seat 0's hand, the others' hand sizes, the card everyone saw enter Player 2's hand,
    and Player 2's redeal exile (hidden from Player 2 only)."""
    game = get_game("boss")
    _, st = load_position(str(EXAMPLE), game)
    text = screen(game, st, 0, "en")
    assert "Spark Bolt" in text and "known: Stun" in text and "Snare" in text
    for hidden in ("Cancel", "Boss Ward", "Fangs", "Levy", "Rend"):
        assert hidden not in text, hidden
    assert "Snare" not in screen(game, st, 1, "en")  # its owner never saw it
    assert "face down: 1" in screen(game, st, 1, "en")
    assert "Отмена" in screen(game, st, None, "ru")  # a spectator sees every hand


def test_a_person_decides_in_another_players_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """boss.effect.discard: during Player 2's turn, the person at seat 1 chooses what to
    discard; the screen says who decides and what resolves, the options are listed."""
    game = get_game("boss")
    doc = {
        "game": "boss",
        "phase": "placement1",
        "active": "P2",
        "resolving": [{"card": "blackmail", "controller": "P2", "owner": "P2"}],
        "pending": ["discard", "P1"],
        "players": {
            "P1": {"hand": ["pikeman", "rend", "fangs"], "deck": ["reserves"]},
            "P2": {"hand": ["spark_bolt"], "deck": ["levy"], "slots": 2},
        },
    }
    session = PlaySession(
        game,
        Replay(game="boss", setup={}, seed=1),
        ["human", "greedy"],
        "en",
        Console(record=True, width=160, file=io.StringIO()),
    )
    session.state = game.load_position(doc)
    session.state.log = []
    typed = iter(["discard rend", "discard pikeman"])
    monkeypatch.setattr("builtins.input", lambda *_: next(typed))
    assert session.step() and session.step()
    text = session.console.export_text()
    assert "Player 1 decides: which card to discard" in text
    assert "Resolving: Player 2, Blackmail (card)" in text
    assert "Your options (Player 1):" in text and "discard Pikeman" in text
    st = session.state
    assert sorted(st.card_ids[c] for c in st.graves[0]) == ["pikeman", "rend"]
    assert [st.card_ids[c] for c in st.hands[0]] == ["fangs"]
    assert game.to_move(st) == 1


# --- card texts ---------------------------------------------------------------------------
def _clean(text: str, where: str) -> None:
    assert text.strip(), where
    assert "_" not in text and "{" not in text and "}" not in text, (where, text)
    assert not FIELD_NAMES.search(text.lower()), (where, text)


def test_every_card_has_its_text_in_both_languages() -> None:
    """Card texts are generated from the data: every card of the pool, in ru and en, with
    no raw id or field name in them."""
    db = get_game("boss").db
    for d in db.cards.values():
        for lang in ("ru", "en"):
            _clean(card_text(d, lang), f"{d.id} ({lang})")
    steam = db.cards["steam_hammer"]
    assert card_text(steam, "ru").startswith("Конструирование 3: нанесите боссу 7 урона.")
    assert card_text(steam, "en").startswith("Construction 3: deal 7 damage to the boss.")
    assert "Расплата: если у босса не больше 10 здоровья" in card_text(
        db.cards["executioner"], "ru"
    )


def test_every_word_of_the_vocabulary_has_a_phrase() -> None:
    """Every op with every target and filter, every ``per``, condition, trigger, static
    and keyword of the schema produces a sentence (the schema's own lists are read, so a
    new word without a phrase fails here)."""
    lists = typing.get_args
    fillers: list[dict[str, Any]] = [
        {},
        {"controller": "you", "other": True, "tapped": True, "max_cost": 3, "class": "mitsim"},
        {"controller": "opponent", "tapped": False, "type": "object", "until": "next_turn"},
        {"type": "unit", "into": "battlefield", "until_eot": True, "if_boss_at_most": 5},
        {"if_your_turn": True, "if_did": True},
        {"if_your_turn": False, "type": "event"},
    ]
    made = 0
    for op, to in itertools.product(lists(schema.Op), (None, *lists(schema.Target))):
        for extra in fillers:
            for what in lists(schema.Forbidden) if op == "forbid" else (None,):
                try:
                    step = schema.Step.model_validate({"op": op, "to": to, "what": what, **extra})
                except ValidationError:
                    continue
                for lang in ("ru", "en"):
                    _clean(step_text(schema.step_def(step), lang)[0], f"{op} {to} {extra} ({lang})")
                    made += 1
    assert made > 500
    for per in lists(schema.Per):
        step = schema.Step(op="damage_boss", amount=2, per=per)
        for lang in ("ru", "en"):
            _clean(step_text(schema.step_def(step), lang)[0], per)
    applies = lists(schema.Static.model_fields["applies"].annotation)
    whats = {"forbid": lists(schema.Forbidden), "allow": lists(schema.Allowed)}
    phrased: set[str] = set()
    for kind in lists(schema.Static.model_fields["kind"].annotation):
        for who, what in itertools.product(applies, whats.get(kind, (None,))):
            try:
                st = schema.Static(kind=kind, what=what, applies=who, amount=-1)
            except ValidationError:
                continue
            phrased.add(kind)
            for lang in ("ru", "en"):
                _clean(static_text(schema.static_def(st), lang), f"{kind} {who} {what}")
    assert phrased == set(lists(schema.Static.model_fields["kind"].annotation))
    spark = {"op": "damage_boss", "amount": 1}
    for when in lists(schema.When):
        card = {"id": "x", "name": {"ru": "Х", "en": "X"}, "type": "object", "cost": 1}
        raw = {**card, "triggers": [{"when": when, "steps": [spark]}], "keywords": []}
        d = schema.parse_cards("test", [raw])[0]
        for lang in ("ru", "en"):
            _clean(card_text(d, lang), when)
    for keyword in schema.KEYWORDS:
        raw = {
            "id": "x",
            "name": {"ru": "Х", "en": "X"},
            "type": "unit",
            "cost": 1,
            "attack": 1,
            "durability": 1,
            "keywords": [keyword],
            "classes": ["mitsim"],
        }
        d = schema.parse_cards("test", [raw])[0]
        for lang in ("ru", "en"):
            _clean(card_text(d, lang), keyword)


def test_russian_numbers_take_the_right_form() -> None:
    """1 карту, 2 карты, 5 карт, 11 карт, 21 карту; жетон, ресурс and урон likewise."""
    assert [counted("ct_n_card", n, "ru") for n in (1, 2, 5, 11, 21, 22)] == [
        "1 карту", "2 карты", "5 карт", "11 карт", "21 карту", "22 карты",
    ]  # fmt: skip
    assert counted("ct_n_dur_token", 3, "ru") == "3 жетона прочности"
    assert counted("ct_n_energy_token", 12, "ru") == "12 жетонов энергии"
    assert counted("ct_n_resource", 1, "ru") == "1 ресурс"
    assert counted("ct_n_resource", 4, "ru") == "4 ресурса"
    assert counted("ct_n_damage", 1, "ru") == "1 урон"
    assert counted("ct_n_damage", 7, "ru") == "7 урона"
    assert counted("ct_n_card", 1, "en") == "a card"


# --- the other commands ---------------------------------------------------------------------
def test_cards_json_lists_the_pool_and_the_decks() -> None:
    data = json.loads(ok("cards", "boss", "--json").stdout)
    db = get_game("boss").db
    assert len(data) == len(db.cards)
    for card in data:
        for key in ("id", "name", "type", "cost", "attack", "durability", "text", "decks"):
            assert key in card
        assert card["text"]["ru"] and card["text"]["en"]
    hammer = next(c for c in data if c["id"] == "steam_hammer")
    assert hammer["decks"] == {"forge": 2} and hammer["attack"] is None
    assert sum(sum(c["decks"].values()) for c in data) == sum(
        len(d.cards) for d in db.decks.values()
    )
    table = ok("cards", "boss", "--lang", "en").output
    assert "Steam Hammer" in table and "The Schemers" in table


def test_simulate_four_players() -> None:
    data = json.loads(
        ok("simulate", "boss", "--players", "4", "--games", "4", "--p1", "greedy", "--json").stdout
    )
    assert data["games"] == 4 and data["setup"]["players"] == 4
    assert sum(data["wins"].values()) + data["draws"] == 4
    assert [s["agent"] for s in data["seats"]] == ["greedy", "random", "random", "random"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_seven_players_are_refused_in_one_line(lang: str) -> None:
    result = runner.invoke(app, ["simulate", "boss", "--players", "7", "--lang", lang])
    assert result.exit_code == 2
    lines = [x for x in result.output.splitlines() if x.strip()]
    said = {
        "ru": "игроков: 7, а играют от 2 до 6",
        "en": "7 players: the game is for 2 to 6 players",
    }
    assert len(lines) == 1 and said[lang] in lines[0]
    assert "Traceback" not in result.output


def test_the_example_position_loads_and_plays() -> None:
    """docs/examples/boss-stack.yaml (docs/positions.md): it loads, exports back to the
    same document, and Cancel answers the Конструирование on the stack."""
    game = get_game("boss")
    _, st = load_position(str(EXAMPLE), game)
    assert game.to_move(st) == 1 and len(st.stack) == 1
    doc = game.export_position(st)
    assert game.export_position(game.load_position(doc)) == doc
    out = ok("position", "boss", str(EXAMPLE), "--lang", "en").output
    assert "Steam Hammer (Construction) — Deal 7 damage to the boss." in out
    after = ok(
        "position", "boss", str(EXAMPLE), "--apply", "play cancel; pass", "--lang", "en"
    ).output
    assert "Player 2 cancels Steam Hammer  [boss.effect.counter]" in after
    assert yaml.safe_load(after.split("Position after the actions:")[1])["boss"] == 6
    lethal = ok("position", "boss", str(EXAMPLE), "--apply", "pass; pass").output
    assert "Победа: Игрок 1" in lethal


def test_tournament_and_balance_take_players() -> None:
    """A tournament of the four decks at a four-player table; the balance report's command
    line keeps --players."""
    from cardtable.cli.lab import BalanceRequest, balance_command_text

    data = json.loads(
        ok(
            "tournament", "boss", "--decks", "all", "--players", "4", "--games", "1", "--json"
        ).stdout
    )
    assert data["seats"] == 4
    assert sum(s["games"] for s in data["standings"]) == 4 * 4
    text = balance_command_text(BalanceRequest(game="boss", players=3))
    assert "--players 3" in text


def test_the_documented_position_loads() -> None:
    """The Boss Battle example in docs/positions.md is a valid position."""
    doc = (EXAMPLE.parent.parent / "positions.md").read_text(encoding="utf-8")
    block = doc.split("## Boss Battle")[1].split("```yaml")[1].split("```")[0]
    st = get_game("boss").load_position(yaml.safe_load(block))
    assert st.nseats() == 3 and st.boss == 6 and st.pending == ("priority", 1)


STOPS = """\
game: boss
turn: 3
phase: placement1
active: P1
players:
  P1: {hand: [spark_bolt], deck: [pikeman], slots: 1, field: [pikeman]}
  P2: {deck: [pikeman]}
"""


def test_play_step_offers_continue_at_each_boundary_in_both_languages(tmp_path: Path) -> None:
    """engine.step, boss.turn.start, boss.turn.combat: with --step the person answers every
    stop of their turns (and every pass offered to them); the saved game records the setup
    and its continues and replays exactly."""
    save = tmp_path / "g.json"
    args = ["play", "boss", "--seed", "3", "--p1", "human", "--p2", "random", "--step"]
    en = ok(*args, "--lang", "en", "--save", str(save), input="1\n" * 80).output
    assert "Continue: phase 1, Player 1's start of turn" in en
    assert "Continue: phase 3, Player 1's combat" in en and "[continue]" in en
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["setup"]["step"] is True and ["continue"] in doc["actions"]
    assert "Replay verified" in ok("replay", str(save), "--verify-only", "--lang", "en").output
    ru = ok(*args, "--lang", "ru", input="1\n" * 80).output
    assert "Продолжить: фаза 3, бой (Игрок 1)" in ru


def test_position_step_applies_actions_one_stop_at_a_time(tmp_path: Path) -> None:
    """engine.step, boss.stack.auto_pass, boss.turn.combat: `position --step` (or `step:
    true` in the file) offers Player 2 its pass, then stops before the combat phase."""
    path = tmp_path / "p.yaml"
    path.write_text(STOPS, encoding="utf-8")
    out = ok("position", "boss", str(path), "--step", "--apply", "pass", "--lang", "en").output
    assert "pending:\n- priority\n- P2" in out and "step: true" in out
    apply = "pass; pass; continue"
    out = ok("position", "boss", str(path), "--step", "--apply", apply, "--lang", "en").output
    assert "phase: combat" in out and "derived:" in out
    assert "Player 1: combat  [boss.turn.combat]" in out
    path.write_text("step: true\n" + STOPS, encoding="utf-8")
    same = ok("position", "boss", str(path), "--apply", apply, "--lang", "en").output
    assert same == out
    stop = ok("position", "boss", str(path), "--apply", "pass; pass", "--lang", "en").output
    assert "pending:\n  continue: combat" in stop
    assert "Step mode, a stop. Continue: phase 3, Player 1's combat" in stop
    path.write_text(STOPS, encoding="utf-8")
    default = ok("position", "boss", str(path), "--apply", "pass", "--lang", "en").output
    assert "continue" not in default and "phase: combat" in default
