"""Four seats: free-for-all, two-versus-two and co-op tables («Больше двух игроков»,
«Кооперативный режим»).

Rule ids: clash.multi.table, clash.multi.reach, clash.multi.first_turn_mana,
clash.multi.end, clash.multi.duel_rules, clash.multi.ffa, clash.multi.teams,
clash.multi.draft, clash.multi.draft.rotation, clash.coop.mode, clash.coop.draft,
clash.coop.ai_decks, clash.solo.ai.fortress_damage, clash.solo.end.

Expected values are written by hand from the rulebook: «Игрок А делит верхний ряд с
игроком Б, а нижний — с игроком Г. Игрок В делит верхний ряд с игроком Г, а нижний —
с игроком Б», so B's bottom row faces A and its top row C; D's top row faces A and its
bottom row C. The opposite seat (A–C, B–D) is never reachable.
"""

from __future__ import annotations

import pytest

from cardtable.core import get_game
from cardtable.games.clash.cards import default_db

GAME = get_game("clash")
DB = default_db()
SEATS = "ABCD"

# Who shares each seat's row (hand-written from the rulebook, not from the engine).
FACING = {
    ("A", "top"): "B",
    ("A", "bottom"): "D",
    ("B", "top"): "C",
    ("B", "bottom"): "A",
    ("C", "top"): "D",
    ("C", "bottom"): "B",
    ("D", "top"): "A",
    ("D", "bottom"): "C",
}
OPPOSITE = {"A": "C", "B": "D", "C": "A", "D": "B"}

CARDS = [
    {
        "id": "n11",
        "number": 901,
        "name": {"ru": "Н11", "en": "N11"},
        "kind": "creature",
        "cost": 1,
        "attack": 1,
        "health": 1,
    },
    {
        "id": "n22",
        "number": 902,
        "name": {"ru": "Н22", "en": "N22"},
        "kind": "creature",
        "cost": 2,
        "attack": 2,
        "health": 2,
    },
    {
        "id": "wall",
        "number": 903,
        "name": {"ru": "Стена", "en": "Wall"},
        "kind": "creature",
        "cost": 1,
        "attack": 0,
        "health": 9,
        "abilities": ["defender"],
    },
]
HAND = ["@bastion", "n11", "n11", "n11", "n11"]


def card_of(entry):
    return entry["card"] if isinstance(entry, dict) else entry


def fortress_index(hand):
    return next(i for i, c in enumerate(hand) if c in ("@bastion", "@fort"))


def health(player):
    """Cards right of the fortress (a player), or cards in the deck (an AI)."""
    if "deck" in player:
        return len(player["deck"])
    hand = player["hand"]
    return len(hand) - 1 - fortress_index(hand)


def play(st, *texts):
    for t in texts:
        GAME.apply(st, GAME.parse_action(st, t))
    return GAME.export_position(st)


# --- clash.multi.table, clash.multi.reach --------------------------------------------
def _position(mode, active, rows):
    """Every seat with a 4-card hand (players) or a 12-card deck of walls (AIs)."""
    ai = {"B", "D"} if mode == "coop" else set()
    players = {}
    for s in SEATS:
        p = {"deck": ["wall"] * 12} if s in ai else {"hand": list(HAND)}
        p.update(rows.get(s, {}))
        players[s] = p
    turn = SEATS.index(active) + 1  # the first player A started at turn 1
    return {
        "mode": mode,
        "cards": CARDS,
        "active": active,
        "first": "A",
        "turn": turn,
        "players": players,
    }


@pytest.mark.parametrize("mode", ["ffa", "2v2"])
@pytest.mark.parametrize("seat", list(SEATS))
@pytest.mark.parametrize("row", ["top", "bottom"])
def test_creature_attacks_exactly_the_neighbour_sharing_its_row(mode, seat, row):
    """A lone attacker strikes the fortress of the seat sharing its row and no other."""
    st = GAME.load_position(_position(mode, seat, {seat: {row: ["n11"]}}))
    before = GAME.export_position(st)["players"]
    after = play(st, "end")["players"]
    target = FACING[(seat, row)]
    for other in SEATS:
        if other == seat:
            continue
        lost = health(before[other]) - health(after[other])
        assert lost == (1 if other == target else 0), (seat, row, other)
    assert target != OPPOSITE[seat]


