"""Blue Moon decks: the boxed decks, the deck drawn by the seed, and decks built by the
advanced rules (bluemoon.deck.*)."""

from __future__ import annotations

import pytest

from cardtable.core import get_game
from cardtable.core.errors import DeckError, SetupError
from cardtable.games.bluemoon.cards import PEOPLES
from cardtable.games.bluemoon.formats import deck_problem

GAME = get_game("bluemoon")
DB = GAME.db


def own_cards(people: str) -> list[str]:
    return [c.id for c in DB.cards.values() if c.people == people and c.type != "leader"]


def foreign(people: str) -> list[str]:
    return [
        c.id
        for c in DB.cards.values()
        if c.people not in (people, "mutant") and c.type != "leader" and c.moons
    ]


def test_boxed_decks_hold_thirty_and_a_leader() -> None:
    """bluemoon.setup.decks, bluemoon.deck.ready: each of the eight boxes is a leader and 30
    playing cards, ready to play."""
    for people in PEOPLES:
        assert len(DB.deck(people)) == 30
        assert DB.leader(people).type == "leader"


def test_seed_draws_two_different_peoples() -> None:
    """bluemoon.match.choose_decks (R11): without a choice two different decks are drawn by
    the seed, the same seed giving the same decks."""
    seen = set()
    for seed in range(20):
        st = GAME.new_game({}, seed)
        assert st.boxes[0] != st.boxes[1]
        assert GAME.new_game({}, seed).boxes == st.boxes
        seen.add(tuple(st.boxes))
    assert len(seen) > 5


def test_built_deck_accepted() -> None:
    """bluemoon.deck.build, bluemoon.deck.size, bluemoon.deck.own_people: 30 different cards
    of the people's own
    (plus a few foreign moons) make a legal deck, played as given."""
    mine = own_cards("vulca")
    extra = [c for c in foreign("vulca") if DB.cards[c].moons <= 2][: 30 - len(mine)]
    deck = (mine + extra)[:30]
    assert deck_problem(DB, "vulca", deck) is None
    st = GAME.new_game({"peoples": ["vulca", "hoax"], "lists": [deck, DB.deck("hoax")]}, 3)
    assert sorted(st.card_ids[c] for c in st.hands[0] + st.decks[0]) == sorted(deck)


def test_built_deck_refusals() -> None:
    """bluemoon.deck.size, bluemoon.deck.no_repeats, bluemoon.deck.moons, bluemoon.cards.moons,
    bluemoon.deck.check_size, bluemoon.deck.check_rules: the reason names what is wrong."""
    mine = own_cards("terrah")
    light = [c for c in foreign("terrah") if DB.cards[c].moons == 1]
    heavy = [c for c in foreign("terrah") if DB.cards[c].moons >= 3]
    base = (mine + light)[:30]
    assert str(deck_problem(DB, "terrah", base[:29])) == (
        "a deck has 30 cards besides the leader, this one has 29"
    )
    twice = [*base[:29], base[0]]
    assert (
        str(deck_problem(DB, "terrah", twice))
        == f"“{base[0]}” twice: every card of a deck is different"
    )
    too_many = (heavy[:4] + mine)[:30]
    moons = sum(DB.cards[c].moons for c in too_many if DB.cards[c].people != "terrah")
    assert moons > 10
    assert str(deck_problem(DB, "terrah", too_many)) == (
        f"the cards of other peoples carry {moons} moons, at most 10 are allowed"
    )
    assert "leader" in str(deck_problem(DB, "terrah", ["tecton_earthquaker", *base[:29]]))
    assert str(deck_problem(DB, "terrah", ["dragonzilla", *base[:29]])) == (
        "unknown card “dragonzilla”"
    )
    with pytest.raises(DeckError, match="player 1's deck \\(terrah\\): a deck has 30"):
        GAME.new_game({"peoples": ["terrah", "hoax"], "lists": [base[:29], DB.deck("hoax")]}, 1)


def test_setup_refusals() -> None:
    """bluemoon.deck.leader_choice: the setup names a bad option."""
    with pytest.raises(SetupError, match="unknown people “buka”"):
        GAME.new_game({"peoples": ["buka", "hoax"]}, 1)
    with pytest.raises(SetupError, match="“lists” needs “peoples”"):
        GAME.new_game({"lists": [DB.deck("hoax"), DB.deck("vulca")]}, 1)
    with pytest.raises(SetupError, match="colour"):
        GAME.new_game({"colour": 1}, 1)


def test_match_swaps_decks_when_asked() -> None:
    """bluemoon.match.swap_decks, bluemoon.match.loser_starts: with ``swap`` the players
    exchange decks after a game; the loser of the game starts the next one."""
    from cardtable.core.rng import Rng

    st = GAME.new_game({"peoples": ["vulca", "hoax"], "match_to": 9, "swap": True}, 4)
    pick = Rng(4)
    while st.game_no == 1 and GAME.to_move(st) is not None:
        legal = GAME.legal_actions(st)
        GAME.apply(st, legal[pick.randbelow(len(legal))])
    assert st.game_no == 2
    assert st.boxes == ["hoax", "vulca"]
    winner = 0 if st.crystals[0] > st.crystals[1] else 1
    assert st.first == 1 - winner
    owned = {st.card_ids[c] for c in st.hands[0] + st.decks[0]}
    assert owned <= set(DB.deck("hoax"))
