"""Hints that explain (agents.hints; docs/table.md, "Hints and the coach"), in every game:
the options are legal, each chance to win is in [0, 1], the best (the option the
``ismcts`` agent plays with the same search) comes first, the same seed gives the same
hints in any process, and only the seat's view is used (the true state is read through
``SeatView``'s members only, and resampling what the seat cannot see leaves the hints as
they were, within the search's noise). The reasons are drawn from the game's evaluation:
its terms add up to ``evaluate``, and a reason names the term a move improves (a Clash
creature strengthens the table, an assault-ending pass keeps the fortress where it is:
clash.fortress.health, clash.summon.available) or the end of the game it brings
(clash.end.fort_rightmost). The coach flags a move rated ``COACH_MARGIN`` or more below the
best: a Clash move that loses at once, a Blue Moon concession
(bluemoon.special.rule11_penalty).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from typing import Any

import pytest
import yaml

from cardtable.agents import make_agent
from cardtable.agents.hints import (
    COACH_MARGIN,
    Hint,
    Rating,
    coach_check,
    hints,
    rate,
)
from cardtable.agents.ismcts import IsmctsAgent
from cardtable.core import get_game, state_hash
from cardtable.core.agent import SeatView
from cardtable.core.game import Game
from cardtable.core.rng import Rng
from cardtable.games.clash.effects import fort_hp

GAMES = ("clash", "epic", "bluemoon", "boss")
ITERS = 300
#: how each game squashes the sum of its evaluation terms into [-1, 1] (its ``evaluate``)
SQUASH = {"boss": math.tanh}
#: the members of Game that SeatView reads the true state through, and the text of an
#: option the table shows anyway
VIEW_HOOKS = {"to_move", "observe", "legal_actions", "action_text", "determinize", "describe"}


def position(gid: str, seed: int = 11, steps: int = 12) -> tuple[Game, Any, int]:
    """A seeded game of ``gid`` played at random for ``steps`` decisions, then on to the
    first decision with at least three different options."""
    game = get_game(gid)
    state = game.new_game({}, seed)
    rng = Rng(seed)
    done = 0
    while True:
        seat = game.to_move(state)
        assert seat is not None, "the game ended before a decision worth a hint"
        legal = game.legal_actions(state)
        if done >= steps and len({game.action_text(state, a) for a in legal}) >= 3:
            return game, state, seat
        game.apply(state, legal[rng.randbelow(len(legal))])
        done += 1


def searched_choice(game: Game, state: Any, seat: int, seed: int) -> str:
    """The option the ismcts agent plays with the hints' search (settings, seed, budget)."""
    settings = game.search_settings
    agent = IsmctsAgent(
        game,
        seed,
        iters=ITERS,
        depth=int(settings.get("depth", 40)),
        c=float(settings.get("c", 0.7)),
        reuse=False,
    )
    return game.action_text(state, agent.act(SeatView(game, state, seat)))


@pytest.mark.parametrize("gid", GAMES)
def test_hints_are_legal_options_in_range_best_first(gid: str) -> None:
    """Top three: distinct legal options, chances in [0, 1], simulations within the budget
    and in decreasing order, the first the agent's own choice; each text is the table's
    and each reason a sentence; ``top=0`` rates every option."""
    game, state, seat = position(gid)
    legal = game.legal_actions(state)
    found = hints(game, state, seat, iters=ITERS, seed=5, top=3, lang="en")
    assert 2 <= len(found) <= 3
    assert len({h.code for h in found}) == len(found)
    for h in found:
        assert h.action in legal and game.action_text(state, h.action) == h.code
        assert 0.0 <= h.win <= 1.0
        assert h.visits >= 1
        assert h.text == game.describe(h.action, "en", state)
        assert h.reason and h.term
    assert sum(h.visits for h in found) <= ITERS
    assert [h.visits for h in found] == sorted((h.visits for h in found), reverse=True)
    assert found[0].code == searched_choice(game, state, seat, 5)
    every = rate(game, state, seat, iters=ITERS, seed=5)
    assert {r.code for r in every} == {game.action_text(state, a) for a in legal}
    assert [(r.code, r.win, r.visits) for r in every[:3]] == [
        (h.code, h.win, h.visits) for h in found
    ]


@pytest.mark.parametrize("gid", GAMES)
def test_the_same_seed_gives_the_same_hints(gid: str) -> None:
    """Twice with one seed: equal hints; in Russian the same options, chances and
    simulations with Russian texts and reasons."""
    game, state, seat = position(gid)
    first = hints(game, state, seat, iters=ITERS, seed=9, lang="en")
    assert hints(game, state, seat, iters=ITERS, seed=9, lang="en") == first
    ru = hints(game, state, seat, iters=ITERS, seed=9, lang="ru")
    assert [(h.code, h.win, h.visits, h.term) for h in ru] == [
        (h.code, h.win, h.visits, h.term) for h in first
    ]
    for h in ru:
        assert h.text == game.describe(h.action, "ru", state)
        assert h.reason and any("а" <= ch <= "я" for ch in h.reason.lower())


