"""Clash set-up, formats, card data and determinism (rules «Подготовка к игре», «Форматы»).

Rule ids: clash.setup.hand, clash.setup.coin, clash.mana.first_turn, clash.format.precon,
clash.format.draft, clash.format.constructed, clash.format.unique; card files:
clash.card.creature, clash.card.spell; plus the engine's determinism (same setup, seed and
actions give the same state hash).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.core import CardDataError, DeckError, SetupError, get_game, state_hash
from cardtable.games.clash.abilities import ABILITIES
from cardtable.games.clash.cards import default_db, load_db

GAME = get_game("clash")
DB = default_db()


def export(st):
    return GAME.export_position(st)


def non_fortress(hand):
    return [c for c in hand if c not in ("@bastion", "@fort")]


# --- clash.setup.hand ------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 7, 123])
def test_setup_hand_nine_cards_fortress_leftmost_bastion_up(seed):
    st = GAME.new_game({"decks": ["ember", "tide"]}, seed)
    doc = export(st)
    for seat, deck in (("A", "ember"), ("B", "tide")):
        hand = doc["players"][seat]["hand"]
        assert len(hand) == 9
        assert hand[0] == "@bastion"
        assert "@fort" not in hand
        cards = [c["card"] if isinstance(c, dict) else c for c in hand[1:]]
        assert sorted(cards) == sorted(DB.deck(deck).cards)
        assert doc["players"][seat]["top"] == [] and doc["players"][seat]["bottom"] == []
    assert doc["phase"] == "summon"


def test_setup_hand_is_shuffled():
    orders = set()
    for seed in range(12):
        st = GAME.new_game({"decks": ["ember", "tide"], "first": 0}, seed)
        hand = export(st)["players"]["A"]["hand"]
        orders.add(tuple(c["card"] if isinstance(c, dict) else c for c in hand))
    assert len(orders) > 1


# --- clash.setup.coin ------------------------------------------------------------------
def test_coin_both_seats_occur_over_seeds():
    firsts = {export(GAME.new_game({}, seed))["first"] for seed in range(40)}
    assert firsts == {"A", "B"}


@pytest.mark.parametrize("first,name", [(0, "A"), (1, "B")])
def test_first_option_is_honoured(first, name):
    for seed in range(8):
        doc = export(GAME.new_game({"first": first}, seed))
        assert doc["first"] == name
        assert doc["active"] == name


# --- clash.mana.first_turn -------------------------------------------------------------
@pytest.mark.parametrize("first", [0, 1])
def test_first_turn_mana_six_then_nine_for_the_second_player(first):
    st = GAME.new_game({"decks": ["storm", "shadow"], "first": first}, 5)
    assert st.active == first
    assert export(st)["mana"] == 6
    GAME.apply(st, GAME.parse_action(st, "end"))
    doc = export(st)
    assert doc["active"] == "AB"[1 - first]
    assert doc["mana"] == 9
    # the first player's second turn: the hand (9 cards) again, no longer 6
    GAME.apply(st, GAME.parse_action(st, "end"))
    doc = export(st)
    assert doc["active"] == "AB"[first]
    assert doc["mana"] == 9


# --- clash.format.precon ---------------------------------------------------------------
@pytest.mark.parametrize("card_set", ["archipelago", "rift"])
def test_precon_decks_cover_the_set(card_set):
    s = DB.card_set(card_set)
    assert len(s.decks) == 4
    seen = []
    for deck_id in s.decks:
        deck = DB.deck(deck_id)
        assert len(deck.cards) == 8
        assert len(set(deck.cards)) == 8
        seen.extend(deck.cards)
    assert len(s.cards) == 32
    assert sorted(seen) == sorted(s.cards)
    assert sorted(DB.card(c).number for c in s.cards) == list(range(1, 33))


@pytest.mark.parametrize("card_set", ["archipelago", "rift"])
def test_every_ability_is_on_some_card(card_set):
    assert len(ABILITIES) == 28
    mask = 0
    for card_id in DB.card_set(card_set).cards:
        mask |= DB.card(card_id).abilities
    missing = [a.id for a in ABILITIES.values() if not mask & a.bit]
    assert missing == []


def test_precon_random_decks_are_two_different_decks():
    seen = set()
    for seed in range(20):
        doc = export(GAME.new_game({}, seed))
        hands = []
        for seat in "AB":
            cards = non_fortress(doc["players"][seat]["hand"])
            ids = frozenset(c["card"] if isinstance(c, dict) else c for c in cards)
            match = [d.id for d in DB.decks.values() if frozenset(d.cards) == ids]
            assert len(match) == 1
            hands.append(match[0])
        assert hands[0] != hands[1]
        seen.add(tuple(hands))
    assert len(seen) > 1


# --- clash.format.draft ----------------------------------------------------------------
def _pick_first(st):
    acts = GAME.legal_actions(st)
    assert all(a[0] == "pick" for a in acts)
    GAME.apply(st, acts[0])


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_draft_rounds(seed):
    st = GAME.new_game({"format": "draft"}, seed)
    doc = export(st)
    assert doc["phase"] == "draft"
    taken_by = {"A": [], "B": []}
    for rnd in range(4):
        doc = export(st)
        assert doc["phase"] == "draft"
        revealed = list(doc["draft"]["revealed"])
        assert len(revealed) == 4
        assert len(set(revealed)) == 4
        first, second = ("A", "B") if rnd % 2 == 0 else ("B", "A")
        before = {s: list(doc["draft"]["drafted"][s]) for s in "AB"}
        assert len(before["A"]) == len(before["B"]) == 2 * rnd
        # first drafter: 1 of 4
        assert doc["active"] == first
        assert len(GAME.legal_actions(st)) == 4
        _pick_first(st)
        # second drafter: 2 of the 3 left
        for left in (3, 2):
            doc = export(st)
            assert doc["active"] == second
            assert doc["draft"]["revealed"] == [
                c for c in revealed if c in doc["draft"]["revealed"]
            ]
            assert len(doc["draft"]["revealed"]) == left
            assert len(GAME.legal_actions(st)) == left
            _pick_first(st)
        # the last card went to the first drafter without a decision
        doc = export(st)
        if rnd < 3:
            after = {s: doc["draft"]["drafted"][s] for s in "AB"}
            assert len(after[first]) == len(before[first]) + 2
            assert len(after[second]) == len(before[second]) + 2
            got = set(after["A"]) | set(after["B"])
            assert set(revealed) <= got
            taken_by = after
    # the game has begun: 8 different drafted cards each, fortress leftmost, bastion up
    doc = export(st)
    assert doc["phase"] == "summon"
    all_cards = []
    for seat in "AB":
        hand = doc["players"][seat]["hand"]
        assert len(hand) == 9
        assert hand[0] == "@bastion"
        cards = [c["card"] if isinstance(c, dict) else c for c in hand[1:]]
        assert len(set(cards)) == 8
        assert set(taken_by[seat]) <= set(cards)
        all_cards.extend(cards)
    assert len(set(all_cards)) == 16
    assert doc["mana"] == 6
    assert doc["first"] in ("A", "B")


def test_draft_first_pick_roles_swap():
    st = GAME.new_game({"format": "draft"}, 4)
    starts = []
    while st.phase == 0:  # DRAFT
        doc = export(st)
        if len(doc["draft"]["revealed"]) == 4:
            starts.append(doc["active"])
        _pick_first(st)
    assert starts == ["A", "B", "A", "B"]


# --- clash.format.constructed / clash.format.unique -------------------------------------
LIST_A = [
    "spark_imp",
    "ash_berserker",
    "river_otter",
    "mist_wraith",
    "storm_hawk",
    "wind_adept",
    "jailer",
    "lightning_bolt",
]
LIST_B = [
    "cursed_knight",
    "hired_brute",
    "coral_warden",
    "sea_serpent",
    "whirlblade",
    "storm_herald",
    "fire_lance",
    "ice_shard",
]


def test_constructed_legal():
    st = GAME.new_game({"format": "constructed", "lists": [LIST_A, LIST_B], "first": 0}, 9)
    doc = export(st)
    for seat, lst in (("A", LIST_A), ("B", LIST_B)):
        hand = doc["players"][seat]["hand"]
        assert hand[0] == "@bastion"
        cards = [c["card"] if isinstance(c, dict) else c for c in hand[1:]]
        assert sorted(cards) == sorted(lst)
    assert doc["mana"] == 6


def test_constructed_same_card_in_both_decks_is_allowed():
    b = ["spark_imp", *LIST_B[1:]]
    st = GAME.new_game({"format": "constructed", "lists": [LIST_A, b]}, 2)
    assert export(st)["phase"] == "summon"


def test_constructed_duplicate_refused():
    bad = [*LIST_A[:7], LIST_A[0]]
    with pytest.raises(DeckError) as err:
        GAME.new_game({"format": "constructed", "lists": [bad, LIST_B]}, 1)
    msg = str(err.value)
    assert "spark_imp" in msg
    assert "twice" in msg or "duplicate" in msg.lower()


def test_constructed_seven_cards_refused():
    with pytest.raises(DeckError) as err:
        GAME.new_game({"format": "constructed", "lists": [LIST_A, LIST_B[:7]]}, 1)
    msg = str(err.value)
    assert "7" in msg and "8" in msg
    assert "B" in msg


def test_constructed_unknown_card_refused():
    bad = [*LIST_A[:7], "no_such_card"]
    with pytest.raises(DeckError) as err:
        GAME.new_game({"format": "constructed", "lists": [bad, LIST_B]}, 1)
    assert "no_such_card" in str(err.value)


def test_constructed_needs_lists():
    with pytest.raises(SetupError) as err:
        GAME.new_game({"format": "constructed"}, 1)
    assert "lists" in str(err.value)


@pytest.mark.parametrize("key", ["colour", "deck_size"])
def test_unknown_setup_option(key):
    with pytest.raises(SetupError) as err:
        GAME.new_game({key: 3}, 1)
    assert key in str(err.value)


def test_bad_setup_values():
    with pytest.raises(SetupError) as err:
        GAME.new_game({"format": "sealed"}, 1)
    assert "format" in str(err.value)
    with pytest.raises(SetupError) as err:
        GAME.new_game({"first": 2}, 1)
    assert "first" in str(err.value)


# --- card files ------------------------------------------------------------------------
GOOD = """
[[card]]
id = "good_one"
number = 1
name = { ru = "Хороший", en = "Good" }
kind = "creature"
cost = 2
attack = 1
health = 2
"""


def _write(tmp_path: Path, body: str) -> Path:
    p = tmp_path / "cards.toml"
    p.write_text(GOOD + body, encoding="utf-8")
    return p


def test_good_card_file_loads(tmp_path):
    db = load_db(_write(tmp_path, ""))
    assert db.cards["good_one"].health == 2


@pytest.mark.parametrize(
    "body,card,field",
    [
        (
            '[[card]]\nid = "no_attack"\nnumber = 2\nname = { ru = "А", en = "A" }\n'
            'kind = "creature"\ncost = 1\nhealth = 3\n',
            "no_attack",
            "attack",
        ),
        (
            '[[card]]\nid = "odd_skill"\nnumber = 2\nname = { ru = "А", en = "A" }\n'
            'kind = "creature"\ncost = 1\nattack = 1\nhealth = 3\nabilities = ["teleport"]\n',
            "odd_skill",
            "teleport",
        ),
        (
            '[[card]]\nid = "healthy_spell"\nnumber = 2\nname = { ru = "А", en = "A" }\n'
            'kind = "spell"\ncost = 1\ndamage = 2\nhealth = 3\n',
            "healthy_spell",
            "health",
        ),
        (
            '[[card]]\nid = "good_one"\nnumber = 2\nname = { ru = "А", en = "A" }\n'
            'kind = "creature"\ncost = 1\nattack = 1\nhealth = 3\n',
            "good_one",
            "twice",
        ),
    ],
    ids=["missing_attack", "unknown_ability", "spell_with_health", "duplicate_id"],
)
def test_bad_card_file(tmp_path, body, card, field):
    path = _write(tmp_path, body)
    with pytest.raises(CardDataError) as err:
        load_db(path)
    msg = str(err.value)
    assert str(path) in msg
    assert card in msg
    assert field in msg


def test_unknown_ability_message_names_the_field(tmp_path):
    path = _write(
        tmp_path,
        '[[card]]\nid = "odd"\nnumber = 2\nname = { ru = "А", en = "A" }\n'
        'kind = "creature"\ncost = 1\nattack = 1\nhealth = 3\n'
        'abilities = ["teleport"]\n',
    )
    with pytest.raises(CardDataError) as err:
        load_db(path)
    assert "abilities" in str(err.value)


def test_bad_toml_syntax(tmp_path):
    path = _write(tmp_path, '[[card]]\nid = "broken\nnumber = 2\n')
    with pytest.raises(CardDataError) as err:
        load_db(path)
    msg = str(err.value)
    assert str(path) in msg
    assert "line" in msg.lower()


# --- determinism -----------------------------------------------------------------------
def _play(setup, seed, policy_seed, steps=300):
    st = GAME.new_game(setup, seed)
    pick = random.Random(policy_seed)
    hashes = [state_hash(st)]
    for _ in range(steps):
        if GAME.is_over(st):
            break
        acts = GAME.legal_actions(st)
        GAME.apply(st, acts[pick.randrange(len(acts))])
        hashes.append(state_hash(st))
    return hashes


@pytest.mark.parametrize(
    "setup",
    [
        {},
        {"format": "draft"},
        {"fatigue": True},
        {"format": "constructed", "lists": [LIST_A, LIST_B]},
    ],
)
def test_same_setup_seed_actions_same_hash(setup):
    a = _play(setup, 42, 7)
    b = _play(setup, 42, 7)
    assert a == b
    assert len(a) > 10


def test_different_seeds_differ():
    assert _play({}, 1, 7, 0) != _play({}, 2, 7, 0) or _play({}, 1, 7, 0) != _play({}, 3, 7, 0)


@pytest.mark.parametrize("first", [0, 1])
def test_draft_first_option_honoured_after_the_draft(first):
    st = GAME.new_game({"format": "draft", "first": first}, 6)
    # the draft is always started by A (seat 0), whatever the first player of the game
    assert export(st)["active"] == "A"
    while st.phase == 0:
        _pick_first(st)
    doc = export(st)
    assert doc["first"] == "AB"[first]
    assert doc["active"] == "AB"[first]
    assert doc["mana"] == 6


def test_draft_coin_after_the_draft_both_seats_occur():
    firsts = set()
    for seed in range(30):
        st = GAME.new_game({"format": "draft"}, seed)
        while st.phase == 0:
            _pick_first(st)
        firsts.add(export(st)["first"])
    assert firsts == {"A", "B"}