@pytest.mark.parametrize("mode", ["ffa", "2v2"])
@pytest.mark.parametrize("seat", list(SEATS))
def test_every_ordered_pair_reachable_only_between_neighbours(mode, seat):
    """With attackers in both rows, the two neighbours lose 1 each, the opposite seat none."""
    st = GAME.load_position(_position(mode, seat, {seat: {"top": ["n11"], "bottom": ["n11"]}}))
    before = GAME.export_position(st)["players"]
    after = play(st, "end")["players"]
    neighbours = {SEATS[(SEATS.index(seat) + 1) % 4], SEATS[(SEATS.index(seat) - 1) % 4]}
    for other in SEATS:
        if other == seat:
            continue
        lost = health(before[other]) - health(after[other])
        assert lost == (1 if other in neighbours else 0), (seat, other)
    assert health(before[OPPOSITE[seat]]) == health(after[OPPOSITE[seat]])


@pytest.mark.parametrize("seat", list(SEATS))
@pytest.mark.parametrize("row", ["top", "bottom"])
def test_attacker_hits_the_creature_of_the_neighbour_in_the_shared_row(seat, row):
    """Every other seat has a 1/1 in the row facing the attacker's row if it can; only the
    neighbour sharing the row loses its creature (back to its hand), the fortress is spared."""
    target = FACING[(seat, row)]
    back = next(r for (s, r), t in FACING.items() if s == target and t == seat)
    rows = {seat: {row: ["n22"]}, target: {back: ["n11"]}}
    # the opposite seat's creatures sit in both its rows: it must not be touched
    rows[OPPOSITE[seat]] = {"top": ["n11"], "bottom": ["n11"]}
    st = GAME.load_position(_position("ffa", seat, rows))
    before = GAME.export_position(st)["players"]
    after = play(st, "end")["players"]
    assert after[target][back] == []
    assert [card_of(c) for c in after[target]["hand"]] == [*HAND, "n11"]
    assert health(after[target]) == health(before[target]) + 1
    opp = OPPOSITE[seat]
    assert after[opp]["top"] == ["n11"] and after[opp]["bottom"] == ["n11"]
    assert after[opp]["hand"] == before[opp]["hand"]


@pytest.mark.parametrize("seat", ["A", "C"])
@pytest.mark.parametrize("row", ["top", "bottom"])
def test_coop_player_attack_mills_the_facing_ai(seat, row):
    """Co-op: a player's attack mills the deck of the AI sharing that row (never the ally)."""
    st = GAME.load_position(_position("coop", seat, {seat: {row: ["n22"]}}))
    after = play(st, "end")["players"]
    target = FACING[(seat, row)]
    other_ai = "D" if target == "B" else "B"
    assert len(after[target]["discard"]) == 2  # 2 damage = 2 cards milled
    assert after[other_ai]["discard"] == []
    ally = OPPOSITE[seat]
    assert after[ally]["hand"] == HAND


@pytest.mark.parametrize("ai_seat", ["B", "D"])
@pytest.mark.parametrize("row", ["top", "bottom"])
def test_coop_ai_attacks_the_player_sharing_its_row(ai_seat, row):
    """Co-op: an AI creature in play attacks the fortress of the player sharing its row
    during the AI's own turn (played at once after the previous player ends)."""
    previous = SEATS[(SEATS.index(ai_seat) - 1) % 4]
    st = GAME.load_position(_position("coop", previous, {ai_seat: {row: ["n11"]}}))
    after = play(st, "end")["players"]
    target = FACING[(ai_seat, row)]
    ally = OPPOSITE[target]
    assert health(after[target]) == 3  # 4 - 1
    assert health(after[ally]) == 4


def test_coop_ais_never_share_a_row():
    """The two AIs sit opposite: an AI creature never meets the other AI."""
    for (s, _row), t in FACING.items():
        if s in "BD":
            assert t in "AC"


# --- clash.multi.first_turn_mana, turn order -----------------------------------------
@pytest.mark.parametrize("mode", ["ffa", "2v2"])
@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_first_turn_mana_6_7_8_then_hand(mode, first):
    st = GAME.new_game(
        {"mode": mode, "decks": ["ember", "shadow", "storm", "tide"], "first": first}, 5
    )
    seen = []
    for _ in range(5):
        doc = GAME.export_position(st)
        hand = doc["players"][doc["active"]]["hand"]
        seen.append((doc["active"], doc["mana"], len(hand)))
        play(st, "end")
    order = [SEATS[(first + k) % 4] for k in range(5)]
    assert [s for s, _, _ in seen] == order  # clockwise from the first player
    assert [m for _, m, _ in seen[:3]] == [6, 7, 8]
    assert seen[3][1] == seen[3][2] == 9  # the fourth player: mana = cards in hand
    assert seen[4][1] == 9  # the first player's second turn: the whole hand


