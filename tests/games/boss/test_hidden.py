"""What each seat may know (ruling R24): ``observe`` and ``determinize``.

Rule ids: boss.zone.deck (deck order hidden from everyone, sizes public), boss.zone.hand
(hands hidden from the others), boss.setup.redeal_seen (the cards a player exiled by
redealing: seen by the opponents, never by their owner, and remembered), boss.effect.bounce
(a card everyone saw return to a hand stays known), boss.zone.abyss.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import get_game
from cardtable.core.rng import Rng

GAME = get_game("boss")


def _random_turns(st, rnd: random.Random, turns: int) -> None:
    """Play random legal actions until ``turns`` more turns have started (or the end)."""
    stop = st.turn + turns
    while GAME.outcome(st) is None and st.turn < stop:
        GAME.apply(st, rnd.choice(GAME.legal_actions(st)))


def _exiled_game(seed: int = 21):
    """Three players; P1 (the first) redeals twice, so its 3 bottom cards go to the abyss."""
    st = GAME.new_game({"players": 3, "first": 0}, seed)
    GAME.apply(st, ("redeal",))
    GAME.apply(st, ("redeal",))
    assert len(st.abyss[0]) == 3
    while st.pending and st.pending[0] == "redeal":
        GAME.apply(st, ("keep",))
    return st


# --- hands and decks (boss.zone.hand, boss.zone.deck) ------------------------------------
def test_observation_shows_own_hand_hand_sizes_and_deck_sizes_only() -> None:
    st = GAME.new_game({"players": 3}, 7)
    obs = GAME.observe(st, 1)
    for s, p in enumerate(obs["players"]):
        assert p["hand_size"] == len(st.hands[s])
        assert p["deck_size"] == len(st.decks[s])
        assert "deck" not in p
        if s == 1:
            assert p["hand"] == [st.card_ids[c] for c in st.hands[1]]
        else:
            assert p["hand"] is None and p["hand_known"] == []


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_changing_hidden_cards_leaves_the_observation_unchanged(seat: int) -> None:
    """Deck order (everyone's, own included) and the other players' unseen hand cards are
    hidden: exchanging them changes nothing a seat observes."""
    st = GAME.new_game({"players": 3}, 13)
    while st.pending[0] == "redeal":
        GAME.apply(st, ("keep",))
    before = GAME.observe(st, seat)
    other = st.clone()
    for s in range(3):
        other.decks[s].reverse()
        if s != seat:  # swap an unseen hand card with the deck's top card
            h, d = other.hands[s][0], other.decks[s][-1]
            other.hands[s][0], other.decks[s][-1] = d, h
    assert GAME.observe(other, seat) == before


# --- redeal exiles (boss.setup.redeal_seen) -----------------------------------------------
def test_redeal_exiles_are_seen_by_the_opponents_only() -> None:
    st = _exiled_game()
    names = [st.card_ids[c] for c in st.abyss[0]]
    assert GAME.observe(st, 0)["players"][0]["abyss"] == [None, None, None]
    for seat in (1, 2):
        assert GAME.observe(st, seat)["players"][0]["abyss"] == names


def test_redeal_exiles_stay_visible_for_the_rest_of_the_game() -> None:
    st = _exiled_game()
    names = [st.card_ids[c] for c in st.abyss[0]]
    _random_turns(st, random.Random(3), 6)
    assert st.turn >= 5 or GAME.outcome(st) is not None
    assert GAME.observe(st, 0)["players"][0]["abyss"][:3] == [None, None, None]
    for seat in (1, 2):
        assert GAME.observe(st, seat)["players"][0]["abyss"][:3] == names


# --- determinize -------------------------------------------------------------------------
def _known_places(st, seat: int) -> dict[tuple, int]:
    """Every place whose card ``seat`` knows: own hand, known cards in other hands, known
    abyss cards, and every public zone."""
    bit = 1 << seat
    out: dict[tuple, int] = {}
    for s in range(st.nseats()):
        for k, c in enumerate(st.hands[s]):
            if s == seat or st.known[c] & bit:
                out[("hand", s, k)] = c
        for k, c in enumerate(st.abyss[s]):
            if st.known[c] & bit:
                out[("abyss", s, k)] = c
        for k, c in enumerate(st.graves[s]):
            out[("grave", s, k)] = c
        for k, c in enumerate(st.field[s]):
            out[("field", s, k)] = c
    return out


def _place(st, key: tuple) -> int:
    zone, s, k = key
    return {"hand": st.hands, "abyss": st.abyss, "grave": st.graves, "field": st.field}[zone][s][k]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_determinize_never_moves_a_card_the_seat_knows(seat: int) -> None:
    st = _exiled_game(5)
    _random_turns(st, random.Random(seat), 4)
    known = _known_places(st, seat)
    changed = False
    for k in range(6):
        det = GAME.determinize(st, seat, Rng(100 + k))
        assert not GAME.check_invariants(det)
        assert GAME.observe(det, seat) == GAME.observe(st, seat)
        for key, card in known.items():
            assert _place(det, key) == card, key
        for s in range(3):
            assert len(det.decks[s]) == len(st.decks[s])
            assert len(det.hands[s]) == len(st.hands[s])
        changed |= det.decks != st.decks
    assert changed, "determinize never resampled the hidden cards"


def test_determinize_resamples_the_owner_s_own_unseen_exiles() -> None:
    """P1 never saw its redeal exiles: for P1 they could be any of its unseen cards; the
    opponents saw them, so for them they stay."""
    st = _exiled_game(9)
    moved = False
    for k in range(12):
        det = GAME.determinize(st, 0, Rng(k))
        moved |= det.abyss[0] != st.abyss[0]
        assert GAME.determinize(st, 1, Rng(k)).abyss[0] == st.abyss[0]
    assert moved


# --- a bounced card stays known (boss.effect.bounce) ------------------------------------------
def test_a_bounced_card_in_an_opponent_s_hand_stays_known() -> None:
    st = GAME.load_position(
        {
            "game": "boss",
            "phase": "placement1",
            "active": "P1",
            "players": {
                "P1": {"hand": ["change_shape", "spark_bolt"], "deck": ["pikeman"], "slots": 3},
                "P2": {
                    "hand": ["pikeman", "sellsword", "judge"],
                    "deck": ["ember_hound", "beater", "scavenger"],
                    "field": ["siege_ram"],
                },
            },
        }
    )
    for text in ("play change_shape", "pass"):
        GAME.apply(st, GAME.parse_action(st, text))
    ram = next(c for c in st.hands[1] if st.card_ids[c] == "siege_ram")
    assert GAME.observe(st, 0)["players"][1]["hand_known"] == ["siege_ram"]
    at = st.hands[1].index(ram)
    ids = set()
    for k in range(10):
        det = GAME.determinize(st, 0, Rng(k))
        assert det.hands[1][at] == ram
        assert GAME.observe(det, 0) == GAME.observe(st, 0)
        ids.add(tuple(sorted(det.card_ids[c] for c in det.hands[1])))
    # the other cards of P2's hand are not known to P1: they are resampled
    assert len(ids) > 1
