"""Step mode (engine.step): every decision observable, one at a time.

With the setup option ``step`` the engine takes no decision for a player by itself: a
target with one legal choice (boss.stack.targets), Голод's unit when there is one
(boss.mech.hunger), a Синергия move or amount with one choice (boss.mech.synergy), a
discard among copies (boss.effect.discard), the «ранение»'s card at the slot maximum
(boss.resource.wound, boss.resource.max) and the pass of a player who could do nothing
(boss.stack.auto_pass) are offered with their one option. The turn stops at each boundary
of the book's five phases (boss.turn.*) with a ``continue`` decision: the start phase's
untap, draw, «ранение» and start effects, placement, combat, the second placement, the end
of the turn and the next player's turn. The stops are pure: replaying a default-mode game
in step mode, answering every stop and every single-option decision with its only option,
gives the same game, event for event.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from rich.console import Console

from cardtable.agents import GreedyAgent, RandomAgent
from cardtable.core import CONTINUE, IllegalAction, PositionError, state_hash
from cardtable.core.match import play_match
from cardtable.core.replay import verify
from cardtable.core.rng import Rng
from cardtable.games.boss.rules import BOUNDARIES, passed_for
from tests.conformance.playout import plain, roundtrip, step_mode_replay
from tests.games.boss.scenario import GAME

DEFAULT_SETUPS = [s for s in GAME.conformance_setups() if not s.get("step")]
PASS = ("pass",)


def play(st: Any, *texts: str) -> None:
    """Apply actions given in their text form."""
    for text in texts:
        GAME.apply(st, GAME.parse_action(st, text))


@pytest.mark.parametrize("setup", DEFAULT_SETUPS, ids=lambda s: json.dumps(s))
def test_step_mode_plays_the_same_game_as_default_mode(setup: dict[str, Any]) -> None:
    """engine.step: the stops and the offered single-option decisions change nothing. At
    every decision default mode offers, the step-mode state equals the default-mode state
    (the step flag aside); the final states and the event logs are equal."""
    stops = forced = 0
    for seed in range(3):
        k, f = step_mode_replay(GAME, setup, seed, default_offers_single=True)
        stops, forced = stops + k, forced + f
    assert stops and forced, (stops, forced)


@pytest.mark.parametrize("players", [2, 4])
def test_every_turn_stops_at_its_boundaries_in_order(players: int) -> None:
    """boss.turn.start, boss.turn.placement, boss.turn.combat, boss.turn.placement2,
    boss.turn.end: every turn stops at untap, draw, wound, start_effects, placement1,
    combat, placement2, end and next, in this order, each answered by the active player;
    the last turn stops short where the boss falls."""
    for seed in range(4):
        st = GAME.new_game({"players": players, "step": True}, seed)
        rng = Rng(seed)
        turns: list[tuple[int, list[str]]] = []
        while GAME.to_move(st) is not None:
            if st.pending[0] == "continue":
                if st.pending[1] == "untap":
                    turns.append((st.active, []))
                turns[-1][1].append(st.pending[1])
                assert GAME.to_move(st) == st.active
                assert GAME.legal_actions(st) == [CONTINUE]
            legal = GAME.legal_actions(st)
            GAME.apply(st, legal[rng.randbelow(len(legal))])
        assert len(turns) == st.turn
        for k, (seat, stops) in enumerate(turns):
            assert seat == (st.first + k) % players
            if k < len(turns) - 1:
                assert stops == list(BOUNDARIES), (seed, k, stops)
        last = turns[-1][1]
        assert last == list(BOUNDARIES[: len(last)])


def test_a_new_game_stands_at_the_first_turns_untap_after_the_redeals() -> None:
    """boss.setup.redeal, boss.turn.start, boss.turn.start.draw: in step mode the redeals
    come first, then the first turn stops before its untap and before its draw."""
    st = GAME.new_game({"step": True, "first": 1}, 3)
    assert st.pending == ("redeal", 1)
    play(st, "keep", "keep")
    assert st.pending == ("continue", "untap") and st.active == 1 and st.turn == 1
    assert GAME.legal_actions(st) == [CONTINUE]
    assert GAME.action_text(st, CONTINUE) == "continue"
    play(st, "continue")
    assert st.pending == ("continue", "draw") and len(st.hands[1]) == 5
    play(st, "continue")
    assert st.pending == ("continue", "wound") and len(st.hands[1]) == 6
    assert st.boss == 50
    play(st, "continue")
    assert st.boss == 49 and st.pending == ("wound", 1)


BASE = {
    "game": "boss",
    "step": True,
    "turn": 3,
    "active": "P1",
    "players": {
        "P1": {"hand": ["spark_bolt"], "deck": ["pikeman", "pikeman"], "slots": 2},
        "P2": {"hand": ["stun"], "deck": ["pikeman"], "slots": 1},
    },
}


def _at(boundary: str, **extra: Any) -> Any:
    """The base position standing at a stop."""
    return GAME.load_position({**BASE, "pending": {"continue": boundary}, **extra})


def test_continue_texts_name_what_comes_next_in_both_languages() -> None:
    """engine.step: the option's text says which step or phase the game goes on to."""
    want = {
        "untap": (
            "Continue: phase 1, Player 1's start of turn — untap permanents, refill resource slots",
            "Продолжить: фаза 1, начало хода (Игрок 1) — разворот перманентов, ячейки "
            "ресурсов заполняются",
        ),
        "draw": ("Continue: Player 1 draws a card", "Продолжить: Игрок 1 берёт карту"),
        "wound": (
            "Continue: the wound — Player 1 deals 1 damage to the boss and chooses the reward",
            "Продолжить: «ранение» — Игрок 1 наносит боссу 1 урон и выбирает награду",
        ),
        "start_effects": (
            "Continue: Player 1's “at the start of turn” effects, then priority",
            "Продолжить: эффекты «в начале хода» (Игрок 1), затем приоритет",
        ),
        "placement1": (
            "Continue: phase 2, Player 1's placement",
            "Продолжить: фаза 2, размещение (Игрок 1)",
        ),
        "combat": ("Continue: phase 3, Player 1's combat", "Продолжить: фаза 3, бой (Игрок 1)"),
        "placement2": (
            "Continue: phase 4, Player 1's second placement",
            "Продолжить: фаза 4, второе размещение (Игрок 1)",
        ),
        "end": (
            "Continue: phase 5, Player 1's end of turn — “at the end of turn” abilities",
            "Продолжить: фаза 5, конец хода (Игрок 1) — способности «в конце хода»",
        ),
        "next": ("Continue: Player 2's turn", "Продолжить: ходит Игрок 2"),
    }
    assert set(want) == set(BOUNDARIES)
    for boundary, (en, ru) in want.items():
        st = _at(boundary)
        assert (GAME.describe(CONTINUE, "en", st), GAME.describe(CONTINUE, "ru", st)) == (en, ru)
    assert GAME.describe(CONTINUE, "en") == "Continue"
    assert GAME.describe(CONTINUE, "ru") == "Продолжить"


