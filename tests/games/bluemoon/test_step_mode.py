"""Step mode (engine.step): every decision observable, one at a time.

With the setup option ``step`` the engine takes no forced step by itself and stops at
each phase boundary of the book's turn (bluemoon.turn.phases) with a ``continue``
decision: a fight's start (bluemoon.fight.start), a turn's start before Storms and RETRIEVE
(bluemoon.turn.start), the leadership phase (bluemoon.turn.leadership), the «Сдаться?»
phase's main decision (bluemoon.turn.retreat), the end of the booster/support phase
(bluemoon.turn.booster_support), the announcement (bluemoon.turn.announce), the refill
(bluemoon.turn.refill), the end of the turn (bluemoon.turn.end) and the next turn. The
stops are pure: replaying a default-mode game in step mode, answering every stop and every
single-option decision with its only option, gives the same game, event for event.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cardtable.agents import GreedyAgent, RandomAgent
from cardtable.core import CONTINUE, IllegalAction, PositionError, state_hash
from cardtable.core.match import play_match
from cardtable.core.rng import Rng
from cardtable.games.bluemoon.rules import BOUNDARIES
from tests.conformance.playout import roundtrip, step_mode_replay
from tests.games.bluemoon.helpers import GAME, legal, play

DEFAULT_SETUPS = [s for s in GAME.conformance_setups() if not s.get("step")]
# A turn's stops in the book's order: «Сдаться?» again after each return of rule 11; a turn
# ending in a retreat or a declined fight stops at the next fight's start instead.
TURN_STOPS = re.compile(r"turn leadership (main )+(after announce refill end next )?")
DECK1 = ["furnace", "lavar_the_powerful", "volca", "spark"]
DECK2 = ["zedemikras_the_brain", "nirwadas_the_traveler", "vetraskedas_the_sceptic"]


@pytest.mark.parametrize("setup", DEFAULT_SETUPS, ids=lambda s: json.dumps(s)[:60])
def test_step_mode_plays_the_same_game_as_default_mode(setup: dict[str, Any]) -> None:
    """engine.step, bluemoon.turn.phases: the stops and the offered single-option decisions
    change nothing. At every real decision the step-mode state equals the default-mode
    state there (the step flag aside); the final states and the event logs are equal."""
    forced = stops = 0
    for seed in range(12):
        s, f = step_mode_replay(GAME, setup, seed)
        stops += s
        forced += f
    assert stops > 0 and forced > 0


@pytest.mark.parametrize("setup", [{}, {"match_to": 5}], ids=str)
def test_every_turn_stops_at_its_boundaries_in_order(setup: dict[str, Any]) -> None:
    """bluemoon.turn.phases, bluemoon.fight.start: every fight begins at its ``fight`` stop;
    a turn stops at turn, leadership and main (again after each return of rule 11), and a
    turn played to its end at after, announce, refill, end and next; every stop is answered
    by the active player and offers ``continue`` only."""
    complete = 0
    for seed in range(6):
        st = GAME.new_game({**setup, "step": True}, seed)
        rng = Rng(seed)
        fights: list[list[str]] = []
        while GAME.to_move(st) is not None:
            if st.pending[0] == "continue":
                boundary = st.pending[2]
                if boundary == "fight":
                    fights.append([])
                fights[-1].append(boundary)
                assert GAME.to_move(st) == st.active
                assert GAME.legal_actions(st) == [CONTINUE]
            legal_now = GAME.legal_actions(st)
            GAME.apply(st, legal_now[rng.randbelow(len(legal_now))])
        assert fights and all(f[0] == "fight" for f in fights)
        for k, stops in enumerate(fights):
            turns = " ".join(stops[1:]).replace(" turn", "|turn").split("|")
            last = k == len(fights) - 1
            for j, turn in enumerate(turns):
                if last and j == len(turns) - 1:  # the game may end within it
                    assert "turn leadership main after announce refill end next".startswith(
                        turn.split(" main")[0]
                    ), (seed, turn)
                    continue
                assert TURN_STOPS.fullmatch(turn + " "), (seed, stops)
                complete += turn.endswith("next")
    assert complete > 20


def test_a_new_game_stands_at_the_first_fight_and_goes_on_phase_by_phase() -> None:
    """bluemoon.setup.first, bluemoon.fight.start, bluemoon.turn.start,
    bluemoon.turn.leadership, engine.step: a new game stands at its first fight's stop, the
    first player to answer; each continue goes on to the next phase of the turn."""
    st = GAME.new_game({"step": True, "first": 1, "peoples": ["vulca", "hoax"]}, 3)
    assert st.pending == ("continue", 1, "fight") and st.fight == 1 and st.active == 1
    assert GAME.legal_actions(st) == [CONTINUE]
    assert GAME.action_text(st, CONTINUE) == "continue"
    assert GAME.describe(CONTINUE, "en", st) == "Continue: fight 1, Player 2's first turn"
    assert GAME.describe(CONTINUE, "ru", st) == "Продолжить: бой 1, первый ход (Игрок 2)"
    play(st, "continue")
    assert st.pending == ("continue", 1, "turn") and st.fturn == 1
    assert st.turns_in_fight == [0, 1]
    play(st, "continue")
    assert st.pending == ("continue", 1, "leadership")  # nothing to take back
    play(st, "continue")
    assert st.pending == ("lead", 1) and "no_lead" in legal(st)
    play(st, "no_lead")
    assert st.pending == ("continue", 1, "main") and st.plays[-1] == 4
    play(st, "continue")
    assert st.pending == ("play", 1) and "decline" in legal(st)


def test_continue_texts_name_what_comes_next_in_both_languages() -> None:
    """engine.step: the option's text says which phase the game goes on to."""
    seen: dict[str, tuple[str, str]] = {}
    for seed in range(20):
        st = GAME.new_game({"step": True}, seed)
        rng = Rng(seed)
        while GAME.to_move(st) is not None and st.fight < 4:
            if st.pending[0] == "continue":
                seen.setdefault(
                    st.pending[2],
                    (GAME.describe(CONTINUE, "en", st), GAME.describe(CONTINUE, "ru", st)),
                )
            options = GAME.legal_actions(st)
            GAME.apply(st, options[rng.randbelow(len(options))])
        if len(seen) == len(BOUNDARIES):
            break
    assert sorted(seen) == sorted(BOUNDARIES)
    for en, ru in seen.values():
        assert en.startswith("Continue: ") and ru.startswith("Продолжить: ")
    assert re.fullmatch(r"Continue: fight \d+, Player \d's first turn", seen["fight"][0])
    assert re.fullmatch(r"Continue: the start of Player \d's turn: .*RETRIEVE.*", seen["turn"][0])
    assert re.fullmatch(r"Continue: Player \d's leadership phase", seen["leadership"][0])
    assert re.fullmatch(r"Продолжить: фаза «Лидерство» \(Игрок \d\)", seen["leadership"][1])
    assert re.fullmatch(r"Continue: Player \d's “Retreat\?” phase: .*", seen["main"][0])
    assert seen["main"][1].startswith("Продолжить: фаза «Сдаться?»")
    assert "booster/support phase" in seen["after"][0]
    assert re.fullmatch(
        r"Continue: announcing the total: Player \d announces \d+ (Fire|Earth)",
        seen["announce"][0],
    )
    assert re.fullmatch(
        r"Продолжить: объявление силы: Игрок \d объявляет \d+ \((огонь|земля)\)",
        seen["announce"][1],
    )
    assert "refills" in seen["refill"][0] and "пополнение карт" in seen["refill"][1]
    assert "“at the end of my turn”" in seen["end"][0]
    assert re.fullmatch(r"Continue: Player \d's turn", seen["next"][0])
    assert re.fullmatch(r"Продолжить: ходит Игрок \d", seen["next"][1])
    assert GAME.describe(CONTINUE, "en") == "Continue"
    assert GAME.describe(CONTINUE, "ru") == "Продолжить"


