"""Step mode (engine.step): every decision observable, one at a time.

With the setup option ``step`` the engine takes no forced step by itself and stops at
each phase boundary of a turn with a ``continue`` decision: the turn's start before gold,
the draw and preparing (epic.turn.start.*), the main phase opening after the start phase
or a combat (epic.turn.main.initiative, epic.combat.damage.continue), each combat step
(epic.combat.before_blocks, epic.combat.blocks, epic.combat.before_damage,
epic.combat.damage), the end phase (epic.turn.end), healing after the hand limit
(epic.turn.end.heal) and the next player's turn, also after the turn player's
elimination (epic.multi.elimination.turn). The stops are pure: replaying a default-mode
game in step mode, answering every stop and every single-option decision with its only
option, gives the same game, event for event.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cardtable.agents import RandomAgent
from cardtable.core import CONTINUE, IllegalAction, PositionError, state_hash
from cardtable.core.match import play_match
from cardtable.core.rng import Rng
from tests.conformance.playout import roundtrip, step_mode_replay
from tests.games.epic.helpers import GAME, play

DEFAULT_SETUPS = [s for s in GAME.conformance_setups() if not s.get("step")]
# The stops of a whole turn in order: any number of combats, each ending at a main stop.
TURN_STOPS = re.compile(
    r"turn main( before_blocks blockers before_damage damage main)* end heal next"
)


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


@pytest.mark.parametrize("setup", [{}, {"edition": "duel2023", "copies": 4}], ids=str)
def test_every_turn_stops_at_its_boundaries_in_order(setup: dict[str, Any]) -> None:
    """epic.turn.structure, epic.combat: a duel turn stops at turn, main, each combat's
    before_blocks, blockers, before_damage, damage and main again, then end, heal and
    next; every stop is answered by the turn player."""
    combats = 0
    for seed in range(5):
        st = GAME.new_game({**setup, "step": True}, seed)
        rng = Rng(seed)
        turns: list[list[str]] = []
        while GAME.to_move(st) is not None:
            if st.pending[0] == "continue":
                if st.pending[2] == "turn":
                    turns.append([])
                turns[-1].append(st.pending[2])
                assert GAME.to_move(st) == st.active
            legal = GAME.legal_actions(st)
            GAME.apply(st, legal[rng.randbelow(len(legal))])
        for stops in turns[:-1]:  # the last turn ends with the game
            assert TURN_STOPS.fullmatch(" ".join(stops)), (seed, stops)
            combats += stops.count("damage")
        assert turns and turns[0][0] == "turn"
    assert combats > 0


def test_a_new_game_stands_at_the_first_turns_start_after_the_mulligans() -> None:
    """epic.mulligan, epic.turn.start.draw, engine.step: the mulligans come first; then the
    first turn stops before its start phase, the first player draws nothing, and the main
    phase stop follows with initiative to the first player."""
    st = GAME.new_game({"step": True, "first": 1}, 3)
    assert st.pending == ("mulligan", 0)
    play(st, "keep", "keep")
    assert st.pending == ("continue", 1, "turn") and st.active == 1 and st.turn == 1
    assert GAME.legal_actions(st) == [CONTINUE]
    assert GAME.action_text(st, CONTINUE) == "continue"
    assert GAME.describe(CONTINUE, "en", st) == (
        "Continue: Player 2's start phase: gold, champions prepared (no draw on the first "
        "player's first turn), start-of-turn abilities"
    )
    play(st, "continue")
    assert st.pending == ("continue", 1, "main") and len(st.hands[1]) == 5
    assert st.window == "main" and st.init == 1
    play(st, "continue")
    assert st.pending == ("act", 1)


def test_continue_texts_name_what_comes_next_in_both_languages() -> None:
    """engine.step: the option's text says which phase or step the game goes on to."""
    seen: dict[str, tuple[str, str]] = {}
    for seed in range(10):
        st = GAME.new_game({"step": True, "first": 0}, seed)
        rng = Rng(seed)
        while GAME.to_move(st) is not None and st.turn < 12:
            if st.pending[0] == "continue" and st.turn > 1 and not st.triggers:
                seen.setdefault(
                    st.pending[2],
                    (GAME.describe(CONTINUE, "en", st), GAME.describe(CONTINUE, "ru", st)),
                )
            legal = GAME.legal_actions(st)
            attack = [a for a in legal if a[0] in ("attack", "add")]
            GAME.apply(st, attack[0] if attack else legal[rng.randbelow(len(legal))])
        if len(seen) == 9:
            break
    assert len(seen) == 9, sorted(seen)
    assert seen["turn"][0].startswith("Continue: Player ")
    assert seen["turn"][0].endswith(
        "'s start phase: gold, a card drawn, champions prepared, start-of-turn abilities"
    )
    assert seen["turn"][1].startswith("Продолжить: начальная фаза (Игрок ")
    assert re.fullmatch(r"Continue: Player \d's main phase", seen["main"][0])
    assert re.fullmatch(r"Продолжить: основная фаза \(Игрок \d\)", seen["main"][1])
    assert re.fullmatch(
        r"Continue: combat step 2, before blocks: Player \d holds initiative",
        seen["before_blocks"][0],
    )
    assert seen["before_blocks"][1].startswith("Продолжить: шаг 2 боя «перед блокированием»")
    assert re.fullmatch(r"Continue: combat step 3: Player \d chooses blockers", seen["blockers"][0])
    assert seen["blockers"][1].startswith("Продолжить: шаг 3 боя: блокирующих выбирает Игрок ")
    assert seen["before_damage"][0].startswith("Continue: combat step 4, before damage: Player ")
    assert seen["before_damage"][1].startswith("Продолжить: шаг 4 боя «перед нанесением урона»")
    assert seen["damage"] == (
        "Continue: combat step 5: combat damage",
        "Продолжить: шаг 5 боя: нанесение урона",
    )
    assert seen["end"][0].endswith("'s end phase: end-of-turn abilities, then discarding down to 7")
    assert seen["end"][1].startswith("Продолжить: фаза конца хода (Игрок ")
    assert seen["heal"][0] == (
        "Continue: the end of the turn: champions heal, flipped champions are prepared, "
        "effects “until the end of the turn” end"
    )
    assert seen["heal"][1].startswith("Продолжить: конец хода: существа восстанавливают защиту")
    assert re.fullmatch(r"Continue: Player \d's turn", seen["next"][0])
    assert re.fullmatch(r"Продолжить: ходит Игрок \d", seen["next"][1])
    assert GAME.describe(CONTINUE, "en") == "Continue"
    assert GAME.describe(CONTINUE, "ru") == "Продолжить"