def test_the_stop_is_public_and_only_continue_is_legal() -> None:
    """engine.step: every seat sees the stop (and step mode) in its observation; any other
    action is refused and leaves the state untouched; the table shows the stop."""
    st = _at("combat")
    for seat in (0, 1):
        seen = GAME.observe(st, seat)
        assert seen["pending"] == ["continue", "combat"] and seen["step"] is True
    before = state_hash(st)
    for bad in (PASS, ("play", 0), ("continue", "combat"), ()):
        with pytest.raises(IllegalAction):
            GAME.apply(st, bad)
        assert state_hash(st) == before
    assert "step" not in GAME.observe(GAME.new_game({}, 5), 0)
    console = Console(width=200, record=True)
    console.print(GAME.render(st, None, "en"))
    assert "Step mode, a stop. Continue: phase 3, Player 1's combat" in console.export_text()


def test_step_is_in_the_json_only_when_true() -> None:
    """State is plain data: the flag round-trips; a default game's JSON has no new key (its
    saves and golden files are unchanged)."""
    assert "step" not in GAME.new_game({}, 1).to_json()
    st = GAME.new_game({"step": True, "players": 3}, 1)
    assert st.to_json()["step"] is True
    again = roundtrip(GAME, st)
    assert again.step and state_hash(again) == state_hash(st)
    assert st.clone().step
    stopped = _at("untap")
    stopped.step = False
    assert "a step-mode stop outside step mode" in GAME.check_invariants(stopped)


