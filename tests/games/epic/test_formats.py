"""Epic deck formats (epic.format.*): random, preconstructed, limited, constructed."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.core import get_game
from cardtable.core.errors import DeckError, SetupError
from cardtable.games.epic.cards import FACTIONS
from cardtable.games.epic.formats import (
    deck_problem,
    limited_pools,
    parse_setup,
)

GAME = get_game("epic")
DB = GAME.db


def _deck_ids(st, seat: int) -> list[str]:
    return sorted(st.card_ids[c] for c in [*st.hands[seat], *st.decks[seat]])


def test_random_deals_thirty_from_the_pool() -> None:
    """epic.format.random: each player's deck is 30 cards dealt from the shuffled pool."""
    st = GAME.new_game({"edition": "base2015"}, seed=3)
    pool = Counter(c.id for c in DB.pool("base2015"))
    both = Counter(_deck_ids(st, 0)) + Counter(_deck_ids(st, 1))
    assert len(_deck_ids(st, 0)) == 30 and len(_deck_ids(st, 1)) == 30
    assert all(n <= pool[c] for c, n in both.items())  # one base set: no card twice
    other = GAME.new_game({"edition": "base2015"}, seed=4)
    assert _deck_ids(other, 0) != _deck_ids(st, 0)


def test_random_duel_set_needs_copies() -> None:
    """epic.format.sets: a pool too small for two 30-card decks is refused with the reason."""
    with pytest.raises(SetupError, match="copies"):
        GAME.new_game({"edition": "duel2023", "copies": 1}, seed=1)


def test_precon_two_whole_factions_each() -> None:
    """epic.format.precon, epic.setup.decks: each player shuffles two whole factions of the
    set together (60 cards of the base set); the four factions are all used."""
    st = GAME.new_game({"format": "precon", "factions": [["good", "wild"], ["evil", "sage"]]}, 7)
    for seat, pair in ((0, {"good", "wild"}), (1, {"evil", "sage"})):
        ids = _deck_ids(st, seat)
        assert len(ids) == 60
        assert {DB.cards[c].faction for c in ids} == pair
        expected = sorted(c.id for c in DB.pool("base2015") if c.faction in pair)
        assert ids == expected


def test_precon_pairing_by_seed() -> None:
    """epic.format.precon: without a choice the split comes from the seed, the same seed
    giving the same split."""
    seen = set()
    for seed in range(12):
        st = GAME.new_game({"format": "precon"}, seed)
        mine = frozenset(DB.cards[c].faction for c in _deck_ids(st, 0))
        theirs = frozenset(DB.cards[c].faction for c in _deck_ids(st, 1))
        assert len(mine) == 2 and not mine & theirs
        seen.add(mine)
        again = GAME.new_game({"format": "precon"}, seed)
        assert _deck_ids(again, 0) == _deck_ids(st, 0)
    assert len(seen) > 2


@pytest.mark.parametrize(
    ("factions", "reason"),
    [
        ([["good", "good"], ["evil", "sage"]], "two different factions"),
        ([["good", "wild"], ["good", "sage"]], "share a faction"),
        ([["good", "elves"], ["evil", "sage"]], "unknown faction “elves”"),
    ],
)
def test_precon_bad_factions_refused(factions: list[list[str]], reason: str) -> None:
    """epic.format.precon: a bad faction choice names what is wrong."""
    with pytest.raises(SetupError, match=reason):
        GAME.new_game({"format": "precon", "factions": factions}, 1)


def test_precon_needs_a_whole_set() -> None:
    """epic.format.precon: the duel set's printed cards are not a whole set."""
    with pytest.raises(SetupError, match="whole set"):
        GAME.new_game({"format": "precon", "edition": "duel2023", "copies": 1}, 1)


def test_limited_pools_and_decks_built_at_the_table() -> None:
    """epic.format.limited, R72: each player gets a pool of random cards and builds a deck
    of 30 of them: without lists brought along, each player leaves cards of their own pool
    out, one decision at a time (``cut``), until 30 remain."""
    opts = parse_setup({"format": "limited", "edition": "base2015", "pool_size": 40})
    pools = limited_pools(DB, opts, 11)
    assert [len(p) for p in pools] == [40, 40]
    assert not set(pools[0]) & set(pools[1])  # one set: the pools share no card
    st = GAME.new_game({"format": "limited", "edition": "base2015", "pool_size": 40}, 11)
    assert st.pending == ("cut", 0) and st.draft == "limited"
    assert sorted(st.card_ids[c] for c in st.drafted[0]) == pools[0]
    cut: list[list[str]] = [[], []]
    while st.pending[0] == "cut":
        seat = st.pending[1]
        action = GAME.legal_actions(st)[-1]
        cut[seat].append(st.card_ids[action[1]])
        GAME.apply(st, action)
    assert [len(c) for c in cut] == [10, 10]
    assert st.pending[0] == "mulligan"
    for seat in (0, 1):
        deck = _deck_ids(st, seat)
        assert len(deck) == 30
        assert Counter(deck) + Counter(cut[seat]) == Counter(pools[seat])