def test_the_stop_is_public_and_only_continue_is_legal() -> None:
    """engine.step: every seat sees the stop (and step mode) in its observation; any other
    action is refused and leaves the state untouched."""
    st = GAME.new_game({"step": True}, 5)
    play(st, "keep", "keep")
    for seat in (0, 1):
        seen = GAME.observe(st, seat)
        assert seen["pending"] == ["continue", st.active, "turn"] and seen["step"] is True
    before = state_hash(st)
    for bad in (("pass",), ("attack",), ("continue", "turn"), ("keep",), ()):
        with pytest.raises(IllegalAction):
            GAME.apply(st, bad)
        assert state_hash(st) == before
    plain = GAME.new_game({}, 5)
    assert "step" not in GAME.observe(plain, 0)


def test_step_is_in_the_json_only_when_true() -> None:
    """State is plain data: the flag round-trips; a default game's JSON has no new key (its
    saves and golden files are unchanged)."""
    assert "step" not in GAME.new_game({}, 1).to_json()
    st = GAME.new_game({"step": True, "format": "draft_blind"}, 1)
    assert st.to_json()["step"] is True
    again = roundtrip(GAME, st)
    assert again.step and state_hash(again) == state_hash(st)
    assert st.clone().step
    stopped = GAME.new_game({"step": True}, 1)
    play(stopped, "keep", "keep")
    stopped.step = False
    assert "a step-mode stop outside step mode" in GAME.check_invariants(stopped)