@pytest.mark.parametrize("players", [2, 4])
def test_offered_passes_are_silent_and_decided_on_public_facts(players: int) -> None:
    """boss.stack.auto_pass, boss.stack.priority (ruling R12): whether a player is offered
    only the pass or the whole choice depends on public facts alone, so every other player's
    determinization of the state makes the same offer; the offered pass leaves no event (as
    default mode's pass for the player), a pass chosen among options does."""
    rng = Rng(players)
    offered = chosen = 0
    for seed in range(3):
        st = GAME.new_game({"players": players, "step": True}, seed, log=True)
        while GAME.to_move(st) is not None:
            legal = GAME.legal_actions(st)
            if st.pending[0] == "priority":
                seat = st.pending[1]
                only_pass = legal == [PASS]
                assert only_pass == passed_for(GAME.dbs(st), st, seat)
                if rng.randbelow(3) == 0:
                    for other in range(players):
                        if other != seat:
                            guess = GAME.determinize(st, other, rng)
                            assert (GAME.legal_actions(guess) == [PASS]) == only_pass
                action = legal[rng.randbelow(len(legal))]
                count = len(st.log)
                GAME.apply(st, action)
                if action == PASS:
                    logged = [(e.kind, e.seat) for e in st.log[count:] if e.kind == "pass"]
                    if only_pass:
                        offered += 1
                        assert not logged
                    else:
                        chosen += 1
                        assert logged == [("pass", seat)]
                continue
            GAME.apply(st, legal[rng.randbelow(len(legal))])
    assert offered > 100 and chosen > 10


def _same_in_both_modes(position: dict[str, Any], texts: list[str]) -> list[tuple[str, list]]:
    """Play ``texts`` from a position in default mode and in step mode, where every other
    decision has one option and is taken; the results agree event for event. Returns the
    step-mode decisions taken that way, with their options' texts."""
    default = GAME.load_position(position)
    default.log = []
    for text in texts:
        play(default, text)
    st = GAME.load_position({**position, "step": True})
    st.log = []
    offered: list[tuple[str, list]] = []
    i = 0
    goal = plain(default)
    while i < len(texts) or plain(st) != goal:
        assert GAME.to_move(st) is not None and len(offered) < 500, "never the same state"
        if i < len(texts) and text_is_legal(st, texts[i]):
            play(st, texts[i])
            i += 1
            continue
        legal = GAME.legal_actions(st)
        assert len(legal) == 1, (st.pending, [GAME.action_text(st, a) for a in legal])
        offered.append((st.pending[0], [GAME.action_text(st, a) for a in legal]))
        GAME.apply(st, legal[0])
    assert st.log == default.log
    return offered


def text_is_legal(st: Any, text: str) -> bool:
    """Whether an action text is among the legal ones (a single option is the engine's)."""
    legal = GAME.legal_actions(st)
    return len(legal) > 1 and text in [GAME.action_text(st, a) for a in legal]


