"""Step mode (engine.step): every decision observable, one at a time.

With the setup option ``step`` the engine takes no forced step by itself and stops at
each phase boundary of a turn with a ``continue`` decision: the turn's start before
fatigue and phase 1 (clash.turn.start, clash.fatigue.discard, clash.mana.regen), an AI's
summoning (clash.solo.ai.summon), the assault (clash.assault.order), healing
(clash.damage.heal) and the next player's turn (clash.end.next_player). The stops are
pure: replaying a default-mode game in step mode, answering every stop and every
single-option decision with its only option, gives the same game, event for event.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.agents import RandomAgent
from cardtable.core import CONTINUE, IllegalAction, PositionError, state_hash
from cardtable.core.match import play_match
from cardtable.core.rng import Rng
from tests.conformance.playout import roundtrip, step_mode_replay
from tests.games.clash.helpers import GAME, card, play

DEFAULT_SETUPS = [s for s in GAME.conformance_setups() if not s.get("step")] + [
    {"mode": "solo", "first": 1},  # the AI plays the first turn
    {"mode": "2v2", "fatigue": True, "first": 3},
]
# A turn's stops in order: a player's (the summoning is its "main" decisions) and an AI's.
PLAYER_TURN = ["turn", "assault", "heal", "next"]
AI_TURN = ["turn", "summon", "assault", "heal", "next"]


@pytest.mark.parametrize("setup", DEFAULT_SETUPS, ids=lambda s: json.dumps(s)[:60])
def test_step_mode_plays_the_same_game_as_default_mode(setup: dict[str, Any]) -> None:
    """engine.step: the stops and the offered single-option decisions change nothing.
    At every real decision the step-mode state equals the default-mode state there (the
    step flag aside); the final states and the event logs are equal."""
    forced = stops = 0
    for seed in range(4):
        s, f = step_mode_replay(GAME, setup, seed)
        stops += s
        forced += f
    assert stops > 0 and forced > 0


@pytest.mark.parametrize(
    "setup", [{}, {"mode": "solo", "fatigue": True}, {"mode": "coop", "level": 3}], ids=str
)
def test_every_turn_stops_at_its_boundaries_in_order(setup: dict[str, Any]) -> None:
    """clash.turn.phases, clash.solo.ai.summon: a player's turn stops at turn, assault,
    heal and next; an AI's turn at turn, summon, assault, heal and next. A stop on an AI's
    turn is answered by the first player seat, any other by the active seat."""
    for seed in range(6):
        st = GAME.new_game({**setup, "step": True}, seed)
        rng = Rng(seed)
        turns: list[tuple[int, list[str]]] = []
        while GAME.to_move(st) is not None:
            if st.pending[0] == "continue":
                if st.pending[1] == "turn":
                    turns.append((st.active, []))
                turns[-1][1].append(st.pending[1])
                human = st.ai.index(0) if st.ai[st.active] else st.active
                assert GAME.to_move(st) == human
            legal = GAME.legal_actions(st)
            GAME.apply(st, legal[rng.randbelow(len(legal))])
        for seat, stops in turns[:-1]:
            assert stops == (AI_TURN if st.ai[seat] else PLAYER_TURN), (seed, seat, stops)
        assert turns and turns[0][1][0] == "turn"


def test_a_new_game_stands_at_the_first_turns_start() -> None:
    """clash.turn.start, clash.solo.first: in step mode the first decision is the first
    turn's stop, before its mana, even when the AI plays first."""
    st = GAME.new_game({"step": True, "first": 1}, 3)
    assert st.pending == ("continue", "turn") and st.active == 1 and st.mana == 0
    assert GAME.legal_actions(st) == [CONTINUE]
    assert GAME.action_text(st, CONTINUE) == "continue"
    play(st, "continue")
    assert st.pending == ("main",) and st.mana == 6
    solo = GAME.new_game({"mode": "solo", "first": 1, "step": True}, 3)
    assert solo.pending == ("continue", "turn") and solo.active == 1
    assert GAME.to_move(solo) == 0 and not solo.board[0][1]
    play(solo, "continue")
    assert solo.pending == ("continue", "summon") and solo.mana == 6 and GAME.to_move(solo) == 0