def test_turn_order_is_clockwise_from_the_first_player():
    st = GAME.new_game({"mode": "ffa", "first": 2}, 1)
    actives = []
    for _ in range(8):
        actives.append(GAME.export_position(st)["active"])
        play(st, "end")
    assert actives == list("CDABCDAB")


def test_coop_players_first_turns_follow_the_four_seat_mana():
    """Co-op turn order A, B (AI), C, D (AI): A is first (6), C third (8)."""
    st = GAME.new_game({"mode": "coop", "format": "draft", "sets": ["archipelago", "rift"]}, 2)
    while GAME.export_position(st)["phase"] == "draft":
        GAME.apply(st, GAME.legal_actions(st)[0])
    doc = GAME.export_position(st)
    assert doc["first"] == "A" and doc["active"] == "A" and doc["mana"] == 6
    doc = play(st, "end")
    assert doc["phase"] == "summon"
    assert doc["active"] == "C"
    assert doc["turns_taken"]["B"] == 1
    assert doc["mana"] == 8


# --- clash.multi.draft, clash.multi.draft.rotation ------------------------------------
ORDERS = ["ABCDDCBA", "BCDAADCB", "CDABBADC", "DABCCBAD"]  # the rulebook's four rounds


@pytest.mark.parametrize("mode", ["ffa", "2v2"])
@pytest.mark.parametrize("seed", [0, 9])
def test_four_player_draft_pick_orders(mode, seed):
    st = GAME.new_game({"mode": mode, "format": "draft"}, seed, log=True)
    doc = GAME.export_position(st)
    assert len(doc["draft"]["revealed"]) == 8
    offered = []
    while GAME.export_position(st)["phase"] == "draft":
        options = GAME.legal_actions(st)
        offered.append(len(options))
        GAME.apply(st, options[0])
    picks = "".join(SEATS[e.seat] for e in st.log if e.kind == "pick")
    assert picks == "".join(ORDERS)
    # per round: 8, 7, 6, 5 (D's first), 4 (D's second), 3, 2 offered; the last is forced
    assert offered == [8, 7, 6, 5, 4, 3, 2] * 4
    doc = GAME.export_position(st)
    cards = []
    for s in SEATS:
        hand = doc["players"][s]["hand"]
        assert hand[0] == "@bastion" and len(hand) == 9
        cards += [card_of(c) for c in hand[1:]]
    assert sorted(cards) == sorted(DB.card_set("archipelago").cards)


# --- clash.coop.draft, clash.coop.ai_decks ------------------------------------------
@pytest.mark.parametrize("seed", [0, 4])
def test_coop_draft_two_players_pick_alternately_ais_get_six(seed):
    st = GAME.new_game(
        {"mode": "coop", "format": "draft", "sets": ["archipelago", "rift"]}, seed, log=True
    )
    rounds = 0
    while GAME.export_position(st)["phase"] == "draft":
        doc = GAME.export_position(st)
        assert len(doc["draft"]["revealed"]) == 8
        assert len(doc["draft"].get("ai_pool", [])) == 6 * rounds
        assert doc["active"] == ("A" if rounds % 2 == 0 else "C")
        GAME.apply(st, GAME.legal_actions(st)[0])
        doc = GAME.export_position(st)
        assert len(doc["draft"]["revealed"]) == 7
        assert doc["active"] == ("C" if rounds % 2 == 0 else "A")
        assert len(GAME.legal_actions(st)) == 7
        GAME.apply(st, GAME.legal_actions(st)[0])
        rounds += 1
    assert rounds == 8
    picks = "".join(SEATS[e.seat] for e in st.log if e.kind == "pick")
    assert picks == "ACCA" * 4
    doc = GAME.export_position(st)
    everything = []
    for s in "AC":
        hand = doc["players"][s]["hand"]
        assert hand[0] == "@bastion" and len(hand) == 9
        everything += [card_of(c) for c in hand[1:]]
    for s in "BD":
        p = doc["players"][s]
        assert len(p["deck"]) == 24 and p["fortress"] == "bastion" and p["discard"] == []
        everything += p["deck"]
    pool = list(DB.card_set("archipelago").cards) + list(DB.card_set("rift").cards)
    assert len(pool) == 64
    assert sorted(everything) == sorted(pool)


def test_coop_ai_cards_are_shuffled_before_the_split():
    """The 48 AI cards are shuffled, then split: B's deck is not simply the first 24 left over."""
    splits = set()
    for seed in range(6):
        st = GAME.new_game(
            {"mode": "coop", "format": "draft", "sets": ["archipelago", "rift"]}, seed
        )
        while GAME.export_position(st)["phase"] == "draft":
            GAME.apply(st, GAME.legal_actions(st)[0])
        doc = GAME.export_position(st)
        splits.add(tuple(sorted(doc["players"]["B"]["deck"])))
    assert len(splits) > 1