def test_a_single_synergy_move_and_amount_are_offered() -> None:
    """boss.mech.synergy: with one permanent to move energy to and one token to move,
    default mode moves it; step mode offers the move and the amount, one option each."""
    position = {
        "game": "boss",
        "phase": "placement1",
        "active": "P1",
        "pending": ["priority", "P1"],
        "players": {
            "P1": {
                "deck": ["pikeman"],
                "slots": 1,
                "field": [{"card": "relay_coil", "energy": 1}, "pikeman"],
            },
            "P2": {"deck": ["pikeman"]},
        },
    }
    offered = _same_in_both_modes(position, ["synergy relay_coil"])
    assert ("energy", ["give pikeman"]) in offered and ("amount", ["amount 1"]) in offered


def test_a_discard_among_copies_is_offered() -> None:
    """boss.effect.discard (ruling R13): the opponent discards 2 of 3 copies: default mode
    discards them; step mode offers each discard, one option (copies are one choice)."""
    position = {
        "game": "boss",
        "phase": "placement1",
        "active": "P1",
        "pending": ["priority", "P1"],
        "players": {
            "P1": {"hand": ["blackmail"], "deck": ["pikeman"], "slots": 2},
            "P2": {"hand": ["pikeman", "pikeman", "pikeman"], "deck": ["pikeman"]},
        },
    }
    offered = _same_in_both_modes(position, ["play blackmail"])
    assert offered.count(("discard", ["discard pikeman"])) == 2
    assert ("target", ["target p2"]) in offered  # the only opponent


def test_the_wound_card_and_a_lone_hunger_unit_are_offered() -> None:
    """boss.resource.wound, boss.resource.max (ruling R6), boss.mech.hunger (ruling R20):
    at nine slots the «ранение» gives the card; with one unit Голод takes its token from it:
    both are decisions with one option in step mode, taken by default mode."""
    position = {
        "game": "boss",
        "phase": "end",
        "active": "P2",
        "players": {
            "P1": {
                "deck": ["pikeman", "pikeman"],
                "slots": 9,
                "field": [{"card": "ravenous_rat", "tapped": True}],
            },
            "P2": {"hand": ["spark_bolt"], "deck": ["pikeman"], "slots": 1},
        },
    }
    offered = _same_in_both_modes(position, ["pass"])
    assert ("wound", ["card"]) in offered
    assert ("feed", ["feed ravenous_rat"]) in offered


@pytest.mark.parametrize("boundary", BOUNDARIES)
def test_a_position_stands_at_every_boundary(boundary: str) -> None:
    """engine.step: ``pending: {continue: BOUNDARY}`` loads (its phase and start step
    implied), exports and loads back the same; ``continue`` goes on from it."""
    st = _at(boundary)
    assert st.pending == ("continue", boundary)
    doc = GAME.export_position(st)
    assert doc["pending"] == {"continue": boundary} and doc["step"] is True
    again = GAME.load_position(json.loads(json.dumps(doc)))
    assert GAME.export_position(again) == doc
    play(again, "continue")
    assert not GAME.check_invariants(again)
    assert again.pending != ("continue", boundary)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"step": False}, "needs step: true"),
        ({"pending": {"continue": "lunch"}}, "one of untap, draw, wound, start_effects"),
        ({"phase": "combat"}, "the placement1 stop stands in phase start, not combat"),
        ({"priority": "P2"}, "the stack or a priority round under way"),
        ({"derived": {"mana": 3}}, "derived.mana: unknown"),
    ],
)
def test_positions_refuse_a_stop_or_value_that_cannot_be(change: dict, message: str) -> None:
    """engine.step: a stop needs step mode, a known boundary and its own phase; derived
    values must be known ones."""
    data = {**BASE, "pending": {"continue": "placement1"}, **change}
    if "priority" in change:
        data["pending"] = {"continue": "draw"}
        data["passes"] = 1
    with pytest.raises(PositionError, match=message):
        GAME.load_position(data)


def test_a_start_stop_implies_its_step_and_refuses_another() -> None:
    """boss.turn.start: the start phase's stops stand before their step (``combat`` in a
    position: untap, draw, wound, wound_done); writing another step is refused."""
    assert GAME.export_position(_at("draw"))["combat"] == "draw"
    assert GAME.export_position(_at("start_effects"))["combat"] == "wound_done"
    with pytest.raises(PositionError, match="the wound stop stands at combat wound, not draw"):
        _at("wound", combat="draw")