SUBPROCESS = """
import json, sys
from cardtable.agents.hints import hints
from tests.core.test_hints import position
out = {}
for gid in sys.argv[1:]:
    game, state, seat = position(gid)
    found = hints(game, state, seat, iters=200, seed=3, lang="en")
    out[gid] = [[h.code, h.win, h.visits, h.reason] for h in found]
print(json.dumps(out))
"""


def test_hints_do_not_depend_on_the_process() -> None:
    """Another process with another string-hash seed gives the very same hints."""
    here = {}
    for gid in GAMES:
        game, state, seat = position(gid)
        found = hints(game, state, seat, iters=200, seed=3, lang="en")
        here[gid] = [[h.code, h.win, h.visits, h.reason] for h in found]
    env = dict(os.environ, PYTHONHASHSEED="12345")
    done = subprocess.run(
        [sys.executable, "-c", SUBPROCESS, *GAMES],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    )
    assert json.loads(done.stdout) == here


@pytest.mark.parametrize("gid", GAMES)
def test_hints_see_only_what_the_seat_sees(gid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The true state is read only through SeatView's hooks (and the options' table
    texts) and left unchanged; hints from states that differ from it only in what the
    seat cannot see (``determinize``) rate the same options, each well-simulated one
    alike within the search's noise."""
    game, state, seat = position(gid)
    before = state_hash(state)
    touched: set[str] = set()
    for name in dir(Game):
        member = getattr(game, name, None)
        if name.startswith("_") or not callable(member):
            continue

        def spy(*args: Any, _name: str = name, _member: Any = member, **kw: Any) -> Any:
            if any(a is state for a in (*args, *kw.values())):
                touched.add(_name)
            return _member(*args, **kw)

        monkeypatch.setattr(game, name, spy)
    base = rate(game, state, seat, iters=ITERS, seed=4)
    hints(game, state, seat, iters=ITERS, seed=4, lang="en")
    monkeypatch.undo()
    assert touched and touched <= VIEW_HOOKS, touched - VIEW_HOOKS
    assert state_hash(state) == before
    by_code = {r.code: r for r in base}
    for k in range(3):
        other = game.determinize(state, seat, Rng(100 + k))
        assert game.observe(other, seat) == game.observe(state, seat)
        again = rate(game, other, seat, iters=ITERS, seed=4)
        assert {r.code for r in again} == set(by_code)
        for r in again:
            was = by_code[r.code]
            if min(r.visits, was.visits) >= 30:  # within three standard errors
                noise = 3 * math.sqrt(0.25 / r.visits + 0.25 / was.visits)
                assert abs(r.win - was.win) <= noise, (r, was)


@pytest.mark.parametrize("gid", GAMES)
def test_evaluation_terms_add_up_to_evaluate(gid: str) -> None:
    """For every seat of random games of each conformance setup: the game's evaluation
    is its terms' sum, squashed as the game squashes it; keys are unique."""
    game = get_game(gid)
    squash = SQUASH.get(gid, lambda x: x)
    checked = 0
    for setup in game.conformance_setups():
        state = game.new_game(setup, 2)
        rng = Rng(2)
        steps = 0
        while game.to_move(state) is not None and steps < 150:
            for seat in range(game.num_seats(state)):
                terms = game.evaluation_terms(state, seat)
                assert terms, f"{setup}: no terms while the game runs"
                assert len({t.key for t in terms}) == len(terms)
                value = max(-0.99, min(0.99, squash(sum(t.value for t in terms))))
                assert value == pytest.approx(game.evaluate(state, seat), abs=1e-9)
                checked += 1
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randbelow(len(legal))])
            steps += 1
    assert checked > 100


def clash_opening() -> tuple[Game, Any, int]:
    """Clash, seed 3, Ember against Tide: Player A's first summoning (B went first and
    played greedily)."""
    game = get_game("clash")
    state = game.new_game({"decks": ["ember", "tide"]}, 3)
    greedy = make_agent("greedy", game, 1)
    while game.to_move(state) == 1:
        game.apply(state, greedy.act(SeatView(game, state, 1)))
    assert game.to_move(state) == 0
    return game, state, 0