def test_continue_texts_name_what_comes_next_in_both_languages() -> None:
    """engine.step: the option's text says which phase the game goes on to."""
    st = GAME.new_game({"mode": "solo", "first": 1, "step": True}, 3)
    seen: dict[str, tuple[str, str]] = {}
    while len(seen) < 5:
        if st.pending[0] == "continue":
            seen.setdefault(
                st.pending[1],
                (GAME.describe(CONTINUE, "en", st), GAME.describe(CONTINUE, "ru", st)),
            )
        legal = GAME.legal_actions(st)
        GAME.apply(st, legal[-1])
    assert seen["turn"] == (
        "Continue: phase 1, AI B's mana",
        "Продолжить: фаза 1, регенерация маны (ИИ Б)",
    )
    assert seen["summon"] == (
        "Continue: phase 2, AI B's summoning",
        "Продолжить: фаза 2, призыв (ИИ Б)",
    )
    assert seen["assault"] == (
        "Continue: phase 3, AI B's assault",
        "Продолжить: фаза 3, штурм (ИИ Б)",
    )
    assert seen["heal"] == (
        "Continue: the end of the turn (surviving creatures heal, unspent mana is lost)",
        "Продолжить: конец хода (выжившие существа восстанавливают ОЗ, непотраченная мана сгорает)",
    )
    assert seen["next"] == ("Continue: Player A's turn", "Продолжить: ходит Игрок А")
    assert GAME.describe(CONTINUE, "en") == "Continue"
    assert GAME.describe(CONTINUE, "ru") == "Продолжить"


def test_fatigue_is_named_when_it_strikes_first() -> None:
    """clash.fatigue.discard: past a player's 8th turn the turn stop says fatigue comes first."""
    st = GAME.load_position(
        {
            "step": True,
            "fatigue": True,
            "cards": [card("k")],
            "turn": 17,
            "active": "A",
            "turns_taken": {"A": 9, "B": 8},
            "pending": {"continue": "turn"},
            "players": {"A": {"hand": ["@bastion", "k", "k"]}, "B": {"hand": ["@bastion", "k"]}},
        }
    )
    assert GAME.describe(CONTINUE, "en", st) == "Continue: fatigue, then phase 1, Player A's mana"
    assert GAME.describe(CONTINUE, "ru", st).startswith("Продолжить: усталость, затем фаза 1")


def test_the_stop_is_public_and_only_continue_is_legal() -> None:
    """engine.step: every seat sees the stop (and step mode) in its observation; any other
    action is refused and leaves the state untouched."""
    st = GAME.new_game({"step": True}, 5)
    for seat in (0, 1):
        seen = GAME.observe(st, seat)
        assert seen["pending"] == ["continue", "turn"] and seen["step"] is True
    before = state_hash(st)
    for bad in (("end",), ("play", 0), ("continue", "turn"), ()):
        with pytest.raises(IllegalAction):
            GAME.apply(st, bad)
        assert state_hash(st) == before
    assert "step" not in GAME.observe(GAME.new_game({}, 5), 0)


def test_step_is_in_the_json_only_when_true() -> None:
    """State is plain data: the flag round-trips; a default game's JSON has no new key (its
    saves and golden files are unchanged)."""
    assert "step" not in GAME.new_game({}, 1).to_json()
    st = GAME.new_game({"step": True, "format": "draft"}, 1)
    assert st.to_json()["step"] is True
    again = roundtrip(GAME, st)
    assert again.step and state_hash(again) == state_hash(st)
    assert st.clone().step
    stopped = GAME.new_game({"step": True}, 1)
    stopped.step = False
    assert "a step-mode stop outside step mode" in GAME.check_invariants(stopped)


def test_a_draft_offers_its_last_pick() -> None:
    """clash.format.draft, engine.step: the card left to the last picker of a round is a
    decision with one option in step mode; default mode takes it."""
    st = GAME.new_game({"format": "draft", "step": True}, 2)
    single = 0
    while st.pending == ("pick",):
        legal = GAME.legal_actions(st)
        single += len(legal) == 1
        GAME.apply(st, legal[0])
    assert single > 0 and st.pending == ("continue", "turn")