def test_the_json_form_is_a_copy() -> None:
    """State is plain data: the JSON form taken during a damage split does not change as
    the split goes on (the split's lists are copied)."""
    st = GAME.load_position({**_stop("damage"), "combat": COMBAT, "players": BLOCKED_PLAYERS})
    play(st, "continue")
    assert st.pending == ("assign", 0)
    doc = st.to_json()
    before = json.dumps(doc)
    play(st, "to wall 2")
    assert json.dumps(doc) == before


def test_a_draft_and_a_mulligan_offer_their_only_option() -> None:
    """epic.format.draft_pool, epic.mulligan, engine.step: a decision with one option (the
    last card of a pool, keep once every card is set aside) waits for its player in step
    mode; default mode takes it."""
    st = GAME.new_game({"format": "draft_pool", "players": 3, "mode": "ffa", "step": True}, 2)
    single = 0
    while st.pending[0] in ("pick", "cut"):
        legal = GAME.legal_actions(st)
        single += len(legal) == 1
        GAME.apply(st, legal[0])
    assert single > 0 and st.pending[0] == "mulligan"
    seat = st.pending[1]
    for _ in range(5):
        play(st, GAME.action_text(st, GAME.legal_actions(st)[0]))
    assert st.pending == ("mulligan", seat) and GAME.legal_actions(st) == [("keep",)]


CARDS = [
    {
        "id": ident,
        "edition": "duel2023",
        "name": {"ru": ident, "en": ident},
        "faction": "wild",
        "type": "champion",
        "cost": 0,
        "offense": off,
        "defense": dfn,
    }
    for ident, off, dfn in (("grunt", 2, 2), ("wall", 0, 5), ("ox", 5, 5))
] + [
    {
        "id": "rally",
        "edition": "duel2023",
        "name": {"ru": "rally", "en": "rally"},
        "faction": "good",
        "type": "event",
        "cost": 0,
        "modes": [
            {"steps": [{"op": "tokens", "kind": "human", "amount": 3, "to": [{"you": True}]}]}
        ],
    },
    {
        "id": "pricey",
        "edition": "duel2023",
        "name": {"ru": "pricey", "en": "pricey"},
        "faction": "evil",
        "type": "champion",
        "cost": 1,
        "offense": 5,
        "defense": 5,
    },
]
COMBAT = {"attackers": ["P1.play.0"], "blockers": ["P2.play.0"], "blocked": True, "defender": "P2"}
BLOCKED_PLAYERS = {
    "P1": {"deck": ["grunt"], "play": [{"card": "grunt", "position": "expended"}]},
    "P2": {"deck": ["grunt"], "play": [{"card": "wall", "position": "flipped"}]},
}


def _stop(boundary: str, **top: Any) -> dict[str, Any]:
    """P1's turn 3 standing at a stop."""
    return {
        "game": "epic",
        "step": True,
        "cards": CARDS,
        "turn": 3,
        "active": "P1",
        "first": "P1",
        "pending": {"continue": boundary},
        "players": {"P1": {"deck": ["grunt"], "hand": ["grunt"]}, "P2": {"deck": ["grunt"]}},
    } | top


@pytest.mark.parametrize(
    "boundary",
    ["turn", "main", "before_blocks", "blockers", "before_damage", "damage", "end", "heal", "next"],
)
def test_a_position_stands_at_every_boundary(boundary: str) -> None:
    """engine.step: ``pending: {continue: BOUNDARY}`` loads (the window and initiative the
    engine has there by default), exports and loads back the same; ``continue`` goes on."""
    extra: dict[str, Any] = {}
    if boundary in ("before_blocks", "blockers", "before_damage", "damage"):
        extra = {"combat": COMBAT, "players": BLOCKED_PLAYERS}
    st = GAME.load_position(_stop(boundary, **extra))
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
        ({"pending": {"continue": "lunch"}}, "one of turn, main, before_blocks"),
        ({"pending": {"continue": "main", "seat": "P2"}}, "only the boundary is written"),
        ({"pending": {"continue": "main"}, "window": "end"}, "main stop stands in the “main”"),
        ({"pending": {"continue": "blockers"}}, "blockers stop needs a combat"),
        (
            {"pending": {"continue": "heal"}, "players": {"P1": {"hand": ["grunt"] * 8}}},
            "at most 7",
        ),
        ({"phase": "mulligan", "mulligan": {"queue": ["P1"]}}, "turns of play"),
        ({"derived": {"mana": 3}}, "derived.mana: unknown"),
        (
            {"derived": {"gold_due": {"P1": 1}}, "pending": {"continue": "main"}},
            "gold_due: not defined",
        ),
    ],
)
def test_positions_refuse_a_stop_or_value_that_cannot_be(change: dict, message: str) -> None:
    """engine.step: a stop needs step mode, a known boundary, its window and combat, and
    the hand limit before healing; derived values must exist to be checked."""
    data = {**_stop("turn"), **change}
    with pytest.raises(PositionError, match=re.escape(message)):
        GAME.load_position(data)