def test_the_stop_is_public_and_only_continue_is_legal() -> None:
    """engine.step, bluemoon.special.rule10: every seat sees the stop (and step mode) in its
    observation; any other action is refused and leaves the state untouched; ``continue``
    is refused at a real decision."""
    st = GAME.new_game({"step": True}, 5)
    for seat in (0, 1):
        seen = GAME.observe(st, seat)
        assert seen["pending"] == ["continue", st.active, "fight"] and seen["step"] is True
    before = state_hash(st)
    for bad in (("retreat",), ("done",), ("continue", "fight"), ("keep",), ("on",), ()):
        with pytest.raises(IllegalAction):
            GAME.apply(st, bad)
        assert state_hash(st) == before
    while st.pending[0] == "continue":
        play(st, "continue")
    before = state_hash(st)
    with pytest.raises(IllegalAction):
        GAME.apply(st, CONTINUE)
    assert state_hash(st) == before
    plain = GAME.new_game({}, 5)
    assert "step" not in GAME.observe(plain, 0)
    assert CONTINUE not in GAME.legal_actions(plain)


def test_step_is_in_the_json_only_when_true() -> None:
    """State is plain data: the flag round-trips; a default game's JSON has no new key (its
    saves and golden files are unchanged)."""
    assert "step" not in GAME.new_game({}, 1).to_json()
    st = GAME.new_game({"step": True, "reshuffle": True}, 1)
    assert st.to_json()["step"] is True and st.pending[0] == "setup"
    again = roundtrip(GAME, st)
    assert again.step and state_hash(again) == state_hash(st)
    assert st.clone().step
    stopped = GAME.new_game({"step": True}, 1)
    stopped.step = False
    assert "a step-mode stop outside step mode" in GAME.check_invariants(stopped)