def _reinforce_position(pending: Any) -> dict[str, Any]:
    """A's top attacker destroys B's Подкрепление carrier rf; b1 attacks next."""
    return {
        "step": True,
        "cards": [
            card("f", attack=0, health=5),
            card("t1", attack=1, health=9),
            card("b1", attack=1, health=9),
            card("rf", cost=2, attack=0, health=1, abilities=["reinforcement"]),
            card("c", cost=3, attack=0, health=5),
        ],
        "active": "A",
        "mana": 2,
        "pending": pending,
        "players": {
            "A": {"hand": ["@bastion", "f"], "top": ["t1"], "bottom": ["b1"]},
            "B": {"hand": ["@bastion", "c", "f", "f", "f"], "top": ["rf"]},
        },
    }


def test_a_suspended_resolution_finishes_at_the_heal_stop() -> None:
    """clash.ability.reinforcement, clash.order.assault.11, clash.damage.heal (ruling R10):
    in step mode the assault stops for Подкрепление's row as in default mode; the
    resolution waits as frames (JSON and positions round-trip), then the assault ends at
    the heal stop with the damage still on the table."""
    st = GAME.load_position(_reinforce_position({"continue": "assault"}))
    play(st, "continue")
    assert st.pending[0] == "reinforce" and GAME.to_move(st) == 1
    assert [f[0] for f in st.stack] == ["assault", "chain", "hit"]
    doc = GAME.export_position(st)
    assert doc["step"] is True and doc["pending"] == {"reinforce": "c", "seat": "B"}
    copies = [st, roundtrip(GAME, st), GAME.load_position(json.loads(json.dumps(doc)))]
    for copy in copies:
        play(copy, "row bottom")
        assert copy.pending == ("continue", "heal") and not copy.stack
    after = GAME.export_position(st)
    assert all(GAME.export_position(c) == after for c in copies)
    assert after["players"]["B"]["bottom"] == [{"card": "c", "new": True, "damage": 1}]
    assert after["mana"] == 2
    play(st, "continue")
    assert st.pending == ("continue", "next") and st.mana == 0 and not any(st.damage)


def test_the_ais_summoning_waits_for_the_players_row_then_stops_before_its_assault() -> None:
    """clash.solo.ai.summon, clash.ability.reinforcement (ruling R10): the AI's spell
    destroys the player's rf during the AI's summoning; the player chooses c's row; the
    AI reveals the rest of its cards, then the game stops before its assault."""
    st = GAME.load_position(
        {
            "step": True,
            "mode": "solo",
            "cards": [
                card("f", attack=0, health=5),
                card("g", attack=1, health=1),
                card("rf", cost=2, attack=0, health=1, abilities=["reinforcement"]),
                card("c", cost=3, attack=0, health=5),
                card("zap", kind="spell", damage=1),
            ],
            "turn": 2,
            "first": "A",
            "active": "B",
            "mana": 7,
            "pending": {"continue": "summon"},
            "players": {
                "A": {"hand": ["@bastion", "c", "f", "f"], "top": ["rf"]},
                "B": {"deck": ["zap", "g", "g", "g", "g", "g", "g", "g", "g", "g"]},
            },
        }
    )
    play(st, "continue")
    assert st.pending[0] == "reinforce" and GAME.to_move(st) == 0
    assert [f[0] for f in st.stack] == ["ai_turn", "ai_cost", "hit"]
    play(st, "row bottom")
    doc = GAME.export_position(st)
    assert doc["pending"] == {"continue": "assault"} and doc["active"] == "B"
    assert doc["players"]["B"]["top"] == [{"card": "g", "new": True}] * 3
    assert doc["players"]["B"]["bottom"] == [{"card": "g", "new": True}] * 3
    assert doc["players"]["B"]["discard"] == ["zap"]


BOUNDARY_POSITION = {
    "step": True,
    "mode": "solo",
    "cards": [card("k", cost=2, attack=0, health=5), card("g", attack=1, health=1)],
    "turn": 3,
    "first": "A",
    "active": "A",
    "players": {
        "A": {"hand": ["@bastion", "k", "k"], "top": ["k"]},
        "B": {"deck": ["g", "g", "g"], "top": ["g"]},
    },
}