def test_derived_values_are_recomputed_and_each_disagreement_is_named() -> None:
    """epic.setup.tokens, epic.token.supply, epic.gold.marker, epic.turn.start.gold,
    epic.champion.timing, epic.ability.static: a position that writes derived values is
    checked against its state; one error names every value that disagrees."""
    humans = ["human_token"] * 24
    data = _stop(
        "turn",
        players={
            "P1": {
                "gold": 0,
                "deck": ["grunt"],
                "hand": ["grunt", "pricey", "rally"],
                "play": [*humans, {"card": "wolf_token", "offense": 1}],
            },
            "P2": {"gold": 0, "deck": ["grunt"], "hand": ["grunt", "rally"]},
        },
    )
    st = GAME.load_position(data)
    values = GAME.export_position(st)["derived"]
    assert values == {
        "supply": {"human_demon": 0, "wolf_zombie": 11},
        "stand_ins": {"human_demon": 2},
        "gold": {"P1": 0, "P2": 0},
        "gold_due": {"P1": 1, "P2": 1},
        # at the turn stop no main phase is open: only events, and only with the gold
        "playable": {"P1": [False, False, True], "P2": [False, True]},
        "stats": {"P1": [[1, 1]] * 24 + [[3, 2]], "P2": []},
    }
    GAME.load_position({**data, "derived": {"supply": {"wolf_zombie": 11}, "gold_due": {"P2": 1}}})
    wrong = {"supply": {"human_demon": 2}, "gold": {"P2": 1}, "playable": {"P2": [True, True]}}
    with pytest.raises(PositionError) as err:
        GAME.load_position({**data, "derived": wrong})
    text = str(err.value)
    for part in (
        "derived.supply.human_demon: written 2, is 0",
        "derived.gold.P2: written 1, is 0",
        "derived.playable.P2: written [True, True], is [False, True]",
    ):
        assert part in text
    play(st, "continue")
    values = GAME.export_position(st)["derived"]
    assert values["gold"] == {"P1": 1, "P2": 1} and "gold_due" not in values
    assert values["playable"] == {"P1": [True, True, True, True], "P2": [False, True]}


def test_tokens_made_by_an_event_leave_the_supply() -> None:
    """epic.setup.tokens, epic.token: three humans taken from the pile; broken, they go back."""
    st = GAME.load_position(
        _stop(
            "main",
            players={
                "P1": {"deck": ["grunt"], "hand": ["rally"]},
                "P2": {"deck": ["grunt"], "hand": []},
            },
        )
    )
    play(st, "continue", "play rally")
    assert GAME.export_position(st)["derived"]["supply"] == {"human_demon": 19, "wolf_zombie": 12}


def test_a_suspended_split_finishes_at_the_main_stop() -> None:
    """epic.combat.damage.blocked, epic.combat.damage.continue (R29): a real split is a
    decision in the middle of step 5; the split waits as plain data (JSON and positions
    round-trip), then the damage is dealt and the game stops before the main phase."""
    players = {
        "P1": {"deck": ["grunt"], "play": [{"card": "ox", "position": "expended"}]},
        "P2": {
            "deck": ["grunt"],
            "play": [
                {"card": "grunt", "position": "flipped"},
                {"card": "wall", "position": "flipped"},
            ],
        },
    }
    combat = {**COMBAT, "blockers": ["P2.play.0", "P2.play.1"]}
    st = GAME.load_position(_stop("damage", combat=combat, players=players))
    play(st, "continue")
    assert st.pending == ("assign", 0) and len(GAME.legal_actions(st)) > 1
    doc = GAME.export_position(st)
    copies = [st, roundtrip(GAME, st), GAME.load_position(json.loads(json.dumps(doc)))]
    for copy in copies:
        play(copy, "to grunt 2")
        play(copy, "to wall 3")
        while copy.pending[0] == "assign":  # the blockers' damage back, one option each
            play(copy, GAME.action_text(copy, GAME.legal_actions(copy)[0]))
        assert copy.pending == ("continue", 0, "main")
    after = GAME.export_position(st)
    assert all(GAME.export_position(c) == after for c in copies)
    assert after["players"]["P2"]["play"] == [{"card": "wall", "position": "flipped", "damage": 3}]
    assert after["players"]["P1"]["discard"] == [] and after["players"]["P2"]["discard"] == [
        "grunt"
    ]