def test_limited_lists_checked_against_the_pool() -> None:
    """epic.format.limited: a chosen deck must be 30 cards of the player's own pool."""
    setup = {"format": "limited", "edition": "base2015"}
    pools = limited_pools(DB, parse_setup(setup), 5)
    lists = [pools[0][:30], pools[1][:30]]
    st = GAME.new_game({**setup, "lists": lists}, 5)
    assert _deck_ids(st, 0) == sorted(lists[0])
    with pytest.raises(DeckError, match="30 cards"):
        GAME.new_game({**setup, "lists": [pools[0][:29], pools[1][:30]]}, 5)
    foreign = next(c for c in pools[1] if c not in pools[0])
    with pytest.raises(DeckError, match=f"player 1's limited deck: 1 × “{foreign}”"):
        GAME.new_game({**setup, "lists": [[foreign, *pools[0][:29]], pools[1][:30]]}, 5)


def _legal_constructed() -> list[str]:
    ones = [c.id for c in DB.pool("base2015") if c.cost == 1]
    return ones[:60]


def test_constructed_legal_deck_plays() -> None:
    """epic.format.constructed: decks brought by the players are used as given."""
    deck = _legal_constructed()
    assert deck_problem(DB, deck) is None
    st = GAME.new_game({"format": "constructed", "lists": [deck, deck]}, 2)
    assert _deck_ids(st, 0) == sorted(deck)


def test_constructed_size() -> None:
    """epic.format.constructed.size: at least 60 cards."""
    problem = deck_problem(DB, _legal_constructed()[:59])
    assert str(problem) == "a constructed deck has at least 60 cards, this one has 59"


def test_constructed_copies() -> None:
    """epic.format.constructed.copies: at most 3 copies of a card."""
    deck = _legal_constructed()
    deck[:4] = [deck[0]] * 4
    assert str(deck_problem(DB, deck)) == f"4 copies of “{deck[0]}”: at most 3"


def test_constructed_ratio() -> None:
    """epic.format.constructed.ratio: each cost-0 card of a faction needs two cost-1 cards
    of that faction."""
    zeros = {
        f: [c.id for c in DB.pool("base2015") if c.cost == 0 and c.faction == f] for f in FACTIONS
    }
    deck = _legal_constructed()
    good_ones = sum(1 for c in deck if DB.cards[c].faction == "good")
    extra = (zeros["good"] * 3)[: good_ones // 2 + 1]
    bad = deck + extra
    problem = deck_problem(DB, bad)
    assert problem is not None and f"{len(extra)} cost-0 good cards need at least" in str(problem)
    ok = deck + (zeros["good"] * 3)[: good_ones // 2]
    assert deck_problem(DB, ok) is None


def test_constructed_refusals_reach_the_player() -> None:
    """epic.format.constructed: an illegal deck stops the set-up with the reason, naming the
    player; a missing list and an unknown card are named too."""
    with pytest.raises(DeckError, match="player 2's deck: a constructed deck has at least 60"):
        GAME.new_game({"format": "constructed", "lists": [_legal_constructed(), ["kong"]]}, 1)
    with pytest.raises(SetupError, match="needs “lists”"):
        GAME.new_game({"format": "constructed"}, 1)
    with pytest.raises(DeckError, match="unknown card “dragonzilla”"):
        GAME.new_game({"format": "constructed", "lists": [["dragonzilla"] * 60] * 2}, 1)


def test_unknown_option_refused() -> None:
    """epic.format.sets: options are checked; an unknown one is named."""
    with pytest.raises(SetupError, match="colour"):
        GAME.new_game({"colour": "red"}, 1)
    with pytest.raises(SetupError, match="factions"):
        GAME.new_game({"format": "random", "factions": [["good", "wild"], ["evil", "sage"]]}, 1)