@pytest.mark.parametrize("boundary", ["turn", "summon", "assault", "heal", "next"])
def test_a_position_stands_at_every_boundary(boundary: str) -> None:
    """engine.step: ``pending: {continue: BOUNDARY}`` loads, exports and loads back the
    same; summon stands on an AI's turn."""
    data = {**BOUNDARY_POSITION, "pending": {"continue": boundary}}
    if boundary == "summon":
        data["active"], data["turn"] = "B", 4
    st = GAME.load_position(data)
    assert st.pending == ("continue", boundary)
    doc = GAME.export_position(st)
    assert doc["pending"] == {"continue": boundary} and doc["step"] is True
    again = GAME.load_position(json.loads(json.dumps(doc)))
    assert GAME.export_position(again) == doc
    play(again, "continue")
    assert not GAME.check_invariants(again)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"step": False}, "needs step: true"),
        ({"pending": {"continue": "summon"}}, "summon is the stop before an AI's summoning"),
        ({"pending": {"continue": "lunch"}}, "one of turn, summon, assault, heal, next"),
        ({"derived": {"mana": 3}}, "derived.mana: unknown"),
        ({"derived": {"mana_due": 3}}, "derived.mana_due: not defined in this position"),
    ],
)
def test_positions_refuse_a_stop_or_value_that_cannot_be(change: dict, message: str) -> None:
    """engine.step: a stop needs step mode and its own kind of turn; derived values must
    exist to be checked."""
    data = {**BOUNDARY_POSITION, "pending": {"continue": "assault"}, **change}
    with pytest.raises(PositionError, match=message.replace("(", r"\(")):
        GAME.load_position(data)


def test_derived_values_are_recomputed_and_each_disagreement_is_named() -> None:
    """clash.ability.clarity, clash.solo.ai.mana, clash.mana.regen: a position that writes
    derived values is checked against its state; one error names every value that
    disagrees."""
    data = {
        **BOUNDARY_POSITION,
        "pending": {"continue": "turn"},
        "cards": [
            card("k", cost=2, attack=0, health=5),
            card("g", attack=1, health=1),
            card("cl", cost=3, attack=0, health=5, abilities=["clarity"]),
        ],
        "players": {
            "A": {"hand": ["cl", "@bastion", "k", "k"], "top": ["k"]},
            "B": {"deck": ["g", "g", "g"], "top": ["g"]},
        },
    }
    st = GAME.load_position(data)
    doc = GAME.export_position(st)
    assert doc["derived"] == {
        "health": {"A": 2, "B": 3},
        "cost_now": {"A": [1, 2, 2]},
        "available": {"A": ["cl", "k", "k"]},
        "ai_mana": {"B": 7},
        "mana_due": 4,
    }
    GAME.load_position({**data, "derived": {"cost_now": {"A": [1, 2, 2]}, "mana_due": 4}})
    wrong = {"cost_now": {"A": [3, 2, 2]}, "health": {"B": 4}, "ai_mana": {"B": 6}}
    with pytest.raises(PositionError) as err:
        GAME.load_position({**data, "derived": wrong})
    text = str(err.value)
    for part in (
        "derived.cost_now.A: written [3, 2, 2], is [1, 2, 2]",
        "derived.health.B: written 4, is 3",
        "derived.ai_mana.B: written 6, is 7",
    ):
        assert part in text


def test_mana_due_is_absent_when_fatigue_ends_the_game() -> None:
    """clash.fatigue.discard, clash.fortress.last_card: fatigue takes the last card right of
    the bastion, which breaks; the fort alone loses: no phase 1 comes."""
    st = GAME.load_position(
        {
            "step": True,
            "fatigue": True,
            "cards": [card("k")],
            "turn": 17,
            "active": "A",
            "turns_taken": {"A": 9, "B": 8},
            "pending": {"continue": "turn"},
            "players": {"A": {"hand": ["@bastion", "k"]}, "B": {"hand": ["@bastion", "k"]}},
        }
    )
    assert "mana_due" not in GAME.export_position(st)["derived"]
    play(st, "continue")
    assert GAME.outcome(st) is not None and GAME.outcome(st).winners == (1,)


def test_agents_finish_step_mode_games() -> None:
    """engine.step: matches between agents run to the end in step mode and replay exactly."""
    for setup in ({"step": True}, {"mode": "solo", "step": True}):
        result = play_match(GAME, setup, 7, [RandomAgent(1), RandomAgent(2)])
        assert result.outcome is not None
        assert result.replay.setup["step"] is True
        assert CONTINUE in result.replay.actions