def test_the_hand_limit_resumes_into_the_heal_stop_once() -> None:
    """epic.turn.end.hand_limit, engine.step: the end phase's discards come back through
    the same function; the heal stop follows once the hand holds 7."""
    st = GAME.load_position(
        _stop(
            "end",
            players={
                "P1": {"deck": ["grunt"], "hand": ["grunt"] * 7 + ["wall"] * 3},
                "P2": {"deck": ["grunt"]},
            },
        )
    )
    play(st, "continue")
    stops = []
    while st.pending[0] != "continue" or st.pending[2] != "next":
        if st.pending[0] == "continue":
            stops.append(st.pending[2])
            assert len(st.hands[0]) == 7
        play(st, GAME.action_text(st, GAME.legal_actions(st)[-1]))
    assert stops == ["heal"] and len(st.discards[0]) == 3


def test_the_turn_player_eliminated_ends_the_turn_at_the_next_stop() -> None:
    """epic.multi.elimination.turn, epic.multi.team, engine.step: in a team game the turn
    player loses their last health to their own start-of-turn ability; the turn ends at
    once and the next player (P3, of the other team) answers the ``next`` stop."""
    doom = {
        "id": "doom",
        "edition": "duel2023",
        "name": {"ru": "doom", "en": "doom"},
        "faction": "evil",
        "type": "champion",
        "cost": 0,
        "offense": 1,
        "defense": 1,
        "abilities": [
            {
                "when": "start_of_turn",
                "steps": [{"op": "lose_health", "amount": 5, "to": [{"you": True}]}],
            }
        ],
    }
    st = GAME.load_position(
        {
            "game": "epic",
            "step": True,
            "mode": "team",
            "teams": [["P1", "P3"], ["P2", "P4"]],
            "cards": [*CARDS, doom],
            "turn": 6,
            "active": "P2",
            "first": "P1",
            "pending": {"continue": "turn"},
            "players": {
                "P1": {"deck": ["grunt"]},
                "P2": {"health": 4, "deck": ["grunt"], "play": ["doom", "grunt"]},
                "P3": {"deck": ["grunt"]},
                "P4": {"deck": ["grunt"]},
            },
        }
    )
    play(st, "continue", "continue")
    assert st.out == [1] and st.active == 1
    assert st.pending == ("continue", 2, "next") and GAME.to_move(st) == 2
    assert GAME.describe(CONTINUE, "en", st) == "Continue: Player 3's turn"
    assert not GAME.check_invariants(st)
    doc = GAME.export_position(st)
    assert doc["pending"] == {"continue": "next"} and "P2" not in doc["derived"]["gold"]
    again = GAME.load_position(json.loads(json.dumps(doc)))
    assert GAME.export_position(again) == doc and again.pending == st.pending
    play(st, "continue")
    assert st.pending == ("continue", 2, "turn") and st.active == 2


def test_agents_finish_step_mode_games() -> None:
    """engine.step: matches between agents run to the end in step mode and replay exactly."""
    for setup in ({"step": True}, {"players": 3, "mode": "ffa", "step": True}):
        seats = GAME.num_seats(GAME.new_game(setup, 7))
        result = play_match(GAME, setup, 7, [RandomAgent(s + 1) for s in range(seats)])
        assert result.outcome is not None
        assert result.replay.setup["step"] is True
        assert list(CONTINUE) in [list(a) for a in result.replay.actions]