def test_json_and_positions_round_trip_at_every_stop() -> None:
    """engine.step: at every stop of seeded games the JSON form rebuilds the same state,
    which plays on identically; the exported position loads back to the same position, the
    same stop and the same option."""
    checked: set[str] = set()
    for seed in range(4):
        st = GAME.new_game({"step": True}, 40 + seed)
        rng = Rng(seed)
        while GAME.to_move(st) is not None:
            if st.pending[0] == "continue":
                again = roundtrip(GAME, st)
                assert again.to_json() == st.to_json()
                doc = GAME.export_position(st)
                assert doc["pending"] == {"continue": st.pending[2]} and doc["step"] is True
                loaded = GAME.load_position(json.loads(json.dumps(doc)))
                assert GAME.export_position(loaded) == doc
                assert loaded.pending[:3] == st.pending[:3]
                copy = st.clone()
                play(copy, "continue")
                play(again, "continue")
                assert state_hash(again) == state_hash(copy)
                checked.add(st.pending[2])
            options = GAME.legal_actions(st)
            GAME.apply(st, options[rng.randbelow(len(options))])
    assert checked == set(BOUNDARIES)


def test_a_stop_after_an_action_that_leaves_the_aims_carries_its_mark() -> None:
    """engine.step, bluemoon.special.rule2: a run begun by an action after which default
    mode does not look at the "one of my …" cards again (a may-draw declined) stops with a
    trailing 0, so that its next decision leaves them as default mode does; observations and
    positions show the stop without it."""
    st = GAME.load_position(_stop("end", P1={"combat": [{"card": "flare", "turn": 3}]}))
    play(st, "continue")
    assert st.pending == ("task", 0)
    play(st, "stop")
    assert st.pending == ("continue", 0, "next", 0)
    assert GAME.observe(st, 1)["pending"] == ["continue", 0, "next"]
    assert GAME.export_position(st)["pending"] == {"continue": "next"}
    assert not GAME.check_invariants(st)
    play(st, "continue")
    assert st.pending == ("continue", 1, "turn", 0)
    st = GAME.load_position(_doc(True, "play", P1={"hand": ["blaze"]}))
    play(st, "char blaze", "done")  # an action after which the aims are looked at: no mark
    assert st.pending == ("continue", 0, "after")


def test_single_option_decisions_wait_for_their_player() -> None:
    """engine.step, bluemoon.special.rule11, bluemoon.fight.decline,
    bluemoon.cards.special_text: default mode takes a decision with one option by itself;
    step mode offers it: rule 11's lone ``undo``, a declined fight's only card to discard, a
    lone ``stop``."""
    players = {
        "P1": {"hand": ["torch"], "combat": [{"card": "glimmer", "turn": 1}]},
        "P2": {"combat": [{"card": "wogarathoras_the_gloomy", "turn": 2}]},
    }
    for step in (False, True):
        st = GAME.load_position(_doc(step, "play", **players))
        play(st, "char torch")
        if step:
            assert GAME.legal_actions(st) == [("undo",)] and st.pending == ("play", 0)
            play(st, "undo")
            assert st.pending == ("continue", 0, "main")
        else:  # the lone undo taken at once: the main decision again, torch in hand
            assert st.pending == ("play", 0) and legal(st) == {"retreat", "char torch"}
        assert st.card_ids[st.hands[0][0]] == "torch" and st.tried
    decline = {"P1": {"turns": 1, "hand": ["torch"]}, "P2": {}}
    for step in (False, True):
        st = GAME.load_position(_doc(step, "play", fight_turn=1, element=None, **decline))
        play(st, "decline")
        if step:
            assert st.pending == ("decline", 0) and legal(st) == {"discard torch"}
            play(st, "discard torch")
            assert st.pending[:3] == ("continue", 1, "fight")
        else:
            assert st.active == 1 and st.pending[0] == "play"