# --- clash.multi.end, clash.multi.ffa, clash.multi.teams ------------------------------
def _end_position(mode, active, rows, hands):
    pos = _position(mode, active, rows)
    for s, h in hands.items():
        pos["players"][s]["hand"] = h
    return pos


@pytest.mark.parametrize(
    "attacker,row", [("A", "top"), ("C", "bottom"), ("D", "top"), ("B", "bottom")]
)
def test_ffa_the_destroyer_wins(attacker, row):
    victim = FACING[(attacker, row)]
    hands = {victim: ["@fort", "n11", "n11"]}
    st = GAME.load_position(_end_position("ffa", attacker, {attacker: {row: ["n22"]}}, hands))
    doc = play(st, "end")
    assert doc["phase"] == "over"
    assert doc["winners"] == [attacker]


def test_ffa_self_destroyed_fort_the_healthiest_opponent_wins():
    """clash.multi.ffa.self_loss: B plays its last card and leaves its fort rightmost: nobody destroyed it, the
    opponent with most health (C: 6 cards right of the bastion) wins."""
    hands = {
        "A": ["@bastion", "n11", "n11", "n11"],
        "B": ["@fort", "n11"],
        "C": ["@bastion", "n11", "n11", "n11", "n11", "n11", "n11"],
        "D": ["@bastion", "n11", "n11"],
    }
    pos = _end_position("ffa", "B", {}, hands)
    pos["mana"] = 1
    st = GAME.load_position(pos)
    doc = play(st, "play n11/B", "row top")
    assert doc["phase"] == "over"
    assert doc["winners"] == ["C"]


@pytest.mark.parametrize(
    "attacker,row,winners",
    [
        ("A", "top", ["A", "C"]),  # A destroys B
        ("C", "bottom", ["A", "C"]),  # C destroys B
        ("D", "top", ["B", "D"]),  # D destroys A
        ("B", "top", ["B", "D"]),  # B destroys C
    ],
)
def test_2v2_any_fort_lost_the_other_team_wins(attacker, row, winners):
    victim = FACING[(attacker, row)]
    hands = {victim: ["@fort", "n11", "n11"]}
    st = GAME.load_position(_end_position("2v2", attacker, {attacker: {row: ["n22"]}}, hands))
    doc = play(st, "end")
    assert doc["phase"] == "over"
    assert sorted(doc["winners"]) == winners


def test_2v2_partners_sit_opposite_and_cannot_hit_each_other():
    """A's creatures never reach C (its partner) in 2v2."""
    st = GAME.load_position(_position("2v2", "A", {"A": {"top": ["n22"], "bottom": ["n22"]}}))
    after = play(st, "end")["players"]
    assert after["C"]["hand"] == HAND
    assert health(after["B"]) == 2 and health(after["D"]) == 2


@pytest.mark.parametrize("seat,row", [("A", "top"), ("A", "bottom"), ("C", "top"), ("C", "bottom")])
def test_coop_any_ai_beaten_the_players_win(seat, row):
    """clash.coop.end: milling one AI's last cards under its fort wins for both players."""
    target = FACING[(seat, row)]
    pos = _position("coop", seat, {seat: {row: ["n22"]}})
    pos["players"][target].update(
        {"deck": ["wall", "wall"], "fortress": "fort", "discard": ["wall"]}
    )
    st = GAME.load_position(pos)
    doc = play(st, "end")
    assert doc["phase"] == "over"
    assert sorted(doc["winners"]) == ["A", "C"]


@pytest.mark.parametrize(
    "ai_seat,row", [("B", "top"), ("B", "bottom"), ("D", "top"), ("D", "bottom")]
)
def test_coop_any_player_fort_lost_the_ais_win(ai_seat, row):
    """clash.coop.end: one player's fort lost wins for both AIs."""
    victim = FACING[(ai_seat, row)]
    previous = SEATS[(SEATS.index(ai_seat) - 1) % 4]
    pos = _position("coop", previous, {ai_seat: {row: ["n22"]}})
    pos["players"][victim]["hand"] = ["@fort", "n11", "n11"]
    if victim == previous:
        pos["players"][victim]["hand"] = ["@fort", "n11", "n11"]
    st = GAME.load_position(pos)
    doc = play(st, "end")
    assert doc["phase"] == "over"
    assert sorted(doc["winners"]) == ["B", "D"]
