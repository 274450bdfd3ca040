"""Epic decks drafted at the table (epic.format.random.pick, epic.format.draft_pool, ...)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import SetupError
from cardtable.core.rng import Rng
from cardtable.games.epic.state import DRAFT, MULLIGAN, EpicState

GAME = get_game("epic")


def ids(st: EpicState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def first_option(st: EpicState) -> None:
    GAME.apply(st, GAME.legal_actions(st)[0])


def draft_all(st: EpicState) -> int:
    steps = 0
    while st.phase == DRAFT:
        first_option(st)
        steps += 1
    return steps


def test_random_pick_keeps_thirty_of_sixty() -> None:
    """epic.format.random.pick: each player is dealt 60 cards and keeps 30 of them; the
    30 left out leave the game."""
    st = GAME.new_game({"format": "random_pick"}, seed=2)
    assert st.phase == DRAFT and st.pending == ("cut", 0)
    dealt = [Counter(ids(st, d)) for d in st.drafted]
    assert [sum(c.values()) for c in dealt] == [60, 60]
    draft_all(st)
    assert st.phase == MULLIGAN
    for seat in (0, 1):
        deck = Counter(ids(st, [*st.hands[seat], *st.decks[seat]]))
        assert sum(deck.values()) == 30 and not deck - dealt[seat]
    assert len(st.removed) == 60


def test_pool_draft_passes_left_right_left() -> None:
    """epic.format.draft_pool, epic.format.draft_pool.direction: three packs of 10 each;
    pick one, pass the rest: the first pack to the left, the second to the right, the
    third to the left; 30 cards each."""
    st = GAME.new_game({"players": 3, "mode": "ffa", "format": "draft_pool"}, seed=5)
    assert [len(p) for p in st.packs] == [10, 10, 10] and [len(x) for x in st.later] == [20] * 3
    before = [list(p) for p in st.packs]
    for _ in range(3):  # one pick each
        first_option(st)
    # round 1 passes left: seat 1 now holds what seat 0 had (minus seat 0's pick)
    assert set(st.packs[1]) < set(before[0]) and len(st.packs[1]) == 9
    while st.draft_round == 0:
        first_option(st)
    before = [list(p) for p in st.packs]
    for _ in range(3):
        first_option(st)
    assert set(st.packs[0]) < set(before[1])  # round 2 passes right
    draft_all(st)
    assert [len(h) + len(d) for h, d in zip(st.hands, st.decks, strict=True)] == [30, 30, 30]


def test_blind_draft_keeps_three_per_round() -> None:
    """epic.format.draft_blind: two players, five cards each; keep one and pass four; keep
    two of the four received; the other two go face down out of the game; ten rounds make
    30-card decks."""
    st = GAME.new_game({"format": "draft_blind"}, seed=8)
    assert [len(p) for p in st.packs] == [5, 5]
    mine = list(st.packs[0])
    theirs = list(st.packs[1])
    first_option(st)  # seat 0 keeps one
    first_option(st)  # seat 1 keeps one
    assert set(st.packs[0]) < set(theirs) and set(st.packs[1]) < set(mine)
    assert [len(p) for p in st.packs] == [4, 4] and st.pending[0] == "pick"
    for _ in range(4):  # two more each
        first_option(st)
    assert [len(d) for d in st.drafted] == [3, 3]
    assert len(st.removed) == 4 and not any(st.public[c] for c in st.removed)
    draft_all(st)
    assert st.phase == MULLIGAN and len(st.removed) == 40
    assert [len(h) + len(d) for h, d in zip(st.hands, st.decks, strict=True)] == [30, 30]


def test_triple_draft_builds_thirty_of_thirty_six() -> None:
    """epic.format.draft_triple: three packs of 12 drafted like a pool draft give 36 cards;
    each player then leaves 6 out to build a 30-card deck."""
    st = GAME.new_game({"players": 3, "mode": "ffa", "format": "draft_triple"}, seed=3)
    assert [len(p) for p in st.packs] == [12] * 3
    while st.pending[0] == "pick":
        first_option(st)
    assert [len(d) for d in st.drafted] == [36] * 3 and st.pending == ("cut", 0)
    draft_all(st)
    assert [len(h) + len(d) for h, d in zip(st.hands, st.decks, strict=True)] == [30] * 3
    assert len(st.removed) == 18


def test_draft_hides_the_other_packs() -> None:
    """epic.format.draft_pool: a player sees their own pack and picks, not the others'
    (their counts only); a searcher's sample keeps what the player saw."""
    st = GAME.new_game({"players": 3, "mode": "ffa", "format": "draft_pool"}, seed=9)
    first_option(st)
    seen = GAME.observe(st, 1)
    assert [c["card"] for c in seen["draft"]["pack"]] == ids(st, st.packs[1])
    assert seen["draft"]["pack_sizes"] == [9, 10, 10]
    assert seen["draft"]["drafted_sizes"] == [1, 0, 0]
    text = repr(seen)
    hidden = set(ids(st, st.packs[0])) - set(ids(st, st.packs[1]))
    assert not any(f"'{c}'" in text for c in hidden)
    other = GAME.determinize(st, 1, Rng(4))
    assert GAME.observe(other, 1) == seen and not GAME.check_invariants(other)


def test_drafted_game_replays() -> None:
    """epic.format.draft_blind: the draft is part of the game: the same seed and actions
    give the same decks."""
    runs = []
    for _ in range(2):
        st = GAME.new_game({"format": "draft_blind"}, seed=12)
        draft_all(st)
        runs.append([ids(st, d) for d in st.decks])
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ({"format": "draft_pool"}, "3 to 8 players"),
        ({"players": 3, "mode": "ffa", "format": "draft_blind"}, "two players"),
        ({"format": "draft_blind", "edition": "duel2023"}, "needs 100 cards"),
        ({"players": 4, "mode": "ffa", "format": "draft_triple"}, "raise “copies”"),
    ],
)
def test_draft_setups_refused(setup: dict[str, Any], reason: str) -> None:
    """epic.format.sets: a draft that does not fit the player count or the pool says why."""
    with pytest.raises(SetupError, match=reason):
        GAME.new_game(setup, 1)