def test_a_lone_card_to_apply_to_is_offered_and_is_no_decision_of_the_other_player() -> None:
    """bluemoon.special.rule2_choice, bluemoon.special.rule11, engine.step: in step mode a
    "one of my characters" card with a single character to apply to is offered to its
    player (default mode applies it); the other player's lone pick leaves the turn
    reversible, as in default mode."""
    p1 = {"hand": ["blaze", "potion_of_cosmic_power"], "combat": [{"card": "glimmer", "turn": 1}]}
    p2 = {"combat": [{"card": "wogarathoras_the_gloomy", "turn": 2}]}
    default = GAME.load_position(_doc(False, "play", P1=p1, P2=p2))
    stepped = GAME.load_position(_doc(True, "play", P1=p1, P2=p2))
    for st in (default, stepped):
        play(st, "char blaze", "boost potion_of_cosmic_power")
    assert default.aim[default.combat[0][-1]] == default.combat[0][-2]
    assert stepped.pending == ("task", 0) and legal(stepped) == {"pick blaze"}
    assert default.pending == ("play", 1)  # "done", the only option left, taken too
    play(stepped, "pick blaze")
    while stepped.pending != ("play", 1):
        (only,) = GAME.legal_actions(stepped)
        GAME.apply(stepped, only)
    assert stepped.to_json() | {"step": None} == default.to_json() | {"step": None}
    # P2's potion still to be applied on P1's turn: a lone pick, or a choice among two
    for chars, irreversible in (
        (["wogarathoras_the_gloomy"], False),
        (["athradysas_the_seeker", "wogarathoras_the_gloomy"], True),
    ):
        combat = [{"card": c, "turn": 2} for c in chars]
        combat.append({"card": "potion_of_cosmic_power", "turn": 2})
        p2 = {"hand": ["torch"], "combat": combat}
        st = GAME.load_position(_doc(True, "play", P1={"hand": ["blaze"]}, P2=p2))
        assert st.pending == ("task", 1) and len(legal(st)) == len(chars)
        play(st, "pick wogarathoras_the_gloomy")
        assert st.pending == ("play", 0) and st.irrev == irreversible
        assert st.aim[st.combat[1][-1]] == st.combat[1][len(chars) - 1]


def test_a_position_stands_at_every_boundary() -> None:
    """engine.step: ``pending: {continue: BOUNDARY}`` loads (the stage of the turn the
    engine has there by default), exports and loads back the same; ``continue`` goes on."""
    for boundary in BOUNDARIES:
        top: dict[str, Any] = {}
        if boundary == "fight":
            top = {
                "fight_turn": 0,
                "element": None,
                "P1": {"combat": [], "turns": 0},
                "P2": {"combat": [], "turns": 0},
            }
        st = GAME.load_position(_stop(boundary, **top))
        assert st.pending == ("continue", 0, boundary)
        doc = GAME.export_position(st)
        assert doc["pending"] == {"continue": boundary} and doc["step"] is True
        again = GAME.load_position(json.loads(json.dumps(doc)))
        assert GAME.export_position(again) == doc
        play(again, "continue")
        assert not GAME.check_invariants(again)
        assert again.pending[0] != "continue" or again.pending[2] != boundary


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"step": False}, "needs step: true"),
        ({"pending": {"continue": "lunch"}}, "one of fight, turn, leadership, main"),
        ({"pending": {"continue": "main", "seat": "P2"}}, "only the boundary is written"),
        ({"phase": "setup", "setup_queue": ["P1"]}, "stands in a fight"),
        ({"tasks": [["draw", "P1", "P1.combat.0", 0, 0]]}, "no action waiting"),
        ({"pending": {"continue": "fight"}}, "before the fight's first turn"),
        ({"derived": {"mana": 3}}, "derived.mana: unknown"),
        ({"derived": {"refill": 2}}, "derived.refill: not defined"),
        ({"derived": {"total": {"P1": 9}}}, "derived.total.P1: written 9, is 3"),
    ],
)
def test_positions_refuse_a_stop_or_value_that_cannot_be(change: dict, message: str) -> None:
    """engine.step: a stop needs step mode, a known boundary, a fight, no action waiting,
    and (``fight``) a fight not yet begun; derived values must exist and agree."""
    data = {**_stop("announce"), **change}
    with pytest.raises(PositionError, match=re.escape(message)):
        GAME.load_position(data)


