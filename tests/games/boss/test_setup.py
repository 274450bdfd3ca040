"""Boss Battle set-up («Что необходимо для начала игры»): options, deck rules, the boss's
health, the first player, the opening hands and the redeals.

Rule ids: boss.setup.deck, boss.setup.opponent, boss.setup.boss_health, boss.win.health,
boss.setup.first, boss.setup.hand, boss.zone.hand, boss.zone.battlefield,
boss.setup.resources, boss.setup.board, boss.zone.board, boss.setup.redeal,
boss.setup.redeal_exile.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rich.console import Console

from cardtable.core import DeckError, SetupError, get_game
from cardtable.core import rng as crng
from cardtable.games.boss.formats import deck_problem

GAME = get_game("boss")
DB = GAME.db
# the pool's card ids, in a fixed order
POOL = sorted(DB.cards)
assert len(POOL) >= 50


def deck(n: int, copies: int = 1) -> list[str]:
    """A deck of ``n`` cards, each card ``copies`` times (the last one fewer if need be)."""
    out: list[str] = []
    for c in POOL:
        out += [c] * min(copies, n - len(out))
        if len(out) == n:
            return out
    raise AssertionError("the pool is too small")


def constructed(*lists: list[str]) -> dict:
    return {"format": "constructed", "lists": [list(x) for x in lists]}


# --- boss.setup.deck ---------------------------------------------------------------------
@pytest.mark.parametrize("n", [30, 40, 50])
def test_deck_sizes_30_to_50_are_accepted(n: int) -> None:
    """boss.setup.deck: a deck of 30 to 50 cards."""
    st = GAME.new_game(constructed(deck(n), deck(30, 2)), 1)
    assert len(st.decks[0]) + len(st.hands[0]) == n
    assert len(st.decks[1]) + len(st.hands[1]) == 30


@pytest.mark.parametrize("n", [29, 51])
def test_deck_sizes_outside_30_to_50_are_refused(n: int) -> None:
    """boss.setup.deck: the message names the player, the limits and the size."""
    with pytest.raises(DeckError) as err:
        GAME.new_game(constructed(deck(30), deck(n)), 1)
    text = str(err.value)
    assert "player 2" in text and "30 to 50" in text and str(n) in text


def test_two_copies_accepted_three_refused() -> None:
    """boss.setup.deck: at most two copies of one card."""
    GAME.new_game(constructed(deck(30, 2), deck(30)), 1)
    three = deck(28)[1:] + [POOL[0]] * 3
    assert len(three) == 30 and Counter(three)[POOL[0]] == 3
    with pytest.raises(DeckError) as err:
        GAME.new_game(constructed(deck(30), three), 1)
    text = str(err.value)
    assert "player 2" in text and "copies" in text and POOL[0] in text


def test_unknown_card_is_refused_by_name() -> None:
    """boss.setup.deck: an unknown card is named."""
    bad = [*deck(29), "no_such_card"]
    with pytest.raises(DeckError) as err:
        GAME.new_game(constructed(bad, deck(30)), 1)
    assert "player 1" in str(err.value) and "no_such_card" in str(err.value)


def test_any_classes_in_any_proportion() -> None:
    """boss.setup.deck: cards of any classes mixed in any proportion (only size and copies
    count)."""
    mitsims = [c for c in POOL if "mitsim" in DB.cards[c].classes]
    others = [c for c in POOL if c not in mitsims]
    mixed = (mitsims * 2)[: 2 * len(mitsims)] + others[: 30 - 2 * len(mitsims)]
    assert deck_problem(DB, mixed) is None


@pytest.mark.parametrize("name", sorted(DB.decks))
def test_precon_decks_are_legal(name: str) -> None:
    """boss.setup.deck: every preconstructed deck follows the deck rules."""
    assert deck_problem(DB, DB.decks[name].cards) is None


# --- options -----------------------------------------------------------------------------
def test_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(SetupError) as err:
        GAME.new_game({"players": 2, "boss_card": True}, 1)
    assert "boss_card" in str(err.value)


@pytest.mark.parametrize("n", [0, 1, 7])
def test_players_outside_two_to_six_are_refused(n: int) -> None:
    """boss.setup.opponent: a game needs an opponent; at most six players (R1)."""
    with pytest.raises(SetupError) as err:
        GAME.new_game({"players": n}, 1)
    assert "players" in str(err.value)


def test_decks_must_match_the_players() -> None:
    with pytest.raises(SetupError) as err:
        GAME.new_game({"players": 3, "decks": ["forge", "swarm"]}, 1)
    assert "3 players need 3 decks" in str(err.value)


def test_unknown_precon_deck_is_refused() -> None:
    with pytest.raises(SetupError) as err:
        GAME.new_game({"decks": ["forge", "nope"]}, 1)
    assert "nope" in str(err.value)


def test_first_seat_out_of_range_is_refused() -> None:
    with pytest.raises(SetupError):
        GAME.new_game({"players": 3, "first": 3}, 1)


# --- boss.setup.boss_health, boss.win.health ---------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_boss_gets_25_health_per_player(n: int) -> None:
    """boss.setup.opponent, boss.setup.boss_health, boss.win.health: 2 to 6 players; the
    boss starts at 25 per player."""
    st = GAME.new_game({"players": n}, 3)
    assert st.nseats() == n
    obs = GAME.observe(st, 0)
    assert obs["boss"] == obs["boss_max"] == 25 * n


@pytest.mark.parametrize("fmt", ["precon", "random"])
def test_every_format_seats_six(fmt: str) -> None:
    st = GAME.new_game({"players": 6, "format": fmt}, 2)
    assert st.nseats() == 6 and st.boss == 150
    assert not GAME.check_invariants(st)


# --- boss.setup.first --------------------------------------------------------------------
def test_first_player_is_random_and_varies_with_the_seed() -> None:
    """boss.setup.first: every seat goes first for some seed; a seed always picks the same."""
    firsts = {GAME.new_game({"players": 4}, seed).first for seed in range(60)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_game({"players": 4}, 17).first == GAME.new_game({"players": 4}, 17).first


def test_first_player_can_be_set() -> None:
    st = GAME.new_game({"players": 3, "first": 2}, 11)
    assert st.first == 2 and st.pending == ("redeal", 2)


# --- boss.setup.hand, boss.zone.hand, boss.zone.battlefield, boss.setup.resources --------
@pytest.mark.parametrize("n", [2, 4, 6])
def test_five_card_hands_empty_battlefield_no_slots(n: int) -> None:
    """boss.setup.hand, boss.zone.hand: five cards each from a shuffled deck;
    boss.zone.battlefield: empty at the start; boss.setup.resources: the engine counts the
    slots (none at the start)."""
    st = GAME.new_game({"players": n}, 9)
    for s in range(n):
        assert len(st.hands[s]) == 5
        size = len(DB.decks[st.labels[s]].cards)
        assert len(st.decks[s]) == size - 5
        assert st.field[s] == [] and st.graves[s] == [] and st.abyss[s] == []
        obs = GAME.observe(st, s)["players"][s]
        assert (obs["slots"], obs["filled"], obs["extra"]) == (0, 0, 0)


def test_decks_are_shuffled() -> None:
    """boss.setup.hand: every player shuffles their deck."""
    setup = {"decks": ["forge", "swarm"], "first": 0}
    hands = {
        tuple(GAME.export_position(GAME.new_game(setup, s))["players"]["P1"]["hand"])
        for s in range(10)
    }
    assert len(hands) > 1


# --- boss.setup.board, boss.zone.board ---------------------------------------------------
def test_no_board_or_boss_card_needed_and_the_table_is_drawn() -> None:
    """boss.setup.board: a game needs no board and no boss card (the boss is a counter);
    boss.zone.board: the screen lays the zones out instead."""
    st = GAME.new_game({"players": 3}, 4)
    console = Console(width=140, record=True)
    console.print(GAME.render(st, 0, "en"))
    text = console.export_text()
    for zone in ("Hand", "Deck", "Graveyard", "Abyss", "Battlefield", "Boss"):
        assert zone in text, zone


# --- boss.setup.redeal, boss.setup.redeal_exile ------------------------------------------
def _sizes(st, s: int) -> tuple[int, int, int]:
    return len(st.hands[s]), len(st.decks[s]), len(st.abyss[s])


def test_redeals_go_in_turn_order_from_the_first_player_then_the_first_turn() -> None:
    """boss.setup.redeal: one player after the other from the first player."""
    st = GAME.new_game({"players": 3, "first": 1}, 5)
    seen = []
    while st.pending[0] == "redeal":
        seen.append(st.pending[1])
        GAME.apply(st, ("keep",))
    assert seen == [1, 2, 0]
    assert st.active == 1 and st.turn == 1


def test_first_redeal_is_free_later_ones_exile_three_bottom_cards() -> None:
    """boss.setup.redeal, boss.setup.redeal_exile: the hand goes back, the deck is shuffled,
    five new cards; from the second redeal on the three bottom cards go to the abyss."""
    st = GAME.new_game({"decks": ["forge", "swarm"], "first": 0}, 8)
    total = sum(_sizes(st, 0))
    assert GAME.legal_actions(st) == [("keep",), ("redeal",)]
    GAME.apply(st, ("redeal",))
    assert _sizes(st, 0) == (5, total - 5, 0)
    assert st.redeals[0] == 1 and st.pending == ("redeal", 0)
    # the second redeal: the deck (with the hand back) is shuffled, then its three bottom
    # cards (the far end from the top the draws take) are exiled
    probe = st.clone()
    cards = probe.decks[0] + probe.hands[0]
    crng.shuffle(probe, cards)
    bottom = cards[:3]
    GAME.apply(st, ("redeal",))
    assert _sizes(st, 0) == (5, total - 8, 3)
    assert st.abyss[0] == bottom
    GAME.apply(st, ("redeal",))
    assert _sizes(st, 0) == (5, total - 11, 6)
    assert st.redeals[0] == 3
    assert not GAME.check_invariants(st)


def test_redeal_not_offered_when_too_few_cards_would_be_left() -> None:
    """boss.setup.redeal (R11): a redeal that would leave fewer than five cards in the deck
    after dealing is not offered."""
    st = GAME.new_game(constructed(deck(30), deck(30)), 3)
    first = st.first
    while ("redeal",) in GAME.legal_actions(st):
        GAME.apply(st, ("redeal",))
        assert st.pending == ("redeal", first)
        assert len(st.decks[first]) >= 5
    # 30 cards: the free redeal, then 27, 24, 21, 18, 15, 12 cards left in hand and deck;
    # one more would leave 12 - 3 - 5 = 4 in the deck
    assert sum(_sizes(st, first)[:2]) == 12
    assert len(st.abyss[first]) == 18
    assert GAME.legal_actions(st) == [("keep",)]