def test_derived_values_are_recomputed_and_each_disagreement_is_named() -> None:
    """boss.golden.statics, boss.resource.pay, boss.stack.timing.sorcery, boss.mech.hunger:
    a position that writes derived values is checked against its state; one error names
    every value that disagrees."""
    data = {
        **BASE,
        "phase": "placement1",
        "pending": ["priority", "P1"],
        "players": {
            "P1": {
                "hand": ["spark_bolt", "pikeman", "snare"],
                "deck": ["pikeman"],
                "slots": 2,
                "extra": 1,
                "field": ["secret_adviser", {"card": "ravenous_rat", "fed": True}],
            },
            "P2": {"hand": ["stun", "stun"], "deck": ["pikeman"], "slots": 1, "filled": 0},
        },
    }
    doc = GAME.export_position(GAME.load_position(data))
    assert doc["derived"] == {
        "boss": 50,
        "cost_now": {"P1": [0, 2, 2], "P2": [1, 1]},
        "resources": {"P1": 3, "P2": 0},
        "castable": {"P1": ["spark_bolt", "pikeman", "snare"], "P2": []},
        "attack": {"P1.field.1": 1, "P1.field.2": 2},
    }
    GAME.load_position({**data, "derived": {"cost_now": {"P1": [0, 2, 2]}, "boss": 50}})
    wrong = {
        "cost_now": {"P1": [1, 2, 3]},
        "resources": {"P2": 1},
        "castable": {"P2": ["stun"]},
        "attack": {"P1.field.2": 1, "P2.field.1": 2},
        "boss": 49,
    }
    with pytest.raises(PositionError) as err:
        GAME.load_position({**data, "derived": wrong})
    text = str(err.value)
    for part in (
        "derived.cost_now.P1: written [1, 2, 3], is [0, 2, 2]",
        "derived.resources.P2: written 1, is 0",
        "derived.castable.P2: written ['stun'], is []",
        "derived.attack.P1.field.2: written 1, is 2",
        "derived.attack.P2.field.1: not defined (have P1.field.1, P1.field.2)",
        "derived.boss: written 49, is 50",
    ):
        assert part in text
    over = {**BASE, "phase": "over", "boss": 0, "winners": ["P1"], "reason": "lethal"}
    with pytest.raises(PositionError, match=r"derived\.castable: not defined in this position"):
        GAME.load_position({**over, "derived": {"castable": {"P1": []}}})


def test_agents_finish_step_mode_games_and_replays_are_exact() -> None:
    """engine.step: matches between agents run to the end in step mode and replay exactly."""
    for setup, agents in (
        ({"step": True}, [GreedyAgent(GAME, 1), RandomAgent(2)]),
        ({"players": 4, "step": True}, [RandomAgent(k) for k in range(4)]),
    ):
        result = play_match(GAME, setup, 7, agents)
        assert result.outcome is not None
        assert result.replay.setup["step"] is True
        assert CONTINUE in result.replay.actions
        assert state_hash(verify(result.replay)) == state_hash(result.state)


def test_the_documented_step_position_loads() -> None:
    """engine.step, boss.turn.combat.damage: the step-mode example of docs/positions.md
    stands at the placement2 stop and its derived values hold."""
    doc = (Path(__file__).parents[3] / "docs" / "positions.md").read_text(encoding="utf-8")
    section = doc.split("### Boss Battle in step mode")[1]
    block = section.split("```yaml")[2].split("```")[0]
    st = GAME.load_position(yaml.safe_load(block))
    assert st.pending == ("continue", "placement2") and st.phase == 3 and st.combat == 2
    play(st, "continue")
    assert st.phase == 4 and GAME.to_move(st) == 0