def test_derived_values_are_recomputed_and_each_disagreement_is_named() -> None:
    """bluemoon.turn.announce, bluemoon.icon.shield, bluemoon.special.rule5,
    bluemoon.turn.refill.modified, bluemoon.turn.booster_support: a position that writes
    derived values is checked against its state; one error names every value that
    disagrees."""
    data = _doc(
        True,
        "play",
        P1={
            "hand": ["blaze", "fireblast", "torch"],
            "combat": [{"card": "glimmer", "turn": 1}],
        },
        P2={
            "combat": [{"card": "wogarathoras_the_gloomy", "turn": 2}],
            "support": [
                {"card": "irresistible_sirens", "turn": 2},
                {"card": "quivering_quicksand", "turn": 2},
            ],
        },
    )
    st = GAME.load_position(data)
    values = GAME.export_position(st)["derived"]
    assert values == {
        "total": {"P1": 2, "P2": 5},
        "needed": {"P1": 5},
        "playable": {"P1": ["blaze", "torch"]},
        "unmet": {"P1": ["irresistible_sirens"]},
        "hand_room": {"P1": 1, "P2": 3},
    }
    GAME.load_position({**data, "derived": {"total": {"P2": 5}, "unmet": values["unmet"]}})
    wrong = {"total": {"P1": 3}, "needed": {"P1": 0}, "playable": {"P1": ["torch"]}}
    with pytest.raises(PositionError) as err:
        GAME.load_position({**data, "derived": wrong})
    text = str(err.value)
    for part in (
        "derived.total.P1: written 3, is 2",
        "derived.needed.P1: written 0, is 5",
        "derived.playable.P1: written ['torch'], is ['blaze', 'torch']",
    ):
        assert part in text
    play(st, "char blaze", "boost fireblast", "shed torch")
    values = GAME.export_position(st)["derived"]
    assert values["total"]["P1"] == 7 and values["unmet"] == {"P1": []}
    shielded = GAME.load_position(
        _doc(True, "play", P1={"combat": [{"card": "inscrutable_armor", "turn": 1}]})
    )
    assert GAME.export_position(shielded)["derived"]["needed"] == {"P1": 0}


def test_agents_finish_step_mode_games() -> None:
    """engine.step: matches between agents run to the end in step mode and replay exactly."""
    for setup in ({"step": True}, {"step": True, "match_to": 3, "reshuffle": True}):
        result = play_match(GAME, setup, 7, [GreedyAgent(GAME, 1), RandomAgent(2)])
        assert result.outcome is not None
        assert result.replay.setup["step"] is True
        assert list(CONTINUE) in [list(a) for a in result.replay.actions]


def _doc(step: bool, kind: str, **top: Any) -> dict[str, Any]:
    """P1's second turn of fight 1 (fight turn 3) in Fire, P2 having answered; ``P1``/``P2``
    add to the players' entries."""
    players = {
        "P1": {"people": "vulca", "turns": 2, "hand": ["torch"], "deck": DECK1},
        "P2": {"people": "hoax", "turns": 1, "hand": ["athradysas_the_seeker"], "deck": DECK2},
    }
    for key in ("P1", "P2"):
        players[key] = players[key] | top.pop(key, {})
    doc: dict[str, Any] = {
        "game": "bluemoon",
        "step": step,
        "element": "fire",
        "fight_turn": 3,
        "players": players,
    }
    if kind != "stop":
        doc["pending"] = {"kind": kind, "seat": "P1"}
    return doc | top


def _stop(boundary: str, **top: Any) -> dict[str, Any]:
    """P1's turn standing at a stop."""
    extra = {
        "P1": {"combat": [{"card": "shimmer", "turn": 3}], **top.pop("P1", {})},
        "P2": {"combat": [{"card": "ledinemras_the_monk", "turn": 2}], **top.pop("P2", {})},
    }
    doc = _doc(True, "stop", **extra, **top)
    doc["pending"] = {"continue": boundary}
    return doc
