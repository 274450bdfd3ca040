"""Take-back against agents at the library level (``cardtable.core.undo``, docs/table.md
"Take-back"): an undo returns to the person's last whole decision with their view exactly
as it was, a second undo goes further back, there is nothing to undo before the first
decision, and the hidden parts are a fresh determinization that never depends on what
was seen after the restored moment: the card drawn after repeating the undone move is
not the one drawn before. The record stays a replay that verifies.

Rules: epic.turn.start.draw, bluemoon.turn.refill, boss.turn.start.draw, boss.zone.deck
(the draws an undo must not give away), clash.solo.ai_deck (a face-down deck redrawn).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import ReplayError
from cardtable.core.game import Game, state_hash
from cardtable.core.replay import Replay, Reseed, run_replay, verify
from cardtable.core.rng import Rng
from cardtable.core.undo import undo

GAMES = ("clash", "epic", "bluemoon", "boss")
CASES = [(g, k, s) for g in GAMES for k, s in enumerate(get_game(g).conformance_setups())]
STEPS = 70


def whole_decision(game: Game, state: Any, seat: int) -> bool:
    """The person chooses now: their decision, not the detail of one just made, with a
    choice between options."""
    return (
        game.to_move(state) == seat
        and not game.is_subdecision(state)
        and len(game.legal_actions(state)) > 1
    )


def playout(
    game_id: str, setup: dict[str, Any], seed: int, steps: int = STEPS
) -> tuple[Replay, int, list[tuple[int, dict[str, Any], list[str]]]]:
    """A seeded random game of at most ``steps`` actions; the person is the seat of the
    first whole decision. Returns the record, that seat, and each of its whole decisions
    as (actions played before it, its view then, its options then)."""
    game = get_game(game_id)
    replay = Replay(game=game_id, setup=setup, seed=seed)
    state = run_replay(replay)
    rng = Rng(seed + 1)
    seat: int | None = None
    decisions: list[tuple[int, dict[str, Any], list[str]]] = []
    while len(replay.actions) < steps and game.to_move(state) is not None:
        legal = game.legal_actions(state)
        if seat is None and len(legal) > 1 and not game.is_subdecision(state):
            seat = game.to_move(state)
        if seat is not None and whole_decision(game, state, seat):
            texts = [game.action_text(state, a) for a in legal]
            decisions.append((len(replay.actions), game.observe(state, seat), texts))
        action = legal[rng.randbelow(len(legal))]
        game.apply(state, action)
        replay.actions.append(action)
    assert seat is not None
    return replay, seat, decisions


@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=[f"{g}-{k}" for g, k, _ in CASES])
def test_undo_walks_back_through_the_persons_decisions(
    gid: str, si: int, setup: dict[str, Any]
) -> None:
    """Each undo returns to the person's previous whole decision with their view and
    options exactly as they were; undos in a row go further back, until nothing is left
    to undo; every record on the way verifies after a JSON round trip."""
    game = get_game(gid)
    replay, seat, decisions = playout(gid, setup, 300 + si)
    expected = [d for d in decisions if d[0] < len(replay.actions)]
    assert expected, "the playout gave the person no decision"
    for point, view, texts in reversed(expected):
        done = undo(replay, seat)
        assert done is not None
        assert done.point == point
        assert done.actions == replay.actions[point:]
        assert done.replay.actions == replay.actions[:point]
        assert game.observe(done.state, seat) == view
        assert [game.action_text(done.state, a) for a in game.legal_actions(done.state)] == texts
        assert not game.check_invariants(done.state)
        done.replay.seal(game, done.state)
        again = Replay.from_json(done.replay.to_json())
        assert state_hash(verify(again)) == state_hash(done.state)
        replay = done.replay
    assert undo(replay, seat) is None


@pytest.mark.parametrize("gid", GAMES)
def test_nothing_to_undo_before_the_first_decision(gid: str) -> None:
    """At the person's first decision (and before it) there is nothing to undo."""
    game = get_game(gid)
    replay, seat, decisions = playout(gid, {}, 5)
    first = decisions[0][0]
    for n in range(first + 1):
        assert undo(replay.prefix(n), seat) is None
    assert undo(replay.prefix(first + 1), seat) is not None
    assert game.to_move(run_replay(replay.prefix(first))) == seat