def test_clash_reasons_name_the_term_a_move_improves() -> None:
    """clash.summon.available, clash.fortress.health: playing a creature strengthens the
    table (one creature more than the seat has), ending the summoning keeps the fortress
    as many cards from the right as the seat's health; both languages."""
    game, state, seat = clash_opening()
    codes = {game.action_text(state, a) for a in game.legal_actions(state)}
    assert {"end", "play war_drummer"} <= codes
    mine = sum(len(state.board[lane][side]) for lane, side in state.seat_rows[seat])
    health = fort_hp(state, seat)
    found = {h.code: h for h in hints(game, state, seat, iters=ITERS, seed=1, top=0, lang="en")}
    assert found["end"].term == "fortress"
    assert found["end"].reason == f"keeps your fortress {health} cards from the right"
    assert found["play war_drummer"].term == "creatures"
    assert found["play war_drummer"].reason == (
        f"strengthens your side of the table ({mine + 1} creature{'s' if mine else ''})"
    )
    ru = {h.code: h for h in hints(game, state, seat, iters=ITERS, seed=1, top=0, lang="ru")}
    assert ru["end"].reason == f"крепость остаётся в {health} картах от правого края"
    assert (ru["play war_drummer"].reason or "").startswith("усиливает ваших существ на столе")


CLASH_LAST_CARD = """
game: clash
turn: 6
active: A
first: A
mana: 4
players:
  A:
    hand: ["@fort", spark_imp]
    top: [ash_berserker]
    bottom: []
  B:
    hand: ["@fort", cinder_burst, {card: ice_shard, hidden: true}]
    top: []
    bottom: [river_otter]
"""


def test_a_move_that_loses_at_once_is_rated_so_and_flagged() -> None:
    """clash.end.fort_rightmost, clash.fortress.health: A's health is 1 and B's 2 with
    nothing to block A's berserker. Playing the last card right of A's fort leaves the
    fort rightmost (A loses at once); ending the summoning lets the berserker bring
    B's fort down (A wins). The hints say so, and the coach flags the losing move only."""
    game = get_game("clash")
    state = game.load_position(yaml.safe_load(CLASH_LAST_CARD))
    ratings = rate(game, state, 0, iters=ITERS, seed=2)
    by_code = {r.code: r for r in ratings}
    assert set(by_code) == {"end", "play spark_imp"}
    assert ratings[0].code == "end" and by_code["end"].win >= 0.9
    assert by_code["play spark_imp"].win <= 0.1
    found = {h.code: h for h in hints(game, state, 0, iters=ITERS, seed=2, lang="en")}
    assert found["end"].reason == "wins the game at once"
    assert found["play spark_imp"].reason == "loses the game at once"
    ru = {h.code: h for h in hints(game, state, 0, iters=ITERS, seed=2, lang="ru")}
    assert ru["play spark_imp"].reason == "сразу проигрывает партию"
    flagged = coach_check(ratings, "play spark_imp")
    assert flagged is not None
    assert (flagged[0].code, flagged[1].code) == ("end", "play spark_imp")
    assert coach_check(ratings, "end") is None


def test_a_concession_is_flagged() -> None:
    """bluemoon.special.rule11_penalty: where a Blue Moon player may still fight on,
    conceding (the opponent takes 4 crystals) is rated far below the best option."""
    game, state, seat = position("bluemoon", seed=7, steps=5)
    legal = game.legal_actions(state)
    assert ("concede",) in legal
    ratings = rate(game, state, seat, iters=ITERS, seed=1)
    conceded = {r.code: r for r in ratings}["concede"]
    assert conceded.win == 0.0
    assert ratings[0].win - conceded.win >= COACH_MARGIN
    flagged = coach_check(ratings, "concede")
    assert flagged is not None and flagged[1].code == "concede"
    (h,) = [h for h in hints(game, state, seat, iters=ITERS, seed=1, top=0) if h.code == "concede"]
    assert h.reason == "loses the game at once"


def test_the_coach_margin() -> None:
    """Warned from COACH_MARGIN below the best on; not below it, not for the best itself,
    not for an option the search did not rate."""
    best = Rating(("a",), "a", 0.60, 400)
    at = Rating(("b",), "b", 0.60 - COACH_MARGIN, 50)
    near = Rating(("c",), "c", 0.60 - COACH_MARGIN + 0.01, 50)
    ratings = [best, at, near]
    assert coach_check(ratings, "b") == (best, at)
    assert coach_check(ratings, "c") is None
    assert coach_check(ratings, "a") is None
    assert coach_check(ratings, "zzz") is None
    assert coach_check([], "a") is None


def test_no_hints_out_of_turn_and_an_only_option() -> None:
    """A seat that does not decide now gets none; an only option (step mode's continue)
    is not searched: one hint, no simulations, a chance in [0, 1]."""
    game, state, seat = position("clash")
    assert hints(game, state, 1 - seat, iters=ITERS) == []
    stepped = game.new_game({"step": True}, 3)
    mover = game.to_move(stepped)
    assert mover is not None and len(game.legal_actions(stepped)) == 1
    (only,) = hints(game, stepped, mover, iters=ITERS, seed=1)
    assert isinstance(only, Hint) and only.visits == 0 and 0.0 <= only.win <= 1.0
    assert only.action == game.legal_actions(stepped)[0]