@pytest.mark.parametrize("gid", GAMES)
def test_hidden_parts_are_redrawn_from_the_restored_moment_only(gid: str) -> None:
    """The state after an undo is a fresh determinization: over several games it differs
    from the exact earlier state (deck order, other hands, the state's generator), and it
    is the same whatever was played and seen after that moment (two different futures
    undone give one state)."""
    game = get_game(gid)
    redrawn = 0
    for seed in range(6):
        replay, seat, decisions = playout(gid, {}, 40 + seed, steps=40)
        point = [d[0] for d in decisions if d[0] < len(replay.actions)][-1]
        exact = run_replay(replay.prefix(point))
        done = undo(replay, seat)
        assert done is not None and done.point == point
        redrawn += state_hash(done.state) != state_hash(exact)
        # another future from the same moment: the person's other option, then random
        other = replay.prefix(point)
        state = run_replay(other)
        legal = game.legal_actions(state)
        rng = Rng(seed)
        action = legal[-1] if legal[-1] != replay.actions[point] else legal[0]
        while True:
            game.apply(state, action)
            other.actions.append(action)
            if game.to_move(state) is None or whole_decision(game, state, seat):
                break
            legal = game.legal_actions(state)
            action = legal[rng.randbelow(len(legal))]
        if game.to_move(state) is None:
            continue
        twin = undo(other, seat)
        assert twin is not None and twin.point == point
        assert state_hash(twin.state) == state_hash(done.state)
    assert redrawn >= 5


def keys(game: Game, state: Any, seat: int) -> Counter[str]:
    """The ids of the cards in ``seat``'s hand."""
    return Counter(game.card_key(state, c) for c in game.hand_cards(state, seat))


def play_until_drawn(
    game: Game, replay: Replay, seat: int, before: Counter[str], rng: Rng
) -> list[str]:
    """Play on from the end of ``replay`` (every seat choosing at random from ``rng``,
    each action recorded) until ``seat``'s hand holds a card it did not hold at
    ``before``; the new cards' ids (empty: none came)."""
    state = run_replay(replay)
    for _ in range(400):
        gained = keys(game, state, seat) - before
        if gained:
            return sorted(gained.elements())
        legal = game.legal_actions(state)
        if not legal:
            return []
        action = legal[rng.randbelow(len(legal))]
        game.apply(state, action)
        replay.actions.append(action)
    return []


@pytest.mark.parametrize("gid", ["epic", "bluemoon", "boss"])
def test_the_card_drawn_after_an_undone_move_is_drawn_anew(gid: str) -> None:
    """The person decides, plays on until they draw a card, and undoes back to that
    decision: their view is the one they had, no card id they had not seen is in it,
    and making the same choices again draws from a fresh deck order: over several
    games the card drawn differs at least once."""
    game = get_game(gid)
    differ = games = 0
    for seed in range(10):
        replay, seat, decisions = playout(gid, {}, 70 + seed, steps=24)
        point, view, texts = decisions[-1]
        played = replay.prefix(point)
        hand = keys(game, run_replay(played), seat)
        first = play_until_drawn(game, played, seat, hand, Rng(seed))
        if not first:
            continue
        done = undo(played, seat)
        while done is not None and done.point > point:
            done = undo(done.replay, seat)
        assert done is not None and done.point == point
        seen = game.observe(done.state, seat)
        assert seen == view
        assert strings(seen) <= strings(view)
        assert [game.action_text(done.state, a) for a in game.legal_actions(done.state)] == texts
        again = play_until_drawn(game, done.replay.prefix(point), seat, hand, Rng(seed))
        games += 1
        differ += again != first
    assert games >= 5
    assert differ >= 1


def strings(value: Any) -> set[str]:
    """Every text in a view (card ids among them)."""
    if isinstance(value, dict):
        return {w for v in value.values() for w in strings(v)}
    if isinstance(value, list | tuple):
        return {w for v in value for w in strings(v)}
    return {value} if isinstance(value, str) else set()


def test_a_replay_with_a_redraw_out_of_place_is_refused() -> None:
    """A recorded redraw after the end of the actions, or before an earlier one, or for a
    seat the game does not have, is a clear ReplayError."""
    replay, seat, _ = playout("epic", {}, 9, steps=20)
    doc = replay.to_json()
    with pytest.raises(ReplayError):
        Replay.from_json({**doc, "reseeds": [{"at": 21, "seat": seat, "seed": 1}]})
    with pytest.raises(ReplayError):
        Replay.from_json(
            {**doc, "reseeds": [{"at": 5, "seat": 0, "seed": 1}, {"at": 4, "seat": 0, "seed": 1}]}
        )
    bad = Replay.from_json({**doc, "reseeds": [{"at": 3, "seat": 7, "seed": 1}]})
    with pytest.raises(ReplayError):
        run_replay(bad)
    assert Replay.from_json(doc).reseeds == [] and "reseeds" not in doc
    ok = Replay.from_json({**doc, "reseeds": [{"at": 20, "seat": 1, "seed": 5}]})
    assert ok.reseeds == [Reseed(20, 1, 5)]
